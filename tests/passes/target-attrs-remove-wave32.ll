; As llc-19 (AMDGPURemoveIncompatibleFunctions): under -mcpu=gfx900 a
; function whose "target-features" ask for wave32 on a gfx9 processor is
; removed with a warning and its uses become null; the rest of the module
; compiles. A function naming a processor wavecc does not support is an
; error saying llc-19 compiles it for that processor (it does: bonaire's
; SMRD dword offsets, fiji's flat stores, in a gfx900 code object).
; Fails on main, which stopped with "ask for wave32, which gfx900 does not
; have".
; RUN: %wavecc -mcpu=gfx900 %s -S -o - 2>%t.err | FileCheck %s
; RUN: FileCheck %s --check-prefix=WARN < %t.err
; RUN: sed 's/"target-cpu"="gfx900"/"target-cpu"="fiji"/' %s | not %wavecc -mcpu=gfx900 - -S -o /dev/null 2>&1 | FileCheck %s --check-prefix=FIJI
; WARN: w32: warning: removing the function: +wavefrontsize32 is not supported on gfx900
; FIJI: k: error: "target-cpu"="fiji" is not a processor wavecc supports (llc-19 compiles this function for fiji, not for gfx900)
; CHECK: .amdgcn_target "amdgcn-amd-amdhsa--gfx900"
; CHECK-NOT: w32:
; CHECK: {{^}}k:
; CHECK-NOT: w32:
; CHECK: .wavefront_size: 64

target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @w32(ptr addrspace(1) %p) #0 {
  store i32 1, ptr addrspace(1) %p
  ret void
}

define amdgpu_kernel void @k(ptr addrspace(1) %p) #1 {
  store i32 2, ptr addrspace(1) %p
  ret void
}

attributes #0 = { "target-features"="+wavefrontsize32" }
attributes #1 = { "target-cpu"="gfx900" }
