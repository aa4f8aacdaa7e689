; loop-reduce-memory (src/llvm/loop_reduce_memory.cpp): loop strength
; reduction only on loops that access memory. @sum's loop loads: LSR bumps
; one pointer. @regs' loop has no memory access: its value used after the
; loop (x + i) stays as it was, where LSR rewrites it as a second sum
; beside the original in every iteration (f_reg_pressure.cl: 56 -> 118
; VGPRs).
; RUN: %wavecc-opt -llvm-passes='function(loop-reduce-memory)' %s | FileCheck %s
; RUN: %wavecc-opt -llvm-passes='function(loop-reduce)' %s | FileCheck %s --check-prefix=LSR
target triple = "amdgcn-amd-amdhsa"

; CHECK-LABEL: define amdgpu_kernel void @sum(
; CHECK: loop:
; CHECK: %lsr.iv{{[0-9]*}} = phi ptr addrspace(1)
; CHECK: load float, ptr addrspace(1) %lsr.iv
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

; CHECK-LABEL: define amdgpu_kernel void @regs(
; CHECK: %x.next = add i32 %s, %i
; CHECK-NOT: add i32 %i.next
; CHECK: store i32 %x.next{{(.lcssa)?}}, ptr addrspace(1) %out
; LSR-LABEL: define amdgpu_kernel void @regs(
; LSR: %s = add i32 %xy, %ys
; LSR: %[[A:[0-9]+]] = add i32 %xy, %ys
; LSR: add i32 %i.next, %[[A]]
define amdgpu_kernel void @regs(ptr addrspace(1) %out, i32 %x0, i32 %y0, i32 %n) {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %x = phi i32 [ %x0, %entry ], [ %x.next, %loop ]
  %y = phi i32 [ %y0, %entry ], [ %y.next, %loop ]
  %xy = xor i32 %x, %y
  %ys = lshr i32 %y, 3
  %s = add i32 %xy, %ys
  %x.next = add i32 %s, %i
  %yx = xor i32 %y, %x.next
  %y.next = add i32 %yx, %i
  %i.next = add nuw nsw i32 %i, 1
  %c = icmp slt i32 %i.next, %n
  br i1 %c, label %loop, label %exit
exit:
  store i32 %x.next, ptr addrspace(1) %out
  %o1 = getelementptr i32, ptr addrspace(1) %out, i32 1
  store i32 %y.next, ptr addrspace(1) %o1
  ret void
}
