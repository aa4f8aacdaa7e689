; A call whose arguments fill v0..v30 to a function that reads the
; work-item ids (v31), from a kernel whose flat id (computed from the ids)
; lives across the call: the callee writes v0..v2 only, so the call
; defines v0..v30 and not v31, and the flat id took v31 before the call's
; packed ids needed it ("internal: fixed register of %213 is occupied by
; live %118", piglit's calls-workitem-id.cl). Values living across a call
; stay above its fixed registers too (regalloc.c call_crossings).
; RUN: %wavecc %s -S -o - | FileCheck %s
target triple = "amdgcn-amd-amdhsa"

declare i32 @llvm.amdgcn.workitem.id.x()
declare i32 @llvm.amdgcn.workitem.id.y()
declare i32 @llvm.amdgcn.workitem.id.z()

define internal <3 x i32> @ids(i32 %a0, i32 %a1, i32 %a2, i32 %a3, i32 %a4, i32 %a5, i32 %a6, i32 %a7, i32 %a8, i32 %a9, i32 %a10, i32 %a11, i32 %a12, i32 %a13, i32 %a14, i32 %a15, i32 %a16, i32 %a17, i32 %a18, i32 %a19, i32 %a20, i32 %a21, i32 %a22, i32 %a23, i32 %a24, i32 %a25, i32 %a26, i32 %a27, i32 %a28, i32 %a29, i32 %a30, i32 %a31) noinline {
  %x = call i32 @llvm.amdgcn.workitem.id.x()
  %y = call i32 @llvm.amdgcn.workitem.id.y()
  %z = call i32 @llvm.amdgcn.workitem.id.z()
  %a = add i32 %x, %a31
  %r0 = insertelement <3 x i32> poison, i32 %a, i32 0
  %r1 = insertelement <3 x i32> %r0, i32 %y, i32 1
  %r2 = insertelement <3 x i32> %r1, i32 %z, i32 2
  ret <3 x i32> %r2
}

; The flat id above v31; the packed ids into v31 for the call.
; CHECK-LABEL: k:
; CHECK: v_add3_u32 [[F:v(3[2-9]|[4-9][0-9])]], v0,
; (copy-cleanup sinks the packing into v31: no copy)
; CHECK: v_lshl_or_b32 v31, v2, 20,
; CHECK: s_swappc_b64 s[30:31]
; CHECK-NEXT: v_mul_u32_u24_e32 v{{[0-9]+}}, 12, [[F]]
; CHECK: s_endpgm
define amdgpu_kernel void @k(ptr addrspace(1) %out) {
  %x = call i32 @llvm.amdgcn.workitem.id.x()
  %y = call i32 @llvm.amdgcn.workitem.id.y()
  %z = call i32 @llvm.amdgcn.workitem.id.z()
  %ys = shl i32 %y, 3
  %zs = shl i32 %z, 5
  %f0 = add i32 %x, %ys
  %f = add i32 %f0, %zs
  %r = call <3 x i32> @ids(i32 1, i32 4, i32 7, i32 10, i32 13, i32 16, i32 19, i32 22, i32 25, i32 28, i32 31, i32 34, i32 37, i32 40, i32 43, i32 46, i32 49, i32 52, i32 55, i32 58, i32 61, i32 64, i32 67, i32 70, i32 73, i32 76, i32 79, i32 82, i32 85, i32 88, i32 91, i32 94)
  %e0 = extractelement <3 x i32> %r, i32 0
  %e1 = extractelement <3 x i32> %r, i32 1
  %e2 = extractelement <3 x i32> %r, i32 2
  %f3 = mul i32 %f, 3
  %p0 = getelementptr i32, ptr addrspace(1) %out, i32 %f3
  store i32 %e0, ptr addrspace(1) %p0
  %p1 = getelementptr i32, ptr addrspace(1) %p0, i32 1
  store i32 %e1, ptr addrspace(1) %p1
  %p2 = getelementptr i32, ptr addrspace(1) %p0, i32 2
  store i32 %e2, ptr addrspace(1) %p2
  ret void
}
