; Division of operands bounded below 2^21 (isel_div64.c udivrem_f32): one
; v_rcp_f32, a truncated estimate, an FMA residual and one correction
; (v_cmp_ge_f32 + v_addc_co_u32), no integer Newton step; the remainder
; adds v_mul_u32_u24 and a subtraction. Uniform divisions too (9 VALU
; against the ~21-instruction SALU sequence; a stored result needs no
; v_readfirstlane_b32 since fold-copies);
; wider operands the full one.
; RUN: %wavecc %s -S -o - | FileCheck %s
target triple = "amdgcn-amd-amdhsa"

declare i32 @llvm.amdgcn.workitem.id.x()

; CHECK-LABEL: k_udiv:
; CHECK-NOT: v_rcp_iflag_f32
; CHECK-NOT: v_mul_hi_u32
; CHECK: v_rcp_f32
; CHECK: v_mul_f32
; CHECK: v_trunc_f32
; CHECK: v_fma_f32 v{{[0-9]+}}, -v{{[0-9]+}},
; CHECK: v_cmp_ge_f32
; CHECK: v_addc_co_u32
; CHECK-NOT: v_mul_hi_u32
; CHECK: s_endpgm
define amdgpu_kernel void @k_udiv(ptr addrspace(1) %p, ptr addrspace(1) %q) {
  %id = call i32 @llvm.amdgcn.workitem.id.x()
  %ga = getelementptr i32, ptr addrspace(1) %p, i32 %id
  %gb = getelementptr i32, ptr addrspace(1) %q, i32 %id
  %a = load i32, ptr addrspace(1) %ga
  %b = load i32, ptr addrspace(1) %gb
  %x = lshr i32 %a, 11
  %y = lshr i32 %b, 11
  %d = udiv i32 %x, %y
  store i32 %d, ptr addrspace(1) %ga
  ret void
}

; ushort remainder: bounded by its type.
; CHECK-LABEL: k_urem16:
; CHECK-NOT: v_rcp_iflag_f32
; CHECK: v_rcp_f32
; CHECK: v_mul_u32_u24
; CHECK: v_sub
; CHECK: s_endpgm
define amdgpu_kernel void @k_urem16(ptr addrspace(1) %p, ptr addrspace(1) %q) {
  %id = call i32 @llvm.amdgcn.workitem.id.x()
  %ga = getelementptr i16, ptr addrspace(1) %p, i32 %id
  %gb = getelementptr i16, ptr addrspace(1) %q, i32 %id
  %a = load i16, ptr addrspace(1) %ga
  %b = load i16, ptr addrspace(1) %gb
  %r = urem i16 %a, %b
  store i16 %r, ptr addrspace(1) %ga
  ret void
}

; 2^21 is too wide: the full sequence.
; CHECK-LABEL: k_wide:
; CHECK: v_rcp_iflag_f32
; CHECK: v_mul_hi_u32
; CHECK: s_endpgm
define amdgpu_kernel void @k_wide(ptr addrspace(1) %p, ptr addrspace(1) %q) {
  %id = call i32 @llvm.amdgcn.workitem.id.x()
  %ga = getelementptr i32, ptr addrspace(1) %p, i32 %id
  %gb = getelementptr i32, ptr addrspace(1) %q, i32 %id
  %a = load i32, ptr addrspace(1) %ga
  %b = load i32, ptr addrspace(1) %gb
  %x = lshr i32 %a, 10
  %y = lshr i32 %b, 11
  %d = udiv i32 %x, %y
  store i32 %d, ptr addrspace(1) %ga
  ret void
}

; Uniform: the f32 path too (no SALU integer steps), its result stored
; from its VGPR: no v_readfirstlane_b32 and v_mov_b32 back (fold-copies).
; CHECK-LABEL: k_uniform:
; CHECK: v_rcp_f32
; CHECK: v_trunc_f32
; CHECK-NOT: v_readfirstlane_b32
; CHECK-NOT: s_mul_hi_u32
; CHECK: s_endpgm
define amdgpu_kernel void @k_uniform(ptr addrspace(1) %p, i32 %a, i32 %b) {
  %x = lshr i32 %a, 11
  %y = lshr i32 %b, 11
  %d = udiv i32 %x, %y
  store i32 %d, ptr addrspace(1) %p
  ret void
}
