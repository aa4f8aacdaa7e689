; A uniform 64-bit shift by 32..63 is a 32-bit shift of one half (none by
; 32), as the divergent one already was: trunc(x >> 32) of a dispatch id is
; its high SGPR itself. On main the uniform one took s_lshr_b64 first.
; RUN: %wavecc -mcpu=gfx900 -filetype=asm %s -o - | FileCheck %s
target triple = "amdgcn-amd-amdhsa"

; CHECK-LABEL: k_hi:
; CHECK-NOT: s_lshr_b64
; CHECK: s_lshr_b32 s{{[0-9]+}}, s{{[0-9]+}}, 8
; CHECK-NOT: s_lshr_b64
; CHECK: s_endpgm
define amdgpu_kernel void @k_hi(ptr addrspace(1) %out, i64 %x) {
  %h = lshr i64 %x, 32
  %t = trunc i64 %h to i32
  store i32 %t, ptr addrspace(1) %out
  %h40 = lshr i64 %x, 40
  %t40 = trunc i64 %h40 to i32
  %p = getelementptr i32, ptr addrspace(1) %out, i32 1
  store i32 %t40, ptr addrspace(1) %p
  ret void
}

; CHECK-LABEL: k_ashr:
; CHECK-NOT: s_ashr_i64
; CHECK: s_ashr_i32 s{{[0-9]+}}, s{{[0-9]+}}, 31
; CHECK: s_endpgm
define amdgpu_kernel void @k_ashr(ptr addrspace(1) %out, i64 %x) {
  %h = ashr i64 %x, 32
  store i64 %h, ptr addrspace(1) %out
  ret void
}
