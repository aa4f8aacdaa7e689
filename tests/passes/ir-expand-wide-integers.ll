; IR pass test: expand-wide-integers alone. An i128 add becomes an i64
; add of the low halves, the carry from an unsigned compare of the low
; sum, and the high halves' add plus the carry; the i128 load and store
; are two 8-byte accesses each. A function that divides i128 values is
; left unchanged (selection then reports the udiv).
; RUN: %wavecc-opt -ir-pass=expand-wide-integers %s | FileCheck %s
; CHECK-LABEL: define amdgpu_kernel void @add(
; CHECK-NOT: i128
; CHECK: load i64, ptr addrspace(1) %p, align 16
; CHECK: load i64, ptr addrspace(1) %{{[0-9]+}}, align 8
; CHECK: %[[LO:[0-9]+]] = add i64
; CHECK: icmp ult i64 %[[LO]],
; CHECK: zext i1
; CHECK: store i64 %[[LO]], ptr addrspace(1) %q, align 16
; CHECK-NOT: i128
; CHECK: ret void
; CHECK-LABEL: define amdgpu_kernel void @div(
; CHECK: udiv i128
target datalayout = "e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32-p7:160:256:256:32-p8:128:128-p9:192:256:256:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1-ni:7:8:9"
target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @add(ptr addrspace(1) %p, ptr addrspace(1) %q) {
  %a = load i128, ptr addrspace(1) %p, align 16
  %pb = getelementptr i128, ptr addrspace(1) %p, i32 1
  %b = load i128, ptr addrspace(1) %pb, align 16
  %s = add i128 %a, %b
  store i128 %s, ptr addrspace(1) %q, align 16
  ret void
}

define amdgpu_kernel void @div(ptr addrspace(1) %p, i128 %d) {
  %a = load i128, ptr addrspace(1) %p, align 16
  %s = udiv i128 %a, %d
  store i128 %s, ptr addrspace(1) %p, align 16
  ret void
}
