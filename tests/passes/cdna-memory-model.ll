; The memory models of gfx942 and gfx90a (AMDGPUUsage "Memory Model
; GFX942" / "GFX90A" code sequences, non-tgsplit; target descriptions'
; mem_model tables, isel_memmodel.c): per scope, the cache bits of atomic
; loads, stores and read-modify-writes (gfx942's sc0/sc1/nt spellings),
; buffer_wbl2 before a release and buffer_inv / buffer_invl2 /
; buffer_wbinvl1_vol after an acquire's wait, as llc-19 emits them; the
; builtin encoder agrees with llvm-mc-19 on sc1 and on the operand-less
; cache instructions (--assembler=check). On main gfx942 was refused and
; gfx90a had no invalidates (glc on every atomic load and store, fences
; only waits); gfx900's own model is in gfx900-memory-model.ll.
; RUN: %wavecc -mcpu=gfx942 -filetype=asm %s -o - | FileCheck %s --check-prefix=G942
; RUN: %wavecc -mcpu=gfx942 --assembler=check %s -o %t.942.o
; RUN: %wavecc -mcpu=gfx90a -filetype=asm %s -o - | FileCheck %s --check-prefix=G90A
; RUN: %wavecc -mcpu=gfx90a --assembler=check %s -o %t.90a.o
; RUN: %wavecc -mcpu=gfx900 -filetype=asm %s -o - | FileCheck %s --check-prefix=G900

target triple = "amdgcn-amd-amdhsa"

; G942-LABEL: ld_agent_acquire:
; G942: global_load_dword {{.*}} sc1{{$}}
; G942-NEXT: s_waitcnt vmcnt(0)
; G942-NEXT: buffer_inv sc1{{$}}
; G90A-LABEL: ld_agent_acquire:
; G90A: global_load_dword {{.*}} glc{{$}}
; G90A-NEXT: s_waitcnt vmcnt(0)
; G90A-NEXT: buffer_wbinvl1_vol
; G900-LABEL: ld_agent_acquire:
; G900: global_load_dword {{.*}} glc{{$}}
; G900-NEXT: s_waitcnt vmcnt(0)
; G900-NEXT: buffer_wbinvl1_vol
define amdgpu_kernel void @ld_agent_acquire(ptr addrspace(1) %p, ptr addrspace(1) %q) {
  %v = load atomic i32, ptr addrspace(1) %p syncscope("agent") acquire, align 4
  store i32 %v, ptr addrspace(1) %q
  ret void
}

; G942-LABEL: st_system_release:
; G942: buffer_wbl2 sc0 sc1{{$}}
; G942-NOT: global_store
; G942: s_waitcnt vmcnt(0)
; G942: global_store_dword {{.*}} sc0 sc1{{$}}
; G90A-LABEL: st_system_release:
; G90A: buffer_wbl2{{$}}
; G90A-NOT: global_store
; G90A: s_waitcnt vmcnt(0)
; G90A: global_store_dword {{.*}}, s[{{[0-9]+}}:{{[0-9]+}}]{{$}}
define amdgpu_kernel void @st_system_release(ptr addrspace(1) %p, i32 %v) {
  store atomic i32 %v, ptr addrspace(1) %p release, align 4
  ret void
}

; G942-LABEL: rmw_system_monotonic:
; G942: global_atomic_add {{.*}}, s[{{[0-9]+}}:{{[0-9]+}}] sc1{{$}}
; G942-NOT: buffer_
; G942: s_endpgm
define amdgpu_kernel void @rmw_system_monotonic(ptr addrspace(1) %p, i32 %v) {
  %r = atomicrmw add ptr addrspace(1) %p, i32 %v monotonic, align 4
  ret void
}

; G942-LABEL: rmw_agent_acq_rel:
; G942: buffer_wbl2 sc1{{$}}
; G942: global_atomic_add {{.*}}, s[{{[0-9]+}}:{{[0-9]+}}] sc0{{$}}
; G942-NEXT: s_waitcnt vmcnt(0)
; G942-NEXT: buffer_inv sc1{{$}}
; G90A-LABEL: rmw_agent_acq_rel:
; G90A-NOT: buffer_wbl2
; G90A: global_atomic_add {{.*}}, s[{{[0-9]+}}:{{[0-9]+}}] glc{{$}}
; G90A-NEXT: s_waitcnt vmcnt(0)
; G90A-NEXT: buffer_wbinvl1_vol
define amdgpu_kernel void @rmw_agent_acq_rel(ptr addrspace(1) %p, ptr addrspace(1) %q, i32 %v) {
  %r = atomicrmw add ptr addrspace(1) %p, i32 %v syncscope("agent") acq_rel, align 4
  store i32 %r, ptr addrspace(1) %q
  ret void
}

; G942-LABEL: cas_system:
; G942: buffer_wbl2 sc0 sc1{{$}}
; G942: global_atomic_cmpswap {{.*}} sc0 sc1{{$}}
; G942-NEXT: s_waitcnt vmcnt(0)
; G942-NEXT: buffer_inv sc0 sc1{{$}}
; G90A-LABEL: cas_system:
; G90A: buffer_wbl2{{$}}
; G90A: global_atomic_cmpswap {{.*}} glc{{$}}
; G90A-NEXT: s_waitcnt vmcnt(0)
; G90A-NEXT: buffer_invl2
; G90A-NEXT: buffer_wbinvl1_vol
define amdgpu_kernel void @cas_system(ptr addrspace(1) %p, ptr addrspace(1) %q, i32 %a, i32 %b) {
  %r = cmpxchg ptr addrspace(1) %p, i32 %a, i32 %b acq_rel monotonic, align 4
  %x = extractvalue {i32, i1} %r, 0
  store i32 %x, ptr addrspace(1) %q
  ret void
}

; Work-group scope (OpenCL's barrier fences): sc0 on atomic accesses, no
; cache maintenance.
; G942-LABEL: wg:
; G942: global_load_dword {{.*}} sc0{{$}}
; G942-NOT: buffer_
; G942: s_endpgm
; G90A-LABEL: wg:
; G90A-NOT: buffer_
; G90A: s_endpgm
define amdgpu_kernel void @wg(ptr addrspace(1) %p, i32 %v) {
  store i32 %v, ptr addrspace(1) %p
  fence syncscope("workgroup") acq_rel
  %w = load atomic i32, ptr addrspace(1) %p syncscope("workgroup") acquire, align 4
  %x = add i32 %w, 1
  store i32 %x, ptr addrspace(1) %p
  ret void
}

; An agent-scope fence between a store and a load; a volatile load is
; system-coherent (sc0 sc1).
; G942-LABEL: fence_agent:
; G942: global_store_dword
; G942-NEXT: buffer_wbl2 sc1{{$}}
; G942-NEXT: s_waitcnt vmcnt(0)
; G942-NEXT: buffer_inv sc1{{$}}
; G942: global_load_dword {{.*}} sc0 sc1{{$}}
define amdgpu_kernel void @fence_agent(ptr addrspace(1) %p, i32 %v) {
  store i32 %v, ptr addrspace(1) %p
  fence syncscope("agent") acq_rel
  %w = load volatile i32, ptr addrspace(1) %p
  %x = add i32 %w, 1
  store i32 %x, ptr addrspace(1) %p
  ret void
}
