; The memory model of gfx1030 and gfx1100 (AMDGPUUsage "Memory Model
; GFX10-GFX11" code sequences, WGP mode; target_rdna.c's mem_model tables,
; isel_memmodel.c): atomic loads carry glc at work-group scope and above,
; gfx1030 also dlc at agent and system scope; an acquire at agent or system
; scope waits and then runs buffer_gl1_inv, buffer_gl0_inv; at work-group
; scope buffer_gl0_inv; wavefront scope and LDS/private atomics need no
; cache maintenance; volatile loads are glc dlc (gfx1100 volatile stores
; dlc), as llc-19 emits them. The builtin encoder agrees with llvm-mc-19
; on dlc (FLAT bit 12 / bit 13 on gfx11) and the invalidates
; (--assembler=check). On main RDNA had no invalidates and no dlc.
; RUN: %wavecc -mcpu=gfx1030 -filetype=asm %s -o - | FileCheck %s --check-prefixes=CHECK,G10
; RUN: %wavecc -mcpu=gfx1030 --assembler=check %s -o %t.1030.o
; RUN: %wavecc -mcpu=gfx1030 -mattr=+wavefrontsize64 --assembler=check %s -o %t.1030w64.o
; RUN: %wavecc -mcpu=gfx1100 -filetype=asm %s -o - | FileCheck %s --check-prefixes=CHECK,G11
; RUN: %wavecc -mcpu=gfx1100 --assembler=check %s -o %t.1100.o

target triple = "amdgcn-amd-amdhsa"

; CHECK-LABEL: ld_agent_acquire:
; G10: global_load_dword {{.*}} glc dlc{{$}}
; G11: global_load_b32 {{.*}} glc{{$}}
; CHECK-NEXT: s_waitcnt vmcnt(0)
; CHECK-NEXT: buffer_gl1_inv
; CHECK-NEXT: buffer_gl0_inv
define amdgpu_kernel void @ld_agent_acquire(ptr addrspace(1) %p, ptr addrspace(1) %q) {
  %v = load atomic i32, ptr addrspace(1) %p syncscope("agent") acquire, align 4
  store i32 %v, ptr addrspace(1) %q
  ret void
}

; CHECK-LABEL: ld_system_monotonic:
; G10: global_load_dword {{.*}} glc dlc{{$}}
; G11: global_load_b32 {{.*}} glc{{$}}
; CHECK-NOT: buffer_gl
; CHECK: s_endpgm
define amdgpu_kernel void @ld_system_monotonic(ptr addrspace(1) %p, ptr addrspace(1) %q) {
  %v = load atomic i32, ptr addrspace(1) %p monotonic, align 4
  store i32 %v, ptr addrspace(1) %q
  ret void
}

; A flat atomic load at work-group scope: glc, then buffer_gl0_inv only.
; CHECK-LABEL: ld_flat_workgroup_acquire:
; G10: flat_load_dword {{.*}} glc{{$}}
; G11: flat_load_b32 {{.*}} glc{{$}}
; CHECK-NEXT: s_waitcnt vmcnt(0) lgkmcnt(0)
; CHECK-NEXT: buffer_gl0_inv
; CHECK-NOT: buffer_gl
; CHECK: s_endpgm
define amdgpu_kernel void @ld_flat_workgroup_acquire(ptr %p, ptr addrspace(1) %q) {
  %v = load atomic i32, ptr %p syncscope("workgroup") acquire, align 4
  store i32 %v, ptr addrspace(1) %q
  ret void
}

; Stores carry no cache bit; a release is only the waits.
; CHECK-LABEL: st_system_release:
; CHECK-NOT: buffer_gl
; G10: global_store_dword v{{[0-9]+}}, v{{[0-9]+}}, s[{{[0-9]+}}:{{[0-9]+}}]{{$}}
; G11: global_store_b32 v{{[0-9]+}}, v{{[0-9]+}}, s[{{[0-9]+}}:{{[0-9]+}}]{{$}}
define amdgpu_kernel void @st_system_release(ptr addrspace(1) %p, i32 %v) {
  store atomic i32 %v, ptr addrspace(1) %p release, align 4
  ret void
}

; CHECK-LABEL: rmw_agent_acq_rel:
; CHECK-NOT: buffer_gl
; G10: global_atomic_add {{.*}} glc{{$}}
; G11: global_atomic_add_u32 {{.*}} glc{{$}}
; CHECK-NEXT: s_waitcnt vmcnt(0)
; CHECK-NEXT: buffer_gl1_inv
; CHECK-NEXT: buffer_gl0_inv
define amdgpu_kernel void @rmw_agent_acq_rel(ptr addrspace(1) %p, ptr addrspace(1) %q, i32 %v) {
  %r = atomicrmw add ptr addrspace(1) %p, i32 %v syncscope("agent") acq_rel, align 4
  store i32 %r, ptr addrspace(1) %q
  ret void
}

