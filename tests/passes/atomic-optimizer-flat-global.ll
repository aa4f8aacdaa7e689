; A flat atomicrmw whose pointer is an addrspacecast of a uniform global
; pointer is one atomic per wave, as the same atomic on the global pointer
; is: infer-address-spaces runs before atomic-optimizer in the IR pipeline
; (llc_passes.c), as in llc-19 (AMDGPUPassConfig::addIRPasses). Before,
; the optimizer saw address space 0 and skipped it, and gfx900's
; compare-and-swap loop for a contended fmax of increasing values ran once
; per lane (tests/kernels/f_fp_atomics_native.ll: 64 global_atomic_cmpswap
; for one wave).
; RUN: %wavecc -mcpu=gfx900 -filetype=asm %s -o - | FileCheck %s
target triple = "amdgcn-amd-amdhsa"

; CHECK-LABEL: k:
; CHECK: s_ff1_i32_b64
; CHECK: v_readlane_b32
; CHECK: v_max_f32
; CHECK: s_cbranch_scc1
; CHECK: v_mbcnt_lo_u32_b32
; CHECK: global_atomic_cmpswap
; CHECK-NOT: flat_atomic
define amdgpu_kernel void @k(ptr addrspace(1) %F) {
  %l = call i32 @llvm.amdgcn.workitem.id.x()
  %v = uitofp i32 %l to float
  %f = addrspacecast ptr addrspace(1) %F to ptr
  %r = atomicrmw fmax ptr %f, float %v syncscope("agent") monotonic, align 4
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
