; Work-group-scope releases on gfx90a and gfx942 wait only for LDS
; (s_waitcnt lgkmcnt(0)), not for vector memory: outside tgsplit mode the
; waves of a work-group run on one CU and share its vector L1, which keeps
; their accesses in order. AMDGPUUsage "Memory Model GFX90A" and "Memory
; Model GFX942" code-sequence tables, rows fence release / acq_rel /
; seq_cst / acquire, store atomic release and atomicrmw release / acq_rel
; at workgroup scope, step 1: "s_waitcnt lgkm/vmcnt(0) - Use lgkmcnt(0) if
; not TgSplit execution mode and vmcnt(0) if TgSplit execution mode".
; llc-19 -mtriple=amdgcn-amd-amdhsa -O2 -mcpu=gfx90a / gfx942 emits exactly
; these waits (2026-11-29); with -mattr=+tgsplit it waits vmcnt(0) too,
; which wavecc refuses (last RUN). Their s_barrier needs no wait of its
; own (LLVM FeatureBackOffBarrier); gfx900's keeps the full wait before
; s_barrier, and its workgroup releases keep s_waitcnt 0 (unchanged).
; Agent scope keeps vmcnt(0) everywhere. Before this change gfx90a and
; gfx942 waited vmcnt(0) lgkmcnt(0) at each of these.
; RUN: %wavecc -mcpu=gfx90a -S %s -o - | FileCheck %s --check-prefixes=CDNA,A90
; RUN: %wavecc -mcpu=gfx942 -S %s -o - | FileCheck %s --check-prefixes=CDNA,A942
; RUN: %wavecc -mcpu=gfx900 -S %s -o - | FileCheck %s --check-prefix=GFX9
; RUN: not %wavecc -mcpu=gfx942 -mattr=+tgsplit -S %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=TGSPLIT
; TGSPLIT: '+tgsplit' for gfx942: not a feature wavecc supports
target triple = "amdgcn-amd-amdhsa"
@lds = internal addrspace(3) global [64 x i32] poison, align 4
declare void @llvm.amdgcn.s.barrier()
declare i32 @llvm.amdgcn.workitem.id.x()

; OpenCL's barrier(): global, LDS and flat stores before it.
; CDNA-LABEL: fence_rel:
; CDNA: flat_store_dword
; CDNA-NEXT: s_waitcnt lgkmcnt(0){{$}}
; CDNA-NEXT: s_barrier
; GFX9-LABEL: fence_rel:
; GFX9: s_waitcnt vmcnt(0) lgkmcnt(0)
; GFX9-NEXT: s_barrier
define amdgpu_kernel void @fence_rel(ptr addrspace(1) %g, ptr %f, i32 %v) {
  store i32 %v, ptr addrspace(1) %g
  store i32 %v, ptr addrspace(3) @lds
  store i32 %v, ptr %f
  fence syncscope("workgroup") release
  call void @llvm.amdgcn.s.barrier()
  fence syncscope("workgroup") acquire
  store i32 %v, ptr addrspace(1) %g
  ret void
}

; CDNA-LABEL: fence_acqrel:
; CDNA: ds_write_b32
; CDNA-NEXT: s_waitcnt lgkmcnt(0){{$}}
; CDNA-NEXT: global_store_dword
; GFX9-LABEL: fence_acqrel:
; GFX9: s_waitcnt vmcnt(0) lgkmcnt(0)
define amdgpu_kernel void @fence_acqrel(ptr addrspace(1) %g, i32 %v) {
  store i32 %v, ptr addrspace(1) %g
  store i32 %v, ptr addrspace(3) @lds
  fence syncscope("workgroup") acq_rel
  store i32 %v, ptr addrspace(1) %g
  ret void
}

; CDNA-LABEL: fence_sc:
; CDNA: ds_write_b32
; CDNA-NEXT: s_waitcnt lgkmcnt(0){{$}}
; CDNA-NEXT: global_store_dword
define amdgpu_kernel void @fence_sc(ptr addrspace(1) %g, i32 %v) {
  store i32 %v, ptr addrspace(1) %g
  store i32 %v, ptr addrspace(3) @lds
  fence syncscope("workgroup") seq_cst
  store i32 %v, ptr addrspace(1) %g
  ret void
}

