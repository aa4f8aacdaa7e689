; LDS atomicrmw fmin/fmax of float and double and fadd of float select one
; DS instruction, as llc-19 does (SITargetLowering::shouldExpandAtomicRMWInIR:
; LDS fmin/fmax "were always supported", ds_add_f32 since gfx8), the
; returning form when the old value is used; fadd of double is one
; instruction only where the target has ds_add_f64 (gfx90a), a
; compare-and-swap loop elsewhere; fsub stays a loop (no instruction).
; On main all of them were loops (llvm/expand_atomics.c).
; RUN: %wavecc -mcpu=gfx900 -filetype=asm %s -o - | FileCheck %s --check-prefixes=CHECK,GFX9
; RUN: %wavecc -mcpu=gfx90a -filetype=asm %s -o - | FileCheck %s --check-prefixes=CHECK,GFX90A
; RUN: %wavecc -mcpu=gfx1100 -filetype=asm %s -o - | FileCheck %s --check-prefixes=CHECK,GFX9
target triple = "amdgcn-amd-amdhsa"

; CHECK-LABEL: k_f32:
; CHECK-DAG: ds_min_rtn_f32
; CHECK-DAG: ds_max_rtn_f32
; CHECK-DAG: ds_add_rtn_f32
; CHECK-DAG: ds_min_f32
; CHECK-DAG: ds_cmp{{st|store}}_rtn_b32
; CHECK: s_endpgm
define amdgpu_kernel void @k_f32(ptr addrspace(1) %out, ptr addrspace(3) %p, float %v) {
  %a = atomicrmw fmin ptr addrspace(3) %p, float %v monotonic
  %q = getelementptr float, ptr addrspace(3) %p, i32 1
  %b = atomicrmw fmax ptr addrspace(3) %q, float %v monotonic
  %r = getelementptr float, ptr addrspace(3) %p, i32 2
  %c = atomicrmw fadd ptr addrspace(3) %r, float %v monotonic
  %s = getelementptr float, ptr addrspace(3) %p, i32 3
  %unused = atomicrmw fmin ptr addrspace(3) %s, float %v monotonic
  %u = getelementptr float, ptr addrspace(3) %p, i32 4
  %d = atomicrmw fsub ptr addrspace(3) %u, float %v monotonic
  %ab = fadd float %a, %b
  %abc = fadd float %ab, %c
  %abcd = fadd float %abc, %d
  store float %abcd, ptr addrspace(1) %out
  ret void
}

; CHECK-LABEL: k_f64:
; CHECK-DAG: ds_min_rtn_f64
; CHECK-DAG: ds_max_f64
; GFX9: ds_cmp{{st|store}}_rtn_b64
; GFX90A: ds_add_rtn_f64
; CHECK: s_endpgm
define amdgpu_kernel void @k_f64(ptr addrspace(1) %out, ptr addrspace(3) %p, double %v) {
  %a = atomicrmw fmin ptr addrspace(3) %p, double %v monotonic
  %q = getelementptr double, ptr addrspace(3) %p, i32 1
  %unused = atomicrmw fmax ptr addrspace(3) %q, double %v monotonic
  %r = getelementptr double, ptr addrspace(3) %p, i32 2
  %c = atomicrmw fadd ptr addrspace(3) %r, double %v monotonic
  %ac = fadd double %a, %c
  store double %ac, ptr addrspace(1) %out
  ret void
}
