; i64 arithmetic split into halves (isel_int64.c, isel_alu.c): a multiply
; of zero- or sign-extended 32-bit values is v_mul_lo_u32 + v_mul_hi_u32/i32
; (uniform: s_mul_i32 + s_mul_hi_u32/i32; with dce, only the half that is
; read), a general one
; v_mad_u64_u32 + two v_mul_lo_u32 + v_add3_u32; a shift by 32 or more
; moves one half; an and/or/xor with a constant half that is an identity
; costs nothing for that half.
; RUN: %wavecc %s -S -o - | FileCheck %s
target triple = "amdgcn-amd-amdhsa"

declare i32 @llvm.amdgcn.workitem.id.x()

; mul_hi(uint, uint): one v_mul_hi_u32 (the low half is dead).
; CHECK-LABEL: k_mulhi_u32:
; CHECK-NOT: v_mul_lo_u32
; CHECK-NOT: v_lshrrev_b64
; (or one v_mad_u64_u32 from isel_narrow64.c, which sees the multiply first)
; CHECK: {{v_mul_hi_u32 v[0-9]+, v[0-9]+, v[0-9]+|v_mad_u64_u32 v\[[0-9]+:[0-9]+\], s\[[0-9]+:[0-9]+\], v[0-9]+, v[0-9]+, 0}}
; CHECK-NOT: v_mul_lo_u32
; CHECK-NOT: v_lshrrev_b64
; CHECK: s_endpgm
define amdgpu_kernel void @k_mulhi_u32(ptr addrspace(1) %p, ptr addrspace(1) %q) {
  %id = call i32 @llvm.amdgcn.workitem.id.x()
  %ga = getelementptr i32, ptr addrspace(1) %p, i32 %id
  %gb = getelementptr i32, ptr addrspace(1) %q, i32 %id
  %a = load i32, ptr addrspace(1) %ga
  %b = load i32, ptr addrspace(1) %gb
  %x = zext i32 %a to i64
  %y = zext i32 %b to i64
  %m = mul i64 %x, %y
  %h = lshr i64 %m, 32
  %r = trunc i64 %h to i32
  store i32 %r, ptr addrspace(1) %ga
  ret void
}

; The product of the high words of two longs (x >> 32 is sign-extended).
; CHECK-LABEL: k_mulhi_i32:
; CHECK-NOT: v_mul_hi_u32
; CHECK: v_mul_lo_u32
; CHECK: v_mul_hi_i32
; CHECK-NOT: v_mul_lo_u32
; CHECK-NOT: v_add
; CHECK: s_endpgm
define amdgpu_kernel void @k_mulhi_i32(ptr addrspace(1) %p) {
  %id = call i32 @llvm.amdgcn.workitem.id.x()
  %ga = getelementptr i64, ptr addrspace(1) %p, i32 %id
  %a = load i64, ptr addrspace(1) %ga
  %x = ashr i64 %a, 32
  %y = ashr i64 %a, 40
  %m = mul i64 %x, %y
  store i64 %m, ptr addrspace(1) %ga
  ret void
}

; A general i64 multiply: four instructions.
; CHECK-LABEL: k_mul64:
; CHECK: v_mad_u64_u32
; CHECK-DAG: v_mul_lo_u32
; CHECK-DAG: v_mul_lo_u32
; CHECK: v_add3_u32
; CHECK-NOT: v_mul_hi_u32
; CHECK: s_endpgm
define amdgpu_kernel void @k_mul64(ptr addrspace(1) %p, ptr addrspace(1) %q) {
  %id = call i32 @llvm.amdgcn.workitem.id.x()
  %ga = getelementptr i64, ptr addrspace(1) %p, i32 %id
  %gb = getelementptr i64, ptr addrspace(1) %q, i32 %id
  %a = load i64, ptr addrspace(1) %ga
  %b = load i64, ptr addrspace(1) %gb
  %m = mul i64 %a, %b
  store i64 %m, ptr addrspace(1) %ga
  ret void
}

