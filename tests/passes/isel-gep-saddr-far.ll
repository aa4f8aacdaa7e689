; A GEP in the global saddr form (uniform base + divergent 32-bit offset,
; isel_gep_saddr) whose constant lies past the offset field keeps the form:
; the part below a multiple of split_granule stays in the field, the
; multiple is one v_add_u32 on the 32-bit VGPR offset, shared by the GEPs
; of one index and multiple (cse), when the index times the element size
; plus it provably stays below 2^32 (workitem.id.x < 1024). Before, each
; such GEP was a 64-bit address (v_mad_u64_u32, then add-with-carry pairs
; for the multiple) and the accesses `off`: three dependent VALU results
; before the first store (tests/kernels/f_dot_intrinsics.ll at gfx1030,
; whose field holds -2048..2047). A negative constant or an index not
; known to be small keeps the 64-bit form.
; RUN: %wavecc -mcpu=gfx1030 %s -S -o - | FileCheck %s
; RUN: %wavecc -mcpu=gfx900 %s -S -o - | FileCheck %s
target triple = "amdgcn-amd-amdhsa"

declare i32 @llvm.amdgcn.workitem.id.x()

; CHECK-LABEL: k_far:
; CHECK-NOT: v_mad_u64_u32
; CHECK-NOT: v_addc
; CHECK: v_add_{{(nc_)?}}u32_e32 [[O:v[0-9]+]], 0x1000, v{{[0-9]+}}
; CHECK-NOT: v_add
; CHECK: global_store_dword [[O]], v{{[0-9]+}}, s[{{[0-9]+}}:{{[0-9]+}}]{{$}}
; CHECK-NOT: v_add
; CHECK: global_store_dword [[O]], v{{[0-9]+}}, s[{{[0-9]+}}:{{[0-9]+}}] offset:256
; CHECK: s_endpgm
define amdgpu_kernel void @k_far(ptr addrspace(1) %out, i32 %v) {
  %i = call i32 @llvm.amdgcn.workitem.id.x()
  %j0 = add i32 %i, 1024
  %p0 = getelementptr i32, ptr addrspace(1) %out, i32 %j0
  store i32 %v, ptr addrspace(1) %p0
  %w = add i32 %v, 1
  %j1 = add i32 %i, 1088
  %p1 = getelementptr i32, ptr addrspace(1) %out, i32 %j1
  store i32 %w, ptr addrspace(1) %p1
  ret void
}

; CHECK-LABEL: k_neg:
; CHECK: global_store_dword v[{{[0-9]+}}:{{[0-9]+}}], v{{[0-9]+}}, off
; CHECK: s_endpgm
define amdgpu_kernel void @k_neg(ptr addrspace(1) %out, i32 %v) {
  %i = call i32 @llvm.amdgcn.workitem.id.x()
  %x = zext nneg i32 %i to i64
  %p0 = getelementptr i32, ptr addrspace(1) %out, i64 %x
  %p1 = getelementptr i8, ptr addrspace(1) %p0, i64 -8192
  store i32 %v, ptr addrspace(1) %p1
  ret void
}
