; A divergent region that is not a tree of ifs (b3 is entered from b1 and
; from b2, whose other edges go to the join: early exits) is lowered block
; by block (isel_struct.c, walk_local): each block runs with EXEC = the
; lanes of its incoming edges (s_mov_b64 exec), the edge masks are SALU
; and/andn2, the join restores EXEC, and the rest of the kernel stays
; structured. The address computed before the region keeps its SGPR base +
; VGPR offset form inside it (no scalar loads inside: EXEC may be zero).
; A block that dominates others with at least 3 instructions among them
; (b1: both stores) ends its head in s_cbranch_execz past them all, to the
; next block it does not dominate; b2 (a store and a compare before the
; blocks that split its critical edges) does not.
; RUN: %wavecc %s -S -o - | FileCheck %s
; RUN: %wavecc %s --stats -S -o /dev/null 2>&1 | FileCheck %s --check-prefix=STATS
target triple = "amdgcn-amd-amdhsa"

declare i32 @llvm.amdgcn.workitem.id.x()

; CHECK-LABEL: chain:
; CHECK: v_cmp_gt_u32_e64 [[C0:s\[[0-9]+:[0-9]+\]]], 10, v0
; CHECK-NEXT: s_mov_b64 [[SAVED:s\[[0-9]+:[0-9]+\]]], exec
; CHECK-NEXT: s_and_b64 {{s\[[0-9]+:[0-9]+\]}}, [[SAVED]], [[C0]]
; CHECK-NEXT: s_andn2_b64 [[B1:s\[[0-9]+:[0-9]+\]]], [[SAVED]], [[C0]]
; CHECK-NEXT: .Lchain_BB1:
; CHECK-NEXT: s_mov_b64 exec, [[B1]]
; CHECK-NEXT: s_cbranch_execz [[PAST:.Lchain_BB[0-9]+]]
; CHECK-NOT: s_cbranch
; CHECK: global_store_dword v{{[0-9]+}}, v{{[0-9]+}}, s[{{[0-9]+:[0-9]+}}]
; CHECK-NOT: s_cbranch
; CHECK: global_store_dword v{{[0-9]+}}, v{{[0-9]+}}, s[{{[0-9]+:[0-9]+}}]
; CHECK-NEXT: [[PAST]]:
; CHECK-NOT: s_cbranch
; CHECK: s_or_b64 exec, exec, [[SAVED]]
; CHECK-NEXT: s_endpgm
define amdgpu_kernel void @chain(ptr addrspace(1) %out) {
entry:
  %id = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr i32, ptr addrspace(1) %out, i32 %id
  %c0 = icmp ult i32 %id, 10
  br i1 %c0, label %exit, label %b1
b1:
  %c1 = icmp ult i32 %id, 20
  br i1 %c1, label %b2, label %b3
b2:
  store i32 1, ptr addrspace(1) %p
  %c2 = icmp ult i32 %id, 15
  br i1 %c2, label %exit, label %b3
b3:
  store i32 2, ptr addrspace(1) %p
  br label %exit
exit:
  ret void
}

; The same shape with a call in a shared block is not lowered block by
; block (the callee's regions assume a non-empty EXEC): masked fallback.
; STATS: callr: {{.*}}, divergent control flow masked (isel_struct.c:{{[0-9]+}})
define void @f(ptr addrspace(1) %p) noinline {
  store i32 3, ptr addrspace(1) %p
  ret void
}

define amdgpu_kernel void @callr(ptr addrspace(1) %out) {
entry:
  %id = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr i32, ptr addrspace(1) %out, i32 %id
  %c0 = icmp ult i32 %id, 10
  br i1 %c0, label %exit, label %b1
b1:
  %c1 = icmp ult i32 %id, 20
  br i1 %c1, label %b2, label %b3
b2:
  store i32 1, ptr addrspace(1) %p
  %c2 = icmp ult i32 %id, 15
  br i1 %c2, label %exit, label %b3
b3:
  call void @f(ptr addrspace(1) %p)
  br label %exit
exit:
  ret void
}

; A divergent switch: lower-switch's decision tree, whose leaves all branch
; to the default block, is lowered block by block, and every node skips
; its subtree (the leaves and cases under it) when none of its lanes is
; left (llc-19's structurized flow blocks skip the same); a leaf with a
; one-instruction case does not (3 instructions at least). The default block's
; mask is ORed from every leaf; after a skipped subtree it is a linear phi
; of its value before the skip (wave32: 32-bit masks at gfx1030).
; RUN: %wavecc -mcpu=gfx1030 %s -S -o - | FileCheck %s --check-prefix=SW
; SW-LABEL: sw:
; SW: v_cmp_gt_i32_e64 [[C:s[0-9]+]], 6, v{{[0-9]+}}
; SW-NEXT: s_mov_b32 [[SV:s[0-9]+]], exec_lo
; SW: s_mov_b32 exec_lo, s{{[0-9]+}}
; SW-NEXT: s_cbranch_execz .Lsw_BB{{[0-9]+}}
; SW-COUNT-3: s_cbranch_execz .Lsw_BB{{[0-9]+}}
; SW-NOT: s_cbranch_execz
; SW: s_or_b32 exec_lo, exec_lo, [[SV]]
; SW: global_store_dword
define amdgpu_kernel void @sw(ptr addrspace(1) %out, ptr addrspace(1) %in) {
entry:
  %id = call i32 @llvm.amdgcn.workitem.id.x()
  %pi = getelementptr i32, ptr addrspace(1) %in, i32 %id
  %x = load i32, ptr addrspace(1) %pi
  switch i32 %x, label %d [ i32 0, label %c0
                            i32 2, label %c1
                            i32 4, label %c2
                            i32 6, label %c3
                            i32 8, label %c4
                            i32 10, label %c5 ]
c0:
  %r0 = mul i32 %x, 3
  br label %j
c1:
  %r1 = mul i32 %x, 5
  br label %j
c2:
  %r2 = mul i32 %x, 7
  br label %j
c3:
  %r3 = mul i32 %x, 9
  br label %j
c4:
  %r4 = mul i32 %x, 11
  br label %j
c5:
  %r5 = mul i32 %x, 13
  br label %j
d:
  %rd = xor i32 %x, 77
  br label %j
j:
  %r = phi i32 [ %r0, %c0 ], [ %r1, %c1 ], [ %r2, %c2 ], [ %r3, %c3 ], [ %r4, %c4 ], [ %r5, %c5 ], [ %rd, %d ]
  %po = getelementptr i32, ptr addrspace(1) %out, i32 %id
  store i32 %r, ptr addrspace(1) %po
  ret void
}
