; A loop whose exits are all uniform but go to two different targets (the
; header to %exit, the latch to %tgt) was lowered as a "dispatch" loop
; (isel_struct_loop.c): every exit lane-masked, the targets run after a
; landing block that every exit reaches. %i1 and %s1, uniform values of
; the latch read in %tgt's region, stay in SGPRs, and SGPRs are live
; along the linear CFG, where the header's exit reaches %tgt's region
; without passing their definitions: the verifier (Debug builds, after
; isel) reported "definition of %N (BB3) does not dominate this use"
; (fuzzing at gfx1030, llvm-stress seed 59805; this kernel is the
; hand-made shape of it). Uniform exits now stay scalar branches straight
; to their targets: no EXEC save, no landing block.
; RUN: %wavecc -mcpu=gfx1030 -O2 %s -S -o /dev/null --print-after=isel 2> %t.mir
; RUN: %wavecc-opt -verify -pass=dce %t.mir | FileCheck %s
; RUN: %wavecc -mcpu=gfx900 -O2 %s -S -o /dev/null --print-after=isel 2> %t9.mir
; RUN: %wavecc-opt -verify -pass=dce %t9.mir | FileCheck %s
; CHECK-LABEL: kernel k
; CHECK-NOT: p_linear_phi
; CHECK-NOT: exec{{(_lo)?}} = s_andn2
; CHECK: p_cbranch_scc
; CHECK: p_cbranch_scc
; CHECK: global_store_dword
target triple = "amdgcn-amd-amdhsa"

declare i32 @llvm.amdgcn.workitem.id.x()

define amdgpu_kernel void @k(ptr addrspace(1) %out, ptr addrspace(1) %in, i32 %n, i32 %m) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr i32, ptr addrspace(1) %in, i32 %tid
  %v = load i32, ptr addrspace(1) %p
  %v7 = and i32 %v, 7
  br label %h
h:
  %i = phi i32 [0, %entry], [%i1, %latch]
  %s = phi i32 [7, %entry], [%s1, %latch]
  %c1 = icmp ult i32 %i, %n
  br i1 %c1, label %latch, label %exit
latch:
  %i1 = add i32 %i, 1
  %s1 = mul i32 %s, 3
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
  %r0 = add i32 %i1k, %s1
  %r1 = add i32 %r0, %j1
  %q = getelementptr i32, ptr addrspace(1) %out, i32 %tid
  store i32 %r1, ptr addrspace(1) %q
  br label %exit
exit:
  ret void
}
