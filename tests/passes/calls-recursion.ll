; Recursion is compiled, not refused (it used to be "recursion is not
; supported"): each activation moves the stack pointer s32 past its frame
; around its calls, and a kernel that reaches a call-graph cycle asks for a
; dynamic stack in its descriptor (the depth is not known). A function on
; a cycle cannot learn its own clobbers before it is compiled: it clobbers
; only its argument and result VGPRs and saves the rest (isel_call_order,
; in_cycle), so the kernel needs 3 VGPRs, not 41 (v0..v39 clobbered): v0
; and v1, and v2, which fact saves to carry its SGPRs in lanes it never
; writes (frame.c; within the 4 VGPRs allocated anyway).
; RUN: %wavecc %s -S -o - | FileCheck %s
target triple = "amdgcn-amd-amdhsa"

define i32 @fact(i32 %n) noinline {
  %c = icmp ult i32 %n, 2
  br i1 %c, label %one, label %rec
one:
  ret i32 1
rec:
  %m = sub i32 %n, 1
  %r = call i32 @fact(i32 %m)
  %p = mul i32 %n, %r
  ret i32 %p
}

define amdgpu_kernel void @k(ptr addrspace(1) %out, i32 %n) {
  %r = call i32 @fact(i32 %n)
  store i32 %r, ptr addrspace(1) %out
  ret void
}

; CHECK-LABEL: k:
; CHECK: s_swappc_b64 s[30:31], s[{{[0-9]+}}:{{[0-9]+}}]
; CHECK: .amdhsa_private_segment_fixed_size [[FRAME:[0-9]+]]
; CHECK: .amdhsa_uses_dynamic_stack 1
; CHECK: .amdhsa_next_free_vgpr 3{{$}}
; CHECK-LABEL: fact:
; CHECK: s_add_u32 s32, s32, 0x[[ADJ:[0-9a-f]+]]
; CHECK: s_swappc_b64 s[30:31], s[{{[0-9]+}}:{{[0-9]+}}]
; CHECK-NEXT: s_sub_u32 s32, s32, 0x[[ADJ]]
; CHECK: s_setpc_b64 s[30:31]
