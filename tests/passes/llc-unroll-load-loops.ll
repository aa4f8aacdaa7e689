; unroll-load-loops (src/llvm/unroll_load_loops.cpp): a loop that loads,
; with a trip count known only at run time, is unrolled by 2 with one
; remainder iteration, and the unrolled body's loads are ordered by depth:
; both iterations' index loads first, then the loads at the indices they
; give (one wait per two iterations instead of two waits per iteration).
; A loop with a barrier and a loop of constant trip count are left as
; they are.
; RUN: %wavecc-opt -llvm-passes='function(unroll-load-loops)' %s | FileCheck %s
target triple = "amdgcn-amd-amdhsa"

; @row: s += val[idx[e]] for e in [lo, hi).
; CHECK-LABEL: define amdgpu_kernel void @row(
; the odd iteration last, once (an epilogue: llc-unroll-load-loops-epilog.ll
; says why not LLVM's prologue)
; CHECK: and i32 %{{.*}}, 1
; CHECK-NOT: .prol
; CHECK: loop:
; CHECK-NOT: load
; CHECK: %u = load i32
; CHECK-NOT: load
; CHECK: %u.1 = load i32
; CHECK-NOT: load
; CHECK: %v = load float
; CHECK-NEXT: %v.1 = load float
; CHECK: br i1 %{{.*}}, label %loop,
; CHECK: loop.epil:
; CHECK: load i32
; CHECK: load float
define amdgpu_kernel void @row(ptr addrspace(1) %idx, ptr addrspace(1) %val, ptr addrspace(1) %out, i32 %lo, i32 %hi) {
entry:
  %any = icmp slt i32 %lo, %hi
  br i1 %any, label %loop, label %exit
loop:
  %e = phi i32 [ %lo, %entry ], [ %e.next, %loop ]
  %s = phi float [ 0.0, %entry ], [ %s.next, %loop ]
  %ee = sext i32 %e to i64
  %pi = getelementptr inbounds i32, ptr addrspace(1) %idx, i64 %ee
  %u = load i32, ptr addrspace(1) %pi
  %ue = sext i32 %u to i64
  %pv = getelementptr inbounds float, ptr addrspace(1) %val, i64 %ue
  %v = load float, ptr addrspace(1) %pv
  %s.next = fadd float %s, %v
  %e.next = add nsw i32 %e, 1
  %c = icmp slt i32 %e.next, %hi
  br i1 %c, label %loop, label %exit
exit:
  %r = phi float [ 0.0, %entry ], [ %s.next, %loop ]
  store float %r, ptr addrspace(1) %out
  ret void
}

; @barrier: the loop has a convergent call: not unrolled.
; CHECK-LABEL: define amdgpu_kernel void @barrier(
; CHECK-NOT: .1 =
; CHECK: ret void
define amdgpu_kernel void @barrier(ptr addrspace(1) %a, ptr addrspace(1) %out, i32 %n) {
entry:
  %pos = icmp sgt i32 %n, 0
  br i1 %pos, label %loop, label %exit
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %s = phi float [ 0.0, %entry ], [ %s.next, %loop ]
  %ie = sext i32 %i to i64
  %g = getelementptr inbounds float, ptr addrspace(1) %a, i64 %ie
  %v = load float, ptr addrspace(1) %g
  call void @llvm.amdgcn.s.barrier()
  %s.next = fadd float %s, %v
  %i.next = add nsw i32 %i, 1
  %c = icmp slt i32 %i.next, %n
  br i1 %c, label %loop, label %exit
exit:
  %r = phi float [ 0.0, %entry ], [ %s.next, %loop ]
  store float %r, ptr addrspace(1) %out
  ret void
}

; @fixed: 100 iterations, a constant trip count: opt -O2 has decided.
; CHECK-LABEL: define amdgpu_kernel void @fixed(
; CHECK-NOT: .1 =
; CHECK: ret void
define amdgpu_kernel void @fixed(ptr addrspace(1) %a, ptr addrspace(1) %out) {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %s = phi float [ 0.0, %entry ], [ %s.next, %loop ]
  %ie = sext i32 %i to i64
  %g = getelementptr inbounds float, ptr addrspace(1) %a, i64 %ie
  %v = load float, ptr addrspace(1) %g
  %s.next = fadd float %s, %v
  %i.next = add nsw i32 %i, 1
  %c = icmp slt i32 %i.next, 100
  br i1 %c, label %loop, label %exit
exit:
  store float %s.next, ptr addrspace(1) %out
  ret void
}

declare void @llvm.amdgcn.s.barrier() convergent
