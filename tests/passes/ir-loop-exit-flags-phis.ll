; IR pass test: loop-exit-flags with an exit target that has two phis
; (%found: LCSSA phis, as LSR leaves them; tests/kernels/f_loop_nested_break.cl
; with loop-reduce run before the pass). The pass inserted each phi's
; replacement after the target's phis and walked on to the next
; instruction, so it reached its own replacements and rewrote them again,
; forever (it did not finish). Each of %found's phis now takes its value
; from one phi in the flow block, once.
; RUN: %wavecc-opt -ir-pass=loop-exit-flags %s | FileCheck %s
; RUN: %wavecc --no-llc-ir-passes %s -S -o /dev/null --stats 2>&1 | FileCheck %s --check-prefix=STATS
target triple = "amdgcn-amd-amdhsa"

declare i32 @llvm.amdgcn.workitem.id.x()

; CHECK-LABEL: define amdgpu_kernel void @brk(
; CHECK-LABEL: loop.flow:
; CHECK-DAG: %exit.flag = phi i1 [ false, %loop ], [ false, %then.2 ], [ true, %loop.break ]
; CHECK-DAG: %[[V1:exit.val[0-9]*]] = phi i32 [ undef, %loop ], [ undef, %then.2 ], [ %s, %loop.break ]
; CHECK-DAG: %[[V2:exit.val[0-9]*]] = phi i32 [ undef, %loop ], [ undef, %then.2 ], [ %i, %loop.break ]
; CHECK: br i1 %exit.flag, label %found, label %join
; CHECK-LABEL: found:
; CHECK-NEXT: %[[R1:[0-9]+]] = phi i32 [ %[[V1]], %loop.flow ]
; CHECK-NEXT: %[[R2:[0-9]+]] = phi i32 [ %[[V2]], %loop.flow ]
; CHECK-NEXT: %rr = add i32 %[[R1]], %[[R2]]
; CHECK-NOT: phi
; CHECK: br label %exit
; STATS: brk: {{.*}}, divergent control flow structured
define amdgpu_kernel void @brk(ptr addrspace(1) %out, ptr addrspace(1) %a, i32 %n) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %latch ]
  %s = phi i32 [ 0, %entry ], [ %s.next, %latch ]
  %p = getelementptr inbounds i32, ptr addrspace(1) %a, i32 %i
  %v = load i32, ptr addrspace(1) %p, align 4
  %x = add i32 %v, %tid
  %odd = and i32 %x, 1
  %c = icmp ne i32 %odd, 0
  br i1 %c, label %then, label %join
then:
  %w = add i32 %v, %tid
  %hit = icmp sgt i32 %w, 100
  br i1 %hit, label %found, label %then.2
then.2:
  %w2 = mul i32 %w, 3
  br label %join
join:
  %s.j = phi i32 [ %s, %loop ], [ %w2, %then.2 ]
  %s.next = add i32 %s.j, %i
  br label %latch
latch:
  %i.next = add i32 %i, 1
  %more = icmp slt i32 %i.next, %n
  br i1 %more, label %loop, label %exit
found:
  %r = phi i32 [ %s, %then ]
  %r2 = phi i32 [ %i, %then ]
  %rr = add i32 %r, %r2
  %wr0 = mul i32 %w, 7
  %wr = add i32 %wr0, %rr
  br label %exit
exit:
  %t = phi i32 [ %wr, %found ], [ %s.next, %latch ]
  %g = getelementptr inbounds i32, ptr addrspace(1) %out, i32 %tid
  store i32 %t, ptr addrspace(1) %g, align 4
  ret void
}
