; load-store-vectorizer (llc-19's pre-selection pass run by wavecc with its
; TargetTransformInfo, src/llvm/tti_model.cpp): four adjacent dword loads
; become one <4 x float> load in global memory and in LDS (ds_read_b128 when
; 16-byte aligned); private memory stays per dword (the swizzled scratch
; element is 4 bytes); a 9-element chain is split at a power of two (wavecc
; rounds a <9 x float> scalar load up to s_load_dwordx16, past the object).
; RUN: %wavecc-opt -llvm-passes='function(load-store-vectorizer)' %s | FileCheck %s
target triple = "amdgcn-amd-amdhsa"

; CHECK-LABEL: define amdgpu_kernel void @global4(
; CHECK: load <4 x float>, ptr addrspace(1) %p, align 16
; CHECK-NOT: load float
define amdgpu_kernel void @global4(ptr addrspace(1) align 16 %p, ptr addrspace(1) %o) {
  %p1 = getelementptr float, ptr addrspace(1) %p, i64 1
  %p2 = getelementptr float, ptr addrspace(1) %p, i64 2
  %p3 = getelementptr float, ptr addrspace(1) %p, i64 3
  %a = load float, ptr addrspace(1) %p, align 16
  %b = load float, ptr addrspace(1) %p1, align 4
  %c = load float, ptr addrspace(1) %p2, align 8
  %d = load float, ptr addrspace(1) %p3, align 4
  %s0 = fadd float %a, %b
  %s1 = fadd float %c, %d
  %s = fadd float %s0, %s1
  store float %s, ptr addrspace(1) %o
  ret void
}

@lds = internal addrspace(3) global [64 x float] undef, align 16

; CHECK-LABEL: define amdgpu_kernel void @lds4(
; CHECK: load <4 x float>, ptr addrspace(3) %b, align 16
define amdgpu_kernel void @lds4(ptr addrspace(1) %o, i32 %i) {
  %i4 = shl i32 %i, 2
  %b = getelementptr inbounds float, ptr addrspace(3) @lds, i32 %i4
  %b1 = getelementptr inbounds float, ptr addrspace(3) %b, i32 1
  %b2 = getelementptr inbounds float, ptr addrspace(3) %b, i32 2
  %b3 = getelementptr inbounds float, ptr addrspace(3) %b, i32 3
  %a = load float, ptr addrspace(3) %b, align 16
  %c = load float, ptr addrspace(3) %b1, align 4
  %d = load float, ptr addrspace(3) %b2, align 8
  %e = load float, ptr addrspace(3) %b3, align 4
  %s0 = fadd float %a, %c
  %s1 = fadd float %d, %e
  %s = fadd float %s0, %s1
  store float %s, ptr addrspace(1) %o
  ret void
}

; CHECK-LABEL: define amdgpu_kernel void @private2(
; CHECK: load i32, ptr addrspace(5)
; CHECK: load i32, ptr addrspace(5)
; CHECK-NOT: load <2 x i32>
define amdgpu_kernel void @private2(ptr addrspace(1) %o, i32 %i) {
  %arr = alloca [8 x i32], align 16, addrspace(5)
  store volatile i32 %i, ptr addrspace(5) %arr
  %p = getelementptr inbounds i32, ptr addrspace(5) %arr, i32 %i
  %p1 = getelementptr inbounds i32, ptr addrspace(5) %p, i32 1
  %a = load i32, ptr addrspace(5) %p, align 8
  %b = load i32, ptr addrspace(5) %p1, align 4
  %s = add i32 %a, %b
  store i32 %s, ptr addrspace(1) %o
  ret void
}

; CHECK-LABEL: define amdgpu_kernel void @const9(
; CHECK: load <8 x float>, ptr addrspace(4) %p
; CHECK-NOT: <9 x float>
define amdgpu_kernel void @const9(ptr addrspace(4) align 4 %p, ptr addrspace(1) %o) {
  %p1 = getelementptr float, ptr addrspace(4) %p, i64 1
  %p2 = getelementptr float, ptr addrspace(4) %p, i64 2
  %p3 = getelementptr float, ptr addrspace(4) %p, i64 3
  %p4 = getelementptr float, ptr addrspace(4) %p, i64 4
  %p5 = getelementptr float, ptr addrspace(4) %p, i64 5
  %p6 = getelementptr float, ptr addrspace(4) %p, i64 6
  %p7 = getelementptr float, ptr addrspace(4) %p, i64 7
  %p8 = getelementptr float, ptr addrspace(4) %p, i64 8
  %v0 = load float, ptr addrspace(4) %p, align 4
  %v1 = load float, ptr addrspace(4) %p1, align 4
  %v2 = load float, ptr addrspace(4) %p2, align 4
  %v3 = load float, ptr addrspace(4) %p3, align 4
  %v4 = load float, ptr addrspace(4) %p4, align 4
  %v5 = load float, ptr addrspace(4) %p5, align 4
  %v6 = load float, ptr addrspace(4) %p6, align 4
  %v7 = load float, ptr addrspace(4) %p7, align 4
  %v8 = load float, ptr addrspace(4) %p8, align 4
  %s1 = fadd float %v0, %v1
  %s2 = fadd float %s1, %v2
  %s3 = fadd float %s2, %v3
  %s4 = fadd float %s3, %v4
  %s5 = fadd float %s4, %v5
  %s6 = fadd float %s5, %v6
  %s7 = fadd float %s6, %v7
  %s8 = fadd float %s7, %v8
  store float %s8, ptr addrspace(1) %o
  ret void
}
