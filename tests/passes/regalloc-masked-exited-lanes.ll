; Lanes that left a loop keep their exit values in VGPRs the loop body
; may reuse, so a copy that writes every lane (a whole-wave copy) must not
; take such a register. Session 21's ra22 moved VGPR values under masked
; linearisation with whole-wave copies whose destinations the allocator
; chose by the logical CFG's liveness; this program (tests/fuzz/
; gen_loop_exits.py 4265 0.6, found by fz23) then lost exited lanes'
; values at gfx1100 with 6 VGPRs: 3 of 3 tests differed from llc-19
; ("wavecc 0, llc-19 498"). ra22 was reverted; this guards any later form.
; RUN: %wavecc-run --differential --no-progress --mcpu=gfx1100 -Xwavecc -O2 -Xwavecc --max-vgprs=6 -Xwavecc --max-sgprs=24 %S/Inputs/regalloc-masked-exited-lanes-4265.cl | FileCheck %s
; RUN: %wavecc-run --differential --no-progress --mcpu=gfx1100 -Xwavecc -O0 -Xwavecc --max-vgprs=6 -Xwavecc --max-sgprs=16 %S/Inputs/regalloc-masked-exited-lanes-4265.cl | FileCheck %s
; CHECK: 3 passed, 0 failed, 0 skipped
