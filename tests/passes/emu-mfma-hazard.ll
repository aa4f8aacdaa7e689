; The emulator checks the MFMA dependency wait states of gfx90a and gfx942
; (issue 25; CDNA 2/3 ISA guides, "Dependency Resolution: Required
; Independent Instructions"): inline assembly, which no compiler pads,
; reads the D of a v_mfma_f32_16x16x4f32 (8 passes) in the next
; instruction: a fault, where 11 wait states (gfx90a) or 10 (gfx942, a
; non-XDL f32 MFMA) are needed. With s_nop 7 + s_nop 2 between, it runs.
; An MFMA accumulating into the D it just wrote needs none. Before issue 25
; the emulator accepted the unpadded read.
; RUN: rm -rf %t && split-file %s %t
; RUN: %not %wavecc-run --compiler=llc --mcpu=gfx90a %t/bad.ll 2>&1 | FileCheck %s --check-prefix=BAD90A
; RUN: %not %wavecc-run --compiler=llc --mcpu=gfx942 %t/bad.ll 2>&1 | FileCheck %s --check-prefix=BAD942
; RUN: %not %wavecc-run --compiler=llc --mcpu=gfx90a %t/war.ll 2>&1 | FileCheck %s --check-prefix=WAR
; RUN: %wavecc-run --compiler=llc --mcpu=gfx90a %t/good.ll 2>&1 | FileCheck %s --check-prefix=GOOD
; RUN: %wavecc-run --compiler=llc --mcpu=gfx942 %t/good.ll 2>&1 | FileCheck %s --check-prefix=GOOD
; BAD90A: hazard: a read of the result of an earlier v_mfma_f32_16x16x4f32 (its D v0, C v0) needs 11 wait states, only 0 present
; BAD942: hazard: a read of the result of an earlier v_mfma_f32_16x16x4f32 (its D v0, C v0) needs 10 wait states, only 0 present
; WAR: hazard: an overwrite of the C operand of an earlier v_mfma_f32_16x16x4f32 (its D v8, C v0) needs 7 wait states, only 1 present
; GOOD: 1 passed, 0 failed

;--- bad.ll
; [config]
; name: mfma result read too early
; dimensions: 1
;
; [test]
; name: unpadded
; kernel_name: k
; global_size: 64 0 0
; local_size: 64 0 0
; arg_out: 0 buffer int[64] repeat 0

target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @k(ptr addrspace(1) %out) {
  call void asm sideeffect "v_mov_b32 v0, 0\0Av_mov_b32 v1, 0\0Av_mov_b32 v2, 0\0Av_mov_b32 v3, 0\0Av_mov_b32 v4, 0\0Av_mov_b32 v5, 0\0As_nop 1\0Av_mfma_f32_16x16x4f32 v[0:3], v4, v5, v[0:3]\0Av_mov_b32 v6, v0", "~{v0},~{v1},~{v2},~{v3},~{v4},~{v5},~{v6}"()
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr i32, ptr addrspace(1) %out, i32 %t
  store i32 0, ptr addrspace(1) %p
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()

;--- war.ll
; [config]
; name: mfma C overwritten too early
; dimensions: 1
;
; [test]
; name: unpadded
; kernel_name: k
; global_size: 64 0 0
; local_size: 64 0 0
; arg_out: 0 buffer int[64] repeat 0

target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @k(ptr addrspace(1) %out) {
  call void asm sideeffect "v_mov_b32 v0, 0\0Av_mov_b32 v1, 0\0Av_mov_b32 v2, 0\0Av_mov_b32 v3, 0\0Av_mov_b32 v4, 0\0Av_mov_b32 v5, 0\0As_nop 1\0Av_mfma_f32_16x16x4f32 v[8:11], v4, v5, v[0:3]\0As_nop 0\0Av_mov_b32 v1, 0\0As_nop 7\0As_nop 7\0As_nop 2", "~{v0},~{v1},~{v2},~{v3},~{v4},~{v5},~{v8},~{v9},~{v10},~{v11}"()
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr i32, ptr addrspace(1) %out, i32 %t
  store i32 0, ptr addrspace(1) %p
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()

;--- good.ll
; [config]
; name: mfma result read after its wait states
; dimensions: 1
;
; [test]
; name: padded
; kernel_name: k
; global_size: 64 0 0
; local_size: 64 0 0
; arg_out: 0 buffer int[64] repeat 0

target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @k(ptr addrspace(1) %out) {
  call void asm sideeffect "v_mov_b32 v0, 0\0Av_mov_b32 v1, 0\0Av_mov_b32 v2, 0\0Av_mov_b32 v3, 0\0Av_mov_b32 v4, 0\0Av_mov_b32 v5, 0\0As_nop 1\0Av_mfma_f32_16x16x4f32 v[0:3], v4, v5, v[0:3]\0Av_mfma_f32_16x16x4f32 v[0:3], v4, v5, v[0:3]\0As_nop 7\0As_nop 2\0Av_mov_b32 v6, v0", "~{v0},~{v1},~{v2},~{v3},~{v4},~{v5},~{v6}"()
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr i32, ptr addrspace(1) %out, i32 %t
  store i32 0, ptr addrspace(1) %p
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
