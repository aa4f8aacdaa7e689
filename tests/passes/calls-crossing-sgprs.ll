; SGPR values that live across calls stay above the convention's region
; s0..s32 (regalloc.c, call_crossings), and so does a tuple whose parts
; do: the four pointer arguments, one merged s_load_dwordx8, are loaded
; straight into s[36:43] and used there after each call (they used to be
; loaded into the region and copied out, one s_mov_b64 each). The callee's
; address is not live across a call: it goes in s[16:17], past the
; registers of the call's implicit inputs. The kernel's stack pointer is
; set once at entry.
; RUN: %wavecc %s -S -o - | FileCheck %s
target triple = "amdgcn-amd-amdhsa"

declare i32 @llvm.amdgcn.workitem.id.x()

define internal i32 @f(i32 %a) noinline {
  %r = mul i32 %a, 7
  ret i32 %r
}

; CHECK-LABEL: k:
; CHECK: s_mov_b32 s32, 0
; CHECK: s_load_dwordx8 s[[[#A:]]:{{[0-9]+}}], s[4:5], 0x0
; CHECK-NOT: s_mov_b64
; CHECK: s_getpc_b64 s[16:17]
; CHECK-NOT: s32
; CHECK: s_swappc_b64 s[30:31], s[16:17]
; CHECK: global_store_dword v{{[0-9]+}}, v0, s[[[#A]]:[[#A+1]]]
; CHECK: s_swappc_b64 s[30:31], s[16:17]
; CHECK: global_store_dword v{{[0-9]+}}, v0, s[[[#A+2]]:[[#A+3]]]
; CHECK: s_swappc_b64 s[30:31], s[16:17]
; CHECK: global_store_dword v{{[0-9]+}}, v0, s[[[#A+4]]:[[#A+5]]]
; CHECK: global_store_dword v{{[0-9]+}}, v1, s[[[#A+6]]:[[#A+7]]]
define amdgpu_kernel void @k(ptr addrspace(1) %o0, ptr addrspace(1) %o1, ptr addrspace(1) %o2, ptr addrspace(1) %o3) {
  %id = call i32 @llvm.amdgcn.workitem.id.x()
  %r0 = call i32 @f(i32 %id)
  %p0 = getelementptr i32, ptr addrspace(1) %o0, i32 %id
  store i32 %r0, ptr addrspace(1) %p0
  %r1 = call i32 @f(i32 %r0)
  %p1 = getelementptr i32, ptr addrspace(1) %o1, i32 %id
  store i32 %r1, ptr addrspace(1) %p1
  %r2 = call i32 @f(i32 %r1)
  %p2 = getelementptr i32, ptr addrspace(1) %o2, i32 %id
  store i32 %r2, ptr addrspace(1) %p2
  %p3 = getelementptr i32, ptr addrspace(1) %o3, i32 %id
  store i32 %id, ptr addrspace(1) %p3
  ret void
}
