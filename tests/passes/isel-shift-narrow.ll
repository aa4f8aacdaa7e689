; A right shift of an i8/i16 value by a constant (isel_alu.c, sel_binop):
; one v_bfe_u32 / v_bfe_i32 (s_bfe_* in SALU) of bits k .. N-1, not a
; zero or sign extension followed by a 32-bit shift.
; RUN: %wavecc %s -S -o - | FileCheck %s
target triple = "amdgcn-amd-amdhsa"

declare i32 @llvm.amdgcn.workitem.id.x()

; The i16 product's high byte: v_bfe_u32 x, 8, 8.
; CHECK-LABEL: k_lshr16:
; CHECK: v_mul_u32_u24
; CHECK-NEXT: v_bfe_u32 {{v[0-9]+}}, {{v[0-9]+}}, 8, 8
; CHECK-NOT: v_and_b32
; CHECK: s_endpgm
define amdgpu_kernel void @k_lshr16(ptr addrspace(1) %p) {
  %id = call i32 @llvm.amdgcn.workitem.id.x()
  %g = getelementptr i8, ptr addrspace(1) %p, i32 %id
  %x = load i8, ptr addrspace(1) %g
  %w = zext i8 %x to i16
  %m = mul i16 %w, %w
  %h = lshr i16 %m, 8
  %t = trunc i16 %h to i8
  store i8 %t, ptr addrspace(1) %g
  ret void
}

; ashr i16 by 3 of a sum: v_bfe_i32 x, 3, 13.
; CHECK-LABEL: k_ashr16:
; CHECK: v_add_u32
; CHECK-NEXT: v_bfe_i32 {{v[0-9]+}}, {{v[0-9]+}}, 3, 13
; CHECK-NOT: v_ashrrev_i32
; CHECK: s_endpgm
define amdgpu_kernel void @k_ashr16(ptr addrspace(1) %p) {
  %id = call i32 @llvm.amdgcn.workitem.id.x()
  %g = getelementptr i16, ptr addrspace(1) %p, i32 %id
  %x = load i16, ptr addrspace(1) %g
  %s = add i16 %x, 1234
  %h = ashr i16 %s, 3
  store i16 %h, ptr addrspace(1) %g
  ret void
}

; Uniform: s_bfe_u32 with offset 5 and width 3 packed as 0x30005.
; CHECK-LABEL: k_lshr8_uniform:
; CHECK: s_bfe_u32 {{s[0-9]+}}, {{s[0-9]+}}, 0x30005
; CHECK: s_endpgm
define amdgpu_kernel void @k_lshr8_uniform(ptr addrspace(1) %p, i32 %a) {
  %x = trunc i32 %a to i8
  %s = add i8 %x, 3
  %h = lshr i8 %s, 5
  store i8 %h, ptr addrspace(1) %p
  ret void
}
