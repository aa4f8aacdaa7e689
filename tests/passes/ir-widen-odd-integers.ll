; IR pass test: widen-odd-integers alone. An i48 (SROA's view of a
; <3 x half>) is held zero-extended in an i64: the bitcast packs the
; elements, lshr/trunc work on the i64, add is masked back to 48 bits,
; signed compares and sext sign-extend inside the i64 (shl/ashr by 16).
; RUN: %wavecc-opt -ir-pass=widen-odd-integers %s | FileCheck %s
; CHECK-LABEL: define i32 @f(
; CHECK-NOT: i48
; CHECK: shl i64 %{{[0-9]+}}, 32
; CHECK: %[[SH:[0-9]+]] = lshr i64 %{{[0-9]+}}, 16
; CHECK: trunc i64 %[[SH]] to i32
; CHECK: %[[X:[0-9]+]] = and i64 %x, 281474976710655
; CHECK: %[[Y:[0-9]+]] = and i64 %y, 281474976710655
; CHECK: %[[S:[0-9]+]] = add i64 %[[X]], %[[Y]]
; CHECK: %[[M:[0-9]+]] = and i64 %[[S]], 281474976710655
; CHECK: shl i64 %[[M]], 16
; CHECK: ashr i64 %{{[0-9]+}}, 16
; CHECK: icmp slt i64
; CHECK-NOT: i48
; CHECK: ret i32
target triple = "amdgcn-amd-amdhsa"

define i32 @f(<3 x half> %v, i64 %x, i64 %y) {
  %b = bitcast <3 x half> %v to i48
  %s = lshr i48 %b, 16
  %t = trunc i48 %s to i32
  %a = trunc i64 %x to i48
  %c = trunc i64 %y to i48
  %sum = add i48 %a, %c
  %lt = icmp slt i48 %sum, %a
  %e = sext i48 %sum to i64
  %h = trunc i64 %e to i32
  %r = select i1 %lt, i32 %t, i32 %h
  ret i32 %r
}
