; Unsigned division and remainder of operands below 2^21 select one f32
; reciprocal (isel_div64.c, udivrem_f32), as llc-19's 24-bit expansion:
; uniform ones too (a stored result from its VGPR, fold-copies; on main they took the
; ~21-instruction SALU sequence, s_mul_hi_u32 and two corrections), and
; vectors of small elements element by element (on main each element took
; the 32-bit sequence, SALU or VALU). A full-range uniform i32 udiv keeps the
; SALU sequence.
; RUN: %wavecc -mcpu=gfx900 -filetype=asm %s -o - | FileCheck %s
target triple = "amdgcn-amd-amdhsa"

; CHECK-LABEL: k_uniform:
; CHECK: v_rcp_f32
; CHECK: v_trunc_f32
; CHECK-NOT: v_readfirstlane_b32
; CHECK-NOT: s_mul_hi_u32
; CHECK: s_endpgm
define amdgpu_kernel void @k_uniform(ptr addrspace(1) %out, i32 %a, i32 %b) {
  %x = and i32 %a, 65535
  %y = and i32 %b, 1023
  %d = udiv i32 %x, %y
  store i32 %d, ptr addrspace(1) %out
  ret void
}

; CHECK-LABEL: k_vector:
; CHECK-COUNT-2: v_rcp_f32
; CHECK-NOT: s_mul_hi_u32
; CHECK-NOT: v_mul_hi_u32
; CHECK: s_endpgm
define amdgpu_kernel void @k_vector(ptr addrspace(1) %out, <2 x i16> %a, ptr addrspace(1) %in) {
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr <2 x i16>, ptr addrspace(1) %in, i32 %t
  %y = load <2 x i16>, ptr addrspace(1) %p
  %r = urem <2 x i16> %a, %y
  %o = getelementptr <2 x i16>, ptr addrspace(1) %out, i32 %t
  store <2 x i16> %r, ptr addrspace(1) %o
  ret void
}

; CHECK-LABEL: k_full:
; CHECK: s_mul_hi_u32
; CHECK: s_endpgm
define amdgpu_kernel void @k_full(ptr addrspace(1) %out, i32 %a, i32 %b) {
  %d = udiv i32 %a, %b
  store i32 %d, ptr addrspace(1) %out
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