; A cmpxchg at system scope without a used result: no glc, still the
; invalidates after its wait.
; CHECK-LABEL: cas_system_seq_cst:
; G10: global_atomic_cmpswap {{[^g]+}}{{$}}
; G11: global_atomic_cmpswap_b32 {{[^g]+}}{{$}}
; CHECK-NEXT: s_waitcnt_vscnt null, 0x0
; CHECK-NEXT: buffer_gl1_inv
; CHECK-NEXT: buffer_gl0_inv
define amdgpu_kernel void @cas_system_seq_cst(ptr addrspace(1) %p, i32 %a, i32 %b) {
  %r = cmpxchg ptr addrspace(1) %p, i32 %a, i32 %b seq_cst seq_cst, align 4
  ret void
}

; Fences: work-group acquire invalidates GL0, agent acq_rel GL1 and GL0,
; wavefront scope nothing.
; (The load between them is forwarded from the store.)
; CHECK-LABEL: fences:
; CHECK: s_waitcnt_vscnt null, 0x0
; CHECK-NEXT: buffer_gl0_inv
; CHECK-NEXT: buffer_gl1_inv
; CHECK-NEXT: buffer_gl0_inv
; CHECK-NEXT: global_load
; CHECK-NOT: buffer_gl
; CHECK: s_endpgm
define amdgpu_kernel void @fences(ptr addrspace(1) %p, i32 %v) {
  store i32 %v, ptr addrspace(1) %p
  fence syncscope("workgroup") acquire
  %w = load i32, ptr addrspace(1) %p
  store i32 %w, ptr addrspace(1) %p, align 4
  fence syncscope("agent") acq_rel
  fence syncscope("wavefront") seq_cst
  %x = load i32, ptr addrspace(1) %p
  %y = add i32 %x, 1
  store i32 %y, ptr addrspace(1) %p
  ret void
}

; Volatile: loads glc dlc on both; gfx1100's stores dlc.
; CHECK-LABEL: volatile:
; G10: global_load_dword {{.*}} glc dlc{{$}}
; G11: global_load_b32 {{.*}} glc dlc{{$}}
; G10: global_store_dword v{{[0-9]+}}, v{{[0-9]+}}, s[{{[0-9]+}}:{{[0-9]+}}]{{$}}
; G11: global_store_b32 {{.*}} dlc{{$}}
define amdgpu_kernel void @volatile(ptr addrspace(1) %p) {
  %w = load volatile i32, ptr addrspace(1) %p
  %x = add i32 %w, 1
  store volatile i32 %x, ptr addrspace(1) %p
  ret void
}

; Private atomics: no cache bits, no invalidates.
; CHECK-LABEL: private:
; CHECK-NOT: buffer_gl
; CHECK-NOT: dlc
; CHECK: s_endpgm
define amdgpu_kernel void @private(ptr addrspace(1) %q, i32 %v, i32 %i) {
  %b = alloca [4 x i32], addrspace(5)
  %pp = getelementptr [4 x i32], ptr addrspace(5) %b, i32 0, i32 %i
  store i32 %v, ptr addrspace(5) %pp
  %r = atomicrmw add ptr addrspace(5) %pp, i32 %v seq_cst
  %l = load atomic i32, ptr addrspace(5) %pp seq_cst, align 4
  %t = add i32 %r, %l
  store i32 %t, ptr addrspace(1) %q
  ret void
}

; An LDS acquire orders global memory too (not a "-one-as" scope) at no
; more than work-group scope: buffer_gl0_inv after its wait, never
; buffer_gl1_inv; a "-one-as" LDS acquire orders only LDS: nothing.
; CHECK-LABEL: lds_atomics:
; CHECK: ds_add_rtn_u32
; CHECK-NEXT: s_waitcnt lgkmcnt(0)
; CHECK-NEXT: buffer_gl0_inv
; CHECK-NOT: buffer_gl
; CHECK: ds_{{read|load}}_b32
; CHECK-NOT: buffer_gl
; CHECK: s_endpgm
@lds = internal addrspace(3) global [64 x i32] undef, align 4
define amdgpu_kernel void @lds_atomics(ptr addrspace(1) %q, i32 %v, i32 %i) {
  %lp = getelementptr [64 x i32], ptr addrspace(3) @lds, i32 0, i32 %i
  %s = atomicrmw add ptr addrspace(3) %lp, i32 %v syncscope("agent") acq_rel
  store i32 %s, ptr addrspace(1) %q
  %l = load atomic i32, ptr addrspace(3) %lp syncscope("agent-one-as") acquire, align 4
  %g = getelementptr i32, ptr addrspace(1) %q, i32 1
  store i32 %l, ptr addrspace(1) %g
  ret void
}
