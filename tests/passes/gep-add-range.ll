; A GEP index `add i32 %x, k` without nsw (a hand-written .ll's
; out[tid + 4]) is extended to 64 bits: sext(x + k) = sext(x) + k only
; when the add does not wrap. isel_gep.c's index_split now asks x's range
; (isel_divrange.c: the work-item id is below 1024), so k * size joins the
; instruction's offset as llc-19 folds it, and the address register is
; shared (main: a v_add_u32 and a v_lshlrev_b32 per store). A kernel
; argument's range is unknown: its add stays in the index.
; RUN: %wavecc -mcpu=gfx900 -filetype=asm %s -o - | FileCheck %s
target triple = "amdgcn-amd-amdhsa"

; CHECK-LABEL: tid_plus:
; CHECK: v_lshlrev_b32_e32 [[A:v[0-9]+]], 3, v0
; CHECK-NOT: v_add
; CHECK: global_store_dwordx2 [[A]], v{{\[[0-9]+:[0-9]+\]}}, s{{\[[0-9]+:[0-9]+\]$}}
; CHECK-NOT: v_add
; CHECK: global_store_dwordx2 [[A]], v{{\[[0-9]+:[0-9]+\]}}, s{{\[[0-9]+:[0-9]+\]}} offset:32
; CHECK-NOT: v_add
; CHECK: global_store_dwordx2 [[A]], v{{\[[0-9]+:[0-9]+\]}}, s{{\[[0-9]+:[0-9]+\]}} offset:-16
; CHECK: s_endpgm
define amdgpu_kernel void @tid_plus(ptr addrspace(1) %out, i64 %v) {
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %p0 = getelementptr i64, ptr addrspace(1) %out, i32 %tid
  store i64 %v, ptr addrspace(1) %p0
  %i1 = add i32 %tid, 4
  %p1 = getelementptr i64, ptr addrspace(1) %out, i32 %i1
  store i64 %v, ptr addrspace(1) %p1
  %i2 = add i32 %tid, -2
  %p2 = getelementptr i64, ptr addrspace(1) %out, i32 %i2
  store i64 %v, ptr addrspace(1) %p2
  ret void
}

; CHECK-LABEL: arg_plus:
; CHECK: s_add_u32 s{{[0-9]+}}, s{{[0-9]+}}, 4
; CHECK: s_endpgm
define amdgpu_kernel void @arg_plus(ptr addrspace(1) %out, i32 %n, i64 %v) {
  %i1 = add i32 %n, 4
  %p1 = getelementptr i64, ptr addrspace(1) %out, i32 %i1
  store i64 %v, ptr addrspace(1) %p1
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
