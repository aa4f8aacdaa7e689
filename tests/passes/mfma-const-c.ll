; An MFMA whose C is a splat of an inline constant takes the constant as
; its src2 (isel_mfma.c splat_c; CDNA 3 ISA guide 7.1: SrcC is VGPRs,
; AccVGPRs or an inline constant), as llc-19 selects mfma(a, b, splat 1.0)
; ("..., 1.0"): no v_mov_b32 per dword of C. f64 elements take the f64
; inline constant (-2.0). Under a budget of 8 VGPRs the straight-line
; MFMA still moves to the AGPR form (mfma-acc) with the constant C and no
; v_accvgpr_write_b32 of it. Before, C was built with 16 (f32) or 8 (f64)
; v_mov_b32 (f_cdna_mfma_const_c.ll: 32 -> 16 wave-instructions at gfx90a).
; RUN: %wavecc -mcpu=gfx90a -S %S/../kernels/f_cdna_mfma_const_c.ll -o - | FileCheck %s
; RUN: %wavecc -mcpu=gfx942 -S %S/../kernels/f_cdna_mfma_const_c.ll -o - | FileCheck %s
; RUN: %wavecc -mcpu=gfx942 --max-vgprs=8 -S %S/../kernels/f_cdna_mfma_const_c.ll -o - | FileCheck %s --check-prefix=AGPR
; CHECK-LABEL: k_f16:
; CHECK-NOT: 0x3f800000
; CHECK: v_mfma_f32_32x32x8{{_?}}f16 v[{{[0-9]+}}:{{[0-9]+}}], v[{{[0-9]+}}:{{[0-9]+}}], v[{{[0-9]+}}:{{[0-9]+}}], 0x3f800000
; CHECK-LABEL: k_f64:
; CHECK-NOT: 0xc0000000
; CHECK: v_mfma_f64_16x16x4{{_?}}f64 v[{{[0-9]+}}:{{[0-9]+}}], v[{{[0-9]+}}:{{[0-9]+}}], v[{{[0-9]+}}:{{[0-9]+}}], -2.0
; AGPR-LABEL: k_f16:
; AGPR-NOT: v_accvgpr_write_b32
; AGPR: v_mfma_f32_32x32x8_f16 a[0:15], v[{{[0-9]+}}:{{[0-9]+}}], v[{{[0-9]+}}:{{[0-9]+}}], 0x3f800000
; AGPR: v_accvgpr_read_b32
