; IR pass test: expand-float-intrinsics alone. f32 sin/cos scale by 1/2pi
; into llvm.amdgcn.sin/cos; exp2 and log2 scale denormal ranges around
; llvm.amdgcn.exp2/log; exp and log carry the rounding error of the
; log2(e) / ln(2) product in two fma; f64 calls are left alone.
; RUN: %wavecc-opt -ir-pass=expand-float-intrinsics %s | FileCheck %s
; CHECK-LABEL: define void @f(
; CHECK: %[[S:[0-9]+]] = fmul float %x, 0x3FC45F3060000000
; CHECK-NEXT: call float @llvm.amdgcn.sin.f32(float %[[S]])
; CHECK: fcmp olt float %x, -1.260000e+02
; CHECK: call float @llvm.amdgcn.exp2.f32(
; CHECK: fcmp olt float %x, 0x3810000000000000
; CHECK: call float @llvm.amdgcn.log.f32(
; CHECK: call float @llvm.fma.f32(float %x, float 0x3E54AE0BE0000000,
; CHECK: call float @llvm.roundeven.f32(
; CHECK: call float @llvm.ldexp.f32.i32(
; CHECK: call double @llvm.exp.f64(double %d)
; CHECK-NOT: call float @llvm.sin.f32
; CHECK-NOT: call float @llvm.exp.f32
target triple = "amdgcn-amd-amdhsa"
define void @f(ptr addrspace(1) %p, float %x, double %d) {
  %a = call float @llvm.sin.f32(float %x)
  %b = call float @llvm.exp2.f32(float %x)
  %c = call float @llvm.log2.f32(float %x)
  %e = call float @llvm.exp.f32(float %x)
  %g = call double @llvm.exp.f64(double %d)
  store float %a, ptr addrspace(1) %p
  store float %b, ptr addrspace(1) %p
  store float %c, ptr addrspace(1) %p
  store float %e, ptr addrspace(1) %p
  store double %g, ptr addrspace(1) %p
  ret void
}
declare float @llvm.sin.f32(float)
declare float @llvm.exp2.f32(float)
declare float @llvm.log2.f32(float)
declare float @llvm.exp.f32(float)
declare double @llvm.exp.f64(double)
