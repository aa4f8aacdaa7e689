; separate-const-offset-from-gep (llc-19's pre-selection pass, run by wavecc
; with its own TargetTransformInfo, src/llvm/tti_model.cpp): the constant
; part of a GEP index is split off when the target's address mode can hold
; it, so the two accesses below share one base. The offset 600 floats =
; 2400 bytes fits gfx900's global_* offset field (-4096..4095) but not
; gfx1030's (-2048..2047): there it stays in the index.
; RUN: %wavecc-opt -mcpu=gfx900 -llvm-passes='function(separate-const-offset-from-gep)' %s | FileCheck %s --check-prefix=GFX9
; RUN: %wavecc-opt -mcpu=gfx1030 -llvm-passes='function(separate-const-offset-from-gep)' %s | FileCheck %s --check-prefix=GFX10
target triple = "amdgcn-amd-amdhsa"

; GFX9-LABEL: define amdgpu_kernel void @k(
; GFX9: %[[I:.*]] = sext i32 %i to i64
; GFX9: %[[B:.*]] = getelementptr float, ptr addrspace(1) %p, i64 %[[I]]
; GFX9: getelementptr i8, ptr addrspace(1) %[[B]], i64 20
; GFX9: getelementptr i8, ptr addrspace(1) %{{.*}}, i64 2400
; GFX10-LABEL: define amdgpu_kernel void @k(
; GFX10: getelementptr i8, ptr addrspace(1) %{{.*}}, i64 20
; GFX10-NOT: i64 2400
; GFX10: %h = getelementptr float, ptr addrspace(1) %p, i64 %bi
define amdgpu_kernel void @k(ptr addrspace(1) %p, i32 %i) {
  %a = add nsw i32 %i, 5
  %ai = sext i32 %a to i64
  %g = getelementptr float, ptr addrspace(1) %p, i64 %ai
  %v = load float, ptr addrspace(1) %g
  %b = add nsw i32 %i, 600
  %bi = sext i32 %b to i64
  %h = getelementptr float, ptr addrspace(1) %p, i64 %bi
  store float %v, ptr addrspace(1) %h
  ret void
}
