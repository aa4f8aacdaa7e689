; Zero extension of an i8 that is the XOR (or OR, or AND with anything) of
; zero-extending byte loads needs no v_and_b32: the loads clear bits 8..31
; and the logic keeps them clear (isel_zext.c, two levels deep). An ADD
; can carry into bit 8: its extension keeps the mask.
; RUN: %wavecc %s -S -o - | FileCheck %s
target triple = "amdgcn-amd-amdhsa"

declare i32 @llvm.amdgcn.workitem.id.x()

; CHECK-LABEL: k_xor:
; CHECK: v_xor_b32_e32 [[X:v[0-9]+]],
; CHECK-NOT: v_and_b32
; CHECK: global_store_dword v{{[0-9]+}}, [[X]], s[{{[0-9:]+}}]
; CHECK: v_add_u32
; CHECK: v_and_b32_e32 v{{[0-9]+}}, 0xff,
; CHECK: s_endpgm
define amdgpu_kernel void @k_xor(ptr addrspace(1) %p, ptr addrspace(1) %q) {
  %id = call i32 @llvm.amdgcn.workitem.id.x()
  %pa = getelementptr i8, ptr addrspace(1) %p, i32 %id
  %a = load i8, ptr addrspace(1) %pa
  %pb = getelementptr i8, ptr addrspace(1) %pa, i32 64
  %b = load i8, ptr addrspace(1) %pb
  %x = xor i8 %a, %b
  %z = zext i8 %x to i32
  %pq = getelementptr i32, ptr addrspace(1) %q, i32 %id
  store i32 %z, ptr addrspace(1) %pq
  %s = add i8 %a, %b
  %zs = zext i8 %s to i32
  %pq2 = getelementptr i32, ptr addrspace(1) %pq, i32 64
  store i32 %zs, ptr addrspace(1) %pq2
  ret void
}
