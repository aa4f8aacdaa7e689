; A uniform i64 and/or/xor with a constant one of whose halves is an
; identity or absorbing (widen-odd-integers' mask 2^W - 1 of an i33..i63
; value): one s_and_b32 / s_or_b32 / s_xor_b32 of the other half (isel_alu.c
; binop_64), as the VALU form already did. On main 7fc536e the constant
; pair was moved into SGPRs (s_mov_b32 -1, s_mov_b32 0xffff) for an
; s_and_b64.
; RUN: %wavecc -mcpu=gfx900 -filetype=asm %s -o - | FileCheck %s
target triple = "amdgcn-amd-amdhsa"

; CHECK-LABEL: k_and:
; CHECK-NOT: s_and_b64
; CHECK: s_and_b32 s{{[0-9]+}}, s{{[0-9]+}}, 0xffff
; CHECK-NOT: s_and_b64
; CHECK: s_endpgm
define amdgpu_kernel void @k_and(ptr addrspace(1) %out, i64 %x) {
  %m = and i64 %x, 281474976710655
  store i64 %m, ptr addrspace(1) %out
  ret void
}

; CHECK-LABEL: k_or_xor:
; CHECK-NOT: s_or_b64
; CHECK-NOT: s_xor_b64
; CHECK: s_or_b32 s{{[0-9]+}}, s{{[0-9]+}}, 0x1234
; CHECK: s_xor_b32 s{{[0-9]+}}, s{{[0-9]+}}, 0x5678
; CHECK: s_endpgm
define amdgpu_kernel void @k_or_xor(ptr addrspace(1) %out, i64 %x, i64 %y) {
  %a = or i64 %x, 20014547599360
  %b = xor i64 %y, 22136
  store volatile i64 %a, ptr addrspace(1) %out
  store volatile i64 %b, ptr addrspace(1) %out
  ret void
}
