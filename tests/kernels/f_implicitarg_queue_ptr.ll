; # The queue pointer read through llvm.amdgcn.implicitarg.ptr at offset
; # 200 (code object v5's hidden_queue_ptr; LLVM 19's
; # hsa-metadata-queueptr-v5.ll test_kernel40) without a call of
; # llvm.amdgcn.queue.ptr: the runtime fills only the hidden arguments the
; # metadata lists, and wavecc listed hidden_queue_ptr only for kernels
; # calling queue.ptr, so the load read 0 (found by
; # tests/llvm-coverage/differential.sh; fails with --compiler=wavecc before
; # the fix). Expected: the pointer is not null (1), and it is the one
; # llvm.amdgcn.queue.ptr gives in a kernel that calls it (k_both: 1).
; [config]
; name: implicit-argument queue pointer
; dimensions: 1
; global_size: 1 0 0
; local_size: 1 0 0
;
; [test]
; name: queue pointer at implicitarg + 200 is not null
; kernel_name: k
; arg_in: 0 buffer uint[1] 7
; arg_out: 0 buffer uint[1] 1
;
; [test]
; name: and is llvm.amdgcn.queue.ptr's
; kernel_name: k_both
; arg_in: 0 buffer uint[1] 7
; arg_out: 0 buffer uint[1] 1

target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @k(ptr addrspace(1) %out) {
  %ia = call ptr addrspace(4) @llvm.amdgcn.implicitarg.ptr()
  %p = getelementptr inbounds i8, ptr addrspace(4) %ia, i64 200
  %q = load i64, ptr addrspace(4) %p
  %nz = icmp ne i64 %q, 0
  %r = zext i1 %nz to i32
  store i32 %r, ptr addrspace(1) %out
  ret void
}

define amdgpu_kernel void @k_both(ptr addrspace(1) %out) {
  %ia = call ptr addrspace(4) @llvm.amdgcn.implicitarg.ptr()
  %p = getelementptr inbounds i8, ptr addrspace(4) %ia, i64 200
  %q = load i64, ptr addrspace(4) %p
  %qp = call ptr addrspace(4) @llvm.amdgcn.queue.ptr()
  %qi = ptrtoint ptr addrspace(4) %qp to i64
  %eq = icmp eq i64 %q, %qi
  %r = zext i1 %eq to i32
  store i32 %r, ptr addrspace(1) %out
  ret void
}

declare ptr addrspace(4) @llvm.amdgcn.implicitarg.ptr()
declare ptr addrspace(4) @llvm.amdgcn.queue.ptr()
