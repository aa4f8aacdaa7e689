; Temporal divergence (issue 27): the loop exits when a lane finds its key
; (divergent), the counter %i is used after the loop. Inside the loop %i is
; the same for every lane still there, so the table load through it stays
; a scalar load and the exit on the counter a scalar branch; only the copy
; made for the use after the loop (loop_exit_copies.cpp, a freeze on the
; exiting edge) is a VGPR, written inside the loop by the lanes still in
; it. Before, %i itself was divergent and the load a global_load_dword per
; iteration (3.4x llc-19's cycles on bench/real/first_match.cl); with loop
; strength reduction alone the load is scalar but the counter a VGPR and
; the exit on it a lane mask. The first RUN line checks the copies applied
; by wavecc-opt after llc's passes (-O1 keeps the freezes), the second the
; default pipeline, which runs them itself.
; RUN: %wavecc-opt -mcpu=gfx900 -llvm-passes='function(separate-const-offset-from-gep,slsr,early-cse,nary-reassociate,early-cse,loop-reduce,bypass-slow-division,load-store-vectorizer,break-crit-edges,lcssa,loop-exit-copies)' %s \
; RUN:   | %wavecc -mcpu=gfx900 -O1 --no-llc-ir-passes - -S -o - | FileCheck %s
; RUN: %wavecc -mcpu=gfx900 %s -S -o - | FileCheck %s --check-prefix=DEF
; RUN: %wavecc -mcpu=gfx900 --no-llc-ir-passes %s -S -o - | FileCheck %s --check-prefix=OLD
target triple = "amdgcn-amd-amdhsa"

declare i32 @llvm.amdgcn.workitem.id.x()

; CHECK-LABEL: first_match:
; CHECK: global_load_dword
; CHECK: s_load_dword s{{[0-9]+}}, s[{{[0-9]+}}:{{[0-9]+}}], 0x0
; CHECK-NOT: global_load
; CHECK: v_mov_b32_e32 v{{[0-9]+}}, s{{[0-9]+}}
; CHECK-NOT: global_load
; CHECK: s_branch
; CHECK-NOT: global_load
; CHECK: global_store_dword
; By default: the scalar table load, the copy of the counter in the loop,
; the counter in an SGPR and its exit a scalar branch back to the loop.
; DEF-LABEL: first_match:
; DEF: global_load_dword
; DEF: s_mov_b32 [[I:s[0-9]+]], 0
; DEF-NEXT: [[LOOP:.Lfirst_match_BB[0-9]+]]:
; DEF-NEXT: s_load_dword s{{[0-9]+}}, s[{{[0-9]+}}:{{[0-9]+}}], 0x0
; DEF-NOT: global_load
; DEF: v_mov_b32_e32 v{{[0-9]+}}, [[I]]
; DEF-NOT: global_load
; DEF: s_add_u32 [[I]], [[I]], 1
; DEF: s_cmp_lt_i32 [[I]], s{{[0-9]+}}
; DEF-NEXT: s_cbranch_scc1 [[LOOP]]
; DEF-NOT: global_load
; DEF: global_store_dword
; OLD-LABEL: first_match:
; OLD: global_load_dword
; OLD: global_load_dword
define amdgpu_kernel void @first_match(ptr addrspace(1) %keys, ptr addrspace(1) noalias readonly %table, i32 %n, ptr addrspace(1) %out) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %kp = getelementptr inbounds i32, ptr addrspace(1) %keys, i32 %tid
  %key = load i32, ptr addrspace(1) %kp, align 4
  %any = icmp sgt i32 %n, 0
  br i1 %any, label %loop, label %done
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %latch ]
  %tp = getelementptr inbounds i32, ptr addrspace(1) %table, i32 %i
  %t = load i32, ptr addrspace(1) %tp, align 4, !amdgpu.noclobber !0
  %hit = icmp eq i32 %t, %key
  br i1 %hit, label %done, label %latch
latch:
  %i.next = add nuw nsw i32 %i, 1
  %more = icmp slt i32 %i.next, %n
  br i1 %more, label %loop, label %done
done:
  %r = phi i32 [ -1, %entry ], [ %i, %loop ], [ %n, %latch ]
  %op = getelementptr inbounds i32, ptr addrspace(1) %out, i32 %tid
  store i32 %r, ptr addrspace(1) %op, align 4
  ret void
}
!0 = !{}

; Two phis after the loop take the counter from the exit. Their copies
; read the copy's VGPR, written every iteration: reading the counter's SGPR
; in the block of the leaving lanes instead gave wrong sums for loops
; leaving two loops at once (tests/kernels/f_loop_escape.ll k_join with a
; scalar load, 2026-11-29), and was taken out.
; RUN: %wavecc -mcpu=gfx900 %s -S -o - | FileCheck %s --check-prefix=TWO
; TWO-LABEL: two_phis:
; TWO: s_mov_b32 [[I:s[0-9]+]], 0
; TWO-NEXT: [[LOOP:.Ltwo_phis_BB[0-9]+]]:
; TWO: v_mov_b32_e32 v{{[0-9]+}}, [[I]]
; TWO: s_cbranch_scc1 [[LOOP]]
define amdgpu_kernel void @two_phis(ptr addrspace(1) %keys, ptr addrspace(4) %table, i32 %n, ptr addrspace(1) %out) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %kp = getelementptr inbounds i32, ptr addrspace(1) %keys, i32 %tid
  %key = load i32, ptr addrspace(1) %kp, align 4
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %latch ]
  %tp = getelementptr inbounds i32, ptr addrspace(4) %table, i32 %i
  %t = load i32, ptr addrspace(4) %tp, align 4
  %hit = icmp eq i32 %t, %key
  br i1 %hit, label %done, label %latch
latch:
  %i.next = add nuw nsw i32 %i, 1
  %more = icmp slt i32 %i.next, %n
  br i1 %more, label %loop, label %done
done:
  %where = phi i32 [ %i, %loop ], [ -1, %latch ]
  %steps = phi i32 [ %i, %loop ], [ %n, %latch ]
  %s3 = mul i32 %steps, 3
  %o = shl i32 %tid, 1
  %op = getelementptr inbounds i32, ptr addrspace(1) %out, i32 %o
  store i32 %where, ptr addrspace(1) %op, align 4
  %o1 = or i32 %o, 1
  %op1 = getelementptr inbounds i32, ptr addrspace(1) %out, i32 %o1
  store i32 %s3, ptr addrspace(1) %op1, align 4
  ret void
}
