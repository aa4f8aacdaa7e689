; xor(xor(p, q), r) as one v_xor3_b32 where the target has it (GFX10+;
; match_xor3, src/isel/isel_fuse.c), also when the inner xor is uniform:
; the GFX10+ constant bus takes its two SGPRs. Was s_xor_b32 + v_xor_b32
; (tests/kernels/f_spill_sgpr.cl at gfx1100: 1.40x llc-19's executed
; wave-instructions). gfx900 has no v_xor3_b32.
; RUN: %wavecc -mcpu=gfx1100 -S %s -o - | FileCheck %s
; RUN: %wavecc -mcpu=gfx1030 -S %s -o - | FileCheck %s
; RUN: %wavecc -mcpu=gfx900 -S %s -o - | FileCheck %s --check-prefix=GFX9
target triple = "amdgcn-amd-amdhsa"

; CHECK-LABEL: uniform_pair:
; CHECK-NOT: s_xor_b32
; CHECK: v_xor3_b32 v{{[0-9]+}}, {{[sv][0-9]+}}, {{[sv][0-9]+}}, {{[sv][0-9]+}}
; CHECK-NOT: v_xor_b32
; CHECK: s_endpgm
; GFX9-LABEL: uniform_pair:
; GFX9: s_xor_b32
; GFX9: v_xor_b32
define amdgpu_kernel void @uniform_pair(ptr addrspace(1) %out, i32 %a, i32 %b) {
  %id = call i32 @llvm.amdgcn.workitem.id.x()
  %ab = xor i32 %a, %b
  %h = xor i32 %ab, %id
  %p = getelementptr i32, ptr addrspace(1) %out, i32 %id
  store i32 %h, ptr addrspace(1) %p
  ret void
}

; CHECK-LABEL: divergent:
; CHECK: v_xor3_b32
; CHECK-NOT: v_xor_b32
; CHECK: s_endpgm
define amdgpu_kernel void @divergent(ptr addrspace(1) %out, i32 %a) {
  %id = call i32 @llvm.amdgcn.workitem.id.x()
  %m = mul i32 %id, %id
  %x = xor i32 %id, %m
  %h = xor i32 %x, %a
  %p = getelementptr i32, ptr addrspace(1) %out, i32 %id
  store i32 %h, ptr addrspace(1) %p
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
