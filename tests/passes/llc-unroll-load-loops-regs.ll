; unroll-load-loops (src/llvm/unroll_load_loops.cpp), the registers the
; unrolled body holds:
; - @ptr_step: a pointer IV (LSR's form) steps p + 4, then (p + 4) + 4 in
;   the unrolled body, two 64-bit adds (a VGPR pair and a carry each); it
;   becomes p + 8, and p + 4 is left for the second load (an immediate
;   offset, or merged with the first load). bench/real gemv_row: 8 -> 7
;   VGPRs at gfx1030 with cse-dom-through-loop.ll's merge.
; - @csr: a load that feeds no other load (val[e]) is issued after the
;   deepest loads (x[col[e]]), not with the first ones: its result is not
;   live over the x loads' address arithmetic. bench/real spmv_csr: 16 ->
;   15 VGPRs at gfx1030. Main 501c6c5 chained the steps and put %a first.
; RUN: %wavecc-opt -llvm-passes='function(unroll-load-loops)' %s | FileCheck %s
target triple = "amdgcn-amd-amdhsa"

; CHECK-LABEL: define amdgpu_kernel void @ptr_step(
; CHECK: loop:
; CHECK: %p.next = getelementptr i8, ptr addrspace(1) %p, i64 4
; CHECK: load float, ptr addrspace(1) %p,
; CHECK: load float, ptr addrspace(1) %p.next,
; CHECK: %p.next.1 = getelementptr i8, ptr addrspace(1) %p, i64 8
; CHECK: br i1 %{{.*}}, label %loop,
define amdgpu_kernel void @ptr_step(ptr addrspace(1) %a, ptr addrspace(1) %out, i32 %n) {
entry:
  %pos = icmp sgt i32 %n, 0
  br i1 %pos, label %loop, label %exit
loop:
  %p = phi ptr addrspace(1) [ %a, %entry ], [ %p.next, %loop ]
  %i = phi i32 [ %n, %entry ], [ %i.next, %loop ]
  %s = phi float [ 0.0, %entry ], [ %s.next, %loop ]
  %v = load float, ptr addrspace(1) %p
  %s.next = fadd float %s, %v
  %p.next = getelementptr i8, ptr addrspace(1) %p, i64 4
  %i.next = add i32 %i, -1
  %c = icmp ne i32 %i.next, 0
  br i1 %c, label %loop, label %exit
exit:
  %r = phi float [ 0.0, %entry ], [ %s.next, %loop ]
  store float %r, ptr addrspace(1) %out
  ret void
}

; CHECK-LABEL: define amdgpu_kernel void @csr(
; CHECK: loop:
; CHECK-NOT: load
; CHECK: %u = load i32
; CHECK-NOT: load
; CHECK: %u.1 = load i32
; CHECK-NOT: load
; CHECK: %v = load float
; CHECK-NEXT: %v.1 = load float
; CHECK-NEXT: %a = load float
; CHECK-NEXT: %a.1 = load float
; CHECK: br i1 %{{.*}}, label %loop,
define amdgpu_kernel void @csr(ptr addrspace(1) %col, ptr addrspace(1) %val, ptr addrspace(1) %x, ptr addrspace(1) %out, i32 %lo, i32 %hi) {
entry:
  %any = icmp slt i32 %lo, %hi
  br i1 %any, label %loop, label %exit
loop:
  %e = phi i32 [ %lo, %entry ], [ %e.next, %loop ]
  %s = phi float [ 0.0, %entry ], [ %s.next, %loop ]
  %ee = sext i32 %e to i64
  %pa = getelementptr inbounds float, ptr addrspace(1) %val, i64 %ee
  %a = load float, ptr addrspace(1) %pa
  %pi = getelementptr inbounds i32, ptr addrspace(1) %col, i64 %ee
  %u = load i32, ptr addrspace(1) %pi
  %ue = sext i32 %u to i64
  %pv = getelementptr inbounds float, ptr addrspace(1) %x, i64 %ue
  %v = load float, ptr addrspace(1) %pv
  %m = fmul float %a, %v
  %s.next = fadd float %s, %m
  %e.next = add nsw i32 %e, 1
  %c = icmp slt i32 %e.next, %hi
  br i1 %c, label %loop, label %exit
exit:
  %r = phi float [ 0.0, %entry ], [ %s.next, %loop ]
  store float %r, ptr addrspace(1) %out
  ret void
}
