; [config]
; name: atomics in the saddr form and with offset fields (atom16)
; dimensions: 1
; global_size: 128 0 0
; local_size: 64 0 0
;
; [test]
; name: global, generic, 64-bit and LDS atomics at constant offsets
; kernel_name: k
; arg_in: 0 buffer uint[40] repeat 0
; arg_out: 0 buffer uint[40] 960 976 992 1008 1024 1040 1056 1072 0 0 0 0 0 0 0 0 \
;     16 16 16 16 16 16 16 16 5 5 5 5 5 5 5 5 \
;     32 32 32 32 32 32 32 32
; arg_in: 1 buffer ulong[9] repeat 0
; arg_out: 1 buffer ulong[9] 16 16 16 16 16 16 16 16 0
; arg_in: 2 buffer uint[32] repeat 7
; arg_out: 2 buffer uint[32] 0 0 0 0 0 0 0 0 16 16 16 16 0 0 0 0 \
;     0 0 0 0 0 0 0 0 16 16 16 16 0 0 0 0
target triple = "amdgcn-amd-amdhsa"

; Expected values by hand (work-item id = 64 g + l, b = id & 7, 16 ids per b):
; h[b] += id -> 960 + 16 b; h[16 + b] += 1 -> 16 (offset 64); h[24 + b]: a
; cmpxchg 0 -> 5 (offset 96); h[32 + b] += 2 through a generic pointer
; (offset 128; the import infers global memory) -> 32; c[b] += 1 through &(c + 64 bytes)[b] - 64 bytes
; (64-bit; the import folds +64 and -64 away) -> 16, c[8] untouched; LDS t[8 + (l & 3)] += 1 (offset 32) per
; group -> 16, written out per group as o[16 g + l], l < 16. Each atomic's
; address is the SGPR base + a VGPR offset with the constant in the
; instruction's offset field (wavecc since atom16, as llc-19).

@t = internal addrspace(3) global [16 x i32] undef, align 4

define amdgpu_kernel void @k(ptr addrspace(1) %h, ptr addrspace(1) %c, ptr addrspace(1) %o) {
  %l = call i32 @llvm.amdgcn.workitem.id.x()
  %g = call i32 @llvm.amdgcn.workgroup.id.x()
  %g64 = shl i32 %g, 6
  %id = add nuw nsw i32 %g64, %l
  %b = and i32 %id, 7
  %bz = zext nneg i32 %b to i64
  %first = icmp ult i32 %l, 16
  br i1 %first, label %init, label %go

init:
  %ti = getelementptr inbounds [16 x i32], ptr addrspace(3) @t, i32 0, i32 %l
  store i32 0, ptr addrspace(3) %ti, align 4
  br label %go

go:
  call void @llvm.amdgcn.s.barrier()
  %p = getelementptr inbounds i32, ptr addrspace(1) %h, i64 %bz
  %r0 = atomicrmw add ptr addrspace(1) %p, i32 %id syncscope("agent") monotonic, align 4
  %q1 = getelementptr inbounds i8, ptr addrspace(1) %p, i64 64
  %r1 = atomicrmw add ptr addrspace(1) %q1, i32 1 syncscope("agent") seq_cst, align 4
  %q2 = getelementptr inbounds i8, ptr addrspace(1) %p, i64 96
  %r2 = cmpxchg ptr addrspace(1) %q2, i32 0, i32 5 syncscope("agent") monotonic monotonic, align 4
  %hf = addrspacecast ptr addrspace(1) %h to ptr
  %pf = getelementptr inbounds i32, ptr %hf, i64 %bz
  %q3 = getelementptr inbounds i8, ptr %pf, i64 128
  %r3 = atomicrmw add ptr %q3, i32 2 syncscope("agent") monotonic, align 4
  %cb = getelementptr inbounds i8, ptr addrspace(1) %c, i64 64
  %pc = getelementptr inbounds i64, ptr addrspace(1) %cb, i64 %bz
  %qc = getelementptr inbounds i8, ptr addrspace(1) %pc, i64 -64
  %r4 = atomicrmw add ptr addrspace(1) %qc, i64 1 syncscope("agent") monotonic, align 8
  %l3 = and i32 %l, 3
  %pt = getelementptr inbounds [16 x i32], ptr addrspace(3) @t, i32 0, i32 %l3
  %qt = getelementptr inbounds i8, ptr addrspace(3) %pt, i32 32
  %r5 = atomicrmw add ptr addrspace(3) %qt, i32 1 syncscope("workgroup") monotonic, align 4
  fence syncscope("workgroup") release
  call void @llvm.amdgcn.s.barrier()
  fence syncscope("workgroup") acquire
  br i1 %first, label %out, label %done

out:
  %tl = getelementptr inbounds [16 x i32], ptr addrspace(3) @t, i32 0, i32 %l
  %v = load i32, ptr addrspace(3) %tl, align 4
  %g16 = shl i32 %g, 4
  %oi = add nuw nsw i32 %g16, %l
  %oiz = zext nneg i32 %oi to i64
  %op = getelementptr inbounds i32, ptr addrspace(1) %o, i64 %oiz
  store i32 %v, ptr addrspace(1) %op, align 4
  br label %done

done:
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
declare i32 @llvm.amdgcn.workgroup.id.x()
declare void @llvm.amdgcn.s.barrier()
