; Constant-expression bitcasts between vector types that change the
; element count (<8 x i32> to <4 x i64>, <2 x double> to <8 x i16>,
; <8 x i8> to <2 x i32>, <2 x float> to i64, <4 x half> to <2 x float>)
; and in a global's initialiser stay in the IR below -O2 (LLVM's IR constant folder needs a DataLayout
; for them; llvm-stress writes them): selection reads each result element
; from the source elements' bits (isel_values.c bitcast_bits; an initialiser: isel_data.c). wavecc
; -O0/-O1 refused them ("unsupported constant: <4 x i64> bitcast ...").
; The corpus file runs them in the emulator at -O0 against the host
; reference (its expected values from gen_constexpr_bitcast.py).
; RUN: %wavecc -O0 -mcpu=gfx900 %S/../kernels/f_constexpr_bitcast.ll -S -o - | FileCheck %s
; RUN: %wavecc-run --compiler=wavecc -Xwavecc -O0 -Xwavecc --assembler=check %S/../kernels/f_constexpr_bitcast.ll 2>&1 | FileCheck %s --check-prefix=EMU
; RUN: %wavecc-run --mcpu=gfx1100 --compiler=wavecc -Xwavecc -O1 %S/../kernels/f_constexpr_bitcast.ll 2>&1 | FileCheck %s --check-prefix=EMU
; the <8 x i8> and <4 x half> ones as dwords
; CHECK-DAG: 0x4030201
; CHECK-DAG: 0xf8070605
; CHECK-DAG: 0xc0003c00
; CHECK-DAG: 0x7bff3800
; the <2 x double> one's halves pack to dword constants, not an s_or_b32 of
; two constant halves (isel_pack_dwords folds them)
; CHECK-DAG: 0x3ff80000
; CHECK-NOT: s_or_b32 s{{[0-9]+}}, 0, 0x
; EMU: 1 passed, 0 failed
