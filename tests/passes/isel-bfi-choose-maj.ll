; SHA-2's Ch and Maj in the forms instcombine leaves (clang -O2 on
; tests/kernels/app_sha256.cl): (y & x) | (z & ~x) is one v_bfi_b32 x, y, z
; (isel_fuse.c match_choose), ((x ^ y) & z) ^ (x & y) is v_xor_b32 +
; v_bfi_b32 (match_maj_xor). Were v_xor_b32 -1 + v_and_b32 + v_and_or_b32
; and v_xor_b32 + v_and_b32 + v_and_b32 + v_xor_b32.
; RUN: %wavecc -mcpu=gfx900 -S %s -o - | FileCheck %s
; RUN: %wavecc -mcpu=gfx1100 -S %s -o - | FileCheck %s
target triple = "amdgcn-amd-amdhsa"

; CHECK-LABEL: choose:
; CHECK-COUNT-3: global_load_{{dword|b32}}
; CHECK-NOT: v_and
; CHECK-NOT: v_xor
; CHECK: v_bfi_b32 v{{[0-9]+}}, v{{[0-9]+}}, v{{[0-9]+}}, v{{[0-9]+}}
; CHECK-NOT: v_and
; CHECK: s_endpgm
define amdgpu_kernel void @choose(ptr addrspace(1) %p) {
  %id = call i32 @llvm.amdgcn.workitem.id.x()
  %q = getelementptr i32, ptr addrspace(1) %p, i32 %id
  %x = load i32, ptr addrspace(1) %q
  %q1 = getelementptr i32, ptr addrspace(1) %q, i32 64
  %y = load i32, ptr addrspace(1) %q1
  %q2 = getelementptr i32, ptr addrspace(1) %q, i32 128
  %z = load i32, ptr addrspace(1) %q2
  %a = and i32 %y, %x
  %n = xor i32 %x, -1
  %b = and i32 %z, %n
  %r = or i32 %b, %a
  store i32 %r, ptr addrspace(1) %q
  ret void
}

; CHECK-LABEL: majority:
; CHECK-COUNT-3: global_load_{{dword|b32}}
; CHECK-NOT: v_and
; CHECK: v_xor_b32
; CHECK: v_bfi_b32
; CHECK-NOT: v_and
; CHECK: s_endpgm
define amdgpu_kernel void @majority(ptr addrspace(1) %p) {
  %id = call i32 @llvm.amdgcn.workitem.id.x()
  %q = getelementptr i32, ptr addrspace(1) %p, i32 %id
  %x = load i32, ptr addrspace(1) %q
  %q1 = getelementptr i32, ptr addrspace(1) %q, i32 64
  %y = load i32, ptr addrspace(1) %q1
  %q2 = getelementptr i32, ptr addrspace(1) %q, i32 128
  %z = load i32, ptr addrspace(1) %q2
  %t = xor i32 %x, %y
  %a = and i32 %t, %z
  %b = and i32 %x, %y
  %r = xor i32 %a, %b
  store i32 %r, ptr addrspace(1) %q
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
