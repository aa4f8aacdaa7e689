; Load clustering (sched_loads.c) with selection's MIR_ENC_INVARIANT
; (isel_mem.c): a load of the constant address space moves above a
; global store, as llc-19 does (AMDGPU alias analysis: address space 4 is
; constant memory), so both table loads issue back to back and the add
; waits for them alone (vmcnt(1)), not for the store too. On main the
; second load stayed below the store and the wait was vmcnt(0).
; RUN: %wavecc -mcpu=gfx900 -filetype=asm %s -o - | FileCheck %s
target triple = "amdgcn-amd-amdhsa"

; CHECK-LABEL: k:
; CHECK: global_load_dword
; CHECK-NOT: global_store_dword
; CHECK: global_load_dword
; CHECK-NOT: s_waitcnt
; CHECK: global_store_dword
; CHECK: s_waitcnt vmcnt(1)
; CHECK-NOT: s_waitcnt
; CHECK: s_endpgm
define amdgpu_kernel void @k(ptr addrspace(1) %out, ptr addrspace(4) %tab) {
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %i0 = and i32 %t, 7
  %p0 = getelementptr i32, ptr addrspace(4) %tab, i32 %i0
  %a = load i32, ptr addrspace(4) %p0, align 4
  %o0 = getelementptr i32, ptr addrspace(1) %out, i32 %t
  store i32 %t, ptr addrspace(1) %o0, align 4
  %i1 = xor i32 %i0, 5
  %p1 = getelementptr i32, ptr addrspace(4) %tab, i32 %i1
  %b = load i32, ptr addrspace(4) %p1, align 4
  %s = add i32 %a, %b
  %o1 = getelementptr i32, ptr addrspace(1) %o0, i32 64
  store i32 %s, ptr addrspace(1) %o1, align 4
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
