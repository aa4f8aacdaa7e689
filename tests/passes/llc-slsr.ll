; slsr (straight-line strength reduction, llc-19's pre-selection pass run by
; wavecc): (b + 1) * s after b * s becomes b * s + s, one multiply fewer.
; RUN: %wavecc-opt -llvm-passes='function(slsr)' %s | FileCheck %s
target triple = "amdgcn-amd-amdhsa"

; CHECK-LABEL: define amdgpu_kernel void @k(
; CHECK: %mul0 = mul i32 %b, %s
; CHECK-NOT: mul i32
; CHECK: %mul1 = add i32 %mul0, %s
; CHECK-NOT: mul i32
; CHECK: %mul2 = add i32 %mul1, %s
define amdgpu_kernel void @k(ptr addrspace(1) %p, i32 %b, i32 %s) {
  %mul0 = mul i32 %b, %s
  store volatile i32 %mul0, ptr addrspace(1) %p
  %b1 = add i32 %b, 1
  %mul1 = mul i32 %b1, %s
  store volatile i32 %mul1, ptr addrspace(1) %p
  %b2 = add i32 %b, 2
  %mul2 = mul i32 %b2, %s
  store volatile i32 %mul2, ptr addrspace(1) %p
  ret void
}
