; A function that calls (isel_calls.c, regalloc.c, frame.c) keeps only the
; SGPR values a call clobbers out of the convention's region s0..s32: its
; return address and the implicit-argument pointer it reads after the
; call, four SGPRs saved in lanes of v1. The callee's address sits in
; s[16:17], past the registers of the call's implicit inputs; the
; work-group id it passes on stays in s12 (it used to be copied to s33 and
; saved, nine SGPRs in all). It has no divergent branch, so EXEC is neither
; saved nor restored, and its call needs no empty-EXEC guard
; (frame_exec.c). Nothing in it writes v1 (the callee clobbers v0 only),
; so the SGPRs stay in v1's lanes from prologue to epilogue: v1 is stored
; once and loaded once (it used to be stored and loaded a second time
; with the lanes). After the lanes are read back, one more wait state
; (s_nop 0) with the VGPR reload, the wait, the EXEC restore and
; s_setpc_b64 makes the five a VMEM read of a restored SGPR needs in the
; caller (it was s_nop 4).
; RUN: %wavecc %s -S -o - | FileCheck %s
target triple = "amdgcn-amd-amdhsa"

declare i32 @llvm.amdgcn.workitem.id.x()
declare i32 @llvm.amdgcn.workgroup.id.x()
declare ptr addrspace(4) @llvm.amdgcn.implicitarg.ptr()

define internal i32 @leaf(i32 %x) noinline {
  %g = call i32 @llvm.amdgcn.workgroup.id.x()
  %r = add i32 %x, %g
  ret i32 %r
}

; CHECK-LABEL: mid:
; CHECK-NEXT: .Lmid_BB0:
; CHECK-NEXT: s_waitcnt vmcnt(0) expcnt(0) lgkmcnt(0)
; CHECK-NEXT: s_or_saveexec_b64 vcc, -1
; CHECK-NEXT: buffer_store_dword v1, off, s[0:3], s32
; CHECK-COUNT-4: v_writelane_b32 v1, s{{[0-9]+}}
; CHECK-NEXT: s_mov_b64 exec, vcc
; CHECK-NOT: s12
; CHECK-NOT: exec
; CHECK: s_getpc_b64 s[16:17]
; CHECK-NOT: exec
; CHECK: s_swappc_b64 s[30:31], s[16:17]
; CHECK-NOT: exec
; CHECK: s_or_saveexec_b64 vcc, -1
; CHECK-COUNT-4: v_readlane_b32 s{{[0-9]+}}, v1
; CHECK-NEXT: s_nop 0
; CHECK-NEXT: buffer_load_dword v1, off, s[0:3], s32
; CHECK-NEXT: s_waitcnt vmcnt(0)
; CHECK-NEXT: s_mov_b64 exec, vcc
; CHECK-NEXT: s_setpc_b64 s[30:31]
define internal i32 @mid(i32 %x) noinline {
  %r = call i32 @leaf(i32 %x)
  %ip = call ptr addrspace(4) @llvm.amdgcn.implicitarg.ptr()
  %q = getelementptr i8, ptr addrspace(4) %ip, i64 8
  %o = load i32, ptr addrspace(4) %q
  %t = shl i32 %r, 1
  %s = add i32 %t, %o
  ret i32 %s
}

define amdgpu_kernel void @k(ptr addrspace(1) %out) {
  %id = call i32 @llvm.amdgcn.workitem.id.x()
  %r = call i32 @mid(i32 %id)
  %p = getelementptr i32, ptr addrspace(1) %out, i32 %id
  store i32 %r, ptr addrspace(1) %p
  ret void
}
