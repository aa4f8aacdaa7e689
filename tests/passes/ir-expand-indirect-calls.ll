; IR pass test: expand-indirect-calls alone. An indirect call becomes a
; loop: the first active lane's pointer (two readfirstlane halves) is
; called by every lane holding the same pointer; those lanes leave, the
; rest go round again. The result reaches later uses through a phi.
; RUN: %wavecc-opt -ir-pass=expand-indirect-calls %s | FileCheck %s
target triple = "amdgcn-amd-amdhsa"

define i32 @g(ptr %fp, i32 %x) {
  %r = call i32 %fp(i32 %x)
  %s = add i32 %r, 1
  ret i32 %s
}

; CHECK-LABEL: define i32 @g(
; CHECK: br label %[[WF:icall.wf]]
; CHECK: [[WF]]:
; CHECK: %[[FI:[0-9]+]] = ptrtoint ptr %fp to i64
; CHECK: call i32 @llvm.amdgcn.readfirstlane.i32(
; CHECK: call i32 @llvm.amdgcn.readfirstlane.i32(
; CHECK: %[[EQ:[0-9]+]] = icmp eq i64 %[[FI]], %icall.callee
; CHECK: br i1 %[[EQ]], label %[[CALL:icall.call]], label %[[LATCH:icall.latch]]
; CHECK: [[CALL]]:
; CHECK: %[[UP:[0-9]+]] = inttoptr i64 %icall.callee to ptr
; CHECK: %[[R:[0-9]+]] = call i32 %[[UP]](i32 %x)
; CHECK: [[LATCH]]:
; CHECK: %icall.result = phi i32 [ %[[R]], %[[CALL]] ], [ poison, %[[WF]] ]
; CHECK: %icall.done = phi i1 [ true, %[[CALL]] ], [ false, %[[WF]] ]
; CHECK: br i1 %icall.done, label %icall.rest, label %[[WF]]
; CHECK: icall.rest:
; CHECK: add i32 %icall.result, 1
