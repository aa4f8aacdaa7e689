target triple = "amdgcn-amd-amdhsa"
define amdgpu_kernel void @k( {
