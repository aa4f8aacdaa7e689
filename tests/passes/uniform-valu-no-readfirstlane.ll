; A uniform value only the VALU computes (here llvm.amdgcn.sdot4 of
; uniform operands) is read back to an SGPR by selection; a reader that
; wants a VGPR (a store's data) then read that SGPR back with v_mov.
; fold-copies now lets such a reader take the VALU result itself, in the
; block (and EXEC) that computed it, as llc-19 does: `store` has no
; v_readfirstlane_b32. Where an SGPR reader is left (the uniform branch
; on the result in `branch`, an SMEM offset in `smem`), the read-back
; stays. Before this change `store` had v_readfirstlane_b32 + v_mov_b32
; (f_dot_intrinsics at gfx1030: 1.27x llc-19's occupancy-model cycles).
; RUN: %wavecc -mcpu=gfx1030 -S %s -o - | FileCheck %s
target triple = "amdgcn-amd-amdhsa"
declare i32 @llvm.amdgcn.workitem.id.x()
declare i32 @llvm.amdgcn.sdot4(i32, i32, i32, i1)

; CHECK-LABEL: store:
; CHECK: v_dot4_i32_i8 [[R:v[0-9]+]], s{{[0-9]+}}
; CHECK-NOT: v_readfirstlane_b32
; CHECK-NOT: v_mov_b32
; CHECK: global_store_dword v{{[0-9]+}}, [[R]], s[{{[0-9]+:[0-9]+}}]
; CHECK: s_endpgm
define amdgpu_kernel void @store(ptr addrspace(1) %a, ptr addrspace(1) %out) {
  %i = call i32 @llvm.amdgcn.workitem.id.x()
  %ux = load i32, ptr addrspace(1) %a
  %p1 = getelementptr i32, ptr addrspace(1) %a, i32 1
  %uy = load i32, ptr addrspace(1) %p1
  %r = call i32 @llvm.amdgcn.sdot4(i32 %ux, i32 %uy, i32 %ux, i1 0)
  %p = getelementptr i32, ptr addrspace(1) %out, i32 %i
  store i32 %r, ptr addrspace(1) %p
  ret void
}

; (the store and the read-back may come in either order: sched-ilp)
; CHECK-LABEL: branch:
; CHECK: v_dot4_i32_i8 [[R:v[0-9]+]]
; CHECK-NOT: v_mov_b32
; CHECK-DAG: v_readfirstlane_b32{{(_e32)?}} s{{[0-9]+}}, [[R]]
; CHECK-DAG: global_store_dword v{{[0-9]+}}, [[R]]
; CHECK-NOT: v_mov_b32
; CHECK: s_cbranch_scc
define amdgpu_kernel void @branch(ptr addrspace(1) %a, ptr addrspace(1) %out) {
  %i = call i32 @llvm.amdgcn.workitem.id.x()
  %ux = load i32, ptr addrspace(1) %a
  %p1 = getelementptr i32, ptr addrspace(1) %a, i32 1
  %uy = load i32, ptr addrspace(1) %p1
  %r = call i32 @llvm.amdgcn.sdot4(i32 %ux, i32 %uy, i32 %ux, i1 0)
  %p = getelementptr i32, ptr addrspace(1) %out, i32 %i
  store i32 %r, ptr addrspace(1) %p
  %c = icmp eq i32 %r, 7
  br i1 %c, label %t, label %e
t:
  store i32 1, ptr addrspace(1) %out
  br label %e
e:
  ret void
}

; CHECK-LABEL: smem:
; CHECK: v_dot4_i32_i8 [[R:v[0-9]+]]
; CHECK: v_readfirstlane_b32{{(_e32)?}} s{{[0-9]+}}, [[R]]
; CHECK: s_load_dword
define amdgpu_kernel void @smem(ptr addrspace(1) %a, ptr addrspace(1) %out) {
  %i = call i32 @llvm.amdgcn.workitem.id.x()
  %ux = load i32, ptr addrspace(1) %a
  %p1 = getelementptr i32, ptr addrspace(1) %a, i32 1
  %uy = load i32, ptr addrspace(1) %p1
  %r = call i32 @llvm.amdgcn.sdot4(i32 %ux, i32 %uy, i32 %ux, i1 0)
  %pr = getelementptr i32, ptr addrspace(1) %a, i32 %r
  %v = load i32, ptr addrspace(1) %pr
  %p = getelementptr i32, ptr addrspace(1) %out, i32 %i
  store i32 %v, ptr addrspace(1) %p
  ret void
}
