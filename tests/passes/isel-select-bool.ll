; A select of lane masks (i1) with a constant arm, LLVM's form of the
; logical && and || (isel_alu.c, sel_select): one SALU op, not the
; general (t & c) | (f & ~c) with a materialised 0 or -1; and an i1 xor
; with true as s_not_b64.
; RUN: %wavecc %s -S -o - | FileCheck %s
target triple = "amdgcn-amd-amdhsa"

declare i32 @llvm.amdgcn.workitem.id.x()

; CHECK-LABEL: k_and:
; CHECK: v_cmp_ne_u32_e64 [[A:s\[[0-9]+:[0-9]+\]]], 0, v
; CHECK: v_cmp_ne_u32_e64 [[B:s\[[0-9]+:[0-9]+\]]], 0, v
; CHECK-NOT: s_mov_b64
; CHECK-NOT: s_andn2_b64
; CHECK: s_and_b64 [[R:s\[[0-9]+:[0-9]+\]]], {{.*}}[[A]]
; CHECK-NOT: s_or_b64
; CHECK: v_cndmask_b32_e64 {{v[0-9]+}}, 0, 1, [[R]]
define amdgpu_kernel void @k_and(ptr addrspace(1) %p, ptr addrspace(1) %q) {
  %id = call i32 @llvm.amdgcn.workitem.id.x()
  %ga = getelementptr i32, ptr addrspace(1) %p, i32 %id
  %gb = getelementptr i32, ptr addrspace(1) %q, i32 %id
  %a = load i32, ptr addrspace(1) %ga
  %b = load i32, ptr addrspace(1) %gb
  %ca = icmp ne i32 %a, 0
  %cb = icmp ne i32 %b, 0
  %r = select i1 %ca, i1 %cb, i1 false
  %z = zext i1 %r to i32
  store i32 %z, ptr addrspace(1) %ga
  ret void
}

; The IR passes turn these into or/and with a not (xor with true): the
; not is one s_not_b64 (isel_alu.c, sel_binop), not s_mov_b64 -1 and
; s_xor_b64.
; CHECK-LABEL: k_or_andn2_orn2:
; CHECK-NOT: s_mov_b64
; CHECK-NOT: s_xor_b64
; CHECK: s_or_b64
; CHECK: s_not_b64
; CHECK-NOT: s_mov_b64
; CHECK-NOT: s_xor_b64
; CHECK: s_endpgm
define amdgpu_kernel void @k_or_andn2_orn2(ptr addrspace(1) %p, ptr addrspace(1) %q) {
  %id = call i32 @llvm.amdgcn.workitem.id.x()
  %ga = getelementptr i32, ptr addrspace(1) %p, i32 %id
  %gb = getelementptr i32, ptr addrspace(1) %q, i32 %id
  %a = load i32, ptr addrspace(1) %ga
  %b = load i32, ptr addrspace(1) %gb
  %ca = icmp slt i32 %a, %b
  %cb = icmp eq i32 %b, 7
  %r1 = select i1 %ca, i1 true, i1 %cb
  %r2 = select i1 %ca, i1 false, i1 %cb
  %r3 = select i1 %ca, i1 %cb, i1 true
  %z1 = zext i1 %r1 to i32
  %z2 = zext i1 %r2 to i32
  %z3 = zext i1 %r3 to i32
  %s1 = shl i32 %z2, 1
  %s2 = shl i32 %z3, 2
  %o1 = or i32 %z1, %s1
  %o2 = or i32 %o1, %s2
  store i32 %o2, ptr addrspace(1) %ga
  ret void
}
