; loop-exit-copies (src/llvm/loop_exit_copies.cpp, after lcssa): a value of
; the loop used after it gets a copy (freeze) at the end of each exiting
; block, and the exit's LCSSA phi takes the copy; divergence analysis then
; makes only the copy divergent (temporal divergence), the counter stays
; uniform. Also for exits to two different blocks (per-target lane
; accumulators in isel_struct_loop.c): left alone until the wrong code the
; copies exposed there was found and fixed in wavecc (divergence.c,
; isel.c's uniform phis at divergent merges; isel-uniform-phi-merge.ll).
; RUN: %wavecc-opt -llvm-passes='function(lcssa,loop-exit-copies)' %s | FileCheck %s
target triple = "amdgcn-amd-amdhsa"

; CHECK-LABEL: define amdgpu_kernel void @one_target(
; CHECK: loop:
; CHECK: %i.exit = freeze i32 %i
; CHECK-NEXT: br i1 %hit, label %done, label %latch
; CHECK: done:
; CHECK: phi i32 {{.*}}[ %i.exit, %loop ]
define amdgpu_kernel void @one_target(ptr addrspace(1) %t, i32 %key, i32 %n, ptr addrspace(1) %out) {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %latch ]
  %p = getelementptr i32, ptr addrspace(1) %t, i32 %i
  %v = load i32, ptr addrspace(1) %p
  %hit = icmp eq i32 %v, %key
  br i1 %hit, label %done, label %latch
latch:
  %i.next = add i32 %i, 1
  %more = icmp slt i32 %i.next, %n
  br i1 %more, label %loop, label %done
done:
  %r = phi i32 [ %i, %loop ], [ -1, %latch ]
  store i32 %r, ptr addrspace(1) %out
  ret void
}

; CHECK-LABEL: define amdgpu_kernel void @two_targets(
; CHECK: %i.exit = freeze i32 %i
; CHECK-NEXT: br i1 %hit, label %found, label %latch
; CHECK: %i.next.exit = freeze i32 %i.next
; CHECK-NEXT: br i1 %more, label %loop, label %missing
; CHECK: found:
; CHECK-NEXT: phi i32 [ %i.exit, %loop ]
; CHECK: missing:
; CHECK-NEXT: phi i32 [ %i.next.exit, %latch ]
define amdgpu_kernel void @two_targets(ptr addrspace(1) %t, i32 %key, i32 %n, ptr addrspace(1) %out) {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %latch ]
  %p = getelementptr i32, ptr addrspace(1) %t, i32 %i
  %v = load i32, ptr addrspace(1) %p
  %hit = icmp eq i32 %v, %key
  br i1 %hit, label %found, label %latch
latch:
  %i.next = add i32 %i, 1
  %more = icmp slt i32 %i.next, %n
  br i1 %more, label %loop, label %missing
found:
  store i32 %i, ptr addrspace(1) %out
  ret void
missing:
  store i32 %i.next, ptr addrspace(1) %out
  ret void
}
