; A monotonic (or acquire) atomic issues without waiting for the memory
; operations before it; a release or seq_cst one waits for everything
; first (AMDGPUUsage memory model code sequences; llc-19 the same); the
; addresses are divergent (no atomic optimizer). On main
; every atomic was preceded by s_waitcnt 0 (isel_atomic.c). (The acquire
; waits after itself; gfx1030 then invalidates GL0.)
; RUN: %wavecc -mcpu=gfx900 -filetype=asm %s -o - | FileCheck %s
; RUN: %wavecc -mcpu=gfx1030 -filetype=asm %s -o - | FileCheck %s
target triple = "amdgcn-amd-amdhsa"

; CHECK-LABEL: k:
; CHECK: ds_add_u32
; CHECK-NOT: s_waitcnt
; CHECK: ds_max_u32
; CHECK: ds_min_u32
; CHECK: s_waitcnt lgkmcnt(0)
; CHECK-NEXT: ds_or_b32
; CHECK: s_endpgm
define amdgpu_kernel void @k(ptr addrspace(3) %p0, i32 %v) {
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr i32, ptr addrspace(3) %p0, i32 %t
  %a = atomicrmw add ptr addrspace(3) %p, i32 %v monotonic
  %q = getelementptr i32, ptr addrspace(3) %p, i32 1
  %b = atomicrmw umax ptr addrspace(3) %q, i32 %v acquire
  %r = getelementptr i32, ptr addrspace(3) %p, i32 2
  %c = atomicrmw umin ptr addrspace(3) %r, i32 %v monotonic
  %s = getelementptr i32, ptr addrspace(3) %p, i32 3
  %d = atomicrmw or ptr addrspace(3) %s, i32 %v seq_cst
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
