; break-crit-edges (src/llvm/break_crit_edges.cpp) makes the blocks LLVM's
; BreakCriticalEdgesPass makes, with a dominator tree cached before it
; (early-cse: wavecc's pass then skips the tree's updates). With loop info
; cached (lcssa) it makes the same blocks, one per critical edge: LLVM's
; pass would move a loop exit's other in-loop predecessors to a dedicated
; exit block (`exitsplit`, `exitsplitsplit` below, with phis) to keep
; loop-simplify form, which joined two of @three's exits on their way to
; the exit block: structured selection took no such loop and the kernel
; fell back to masked linearisation (issue 27, f_loop_exits_fz24_4442.cl
; 1.45-1.70x llc-19's executed wave-instructions). The DT lines hold for
; opt-19's output of the same pipeline; the LI lines no longer do.
; RUN: %wavecc-opt -llvm-passes='function(early-cse,break-crit-edges)' %s | FileCheck %s --check-prefix=DT
; RUN: %wavecc-opt -llvm-passes='function(lcssa,break-crit-edges)' %s | FileCheck %s --check-prefix=LI

target triple = "amdgcn-amd-amdhsa"

define void @f(i1 %a, i1 %b, i32 %n, ptr addrspace(1) %p) {
entry:
  br i1 %a, label %loop, label %join

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %latch ]
  %i.next = add i32 %i, 1
  br i1 %b, label %exit, label %latch

latch:
  %c = icmp slt i32 %i.next, %n
  br i1 %c, label %loop, label %exit

exit:
  %v = phi i32 [ %i, %loop ], [ %i.next, %latch ]
  br label %join

join:
  %w = phi i32 [ 0, %entry ], [ %v, %exit ]
  store i32 %w, ptr addrspace(1) %p
  ret void
}

; DT-LABEL: define void @f(
; DT:       entry:
; DT-NEXT:    br i1 %a, label %entry.loop_crit_edge, label %entry.join_crit_edge
; DT:       entry.join_crit_edge:
; DT:       entry.loop_crit_edge:
; DT:       loop:
; DT-NEXT:    %i = phi i32 [ 0, %entry.loop_crit_edge ], [ %i.next, %latch.loop_crit_edge ]
; DT:         br i1 %b, label %loop.exit_crit_edge, label %latch
; DT:       loop.exit_crit_edge:
; DT:       latch:
; DT:         br i1 %c, label %latch.loop_crit_edge, label %latch.exit_crit_edge
; DT:       latch.exit_crit_edge:
; DT:       latch.loop_crit_edge:
; DT:       exit:
; DT-NEXT:    %v = phi i32 [ %i, %loop.exit_crit_edge ], [ %i.next, %latch.exit_crit_edge ]
; DT:       join:
; DT-NEXT:    %w = phi i32 [ 0, %entry.join_crit_edge ], [ %v, %exit ]

; LI-LABEL: define void @f(
; LI:       loop:
; LI:         br i1 %b, label %loop.exit_crit_edge, label %latch
; LI:       loop.exit_crit_edge:
; LI:       latch:
; LI:         br i1 %c, label %latch.loop_crit_edge, label %latch.exit_crit_edge
; LI-NOT:   split
; LI:       exit:
; LI-NEXT:    %v = phi i32 [ %i, %loop.exit_crit_edge ], [ %i.next, %latch.exit_crit_edge ]

; Three exits of one loop to `exit`: each through its own split edge.
define void @three(i1 %a, i1 %b, i32 %n, ptr addrspace(1) %p) {
entry:
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %latch ]
  %i.next = add i32 %i, 1
  br i1 %a, label %exit, label %mid

mid:
  br i1 %b, label %exit, label %latch

latch:
  %c = icmp slt i32 %i.next, %n
  br i1 %c, label %loop, label %exit

exit:
  %v = phi i32 [ 1, %loop ], [ 2, %mid ], [ %i, %latch ]
  store i32 %v, ptr addrspace(1) %p
  ret void
}

; LI-LABEL: define void @three(
; LI-NOT:   split
; LI:       exit:
; LI-NEXT:    %v = phi i32 [ 1, %loop.exit_crit_edge ], [ 2, %mid.exit_crit_edge ], [ %i, %latch.exit_crit_edge ]
