; A divergent region that is not a tree of ifs (b3 is entered from b1 and
; from b2, whose other edges go to the join: early exits) is lowered block
; by block (isel_struct.c, walk_local): each block runs with EXEC = the
; lanes of its incoming edges (s_mov_b64 exec), the edge masks are SALU
; and/andn2, the join restores EXEC, and the rest of the kernel stays
; structured. The address computed before the region keeps its SGPR base +
; VGPR offset form inside it (no scalar loads inside: EXEC may be zero).
; RUN: %wavecc %s -S -o - | FileCheck %s
; RUN: %wavecc %s --stats -S -o /dev/null 2>&1 | FileCheck %s --check-prefix=STATS
target triple = "amdgcn-amd-amdhsa"

declare i32 @llvm.amdgcn.workitem.id.x()

; CHECK-LABEL: chain:
; CHECK: v_cmp_gt_u32_e64 [[C0:s\[[0-9]+:[0-9]+\]]], 10, v0
; CHECK-NEXT: s_mov_b64 [[SAVED:s\[[0-9]+:[0-9]+\]]], exec
; CHECK-NEXT: s_and_b64 {{s\[[0-9]+:[0-9]+\]}}, [[SAVED]], [[C0]]
; CHECK-NEXT: s_andn2_b64 [[B1:s\[[0-9]+:[0-9]+\]]], [[SAVED]], [[C0]]
; CHECK-NEXT: .Lchain_BB1:
; CHECK-NEXT: s_mov_b64 exec, [[B1]]
; CHECK-NOT: s_cbranch
; CHECK: global_store_dword v{{[0-9]+}}, v{{[0-9]+}}, s[{{[0-9]+:[0-9]+}}]
; CHECK-NOT: s_cbranch
; CHECK: global_store_dword v{{[0-9]+}}, v{{[0-9]+}}, s[{{[0-9]+:[0-9]+}}]
; CHECK: s_or_b64 exec, exec, [[SAVED]]
; CHECK-NEXT: s_endpgm
define amdgpu_kernel void @chain(ptr addrspace(1) %out) {
entry:
  %id = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr i32, ptr addrspace(1) %out, i32 %id
  %c0 = icmp ult i32 %id, 10
  br i1 %c0, label %exit, label %b1
b1:
  %c1 = icmp ult i32 %id, 20
  br i1 %c1, label %b2, label %b3
b2:
  store i32 1, ptr addrspace(1) %p
  %c2 = icmp ult i32 %id, 15
  br i1 %c2, label %exit, label %b3
b3:
  store i32 2, ptr addrspace(1) %p
  br label %exit
exit:
  ret void
}

; The same shape with a call in a shared block is not lowered block by
; block (the callee's regions assume a non-empty EXEC): masked fallback.
; STATS: callr: {{.*}}, divergent control flow masked (isel_struct.c:{{[0-9]+}})
define void @f(ptr addrspace(1) %p) noinline {
  store i32 3, ptr addrspace(1) %p
  ret void
}

define amdgpu_kernel void @callr(ptr addrspace(1) %out) {
entry:
  %id = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr i32, ptr addrspace(1) %out, i32 %id
  %c0 = icmp ult i32 %id, 10
  br i1 %c0, label %exit, label %b1
b1:
  %c1 = icmp ult i32 %id, 20
  br i1 %c1, label %b2, label %b3
b2:
  store i32 1, ptr addrspace(1) %p
  %c2 = icmp ult i32 %id, 15
  br i1 %c2, label %exit, label %b3
b3:
  call void @f(ptr addrspace(1) %p)
  br label %exit
exit:
  ret void
}
