; Packed work-item ids (gfx90a, gfx942, gfx11: v0 = x | y << 10 | z << 20):
; x = v0 & 0x3ff, and a mask or shift of x reads v0 directly (simplify.c
; input_mask_fold), as llc-19 folds them: get_local_id(0) % 16 is one
; v_and_b32 15, v0 and get_local_id(0) / 16 one v_bfe_u32 v0, 4, 6, with
; no v_and_b32 0x3ff left (before: three instructions). gfx900 has the
; ids unpacked and selects one v_and and one v_lshrrev as before. (The
; kernel reads the id y too: without it, v0 holds x alone and is never
; masked, kernel k1.)
; RUN: %wavecc -mcpu=gfx90a %s -S -o - | FileCheck %s --check-prefix=CDNA
; RUN: %wavecc -mcpu=gfx942 %s -S -o - | FileCheck %s --check-prefix=CDNA
; RUN: %wavecc -mcpu=gfx900 %s -S -o - | FileCheck %s --check-prefix=G900
; CDNA-LABEL: k:
; CDNA-NOT: 0x3ff
; CDNA-DAG: v_and_b32_e32 {{v[0-9]+}}, 15, v0
; CDNA-DAG: v_bfe_u32 {{v[0-9]+}}, v0, 4, 6
; CDNA-NOT: 0x3ff
; CDNA: s_endpgm
; G900-LABEL: k:
; G900-DAG: v_and_b32_e32 {{v[0-9]+}}, 15, v0
; G900-DAG: v_lshrrev_b32_e32 {{v[0-9]+}}, 4, v0
; G900: s_endpgm
; CDNA-LABEL: k1:
; CDNA-NOT: 0x3ff
; CDNA-DAG: v_and_b32_e32 {{v[0-9]+}}, 15, v0
; CDNA-DAG: v_lshrrev_b32_e32 {{v[0-9]+}}, 4, v0
; CDNA-NOT: 0x3ff
; CDNA: s_endpgm
target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @k(ptr addrspace(1) %p, ptr addrspace(1) %py) {
  %l = call i32 @llvm.amdgcn.workitem.id.x()
  %y = call i32 @llvm.amdgcn.workitem.id.y()
  %j = and i32 %l, 15
  %q = lshr i32 %l, 4
  %a = getelementptr i32, ptr addrspace(1) %p, i32 %j
  store i32 %q, ptr addrspace(1) %a
  store i32 %y, ptr addrspace(1) %py
  ret void
}

define amdgpu_kernel void @k1(ptr addrspace(1) %p) {
  %l = call i32 @llvm.amdgcn.workitem.id.x()
  %j = and i32 %l, 15
  %q = lshr i32 %l, 4
  %a = getelementptr i32, ptr addrspace(1) %p, i32 %j
  store i32 %q, ptr addrspace(1) %a
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
declare i32 @llvm.amdgcn.workitem.id.y()
