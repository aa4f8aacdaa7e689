; branch-thread: a loop latch that tests the exit and then branches back
; from a block of its own (the split back edge) runs two branches per
; iteration; the exit test is inverted to the header and the back-edge
; block is left empty, falling through to the exit: one s_cbranch_scc0
; (uniform loop) or s_cbranch_execnz (a divergent loop's latch) back.
; RUN: %wavecc --no-llc-ir-passes %s -S -o - | FileCheck %s
; RUN: %wavecc --no-llc-ir-passes %s --print-after=waitcnt -S -o /dev/null 2>&1 | FileCheck %s --check-prefix=BEFORE
target triple = "amdgcn-amd-amdhsa"
declare i32 @llvm.amdgcn.workitem.id.x()

; BEFORE-LABEL: kernel sum
; BEFORE: p_cbranch_scc {{.*}}, [[EXIT:BB[0-9]+]], [[BACK:BB[0-9]+]]
; BEFORE: [[BACK]]:
; BEFORE-NEXT: p_branch [[HEAD:BB[0-9]+]]

; CHECK-LABEL: sum:
; CHECK: s_xor_b32
; CHECK-NEXT: s_mul_i32
; CHECK: s_cmp_eq_u32
; CHECK-NEXT: s_cbranch_scc0 [[HEAD:\.Lsum_BB[0-9]+]]
; CHECK-NEXT: .Lsum_BB{{[0-9]+}}:
; CHECK-NEXT: .Lsum_BB{{[0-9]+}}:
; CHECK-NOT: s_branch [[HEAD]]
; CHECK: global_store_dword
define amdgpu_kernel void @sum(ptr addrspace(1) %out, ptr addrspace(1) %a, i32 %n) {
entry:
  %id = call i32 @llvm.amdgcn.workitem.id.x()
  %q = getelementptr i32, ptr addrspace(1) %a, i32 %id
  %x = load i32, ptr addrspace(1) %q
  %c = icmp sgt i32 %x, 3
  %go = icmp sgt i32 %n, 0
  %both = and i1 %c, %go
  br i1 %both, label %loop, label %exit
loop:
  %i = phi i32 [ 0, %entry ], [ %i1, %loop ]
  %s = phi i32 [ 0, %entry ], [ %s1, %loop ]
  %v = xor i32 %i, %n
  %m = mul i32 %v, %i
  %s1 = add i32 %m, %s
  %i1 = add i32 %i, 1
  %done = icmp eq i32 %i1, %n
  br i1 %done, label %exit, label %loop
exit:
  %r = phi i32 [ 0, %entry ], [ %s1, %loop ]
  %o = getelementptr i32, ptr addrspace(1) %out, i32 %id
  store i32 %r, ptr addrspace(1) %o
  ret void
}

; A conditional branch to a block elsewhere in the layout that holds only
; a branch goes to that branch's target (thread_far_target): the uniform
; exit test of a loop that also has a divergent exit (temporal divergence
; keeps the counter uniform) falls into the exit's code and branched back
; through such a block, two branches per iteration; now one.
; RUN: %wavecc %s -S -o - | FileCheck %s --check-prefix=FAR
; RUN: %wavecc %s --print-after=waitcnt -S -o /dev/null 2>&1 | FileCheck %s --check-prefix=FARBEFORE
; FARBEFORE-LABEL: kernel far
; FARBEFORE: p_cbranch_scc {{.*}}, [[BACK:BB[0-9]+]], BB{{[0-9]+}}
; FARBEFORE: [[BACK]]: preds: BB{{[0-9]+}} succs: [[HEAD:BB[0-9]+]]
; FARBEFORE-NEXT: p_branch [[HEAD]]
; FAR-LABEL: far:
; FAR: s_mov_b32 [[I:s[0-9]+]], 0
; FAR-NEXT: [[HEAD:\.Lfar_BB[0-9]+]]:
; FAR: s_add_u32 [[I]], [[I]], 1
; FAR-NEXT: s_cmp_lt_i32 [[I]], s{{[0-9]+}}
; FAR-NEXT: s_cbranch_scc1 [[HEAD]]
; FAR-NOT: s_branch [[HEAD]]
; FAR: global_store_dword
define amdgpu_kernel void @far(ptr addrspace(1) %out, ptr addrspace(4) %tab, ptr addrspace(1) %keys, i32 %n) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %kp = getelementptr inbounds i32, ptr addrspace(1) %keys, i32 %tid
  %key = load i32, ptr addrspace(1) %kp, align 4
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %latch ]
  %p = getelementptr inbounds i32, ptr addrspace(4) %tab, i32 %i
  %t = load i32, ptr addrspace(4) %p, align 4
  %hit = icmp eq i32 %t, %key
  br i1 %hit, label %done, label %latch
latch:
  %i.next = add i32 %i, 1
  %more = icmp slt i32 %i.next, %n
  br i1 %more, label %loop, label %done
done:
  %r = phi i32 [ %i, %loop ], [ -1, %latch ]
  %o = getelementptr inbounds i32, ptr addrspace(1) %out, i32 %tid
  store i32 %r, ptr addrspace(1) %o, align 4
  ret void
}
