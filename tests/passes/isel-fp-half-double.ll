; Half division and square root, f64 inline constants and f64 source
; modifiers (issue 14, floating point):
; - fdiv half: a*rcp(b) with one residual step in f32, v_div_fixup_f32 for
;   the special operands, one v_cvt_f16_f32 (8 instructions, correctly
;   rounded; the proof is at isel_fdiv16), not the 14 of a full f32 division;
; - llvm.sqrt.f16 is v_sqrt_f16, llvm.fabs.f16 its abs modifier;
; - zext of a half's bits needs no v_and_b32 0xffff after the GFX9 f16
;   instructions that zero the high half (add, sqrt, cvt_f16_f32 ending the
;   division), but keeps it after v_fma_f16 (which preserves it);
; - the f64 division's Newton steps take 1.0 as an inline constant (no
;   s_mov pair);
; - llvm.fabs.f64 / fneg feeding f64 arithmetic, compares, fma and sqrt
;   become |x| and -x source modifiers (no v_and/v_xor and no copies).
; - the correctly rounded f32 sqrt takes its scale factors as VOP2
;   literals and tests +-0/+inf with one v_cmp_class_f32 (0x260).
; RUN: %wavecc -S %s -o - | FileCheck %s
; CHECK-LABEL: k_hdiv:
; CHECK: v_cvt_f32_f16_e32 [[A:v[0-9]+]],
; CHECK: v_cvt_f32_f16_e32 [[B:v[0-9]+]],
; CHECK-NEXT: v_rcp_f32_e32 [[R:v[0-9]+]], [[B]]
; CHECK-NEXT: v_mul_f32_e32 [[Q:v[0-9]+]], [[A]], [[R]]
; CHECK-NEXT: v_fma_f32 [[E:v[0-9]+]], -[[B]], [[Q]], [[A]]
; CHECK-NEXT: v_fma_f32 [[Q1:v[0-9]+]], [[E]], [[R]], [[Q]]
; CHECK-NEXT: v_div_fixup_f32 [[F:v[0-9]+]], [[Q1]], [[B]], [[A]]
; CHECK-NEXT: v_cvt_f16_f32_e32 {{v[0-9]+}}, [[F]]
; CHECK-NOT: v_div_scale
; CHECK-NOT: v_div_fmas
; CHECK: s_endpgm
; CHECK-LABEL: k_hsqrt:
; CHECK-NOT: v_and_b32
; CHECK: v_sqrt_f16_e64 {{v[0-9]+}}, |{{v[0-9]+}}|
; CHECK-NOT: v_sqrt_f32
; CHECK: s_endpgm
; CHECK-LABEL: k_hzext:
; CHECK: v_add_f16_e32
; CHECK: v_fma_f16 [[FMA:v[0-9]+]],
; CHECK: v_and_b32_e32 {{v[0-9]+}}, 0xffff, [[FMA]]
; CHECK-NOT: v_and_b32
; CHECK: s_endpgm
; CHECK-LABEL: k_fsqrt:
; CHECK: v_mov_b32_e32 [[K:v[0-9]+]], 0x260
; CHECK: v_mul_f32_e32 {{v[0-9]+}}, 0x6f800000,
; CHECK: v_sqrt_f32_e32
; CHECK: v_mul_f32_e32 {{v[0-9]+}}, 0x27800000,
; CHECK: v_cmp_class_f32_e64 {{s\[[0-9:]+\]}}, {{v[0-9]+}}, [[K]]
; CHECK-NOT: s_or_b64
; CHECK: s_endpgm
; CHECK-LABEL: k_ddiv:
; CHECK-NOT: s_mov_b32 {{s[0-9]+}}, 0x3ff00000
; CHECK: v_fma_f64 v[{{[0-9:]+}}], -v[{{[0-9:]+}}], v[{{[0-9:]+}}], 1.0
; CHECK: v_fma_f64 v[{{[0-9:]+}}], -v[{{[0-9:]+}}], v[{{[0-9:]+}}], 1.0
; CHECK: s_endpgm
; CHECK-LABEL: k_dmods:
; CHECK-NOT: v_and_b32
; CHECK-NOT: v_xor_b32
; CHECK: v_add_f64 v[{{[0-9:]+}}], v[{{[0-9:]+}}], -|v[{{[0-9:]+}}]|
; CHECK: v_cmp_gt_f64_e64 {{s\[[0-9:]+\]}}, {{s\[[0-9:]+\]}}, |v[{{[0-9:]+}}]|
; CHECK: v_ldexp_f64 v[{{[0-9:]+}}], |v[{{[0-9:]+}}]|,
; CHECK: v_mul_f64 v[{{[0-9:]+}}], 0.5, v[{{[0-9:]+}}]
; CHECK: v_fma_f64 v[{{[0-9:]+}}], -v[{{[0-9:]+}}], v[{{[0-9:]+}}], 0.5
; CHECK-NOT: v_and_b32
; CHECK: s_endpgm
target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @k_hdiv(ptr addrspace(1) %p) {
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %pa = getelementptr half, ptr addrspace(1) %p, i32 %tid
  %pb = getelementptr half, ptr addrspace(1) %pa, i32 64
  %a = load half, ptr addrspace(1) %pa
  %b = load half, ptr addrspace(1) %pb
  %q = fdiv half %a, %b
  store half %q, ptr addrspace(1) %pa
  ret void
}

