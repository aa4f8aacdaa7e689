; A loop whose divergent exit condition is itself a lane-mask phi at the
; latch (the join of an if/else in the body, as expand-indirect-calls'
; loop over callees has): the mask must be compared back from its VGPR
; before the s_andn2_b64 that takes the leaving lanes out of EXEC. It was
; placed after it (a use before the definition), the loop never lost a
; lane and f_call_fnptr.ll's divergent test ran until the watchdog.
; RUN: %wavecc %s -O0 -S -o - | FileCheck %s
target triple = "amdgcn-amd-amdhsa"

declare i32 @llvm.amdgcn.workitem.id.x()

; CHECK-LABEL: k:
; CHECK: s_and_saveexec_b64
; CHECK: s_or_b64 exec, exec, [[SAVED:s\[[0-9]+:[0-9]+\]]]
; CHECK-NEXT: v_cmp_ne_u32_e64 [[DONE:s\[[0-9]+:[0-9]+\]]], 0, v{{[0-9]+}}
; CHECK-NEXT: s_andn2_b64 exec, exec, [[DONE]]
; CHECK-NEXT: s_cbranch_execnz
define amdgpu_kernel void @k(ptr addrspace(1) %out) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %latch ]
  %sum = phi i32 [ 0, %entry ], [ %sum.next, %latch ]
  %c = icmp eq i32 %i, %tid
  br i1 %c, label %hit, label %miss

hit:
  %h = add i32 %sum, 7
  %i.h = add i32 %i, 1
  br label %latch

miss:
  %m = add i32 %sum, 1
  %i.m = add i32 %i, 1
  br label %latch

latch:
  %done = phi i1 [ true, %hit ], [ false, %miss ]
  %sum.next = phi i32 [ %h, %hit ], [ %m, %miss ]
  %i.next = phi i32 [ %i.h, %hit ], [ %i.m, %miss ]
  br i1 %done, label %exit, label %loop

exit:
  %p = getelementptr i32, ptr addrspace(1) %out, i32 %tid
  store i32 %sum.next, ptr addrspace(1) %p
  ret void
}
