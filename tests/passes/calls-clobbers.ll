; A callee's clobbered VGPRs (isel_calls.c, frame.c vgpr_clobber): a
; function may clobber v0..v39 without saving them, as AMDGPUUsage lets it
; (it used to save every VGPR above its arguments and results, here
; v1..v4, all 64 lanes: ten memory instructions and an EXEC dance), and
; the pipeline compiles it before its callers, which then learn exactly
; which VGPRs it writes (v0..v4) and keep values live across the call just
; above them (the work-item id in v5).
; RUN: %wavecc %s -S -o - | FileCheck %s
target triple = "amdgcn-amd-amdhsa"

declare i32 @llvm.amdgcn.workitem.id.x()

; CHECK-LABEL: k:
; CHECK: v_mov_b32_e32 v5, v0
; CHECK: s_swappc_b64 s[30:31], s[{{[0-9]+}}:{{[0-9]+}}]
; CHECK-NEXT: v_add_u32_e32 v0, v0, v5
; CHECK-LABEL: f:
; CHECK-NEXT: .Lf_BB0:
; CHECK-NOT: buffer_store
; CHECK-NOT: exec
; CHECK: v_mul_lo_u32 v4, v0, 5
; CHECK-NOT: buffer_load
; CHECK-NOT: exec
; CHECK: s_setpc_b64 s[30:31]
define internal i32 @f(i32 %a) noinline {
  %b = mul i32 %a, %a
  %c = add i32 %a, 7
  %d = xor i32 %a, 99
  %e = mul i32 %a, 5
  %f = mul i32 %b, %c
  %g = mul i32 %d, %e
  %h = add i32 %f, %g
  %i = mul i32 %h, %a
  %j = add i32 %i, %b
  %k = add i32 %j, %c
  %l = add i32 %k, %d
  ret i32 %l
}

define amdgpu_kernel void @k(ptr addrspace(1) %out) {
  %id = call i32 @llvm.amdgcn.workitem.id.x()
  %r = call i32 @f(i32 %id)
  %s = add i32 %r, %id
  %p = getelementptr i32, ptr addrspace(1) %out, i32 %id
  store i32 %s, ptr addrspace(1) %p
  ret void
}
