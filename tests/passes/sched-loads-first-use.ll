; sched-loads issues a run of adjacent loads in the order their results are
; first read (sched_loads.c order_runs): vmcnt counts down in issue order,
; so the load feeding the next address goes first and the wait before that
; address is vmcnt(1), not vmcnt(0). The IR loads %v (read last, by the
; fma) before %c (read first, by the gather's address), as spmv_csr's
; `vals[j] * x[col[j]]` does. Before order_runs: v then c, vmcnt(0).
; The volatile pair keeps its program order (ordered loads never reorder).
; RUN: %wavecc -mcpu=gfx900 %s -S -o - | FileCheck %s
; RUN: %wavecc -mcpu=gfx1100 %s -S -o - | FileCheck %s --check-prefix=GFX11
target triple = "amdgcn-amd-amdhsa"
declare i32 @llvm.amdgcn.workitem.id.x()

; CHECK-LABEL: gather:
; CHECK: global_load_dword [[C:v[0-9]+]]
; CHECK-NEXT: global_load_dword [[V:v[0-9]+]]
; CHECK: s_waitcnt vmcnt(1)
; CHECK-NEXT: v_lshlrev_b32_e32 v{{[0-9]+}}, 2, [[C]]
; CHECK: global_load_dword [[X:v[0-9]+]]
; CHECK: s_waitcnt vmcnt(0)
; CHECK: v_mul_f32_e32 v{{[0-9]+}}, [[V]], [[X]]
; GFX11-LABEL: gather:
; GFX11: global_load_b32
; GFX11-NEXT: global_load_b32
; GFX11: s_waitcnt vmcnt(1)
define amdgpu_kernel void @gather(ptr addrspace(1) %vals, ptr addrspace(1) %col, ptr addrspace(1) %x, ptr addrspace(1) %out) {
  %id = call i32 @llvm.amdgcn.workitem.id.x()
  %pv = getelementptr float, ptr addrspace(1) %vals, i32 %id
  %v = load float, ptr addrspace(1) %pv
  %pc = getelementptr i32, ptr addrspace(1) %col, i32 %id
  %c = load i32, ptr addrspace(1) %pc
  %px = getelementptr float, ptr addrspace(1) %x, i32 %c
  %xv = load float, ptr addrspace(1) %px
  %m = fmul float %v, %xv
  %po = getelementptr float, ptr addrspace(1) %out, i32 %id
  store float %m, ptr addrspace(1) %po
  ret void
}

; CHECK-LABEL: gather_volatile:
; CHECK: global_load_dword {{v[0-9]+}}, v{{[0-9]+}}, s[4:5] glc
; CHECK-NEXT: global_load_dword {{v[0-9]+}}, v{{[0-9]+}}, s[6:7] glc
; CHECK: s_waitcnt vmcnt(0)
define amdgpu_kernel void @gather_volatile(ptr addrspace(1) %vals, ptr addrspace(1) %col, ptr addrspace(1) %x, ptr addrspace(1) %out) {
  %id = call i32 @llvm.amdgcn.workitem.id.x()
  %pv = getelementptr float, ptr addrspace(1) %vals, i32 %id
  %v = load volatile float, ptr addrspace(1) %pv
  %pc = getelementptr i32, ptr addrspace(1) %col, i32 %id
  %c = load volatile i32, ptr addrspace(1) %pc
  %px = getelementptr float, ptr addrspace(1) %x, i32 %c
  %xv = load float, ptr addrspace(1) %px
  %m = fmul float %v, %xv
  %po = getelementptr float, ptr addrspace(1) %out, i32 %id
  store float %m, ptr addrspace(1) %po
  ret void
}
