; Argument VGPRs a callee leaves alone (isel_calls.c, regalloc_calls.c):
; once f is compiled its callers know it writes only v0 (its result), so
; a call to it clobbers v0 alone and the arguments passed in v1..v3 may
; stay there across the call. The second call passes the same values in
; the same registers: no copies between the calls. (A call clobbered all
; its argument VGPRs, so values passed to two calls lived in VGPRs above
; them and were copied down before each call: f_call_byval.ll's kernel
; took 65 VGPRs where llc-19, with IPRA, takes 40.)
; RUN: %wavecc %s -S -o - | FileCheck %s
; RUN: %wavecc -mcpu=gfx1100 %s -S -o - | FileCheck %s
target triple = "amdgcn-amd-amdhsa"

declare i32 @llvm.amdgcn.workitem.id.x()

; CHECK-LABEL: k:
; CHECK: s_swappc_b64
; CHECK-NOT: v{{[123]}},
; CHECK: s_swappc_b64
define internal i32 @f(i32 %a, i32 %b, i32 %c, i32 %d) noinline {
  %x = add i32 %a, %b
  %y = xor i32 %x, %c
  %z = mul i32 %y, %d
  ret i32 %z
}

define amdgpu_kernel void @k(ptr addrspace(1) %out) {
  %id = call i32 @llvm.amdgcn.workitem.id.x()
  %b = mul i32 %id, 3
  %c = xor i32 %id, 5
  %d = add i32 %id, 9
  %r1 = call i32 @f(i32 %id, i32 %b, i32 %c, i32 %d)
  %r2 = call i32 @f(i32 %r1, i32 %b, i32 %c, i32 %d)
  %p = getelementptr i32, ptr addrspace(1) %out, i32 %id
  store i32 %r2, ptr addrspace(1) %p
  ret void
}
