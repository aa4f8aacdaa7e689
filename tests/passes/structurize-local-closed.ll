; A region walk_local lowers block by block (the `||` of b1/b2 makes it
; no tree of ifs) whose first block b1 dominates the rest and whose every
; edge out goes to the join: a closed subtree. Skipping it when no lane
; enters needs no linear phi (the join restores EXEC), so it costs one
; s_cbranch_execz and skips at about 16 machine instructions, less than a
; heavy subtree (isel_struct_local.c, LOCAL_SKIP_CLOSED): the `if (l < s)`
; step of a work-group argmin (bench/real/nn.cl; with 64-wide groups on
; wave32 the second wave has no lane below s and ran the whole body at
; every step: 1.50x llc-19's executed instructions). The store block b3,
; also closed, is too small to skip (one ds_write per store).
; RUN: %wavecc %s -S -o - | FileCheck %s
target triple = "amdgcn-amd-amdhsa"

declare i32 @llvm.amdgcn.workitem.id.x()

; CHECK-LABEL: closed:
; CHECK: v_cmp_gt_u32_e64 [[C0:s\[[0-9]+:[0-9]+\]]], 32, v0
; CHECK: s_mov_b64 [[SAVED:s\[[0-9]+:[0-9]+\]]], exec
; CHECK-NEXT: s_and_b64 [[B1:s\[[0-9]+:[0-9]+\]]], [[SAVED]], [[C0]]
; CHECK: s_mov_b64 exec, [[B1]]
; CHECK-NEXT: s_cbranch_execz [[JOIN:.Lclosed_BB[0-9]+]]
; CHECK: ds_read
; CHECK: v_cmp_lt_f32
; CHECK: v_cmp_eq_f32
; CHECK: v_cmp_lt_i32
; CHECK: s_mov_b64 exec,
; CHECK-NOT: s_cbranch_execz
; CHECK: ds_write
; CHECK: [[JOIN]]:
; CHECK-NEXT: s_or_b64 exec, exec, [[SAVED]]
; CHECK: global_store_dword
; CHECK: s_endpgm
define amdgpu_kernel void @closed(ptr addrspace(3) %bd, ptr addrspace(3) %bi, ptr addrspace(1) %out) {
entry:
  %l = call i32 @llvm.amdgcn.workitem.id.x()
  %pd = getelementptr float, ptr addrspace(3) %bd, i32 %l
  %pi = getelementptr i32, ptr addrspace(3) %bi, i32 %l
  %c0 = icmp ult i32 %l, 32
  br i1 %c0, label %b1, label %exit
b1:
  %pd2 = getelementptr i8, ptr addrspace(3) %pd, i32 128
  %o = load float, ptr addrspace(3) %pd2
  %pi2 = getelementptr i8, ptr addrspace(3) %pi, i32 128
  %oi = load i32, ptr addrspace(3) %pi2
  %d = load float, ptr addrspace(3) %pd
  %lt = fcmp olt float %o, %d
  br i1 %lt, label %b3, label %b2
b2:
  %eq = fcmp oeq float %o, %d
  br i1 %eq, label %b4, label %exit
b4:
  %i = load i32, ptr addrspace(3) %pi
  %lti = icmp slt i32 %oi, %i
  br i1 %lti, label %b3, label %exit
b3:
  store float %o, ptr addrspace(3) %pd
  store i32 %oi, ptr addrspace(3) %pi
  br label %exit
exit:
  %po = getelementptr i32, ptr addrspace(1) %out, i32 %l
  store i32 1, ptr addrspace(1) %po
  ret void
}
