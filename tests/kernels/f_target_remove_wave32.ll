; [config]
; name: a function asking for wave32 on gfx9 is removed (llc-19's AMDGPURemoveIncompatibleFunctions), the rest runs
; dimensions: 1
; device_regex: gfx900
;
; [test]
; name: kernel beside a removed wave32 kernel
; kernel_name: k
; global_size: 64 0 0
; local_size: 64 0 0
; arg_in: 0 buffer uint[4] repeat 0
; arg_out: 0 buffer uint[4] 64 0 0 0
;
; # On gfx900 @w32 and @helper32 (both +wavefrontsize32) are removed;
; # wavecc on main stopped with "ask for wave32, which gfx900 does not have".
; # @k is compiled for its "target-cpu" (gfx900, the same processor).

target triple = "amdgcn-amd-amdhsa"

define void @helper32(ptr addrspace(1) %p) #0 {
  store i32 7, ptr addrspace(1) %p
  ret void
}

define amdgpu_kernel void @w32(ptr addrspace(1) %p) #0 {
  call void @helper32(ptr addrspace(1) %p)
  ret void
}

define amdgpu_kernel void @k(ptr addrspace(1) %p) #1 {
  %old = atomicrmw add ptr addrspace(1) %p, i32 1 monotonic
  ret void
}

attributes #0 = { "target-features"="+wavefrontsize32" }
attributes #1 = { "target-cpu"="gfx900" }