; A release atomic store: global, flat (sc0 on gfx942), LDS.
; CDNA-LABEL: store_rel:
; CDNA: ds_write_b32
; CDNA-NEXT: s_waitcnt lgkmcnt(0){{$}}
; A90-NEXT: global_store_dword v{{[0-9]+}}, v{{[0-9]+}}, s[{{[0-9:]+}}]{{$}}
; A942-NEXT: global_store_dword v{{[0-9]+}}, v{{[0-9]+}}, s[{{[0-9:]+}}] sc0
; GFX9-LABEL: store_rel:
; GFX9: s_waitcnt vmcnt(0) lgkmcnt(0)
; GFX9-NEXT: global_store_dword
define amdgpu_kernel void @store_rel(ptr addrspace(1) %g, ptr addrspace(1) %h, i32 %v) {
  store i32 %v, ptr addrspace(1) %g
  store i32 %v, ptr addrspace(3) @lds
  store atomic i32 %v, ptr addrspace(1) %h syncscope("workgroup") release, align 4
  ret void
}

; CDNA-LABEL: store_rel_flat:
; CDNA: ds_write_b32
; CDNA-NOT: vmcnt
; CDNA: s_waitcnt lgkmcnt(0){{$}}
; CDNA-NEXT: flat_store_dword
define amdgpu_kernel void @store_rel_flat(ptr addrspace(1) %g, ptr %f, i32 %v) {
  store i32 %v, ptr addrspace(1) %g
  store i32 %v, ptr addrspace(3) @lds
  store atomic i32 %v, ptr %f syncscope("workgroup") release, align 4
  ret void
}

; CDNA-LABEL: store_rel_lds:
; CDNA: global_store_dword
; CDNA: ds_write_b32
; CDNA-NEXT: s_waitcnt lgkmcnt(0){{$}}
; CDNA-NEXT: ds_write_b32
define amdgpu_kernel void @store_rel_lds(ptr addrspace(1) %g, i32 %v) {
  store i32 %v, ptr addrspace(1) %g
  store i32 %v, ptr addrspace(3) @lds
  %p = getelementptr i32, ptr addrspace(3) @lds, i32 1
  store atomic i32 %v, ptr addrspace(3) %p syncscope("workgroup") release, align 4
  ret void
}

; An acq_rel read-modify-write: the release waits for LDS only, the
; returned value then for the atomic (vmcnt(0)) as llc-19.
; CDNA-LABEL: rmw_acqrel:
; CDNA: ds_write_b32
; CDNA-NEXT: s_waitcnt lgkmcnt(0){{$}}
; CDNA-NEXT: global_atomic_add
; CDNA-NEXT: s_waitcnt vmcnt(0){{$}}
; GFX9-LABEL: rmw_acqrel:
; GFX9: s_waitcnt vmcnt(0) lgkmcnt(0)
; GFX9-NEXT: global_atomic_add
define amdgpu_kernel void @rmw_acqrel(ptr addrspace(1) %g, ptr addrspace(1) %h, i32 %v) {
  store i32 %v, ptr addrspace(1) %g
  store i32 %v, ptr addrspace(3) @lds
  %id = call i32 @llvm.amdgcn.workitem.id.x()
  %o = atomicrmw add ptr addrspace(1) %h, i32 %id syncscope("workgroup") acq_rel
  store i32 %o, ptr addrspace(1) %g
  ret void
}

; Agent scope keeps the full wait (and gfx942's writeback).
; CDNA-LABEL: fence_rel_agent:
; A942: buffer_wbl2 sc1
; CDNA: s_waitcnt vmcnt(0) lgkmcnt(0)
; CDNA-NEXT: global_store_dword
define amdgpu_kernel void @fence_rel_agent(ptr addrspace(1) %g, i32 %v) {
  store i32 %v, ptr addrspace(1) %g
  store i32 %v, ptr addrspace(3) @lds
  fence syncscope("agent") release
  store i32 %v, ptr addrspace(1) %g
  ret void
}

; A bare barrier: no wait on gfx90a/gfx942, everything on gfx900.
; CDNA-LABEL: barrier_only:
; CDNA: global_store_dword
; CDNA-NEXT: s_barrier
; GFX9-LABEL: barrier_only:
; GFX9: s_waitcnt vmcnt(0)
; GFX9-NEXT: s_barrier
define amdgpu_kernel void @barrier_only(ptr addrspace(1) %g, i32 %v) {
  store i32 %v, ptr addrspace(1) %g
  call void @llvm.amdgcn.s.barrier()
  store i32 %v, ptr addrspace(1) %g
  ret void
}
