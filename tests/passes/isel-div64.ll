; Integer division (isel_div64.c): i64 by a Newton-Raphson reciprocal
; (about a hundred instructions, not 64 restoring steps), in SALU when
; the operands are uniform; i64 narrowed to the 32-bit sequence when
; isel_divrange.c proves both operands below 2^32; 32-bit division by a
; constant as a magic-number multiply.
; RUN: %wavecc --no-llc-ir-passes %s -S -o - | FileCheck %s
target triple = "amdgcn-amd-amdhsa"

declare i32 @llvm.amdgcn.workitem.id.x()

; Uniform: the float estimate in VALU, read back, the integer steps in SALU.
; CHECK-LABEL: k_udiv64_uniform:
; CHECK: v_rcp_f32
; CHECK: v_readfirstlane_b32
; CHECK: s_mul_hi_u32
; CHECK: s_addc_u32
; CHECK: s_subb_u32
; CHECK: s_cselect_b32
; CHECK-NOT: v_cmp_ge_u64
; CHECK-NOT: v_bfe_u32
; CHECK: s_endpgm
define amdgpu_kernel void @k_udiv64_uniform(ptr addrspace(1) %p, i64 %a, i64 %b) {
  %q = udiv i64 %a, %b
  store i64 %q, ptr addrspace(1) %p
  ret void
}

; Divergent: VALU throughout, no 64-bit compare per quotient bit.
; CHECK-LABEL: k_srem64_divergent:
; CHECK: v_rcp_f32
; CHECK: v_mul_hi_u32
; CHECK: v_addc_co_u32
; CHECK: v_subb_co_u32
; CHECK-NOT: v_cmp_ge_u64
; CHECK-NOT: v_bfe_u32
; CHECK: s_endpgm
define amdgpu_kernel void @k_srem64_divergent(ptr addrspace(1) %p, i64 %b) {
  %id = call i32 @llvm.amdgcn.workitem.id.x()
  %g = getelementptr i64, ptr addrspace(1) %p, i32 %id
  %x = load i64, ptr addrspace(1) %g
  %r = srem i64 %x, %b
  store i64 %r, ptr addrspace(1) %g
  ret void
}

; (l + n - 1) % n with l < 2^10 and n < 2^16: n is not zero (division by
; zero is undefined), so the dividend is in [0, 2^17), and both operands
; are below 2^21: the f32 sequence (v_rcp_f32, v_trunc_f32, no integer
; steps) is used, not the 64-bit one (v_mul_hi_u32 chains).
; CHECK-LABEL: k_urem_narrow:
; CHECK-NOT: v_mul_hi_u32
; CHECK: v_rcp_f32
; CHECK: v_trunc_f32
; CHECK-NOT: v_mul_hi_u32
; CHECK: s_endpgm
define amdgpu_kernel void @k_urem_narrow(ptr addrspace(1) %p, i32 %nn) {
  %l32 = call i32 @llvm.amdgcn.workitem.id.x()
  %l = zext i32 %l32 to i64
  %m = and i32 %nn, 65535
  %n = zext i32 %m to i64
  %t = add nsw i64 %l, -1
  %u = add nsw i64 %t, %n
  %r = urem i64 %u, %n
  %g = getelementptr i64, ptr addrspace(1) %p, i32 %l32
  store i64 %r, ptr addrspace(1) %g
  ret void
}

; Without nsw the sum still cannot leave [-1, 2^17) in signed terms, so it
; is narrowed too; a dividend shifted up to 2^59 is not.
; CHECK-LABEL: k_urem_nonsw:
; CHECK-NOT: v_mul_hi_u32
; CHECK: v_trunc_f32
; CHECK-NOT: v_mul_hi_u32
; CHECK-LABEL: k_urem_wide:
; CHECK: v_rcp_f32
; CHECK: v_mul_hi_u32
; CHECK: s_endpgm
define amdgpu_kernel void @k_urem_nonsw(ptr addrspace(1) %p, i32 %nn) {
  %l32 = call i32 @llvm.amdgcn.workitem.id.x()
  %l = zext i32 %l32 to i64
  %m = and i32 %nn, 65535
  %n = zext i32 %m to i64
  %t = add i64 %l, -1
  %u = add i64 %t, %n
  %r = urem i64 %u, %n
  %g = getelementptr i64, ptr addrspace(1) %p, i32 %l32
  store i64 %r, ptr addrspace(1) %g
  ret void
}

define amdgpu_kernel void @k_urem_wide(ptr addrspace(1) %p, i32 %nn) {
  %l32 = call i32 @llvm.amdgcn.workitem.id.x()
  %l = zext i32 %l32 to i64
  %m = and i32 %nn, 65535
  %n = zext i32 %m to i64
  %t = shl i64 %l, 50
  %r = urem i64 %t, %n
  %g = getelementptr i64, ptr addrspace(1) %p, i32 %l32
  store i64 %r, ptr addrspace(1) %g
  ret void
}

; Division by constants: x / 10 = mulhi(x, 0xcccccccd) >> 3; x % 7 with
; the 33-bit multiplier (0x24924925, add and shifts); x / 16 a shift.
; CHECK-LABEL: k_const32:
; CHECK-NOT: v_rcp_iflag_f32
; CHECK-DAG: s_mov_b32 {{s[0-9]+}}, 0xcccccccd
; CHECK-DAG: v_lshrrev_b32_e32 {{v[0-9]+}}, 3,
; CHECK-DAG: s_mov_b32 {{s[0-9]+}}, 0x24924925
; CHECK-DAG: v_lshrrev_b32_e32 {{v[0-9]+}}, 4,
; CHECK-DAG: v_mul_hi_u32
; CHECK-NOT: v_rcp_iflag_f32
; CHECK: s_endpgm
define amdgpu_kernel void @k_const32(ptr addrspace(1) %p) {
  %id = call i32 @llvm.amdgcn.workitem.id.x()
  %g = getelementptr i32, ptr addrspace(1) %p, i32 %id
  %x = load i32, ptr addrspace(1) %g
  %a = udiv i32 %x, 10
  %b = urem i32 %x, 7
  %c = udiv i32 %x, 16
  %s = add i32 %a, %b
  %s2 = add i32 %s, %c
  store i32 %s2, ptr addrspace(1) %g
  ret void
}

; Divergent i64 division by a constant: the high half of the 128-bit
; product with the magic number is one v_mul_hi_u32 and three
; v_mad_u64_u32 that accumulate the partial-product columns (not seven
; v_mul_lo/v_mul_hi_u32 and three carry chains).
; CHECK-LABEL: k_udiv64_const:
; CHECK-NOT: v_mul_lo_u32
; CHECK: v_mul_hi_u32
; CHECK-NOT: v_mul_lo_u32
; CHECK-NOT: v_mul_hi_u32
; CHECK-COUNT-3: v_mad_u64_u32
; CHECK-NOT: v_mul_lo_u32
; CHECK-NOT: v_mul_hi_u32
; CHECK: v_alignbit_b32
; CHECK: s_endpgm
define amdgpu_kernel void @k_udiv64_const(ptr addrspace(1) %p) {
  %id = call i32 @llvm.amdgcn.workitem.id.x()
  %g = getelementptr i64, ptr addrspace(1) %p, i32 %id
  %x = load i64, ptr addrspace(1) %g
  %q = udiv i64 %x, 1000000007
  store i64 %q, ptr addrspace(1) %g
  ret void
}
