; A loop with two uniform exit targets (the header to %join, the latch to
; %tgt) whose join %join also ends the region of the ifs around it (the
; loop's guard): the exits stay scalar branches (isel_struct_loop.c, uni),
; the header's exit to %join gets a block of its own for %join's phi copy
; (-2), which the caller then branches on from. Before, every exit was
; lane-masked and %i1 and %w of the latch, read in %tgt's region after a
; landing block that the header's exit reaches too, were not defined on
; the linear CFG ("does not dominate this use"). The kernel runs in
; tests/kernels/f_loop_uniform_exits.ll (k_stop).
; RUN: %wavecc -mcpu=gfx1030 -O2 %s -S -o /dev/null --print-after=isel 2> %t.mir
; RUN: %wavecc-opt -verify -pass=dce %t.mir | FileCheck %s
; RUN: %wavecc -mcpu=gfx900 -O0 %s -S -o /dev/null --print-after=isel 2> %t0.mir
; RUN: %wavecc-opt -verify -pass=dce %t0.mir | FileCheck %s
; The corpus kernel (k_stop1: the same with one exit target, where the
; join ending the region also made the exits lane masks) on the emulator
; at -O0, where k_stop1 keeps that shape:
; RUN: %wavecc-run --compiler=wavecc -Xwavecc -O0 --mcpu=gfx1030 %S/../kernels/f_loop_uniform_exits.ll | FileCheck %s --check-prefix=EMU
; RUN: %wavecc-run --compiler=wavecc -Xwavecc -O0 --mcpu=gfx1100 --mattr=+wavefrontsize64 %S/../kernels/f_loop_uniform_exits.ll | FileCheck %s --check-prefix=EMU
; EMU: 9 passed, 0 failed
; CHECK-LABEL: kernel k_stop
; CHECK-NOT: p_linear_phi
; CHECK: p_cbranch_scc
; CHECK: p_cbranch_scc
; CHECK: = v_mov_b32 -2
; CHECK-NEXT: p_branch [[JP:BB[0-9]+]]
; CHECK: p_cbranch_scc
; CHECK: [[JP]]: logical_preds:
; CHECK: global_store_dword
target triple = "amdgcn-amd-amdhsa"

declare i32 @llvm.amdgcn.workitem.id.x()

define amdgpu_kernel void @k_stop(ptr addrspace(1) %out, ptr addrspace(1) %in, i32 %n, i32 %m) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr i32, ptr addrspace(1) %in, i32 %tid
  %v = load i32, ptr addrspace(1) %p
  %v7 = and i32 %v, 7
  %q = getelementptr i32, ptr addrspace(1) %out, i32 %tid
  %odd = and i32 %v, 1
  %dv = icmp eq i32 %odd, 0
  br i1 %dv, label %g, label %join
g:
  %cg = icmp sgt i32 %n, 1
  br i1 %cg, label %h, label %join
h:
  %i = phi i32 [0, %g], [%i1, %latch]
  %s = phi i32 [5, %g], [%s1, %latch]
  %c1 = icmp ult i32 %i, %n
  br i1 %c1, label %latch, label %join
latch:
  %i1 = add i32 %i, 1
  %s1 = mul i32 %s, 5
  %w = xor i32 %s1, %i1
  %c2 = icmp eq i32 %i1, %m
  br i1 %c2, label %tgt, label %h
tgt:
  br label %l2
l2:
  %j = phi i32 [0, %tgt], [%j1, %l2]
  %j1 = add i32 %j, 1
  %c3 = icmp ult i32 %j1, %v7
  br i1 %c3, label %l2, label %st
st:
  %i1k = mul i32 %i1, 1000
  %r0 = add i32 %i1k, %w
  %r1 = add i32 %r0, %j1
  br label %join
join:
  %r = phi i32 [%r1, %st], [-2, %h], [-3, %g], [-4, %entry]
  store i32 %r, ptr addrspace(1) %q
  ret void
}
