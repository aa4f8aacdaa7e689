; A vector of fat pointers stored to memory (not lowered): a clear error.
target triple = "amdgcn-amd-amdhsa"
define void @f(ptr addrspace(8) %r, ptr addrspace(1) %m) {
  %p = addrspacecast ptr addrspace(8) %r to ptr addrspace(7)
  %v0 = insertelement <2 x ptr addrspace(7)> poison, ptr addrspace(7) %p, i32 0
  %v = insertelement <2 x ptr addrspace(7)> %v0, ptr addrspace(7) %p, i32 1
  store <2 x ptr addrspace(7)> %v, ptr addrspace(1) %m
  ret void
}
