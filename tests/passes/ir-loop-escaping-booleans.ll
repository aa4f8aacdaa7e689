; IR pass test: loop-escaping-booleans alone. An i1 defined in a loop and
; read after it (by a phi on an exit edge, or by any other instruction)
; goes through an i32 copy made inside the loop: lane masks lose the bits
; of lanes that left earlier, VGPRs keep them (f_loop_nested_exits.cl).
; Booleans used only inside their loop are left alone.
; RUN: %wavecc-opt -ir-pass=loop-escaping-booleans %s | FileCheck %s

; CHECK-LABEL: loop:
; CHECK: %c = icmp eq i32 %i, %g
; CHECK-NEXT: %[[C32:[0-9]+]] = zext i1 %c to i32
; CHECK-LABEL: latch:
; CHECK: %more = icmp slt i32 %i1, %n
; CHECK-NEXT: %[[M32:[0-9]+]] = zext i1 %more to i32
; CHECK-NEXT: br i1 %more, label %loop, label %exit
; CHECK-LABEL: exit:
; CHECK-NEXT: %[[P:[0-9]+]] = phi i32 [ %[[C32]], %loop ], [ %[[M32]], %latch ]
; CHECK-NEXT: %[[F:[0-9]+]] = icmp ne i32 %[[P]], 0
; CHECK-NEXT: %[[L:[0-9]+]] = icmp ne i32 %[[C32]], 0
; CHECK-NEXT: %later = xor i1 %[[L]], true
; CHECK-NEXT: %z = zext i1 %[[F]] to i32
; CHECK-LABEL: define void @inner_only(
; CHECK-NOT: zext i1
; CHECK: ret void
target triple = "amdgcn-amd-amdhsa"

define void @f(ptr addrspace(1) %out, i32 %n, i32 %g) {
entry:
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i1, %latch ]
  %c = icmp eq i32 %i, %g
  br i1 %c, label %exit, label %latch

latch:
  %i1 = add i32 %i, 1
  %more = icmp slt i32 %i1, %n
  br i1 %more, label %loop, label %exit

exit:
  %flag = phi i1 [ %c, %loop ], [ %more, %latch ]
  %later = xor i1 %c, true
  %z = zext i1 %flag to i32
  %w = zext i1 %later to i32
  %s = add i32 %z, %w
  store i32 %s, ptr addrspace(1) %out
  ret void
}

define void @inner_only(ptr addrspace(1) %out, i32 %n) {
entry:
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i1, %loop ]
  %i1 = add i32 %i, 1
  %more = icmp slt i32 %i1, %n
  br i1 %more, label %loop, label %exit

exit:
  store i32 %i1, ptr addrspace(1) %out
  ret void
}
