; Float atomicrmw on global and flat memory as one instruction where the
; GPU has it and the IR allows it, the conditions llc-19 applies
; (expand_atomics.c wir_float_atomic_native; checked with llc-19 per GPU):
; - gfx1100: global/flat f32 add, min, max with "amdgpu-unsafe-fp-atomics"
;   below system scope or !amdgpu.no.fine.grained.memory; none at system
;   scope under the attribute alone (a compare-and-swap loop, as llc-19);
; - gfx1030: f32 min/max (global_atomic_fmin) and f64 min/max
;   (global_atomic_fmin_x2, flat_atomic_fmax_x2);
; - gfx942: f32 add without any permission (llc-19 the same), the packed
;   16-bit adds on global, flat and LDS memory;
; - gfx90a: the packed f16 add on global memory without permission; the f32
;   global add flushes denormals, so under the metadata alone only in a
;   function that flushes them; a flat f32 add tests the address and does
;   the LDS, private or global one (llc-19's atomicrmw.shared/.global).
; On main all of these were compare-and-swap loops.
; RUN: %wavecc -mcpu=gfx1100 -filetype=asm %s -o - | FileCheck %s --check-prefix=GFX11
; RUN: %wavecc -mcpu=gfx1030 -filetype=asm %s -o - | FileCheck %s --check-prefix=GFX1030
; RUN: %wavecc -mcpu=gfx942 -filetype=asm %s -o - | FileCheck %s --check-prefix=GFX942
; RUN: %wavecc -mcpu=gfx90a -filetype=asm %s -o - | FileCheck %s --check-prefix=GFX90A
; RUN: %wavecc -mcpu=gfx900 -filetype=asm %s -o - | FileCheck %s --check-prefix=GFX900
target triple = "amdgcn-amd-amdhsa"

; GFX11-LABEL: k_unsafe:
; GFX11: global_atomic_add_f32
; GFX11: global_atomic_min_f32
; GFX11: flat_atomic_max_f32 v{{[0-9]+}}, v[{{[0-9]+:[0-9]+}}], v{{[0-9]+}} glc
; GFX11-NOT: cmpswap
; GFX11: s_endpgm
; GFX1030-LABEL: k_unsafe:
; GFX1030: global_atomic_cmpswap
; GFX1030: global_atomic_fmin
; GFX1030: flat_atomic_fmax v{{[0-9]+}}, v[{{[0-9]+:[0-9]+}}], v{{[0-9]+}} glc
; GFX1030: s_endpgm
; GFX942-LABEL: k_unsafe:
; GFX942: global_atomic_add_f32
; GFX942: global_atomic_cmpswap
; GFX942: flat_atomic_cmpswap
; GFX942: s_endpgm
; GFX900-LABEL: k_unsafe:
; GFX900: global_atomic_cmpswap
; GFX900: global_atomic_cmpswap
; GFX900: flat_atomic_cmpswap
; GFX900: s_endpgm
define amdgpu_kernel void @k_unsafe(ptr addrspace(1) %g, ptr %f, float %v, ptr addrspace(1) %o) #0 {
  %a = atomicrmw fadd ptr addrspace(1) %g, float %v syncscope("agent") monotonic
  %g1 = getelementptr float, ptr addrspace(1) %g, i64 1
  %b = atomicrmw fmin ptr addrspace(1) %g1, float %v syncscope("workgroup") monotonic
  %c = atomicrmw fmax ptr %f, float %v syncscope("agent") monotonic
  store float %c, ptr addrspace(1) %o
  ret void
}

; the attribute does not cover system scope
; GFX11-LABEL: k_system:
; GFX11: global_atomic_cmpswap_b32
; GFX11-NOT: global_atomic_add_f32
; GFX11: s_endpgm
define amdgpu_kernel void @k_system(ptr addrspace(1) %g, float %v) #0 {
  %a = atomicrmw fadd ptr addrspace(1) %g, float %v monotonic
  ret void
}

; the metadata covers any scope
; GFX11-LABEL: k_md:
; GFX11-NOT: cmpswap_b32
; GFX11: global_atomic_add_f32
; GFX11-NOT: cmpswap_b32
; GFX11: s_endpgm
; GFX1030-LABEL: k_md:
; GFX1030: global_atomic_fmin_x2 v[{{[0-9]+:[0-9]+}}], v{{[0-9]+}}, v[{{[0-9]+:[0-9]+}}], s[{{[0-9]+:[0-9]+}}] glc
; GFX1030: flat_atomic_fmax_x2 v[{{[0-9]+:[0-9]+}}], v[{{[0-9]+:[0-9]+}}]
; GFX1030: s_endpgm
define amdgpu_kernel void @k_md(ptr addrspace(1) %g, ptr %f, float %v, double %d, ptr addrspace(1) %o) {
  %a = atomicrmw fadd ptr addrspace(1) %g, float %v monotonic, !amdgpu.no.fine.grained.memory !0
  %x = atomicrmw fmin ptr addrspace(1) %o, double %d syncscope("agent") monotonic, !amdgpu.no.fine.grained.memory !0
  %o1 = getelementptr double, ptr addrspace(1) %o, i64 1
  store double %x, ptr addrspace(1) %o1
  %y = atomicrmw fmax ptr %f, double %d syncscope("agent") monotonic, !amdgpu.no.fine.grained.memory !0
  ret void
}

