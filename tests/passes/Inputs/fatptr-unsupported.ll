; A fat pointer stored to memory (not lowered yet): a clear error.
target triple = "amdgcn-amd-amdhsa"
define void @f(ptr addrspace(8) %r, ptr addrspace(1) %m) {
  %p = addrspacecast ptr addrspace(8) %r to ptr addrspace(7)
  store ptr addrspace(7) %p, ptr addrspace(1) %m
  ret void
}
