; llvm.{s,u}mul.with.overflow on i8, i16 and i64 and llvm.{s,u}shl.sat on
; i8, i16, i32, i64 and a vector were refused ("unsupported instruction")
; before isel_overflow.c (session 19). i8/i16 multiply: one 24-bit multiply
; of the extended operands, overflow = the product differs from the
; extension of its low bits. i64: the 128-bit product from four
; v_mad_u64_u32 (the third's carry out feeds the high half), overflow =
; high half != 0 (unsigned) or != the low half's sign (signed, after the
; two sign corrections). shl.sat: i8/i16 clamp the exact 32-bit shift;
; i32/i64 shift back and compare. Values: tests/kernels/f_mul_overflow_shl_sat.ll
; (run below at -O0, whose constant operands stay unfolded).
; RUN: %wavecc %s -S -o - | FileCheck %s
; RUN: %wavecc -O0 %s -S -o - | FileCheck %s --check-prefix=O0
; RUN: %wavecc -mcpu=gfx1100 %s -S -o - | FileCheck %s --check-prefix=GFX11
; RUN: %wavecc-run --compiler=wavecc -Xwavecc -O0 %S/../kernels/f_mul_overflow_shl_sat.ll 2>&1 | FileCheck %s --check-prefix=EMU
; RUN: %wavecc-run --mcpu=gfx942 --compiler=wavecc %S/../kernels/f_mul_overflow_shl_sat.ll 2>&1 | FileCheck %s --check-prefix=EMU
; EMU: 20 passed, 0 failed
target triple = "amdgcn-amd-amdhsa"
declare i32 @llvm.amdgcn.workitem.id.x()
declare {i16, i1} @llvm.umul.with.overflow.i16(i16, i16)
declare {i8, i1} @llvm.smul.with.overflow.i8(i8, i8)
declare {i64, i1} @llvm.umul.with.overflow.i64(i64, i64)
declare {i64, i1} @llvm.smul.with.overflow.i64(i64, i64)
declare i8 @llvm.sshl.sat.i8(i8, i8)
declare i16 @llvm.ushl.sat.i16(i16, i16)
declare i32 @llvm.sshl.sat.i32(i32, i32)
declare i32 @llvm.ushl.sat.i32(i32, i32)
declare i64 @llvm.sshl.sat.i64(i64, i64)
declare <2 x i16> @llvm.sshl.sat.v2i16(<2 x i16>, <2 x i16>)

