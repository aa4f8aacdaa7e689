; IR pass test: lower-reductions alone (wavecc-opt -ir-pass), LLVM IR in and out.
; RUN: %wavecc-opt -ir-pass=lower-reductions %s | FileCheck %s
; RUN: %wavecc-opt -list-ir-passes | FileCheck %s --check-prefix=LIST
; RUN: %not %wavecc-opt -ir-pass=no-such-pass %s 2>&1 | FileCheck %s --check-prefix=ERR

; LIST: lower-reductions
; ERR: unknown IR pass 'no-such-pass'

target triple = "amdgcn-amd-amdhsa"

; CHECK-LABEL: define i32 @add4(
; CHECK: %[[E0:.*]] = extractelement <4 x i32> %v, i32 0
; CHECK: %[[E1:.*]] = extractelement <4 x i32> %v, i32 1
; CHECK: %[[A1:.*]] = add i32 %[[E0]], %[[E1]]
; CHECK: %[[E2:.*]] = extractelement <4 x i32> %v, i32 2
; CHECK: %[[A2:.*]] = add i32 %[[A1]], %[[E2]]
; CHECK: %[[E3:.*]] = extractelement <4 x i32> %v, i32 3
; CHECK: %[[A3:.*]] = add i32 %[[A2]], %[[E3]]
; CHECK: ret i32 %[[A3]]
; CHECK-NOT: llvm.vector.reduce.add
define i32 @add4(<4 x i32> %v) {
  %r = call i32 @llvm.vector.reduce.add.v4i32(<4 x i32> %v)
  ret i32 %r
}

; CHECK-LABEL: define i32 @umax2(
; CHECK: call i32 @llvm.umax.i32(
define i32 @umax2(<2 x i32> %v) {
  %r = call i32 @llvm.vector.reduce.umax.v2i32(<2 x i32> %v)
  ret i32 %r
}

; Floating-point reductions stay (instruction selection reports them).
; CHECK-LABEL: define float @fadd2(
; CHECK: call float @llvm.vector.reduce.fadd.v2f32(
define float @fadd2(<2 x float> %v) {
  %r = call float @llvm.vector.reduce.fadd.v2f32(float 0.0, <2 x float> %v)
  ret float %r
}

declare i32 @llvm.vector.reduce.add.v4i32(<4 x i32>)
declare i32 @llvm.vector.reduce.umax.v2i32(<2 x i32>)
declare float @llvm.vector.reduce.fadd.v2f32(float, <2 x float>)
