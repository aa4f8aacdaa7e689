; A chain of one integer min/max intrinsic (llvm.vector.reduce.smin after
; lower-reductions, or source code) on divergent i32 values: v_min3_i32 /
; v_max3_u32 take three operands, so a reduction of four is two
; instructions, not three (isel_intrinsics.c min3_of_chain). A uniform chain
; stays in SALU.
; RUN: %wavecc %s -S -o - | FileCheck %s
target triple = "amdgcn-amd-amdhsa"

declare i32 @llvm.amdgcn.workitem.id.x()
declare i32 @llvm.vector.reduce.smin.v4i32(<4 x i32>)
declare i32 @llvm.umax.i32(i32, i32)

; CHECK-LABEL: k_reduce:
; CHECK: v_min_i32_e32 [[M:v[0-9]+]],
; CHECK-NEXT: v_min3_i32 v{{[0-9]+}}, [[M]], v{{[0-9]+}}, v{{[0-9]+}}
; CHECK-NOT: v_min_i32
; CHECK: v_max3_u32
; CHECK-NOT: v_max_u32
; CHECK: s_endpgm
define amdgpu_kernel void @k_reduce(ptr addrspace(1) %p) {
  %id = call i32 @llvm.amdgcn.workitem.id.x()
  %pa = getelementptr <4 x i32>, ptr addrspace(1) %p, i32 %id
  %v = load <4 x i32>, ptr addrspace(1) %pa
  %r = call i32 @llvm.vector.reduce.smin.v4i32(<4 x i32> %v)
  %a = extractelement <4 x i32> %v, i32 0
  %b = extractelement <4 x i32> %v, i32 1
  %m = call i32 @llvm.umax.i32(i32 %a, i32 %b)
  %n = call i32 @llvm.umax.i32(i32 %r, i32 %m)
  %q = getelementptr i32, ptr addrspace(1) %p, i32 %id
  store i32 %r, ptr addrspace(1) %q
  %q2 = getelementptr i32, ptr addrspace(1) %q, i32 64
  store i32 %n, ptr addrspace(1) %q2
  ret void
}

; CHECK-LABEL: k_uniform:
; CHECK: s_min_i32
; CHECK: s_min_i32
; CHECK-NOT: v_min3
; CHECK: s_endpgm
define amdgpu_kernel void @k_uniform(ptr addrspace(1) %p, i32 %x, i32 %y, i32 %z) {
  %s = call i32 @llvm.smin.i32(i32 %x, i32 %y)
  %t = call i32 @llvm.smin.i32(i32 %s, i32 %z)
  store i32 %t, ptr addrspace(1) %p
  ret void
}
declare i32 @llvm.smin.i32(i32, i32)
