; Constants whose elements are `extractelement (C, k)` constant
; expressions (over `bitcast` constant expressions): element k of C's bits
; (isel_values.c component_bits). wavecc on main ba3ab87 stopped with
; "unsupported constant" at -O0 (llvm-stress seeds 40110, 40113, 40124 at
; gfx1100; -O1 and above fold them first).
; RUN: %wavecc -O0 -mcpu=gfx900 %S/../kernels/f_constexpr_extract.ll -S -o - | FileCheck %s
; RUN: %wavecc-run --compiler=wavecc -Xwavecc -O0 %S/../kernels/f_constexpr_extract.ll 2>&1 | FileCheck %s --check-prefix=EMU
; RUN: %wavecc-run --mcpu=gfx1100 --compiler=wavecc -Xwavecc -O0 %S/../kernels/f_constexpr_extract.ll 2>&1 | FileCheck %s --check-prefix=EMU
; CHECK-LABEL: cx:
; CHECK-DAG: 0xc03f
; CHECK-DAG: 0x4defef01
; CHECK-DAG: 7
; CHECK-DAG: 9
; CHECK: s_endpgm
; EMU: 1 passed, 0 failed