define amdgpu_kernel void @k_hsqrt(ptr addrspace(1) %p) {
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %pa = getelementptr half, ptr addrspace(1) %p, i32 %tid
  %a = load half, ptr addrspace(1) %pa
  %x = call half @llvm.fabs.f16(half %a)
  %s = call half @llvm.sqrt.f16(half %x)
  store half %s, ptr addrspace(1) %pa
  ret void
}

define amdgpu_kernel void @k_hzext(ptr addrspace(1) %p) {
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %pa = getelementptr half, ptr addrspace(1) %p, i32 %tid
  %pb = getelementptr half, ptr addrspace(1) %pa, i32 64
  %a = load half, ptr addrspace(1) %pa
  %b = load half, ptr addrspace(1) %pb
  %s = fadd half %a, %b
  %f = call half @llvm.fma.f16(half %a, half %b, half %s)
  %q = fdiv half %a, %b
  %si = bitcast half %s to i16
  %fi = bitcast half %f to i16
  %qi = bitcast half %q to i16
  %sz = zext i16 %si to i32
  %fz = zext i16 %fi to i32
  %qz = zext i16 %qi to i32
  %o = getelementptr i32, ptr addrspace(1) %p, i32 %tid
  store volatile i32 %sz, ptr addrspace(1) %o
  store volatile i32 %fz, ptr addrspace(1) %o
  store volatile i32 %qz, ptr addrspace(1) %o
  ret void
}

define amdgpu_kernel void @k_fsqrt(ptr addrspace(1) %p) {
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %pa = getelementptr float, ptr addrspace(1) %p, i32 %tid
  %a = load float, ptr addrspace(1) %pa
  %s = call float @llvm.sqrt.f32(float %a)
  store float %s, ptr addrspace(1) %pa
  ret void
}

define amdgpu_kernel void @k_ddiv(ptr addrspace(1) %p) {
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %pa = getelementptr double, ptr addrspace(1) %p, i32 %tid
  %pb = getelementptr double, ptr addrspace(1) %pa, i32 64
  %a = load double, ptr addrspace(1) %pa
  %b = load double, ptr addrspace(1) %pb
  %q = fdiv double %a, %b
  store double %q, ptr addrspace(1) %pa
  ret void
}

