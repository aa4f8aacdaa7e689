; expand-frem: frem is C's fmod, exact (LangRef). llc-19's (and wavecc's
; until session 19) fma(-trunc(x / y), y, x) is not exact when x / y has
; more bits than the mantissa (llvm-stress seed 64526: 3.9e80 where fmod
; is 2.1e-55). The expansion: q = |x| / |y|; below 2^p (and y finite)
; one fma with a +|y| fix (y not inf); else a loop taking p - 5 quotient bits a step
; (frexp-aligned operands, rint, fma); copysign(result, x) at the join.
; half and bfloat are computed in float; vectors element by element; afn keeps the
; short llc-19 form. The corpus kernel f_frem_exact.ll fails before
; (all 7 tests on main af5b3b7; bfloat is refused there) and passes after.
; RUN: %wavecc-opt -ir-pass=expand-frem %s | FileCheck %s
; RUN: %wavecc-run --compiler=wavecc %S/../kernels/f_frem_exact.ll 2>&1 | FileCheck %s --check-prefix=EMU
; RUN: %wavecc-run --mcpu=gfx1100 --compiler=wavecc -Xwavecc -O0 %S/../kernels/f_frem_exact.ll 2>&1 | FileCheck %s --check-prefix=EMU
; EMU: 7 passed, 0 failed
target triple = "amdgcn-amd-amdhsa"

; CHECK-LABEL: define float @f32(
; CHECK: %[[D:.*]] = fdiv float %x, %y
; CHECK: %[[Q:.*]] = call float @llvm.fabs.f32(float %[[D]])
; CHECK: fcmp olt float %[[Q]], 0x4170000000000000
; CHECK: call i1 @llvm.is.fpclass.f32(float %y, i32 516)
; CHECK: br i1 %{{.*}}, label %frem.fast, label %frem.slow
; CHECK: frem.fast:
; CHECK: %[[AY:.*]] = call float @llvm.fabs.f32(float %y)
; CHECK: call float @llvm.trunc.f32(float %[[D]])
; CHECK: call float @llvm.fma.f32(
; CHECK: fadd float %{{.*}}, %[[AY]]
; CHECK: br label %frem.join
; CHECK: frem.slow:
; CHECK: %[[AX:.*]] = call float @llvm.fabs.f32(float %x)
; CHECK: %[[AY2:.*]] = call float @llvm.fabs.f32(float %y)
; CHECK: call i32 @llvm.amdgcn.frexp.exp.i32.f32(float %[[AX]])
; CHECK: call i32 @llvm.amdgcn.frexp.exp.i32.f32(float %[[AY2]])
; CHECK: call float @llvm.amdgcn.frexp.mant.f32(
; CHECK: fdiv float 1.000000e+00,
; CHECK: br label %frem.loop
; CHECK: frem.loop:
; CHECK: phi float
; CHECK: phi i32
; CHECK: call i32 @llvm.smin.i32(i32 %{{.*}}, i32 19)
; CHECK: call float @llvm.ldexp.f32.i32(
; CHECK: call float @llvm.rint.f32(
; CHECK: call float @llvm.fma.f32(
; CHECK: br i1 %{{.*}}, label %frem.latch, label %frem.done
; CHECK: frem.latch:
; CHECK-NEXT: br label %frem.loop
; CHECK: frem.done:
; CHECK: select i1 %{{.*}}, float 0x7FF8000000000000,
; CHECK: frem.join:
; CHECK: %[[R:.*]] = phi float
; CHECK: %r = call float @llvm.copysign.f32(float %[[R]], float %x)
; CHECK: ret float %r
define float @f32(float %x, float %y) {
  %r = frem float %x, %y
  ret float %r
}

; double: 2^53, 48 bits a step
; CHECK-LABEL: define double @f64(
; CHECK: fcmp olt double %{{.*}}, 0x4340000000000000
; CHECK: call i32 @llvm.smin.i32(i32 %{{.*}}, i32 48)
; CHECK: call double @llvm.copysign.f64(
define double @f64(double %x, double %y) {
  %r = frem double %x, %y
  ret double %r
}

; half in float, the result truncated (exact)
; CHECK-LABEL: define half @f16(
; CHECK: fpext half %x to float
; CHECK: fpext half %y to float
; CHECK: fcmp olt float %{{.*}}, 0x4170000000000000
; CHECK: call i32 @llvm.smin.i32(i32 %{{.*}}, i32 19)
; CHECK: %[[C:.*]] = call float @llvm.copysign.f32(
; CHECK: %r = fptrunc float %[[C]] to half
define half @f16(half %x, half %y) {
  %r = frem half %x, %y
  ret half %r
}

; bfloat in float too (expand-frem runs before promote-bf16, which lowers
; these conversions)
; CHECK-LABEL: define bfloat @bf16(
; CHECK: fpext bfloat %x to float
; CHECK: call i32 @llvm.smin.i32(i32 %{{.*}}, i32 19)
; CHECK: %r = fptrunc float %{{.*}} to bfloat
define bfloat @bf16(bfloat %x, bfloat %y) {
  %r = frem bfloat %x, %y
  ret bfloat %r
}

; ninf: no test of y = inf on the fast path
; CHECK-LABEL: define float @f32_ninf(
; CHECK: fcmp olt float %{{.*}}, 0x4170000000000000
; CHECK-NOT: is.fpclass
; CHECK: br i1
define float @f32_ninf(float %x, float %y) {
  %r = frem ninf float %x, %y
  ret float %r
}

; afn: llc-19's short form, the fdiv with the frem's flags, no loop
; CHECK-LABEL: define float @f32_afn(
; CHECK-NOT: frem.
; CHECK: fdiv afn float %x, %y
; CHECK: call float @llvm.trunc.f32(
; CHECK: call float @llvm.fma.f32(
; CHECK: ret float
define float @f32_afn(float %x, float %y) {
  %r = frem afn float %x, %y
  ret float %r
}

; vectors: one expansion per element
; CHECK-LABEL: define <2 x double> @v2f64(
; CHECK: extractelement <2 x double> %x, i64 0
; CHECK: frem.join:
; CHECK: insertelement <2 x double> poison, double %{{.*}}, i64 0
; CHECK: frem.join{{[0-9]+}}:
; CHECK: insertelement <2 x double> %{{.*}}, double %{{.*}}, i64 1
define <2 x double> @v2f64(<2 x double> %x, <2 x double> %y) {
  %r = frem <2 x double> %x, %y
  ret <2 x double> %r
}
