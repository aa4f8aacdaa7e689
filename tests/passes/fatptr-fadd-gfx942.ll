; atomicrmw fadd (f32, f64) on a buffer fat pointer is one
; buffer_atomic_add_f32/f64 on gfx942, where those adds need no permission
; (wavecc_target.fp_atomic_add_any_memory; llc-19 -mcpu=gfx942 selects them
; with neither "amdgpu-unsafe-fp-atomics" nor !amdgpu.no.fine.grained.memory,
; at any scope): the driver marks the module (wir_mark_buffer_fadd) and
; expand-buffer-ops keeps the atomic for lower-buffer-fat-pointers
; (llvm.amdgcn.raw.ptr.buffer.atomic.fadd). The returning form sets sc0.
; gfx90a keeps the compare-and-swap loop (as llc-19 there). Before, every
; target looped (f_fatptr_waterfall.ll k_atomic at gfx942: 1784 -> 284
; wave-instructions, wavecc-run --stats).
; RUN: %wavecc -mcpu=gfx942 -S %s -o - | FileCheck %s
; RUN: %wavecc -mcpu=gfx90a -S %s -o - | FileCheck %s --check-prefix=G90A
; CHECK-LABEL: k:
; CHECK-NOT: buffer_atomic_cmpswap
; CHECK: buffer_atomic_add_f32 v{{[0-9]+}}, off, s[{{[0-9]+}}:{{[0-9]+}}], 0 offset:16 sc0
; CHECK-NOT: buffer_atomic_cmpswap
; CHECK: buffer_atomic_add_f64 v[{{[0-9]+}}:{{[0-9]+}}], off, s[{{[0-9]+}}:{{[0-9]+}}], 0 offset:32{{$}}
; CHECK-NOT: buffer_atomic_cmpswap
; CHECK: s_endpgm
; G90A-NOT: buffer_atomic_add_f
; G90A: buffer_atomic_cmpswap v
; G90A: buffer_atomic_cmpswap_x2 v
target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @k(ptr addrspace(8) inreg %r, float %v, double %w, ptr addrspace(1) %out) {
  %p = addrspacecast ptr addrspace(8) %r to ptr addrspace(7)
  %q = getelementptr i32, ptr addrspace(7) %p, i32 4
  %o = atomicrmw fadd ptr addrspace(7) %q, float %v syncscope("agent") monotonic
  store float %o, ptr addrspace(1) %out
  %q2 = getelementptr i32, ptr addrspace(7) %p, i32 8
  %o2 = atomicrmw fadd ptr addrspace(7) %q2, double %w monotonic
  ret void
}
