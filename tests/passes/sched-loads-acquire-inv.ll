; An acquire's cache invalidate stays before the loads after it
; (sched_loads.c may_cross: a MUBUF cache operation is a fence). On RDNA
; buffer_gl1_inv / buffer_gl0_inv count in no counter, and sched-loads
; moved the next load above them: the load could read stale L0/L1 data
; after the acquire (AMDGPUUsage, memory model GFX10-GFX11: "buffer_gl0_inv
; ... must happen before any following global/generic load").
; RUN: %wavecc -mcpu=gfx1030 %s -S -o - | FileCheck %s --check-prefix=RDNA
; RUN: %wavecc -mcpu=gfx1100 %s -S -o - | FileCheck %s --check-prefix=RDNA
; RUN: %wavecc -mcpu=gfx1030 --max-vgprs=3 %s -S -o - | FileCheck %s --check-prefix=RDNA
; RUN: %wavecc -mcpu=gfx900 %s -S -o - | FileCheck %s --check-prefix=GFX9
target triple = "amdgcn-amd-amdhsa"
declare i32 @llvm.amdgcn.workitem.id.x()

; RDNA-LABEL: k:
; RDNA: global_load_{{dword|b32}} {{.*}} glc
; RDNA: buffer_gl1_inv
; RDNA-NEXT: buffer_gl0_inv
; RDNA: global_load_{{dword|b32}}
; RDNA: global_store_{{dword|b32}}
; GFX9-LABEL: k:
; GFX9: global_load_dword {{.*}} glc
; GFX9: buffer_wbinvl1_vol
; GFX9: global_load_dword
; GFX9: global_store_dword
define amdgpu_kernel void @k(ptr addrspace(1) %flag, ptr addrspace(1) %data, ptr addrspace(1) %out) {
  %id = call i32 @llvm.amdgcn.workitem.id.x()
  %f = load atomic i32, ptr addrspace(1) %flag syncscope("agent") acquire, align 4
  %g = getelementptr i32, ptr addrspace(1) %data, i32 %id
  %v = load i32, ptr addrspace(1) %g
  %s = add i32 %v, %f
  %o = getelementptr i32, ptr addrspace(1) %out, i32 %id
  store i32 %s, ptr addrspace(1) %o
  ret void
}
