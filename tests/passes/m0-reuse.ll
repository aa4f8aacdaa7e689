; A move into M0 of the value M0 already holds is deleted (m0_reuse.c, in
; copy-cleanup): GDS atomics on one base set M0 once, and on gfx9 the s_nop
; its write needs before a GDS access comes once too. On main every
; access wrote M0 (SSA elimination's copy into the fixed operand). A
; different value is written again.
; RUN: %wavecc -mcpu=gfx900 -filetype=asm %s -o - | FileCheck %s
target triple = "amdgcn-amd-amdhsa"

; CHECK-LABEL: k_gds:
; CHECK: s_mov_b32 m0, [[S:s[0-9]+]]
; CHECK: ds_add_u32 {{.*}} gds
; CHECK-NOT: m0
; CHECK: ds_max_u32 {{.*}} gds
; CHECK-NOT: m0
; CHECK: ds_min_u32 {{.*}} gds
; CHECK: s_mov_b32 m0,
; CHECK: ds_append {{.*}} gds
; CHECK: s_endpgm
define amdgpu_kernel void @k_gds(ptr addrspace(1) %out, ptr addrspace(2) %g, ptr addrspace(2) %h) {
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %a = atomicrmw add ptr addrspace(2) %g, i32 1 monotonic
  %b = atomicrmw umax ptr addrspace(2) %g, i32 %t monotonic
  %c = atomicrmw umin ptr addrspace(2) %g, i32 %t monotonic
  %d = call i32 @llvm.amdgcn.ds.append.p2(ptr addrspace(2) %h, i1 false)
  %p = getelementptr i32, ptr addrspace(1) %out, i32 %t
  store i32 %d, ptr addrspace(1) %p
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
declare i32 @llvm.amdgcn.ds.append.p2(ptr addrspace(2), i1)
