; loop-reduce (loop strength reduction, llc-19's pre-selection pass run by
; wavecc with its TargetTransformInfo): the loop below redid sext, a 64-bit
; shift and a 64-bit add per access; after LSR it bumps one pointer.
; RUN: %wavecc-opt -llvm-passes='function(loop-reduce)' %s | FileCheck %s
target triple = "amdgcn-amd-amdhsa"

; CHECK-LABEL: define amdgpu_kernel void @sum(
; CHECK: loop:
; CHECK: %lsr.iv{{[0-9]*}} = phi ptr addrspace(1)
; CHECK-NOT: sext
; CHECK: load float, ptr addrspace(1) %lsr.iv
; CHECK: getelementptr i8, ptr addrspace(1) %lsr.iv{{[0-9]*}}, i64 4
; CHECK: exit:
define amdgpu_kernel void @sum(ptr addrspace(1) %a, ptr addrspace(1) %out, i32 %n) {
entry:
  %pos = icmp sgt i32 %n, 0
  br i1 %pos, label %loop, label %exit
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %s = phi float [ 0.0, %entry ], [ %s.next, %loop ]
  %ie = sext i32 %i to i64
  %g = getelementptr inbounds float, ptr addrspace(1) %a, i64 %ie
  %v = load float, ptr addrspace(1) %g
  %s.next = fadd float %s, %v
  %i.next = add nsw i32 %i, 1
  %c = icmp slt i32 %i.next, %n
  br i1 %c, label %loop, label %exit
exit:
  %r = phi float [ 0.0, %entry ], [ %s.next, %loop ]
  store float %r, ptr addrspace(1) %out
  ret void
}
