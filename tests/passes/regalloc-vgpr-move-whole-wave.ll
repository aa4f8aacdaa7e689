; VGPR values moved across blocks (regalloc_global.c) in programs lowered
; by masked linearisation: lanes that never ran the copy's block read the
; new name too, so the copy writes every lane of the wave (whole_wave.c):
; EXEC saved in a free SGPR pair and set to all ones (s_or_saveexec, or
; s_mov when SCC is live), or, when none is free or the whole-wave moves
; and the EXEC-only ones (a loop header's phi copies, which must leave
; exited lanes alone) share registers, all moves under EXEC and the
; whole-wave ones again under s_not exec. Before, such moves were refused
; (regalloc-vgpr-move-masked.ll is the wrong code a plain v_mov_b32 gave):
; llvm-stress seeds 60307 and 60451 (size 300) at gfx900 -O0 failed "no
; free 4-dword VGPR range (demand 31 VGPRs, has 33; the file is
; fragmented)", seed 71690 (size 100) at gfx90a/gfx942 +xnack -O0 with 8
; VGPRs / 24 SGPRs "register budget exceeded: needs 6 VGPRs, has 5". Now
; all compile and equal llc-19, wave64 and wave32.
; RUN: %wavecc -mcpu=gfx900 -O0 -filetype=asm %S/Inputs/regalloc-vgpr-move-whole-wave-60307.ll -o - | FileCheck %s --check-prefix=W64
; W64: s_or_saveexec_b64 s{{\[}}[[P:[0-9]+:[0-9]+]]], -1
; W64-NEXT: v_mov_b32_e32
; W64: s_mov_b64 exec, s{{\[}}[[P]]]
; W64: s_not_b64 exec, exec
; W64-NEXT: v_mov_b32_e32
; W64: s_not_b64 exec, exec
; RUN: %wavecc -mcpu=gfx1100 -O0 --max-vgprs=8 --max-sgprs=24 -filetype=asm %S/Inputs/regalloc-vgpr-move-whole-wave-60307.ll -o - | FileCheck %s --check-prefix=W32
; W32: s_or_saveexec_b32 [[S:s[0-9]+]], -1
; W32-NEXT: v_
; W32: s_mov_b32 exec_lo, [[S]]
; RUN: %wavecc-run --differential --no-progress --max-steps=2000000 --mcpu=gfx900 -Xwavecc -O0 %S/Inputs/regalloc-vgpr-move-whole-wave-60307.ll %S/Inputs/regalloc-vgpr-move-whole-wave-60451.ll | FileCheck %s --check-prefix=GFX900
; GFX900-DAG: seed60307: identical
; GFX900-DAG: seed60451: identical
; GFX900: 2 passed, 0 failed
; RUN: %wavecc-run --differential --no-progress --max-steps=2000000 --mcpu=gfx1100 -Xwavecc -O0 -Xwavecc --max-vgprs=8 -Xwavecc --max-sgprs=24 %S/Inputs/regalloc-vgpr-move-whole-wave-60307.ll | FileCheck %s --check-prefix=S60307
; S60307: seed60307: identical
; S60307: 1 passed, 0 failed
; RUN: %wavecc-run --differential --no-progress --max-steps=2000000 --mcpu=gfx90a --mattr=+xnack -Xwavecc -O0 -Xwavecc --max-vgprs=8 -Xwavecc --max-sgprs=24 %S/Inputs/regalloc-vgpr-move-whole-wave-71690.ll | FileCheck %s --check-prefix=S71690
; RUN: %wavecc-run --differential --no-progress --max-steps=2000000 --mcpu=gfx942 --mattr=+xnack -Xwavecc -O0 -Xwavecc --max-vgprs=8 -Xwavecc --max-sgprs=24 %S/Inputs/regalloc-vgpr-move-whole-wave-71690.ll | FileCheck %s --check-prefix=S71690
; S71690: seed71690: identical
; S71690: 1 passed, 0 failed