define amdgpu_kernel void @k_dmods(ptr addrspace(1) %p) {
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %pa = getelementptr double, ptr addrspace(1) %p, i32 %tid
  %pb = getelementptr double, ptr addrspace(1) %pa, i32 64
  %a = load double, ptr addrspace(1) %pa
  %b = load double, ptr addrspace(1) %pb
  %ab = call double @llvm.fabs.f64(double %b)
  %nab = fneg double %ab
  %s = fadd double %a, %nab
  %aa = call double @llvm.fabs.f64(double %a)
  %r = call double @llvm.sqrt.f64(double %aa)
  %t = fadd double %s, %r
  store double %t, ptr addrspace(1) %pa
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
declare half @llvm.fabs.f16(half)
declare half @llvm.sqrt.f16(half)
declare half @llvm.fma.f16(half, half, half)
declare double @llvm.fabs.f64(double)
declare float @llvm.sqrt.f32(float)
declare double @llvm.sqrt.f64(double)

; f32 division with clang's OpenCL !fpmath 2.5 ulp: frexp-scaled v_rcp_f32
; (8 instructions, 5 for 1.0/x, whose frexp and rcp of b cse shares here) instead of the correctly rounded sequence;
; without !fpmath it stays correctly rounded.
; RUN: %wavecc -S %s -o - | FileCheck --check-prefix=DIV %s
; DIV-LABEL: k_fdiv_fpmath:
; DIV-NOT: v_div_scale
; DIV: v_frexp_mant_f32_e32 [[MB:v[0-9]+]], [[B:v[0-9]+]]
; DIV: v_rcp_f32_e32 [[R:v[0-9]+]], [[MB]]
; DIV: v_frexp_mant_f32_e32 [[MA:v[0-9]+]],
; DIV: v_mul_f32_e32 [[Q:v[0-9]+]], [[MA]], [[R]]
; DIV: v_sub_u32_e32 [[E:v[0-9]+]],
; DIV: v_ldexp_f32 {{v[0-9]+}}, [[Q]], [[E]]
; DIV: v_sub_u32_e32 [[E1:v[0-9]+]], 0,
; DIV: v_ldexp_f32 {{v[0-9]+}}, [[R]], [[E1]]
; DIV: v_div_scale_f32
; DIV: s_endpgm
define amdgpu_kernel void @k_fdiv_fpmath(ptr addrspace(1) %p) {
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %pa = getelementptr float, ptr addrspace(1) %p, i32 %tid
  %pb = getelementptr float, ptr addrspace(1) %pa, i32 64
  %a = load float, ptr addrspace(1) %pa
  %b = load float, ptr addrspace(1) %pb
  %q = fdiv float %a, %b, !fpmath !0
  %r = fdiv float 1.0, %b, !fpmath !0
  %x = fdiv float %b, %a
  store volatile float %q, ptr addrspace(1) %pa
  store volatile float %r, ptr addrspace(1) %pa
  store volatile float %x, ptr addrspace(1) %pa
  ret void
}
!0 = !{float 2.500000e+00}

; llvm.round.f32: trunc, |x - trunc| >= 0.5 by a source modifier, an inline
; 0 / 1.0 cndmask, copysign onto x, one add (no final copysign).
; RUN: %wavecc -S %s -o - | FileCheck --check-prefix=RND %s
; RND-LABEL: k_round:
; RND: v_trunc_f32_e32 [[T:v[0-9]+]], [[X:v[0-9]+]]
; RND-NEXT: v_sub_f32_e32 [[D:v[0-9]+]], [[X]], [[T]]
; RND-NEXT: v_cmp_le_f32_e64 [[B:s\[[0-9:]+\]]], 0x3f000000, |[[D]]|
; RND-NEXT: v_cndmask_b32_e64 [[I:v[0-9]+]], 0, 0x3f800000, [[B]]
; RND: v_bfi_b32 [[S:v[0-9]+]], {{v[0-9]+}}, [[I]], [[X]]
; RND-NEXT: v_add_f32_e32 {{v[0-9]+}}, [[T]], [[S]]
; RND-NEXT: global_store_dword
define amdgpu_kernel void @k_round(ptr addrspace(1) %p) {
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %pa = getelementptr float, ptr addrspace(1) %p, i32 %tid
  %a = load float, ptr addrspace(1) %pa
  %r = call float @llvm.round.f32(float %a)
  store float %r, ptr addrspace(1) %pa
  ret void
}
declare float @llvm.round.f32(float)

; sqrt with !fpmath (1-ulp v_sqrt_f32): an input below 2^-126 is scaled by
; 2^32 and the root by 2^-16 when the kernel keeps f32 denormals, since
; v_sqrt_f32's bound does not cover denormal inputs.
; RUN: %wavecc -S %s -o - | FileCheck --check-prefix=SQ %s
; SQ-LABEL: k_sqrt_fpmath:
; SQ: v_cmp_gt_f32_e64 [[S:s\[[0-9:]+\]]], {{v[0-9]+}}, [[X:v[0-9]+]]
; SQ-NEXT: v_cndmask_b32_e64 [[U:v[0-9]+]], 0, 32, [[S]]
; SQ-NEXT: v_ldexp_f32 [[XS:v[0-9]+]], [[X]], [[U]]
; SQ-NEXT: v_sqrt_f32_e32 [[R:v[0-9]+]], [[XS]]
; SQ-NEXT: v_cndmask_b32_e64 [[D:v[0-9]+]], 0, -16, [[S]]
; SQ-NEXT: v_ldexp_f32 {{v[0-9]+}}, [[R]], [[D]]
define amdgpu_kernel void @k_sqrt_fpmath(ptr addrspace(1) %p) {
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %pa = getelementptr float, ptr addrspace(1) %p, i32 %tid
  %a = load float, ptr addrspace(1) %pa
  %r = call float @llvm.sqrt.f32(float %a), !fpmath !1
  store float %r, ptr addrspace(1) %pa
  ret void
}
!1 = !{float 3.000000e+00}
