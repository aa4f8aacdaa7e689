; Hand-written LLVM IR fed straight to the back end (PoCL skips it).
; [config]
; name: LLVM IR input
; kernel_name: add1
; dimensions: 1
; global_size: 64 0 0
; local_size: 64 0 0
;
; [test]
; name: x + 1 over one wave
; arg_in:  0 buffer int[64] repeat 5
; arg_out: 0 buffer int[64] repeat 6
target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @add1(ptr addrspace(1) %x) {
  %id = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr i32, ptr addrspace(1) %x, i32 %id
  %v = load i32, ptr addrspace(1) %p
  %w = add i32 %v, 1
  store i32 %w, ptr addrspace(1) %p
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
