; The acquire invalidates (gfx9 buffer_wbinvl1_vol, RDNA buffer_gl0_inv /
; buffer_gl1_inv) return nothing and count in no counter: LLVM 19's
; SIInsertWaitcnts leaves them out of vmcnt, and AMDGPUUsage's memory-model
; sequences never wait for them (the invalidate only has to come before
; the later loads, which the L1 serves in order). A seq_cst atomic after
; another one then needs no second s_waitcnt vmcnt(0): the first one's
; acquire wait already completed every earlier access. On main ba3ab87 the
; table counted buffer_wbinvl1_vol in vmcnt, so each atomic of a row had a
; wait for the invalidate before it (hist_global: 3 extra waits, llc-19 0).
; gfx90a at agent scope (the same sequence) and gfx1100 (buffer_gl1_inv +
; buffer_gl0_inv) likewise; gfx942's buffer_inv sc1 stays counted, as LLVM
; counts it.
; RUN: %wavecc -mcpu=gfx900 -filetype=asm %s -o - | FileCheck %s --check-prefix=GFX9
; RUN: %wavecc -mcpu=gfx90a -filetype=asm %s -o - | FileCheck %s --check-prefix=GFX9
; RUN: %wavecc -mcpu=gfx1100 -filetype=asm %s -o - | FileCheck %s --check-prefix=GFX11
; RUN: %wavecc -mcpu=gfx900 --assembler=check %s -o %t.o

target triple = "amdgcn-amd-amdhsa"

; GFX9-LABEL: two_seq_cst:
; GFX9: global_atomic_add
; GFX9-NEXT: s_waitcnt vmcnt(0)
; GFX9-NEXT: buffer_wbinvl1_vol
; GFX9-NOT: s_waitcnt
; GFX9: global_atomic_add
; GFX9-NEXT: s_waitcnt vmcnt(0)
; GFX9-NEXT: buffer_wbinvl1_vol
; GFX9-NEXT: s_endpgm
; GFX11-LABEL: two_seq_cst:
; GFX11: global_atomic_add_u32
; GFX11: s_waitcnt_vscnt null, 0x0
; GFX11-NEXT: buffer_gl1_inv
; GFX11-NEXT: buffer_gl0_inv
; GFX11-NOT: s_waitcnt
; GFX11: global_atomic_add_u32
define amdgpu_kernel void @two_seq_cst(ptr addrspace(1) %p) {
  %i = call i32 @llvm.amdgcn.workitem.id.x()
  %j = xor i32 %i, 7
  %a = getelementptr i32, ptr addrspace(1) %p, i32 %i
  %b = getelementptr i32, ptr addrspace(1) %p, i32 %j
  %r = atomicrmw add ptr addrspace(1) %a, i32 1 syncscope("agent") seq_cst, align 4
  %s = atomicrmw add ptr addrspace(1) %b, i32 1 syncscope("agent") seq_cst, align 4
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
