; gfx900 has no v_dot*: the idot patterns (LLVM's idot*.ll, f_dot_int.ll)
; select as llc-19 does there, bar its SDWA multiplies (issue 27):
;  - ashr (shl x, j), k with j <= k: one v_bfe_i32 x, k - j, 32 - k
;    (was v_lshlrev + v_ashrrev per nibble);
;  - sext/zext of a byte or half of a vector bitcast from i32: the field
;    of the shifted word (v_bfe_i32 at 0, v_ashrrev_i32 16 for the top
;    half; was v_lshrrev + v_bfe_i32 / v_and_b32);
;  - products of narrow values plus an accumulator: v_mad_{i32_i24,
;    u32_u24} each (was v_mul_*_24 and v_add3_u32);
;  - the GEP index tid * 3 of an i32 element: v_mul_u32_u24 12 (was
;    v_mul_u32_u24 3 and v_lshlrev_b32 2);
;  - a store of cvt.pkrtz's <2 x half> reads its packed dword (was
;    v_and_b32, v_lshrrev_b32, v_lshl_or_b32).
; RUN: %wavecc -mcpu=gfx900 %s -S -o - | FileCheck %s

target triple = "amdgcn-amd-amdhsa"

; CHECK-LABEL: k_s8:
; CHECK: v_bfe_i32 v{{[0-9]+}}, v{{[0-9]+}}, 4, 4
; CHECK-NOT: v_lshlrev_b32_e32 v{{[0-9]+}}, 24
; CHECK: s_endpgm
define amdgpu_kernel void @k_s8(ptr addrspace(1) %out, ptr addrspace(1) %in) {
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr <2 x i32>, ptr addrspace(1) %in, i32 %tid
  %v = load <2 x i32>, ptr addrspace(1) %p
  %a = extractelement <2 x i32> %v, i32 0
  %b = extractelement <2 x i32> %v, i32 1
  %ha = shl i32 %a, 24
  %xa = ashr i32 %ha, 28
  %hb = shl i32 %b, 24
  %xb = ashr i32 %hb, 28
  %m = mul i32 %xa, %xb
  %po = getelementptr i32, ptr addrspace(1) %out, i32 %tid
  store i32 %m, ptr addrspace(1) %po
  ret void
}

; CHECK-LABEL: k_s2:
; CHECK: v_mul_u32_u24_e32 [[A:v[0-9]+]], 12, v0
; CHECK-NOT: v_lshlrev_b32_e32 v{{[0-9]+}}, 2, [[A]]
; CHECK-DAG: v_bfe_i32 v{{[0-9]+}}, v{{[0-9]+}}, 0, 16
; CHECK-DAG: v_ashrrev_i32_e32 v{{[0-9]+}}, 16, v{{[0-9]+}}
; CHECK: v_mad_i32_i24
; CHECK: v_mad_i32_i24
; CHECK-NOT: v_add3_u32
; CHECK: s_endpgm
define amdgpu_kernel void @k_s2(ptr addrspace(1) %out, ptr addrspace(1) %in) {
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %t3 = mul i32 %tid, 3
  %p = getelementptr i32, ptr addrspace(1) %in, i32 %t3
  %a = load i32, ptr addrspace(1) %p
  %p1 = getelementptr i32, ptr addrspace(1) %p, i32 1
  %b = load i32, ptr addrspace(1) %p1
  %p2 = getelementptr i32, ptr addrspace(1) %p, i32 2
  %acc = load i32, ptr addrspace(1) %p2
  %va = bitcast i32 %a to <2 x i16>
  %vb = bitcast i32 %b to <2 x i16>
  %ea0 = extractelement <2 x i16> %va, i64 0
  %xa0 = sext i16 %ea0 to i32
  %eb0 = extractelement <2 x i16> %vb, i64 0
  %xb0 = sext i16 %eb0 to i32
  %m0 = mul nsw i32 %xb0, %xa0
  %ea1 = extractelement <2 x i16> %va, i64 1
  %xa1 = sext i16 %ea1 to i32
  %eb1 = extractelement <2 x i16> %vb, i64 1
  %xb1 = sext i16 %eb1 to i32
  %m1 = mul nsw i32 %xb1, %xa1
  %s1 = add i32 %m1, %acc
  %s0 = add i32 %m0, %s1
  %po = getelementptr i32, ptr addrspace(1) %out, i32 %tid
  store i32 %s0, ptr addrspace(1) %po
  ret void
}

; CHECK-LABEL: k_pk:
; CHECK: v_cvt_pkrtz_f16_f32 [[P:v[0-9]+]]
; CHECK-NOT: v_lshl_or_b32
; CHECK: global_store_dword v{{[0-9]+}}, [[P]]
define amdgpu_kernel void @k_pk(ptr addrspace(1) %out, ptr addrspace(1) %in) {
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr <2 x float>, ptr addrspace(1) %in, i32 %t
  %v = load <2 x float>, ptr addrspace(1) %p
  %x = extractelement <2 x float> %v, i32 0
  %y = extractelement <2 x float> %v, i32 1
  %h = call <2 x half> @llvm.amdgcn.cvt.pkrtz(float %x, float %y)
  %e0 = extractelement <2 x half> %h, i32 0
  %e1 = extractelement <2 x half> %h, i32 1
  %i0 = bitcast half %e0 to i16
  %i1 = bitcast half %e1 to i16
  %w0 = insertelement <2 x i16> poison, i16 %i0, i32 0
  %w1 = insertelement <2 x i16> %w0, i16 %i1, i32 1
  %po = getelementptr <2 x i16>, ptr addrspace(1) %out, i32 %t
  store <2 x i16> %w1, ptr addrspace(1) %po
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
declare <2 x half> @llvm.amdgcn.cvt.pkrtz(float, float)
