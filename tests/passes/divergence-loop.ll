; Divergence analysis: a loop whose exit depends on the work-item id makes
; values defined in the loop divergent where they are used after it
; (temporal divergence), while a loop with a uniform trip count keeps its
; induction variable uniform. Uniform-address loads from constant memory
; are uniform, loads through generic (flat) pointers divergent.
; RUN: %wavecc --no-llc-ir-passes %s -S -o %t.s --print-after=divergence 2>&1 | FileCheck %s
target triple = "amdgcn-amd-amdhsa"

declare i32 @llvm.amdgcn.workitem.id.x()

; CHECK-LABEL: divergence of k:
; CHECK: uniform: %cv = load i32, ptr addrspace(4) %cp
; CHECK: loop: divergent branch
; CHECK: divergent: %i = phi i32
; CHECK: divergent: %i.next = add i32 %i, 1
; CHECK: uniform: %j = phi i32
; CHECK: uniform: %j.next = add i32 %j, 1
; CHECK: uniform: %done = icmp eq i32 %j.next, %n
; CHECK: divergent: %r = add i32 %i.next, %cv
; CHECK: divergent: %fv = load i32, ptr %fp
define amdgpu_kernel void @k(ptr addrspace(1) %out, ptr addrspace(4) %cp, i32 %n) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %cv = load i32, ptr addrspace(4) %cp
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %i.next = add i32 %i, 1
  %ex = icmp ugt i32 %i.next, %tid
  br i1 %ex, label %mid, label %loop
mid:
  br label %uloop
uloop:
  %j = phi i32 [ 0, %mid ], [ %j.next, %uloop ]
  %j.next = add i32 %j, 1
  %done = icmp eq i32 %j.next, %n
  br i1 %done, label %exit, label %uloop
exit:
  %r = add i32 %i.next, %cv
  %fp = addrspacecast ptr addrspace(1) %out to ptr
  %fv = load i32, ptr %fp
  %s = add i32 %fv, %r
  store i32 %s, ptr addrspace(1) %out
  ret void
}
