; fold-negations (src/llvm/fold_negations.cpp): black_scholes' cnd(d) and
; cnd(-d) after clang -O2 and inlining. fabs(d) is once a `tail call fastcc`
; with call-site attributes and once a plain call; the exponent is
; d * (d * -0.5) once and (d * 0.5) * fneg(d) once. The pass drops the
; intrinsic call's call-site differences and moves the fneg into the
; product's constant factor, so early-cse then computes each once
; (@cnd_pair: one fabs, one fdiv, one exponent product).
; RUN: %wavecc-opt -llvm-passes='function(fold-negations,early-cse)' %s | FileCheck %s
; RUN: %wavecc-opt -llvm-passes='function(fold-negations)' %s | FileCheck %s --check-prefix=FOLD
target triple = "amdgcn-amd-amdhsa"

; CHECK-LABEL: define float @cnd_pair(
; CHECK: call float @llvm.fabs.f32(float %d)
; CHECK-NOT: @llvm.fabs.f32
; CHECK: fdiv float 1.000000e+00
; CHECK-NOT: fdiv
; CHECK: %e1 = fmul float %d, -5.000000e-01
; CHECK-NEXT: %e2 = fmul float %d, %e1
; CHECK-NEXT: %r = fadd float %k1, %e2
; CHECK-NEXT: %r2 = fadd float %r, %e2
; CHECK-NEXT: ret float %r2
define float @cnd_pair(float %d) {
  %a1 = tail call fastcc float @llvm.fabs.f32(float noundef %d) #0
  %m1 = call float @llvm.fmuladd.f32(float %a1, float 0x3FCDA67120000000, float 1.0)
  %k1 = fdiv float 1.0, %m1
  %e1 = fmul float %d, -5.000000e-01
  %e2 = fmul float %d, %e1
  %nd = fneg float %d
  %a2 = call float @llvm.fabs.f32(float %d)
  %m2 = call float @llvm.fmuladd.f32(float %a2, float 0x3FCDA67120000000, float 1.0)
  %k2 = fdiv float 1.0, %m2
  %f1 = fmul float %d, 5.000000e-01
  %f2 = fmul float %f1, %nd
  %s = fadd float %k1, %k2
  %r = fadd float %k1, %e2
  %r2 = fadd float %r, %f2
  ret float %r2
}

; FOLD-LABEL: define float @signs(
; FOLD-NEXT: %p = fmul float %a, %b
; FOLD-NEXT: %q = fmul float %a, -3.000000e+00
; FOLD-NEXT: %f = call float @llvm.fma.f32(float %a, float %b, float %c)
; FOLD-NEXT: %g = call float @llvm.fabs.f32(float %a)
; FOLD-NEXT: %s1 = fadd float %p, %q
; FOLD-NEXT: %s2 = fadd float %s1, %f
; FOLD-NEXT: %s3 = fadd float %s2, %g
; FOLD-NEXT: %s4 = fadd float %s3, %a
; FOLD-NEXT: ret float %s4
define float @signs(float %a, float %b, float %c) {
  %na = fneg float %a
  %nb = fneg float %b
  %p = fmul float %na, %nb
  %q = fmul float %na, 3.0
  %f = call float @llvm.fma.f32(float %na, float %nb, float %c)
  %g = call float @llvm.fabs.f32(float %na)
  %nna = fneg float %na
  %s1 = fadd float %p, %q
  %s2 = fadd float %s1, %f
  %s3 = fadd float %s2, %g
  %s4 = fadd float %s3, %nna
  ret float %s4
}

; A product read twice is not rebuilt (its other reader keeps its sign).
; FOLD-LABEL: define float @shared(
; FOLD: %h = fmul float %a, 5.000000e-01
; FOLD-NEXT: %u = fmul float %h, %na
; FOLD-NEXT: %v = fadd float %u, %h
define float @shared(float %a) {
  %na = fneg float %a
  %h = fmul float %a, 0.5
  %u = fmul float %h, %na
  %v = fadd float %u, %h
  ret float %v
}

; The result's attributes stay (a range the selection narrows by); the
; tail marker and the function attributes go.
; FOLD-LABEL: define i32 @keeps_range(
; FOLD-NEXT: %a = call noundef range(i32 0, 1024) i32 @llvm.amdgcn.workitem.id.x(){{$}}
define i32 @keeps_range() {
  %a = tail call noundef range(i32 0, 1024) i32 @llvm.amdgcn.workitem.id.x() #0
  ret i32 %a
}

declare i32 @llvm.amdgcn.workitem.id.x()
declare float @llvm.fabs.f32(float)
declare float @llvm.fmuladd.f32(float, float, float)
declare float @llvm.fma.f32(float, float, float)
attributes #0 = { convergent nounwind willreturn memory(none) }
