; VALU forms for operands the IR proves narrow (isel_narrow.c): shift
; pairs as one v_bfe_i32/u32, 24-bit multiplies at full rate
; (v_mul_i32_i24 / v_mul_u32_u24 instead of v_mul_lo_u32), mad24 as one
; v_mad_i32_i24 / v_mad_u32_u24, i16 multiplies as v_mul_u32_u24. The
; shifts and masks the forms read through are left dead and dce removes
; them. Uniform values keep SALU code.
; RUN: %wavecc %s -S -o - | FileCheck %s
target triple = "amdgcn-amd-amdhsa"

declare i32 @llvm.amdgcn.workitem.id.x()

; OpenCL mad24(int): sign-extend from 24 bits by shl/ashr, mul, add.
; CHECK-LABEL: k_mad24_i:
; CHECK-NOT: v_lshlrev_b32_e32 v{{[0-9]+}}, 8,
; CHECK-NOT: v_ashrrev_i32_e32 v{{[0-9]+}}, 8,
; CHECK-NOT: v_mul_lo_u32
; CHECK: v_mad_i32_i24 v{{[0-9]+}}, v{{[0-9]+}}, v{{[0-9]+}}, v{{[0-9]+}}
; CHECK-NOT: v_add_u32
; CHECK: s_endpgm
define amdgpu_kernel void @k_mad24_i(ptr addrspace(1) %p, ptr addrspace(1) %q, ptr addrspace(1) %s) {
  %id = call i32 @llvm.amdgcn.workitem.id.x()
  %ga = getelementptr i32, ptr addrspace(1) %p, i32 %id
  %gb = getelementptr i32, ptr addrspace(1) %q, i32 %id
  %gc = getelementptr i32, ptr addrspace(1) %s, i32 %id
  %a = load i32, ptr addrspace(1) %ga
  %b = load i32, ptr addrspace(1) %gb
  %c = load i32, ptr addrspace(1) %gc
  %a1 = shl i32 %a, 8
  %a2 = ashr exact i32 %a1, 8
  %b1 = shl i32 %b, 8
  %b2 = ashr exact i32 %b1, 8
  %m = mul nsw i32 %b2, %a2
  %r = add nsw i32 %m, %c
  store i32 %r, ptr addrspace(1) %ga
  ret void
}

; mul24(uint) on <2 x i32>: the masks go, each element one v_mul_u32_u24.
; CHECK-LABEL: k_mul24_u2:
; CHECK-NOT: v_and_b32
; CHECK-NOT: v_mul_lo_u32
; CHECK: v_mul_u32_u24
; CHECK: v_mul_u32_u24
; CHECK-NOT: v_and_b32
; CHECK: s_endpgm
define amdgpu_kernel void @k_mul24_u2(ptr addrspace(1) %p, ptr addrspace(1) %q) {
  %id = call i32 @llvm.amdgcn.workitem.id.x()
  %ga = getelementptr <2 x i32>, ptr addrspace(1) %p, i32 %id
  %gb = getelementptr <2 x i32>, ptr addrspace(1) %q, i32 %id
  %a = load <2 x i32>, ptr addrspace(1) %ga
  %b = load <2 x i32>, ptr addrspace(1) %gb
  %a1 = and <2 x i32> %a, <i32 16777215, i32 16777215>
  %b1 = and <2 x i32> %b, <i32 16777215, i32 16777215>
  %m = mul <2 x i32> %a1, %b1
  store <2 x i32> %m, ptr addrspace(1) %ga
  ret void
}

; An i16 multiply and a 16-bit sign extension by shifts.
; CHECK-LABEL: k_i16:
; CHECK-NOT: v_mul_lo_u32
; CHECK: v_mul_u32_u24
; CHECK: v_bfe_i32 v{{[0-9]+}}, v{{[0-9]+}}, 0, 16
; CHECK-NOT: v_ashrrev_i32_e32 v{{[0-9]+}}, 16,
; CHECK: s_endpgm
define amdgpu_kernel void @k_i16(ptr addrspace(1) %p, ptr addrspace(1) %q) {
  %id = call i32 @llvm.amdgcn.workitem.id.x()
  %ga = getelementptr i16, ptr addrspace(1) %p, i32 %id
  %gb = getelementptr i32, ptr addrspace(1) %q, i32 %id
  %a = load i16, ptr addrspace(1) %ga
  %m = mul i16 %a, %a
  store i16 %m, ptr addrspace(1) %ga
  %b = load i32, ptr addrspace(1) %gb
  %b1 = shl i32 %b, 16
  %b2 = ashr i32 %b1, 16
  store i32 %b2, ptr addrspace(1) %gb
  ret void
}

; Operands too wide for 24 bits: v_mul_lo_u32 stays.
; CHECK-LABEL: k_wide:
; CHECK: v_mul_lo_u32
; CHECK-NOT: v_mul_u32_u24
; CHECK: s_endpgm
define amdgpu_kernel void @k_wide(ptr addrspace(1) %p) {
  %id = call i32 @llvm.amdgcn.workitem.id.x()
  %ga = getelementptr i32, ptr addrspace(1) %p, i32 %id
  %a = load i32, ptr addrspace(1) %ga
  %a1 = and i32 %a, 33554431
  %m = mul i32 %a1, %a1
  store i32 %m, ptr addrspace(1) %ga
  ret void
}

; Uniform: SALU, untouched.
; CHECK-LABEL: k_uniform:
; CHECK: s_mul_i32
; CHECK-NOT: v_mul
; CHECK: s_endpgm
define amdgpu_kernel void @k_uniform(ptr addrspace(1) %p, i32 %a, i32 %b) {
  %a1 = and i32 %a, 65535
  %b1 = and i32 %b, 65535
  %m = mul i32 %a1, %b1
  store i32 %m, ptr addrspace(1) %p
  ret void
}
