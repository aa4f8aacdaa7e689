; # Code object v4 (module flag amdhsa_code_object_version 400, as clang's
; # -mcode-object-version=4 writes it): the hidden arguments follow v4's
; # layout (AMDGPUUsage "Code Object V4 Metadata": hidden_global_offset_x,
; # _y, _z as 64-bit values at implicitarg + 0, 8, 16, then hostcall
; # buffer, default queue, completion action, multigrid sync argument: 56
; # bytes), llvm.amdgcn.queue.ptr is the queue pointer user SGPR pair (after
; # the dispatch pointer, before the kernarg pointer), and the work-group
; # size comes from the dispatch packet, as clang's code for v4 reads it.
; # wavecc wrote code object v5 whatever the flag asked (the global offset
; # read at implicitarg + 0 was hidden_block_count_x), and wavecc-run laid
; # libclc's 32-bit work_dim/global offsets over the first 16 bytes of every
; # code object's implicit arguments, so llc-19's v4 code read x's global
; # offset as 1 | 7 << 32: both fail on main (issue 26, wc12).
; # Expected (host arithmetic): out[0..1] = global offset x (7) as two
; # dwords, out[2..3] = y (0), out[4..5] = z (0); k_queue: out[t] =
; # queue[t & 15] (the emulator's runner zero-fills the queue: 0), then the
; # by-value argument and the work-group size 64 from the dispatch packet.
; [config]
; name: code object v4 implicit arguments
; dimensions: 1
; global_size: 64 0 0
; local_size: 64 0 0
;
; [test]
; name: hidden_global_offset_x/y/z at implicitarg + 0/8/16
; kernel_name: k_goff
; global_offset: 7 0 0
; arg_in: 0 buffer uint[8] repeat 9
; arg_out: 0 buffer uint[8] 7 0 0 0 0 0 9 9
;
; [test]
; name: queue pointer user SGPRs, kernarg pointer and dispatch packet after them
; kernel_name: k_queue
; arg_in: 0 buffer uint[192] repeat 9
; arg_in: 1 uint 1234
; arg_out: 0 buffer uint[192] \
;   0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 \
;   0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 \
;   0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 \
;   0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 \
;   1234 64 1234 64 1234 64 1234 64 1234 64 1234 64 1234 64 1234 64 \
;   1234 64 1234 64 1234 64 1234 64 1234 64 1234 64 1234 64 1234 64 \
;   1234 64 1234 64 1234 64 1234 64 1234 64 1234 64 1234 64 1234 64 \
;   1234 64 1234 64 1234 64 1234 64 1234 64 1234 64 1234 64 1234 64 \
;   1234 64 1234 64 1234 64 1234 64 1234 64 1234 64 1234 64 1234 64 \
;   1234 64 1234 64 1234 64 1234 64 1234 64 1234 64 1234 64 1234 64 \
;   1234 64 1234 64 1234 64 1234 64 1234 64 1234 64 1234 64 1234 64 \
;   1234 64 1234 64 1234 64 1234 64 1234 64 1234 64 1234 64 1234 64

target triple = "amdgcn-amd-amdhsa"

declare ptr addrspace(4) @llvm.amdgcn.implicitarg.ptr()
declare ptr addrspace(4) @llvm.amdgcn.queue.ptr()
declare ptr addrspace(4) @llvm.amdgcn.dispatch.ptr()
declare i32 @llvm.amdgcn.workitem.id.x()

define amdgpu_kernel void @k_goff(ptr addrspace(1) %out) {
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %first = icmp eq i32 %t, 0
  br i1 %first, label %w, label %e
w:
  %ia = call ptr addrspace(4) @llvm.amdgcn.implicitarg.ptr()
  %x = load i64, ptr addrspace(4) %ia, align 8
  %py = getelementptr inbounds i8, ptr addrspace(4) %ia, i64 8
  %y = load i64, ptr addrspace(4) %py, align 8
  %pz = getelementptr inbounds i8, ptr addrspace(4) %ia, i64 16
  %z = load i64, ptr addrspace(4) %pz, align 8
  store i64 %x, ptr addrspace(1) %out, align 8
  %oy = getelementptr inbounds i64, ptr addrspace(1) %out, i32 1
  store i64 %y, ptr addrspace(1) %oy, align 8
  %oz = getelementptr inbounds i64, ptr addrspace(1) %out, i32 2
  store i64 %z, ptr addrspace(1) %oz, align 8
  br label %e
e:
  ret void
}

; out[t] = queue[t & 15] (dwords); out[64 + 2t] = %k, out[64 + 2t + 1] =
; the dispatch packet's workgroup_size_x (u16 at + 4)
define amdgpu_kernel void @k_queue(ptr addrspace(1) %out, i32 %k) {
  %q = call ptr addrspace(4) @llvm.amdgcn.queue.ptr()
  %d = call ptr addrspace(4) @llvm.amdgcn.dispatch.ptr()
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %o = and i32 %t, 15
  %qa = getelementptr inbounds i32, ptr addrspace(4) %q, i32 %o
  %a = load i32, ptr addrspace(4) %qa
  %po = getelementptr inbounds i32, ptr addrspace(1) %out, i32 %t
  store i32 %a, ptr addrspace(1) %po
  %pw = getelementptr inbounds i8, ptr addrspace(4) %d, i64 4
  %w16 = load i16, ptr addrspace(4) %pw, align 4
  %w = zext i16 %w16 to i32
  %t2 = shl i32 %t, 1
  %i = add i32 %t2, 64
  %pk = getelementptr inbounds i32, ptr addrspace(1) %out, i32 %i
  store i32 %k, ptr addrspace(1) %pk
  %pk1 = getelementptr inbounds i32, ptr addrspace(1) %pk, i32 1
  store i32 %w, ptr addrspace(1) %pk1
  ret void
}

!llvm.module.flags = !{!0}
!0 = !{i32 1, !"amdhsa_code_object_version", i32 400}
