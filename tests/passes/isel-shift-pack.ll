; Shift amounts masked to the bits the hardware reads anyway (y & 31 for
; 32-bit shifts, y & 63 for 64-bit ones) use y; small elements packed into
; dwords with v_lshl_or_b32 (the top element unmasked, an element loaded
; zero-extended unmasked), s_pack_ll_b32_b16 for uniform 16-bit pairs.
; RUN: %wavecc %s -S -o - | FileCheck %s
target triple = "amdgcn-amd-amdhsa"

declare i32 @llvm.amdgcn.workitem.id.x()

; CHECK-LABEL: k_shift_mask:
; CHECK-NOT: v_and_b32
; CHECK: v_lshlrev_b32_e32
; CHECK: v_lshrrev_b64
; CHECK-NOT: v_and_b32
; CHECK: s_endpgm
define amdgpu_kernel void @k_shift_mask(ptr addrspace(1) %p, ptr addrspace(1) %q) {
  %id = call i32 @llvm.amdgcn.workitem.id.x()
  %ga = getelementptr i32, ptr addrspace(1) %p, i32 %id
  %gb = getelementptr i64, ptr addrspace(1) %q, i32 %id
  %a = load i32, ptr addrspace(1) %ga
  %n = and i32 %a, 31
  %s = shl i32 %a, %n
  store i32 %s, ptr addrspace(1) %ga
  %b = load i64, ptr addrspace(1) %gb
  %m = and i64 %b, 63
  %t = lshr i64 %b, %m
  store i64 %t, ptr addrspace(1) %gb
  ret void
}

; A mask that drops bits the hardware reads stays.
; CHECK-LABEL: k_shift_mask_narrow:
; CHECK: v_and_b32_e32 v{{[0-9]+}}, 15,
; CHECK: s_endpgm
define amdgpu_kernel void @k_shift_mask_narrow(ptr addrspace(1) %p) {
  %id = call i32 @llvm.amdgcn.workitem.id.x()
  %ga = getelementptr i32, ptr addrspace(1) %p, i32 %id
  %a = load i32, ptr addrspace(1) %ga
  %n = and i32 %a, 15
  %s = shl i32 %a, %n
  store i32 %s, ptr addrspace(1) %ga
  ret void
}

; <2 x i16> computed in VGPRs, stored as one dword: one packed shift
; (a + a) on the loaded dword, nothing to unpack or repack
; (isel_packed.c).
; CHECK-LABEL: k_pack_short2:
; CHECK: s_mov_b32 [[K:s[0-9]+]], 0x10001
; CHECK: v_pk_lshlrev_b16 [[R:v[0-9]+]], [[K]], v{{[0-9]+}}
; CHECK-NEXT: global_store_dword v{{[0-9]+}}, [[R]],
; CHECK-NOT: v_lshl_or_b32
; CHECK: s_endpgm
define amdgpu_kernel void @k_pack_short2(ptr addrspace(1) %p) {
  %id = call i32 @llvm.amdgcn.workitem.id.x()
  %ga = getelementptr <2 x i16>, ptr addrspace(1) %p, i32 %id
  %a = load <2 x i16>, ptr addrspace(1) %ga
  %s = add <2 x i16> %a, %a
  store <2 x i16> %s, ptr addrspace(1) %ga
  ret void
}

; <4 x i8> of bytes with undefined upper bits: three v_perm_b32 (bytes
; 0 of elements 0, 1 and of 2, 3 into two halves, then the halves), where
; masking and shifting took three v_and_b32 and three v_lshl_or_b32
; (isel_packed_perm_word).
; CHECK-LABEL: k_pack_char4:
; CHECK-NOT: v_and_b32
; (both selectors may issue while the load is in flight: sched-uses)
; CHECK-DAG: s_mov_b32 [[B:s[0-9]+]], 0xc0c0004
; CHECK-DAG: s_mov_b32 [[H:s[0-9]+]], 0x1000504
; CHECK: v_perm_b32 [[LO:v[0-9]+]], v{{[0-9]+}}, v{{[0-9]+}}, [[B]]
; CHECK-NEXT: v_perm_b32 [[HI:v[0-9]+]], v{{[0-9]+}}, v{{[0-9]+}}, [[B]]
; CHECK-NEXT: v_perm_b32 v{{[0-9]+}}, [[LO]], [[HI]], [[H]]
; CHECK-NOT: v_and_b32
; CHECK-NOT: v_or_b32
; CHECK-NOT: v_lshl_or_b32
; CHECK: s_endpgm
define amdgpu_kernel void @k_pack_char4(ptr addrspace(1) %p) {
  %id = call i32 @llvm.amdgcn.workitem.id.x()
  %ga = getelementptr <4 x i8>, ptr addrspace(1) %p, i32 %id
  %a = load <4 x i8>, ptr addrspace(1) %ga
  %s = add <4 x i8> %a, %a
  store <4 x i8> %s, ptr addrspace(1) %ga
  ret void
}

; Uniform <2 x i16>: s_pack_ll_b32_b16.
; CHECK-LABEL: k_pack_uniform:
; CHECK-NOT: s_and_b32
; CHECK: s_pack_ll_b32_b16
; CHECK-NOT: s_or_b32
; CHECK: s_endpgm
define amdgpu_kernel void @k_pack_uniform(ptr addrspace(1) %p, <2 x i16> %a) {
  %s = add <2 x i16> %a, %a
  store <2 x i16> %s, ptr addrspace(1) %p
  ret void
}