; packed 16-bit adds need no permission
; GFX942-LABEL: k_pk:
; GFX942: global_atomic_pk_add_f16 v{{[0-9]+}}, v{{[0-9]+}}, v{{[0-9]+}}, s[{{[0-9]+:[0-9]+}}] sc0
; GFX942: flat_atomic_pk_add_bf16
; GFX942: ds_pk_add_f16
; GFX942-NOT: cmpswap
; GFX942: s_endpgm
; GFX90A-LABEL: k_pk:
; GFX90A: global_atomic_pk_add_f16 v{{[0-9]+}}, v{{[0-9]+}}, v{{[0-9]+}}, s[{{[0-9]+:[0-9]+}}] glc
; GFX90A: flat_atomic_cmpswap
; GFX90A: ds_cmpst_rtn_b32
; GFX90A: s_endpgm
define amdgpu_kernel void @k_pk(ptr addrspace(1) %g, ptr %f, ptr addrspace(3) %l, <2 x half> %h, <2 x bfloat> %b, ptr addrspace(1) %o) {
  %a = atomicrmw fadd ptr addrspace(1) %g, <2 x half> %h syncscope("agent") monotonic
  store <2 x half> %a, ptr addrspace(1) %o
  %c = atomicrmw fadd ptr %f, <2 x bfloat> %b syncscope("agent") monotonic
  %d = atomicrmw fadd ptr addrspace(3) %l, <2 x half> %h syncscope("workgroup") monotonic
  ret void
}

; gfx942: an f32 add with neither attribute nor metadata
; GFX942-LABEL: k_plain:
; GFX942: flat_atomic_add_f32
; GFX942-NOT: cmpswap
; GFX942: s_endpgm
; GFX90A-LABEL: k_plain:
; GFX90A: flat_atomic_cmpswap
; GFX90A: s_endpgm
define amdgpu_kernel void @k_plain(ptr %f, float %v) {
  %a = atomicrmw fadd ptr %f, float %v monotonic
  ret void
}

; gfx90a: the flushing global f32 add under the metadata alone only where
; the function flushes f32 denormals too
; GFX90A-LABEL: k_md_ieee:
; GFX90A: global_atomic_cmpswap
; GFX90A-NOT: global_atomic_add_f32
; GFX90A: s_endpgm
; GFX90A-LABEL: k_md_ftz:
; GFX90A: global_atomic_add_f32
; GFX90A-NOT: cmpswap
; GFX90A: s_endpgm
define amdgpu_kernel void @k_md_ieee(ptr addrspace(1) %g, float %v) {
  %a = atomicrmw fadd ptr addrspace(1) %g, float %v syncscope("agent") monotonic, !amdgpu.no.fine.grained.memory !0
  ret void
}
define amdgpu_kernel void @k_md_ftz(ptr addrspace(1) %g, float %v) #1 {
  %a = atomicrmw fadd ptr addrspace(1) %g, float %v syncscope("agent") monotonic, !amdgpu.no.fine.grained.memory !0
  ret void
}

; gfx90a: a flat f32 add by the segment the address points into
; GFX90A-LABEL: k_flat_split:
; GFX90A-NOT: cmpswap
; GFX90A-DAG: global_atomic_add_f32 v{{[0-9]+}}, v{{[0-9]+}}, v{{[0-9]+}}, s[{{[0-9]+:[0-9]+}}] glc
; GFX90A-DAG: buffer_store_dword
; GFX90A-DAG: ds_add_rtn_f32
; GFX90A-NOT: cmpswap
; GFX90A: s_endpgm
define amdgpu_kernel void @k_flat_split(ptr %f, float %v, ptr addrspace(1) %o) #0 {
  %a = atomicrmw fadd ptr %f, float %v syncscope("agent") monotonic
  store float %a, ptr addrspace(1) %o
  ret void
}

attributes #0 = { "amdgpu-unsafe-fp-atomics"="true" }
attributes #1 = { "denormal-fp-math-f32"="preserve-sign,preserve-sign" }
!0 = !{}
