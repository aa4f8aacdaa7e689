; # llvm.amdgcn.queue.ptr dereferenced in a code object v5 kernel: its
; # value must be the queue's address, the one the runtime also writes into
; # the hidden_queue_ptr implicit argument (implicitarg + 200), so a dword
; # loaded through both pointers is the same. llc-19 does not set up the
; # queue-pointer user SGPRs under code object v5
; # (.amdhsa_user_sgpr_queue_ptr 0) yet reads the intrinsic from a register
; # nothing wrote (s[0:1], the private segment buffer's dwords), so its load
; # faults or reads elsewhere: fixed in LLVM by llvm-project PR 112403
; # ("Still set up the two SGPRs for queue ptr even it is COV5", after LLVM
; # 19). Found by tests/llvm-coverage/differential.sh
; # (annotate-kernel-features-hsa.ll use_queue_ptr,
; # hsa-metadata-queue-ptr-v5.ll amdgcn_queue_ptr_requires_queue_ptr).
; # Listed in KNOWN-FAILURES.llc; wavecc passes.
; # Expected: the queue object's first 16 dwords, through the intrinsic
; # (k_intrinsic) and through hidden_queue_ptr (k_hidden): the emulator's
; # runner allocates the queue zeroed (no field of hsa_queue_t is filled),
; # so 0 both ways; the kernels are separate so that llc-19 cannot give its
; # undefined register the loaded hidden_queue_ptr's value.
; [config]
; name: queue.ptr dereferenced under code object v5
; dimensions: 1
; global_size: 64 0 0
; local_size: 64 0 0
;
; [test]
; name: loads through llvm.amdgcn.queue.ptr read the queue
; kernel_name: k_intrinsic
; arg_in: 0 buffer uint[64] repeat 7
; arg_out: 0 buffer uint[64] repeat 0
;
; [test]
; name: loads through hidden_queue_ptr read the same
; kernel_name: k_hidden
; arg_in: 0 buffer uint[64] repeat 7
; arg_out: 0 buffer uint[64] repeat 0

target triple = "amdgcn-amd-amdhsa"

declare ptr addrspace(4) @llvm.amdgcn.queue.ptr()
declare ptr addrspace(4) @llvm.amdgcn.implicitarg.ptr()
declare i32 @llvm.amdgcn.workitem.id.x()

; out[t] = queue[t & 15] (dwords)
define amdgpu_kernel void @k_intrinsic(ptr addrspace(1) %out) {
  %q = call ptr addrspace(4) @llvm.amdgcn.queue.ptr()
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %o = and i32 %t, 15
  %qa = getelementptr inbounds i32, ptr addrspace(4) %q, i32 %o
  %a = load i32, ptr addrspace(4) %qa
  %po = getelementptr inbounds i32, ptr addrspace(1) %out, i32 %t
  store i32 %a, ptr addrspace(1) %po
  ret void
}

define amdgpu_kernel void @k_hidden(ptr addrspace(1) %out) {
  %ia = call ptr addrspace(4) @llvm.amdgcn.implicitarg.ptr()
  %p = getelementptr inbounds i8, ptr addrspace(4) %ia, i64 200
  %q = load ptr addrspace(4), ptr addrspace(4) %p
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %o = and i32 %t, 15
  %qa = getelementptr inbounds i32, ptr addrspace(4) %q, i32 %o
  %a = load i32, ptr addrspace(4) %qa
  %po = getelementptr inbounds i32, ptr addrspace(1) %out, i32 %t
  store i32 %a, ptr addrspace(1) %po
  ret void
}

!llvm.module.flags = !{!0}
!0 = !{i32 1, !"amdhsa_code_object_version", i32 500}
