; Hand-written (issue 26); expected values from the kernel's arithmetic.
; llvm.amdgcn.queue.ptr (the hidden_queue_ptr argument of code object v5,
; which the runner fills: non-null) and llvm.amdgcn.dispatch.id (the
; dispatch_id user SGPRs after the kernarg pointer; the emulator's runner
; numbers dispatches from 0), with the kernel's own arguments and the
; work-group id still read right after the extra user SGPRs.
; [config]
; name: queue.ptr and dispatch.id (issue 26)
; dimensions: 1
; global_size: 128 0 0
; local_size: 64 0 0
;
; [test]
; name: queue pointer non-null, dispatch id 0, arguments and ids intact
; kernel_name: k_ids
; arg_in: 0 buffer uint[512] repeat 0
; arg_out: 0 buffer uint[512] \
;   1 0 0 1000 1 0 0 1000 1 0 0 1000 1 0 0 1000 \
;   1 0 0 1000 1 0 0 1000 1 0 0 1000 1 0 0 1000 \
;   1 0 0 1000 1 0 0 1000 1 0 0 1000 1 0 0 1000 \
;   1 0 0 1000 1 0 0 1000 1 0 0 1000 1 0 0 1000 \
;   1 0 0 1000 1 0 0 1000 1 0 0 1000 1 0 0 1000 \
;   1 0 0 1000 1 0 0 1000 1 0 0 1000 1 0 0 1000 \
;   1 0 0 1000 1 0 0 1000 1 0 0 1000 1 0 0 1000 \
;   1 0 0 1000 1 0 0 1000 1 0 0 1000 1 0 0 1000 \
;   1 0 0 1000 1 0 0 1000 1 0 0 1000 1 0 0 1000 \
;   1 0 0 1000 1 0 0 1000 1 0 0 1000 1 0 0 1000 \
;   1 0 0 1000 1 0 0 1000 1 0 0 1000 1 0 0 1000 \
;   1 0 0 1000 1 0 0 1000 1 0 0 1000 1 0 0 1000 \
;   1 0 0 1000 1 0 0 1000 1 0 0 1000 1 0 0 1000 \
;   1 0 0 1000 1 0 0 1000 1 0 0 1000 1 0 0 1000 \
;   1 0 0 1000 1 0 0 1000 1 0 0 1000 1 0 0 1000 \
;   1 0 0 1000 1 0 0 1000 1 0 0 1000 1 0 0 1000 \
;   1 0 0 1001 1 0 0 1001 1 0 0 1001 1 0 0 1001 \
;   1 0 0 1001 1 0 0 1001 1 0 0 1001 1 0 0 1001 \
;   1 0 0 1001 1 0 0 1001 1 0 0 1001 1 0 0 1001 \
;   1 0 0 1001 1 0 0 1001 1 0 0 1001 1 0 0 1001 \
;   1 0 0 1001 1 0 0 1001 1 0 0 1001 1 0 0 1001 \
;   1 0 0 1001 1 0 0 1001 1 0 0 1001 1 0 0 1001 \
;   1 0 0 1001 1 0 0 1001 1 0 0 1001 1 0 0 1001 \
;   1 0 0 1001 1 0 0 1001 1 0 0 1001 1 0 0 1001 \
;   1 0 0 1001 1 0 0 1001 1 0 0 1001 1 0 0 1001 \
;   1 0 0 1001 1 0 0 1001 1 0 0 1001 1 0 0 1001 \
;   1 0 0 1001 1 0 0 1001 1 0 0 1001 1 0 0 1001 \
;   1 0 0 1001 1 0 0 1001 1 0 0 1001 1 0 0 1001 \
;   1 0 0 1001 1 0 0 1001 1 0 0 1001 1 0 0 1001 \
;   1 0 0 1001 1 0 0 1001 1 0 0 1001 1 0 0 1001 \
;   1 0 0 1001 1 0 0 1001 1 0 0 1001 1 0 0 1001 \
;   1 0 0 1001 1 0 0 1001 1 0 0 1001 1 0 0 1001
; arg_in: 1 uint 1000
;
; [test]
; name: dispatch id alone
; kernel_name: k_id_only
; arg_in: 0 buffer ulong[128] repeat 7
; arg_out: 0 buffer ulong[128] repeat 0
target triple = "amdgcn-amd-amdhsa"

declare ptr addrspace(4) @llvm.amdgcn.queue.ptr()
declare i64 @llvm.amdgcn.dispatch.id()
declare i32 @llvm.amdgcn.workitem.id.x()
declare i32 @llvm.amdgcn.workgroup.id.x()

; out[4 i + 0] = queue ptr != null, [4 i + 1..2] = dispatch id (lo, hi),
; [4 i + 3] = %k + the work-group id (the argument and the system SGPR
; after the extra user SGPRs)
define amdgpu_kernel void @k_ids(ptr addrspace(1) %out, i32 %k) {
  %q = call ptr addrspace(4) @llvm.amdgcn.queue.ptr()
  %d = call i64 @llvm.amdgcn.dispatch.id()
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %g = call i32 @llvm.amdgcn.workgroup.id.x()
  %g64 = mul i32 %g, 64
  %gid = add i32 %g64, %t
  %nn = icmp ne ptr addrspace(4) %q, null
  %nz = zext i1 %nn to i32
  %dlo = trunc i64 %d to i32
  %dsh = lshr i64 %d, 32
  %dhi = trunc i64 %dsh to i32
  %i4 = shl i32 %gid, 2
  %p0 = getelementptr i32, ptr addrspace(1) %out, i32 %i4
  store i32 %nz, ptr addrspace(1) %p0
  %p1 = getelementptr i32, ptr addrspace(1) %p0, i32 1
  store i32 %dlo, ptr addrspace(1) %p1
  %p2 = getelementptr i32, ptr addrspace(1) %p0, i32 2
  store i32 %dhi, ptr addrspace(1) %p2
  %chk = add i32 %k, %g
  %p3 = getelementptr i32, ptr addrspace(1) %p0, i32 3
  store i32 %chk, ptr addrspace(1) %p3
  ret void
}

define amdgpu_kernel void @k_id_only(ptr addrspace(1) %out) {
  %d = call i64 @llvm.amdgcn.dispatch.id()
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %g = call i32 @llvm.amdgcn.workgroup.id.x()
  %g64 = mul i32 %g, 64
  %gid = add i32 %g64, %t
  %p = getelementptr i64, ptr addrspace(1) %out, i32 %gid
  store i64 %d, ptr addrspace(1) %p
  ret void
}
