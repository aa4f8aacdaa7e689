; `fcmp true` / `fcmp false` are lane-mask constants of the wave's width,
; marked as lane masks (isel_alu.c sel_fcmp, isel_lane_const). On main
; 40b8df5 they were always an s_mov_b64, so at wave32 the check build's
; verifier failed after isel ("operand 0 has 2 dwords, the instruction
; needs 1": llvm-stress seed 60469 and 10 more of 60401-60600 at gfx1030
; -O0), and a uniform i1 insertelement shifted the all-ones mask as a 0/1
; bool (wrong elements; corpus f_fcmp_true_uniform_insert.ll).
; RUN: %wavecc %s -O0 -mcpu=gfx1030 -S -o %t.s --print-after=isel 2>&1 | FileCheck %s
; RUN: %wavecc %s -O0 -mcpu=gfx900 -S -o %t.s --print-after=isel 2>&1 | FileCheck %s --check-prefix=W64
; The corpus kernel's values at -O0 (the corpus itself runs at -O2, where
; the compare folds away):
; RUN: %wavecc-run --compiler=wavecc --mcpu=gfx1030 -Xwavecc -O0 %S/../kernels/f_fcmp_true_uniform_insert.ll | FileCheck %s --check-prefix=VALUES
; VALUES: 1 passed, 0 failed
; CHECK-NOT: s_mov_b64 imm64
; CHECK: [[M:%[0-9]+]]:s1 = s_mov_b32 -1
; CHECK: v_cndmask_b32 0, 1, [[M]]:s1
; W64: [[M:%[0-9]+]]:s2 = s_mov_b64 imm64(-1)
; W64: v_cndmask_b32 0, 1, [[M]]:s2
target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @k(ptr %p, i32 %i) {
BB:
  %c = fcmp true float 0.0, 0.0
  br label %L

L:
  %v = insertelement <8 x i1> zeroinitializer, i1 %c, i32 %i
  %j = add i32 %i, 1
  %e = extractelement <8 x i1> %v, i32 %j
  %z = zext i1 %e to i32
  store i32 %z, ptr %p
  br label %L
}
