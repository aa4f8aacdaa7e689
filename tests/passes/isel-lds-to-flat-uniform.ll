; A constant LDS address made generic (addrspacecast of an LDS variable)
; is aperture:offset in SGPRs, with no null test (its offset is not the
; segment null -1), and a uniform LDS pointer argument made generic tests
; for null on SCC (s_cmp_lg_u32 + s_cselect_b64); the uniform select between
; it and a global pointer stays scalar. f_waitcnt_capacity_flat's
; `sel ? gin : (int *)lds` built the pair with v_cmp + v_cndmask and selected
; with VALU code; on main 20e9875 both functions below have v_cndmask_b32.
; RUN: %wavecc %s -mcpu=gfx900 -S -o - | FileCheck %s
target triple = "amdgcn-amd-amdhsa"

@lds = internal addrspace(3) global [64 x i32] poison, align 4

; CHECK-LABEL: const_lds:
; CHECK-NOT: v_cndmask_b32
; CHECK-NOT: v_cmp_
; CHECK: s_getreg_b32
; CHECK: s_cselect_b64
; CHECK-NOT: v_cndmask_b32
; CHECK: flat_load_dword
define amdgpu_kernel void @const_lds(ptr addrspace(1) %out, ptr addrspace(1) %g, i32 %sel) {
  %id = call i32 @llvm.amdgcn.workitem.id.x()
  %c = icmp eq i32 %sel, 0
  %gf = addrspacecast ptr addrspace(1) %g to ptr
  %p = select i1 %c, ptr addrspacecast (ptr addrspace(3) @lds to ptr), ptr %gf
  %a = getelementptr inbounds i32, ptr %p, i32 %id
  %v = load volatile i32, ptr %a, align 4
  %o = getelementptr inbounds i32, ptr addrspace(1) %out, i32 %id
  store i32 %v, ptr addrspace(1) %o, align 4
  ret void
}

; CHECK-LABEL: arg_lds:
; CHECK-NOT: v_cndmask_b32
; CHECK: s_cmp_lg_u32 s{{[0-9]+}}, -1
; CHECK-NEXT: s_cselect_b64
; CHECK-NOT: v_cndmask_b32
; CHECK: flat_load_dword
define amdgpu_kernel void @arg_lds(ptr addrspace(1) %out, ptr addrspace(3) %l) {
  %id = call i32 @llvm.amdgcn.workitem.id.x()
  %lf = addrspacecast ptr addrspace(3) %l to ptr
  %v = load volatile i32, ptr %lf, align 4
  %o = getelementptr inbounds i32, ptr addrspace(1) %out, i32 %id
  store i32 %v, ptr addrspace(1) %o, align 4
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
