; Packing byte elements for a store (isel_packed.c, gather_bytes): bytes
; that are bytes of at most two dwords take one v_perm_b32 (selector 4-7:
; the first source's bytes, 0-3 the second's, 12: a zero byte), and a
; dword's own bytes in order take none; not a v_and_b32 and a
; v_lshl_or_b32 per byte.
; RUN: %wavecc %s -S -o - | FileCheck %s
target triple = "amdgcn-amd-amdhsa"

declare i32 @llvm.amdgcn.workitem.id.x()

; A byte vector copied: the loaded dword is stored as it is.
; CHECK-LABEL: k_copy:
; CHECK: global_load_dword [[V:v[0-9]+]]
; CHECK-NOT: v_perm_b32
; CHECK-NOT: v_lshl_or_b32
; CHECK: global_store_dword v{{[0-9]+}}, [[V]]
define amdgpu_kernel void @k_copy(ptr addrspace(1) %out, ptr addrspace(1) %in) {
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %pa = getelementptr <4 x i8>, ptr addrspace(1) %in, i32 %t
  %a = load volatile <4 x i8>, ptr addrspace(1) %pa
  %po = getelementptr <4 x i8>, ptr addrspace(1) %out, i32 %t
  store volatile <4 x i8> %a, ptr addrspace(1) %po
  ret void
}

; Reversed: one v_perm_b32 with the selector 0x04050607.
; CHECK-LABEL: k_rev:
; CHECK: s_mov_b32 [[S:s[0-9]+]], 0x4050607
; CHECK: v_perm_b32 v{{[0-9]+}}, [[V:v[0-9]+]], [[V]], [[S]]
; CHECK-NOT: v_lshl_or_b32
; CHECK: s_endpgm
define amdgpu_kernel void @k_rev(ptr addrspace(1) %out, ptr addrspace(1) %in) {
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %pa = getelementptr <4 x i8>, ptr addrspace(1) %in, i32 %t
  %a = load volatile <4 x i8>, ptr addrspace(1) %pa
  %r = shufflevector <4 x i8> %a, <4 x i8> poison, <4 x i32> <i32 3, i32 2, i32 1, i32 0>
  %po = getelementptr <4 x i8>, ptr addrspace(1) %out, i32 %t
  store <4 x i8> %r, ptr addrspace(1) %po
  ret void
}

; Mixed from two dwords: bytes 1 and 3 of a, 0 and 2 of b, one v_perm_b32
; (selector 0x02070005: a is the first source).
; CHECK-LABEL: k_mix:
; CHECK: s_mov_b32 [[S:s[0-9]+]], 0x2070005
; CHECK: v_perm_b32 v{{[0-9]+}}, v{{[0-9]+}}, v{{[0-9]+}}, [[S]]
; CHECK-NOT: v_lshl_or_b32
; CHECK: s_endpgm
define amdgpu_kernel void @k_mix(ptr addrspace(1) %out, ptr addrspace(1) %in) {
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %pa = getelementptr <4 x i8>, ptr addrspace(1) %in, i32 %t
  %a = load volatile <4 x i8>, ptr addrspace(1) %pa
  %pb = getelementptr <4 x i8>, ptr addrspace(1) %pa, i32 64
  %b = load volatile <4 x i8>, ptr addrspace(1) %pb
  %r = shufflevector <4 x i8> %a, <4 x i8> %b, <4 x i32> <i32 1, i32 4, i32 3, i32 6>
  %po = getelementptr <4 x i8>, ptr addrspace(1) %out, i32 %t
  store <4 x i8> %r, ptr addrspace(1) %po
  ret void
}
