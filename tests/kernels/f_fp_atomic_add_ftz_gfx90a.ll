; gfx90a's global_atomic_add_f32 ignores the MODE register and flushes f32
; denormals, its inputs and its result, sign preserved (LLVM
; SITargetLowering: "global FP atomic instructions have a hardcoded FP mode
; and do not support FP32 denormals"; gfx942 and gfx11 keep them,
; FeatureMemoryAtomicFAddF32DenormalSupport). With
; "amdgpu-unsafe-fp-atomics" llc-19 and wavecc both select it, so the
; flush is the expected result; the returned old value is the memory word
; as it was. The emulator flushes (exec_mem.c, target fact
; fp_atomic_add_f32_ftz). On main wavecc kept a compare-and-swap loop
; here, which keeps denormals (0x1p-140 and 0x1p-127: this test failed).
; [config]
; name: gfx90a global f32 atomic add flushes denormals
; device_regex: gfx90a
; dimensions: 1
; global_size: 1 0 0
; local_size: 1 0 0
;
; [test]
; name: a denormal input and a denormal sum become +0
; kernel_name: k
; arg_in: 0 buffer float[3] 0x1p-140 0x1.8p-126 1
; arg_out: 0 buffer float[3] 0 0 1
; arg_out: 1 buffer float[3] 0x1p-140 0x1.8p-126 1

target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @k(ptr addrspace(1) %m, ptr addrspace(1) %r) #0 {
  %a = atomicrmw fadd ptr addrspace(1) %m, float 0x3730000000000000 syncscope("agent") monotonic, align 4
  %m1 = getelementptr float, ptr addrspace(1) %m, i64 1
  %b = atomicrmw fadd ptr addrspace(1) %m1, float 0xB810000000000000 syncscope("agent") monotonic, align 4
  %m2 = getelementptr float, ptr addrspace(1) %m, i64 2
  %c = atomicrmw fadd ptr addrspace(1) %m2, float 0x3730000000000000 syncscope("agent") monotonic, align 4
  store float %a, ptr addrspace(1) %r, align 4
  %r1 = getelementptr float, ptr addrspace(1) %r, i64 1
  store float %b, ptr addrspace(1) %r1, align 4
  %r2 = getelementptr float, ptr addrspace(1) %r, i64 2
  store float %c, ptr addrspace(1) %r2, align 4
  ret void
}

attributes #0 = { "amdgpu-unsafe-fp-atomics"="true" }
