; A <4 x half> MFMA operand concatenated from two loaded <2 x half>
; (shufflevector, as clang writes app_mfma_matmul.cl's matmul_f16 A
; operand) is the two loaded dwords as they are: the shuffle keeps its
; sources' packed shadow (isel_alu.c shuffle_packed_words), so nothing
; splits a dword into halves and joins them again (before: a
; v_lshrrev_b32 16 and a v_perm_b32 per dword, 4 VALU instructions per
; loop iteration of matmul_f16).
; Since the load-store vectoriser merges the two align-2 loads (global
; memory at any alignment, tti_model.cpp), they are one dwordx2 load, as
; in llc-19.
; RUN: %wavecc -mcpu=gfx90a %s -S -o - | FileCheck %s
; CHECK-LABEL: k:
; CHECK: global_load_dwordx2 v{{\[}}[[LO:[0-9]+]]:[[HI:[0-9]+]]{{\]}}
; CHECK-NOT: v_perm_b32
; CHECK-NOT: v_lshrrev_b32
; CHECK: v_mfma_f32_32x32x8f16 {{v\[[0-9]+:[0-9]+\]}}, v{{\[}}[[LO]]:[[HI]]{{\]}}
target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @k(ptr addrspace(1) %a, ptr addrspace(1) %b, ptr addrspace(1) %d) {
  %l = call i32 @llvm.amdgcn.workitem.id.x()
  %pa = getelementptr <4 x half>, ptr addrspace(1) %a, i32 %l
  %pa1 = getelementptr i8, ptr addrspace(1) %pa, i32 4
  %x0 = load <2 x half>, ptr addrspace(1) %pa, align 2
  %x1 = load <2 x half>, ptr addrspace(1) %pa1, align 2
  %x = shufflevector <2 x half> %x0, <2 x half> %x1, <4 x i32> <i32 0, i32 1, i32 2, i32 3>
  %pb = getelementptr <4 x half>, ptr addrspace(1) %b, i32 %l
  %y = load <4 x half>, ptr addrspace(1) %pb, align 8
  %r = call <16 x float> @llvm.amdgcn.mfma.f32.32x32x8f16(<4 x half> %x, <4 x half> %y, <16 x float> zeroinitializer, i32 0, i32 0, i32 0)
  %pd = getelementptr <16 x float>, ptr addrspace(1) %d, i32 %l
  store <16 x float> %r, ptr addrspace(1) %pd
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
declare <16 x float> @llvm.amdgcn.mfma.f32.32x32x8f16(<4 x half>, <4 x half>, <16 x float>, i32, i32, i32)
