; A divergent resource used by something other than a buffer access, a
; 128-bit ptrtoint, an icmp eq/ne or another resource operation.
target triple = "amdgcn-amd-amdhsa"
define amdgpu_kernel void @k(ptr addrspace(1) %in, ptr addrspace(1) %out) {
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr i32, ptr addrspace(1) %in, i32 %t
  %r = call ptr addrspace(8) @llvm.amdgcn.make.buffer.rsrc.p1(ptr addrspace(1) %p, i16 0, i32 16, i32 0)
  %i = ptrtoint ptr addrspace(8) %r to i64
  store i64 %i, ptr addrspace(1) %out
  ret void
}
declare ptr addrspace(8) @llvm.amdgcn.make.buffer.rsrc.p1(ptr addrspace(1), i16, i32, i32)
declare i32 @llvm.amdgcn.workitem.id.x()
