; Selection (isel_mem.c): a uniform i16/i8 load of constant memory at a
; dword-aligned address is the scalar load of its dword (s_load_dword,
; 60-cycle scalar latency in the cycle model), as llc-19 selects it; on
; main it was a VMEM global_load_ushort (300 cycles). A 2-aligned one may
; straddle a dword boundary and stays a VMEM load.
; RUN: %wavecc -mcpu=gfx900 -filetype=asm %s -o - | FileCheck %s
target triple = "amdgcn-amd-amdhsa"

; CHECK-LABEL: k:
; CHECK-NOT: global_load
; CHECK: s_load_dword s{{[0-9]+}}, s[{{[0-9]+:[0-9]+}}], 0x4
; CHECK-NOT: global_load
; CHECK: s_and_b32 {{.*}}0xffff
; CHECK-NOT: global_load
; CHECK: s_endpgm
define amdgpu_kernel void @k(ptr addrspace(1) %out) {
  %d = call ptr addrspace(4) @llvm.amdgcn.dispatch.ptr()
  %p = getelementptr inbounds i8, ptr addrspace(4) %d, i64 4
  %w16 = load i16, ptr addrspace(4) %p, align 4
  %w = zext i16 %w16 to i32
  store i32 %w, ptr addrspace(1) %out, align 4
  ret void
}

; CHECK-LABEL: k2:
; CHECK: global_load_ushort
; CHECK: s_endpgm
define amdgpu_kernel void @k2(ptr addrspace(1) %out, ptr addrspace(4) %c) {
  %p = getelementptr inbounds i8, ptr addrspace(4) %c, i64 2
  %w16 = load i16, ptr addrspace(4) %p, align 2
  %w = zext i16 %w16 to i32
  store i32 %w, ptr addrspace(1) %out, align 4
  ret void
}

declare ptr addrspace(4) @llvm.amdgcn.dispatch.ptr()
