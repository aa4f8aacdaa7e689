; gfx942: a 64-bit VALU add of an inline constant (-16..64) is one
; v_lshl_add_u64 d, x, 0, k, as llc-19 selects it, not a
; v_add_co_u32 + v_addc_co_u32 pair: a loop's pointer induction variable
; (gemm_naive, gemv_row, fnv1a, spmv_ell in bench/real: one VALU
; instruction fewer per iteration). x - k the same with -k.
; RUN: %wavecc -mcpu=gfx942 %s -S -o - | FileCheck %s
; RUN: %wavecc -mcpu=gfx90a %s -S -o - | FileCheck %s --check-prefix=GFX90A
; CHECK-LABEL: addk:
; CHECK-NOT: v_addc_co_u32
; CHECK: v_lshl_add_u64 v[{{[0-9]+:[0-9]+}}], v[{{[0-9]+:[0-9]+}}], 0, 4
; CHECK-LABEL: subk:
; CHECK-NOT: v_subb_co_u32
; CHECK: v_lshl_add_u64 v[{{[0-9]+:[0-9]+}}], v[{{[0-9]+:[0-9]+}}], 0, -3
; CHECK-LABEL: ptrloop:
; CHECK-NOT: v_addc_co_u32
; (unrolled by 2, remainder after the loop: the two loads merged, a step of 8)
; CHECK: global_load_dwordx2
; CHECK-NEXT: v_lshl_add_u64 v[{{[0-9]+:[0-9]+}}], v[{{[0-9]+:[0-9]+}}], 0, 8
; CHECK-NOT: v_addc_co_u32
; CHECK: s_cbranch_scc0
; GFX90A-LABEL: addk:
; GFX90A: v_add_co_u32
; GFX90A: v_addc_co_u32
target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @addk(ptr addrspace(1) %p) {
  %l = call i32 @llvm.amdgcn.workitem.id.x()
  %a = getelementptr i64, ptr addrspace(1) %p, i32 %l
  %v = load i64, ptr addrspace(1) %a
  %w = add i64 %v, 4
  store i64 %w, ptr addrspace(1) %a
  ret void
}

define amdgpu_kernel void @subk(ptr addrspace(1) %p) {
  %l = call i32 @llvm.amdgcn.workitem.id.x()
  %a = getelementptr i64, ptr addrspace(1) %p, i32 %l
  %v = load i64, ptr addrspace(1) %a
  %w = sub i64 %v, 3
  store i64 %w, ptr addrspace(1) %a
  ret void
}

define amdgpu_kernel void @ptrloop(ptr addrspace(1) %p, ptr addrspace(1) %out, i32 %n) {
entry:
  %l = call i32 @llvm.amdgcn.workitem.id.x()
  %row = mul i32 %l, %n
  %start = getelementptr float, ptr addrspace(1) %p, i32 %row
  br label %loop
loop:
  %q = phi ptr addrspace(1) [ %start, %entry ], [ %q.next, %loop ]
  %k = phi i32 [ 0, %entry ], [ %k.next, %loop ]
  %s = phi float [ 0.0, %entry ], [ %s.next, %loop ]
  %v = load float, ptr addrspace(1) %q
  %s.next = fadd float %s, %v
  %q.next = getelementptr i8, ptr addrspace(1) %q, i64 4
  %k.next = add i32 %k, 1
  %c = icmp eq i32 %k.next, %n
  br i1 %c, label %exit, label %loop
exit:
  %o = getelementptr float, ptr addrspace(1) %out, i32 %l
  store float %s.next, ptr addrspace(1) %o
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
