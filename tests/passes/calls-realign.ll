; A function whose stack object is aligned more than the 16 bytes its
; stack pointer has at entry realigns the objects' base, as llc-19 rounds
; its frame pointer s33 up (AMDGPUUsage "Call Convention"): in lane units,
; (SP / 64 + stack argument bytes + A - 1) & -A. The frame keeps A - 16
; bytes of room for the padding (here 48 + 64 bytes of object; the saved
; registers follow at SP + 112, the frame is 128 bytes: the callee's
; stack pointer moves 128 x 64 = 0x2000 around the call).
; An object aligned 16 keeps SP / 64 (f16), and a kernel's objects are
; aligned from its frame base 0.
; RUN: %wavecc %s -S -o - | FileCheck %s
target triple = "amdgcn-amd-amdhsa"

declare i32 @llvm.amdgcn.workitem.id.x()

; The kernel (emitted first): no realignment.
; CHECK-LABEL: k:
; CHECK-NOT: 0xff{{[0-9a-f]+}}
; CHECK: s_swappc_b64
; CHECK-NOT: 0xff{{[0-9a-f]+}}
; CHECK: s_endpgm
define internal i32 @leaf(i32 %v) noinline {
  ret i32 %v
}

; CHECK-LABEL: f64:
; CHECK: buffer_store_dword v{{[0-9]+}}, off, s[0:3], s32 offset:112
; CHECK: s_lshr_b32 [[B:s[0-9]+]], s32, 6
; CHECK-NEXT: s_add_u32 [[B]], [[B]], 63
; CHECK-NEXT: s_and_b32 [[FP:s[0-9]+]], [[B]], 0xffffffc0
; CHECK: v_mov_b32_e32 [[V:v[0-9]+]], [[FP]]
; CHECK-NEXT: buffer_store_dword v0, [[V]], s[0:3], 0 offen offset:12 glc
; CHECK: s_add_u32 s32, s32, 0x2000
; CHECK: s_swappc_b64
; CHECK: s_sub_u32 s32, s32, 0x2000
; CHECK: s_setpc_b64
define internal i32 @f64(i32 %v, i32 %m) noinline {
  %p = alloca <16 x i32>, align 64, addrspace(5)
  %q = getelementptr i32, ptr addrspace(5) %p, i32 3
  store volatile i32 %v, ptr addrspace(5) %q
  %a = ptrtoint ptr addrspace(5) %p to i32
  %b = and i32 %a, %m
  %c = call i32 @leaf(i32 %b)
  %l = load volatile i32, ptr addrspace(5) %q
  %r = add i32 %c, %l
  ret i32 %r
}

; CHECK-LABEL: f16:
; CHECK: s_lshr_b32 [[B:s[0-9]+]], s32, 6
; CHECK-NOT: s_and_b32
; CHECK: s_setpc_b64
define internal i32 @f16(i32 %v, i32 %m) noinline {
  %p = alloca <4 x i32>, align 16, addrspace(5)
  store volatile i32 %v, ptr addrspace(5) %p
  %a = ptrtoint ptr addrspace(5) %p to i32
  %b = and i32 %a, %m
  %l = load volatile i32, ptr addrspace(5) %p
  %r = add i32 %b, %l
  ret i32 %r
}

define amdgpu_kernel void @k(ptr addrspace(1) %out, i32 %m) {
  %id = call i32 @llvm.amdgcn.workitem.id.x()
  %p = alloca <32 x i32>, align 128, addrspace(5)
  store volatile i32 %id, ptr addrspace(5) %p
  %x = call i32 @f64(i32 %id, i32 %m)
  %y = call i32 @f16(i32 %id, i32 %m)
  %a = ptrtoint ptr addrspace(5) %p to i32
  %b = and i32 %a, %m
  %s = add i32 %x, %y
  %t = add i32 %s, %b
  %g = getelementptr i32, ptr addrspace(1) %out, i32 %id
  store i32 %t, ptr addrspace(1) %g
  ret void
}
