; <N x i16> element-wise operations on divergent values as VOP3P packed
; instructions, two elements per dword (isel_packed.c): the loaded dwords
; are the operands and the results are stored as they are, no unpacking,
; sign extension or repacking; saturating forms use the clamp bit; a pair
; computed element by element is packed with one v_perm_b32.
; RUN: %wavecc %s -S -o - | FileCheck %s
target triple = "amdgcn-amd-amdhsa"

declare i32 @llvm.amdgcn.workitem.id.x()
declare <8 x i16> @llvm.smax.v8i16(<8 x i16>, <8 x i16>)
declare <4 x i16> @llvm.umin.v4i16(<4 x i16>, <4 x i16>)
declare <2 x i16> @llvm.ssub.sat.v2i16(<2 x i16>, <2 x i16>)
declare <2 x i16> @llvm.uadd.sat.v2i16(<2 x i16>, <2 x i16>)

; CHECK-LABEL: k_short8:
; CHECK: global_load_dwordx4
; CHECK: global_load_dwordx4
; CHECK-COUNT-4: v_pk_add_u16
; CHECK-COUNT-4: v_pk_max_i16
; CHECK-NOT: v_bfe_i32
; CHECK-NOT: v_lshl_or_b32
; CHECK-NOT: v_lshrrev_b32
; CHECK: global_store_dwordx4
; CHECK-NOT: v_lshrrev_b32
; CHECK: global_store_dwordx4
; CHECK: s_endpgm
define amdgpu_kernel void @k_short8(ptr addrspace(1) %a, ptr addrspace(1) %b, ptr addrspace(1) %out) {
  %id = call i32 @llvm.amdgcn.workitem.id.x()
  %pa = getelementptr <8 x i16>, ptr addrspace(1) %a, i32 %id
  %pb = getelementptr <8 x i16>, ptr addrspace(1) %b, i32 %id
  %x = load <8 x i16>, ptr addrspace(1) %pa
  %y = load <8 x i16>, ptr addrspace(1) %pb
  %s = add <8 x i16> %x, %y
  %m = call <8 x i16> @llvm.smax.v8i16(<8 x i16> %x, <8 x i16> %y)
  %po = getelementptr <8 x i16>, ptr addrspace(1) %out, i32 %id
  store <8 x i16> %s, ptr addrspace(1) %po
  %po2 = getelementptr <8 x i16>, ptr addrspace(1) %po, i32 64
  store <8 x i16> %m, ptr addrspace(1) %po2
  ret void
}

; Saturating add/sub: v_pk_*_16 with clamp. Unsigned min on <4 x i16>.
; CHECK-LABEL: k_sat:
; CHECK: v_pk_sub_i16 v{{[0-9]+}}, v{{[0-9]+}}, v{{[0-9]+}} clamp
; CHECK: v_pk_add_u16 v{{[0-9]+}}, v{{[0-9]+}}, v{{[0-9]+}} clamp
; CHECK-COUNT-2: v_pk_min_u16
; CHECK: s_endpgm
define amdgpu_kernel void @k_sat(ptr addrspace(1) %a, ptr addrspace(1) %b) {
  %id = call i32 @llvm.amdgcn.workitem.id.x()
  %pa = getelementptr <2 x i16>, ptr addrspace(1) %a, i32 %id
  %pb = getelementptr <2 x i16>, ptr addrspace(1) %b, i32 %id
  %x = load <2 x i16>, ptr addrspace(1) %pa
  %y = load <2 x i16>, ptr addrspace(1) %pb
  %d = call <2 x i16> @llvm.ssub.sat.v2i16(<2 x i16> %x, <2 x i16> %y)
  %e = call <2 x i16> @llvm.uadd.sat.v2i16(<2 x i16> %d, <2 x i16> %y)
  store <2 x i16> %e, ptr addrspace(1) %pa
  %qa = getelementptr <4 x i16>, ptr addrspace(1) %a, i32 %id
  %qb = getelementptr <4 x i16>, ptr addrspace(1) %b, i32 %id
  %u = load <4 x i16>, ptr addrspace(1) %qa
  %v = load <4 x i16>, ptr addrspace(1) %qb
  %w = call <4 x i16> @llvm.umin.v4i16(<4 x i16> %u, <4 x i16> %v)
  store <4 x i16> %w, ptr addrspace(1) %qb
  ret void
}

; A pair built from two scalars computed alone: one v_perm_b32 (selector
; 0x01000504 in an SGPR: low half of src0, then of src1), then the packed
; max; the constant operand is one s_mov_b32 of both halves.
; CHECK-LABEL: k_perm:
; (the two s_mov_b32 may issue before the load's wait: sched-uses)
; CHECK: global_load_ushort [[S0:v[0-9]+]]
; CHECK-DAG: s_mov_b32 [[SEL:s[0-9]+]], 0x1000504
; CHECK-DAG: s_mov_b32 [[K:s[0-9]+]], 0xfff90003
; CHECK-DAG: v_mul_u32_u24_e32 [[S1:v[0-9]+]], 3, [[S0]]
; CHECK: v_perm_b32 [[P:v[0-9]+]], [[S0]], [[S1]], [[SEL]]
; CHECK: v_pk_max_i16 [[M:v[0-9]+]], v{{[0-9]+}}, [[P]]
; CHECK: v_pk_max_i16 v{{[0-9]+}}, [[M]], [[K]]
; CHECK: s_endpgm
define amdgpu_kernel void @k_perm(ptr addrspace(1) %a, ptr addrspace(1) %b) {
  %id = call i32 @llvm.amdgcn.workitem.id.x()
  %pa = getelementptr <2 x i16>, ptr addrspace(1) %a, i32 %id
  %x = load <2 x i16>, ptr addrspace(1) %pa
  %pb = getelementptr i16, ptr addrspace(1) %b, i32 %id
  %s0 = load i16, ptr addrspace(1) %pb
  %s1 = mul i16 %s0, 3
  %t0 = insertelement <2 x i16> poison, i16 %s0, i32 0
  %t = insertelement <2 x i16> %t0, i16 %s1, i32 1
  %m = call <2 x i16> @llvm.smax.v2i16(<2 x i16> %x, <2 x i16> %t)
  %k = call <2 x i16> @llvm.smax.v2i16(<2 x i16> %m, <2 x i16> <i16 3, i16 -7>)
  store <2 x i16> %k, ptr addrspace(1) %pa
  ret void
}
declare <2 x i16> @llvm.smax.v2i16(<2 x i16>, <2 x i16>)
