; An inner loop's uniform exit that leaves the outer loop too (%il to
; %tgt) keeps the outer loop's exits lane-masked (its lanes leave as an
; exit of the outer loop, isel_struct_loop.c escape), and %w of %il is
; read in %tgt's region, which runs after a landing block that the other
; exits reach without defining %w: an SGPR not defined along the linear
; CFG ("definition of %N does not dominate this use" after isel). Such a
; loop is now refused by the structured lowering (sgpr_live_out), and
; the kernel takes the masked selector (isel_cf.c). The kernel runs in
; tests/kernels/f_loop_uniform_exits.ll (k_nest).
; RUN: %wavecc -mcpu=gfx1030 -O2 %s -S -o /dev/null --print-after=isel 2> %t.mir
; RUN: %wavecc-opt -verify -pass=dce %t.mir | FileCheck %s
; RUN: %wavecc -mcpu=gfx1030 -O2 %s -S -o /dev/null --stats 2>&1 | FileCheck %s --check-prefix=STATS
; CHECK-LABEL: kernel k_nest
; CHECK: global_store_dword
; STATS: k_nest: {{.*}}divergent control flow masked (isel_struct_loop.c:{{[0-9]+}})
target triple = "amdgcn-amd-amdhsa"

declare i32 @llvm.amdgcn.workitem.id.x()

define amdgpu_kernel void @k_nest(ptr addrspace(1) %out, ptr addrspace(1) %in, i32 %n, i32 %m, i32 %kk) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr i32, ptr addrspace(1) %in, i32 %tid
  %v = load i32, ptr addrspace(1) %p
  %v7 = and i32 %v, 7
  %q = getelementptr i32, ptr addrspace(1) %out, i32 %tid
  store i32 -1, ptr addrspace(1) %q
  br label %oh
oh:
  %o = phi i32 [1, %entry], [%o1, %ox]
  br label %ih
ih:
  %i = phi i32 [0, %oh], [%i1, %il]
  %c1 = icmp ult i32 %i, %n
  br i1 %c1, label %il, label %ox
il:
  %i1 = add i32 %i, 1
  %w0 = mul i32 %i1, 7
  %w = xor i32 %w0, %o
  %c2 = icmp eq i32 %w, %m
  br i1 %c2, label %tgt, label %ih
ox:
  %o1 = add i32 %o, 1
  %c3 = icmp ult i32 %o1, %kk
  br i1 %c3, label %oh, label %exit
tgt:
  br label %l2
l2:
  %j = phi i32 [0, %tgt], [%j1, %l2]
  %j1 = add i32 %j, 1
  %c4 = icmp ult i32 %j1, %v7
  br i1 %c4, label %l2, label %st
st:
  %r0 = mul i32 %w, 1000
  %r1 = add i32 %r0, %j1
  store i32 %r1, ptr addrspace(1) %q
  br label %exit
exit:
  ret void
}
