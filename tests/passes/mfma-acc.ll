; MFMA accumulators in AGPRs (issue 25, pass mfma-acc): a loop-carried
; 32x32 accumulator lives in a[0:15] (at any budget): the MFMA takes the
; AGPR form (ACC_CD), the zero entry value is written with
; v_accvgpr_write_b32 before the loop (an inline constant, as llc-19) and
; read back with v_accvgpr_read_b32 after it; the descriptor counts the
; AGPRs after ACCUM_OFFSET (next_free_vgpr = accum_offset + AGPRs: a0..a15
; and the spill slots' AGPRs after them). Straight-line
; MFMAs (f_cdna_mfma.ll) keep the VGPR form at the default budget and take
; the AGPR form over it, f64 included. Before mfma-acc, wavecc failed
; these budgets ("register budget too small") and shuffled the loop's
; accumulator through 32 v_mov_b32 an iteration on gfx942.
; RUN: %wavecc -mcpu=gfx90a --max-vgprs=16 -S %S/../kernels/f_cdna_mfma_acc_loop.ll -o - | FileCheck %s
; RUN: %wavecc -mcpu=gfx942 --max-vgprs=16 -S %S/../kernels/f_cdna_mfma_acc_loop.ll -o - | FileCheck %s
; RUN: %wavecc -mcpu=gfx942 -S %S/../kernels/f_cdna_mfma_acc_loop.ll -o - | FileCheck %s --check-prefix=DEF
; RUN: %wavecc -mcpu=gfx90a -S %S/../kernels/f_cdna_mfma.ll -o - | FileCheck %s --check-prefix=VGPR
; RUN: %wavecc -mcpu=gfx90a --max-vgprs=8 -S %S/../kernels/f_cdna_mfma.ll -o - | FileCheck %s --check-prefix=LINE
; RUN: %wavecc-run --mcpu=gfx90a --compiler=wavecc --reg-budget=16,32 -Xwavecc --assembler=check %S/../kernels/f_cdna_mfma_acc_loop.ll 2>&1 | FileCheck %s --check-prefix=EMU
; RUN: %wavecc-run --mcpu=gfx942 --compiler=wavecc --reg-budget=8,24 -Xwavecc --assembler=check %S/../kernels/f_cdna_mfma_acc_loop.ll %S/../kernels/f_cdna_mfma.ll 2>&1 | FileCheck %s --check-prefix=EMU2
; CHECK-COUNT-16: v_accvgpr_write_b32 a{{[0-9]+}}, 0
; CHECK: v_mfma_f32_32x32x2{{_?}}f32 a[0:15], v{{[0-9]+}}, v{{[0-9]+}}, a[0:15]
; CHECK: s_cbranch_scc1
; CHECK-COUNT-16: v_accvgpr_read_b32 v{{[0-9]+}}, a{{[0-9]+}}
; a VGPR spilled after the loop goes to an AGPR past the accumulator's
; CHECK: v_accvgpr_write_b32 a{{1[6-9]}}, v{{[0-9]+}}
; CHECK: .amdhsa_next_free_vgpr [[#NF:]]
; CHECK: .amdhsa_accum_offset 16
; CHECK: .agpr_count: [[#NF-16]]
; DEF: v_accvgpr_write_b32 a0, 0
; DEF: .Lk_BB1:
; DEF-NOT: v_mov_b32
; DEF: v_mfma_f32_32x32x2_f32 a[0:15], v{{[0-9]+}}, v{{[0-9]+}}, a[0:15]
; DEF: s_cbranch_scc1
; DEF: v_accvgpr_read_b32 v{{[0-9]+}}, a0
; DEF: .agpr_count: 16
; VGPR-NOT: v_accvgpr
; VGPR: v_mfma_f32_32x32x2f32 v[{{[0-9]+}}:{{[0-9]+}}], v{{[0-9]+}}, v{{[0-9]+}}, v[{{[0-9]+}}:{{[0-9]+}}]
; VGPR: .agpr_count: 0
; LINE: v_mfma_f32_32x32x2f32 a[0:15], v{{[0-9]+}}, v{{[0-9]+}}, a[0:15]
; LINE: v_mfma_f64_16x16x4f64 a[0:7], v[{{[0-9]+}}:{{[0-9]+}}], v[{{[0-9]+}}:{{[0-9]+}}], a[0:7]
; EMU: 1 passed, 0 failed
; EMU2: 8 passed, 0 failed