; One operand below 2^32 (x & 0xffffffff): its high half drops a term.
; The remaining cross term and its add into the product's high half are one
; more v_mad_u64_u32 (fuse-mad: the high half read as a pair's low half).
; CHECK-LABEL: k_mul64_zext1:
; CHECK: v_mad_u64_u32
; CHECK: v_mad_u64_u32
; CHECK-NOT: v_mul_lo_u32
; CHECK-NOT: v_add3_u32
; CHECK-NOT: v_add_u32
; CHECK: s_endpgm
define amdgpu_kernel void @k_mul64_zext1(ptr addrspace(1) %p, ptr addrspace(1) %q) {
  %id = call i32 @llvm.amdgcn.workitem.id.x()
  %ga = getelementptr i64, ptr addrspace(1) %p, i32 %id
  %gb = getelementptr i64, ptr addrspace(1) %q, i32 %id
  %a = load i64, ptr addrspace(1) %ga
  %b = load i64, ptr addrspace(1) %gb
  %x = and i64 %a, 4294967295
  %m = mul i64 %x, %b
  store i64 %m, ptr addrspace(1) %ga
  ret void
}

; Uniform: s_mul_i32 + s_mul_hi_i32, no cross terms.
; CHECK-LABEL: k_mul64_uniform:
; CHECK: s_mul_i32
; CHECK-NEXT: s_mul_hi_i32
; CHECK-NOT: s_mul_i32
; CHECK: s_endpgm
define amdgpu_kernel void @k_mul64_uniform(ptr addrspace(1) %p, i32 %a, i32 %b) {
  %x = sext i32 %a to i64
  %y = sext i32 %b to i64
  %m = mul i64 %x, %y
  store i64 %m, ptr addrspace(1) %p
  ret void
}

; Shifts by 32 + k: one 32-bit shift, none for k = 0.
; CHECK-LABEL: k_shift64:
; CHECK-NOT: _b64
; CHECK-NOT: _i64
; CHECK: v_lshlrev_b32_e32 v{{[0-9]+}}, 3,
; CHECK: v_ashrrev_i32_e32 v{{[0-9]+}}, 31,
; CHECK-NOT: _b64
; CHECK-NOT: _i64
; CHECK: s_endpgm
define amdgpu_kernel void @k_shift64(ptr addrspace(1) %p) {
  %id = call i32 @llvm.amdgcn.workitem.id.x()
  %ga = getelementptr i64, ptr addrspace(1) %p, i32 %id
  %a = load i64, ptr addrspace(1) %ga
  %s1 = shl i64 %a, 35
  %s2 = lshr i64 %a, 32
  %s3 = ashr i64 %a, 32
  %t = add i64 %s1, %s3
  %u = add i64 %t, %s2
  store i64 %u, ptr addrspace(1) %ga
  ret void
}

; x & 0xffffffff and x ^ 0xff: one half passes through, the other is
; constant or one v_xor_b32.
; CHECK-LABEL: k_logic64:
; CHECK-NOT: v_and_b32
; CHECK: v_xor_b32_e32 v{{[0-9]+}}, 0xff,
; CHECK-NOT: v_xor_b32
; CHECK-NOT: v_and_b32
; CHECK: s_endpgm
define amdgpu_kernel void @k_logic64(ptr addrspace(1) %p) {
  %id = call i32 @llvm.amdgcn.workitem.id.x()
  %ga = getelementptr i64, ptr addrspace(1) %p, i32 %id
  %a = load i64, ptr addrspace(1) %ga
  %x = and i64 %a, 4294967295
  %y = xor i64 %x, 255
  store i64 %y, ptr addrspace(1) %ga
  ret void
}

; ctlz.i64: the high half's count (all ones when it is zero) against 32
; plus the low half's capped count, one v_min_u32; no compare and select.
; CHECK-LABEL: k_ctlz64:
; CHECK: v_ffbh_u32
; CHECK: v_ffbh_u32
; CHECK: v_min_u32
; CHECK: v_add_u32
; CHECK: v_min_u32
; CHECK-NOT: v_cndmask_b32
; CHECK: s_endpgm
declare i64 @llvm.ctlz.i64(i64, i1)
define amdgpu_kernel void @k_ctlz64(ptr addrspace(1) %p) {
  %id = call i32 @llvm.amdgcn.workitem.id.x()
  %ga = getelementptr i64, ptr addrspace(1) %p, i32 %id
  %a = load i64, ptr addrspace(1) %ga
  %c = call i64 @llvm.ctlz.i64(i64 %a, i1 false)
  store i64 %c, ptr addrspace(1) %ga
  ret void
}
