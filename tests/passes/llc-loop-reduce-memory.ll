; loop-reduce-memory (src/llvm/loop_reduce_memory.cpp): loop strength
; reduction, but not on a loop without memory accesses and with more than
; 16 values used after it. @sum's loop loads: LSR bumps one pointer.
; @regs' values used after the loop (x + i) stay as they were, where LSR
; rewrites each as a second sum beside the original in every iteration
; (f_reg_pressure.cl: 56 -> 118 VGPRs).
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

; @regs: 17 values live after a loop without memory accesses: no LSR.
; CHECK-LABEL: define amdgpu_kernel void @regs(
; CHECK: %x0.next = add i32 %s0, %i
; CHECK-NOT: %i.next{{$}}
; CHECK: store i32 %x0.next{{(.lcssa)?}}, ptr addrspace(1) %o0
; LSR-LABEL: define amdgpu_kernel void @regs(
; LSR: %s0 = xor i32
; LSR: add i32 %s0, %i.next
define amdgpu_kernel void @regs(ptr addrspace(1) %out, i32 %init, i32 %n) {
entry:
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %x0 = phi i32 [ %init, %entry ], [ %x0.next, %loop ]
  %x1 = phi i32 [ %init, %entry ], [ %x1.next, %loop ]
  %x2 = phi i32 [ %init, %entry ], [ %x2.next, %loop ]
  %x3 = phi i32 [ %init, %entry ], [ %x3.next, %loop ]
  %x4 = phi i32 [ %init, %entry ], [ %x4.next, %loop ]
  %x5 = phi i32 [ %init, %entry ], [ %x5.next, %loop ]
  %x6 = phi i32 [ %init, %entry ], [ %x6.next, %loop ]
  %x7 = phi i32 [ %init, %entry ], [ %x7.next, %loop ]
  %x8 = phi i32 [ %init, %entry ], [ %x8.next, %loop ]
  %x9 = phi i32 [ %init, %entry ], [ %x9.next, %loop ]
  %x10 = phi i32 [ %init, %entry ], [ %x10.next, %loop ]
  %x11 = phi i32 [ %init, %entry ], [ %x11.next, %loop ]
  %x12 = phi i32 [ %init, %entry ], [ %x12.next, %loop ]
  %x13 = phi i32 [ %init, %entry ], [ %x13.next, %loop ]
  %x14 = phi i32 [ %init, %entry ], [ %x14.next, %loop ]
  %x15 = phi i32 [ %init, %entry ], [ %x15.next, %loop ]
  %x16 = phi i32 [ %init, %entry ], [ %x16.next, %loop ]
  %s0 = xor i32 %x0, %x1
  %x0.next = add i32 %s0, %i
  %s1 = xor i32 %x1, %x2
  %x1.next = add i32 %s1, %i
  %s2 = xor i32 %x2, %x3
  %x2.next = add i32 %s2, %i
  %s3 = xor i32 %x3, %x4
  %x3.next = add i32 %s3, %i
  %s4 = xor i32 %x4, %x5
  %x4.next = add i32 %s4, %i
  %s5 = xor i32 %x5, %x6
  %x5.next = add i32 %s5, %i
  %s6 = xor i32 %x6, %x7
  %x6.next = add i32 %s6, %i
  %s7 = xor i32 %x7, %x8
  %x7.next = add i32 %s7, %i
  %s8 = xor i32 %x8, %x9
  %x8.next = add i32 %s8, %i
  %s9 = xor i32 %x9, %x10
  %x9.next = add i32 %s9, %i
  %s10 = xor i32 %x10, %x11
  %x10.next = add i32 %s10, %i
  %s11 = xor i32 %x11, %x12
  %x11.next = add i32 %s11, %i
  %s12 = xor i32 %x12, %x13
  %x12.next = add i32 %s12, %i
  %s13 = xor i32 %x13, %x14
  %x13.next = add i32 %s13, %i
  %s14 = xor i32 %x14, %x15
  %x14.next = add i32 %s14, %i
  %s15 = xor i32 %x15, %x16
  %x15.next = add i32 %s15, %i
  %s16 = xor i32 %x16, %x0
  %x16.next = add i32 %s16, %i
  %i.next = add nuw nsw i32 %i, 1
  %c = icmp slt i32 %i.next, %n
  br i1 %c, label %loop, label %exit
exit:
  %o0 = getelementptr i32, ptr addrspace(1) %out, i32 0
  store i32 %x0.next, ptr addrspace(1) %o0
  %o1 = getelementptr i32, ptr addrspace(1) %out, i32 1
  store i32 %x1.next, ptr addrspace(1) %o1
  %o2 = getelementptr i32, ptr addrspace(1) %out, i32 2
  store i32 %x2.next, ptr addrspace(1) %o2
  %o3 = getelementptr i32, ptr addrspace(1) %out, i32 3
  store i32 %x3.next, ptr addrspace(1) %o3
  %o4 = getelementptr i32, ptr addrspace(1) %out, i32 4
  store i32 %x4.next, ptr addrspace(1) %o4
  %o5 = getelementptr i32, ptr addrspace(1) %out, i32 5
  store i32 %x5.next, ptr addrspace(1) %o5
  %o6 = getelementptr i32, ptr addrspace(1) %out, i32 6
  store i32 %x6.next, ptr addrspace(1) %o6
  %o7 = getelementptr i32, ptr addrspace(1) %out, i32 7
  store i32 %x7.next, ptr addrspace(1) %o7
  %o8 = getelementptr i32, ptr addrspace(1) %out, i32 8
  store i32 %x8.next, ptr addrspace(1) %o8
  %o9 = getelementptr i32, ptr addrspace(1) %out, i32 9
  store i32 %x9.next, ptr addrspace(1) %o9
  %o10 = getelementptr i32, ptr addrspace(1) %out, i32 10
  store i32 %x10.next, ptr addrspace(1) %o10
  %o11 = getelementptr i32, ptr addrspace(1) %out, i32 11
  store i32 %x11.next, ptr addrspace(1) %o11
  %o12 = getelementptr i32, ptr addrspace(1) %out, i32 12
  store i32 %x12.next, ptr addrspace(1) %o12
  %o13 = getelementptr i32, ptr addrspace(1) %out, i32 13
  store i32 %x13.next, ptr addrspace(1) %o13
  %o14 = getelementptr i32, ptr addrspace(1) %out, i32 14
  store i32 %x14.next, ptr addrspace(1) %o14
  %o15 = getelementptr i32, ptr addrspace(1) %out, i32 15
  store i32 %x15.next, ptr addrspace(1) %o15
  %o16 = getelementptr i32, ptr addrspace(1) %out, i32 16
  store i32 %x16.next, ptr addrspace(1) %o16
  ret void
}
