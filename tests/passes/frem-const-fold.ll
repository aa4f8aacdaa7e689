; frem of two constants folds to the exact remainder (C fmod) in
; expand-frem (expand-float-intrinsics until session 19), as llc-19's DAG
; folds it at every -O level; non-constant operands get the exact
; expansion (frem-exact.ll)
; (llvm-stress seed 40276 at -O0: a double frem whose quotient overflows
; stored -inf where llc-19 stored the remainder). The corpus kernel
; f_frem_const.ll at -O0 fails on main ba3ab87 (index 0).
; RUN: %wavecc-opt -ir-pass=expand-frem %s | FileCheck %s
; RUN: %wavecc-run --compiler=wavecc -Xwavecc -O0 %S/../kernels/f_frem_const.ll 2>&1 | FileCheck %s --check-prefix=EMU
; RUN: %wavecc-run --mcpu=gfx1100 --compiler=wavecc -Xwavecc -O0 %S/../kernels/f_frem_const.ll 2>&1 | FileCheck %s --check-prefix=EMU
; CHECK-LABEL: define void @f(
; CHECK: store double 0x21CBC0EAF735A430, ptr addrspace(1) %p
; CHECK: store float -1.500000e+00, ptr addrspace(1) %p
; CHECK: fdiv float %{{.*}}, 2.000000e+00
; CHECK: call float @llvm.fma.f32
; CHECK: ret void
; EMU: 1 passed, 0 failed
target triple = "amdgcn-amd-amdhsa"

define void @f(ptr addrspace(1) %p, float %x) {
  %d = frem double 0x6D6B578AE4698408, 0x21D742F6C6D51D74
  store double %d, ptr addrspace(1) %p
  %c = frem float -7.5, 2.0
  store float %c, ptr addrspace(1) %p
  %v = frem float %x, 2.0
  store float %v, ptr addrspace(1) %p
  ret void
}
