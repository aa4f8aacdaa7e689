; Arguments past the 31 argument VGPRs (v31 carries the work-item ids) go on the stack: the caller stores
; them at the start of the callee's frame through the stack pointer, which
; a kernel sets once at its entry to its frame size x 64 (here 16 bytes:
; 0x400) and stores through directly, and the callee loads them from s32;
; its own private array comes after them.
; RUN: %wavecc %s -S -o - | FileCheck %s
target triple = "amdgcn-amd-amdhsa"

declare i32 @llvm.amdgcn.workitem.id.x()

define internal i32 @f(<16 x i32> %a, <16 x i32> %b, i32 %c, i32 %d) noinline {
  %p = alloca [2 x i32], align 4, addrspace(5)
  store volatile i32 %d, ptr addrspace(5) %p
  %x = extractelement <16 x i32> %a, i32 3
  %y = extractelement <16 x i32> %b, i32 15
  %v = load volatile i32, ptr addrspace(5) %p
  %s = add i32 %x, %y
  %t = add i32 %s, %c
  %u = add i32 %t, %v
  ret i32 %u
}

; CHECK-LABEL: k:
; CHECK: s_mov_b32 s32, 0x400
; CHECK-NOT: s32
; CHECK: buffer_store_dword v{{[0-9]+}}, off, s[0:3], s32{{$}}
; CHECK-NEXT: buffer_store_dword v{{[0-9]+}}, off, s[0:3], s32 offset:4
; CHECK: buffer_store_dword v{{[0-9]+}}, off, s[0:3], s32 offset:8
; CHECK-NOT: s32
; CHECK: s_swappc_b64 s[30:31], s[{{[0-9]+:[0-9]+}}]
; CHECK-LABEL: f:
; CHECK: buffer_load_dword v{{[0-9]+}}, off, s[0:3], s32{{$}}
; CHECK: buffer_load_dword v{{[0-9]+}}, off, s[0:3], s32 offset:4
; CHECK: s_setpc_b64 s[30:31]
define amdgpu_kernel void @k(ptr addrspace(1) %out) {
  %id = call i32 @llvm.amdgcn.workitem.id.x()
  %priv = alloca [4 x i32], align 4, addrspace(5)
  store volatile i32 %id, ptr addrspace(5) %priv
  %va = insertelement <16 x i32> zeroinitializer, i32 %id, i32 3
  %vb = insertelement <16 x i32> zeroinitializer, i32 %id, i32 15
  %r = call i32 @f(<16 x i32> %va, <16 x i32> %vb, i32 %id, i32 5)
  %p = getelementptr i32, ptr addrspace(1) %out, i32 %id
  store i32 %r, ptr addrspace(1) %p
  ret void
}
