; fold-const-offsets (src/llvm/fold_const_offsets.c): equality compares of
; x + c1 and y + c2 lose the offsets, also when one side is an integer
; constant expression on a global's address (instcombine folds only
; instructions); such expressions whose address terms cancel become the
; constant; stepwise offsets become one. On main 7fc536e each compare
; below computed both sums (f_const_expr_global_ops.ll: 1.27-1.45x
; llc-19's executed instructions).
; RUN: %wavecc -mcpu=gfx900 --print-after=import -filetype=null %s 2>&1 | FileCheck %s
target triple = "amdgcn-amd-amdhsa"

@g = addrspace(1) global [8 x i32] zeroinitializer, align 16

; CHECK-LABEL: define amdgpu_kernel void @k_cmp(
; CHECK: %e1 = icmp eq i32 %x, ptrtoint (ptr addrspace(1) @g to i32)
; CHECK: %e2 = icmp eq i64 %gi, ptrtoint (ptr addrspace(1) @g to i64)
; CHECK: %e3 = icmp ne i32 %x, add (i32 ptrtoint (ptr addrspace(1) @g to i32), i32 -2)
; a signed compare keeps its offsets
; CHECK: %e4 = icmp slt i32 %y4, add (i32 ptrtoint (ptr addrspace(1) @g to i32), i32 3)
define amdgpu_kernel void @k_cmp(ptr addrspace(1) %out, i32 %one) {
  %c1 = icmp eq i32 %one, 1
  %gp = select i1 %c1, ptr addrspace(1) @g, ptr addrspace(1) %out
  %gi = ptrtoint ptr addrspace(1) %gp to i64
  %x = trunc i64 %gi to i32
  %y1 = add i32 %x, 9
  %e1 = icmp eq i32 %y1, add (i32 ptrtoint (ptr addrspace(1) getelementptr (i8, ptr addrspace(1) @g, i64 4) to i32), i32 5)
  %r1 = zext i1 %e1 to i32
  store volatile i32 %r1, ptr addrspace(1) %out
  %y2 = add i64 %gi, -3
  %e2 = icmp eq i64 %y2, sub (i64 ptrtoint (ptr addrspace(1) @g to i64), i64 3)
  %r2 = zext i1 %e2 to i32
  store volatile i32 %r2, ptr addrspace(1) %out
  %y3 = add i32 %x, 5
  %e3 = icmp ne i32 %y3, add (i32 ptrtoint (ptr addrspace(1) @g to i32), i32 3)
  %r3 = zext i1 %e3 to i32
  store volatile i32 %r3, ptr addrspace(1) %out
  %y4 = add i32 %x, 3
  %e4 = icmp slt i32 %y4, add (i32 ptrtoint (ptr addrspace(1) @g to i32), i32 3)
  %r4 = zext i1 %e4 to i32
  store volatile i32 %r4, ptr addrspace(1) %out
  ret void
}

; CHECK-LABEL: define amdgpu_kernel void @k_const(
; (g + 100) - (g + 8) is 92; (g + 4) + 5 is g + 9
; CHECK: store volatile i32 92,
; CHECK: store volatile i32 add (i32 ptrtoint (ptr addrspace(1) @g to i32), i32 9),
define amdgpu_kernel void @k_const(ptr addrspace(1) %out) {
  store volatile i32 sub (i32 add (i32 ptrtoint (ptr addrspace(1) @g to i32), i32 100), i32 ptrtoint (ptr addrspace(1) getelementptr (i8, ptr addrspace(1) @g, i64 8) to i32)), ptr addrspace(1) %out
  store volatile i32 add (i32 ptrtoint (ptr addrspace(1) getelementptr (i8, ptr addrspace(1) @g, i64 4) to i32), i32 5), ptr addrspace(1) %out
  ret void
}
