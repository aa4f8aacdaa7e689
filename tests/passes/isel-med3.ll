; Clamps by constant bounds as one v_med3_i32 / v_med3_u32
; (isel_intrinsics.c clamp_med3) when both bounds are inline constants (VOP3
; takes no literal, so a literal bound would cost a v_mov_b32 and save
; nothing); the inner min/max is left to dce.
; RUN: %wavecc %s -S -o - | FileCheck %s
target triple = "amdgcn-amd-amdhsa"

declare i32 @llvm.amdgcn.workitem.id.x()
declare i32 @llvm.smax.i32(i32, i32)
declare i32 @llvm.smin.i32(i32, i32)
declare i32 @llvm.umin.i32(i32, i32)
declare i32 @llvm.umax.i32(i32, i32)
declare i16 @llvm.smax.i16(i16, i16)
declare i16 @llvm.smin.i16(i16, i16)

; CHECK-LABEL: k_clamp:
; CHECK-NOT: v_max_i32
; CHECK-NOT: v_min_i32
; CHECK: v_med3_i32 v{{[0-9]+}}, v{{[0-9]+}}, -4, 63
; CHECK: v_med3_i32 v{{[0-9]+}}, v{{[0-9]+}}, 0, 31
; CHECK: v_med3_u32 v{{[0-9]+}}, v{{[0-9]+}}, 2, 9
; CHECK: v_med3_i32 v{{[0-9]+}}, v{{[0-9]+}}, -8, 8
; CHECK-NOT: v_max
; CHECK-NOT: v_min
; CHECK: s_endpgm
define amdgpu_kernel void @k_clamp(ptr addrspace(1) %p, ptr addrspace(1) %q) {
  %id = call i32 @llvm.amdgcn.workitem.id.x()
  %ga = getelementptr i32, ptr addrspace(1) %p, i32 %id
  %a = load i32, ptr addrspace(1) %ga
  %m1 = call i32 @llvm.smax.i32(i32 %a, i32 -4)
  %c1 = call i32 @llvm.smin.i32(i32 %m1, i32 63)
  %a2 = xor i32 %a, 5
  %m2 = call i32 @llvm.smax.i32(i32 %a2, i32 0)
  %c2 = call i32 @llvm.umin.i32(i32 %m2, i32 31)
  %a3 = xor i32 %a, 6
  %m3 = call i32 @llvm.umin.i32(i32 %a3, i32 9)
  %c3 = call i32 @llvm.umax.i32(i32 %m3, i32 2)
  %s1 = add i32 %c1, %c2
  %s2 = sub i32 %s1, %c3
  store i32 %s2, ptr addrspace(1) %ga
  %gb = getelementptr i16, ptr addrspace(1) %q, i32 %id
  %b = load i16, ptr addrspace(1) %gb
  %m4 = call i16 @llvm.smax.i16(i16 %b, i16 -8)
  %c4 = call i16 @llvm.smin.i16(i16 %m4, i16 8)
  store i16 %c4, ptr addrspace(1) %gb
  ret void
}

; A literal bound (127): the min and max stay.
; CHECK-LABEL: k_clamp_literal:
; CHECK: v_max_i32
; CHECK: v_min_i32
; CHECK-NOT: v_med3
; CHECK: s_endpgm
define amdgpu_kernel void @k_clamp_literal(ptr addrspace(1) %p) {
  %id = call i32 @llvm.amdgcn.workitem.id.x()
  %ga = getelementptr i32, ptr addrspace(1) %p, i32 %id
  %a = load i32, ptr addrspace(1) %ga
  %m = call i32 @llvm.smax.i32(i32 %a, i32 -128)
  %c = call i32 @llvm.smin.i32(i32 %m, i32 127)
  store i32 %c, ptr addrspace(1) %ga
  ret void
}
