; A region walk_local lowers block by block (b3 is entered from b1 and b2,
; whose other edges go to the join) that has fewer than LOCAL_SKIP_BLOCKS
; blocks skips a subtree of the dominator tree that weighs at least
; LOCAL_SKIP_HEAVY (a division or remainder by a non-constant counts 16)
; when none of its lanes is left: b1 skips b2 and b3, b2 skips itself
; (isel_struct_local.c). Skipped only when empty, b2's body runs only with
; lanes that reach it, so its uniform load from constant memory is a
; scalar load (tests/kernels/f_loop_exits_sgpr_phi_move.cl: a loop's early
; exit behind a rarely true divergent compare ran empty 7 times in 9, and
; its uniform loads were global_load_dword).
; RUN: %wavecc %s -S -o - | FileCheck %s
target triple = "amdgcn-amd-amdhsa"

declare i32 @llvm.amdgcn.workitem.id.x()

; CHECK-LABEL: heavy:
; CHECK: v_cmp_gt_u32_e64 [[C0:s\[[0-9]+:[0-9]+\]]], 10, v0
; CHECK-NEXT: s_mov_b64 [[SAVED:s\[[0-9]+:[0-9]+\]]], exec
; CHECK-NEXT: s_and_b64 {{s\[[0-9]+:[0-9]+\]}}, [[SAVED]], [[C0]]
; CHECK-NEXT: s_andn2_b64 [[B1:s\[[0-9]+:[0-9]+\]]], [[SAVED]], [[C0]]
; CHECK: s_mov_b64 exec, [[B1]]
; CHECK-NEXT: s_cbranch_execz [[JOIN:.Lheavy_BB[0-9]+]]
; CHECK: v_cmp_gt_u32_e64 {{s\[[0-9]+:[0-9]+\]}}, 20, v0
; CHECK: s_mov_b64 exec, {{s\[[0-9]+:[0-9]+\]}}
; CHECK-NEXT: s_cbranch_execz [[B3:.Lheavy_BB[0-9]+]]
; CHECK-NOT: global_load
; CHECK: s_load_dword [[T:s[0-9]+]], s[{{[0-9]+:[0-9]+}}], 0x0
; CHECK: v_cvt_f32_u32_e32 v{{[0-9]+}}, [[T]]
; CHECK: global_store_dword
; CHECK: [[B3]]:
; CHECK: global_store_dword
; CHECK: [[JOIN]]:
; CHECK: s_endpgm
define amdgpu_kernel void @heavy(ptr addrspace(1) %out, ptr addrspace(4) %tab, i32 %n) {
entry:
  %id = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr i32, ptr addrspace(1) %out, i32 %id
  %c0 = icmp ult i32 %id, 10
  br i1 %c0, label %exit, label %b1
b1:
  %c1 = icmp ult i32 %id, 20
  br i1 %c1, label %b2, label %b3
b2:
  %pt = getelementptr i32, ptr addrspace(4) %tab, i32 %n
  %t = load i32, ptr addrspace(4) %pt
  %q = udiv i32 %id, %t
  %r = urem i32 %n, %t
  %s = add i32 %q, %r
  store i32 %s, ptr addrspace(1) %p
  %c2 = icmp ult i32 %s, 15
  br i1 %c2, label %exit, label %b3
b3:
  store i32 2, ptr addrspace(1) %p
  br label %exit
exit:
  ret void
}

; A light region (a store and a compare per block) still runs every block
; in order, skipping none.
; CHECK-LABEL: light:
; CHECK-NOT: s_cbranch_execz
; CHECK: s_endpgm
define amdgpu_kernel void @light(ptr addrspace(1) %out) {
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
