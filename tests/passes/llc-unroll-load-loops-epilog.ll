; unroll-load-loops (src/llvm/unroll_load_loops.cpp) puts the run-time
; remainder after the unrolled loop (an epilogue), even where LLVM's own
; choice (a header phi starting at an integer constant) would put it
; before: after loop strength reduction the IVs are a pointer and a
; down-counter. A prologue runs when the trip count is odd; where that
; count differs between lanes (spmv_jds's per-section bound), every IV
; becomes a phi at a divergent join, and a pointer that was uniform
; (jds_ptr + k) took a VGPR pair and vector loads for the whole loop.
; Main 7fc536e unrolled with a prologue (%p.unr phi before the loop).
; RUN: %wavecc-opt -llvm-passes='function(unroll-load-loops)' %s | FileCheck %s
; RUN: %wavecc -mcpu=gfx1030 -S %s -o - | FileCheck %s --check-prefix=ASM
target triple = "amdgcn-amd-amdhsa"

; CHECK-LABEL: define amdgpu_kernel void @jds(
; CHECK-NOT: .prol
; CHECK: loop:
; CHECK-NEXT: %p = phi ptr addrspace(1) [ %ptr, %{{.*}} ], [ %p.next.1, %loop ]
; CHECK: loop.epil:
; The in-loop pointer stays scalar: two steps' jds_ptr words in one
; s_load_dwordx2 (main 7fc536e: global_load_dwordx2 at a VGPR pair).
; ASM-LABEL: jds:
; ASM: s_load_dwordx2
; ASM: s_cbranch_execnz
define amdgpu_kernel void @jds(ptr addrspace(1) %dst, ptr addrspace(1) %data, ptr addrspace(1) %ptr,
                               ptr addrspace(1) %zcnt) {
entry:
  %ix = call i32 @llvm.amdgcn.workitem.id.x()
  %sec = lshr i32 %ix, 5
  %zp = getelementptr inbounds i32, ptr addrspace(1) %zcnt, i32 %sec
  %n = load i32, ptr addrspace(1) %zp, align 4
  %pos = icmp sgt i32 %n, 0
  br i1 %pos, label %loop, label %exit
loop:
  %p = phi ptr addrspace(1) [ %ptr, %entry ], [ %p.next, %loop ]
  %i = phi i32 [ %n, %entry ], [ %i.next, %loop ]
  %s = phi float [ 0.0, %entry ], [ %s.next, %loop ]
  %off = load i32, ptr addrspace(1) %p, align 4
  %j = add i32 %off, %ix
  %dp = getelementptr inbounds float, ptr addrspace(1) %data, i32 %j
  %v = load float, ptr addrspace(1) %dp, align 4
  %s.next = fadd float %s, %v
  %p.next = getelementptr i8, ptr addrspace(1) %p, i64 4
  %i.next = add i32 %i, -1
  %more = icmp ne i32 %i.next, 0
  br i1 %more, label %loop, label %exit
exit:
  %r = phi float [ 0.0, %entry ], [ %s.next, %loop ]
  %op = getelementptr inbounds float, ptr addrspace(1) %dst, i32 %ix
  store float %r, ptr addrspace(1) %op, align 4
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
