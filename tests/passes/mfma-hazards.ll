; MFMA wait states (issue 25; target_mfma.c, hazards_mfma.c): wavecc pads
; a read of an MFMA's D as llc-19 does (GCNHazardRecognizer): a store of
; the D of v_mfma_f32_16x16x4f32 (8 passes) needs 11 wait states on
; gfx90a; an MFMA accumulating into the previous one's D needs none; the
; f64 16x16x4 DGEMM's D read by a store needs 18. Before issue 25 wavecc
; selected no MFMA. The accesses are per lane (a uniform load would be
; an s_load, moving the stores' distance from the MFMAs).
; RUN: %wavecc -mcpu=gfx90a %s -S -o - | FileCheck %s
; CHECK-LABEL: k:
; CHECK: v_mfma_f32_16x16x4f32 [[D:v\[[0-9]+:[0-9]+\]]], {{v[0-9]+}}, {{v[0-9]+}}, {{v\[[0-9]+:[0-9]+\]}}
; CHECK-NEXT: v_mfma_f32_16x16x4f32 [[D]], {{v[0-9]+}}, {{v[0-9]+}}, [[D]]
; CHECK-NEXT: s_nop 7
; CHECK-NEXT: s_nop 2
; CHECK-NEXT: global_store_dwordx4 {{v[0-9]+}}, [[D]]
; CHECK-LABEL: k64:
; CHECK: v_mfma_f64_16x16x4f64
; CHECK-NEXT: s_nop 7
; CHECK-NEXT: s_nop 7
; CHECK-NEXT: s_nop 1
; CHECK-NEXT: global_store_dwordx4
target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @k(ptr addrspace(1) %p0, float %a, float %b) {
  %id = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr <4 x float>, ptr addrspace(1) %p0, i32 %id
  %c = load <4 x float>, ptr addrspace(1) %p
  %d = call <4 x float> @llvm.amdgcn.mfma.f32.16x16x4f32(float %a, float %b, <4 x float> %c, i32 0, i32 0, i32 0)
  %e = call <4 x float> @llvm.amdgcn.mfma.f32.16x16x4f32(float %a, float %b, <4 x float> %d, i32 0, i32 0, i32 0)
  store <4 x float> %e, ptr addrspace(1) %p
  ret void
}

define amdgpu_kernel void @k64(ptr addrspace(1) %p0, double %a, double %b) {
  %id = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr <4 x double>, ptr addrspace(1) %p0, i32 %id
  %c = load <4 x double>, ptr addrspace(1) %p
  %d = call <4 x double> @llvm.amdgcn.mfma.f64.16x16x4f64(double %a, double %b, <4 x double> %c, i32 0, i32 0, i32 0)
  store <4 x double> %d, ptr addrspace(1) %p
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
declare <4 x float> @llvm.amdgcn.mfma.f32.16x16x4f32(float, float, <4 x float>, i32, i32, i32)
declare <4 x double> @llvm.amdgcn.mfma.f64.16x16x4f64(double, double, <4 x double>, i32, i32, i32)
