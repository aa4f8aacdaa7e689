; VOPD dual issue at gfx1100 wave32 (passes/vopd.c, issue 24): the
; four multiplies, adds and (as v_fmac_f32, the allocator putting each fma
; result in its addend's register) fmas of a float4 pair into v_dual_*
; instructions, as llc-19 pairs them; --assembler=check compares the
; encoder with llvm-mc-19, the emulator runs both halves. Wave64 and
; gfx1030 have no VOPD. Expected values: 2ab + (1, 2, 3, 4).
; Fails on main (no v_dual_* emitted).
; RUN: %wavecc -mcpu=gfx1100 -S %s -o - | FileCheck %s
; RUN: %wavecc -mcpu=gfx1100 -mattr=+wavefrontsize64 -S %s -o - | FileCheck %s --check-prefix=NO
; RUN: %wavecc -mcpu=gfx1030 -S %s -o - | FileCheck %s --check-prefix=NO
; RUN: %wavecc-run --mcpu=gfx1100 -Xwavecc --assembler=check %s | FileCheck %s --check-prefix=OK
; RUN: %wavecc-run --mcpu=gfx1100 --compiler=llc %s | FileCheck %s --check-prefix=OK
; CHECK: v_dual_mul_f32 v{{[0-9]+}}, v{{[0-9]+}}, v{{[0-9]+}} :: v_dual_mul_f32
; CHECK: v_dual_add_f32 {{.*}} :: v_dual_add_f32
; CHECK: v_dual_fmac_f32 {{.*}} :: v_dual_fmac_f32
; NO-NOT: v_dual
; OK: 1 passed, 0 failed
;
; [config]
; name: vopd
; dimensions: 1
;
; [test]
; name: mul-add-fma
; kernel_name: k
; global_size: 8 0 0
; local_size: 8 0 0
; arg_in: 0 buffer float[32] 1.0 2.0 3.0 4.0 2.0 3.0 4.0 5.0 3.0 4.0 5.0 6.0 4.0 5.0 6.0 7.0 5.0 6.0 7.0 8.0 6.0 7.0 8.0 9.0 7.0 8.0 9.0 10.0 8.0 9.0 10.0 11.0
; arg_out: 0 buffer float[32] 2.0 6.0 12.0 20.0 7.0 14.0 23.0 34.0 16.0 26.0 38.0 52.0 29.0 42.0 57.0 74.0 46.0 62.0 80.0 100.0 67.0 86.0 107.0 130.0 92.0 114.0 138.0 164.0 121.0 146.0 173.0 202.0
; arg_in: 1 buffer float[32] 0.5 1.0 1.5 2.0 1.5 2.0 2.5 3.0 2.5 3.0 3.5 4.0 3.5 4.0 4.5 5.0 4.5 5.0 5.5 6.0 5.5 6.0 6.5 7.0 6.5 7.0 7.5 8.0 7.5 8.0 8.5 9.0
; arg_in: 2 float 0.0
target triple = "amdgcn-amd-amdhsa"
define amdgpu_kernel void @k(ptr addrspace(1) %p, ptr addrspace(1) %q, float %s) {
  %x = call i32 @llvm.amdgcn.workitem.id.x()
  %i = zext i32 %x to i64
  %pa = getelementptr <4 x float>, ptr addrspace(1) %p, i64 %i
  %a = load <4 x float>, ptr addrspace(1) %pa
  %qa = getelementptr <4 x float>, ptr addrspace(1) %q, i64 %i
  %b = load <4 x float>, ptr addrspace(1) %qa
  %m = fmul <4 x float> %a, %b
  %n = fadd <4 x float> %m, <float 1.0, float 2.0, float 3.0, float 4.0>
  %f = call <4 x float> @llvm.fma.v4f32(<4 x float> %a, <4 x float> %b, <4 x float> %n)
  store <4 x float> %f, ptr addrspace(1) %pa
  ret void
}
declare i32 @llvm.amdgcn.workitem.id.x()
declare <4 x float> @llvm.fma.v4f32(<4 x float>, <4 x float>, <4 x float>)
