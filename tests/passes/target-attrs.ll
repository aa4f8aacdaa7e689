; The functions' "target-cpu" and "target-features" choose the GPU as
; llc-19 honours them: without -mcpu the kernel's processor (gfx1030) and
; its wave size (+wavefrontsize64) are used; a -mcpu that names another
; processor, or kernels of two wave sizes in one module, are errors (one
; code object has one processor and llvm-mc one wave size). Fails on
; main, which compiled this module for gfx900 and ignored the attributes.
; RUN: %wavecc %s -S -o - | FileCheck %s
; RUN: not %wavecc -mcpu=gfx900 %s -S -o /dev/null 2>&1 | FileCheck %s --check-prefix=CPU
; RUN: sed '/^attributes #1/s/+wavefrontsize64/+wavefrontsize32/' %s | not %wavecc - -S -o /dev/null 2>&1 | FileCheck %s --check-prefix=WAVE
; CHECK: .amdgcn_target "amdgcn-amd-amdhsa--gfx1030"
; CHECK: .amdhsa_wavefront_size32 0
; CHECK: .wavefront_size: 64
; CPU: "target-cpu"="gfx1030" differs from -mcpu=gfx900
; WAVE: wave32 here, wave64 in another function of the module

target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @a(ptr addrspace(1) %p) #0 {
  store i32 1, ptr addrspace(1) %p
  ret void
}

define amdgpu_kernel void @b(ptr addrspace(1) %p) #1 {
  store i32 2, ptr addrspace(1) %p
  ret void
}

attributes #0 = { "target-cpu"="gfx1030" "target-features"="+dpp,+wavefrontsize64" }
attributes #1 = { "target-cpu"="gfx1030" "target-features"="+wavefrontsize64" }
