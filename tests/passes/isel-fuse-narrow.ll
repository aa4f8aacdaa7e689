; Fused VOP3 forms on i8/i16 values (isel_fuse.c): their low bits depend
; only on the operands' low bits, so (b << 3) | a on i8 is one
; v_lshl_or_b32 like on i32. A shift amount that is not a constant below
; the width stays unfused: v_lshl_or_b32 reads bits 4:0 of the amount,
; which are undefined above an i8's bits. (The machine pass fuse-shift-add
; then fuses the selected v_lshlrev_b32 + v_or_b32 of k_var: at that level
; both read the same amount register's bits 4:0, so the result is the same
; as the two instructions'.) Packing <8 x i1> into a byte
; (lower-bool-vectors, wir_pack_vector) selects 1 << k or 0 per bit, one
; v_cndmask_b32 each, and ORs them three at a time: no zext, no shifts.
; RUN: %wavecc %s -S -o - | FileCheck %s
target triple = "amdgcn-amd-amdhsa"

declare i32 @llvm.amdgcn.workitem.id.x()

; CHECK-LABEL: k_const:
; CHECK: v_lshl_or_b32 v{{[0-9]+}}, v{{[0-9]+}}, 3, v{{[0-9]+}}
; CHECK-NOT: v_or_b32
; CHECK: s_endpgm
define amdgpu_kernel void @k_const(ptr addrspace(1) %p) {
  %id = call i32 @llvm.amdgcn.workitem.id.x()
  %pa = getelementptr i8, ptr addrspace(1) %p, i32 %id
  %a = load i8, ptr addrspace(1) %pa
  %pb = getelementptr i8, ptr addrspace(1) %pa, i32 64
  %b = load i8, ptr addrspace(1) %pb
  %s = shl i8 %b, 3
  %r = or i8 %s, %a
  store i8 %r, ptr addrspace(1) %pa
  ret void
}

; CHECK-LABEL: k_var:
; CHECK: v_and_b32_e32 [[K:v[0-9]+]], 7,
; CHECK: v_lshl_or_b32 v{{[0-9]+}}, v{{[0-9]+}}, [[K]], v{{[0-9]+}}
; CHECK: s_endpgm
define amdgpu_kernel void @k_var(ptr addrspace(1) %p) {
  %id = call i32 @llvm.amdgcn.workitem.id.x()
  %pa = getelementptr i8, ptr addrspace(1) %p, i32 %id
  %a = load i8, ptr addrspace(1) %pa
  %pb = getelementptr i8, ptr addrspace(1) %pa, i32 64
  %b = load i8, ptr addrspace(1) %pb
  %k = and i8 %a, 7
  %s = shl i8 %b, %k
  %r = or i8 %s, %a
  store i8 %r, ptr addrspace(1) %pa
  ret void
}

; CHECK-LABEL: k_bits:
; CHECK: global_load_dwordx4
; CHECK-COUNT-8: v_cndmask_b32_e64
; CHECK-NOT: v_lshlrev_b32
; CHECK: v_or3_b32
; CHECK: global_store_byte
define amdgpu_kernel void @k_bits(ptr addrspace(1) %p, ptr addrspace(1) %q) {
  %id = call i32 @llvm.amdgcn.workitem.id.x()
  %pa = getelementptr <8 x i32>, ptr addrspace(1) %p, i32 %id
  %v = load <8 x i32>, ptr addrspace(1) %pa
  %m = icmp sgt <8 x i32> %v, zeroinitializer
  %pq = getelementptr <8 x i1>, ptr addrspace(1) %q, i32 %id
  store <8 x i1> %m, ptr addrspace(1) %pq
  ret void
}
