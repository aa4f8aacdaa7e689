; Signed 32-bit division by a constant that is not a power of two
; (isel_div64.c, sdivrem32_const): a signed magic multiply, an arithmetic
; shift and the sign bit of the dividend added (Granlund & Montgomery
; section 5), not the absolute value, unsigned magic and sign fix-up.
; RUN: %wavecc %s -S -o - | FileCheck %s
target triple = "amdgcn-amd-amdhsa"

declare i32 @llvm.amdgcn.workitem.id.x()

; x % 40, divergent: 0x66666667 = ceil(2^36 / 40), shift 4; six VALU
; instructions between the load and the store.
; CHECK-LABEL: k_srem40:
; CHECK-DAG: s_mov_b32 [[M:s[0-9]+]], 0x66666667
; CHECK-DAG: global_load_dword [[X:v[0-9]+]]
; CHECK: v_mul_hi_i32 [[T:v[0-9]+]], [[M]], [[X]]
; CHECK-NEXT: v_ashrrev_i32_e32 [[A:v[0-9]+]], 4, [[T]]
; CHECK-NEXT: v_lshrrev_b32_e32 [[S:v[0-9]+]], 31, [[X]]
; CHECK-NEXT: v_add_u32_e32 [[Q:v[0-9]+]], {{.*}}
; CHECK-NEXT: v_mul_lo_u32 [[P:v[0-9]+]], {{.*}}40
; CHECK-NEXT: v_sub_u32_e32 {{v[0-9]+}}, [[X]], [[P]]
; CHECK-NOT: v_xor_b32
; CHECK: s_endpgm
define amdgpu_kernel void @k_srem40(ptr addrspace(1) %p) {
  %id = call i32 @llvm.amdgcn.workitem.id.x()
  %g = getelementptr i32, ptr addrspace(1) %p, i32 %id
  %x = load i32, ptr addrspace(1) %g
  %r = srem i32 %x, 40
  store i32 %r, ptr addrspace(1) %g
  ret void
}

; x / -7: the multiplier 0x92492493 needs 33 bits as a signed number, so
; the dividend is added to the high product; the quotient is negated by
; subtracting from the dividend's sign (n >> 31) instead of adding n >>> 31.
; CHECK-LABEL: k_sdiv_m7:
; CHECK: v_mul_hi_i32
; CHECK-NEXT: v_add_u32
; CHECK-NEXT: v_ashrrev_i32_e32 {{v[0-9]+}}, 2,
; CHECK-NEXT: v_ashrrev_i32_e32 {{v[0-9]+}}, 31,
; CHECK-NEXT: v_sub_u32_e32
; CHECK-NEXT: global_store_dword
; CHECK-NOT: v_xor_b32
; CHECK: s_endpgm
define amdgpu_kernel void @k_sdiv_m7(ptr addrspace(1) %p) {
  %id = call i32 @llvm.amdgcn.workitem.id.x()
  %g = getelementptr i32, ptr addrspace(1) %p, i32 %id
  %x = load i32, ptr addrspace(1) %g
  %r = sdiv i32 %x, -7
  store i32 %r, ptr addrspace(1) %g
  ret void
}

; Uniform: the same in SALU.
; CHECK-LABEL: k_sdiv3_uniform:
; CHECK: s_mul_hi_i32
; CHECK: s_lshr_b32 {{s[0-9]+}}, {{s[0-9]+}}, 31
; CHECK: s_add_u32
; CHECK-NOT: s_xor_b32
; CHECK: s_endpgm
define amdgpu_kernel void @k_sdiv3_uniform(ptr addrspace(1) %p, i32 %x) {
  %r = sdiv i32 %x, 3
  store i32 %r, ptr addrspace(1) %p
  ret void
}
