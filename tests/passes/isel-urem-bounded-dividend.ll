; Unsigned division and remainder by a constant of a dividend the range
; analysis bounds (isel_div64.c magic_below): the magic number for that
; range needs no shift and no add fix-up, and the product q * d takes the
; full-rate v_mul_u32_u24. On main 7fc536e `(x & 127) % 7` took
; v_mul_hi_u32, v_sub, v_lshrrev, v_add, v_lshrrev, v_mul_lo_u32, v_sub
; (llc-19: three instructions). And an i8 funnel shift by such a remainder
; (widen-odd-integers' odd-width fshl) needs no `& 7` of its shift, nor a
; `& 0xff` of a shifted 7-bit operand (isel_zext.c: shifts keep known
; zero upper bits).
; RUN: %wavecc -mcpu=gfx900 -filetype=asm %s -o - | FileCheck %s
target triple = "amdgcn-amd-amdhsa"

; CHECK-LABEL: k_urem7:
; CHECK: v_mul_hi_u32
; CHECK-NOT: v_lshrrev_b32
; CHECK-NEXT: v_mul_u32_u24_e32 {{v[0-9]+}}, 7,
; CHECK-NEXT: v_sub_u32
; CHECK-NOT: v_mul_lo_u32
; CHECK: s_endpgm
define amdgpu_kernel void @k_urem7(ptr addrspace(1) %out, ptr addrspace(1) %in) {
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr i32, ptr addrspace(1) %in, i32 %t
  %x = load i32, ptr addrspace(1) %p
  %m = and i32 %x, 127
  %r = urem i32 %m, 7
  %o = getelementptr i32, ptr addrspace(1) %out, i32 %t
  store i32 %r, ptr addrspace(1) %o
  ret void
}

; A 24-bit dividend divided by 24: the quotient is one v_mul_hi_u32.
; CHECK-LABEL: k_udiv24:
; CHECK: v_mul_hi_u32
; CHECK-NOT: v_lshrrev_b32
; CHECK-NOT: v_add_u32
; CHECK: global_store_dword
define amdgpu_kernel void @k_udiv24(ptr addrspace(1) %out, ptr addrspace(1) %in) {
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr i32, ptr addrspace(1) %in, i32 %t
  %x = load i32, ptr addrspace(1) %p
  %m = and i32 %x, 16777215
  %r = udiv i32 %m, 24
  %o = getelementptr i32, ptr addrspace(1) %out, i32 %t
  store i32 %r, ptr addrspace(1) %o
  ret void
}

; A full-range dividend keeps the fixed-up sequence.
; CHECK-LABEL: k_urem7_full:
; CHECK: v_mul_hi_u32
; CHECK: v_lshrrev_b32
; CHECK: v_mul_lo_u32
define amdgpu_kernel void @k_urem7_full(ptr addrspace(1) %out, ptr addrspace(1) %in) {
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr i32, ptr addrspace(1) %in, i32 %t
  %x = load i32, ptr addrspace(1) %p
  %r = urem i32 %x, 7
  %o = getelementptr i32, ptr addrspace(1) %out, i32 %t
  store i32 %r, ptr addrspace(1) %o
  ret void
}

; fshl.i7 (widened to i8): no mask of the shift, none of y << 1.
; CHECK-LABEL: k_fshl7:
; CHECK: v_mul_hi_u32
; CHECK-NOT: v_and_b32_e32 {{v[0-9]+}}, 7,
; CHECK-NOT: v_and_b32_e32 {{v[0-9]+}}, 0xff,
; CHECK: global_store_byte
define amdgpu_kernel void @k_fshl7(ptr addrspace(1) %out, ptr addrspace(1) %in) {
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr i32, ptr addrspace(1) %in, i32 %t
  %w = load i32, ptr addrspace(1) %p
  %x = trunc i32 %w to i7
  %s1 = lshr i32 %w, 8
  %y = trunc i32 %s1 to i7
  %s2 = lshr i32 %w, 16
  %z = trunc i32 %s2 to i7
  %r = call i7 @llvm.fshl.i7(i7 %x, i7 %y, i7 %z)
  %e = zext i7 %r to i8
  %o = getelementptr i8, ptr addrspace(1) %out, i32 %t
  store i8 %e, ptr addrspace(1) %o
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
declare i7 @llvm.fshl.i7(i7, i7, i7)
