; Masked linearisation (isel_cf.c) skips the body of a block under an
; empty EXEC and gives the values that leave the body phis in the tail
; (value from the body, undef from the head). A variable-index
; insertelement (isel_vector_index.c) also remembers the VGPR tuple it
; wrote, and a later insert or extract on the value reads that tuple
; whole. On main 40b8df5 the insert after the loop copied the skipped
; body's tuple, which the skip edge bypasses: the check build's verifier
; failed ("definition of %N does not dominate this use"), llvm-stress seed
; 60246 at gfx900 -O0 (size 300, with and without --max-vgprs=12
; --max-sgprs=24), vf19 session 19; reduced with llvm-reduce-19. Now the
; tail forgets the tuple and the reader builds it from the component phis.
; RUN: %wavecc %s -O0 -S -o %t.s --print-after=isel 2>&1 | FileCheck %s
; CHECK: [[T:%[0-9]+]]:v16 = p_gpr_idx_write
; CHECK: [[P:%[0-9]+]]:v1 = p_phi undef:v1,
; CHECK-NOT: p_copy [[T]]:v16
; CHECK: [[C:%[0-9]+]]:v16 = p_create_vector [[P]]:v1,
; CHECK-NOT: p_copy [[T]]:v16
; CHECK: p_copy [[C]]:v16
; CHECK-NEXT: p_gpr_idx_write
target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @k(ptr %p, i32 %i) {
entry:
  br label %ld

ld:
  %v = load <16 x i32>, ptr %p, align 64
  %w = insertelement <16 x i32> %v, i32 0, i32 %i
  br label %wait

wait:
  %b = load i8, ptr %p, align 1
  %t = trunc i8 %b to i1
  br i1 %t, label %wait, label %spin

spin:
  %x = insertelement <16 x i32> %w, i32 1, i32 %i
  %e = extractelement <16 x i32> %x, i32 3
  store i32 %e, ptr %p, align 4
  br label %spin
}
