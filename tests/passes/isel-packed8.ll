; The packed shadow of <N x i8> values (isel_packed8.c): a loaded byte
; vector's dwords feed a byte-wise add (v_and_b32 x2, v_add_u32,
; v_xor_b32 x2, v_bfi_b32 with 0x80808080 per dword), a reversing
; shufflevector (one v_perm_b32 per dword) and a select by one condition
; (one v_cndmask_b32 per dword), and the store writes the result dwords:
; no per-byte v_lshrrev_b32 / v_add_u32 / repacking. (main ee7898a: four
; byte extracts, four adds and three v_perm_b32 or v_lshl_or_b32 per
; dword, one v_cndmask_b32 per byte.)
; RUN: %wavecc %s -S -o - | FileCheck %s
target triple = "amdgcn-amd-amdhsa"

declare i32 @llvm.amdgcn.workitem.id.x()

; CHECK-LABEL: k_add:
; CHECK-COUNT-2: v_bfi_b32
; CHECK-NOT: v_lshrrev_b32
; CHECK-NOT: v_lshl_or_b32
; CHECK: global_store_dwordx2
define amdgpu_kernel void @k_add(ptr addrspace(1) %out, ptr addrspace(1) %in) {
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %pa = getelementptr <8 x i8>, ptr addrspace(1) %in, i32 %t
  %a = load <8 x i8>, ptr addrspace(1) %pa
  %pb = getelementptr <8 x i8>, ptr addrspace(1) %pa, i32 64
  %b = load <8 x i8>, ptr addrspace(1) %pb
  %s = add <8 x i8> %a, %b
  %po = getelementptr <8 x i8>, ptr addrspace(1) %out, i32 %t
  store <8 x i8> %s, ptr addrspace(1) %po
  ret void
}

; CHECK-LABEL: k_rev_select:
; CHECK-COUNT-4: v_perm_b32
; CHECK-NOT: v_perm_b32
; CHECK-COUNT-4: v_cndmask_b32
; CHECK-NOT: v_cndmask_b32
; CHECK: global_store_dwordx4
define amdgpu_kernel void @k_rev_select(ptr addrspace(1) %out, ptr addrspace(1) %in, i32 %flag) {
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %pa = getelementptr <16 x i8>, ptr addrspace(1) %in, i32 %t
  %a = load <16 x i8>, ptr addrspace(1) %pa
  %r = shufflevector <16 x i8> %a, <16 x i8> poison, <16 x i32> <i32 15, i32 14, i32 13, i32 12, i32 11, i32 10, i32 9, i32 8, i32 7, i32 6, i32 5, i32 4, i32 3, i32 2, i32 1, i32 0>
  %c = icmp eq i32 %flag, 0
  %v = select i1 %c, <16 x i8> %r, <16 x i8> %a
  %po = getelementptr <16 x i8>, ptr addrspace(1) %out, i32 %t
  store <16 x i8> %v, ptr addrspace(1) %po
  ret void
}

; An xor with a constant: one v_xor_b32 per dword on the packed bytes.
; CHECK-LABEL: k_xor:
; CHECK: global_load_dword [[V:v[0-9]+]]
; CHECK: v_xor_b32_e32 [[R:v[0-9]+]], 0x5a5a5a5a, [[V]]
; CHECK-NEXT: global_store_dword v{{[0-9]+}}, [[R]]
define amdgpu_kernel void @k_xor(ptr addrspace(1) %out, ptr addrspace(1) %in) {
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %pa = getelementptr <4 x i8>, ptr addrspace(1) %in, i32 %t
  %a = load <4 x i8>, ptr addrspace(1) %pa
  %x = xor <4 x i8> %a, <i8 90, i8 90, i8 90, i8 90>
  %po = getelementptr <4 x i8>, ptr addrspace(1) %out, i32 %t
  store <4 x i8> %x, ptr addrspace(1) %po
  ret void
}
