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
target datalayout = "e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32-p7:160:256:256:32-p8:128:128-p9:192:256:256:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1-ni:7:8:9"
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

; Loads and stores: an i24 as an i16 and an i8 (store size 3 bytes), the
; byte at offset 2 aligned 2; the load masked to 24 bits; an odd-width
; kernel argument zero-extended at entry.
; CHECK-LABEL: define amdgpu_kernel void @mem(
; CHECK: %[[A:[0-9]+]] = zext i24 %a to i32
; CHECK: %[[L0:[0-9]+]] = load i16, ptr addrspace(1) %p, align 4
; CHECK: %[[P2:[0-9]+]] = getelementptr i8, ptr addrspace(1) %p, i32 2
; CHECK: load i8, ptr addrspace(1) %[[P2]], align 2
; CHECK: and i32 %{{[0-9]+}}, 16777215
; CHECK: store i16 %{{[0-9]+}}, ptr addrspace(1) %p, align 4
; CHECK: store i8 %{{[0-9]+}}, ptr addrspace(1) %{{[0-9]+}}, align 2
; CHECK-NOT: i24 %
; CHECK: ret void
define amdgpu_kernel void @mem(ptr addrspace(1) %p, i24 %a) {
  %x = load i24, ptr addrspace(1) %p, align 4
  %s = add i24 %x, %a
  store i24 %s, ptr addrspace(1) %p, align 4
  ret void
}
