; A VGPR value moved across blocks (regalloc_global.c) in a program lowered
; by masked linearisation: every block runs under its own mask, so a copy
; in a block that dominates a join writes only that block's lanes, and the
; join's v_cndmask read the new name for the other arm's lanes too. llvm-stress
; seed 70298 (size 60, sanitized by tests/fuzz/stress.py, inputs made
; `random`) at -O0 with 8 VGPRs / 24 SGPRs: on main 20e9875 wavecc's code
; looped until the watchdog at gfx900, gfx90a and gfx942 (a loop's branch
; counter kept its old value for lanes of the arm that did not run the copy);
; now VGPR values move across blocks only under structured selection, with
; the copy in its block's stable EXEC span, and the results equal llc-19's.
; The kernel is Inputs/regalloc-vgpr-move-masked.ll.
; RUN: %wavecc-run --differential --no-check=poison --no-progress --max-steps=200000 --mcpu=gfx900 -Xwavecc -O0 -Xwavecc --max-vgprs=8 -Xwavecc --max-sgprs=24 %S/Inputs/regalloc-vgpr-move-masked.ll | FileCheck %s
; RUN: %wavecc-run --differential --no-check=poison --no-progress --max-steps=200000 --mcpu=gfx90a -Xwavecc -O0 -Xwavecc --max-vgprs=8 -Xwavecc --max-sgprs=24 %S/Inputs/regalloc-vgpr-move-masked.ll | FileCheck %s
; RUN: %wavecc-run --differential --no-check=poison --no-progress --max-steps=200000 --mcpu=gfx942 -Xwavecc -O0 -Xwavecc --max-vgprs=8 -Xwavecc --max-sgprs=24 %S/Inputs/regalloc-vgpr-move-masked.ll | FileCheck %s
; fz20a's stress seed 69224 (reduced, Inputs/regalloc-vgpr-move-masked-69224.ll):
; the same bug moved a loop counter in a block run with EXEC = 0; never
; ended at every GPU before fz20b's fix, identical to llc-19 after.
; RUN: %wavecc-run --differential --no-check=poison --no-progress --max-steps=2000000 --mcpu=gfx1100 -Xwavecc -O0 -Xwavecc --max-vgprs=8 -Xwavecc --max-sgprs=24 %S/Inputs/regalloc-vgpr-move-masked-69224.ll | FileCheck %s --check-prefix=S69224
; S69224: seed69224: identical
; S69224: 1 passed, 0 failed
; CHECK: seed70298: identical
; CHECK: 1 passed, 0 failed
