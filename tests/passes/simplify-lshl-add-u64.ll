; gfx942's v_lshl_add_u64 d, x, k, s computes (x << k) + s: a 64-bit
; address base + (sext(i) << 2) is v_ashrrev_i32 + one v_lshl_add_u64 with
; the shift folded in (simplify.c fold_lshl_add64), as llc-19 selects it;
; before, a v_lshlrev_b64 and a v_lshl_add_u64 with shift 0
; (sgemm_mfma.cl: 48 of them). A shift above 4 stays apart (LLVM's
; pattern takes 0..4).
; RUN: %wavecc -mcpu=gfx942 %s -S -o - | FileCheck %s
; CHECK-LABEL: k:
; CHECK-NOT: v_lshlrev_b64
; CHECK: v_lshl_add_u64 v[{{[0-9]+:[0-9]+}}], v[{{[0-9]+:[0-9]+}}], 2, s[{{[0-9]+:[0-9]+}}]
; CHECK-LABEL: k5:
; CHECK: v_lshlrev_b64 v[{{[0-9]+:[0-9]+}}], 5, v[{{[0-9]+:[0-9]+}}]
; CHECK: v_lshl_add_u64 v[{{[0-9]+:[0-9]+}}], s[{{[0-9]+:[0-9]+}}], 0, v[{{[0-9]+:[0-9]+}}]
target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @k(ptr addrspace(1) %p, i32 %n) {
  %l = call i32 @llvm.amdgcn.workitem.id.x()
  %i = sub i32 %l, %n
  %a = getelementptr float, ptr addrspace(1) %p, i32 %i
  %v = load float, ptr addrspace(1) %a
  %w = fadd float %v, 1.0
  store float %w, ptr addrspace(1) %a
  ret void
}

define amdgpu_kernel void @k5(ptr addrspace(1) %p, i32 %n) {
  %l = call i32 @llvm.amdgcn.workitem.id.x()
  %i = sub i32 %l, %n
  %a = getelementptr [8 x float], ptr addrspace(1) %p, i32 %i
  %v = load float, ptr addrspace(1) %a
  %w = fadd float %v, 1.0
  store float %w, ptr addrspace(1) %a
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
