; Masked linearisation (isel_cf.c) gives the values that leave a skipped
; block's body phis in the tail. A GEP's index selection looks through
; zext/sext (and add) to the bare value (isel_gep.c index_split), so the
; zext's operand must have its phi too, though its only user is in the
; block (flat pointers: the kernel is linearised with masks). On main
; 40b8df5 the load after the loop read the body's `and`
; directly: the check build's verifier failed ("definition of %N does not
; dominate this use"), f_loop_goto_exits.cl at gfx900 -O0 (vf19 session
; 19).
; RUN: %wavecc %s -O0 -S -o %t.s --print-after=isel 2>&1 | FileCheck %s
; CHECK: [[A:%[0-9]+]]:s1 = s_and_b32 {{.*}}, 15
; CHECK: [[P:%[0-9]+]]:s1 = p_phi undef:s1, [[A]]:s1
; CHECK-NOT: [[A]]:s1
; CHECK: s_endpgm
target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @k(ptr %p, i32 %x) {
entry:
  br label %ld

ld:
  %a = and i32 %x, 15
  %z = zext i32 %a to i64
  %w = load i32, ptr %p, align 4
  br label %wait

wait:
  %b = load i8, ptr %p, align 1
  %t = trunc i8 %b to i1
  br i1 %t, label %wait, label %use

use:
  %q = getelementptr i32, ptr %p, i64 %z
  %v = load i32, ptr %q, align 4
  %s = add i32 %v, %w
  store i32 %s, ptr %p, align 4
  br label %use
}