; CHECK-LABEL: umul_i16:
; CHECK: v_mul_u32_u24
; CHECK: v_cmp_ne_u32
; GFX11-LABEL: umul_i16:
; GFX11: v_mul_u32_u24
define amdgpu_kernel void @umul_i16(ptr addrspace(1) %p) {
  %i = call i32 @llvm.amdgcn.workitem.id.x()
  %q = getelementptr i16, ptr addrspace(1) %p, i32 %i
  %a = load i16, ptr addrspace(1) %q
  %b = load i16, ptr addrspace(1) %p
  %r = call {i16, i1} @llvm.umul.with.overflow.i16(i16 %a, i16 %b)
  %v = extractvalue {i16, i1} %r, 0
  %o = extractvalue {i16, i1} %r, 1
  %s = select i1 %o, i16 -1, i16 %v
  store i16 %s, ptr addrspace(1) %q
  ret void
}
; CHECK-LABEL: smul_i8:
; CHECK: v_mul_i32_i24
; CHECK: v_cmp_ne_u32
define amdgpu_kernel void @smul_i8(ptr addrspace(1) %p) {
  %i = call i32 @llvm.amdgcn.workitem.id.x()
  %q = getelementptr i8, ptr addrspace(1) %p, i32 %i
  %a = load i8, ptr addrspace(1) %q
  %r = call {i8, i1} @llvm.smul.with.overflow.i8(i8 %a, i8 %a)
  %v = extractvalue {i8, i1} %r, 0
  %o = extractvalue {i8, i1} %r, 1
  %s = select i1 %o, i8 7, i8 %v
  store i8 %s, ptr addrspace(1) %q
  ret void
}
; CHECK-LABEL: umul_i64:
; CHECK-COUNT-3: v_mad_u64_u32
; CHECK: v_cndmask_b32_e64 v{{[0-9]+}}, 0, 1,
; CHECK: v_mad_u64_u32
; CHECK: v_cmp_ne_u64_e64 s[{{[0-9:]+}}], 0,
; GFX11-LABEL: umul_i64:
; GFX11-COUNT-4: v_mad_u64_u32
define amdgpu_kernel void @umul_i64(ptr addrspace(1) %p, i64 %b) {
  %i = call i32 @llvm.amdgcn.workitem.id.x()
  %q = getelementptr i64, ptr addrspace(1) %p, i32 %i
  %a = load i64, ptr addrspace(1) %q
  %r = call {i64, i1} @llvm.umul.with.overflow.i64(i64 %a, i64 %b)
  %v = extractvalue {i64, i1} %r, 0
  %o = extractvalue {i64, i1} %r, 1
  %s = select i1 %o, i64 -1, i64 %v
  store i64 %s, ptr addrspace(1) %q
  ret void
}
; CHECK-LABEL: smul_i64:
; CHECK-COUNT-4: v_mad_u64_u32
; CHECK: v_sub_co_u32
; CHECK: v_subb_co_u32
; CHECK: v_ashrrev_i32_e32 v{{[0-9]+}}, 31,
; CHECK: v_cmp_ne_u64
define amdgpu_kernel void @smul_i64(ptr addrspace(1) %p) {
  %i = call i32 @llvm.amdgcn.workitem.id.x()
  %q = getelementptr i64, ptr addrspace(1) %p, i32 %i
  %a = load i64, ptr addrspace(1) %q
  %r = call {i64, i1} @llvm.smul.with.overflow.i64(i64 %a, i64 %a)
  %v = extractvalue {i64, i1} %r, 0
  %o = extractvalue {i64, i1} %r, 1
  %s = select i1 %o, i64 -1, i64 %v
  store i64 %s, ptr addrspace(1) %q
  ret void
}
; CHECK-LABEL: shl_sat:
; CHECK: v_lshlrev_b32_sdwa
; CHECK: v_min_i32_e32 v{{[0-9]+}}, 0x7f,
; CHECK: v_max_i32_e32 v{{[0-9]+}}, 0xffffff80,
; CHECK: v_min_u32_e32 v{{[0-9]+}}, 0xffff,
; CHECK: v_ashrrev_i32_e32
; CHECK: v_cmp_ne_u32
; CHECK: v_xor_b32_e32 v{{[0-9]+}}, 0x7fffffff,
; CHECK: v_lshrrev_b32_e32
; CHECK: v_cmp_ne_u32
; CHECK: v_lshlrev_b64
; CHECK: v_ashrrev_i64
; CHECK: v_cmp_ne_u64
define amdgpu_kernel void @shl_sat(ptr addrspace(1) %p) {
  %i = call i32 @llvm.amdgcn.workitem.id.x()
  %q = getelementptr i64, ptr addrspace(1) %p, i32 %i
  %a = load i64, ptr addrspace(1) %q
  %a32 = trunc i64 %a to i32
  %a16 = trunc i64 %a to i16
  %a8 = trunc i64 %a to i8
  %s64 = and i64 %a, 63
  %s32 = and i32 %a32, 31
  %s16 = and i16 %a16, 15
  %s8 = and i8 %a8, 7
  %r8 = call i8 @llvm.sshl.sat.i8(i8 %a8, i8 %s8)
  %r16 = call i16 @llvm.ushl.sat.i16(i16 %a16, i16 %s16)
  %r32 = call i32 @llvm.sshl.sat.i32(i32 %a32, i32 %s32)
  %u32 = call i32 @llvm.ushl.sat.i32(i32 %a32, i32 %s32)
  %r64 = call i64 @llvm.sshl.sat.i64(i64 %a, i64 %s64)
  %q1 = getelementptr i8, ptr addrspace(1) %q, i32 8
  store i8 %r8, ptr addrspace(1) %q1
  %q2 = getelementptr i8, ptr addrspace(1) %q, i32 10
  store i16 %r16, ptr addrspace(1) %q2
  %q3 = getelementptr i8, ptr addrspace(1) %q, i32 12
  store i32 %r32, ptr addrspace(1) %q3
  %q4 = getelementptr i8, ptr addrspace(1) %q, i32 16
  store i64 %r64, ptr addrspace(1) %q4
  %q5 = getelementptr i8, ptr addrspace(1) %q, i32 24
  store i32 %u32, ptr addrspace(1) %q5
  ret void
}
; CHECK-LABEL: shl_sat_v2i16:
; CHECK-COUNT-2: v_max_i32_e32 v{{[0-9]+}}, 0xffff8000,
define amdgpu_kernel void @shl_sat_v2i16(ptr addrspace(1) %p) {
  %i = call i32 @llvm.amdgcn.workitem.id.x()
  %q = getelementptr <2 x i16>, ptr addrspace(1) %p, i32 %i
  %a = load <2 x i16>, ptr addrspace(1) %q
  %s = and <2 x i16> %a, <i16 15, i16 7>
  %r = call <2 x i16> @llvm.sshl.sat.v2i16(<2 x i16> %a, <2 x i16> %s)
  store <2 x i16> %r, ptr addrspace(1) %q
  ret void
}
; O0-LABEL: consts:
; O0: v_mad_u64_u32
; O0: v_mul_u32_u24
; O0: v_lshlrev_b32_e64 v{{[0-9]+}}, 30, -5
; O0: v_lshlrev_b64
; O0: s_endpgm
define amdgpu_kernel void @consts(ptr addrspace(1) %p) {
  %r = call {i64, i1} @llvm.smul.with.overflow.i64(i64 4294967296, i64 -2147483648)
  %v = extractvalue {i64, i1} %r, 0
  %o = extractvalue {i64, i1} %r, 1
  %s = select i1 %o, i64 -1, i64 %v
  store i64 %s, ptr addrspace(1) %p
  %r2 = call {i16, i1} @llvm.umul.with.overflow.i16(i16 300, i16 300)
  %o2 = extractvalue {i16, i1} %r2, 1
  %q = getelementptr i8, ptr addrspace(1) %p, i32 8
  store i1 %o2, ptr addrspace(1) %q
  %r3 = call i32 @llvm.sshl.sat.i32(i32 -5, i32 30)
  %q3 = getelementptr i8, ptr addrspace(1) %p, i32 12
  store i32 %r3, ptr addrspace(1) %q3
  %r4 = call i64 @llvm.sshl.sat.i64(i64 7, i64 61)
  %q4 = getelementptr i8, ptr addrspace(1) %p, i32 16
  store i64 %r4, ptr addrspace(1) %q4
  ret void
}
