; Signed division and remainder of operands of magnitude below 2^21 (i8,
; i16, `ashr x, 11`) select one f32 reciprocal with the quotient's sign
; (isel_div64.c, sdivrem_f32), as llc-19's 24-bit expansion; the uniform
; one too (stored from its VGPR, fold-copies). On main they took the 32-bit
; integer sequence (v_cvt_f32_u32 of |d|, v_mul_hi_u32, two corrections).
; A full-range i32 sdiv keeps that sequence.
; RUN: %wavecc -mcpu=gfx900 -filetype=asm %s -o - | FileCheck %s
target triple = "amdgcn-amd-amdhsa"

; CHECK-LABEL: k_div:
; CHECK: v_cvt_f32_i32
; CHECK: v_rcp_f32
; CHECK: v_trunc_f32
; CHECK: v_fma_f32
; CHECK: v_cvt_i32_f32
; CHECK: v_cmp_ge_f32_e64 {{.*}}, |v{{[0-9]+}}|, |v{{[0-9]+}}|
; CHECK: v_cndmask_b32
; CHECK: v_mul_i32_i24
; CHECK-NOT: v_mul_hi_u32
; CHECK: s_endpgm
define amdgpu_kernel void @k_div(ptr addrspace(1) %out, ptr addrspace(1) %in) {
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr i16, ptr addrspace(1) %in, i32 %t
  %x = load i16, ptr addrspace(1) %p
  %q = getelementptr i16, ptr addrspace(1) %p, i32 64
  %y = load i16, ptr addrspace(1) %q
  %d = sdiv i16 %x, %y
  %r = srem i16 %x, %y
  %de = sext i16 %d to i32
  %re = sext i16 %r to i32
  %s = add i32 %de, %re
  %o = getelementptr i32, ptr addrspace(1) %out, i32 %t
  store i32 %s, ptr addrspace(1) %o
  ret void
}

; CHECK-LABEL: k_uniform:
; CHECK: v_rcp_f32
; CHECK-NOT: v_readfirstlane_b32
; CHECK-NOT: v_mul_hi_u32
; CHECK: s_endpgm
define amdgpu_kernel void @k_uniform(ptr addrspace(1) %out, i32 %a, i32 %b) {
  %x = ashr i32 %a, 11
  %y = ashr i32 %b, 11
  %d = sdiv i32 %x, %y
  store i32 %d, ptr addrspace(1) %out
  ret void
}

; CHECK-LABEL: k_full:
; CHECK: v_mul_hi_u32
; CHECK: s_endpgm
define amdgpu_kernel void @k_full(ptr addrspace(1) %out, ptr addrspace(1) %in) {
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr i32, ptr addrspace(1) %in, i32 %t
  %x = load i32, ptr addrspace(1) %p
  %q = getelementptr i32, ptr addrspace(1) %p, i32 64
  %y = load i32, ptr addrspace(1) %q
  %d = sdiv i32 %x, %y
  %o = getelementptr i32, ptr addrspace(1) %out, i32 %t
  store i32 %d, ptr addrspace(1) %o
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
