; An initialiser holding an address is refused with a clear error.
target triple = "amdgcn-amd-amdhsa"
@x = addrspace(1) global i32 1, align 4
@ptrs = addrspace(4) constant [1 x ptr addrspace(1)] [ptr addrspace(1) @x], align 8
define amdgpu_kernel void @k(ptr addrspace(1) %out) {
  %p = load ptr addrspace(1), ptr addrspace(4) @ptrs, align 8
  %v = load i32, ptr addrspace(1) %p, align 4
  store i32 %v, ptr addrspace(1) %out
  ret void
}
