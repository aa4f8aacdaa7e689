; A divergent region that is not a tree of ifs (b3 is entered from b1 and
; from b2, whose other edges go to the join: early exits) is lowered block
; by block (isel_struct.c, walk_local): each block runs with EXEC = the
; lanes of its incoming edges (s_mov_b64 exec), the edge masks are SALU
; and/andn2, the join restores EXEC, and the rest of the kernel stays
; structured. The address computed before the region keeps its SGPR base +
; VGPR offset form inside it (no scalar loads inside: EXEC may be zero).
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
; CHECK-NOT: s_cbranch
; CHECK: global_store_dword v{{[0-9]+}}, v{{[0-9]+}}, s[{{[0-9]+:[0-9]+}}]
; CHECK-NOT: s_cbranch
; CHECK: global_store_dword v{{[0-9]+}}, v{{[0-9]+}}, s[{{[0-9]+:[0-9]+}}]
; (the restore before s_endpgm goes: exec-cleanup)
; CHECK-NOT: s_or_b64 exec, exec, [[SAVED]]
; CHECK: s_endpgm
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

; A wide divergent switch (24 cases): lower-switch's decision tree, whose
; leaves all branch to the default block, is lowered block by block (more
; than LOCAL_SKIP_BLOCKS blocks), and every node and leaf (a compare, and a
; case of two instructions) skips the blocks it dominates when none of its
; lanes is left, as llc-19's structurized flow blocks skip a switch's
; empty subtrees. The default block's mask is ORed from every leaf; after
; a skipped subtree it is a linear phi of its value before the skip (0
; before the first leaf: the s_mov_b32 0). Wave32 masks at gfx1030.
; RUN: %wavecc -mcpu=gfx1030 %s -S -o - | FileCheck %s --check-prefix=SW
; SW-LABEL: sw:
; SW: v_cmp_gt_i32_e64 {{s[0-9]+}}, 24, v{{[0-9]+}}
; SW-NEXT: s_mov_b32 [[SV:s[0-9]+]], exec_lo
; SW-NEXT: s_mov_b32 {{s[0-9]+}}, 0
; SW: s_mov_b32 exec_lo, s{{[0-9]+}}
; SW-NEXT: s_cbranch_execz .Lsw_BB{{[0-9]+}}
; SW-COUNT-44: s_cbranch_execz .Lsw_BB{{[0-9]+}}
; SW-NOT: s_cbranch_execz
; SW: s_or_b32 exec_lo, exec_lo, [[SV]]
; SW: global_store_dword
define amdgpu_kernel void @sw(ptr addrspace(1) %out, ptr addrspace(1) %in) {
entry:
  %id = call i32 @llvm.amdgcn.workitem.id.x()
  %pi = getelementptr i32, ptr addrspace(1) %in, i32 %id
  %x = load i32, ptr addrspace(1) %pi
  switch i32 %x, label %d [ i32 0, label %c0 i32 2, label %c1 i32 4, label %c2 i32 6, label %c3 i32 8, label %c4 i32 10, label %c5 i32 12, label %c6 i32 14, label %c7 i32 16, label %c8 i32 18, label %c9 i32 20, label %c10 i32 22, label %c11 i32 24, label %c12 i32 26, label %c13 i32 28, label %c14 i32 30, label %c15 i32 32, label %c16 i32 34, label %c17 i32 36, label %c18 i32 38, label %c19 i32 40, label %c20 i32 42, label %c21 i32 44, label %c22 i32 46, label %c23 ]
c0:
  %r0 = mul i32 %x, 3
  %s0 = add i32 %r0, 0
  br label %j
c1:
  %r1 = mul i32 %x, 5
  %s1 = add i32 %r1, 1
  br label %j
c2:
  %r2 = mul i32 %x, 7
  %s2 = add i32 %r2, 2
  br label %j
c3:
  %r3 = mul i32 %x, 9
  %s3 = add i32 %r3, 3
  br label %j
c4:
  %r4 = mul i32 %x, 11
  %s4 = add i32 %r4, 4
  br label %j
c5:
  %r5 = mul i32 %x, 13
  %s5 = add i32 %r5, 5
  br label %j
c6:
  %r6 = mul i32 %x, 15
  %s6 = add i32 %r6, 6
  br label %j
c7:
  %r7 = mul i32 %x, 17
  %s7 = add i32 %r7, 7
  br label %j
c8:
  %r8 = mul i32 %x, 19
  %s8 = add i32 %r8, 8
  br label %j
c9:
  %r9 = mul i32 %x, 21
  %s9 = add i32 %r9, 9
  br label %j
c10:
  %r10 = mul i32 %x, 23
  %s10 = add i32 %r10, 10
  br label %j
c11:
  %r11 = mul i32 %x, 25
  %s11 = add i32 %r11, 11
  br label %j
c12:
  %r12 = mul i32 %x, 27
  %s12 = add i32 %r12, 12
  br label %j
c13:
  %r13 = mul i32 %x, 29
  %s13 = add i32 %r13, 13
  br label %j
c14:
  %r14 = mul i32 %x, 31
  %s14 = add i32 %r14, 14
  br label %j
c15:
  %r15 = mul i32 %x, 33
  %s15 = add i32 %r15, 15
  br label %j
c16:
  %r16 = mul i32 %x, 35
  %s16 = add i32 %r16, 16
  br label %j
c17:
  %r17 = mul i32 %x, 37
  %s17 = add i32 %r17, 17
  br label %j
c18:
  %r18 = mul i32 %x, 39
  %s18 = add i32 %r18, 18
  br label %j
c19:
  %r19 = mul i32 %x, 41
  %s19 = add i32 %r19, 19
  br label %j
c20:
  %r20 = mul i32 %x, 43
  %s20 = add i32 %r20, 20
  br label %j
c21:
  %r21 = mul i32 %x, 45
  %s21 = add i32 %r21, 21
  br label %j
c22:
  %r22 = mul i32 %x, 47
  %s22 = add i32 %r22, 22
  br label %j
c23:
  %r23 = mul i32 %x, 49
  %s23 = add i32 %r23, 23
  br label %j
d:
  %rd = xor i32 %x, 77
  br label %j
j:
  %r = phi i32 [ %s0, %c0 ], [ %s1, %c1 ], [ %s2, %c2 ], [ %s3, %c3 ], [ %s4, %c4 ], [ %s5, %c5 ], [ %s6, %c6 ], [ %s7, %c7 ], [ %s8, %c8 ], [ %s9, %c9 ], [ %s10, %c10 ], [ %s11, %c11 ], [ %s12, %c12 ], [ %s13, %c13 ], [ %s14, %c14 ], [ %s15, %c15 ], [ %s16, %c16 ], [ %s17, %c17 ], [ %s18, %c18 ], [ %s19, %c19 ], [ %s20, %c20 ], [ %s21, %c21 ], [ %s22, %c22 ], [ %s23, %c23 ], [ %rd, %d ]
  %po = getelementptr i32, ptr addrspace(1) %out, i32 %id
  store i32 %r, ptr addrspace(1) %po
  ret void
}
