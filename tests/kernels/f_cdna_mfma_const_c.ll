; MFMA with a splat-constant accumulator: llc-19 puts the constant into
; the C operand as an inline constant (v_mfma_f32_32x32x8f16 ..., 1.0;
; LLVM's llvm.amdgcn.mfma.ll test_mfma_f32_32x32x8f16_imm_splat), which
; the emulator did not model (tests/llvm-coverage
; known-differences.gfx942.txt: the kernel was hidden from the
; differential); wavecc materialises it in registers, as llc-19 the f64
; one (the unit test test_emu_llc_forms runs an f64 MFMA with an
; inline-constant C). A = B = ones, so
; every element of D is K + C whatever the layout: 8 + 1.0 (f32 from f16,
; K = 8) and 4 - 2.0 (f64, K = 4). Expected values by hand.
; [config]
; name: MFMA with an inline-constant C
; device_regex: gfx90a|gfx942
; dimensions: 1
; global_size: 64 0 0
; local_size: 64 0 0
;
; [test]
; name: f32_32x32x8f16, C = 1.0
; kernel_name: k_f16
; arg_out: 0 buffer float[1024] repeat 9
;
; [test]
; name: f64_16x16x4f64, C = -2.0
; kernel_name: k_f64
; arg_out: 0 buffer double[256] repeat 2

target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @k_f16(ptr addrspace(1) %out) {
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %d = call <16 x float> @llvm.amdgcn.mfma.f32.32x32x8f16(<4 x half> <half 1.0, half 1.0, half 1.0, half 1.0>, <4 x half> <half 1.0, half 1.0, half 1.0, half 1.0>, <16 x float> <float 1.0, float 1.0, float 1.0, float 1.0, float 1.0, float 1.0, float 1.0, float 1.0, float 1.0, float 1.0, float 1.0, float 1.0, float 1.0, float 1.0, float 1.0, float 1.0>, i32 0, i32 0, i32 0)
  %p = getelementptr <16 x float>, ptr addrspace(1) %out, i32 %tid
  store <16 x float> %d, ptr addrspace(1) %p
  ret void
}

define amdgpu_kernel void @k_f64(ptr addrspace(1) %out) {
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %d = call <4 x double> @llvm.amdgcn.mfma.f64.16x16x4f64(double 1.0, double 1.0, <4 x double> <double -2.0, double -2.0, double -2.0, double -2.0>, i32 0, i32 0, i32 0)
  %p = getelementptr <4 x double>, ptr addrspace(1) %out, i32 %tid
  store <4 x double> %d, ptr addrspace(1) %p
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
declare <16 x float> @llvm.amdgcn.mfma.f32.32x32x8f16(<4 x half>, <4 x half>, <16 x float>, i32, i32, i32)
declare <4 x double> @llvm.amdgcn.mfma.f64.16x16x4f64(double, double, <4 x double>, i32, i32, i32)
