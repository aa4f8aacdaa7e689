; simplify (fold_not_operand): x & ~y and x | ~y of uniform integers, with
; ~y an s_xor_b32/b64 of -1 (or s_not) read only there, become s_andn2 /
; s_orn2 as llc-19 selects them: one SALU instruction, no s_xor/s_not.
; RUN: %wavecc %s -S -o - | FileCheck %s
target triple = "amdgcn-amd-amdhsa"

; CHECK-LABEL: k_andn2:
; CHECK-NOT: s_xor_b
; CHECK-NOT: s_not_b
; CHECK-DAG: s_andn2_b32 s{{[0-9]+}}, s{{[0-9]+}}, s{{[0-9]+}}
; CHECK-DAG: s_andn2_b64 s[{{[0-9]+:[0-9]+}}], s[{{[0-9]+:[0-9]+}}], s[{{[0-9]+:[0-9]+}}]
; CHECK-DAG: s_orn2_b32 s{{[0-9]+}}, s{{[0-9]+}}, s{{[0-9]+}}
; CHECK: s_endpgm
define amdgpu_kernel void @k_andn2(ptr addrspace(1) %o, i32 %x, i32 %y, i64 %m, i32 %l) {
  %ny = xor i32 %y, -1
  %a = and i32 %x, %ny
  %bit = shl i64 1, %m
  %nb = xor i64 %bit, -1
  %c = and i64 %m, %nb
  %nx = xor i32 %x, -1
  %d = or i32 %l, %nx
  %a2 = add i32 %a, %d
  store i32 %a2, ptr addrspace(1) %o
  %o2 = getelementptr i64, ptr addrspace(1) %o, i32 1
  store i64 %c, ptr addrspace(1) %o2
  ret void
}
