; Packed f32 selection (issue 25, isel_pk_f32.c): at gfx90a and gfx942 a
; <2 x float> fmul / fsub / fma / fmuladd whose sources are loaded pairs,
; packed results, shufflevectors of them, splats (SGPR or VGPR) or fnegs of
; those is one v_pk_*_f32 with op_sel / op_sel_hi / neg_lo / neg_hi, as
; llc-19 selects them (fabs has no packed modifier: per element). gfx900
; has no packed f32: two v_*_f32 per operation. Fails on main (no
; v_pk_*_f32 selected).
; RUN: %wavecc -mcpu=gfx90a -S %S/Inputs/pk-f32.ll -o - | FileCheck %s
; RUN: %wavecc -mcpu=gfx942 -S %S/Inputs/pk-f32.ll -o - | FileCheck %s
; RUN: %wavecc -mcpu=gfx900 -S %S/Inputs/pk-f32.ll -o - | FileCheck --check-prefix=GFX9 %s
; RUN: %wavecc -mcpu=gfx90a -S %S/Inputs/pk-f32.ll -o /dev/null --print-after=isel 2>&1 | FileCheck --check-prefix=MIR %s

; CHECK-LABEL: k_pk:
; CHECK: v_pk_mul_f32 v[[M:\[[0-9]+:[0-9]+\]]], v[[X:\[[0-9]+:[0-9]+\]]], v[[Y:\[[0-9]+:[0-9]+\]]]{{$}}
; CHECK-NEXT: v_pk_add_f32 v[[N:\[[0-9]+:[0-9]+\]]], v[[M]], v[[Y]] op_sel:[0,1] op_sel_hi:[1,0] neg_lo:[0,1] neg_hi:[0,1]
; CHECK-NEXT: v_pk_fma_f32 v[[F:\[[0-9]+:[0-9]+\]]], v[[N]], s[{{[0-9]+:[0-9]+}}], v[[X]] op_sel_hi:[1,0,1]
; CHECK-NEXT: v_pk_mul_f32 v{{\[[0-9]+:[0-9]+\]}}, v[[Y]], v[[F]] neg_lo:[0,1] neg_hi:[0,1]
; CHECK-NEXT: v_pk_fma_f32 {{.*}} op_sel:[1,0,{{[01]}}] op_sel_hi:[1,1,{{[01]}}] neg_lo:[0,0,1] neg_hi:[0,0,1]
; CHECK: v_mul_f32_e64 v{{[0-9]+}}, s{{[0-9]+}}, |v{{[0-9]+}}|
; CHECK: v_mul_f32_e64 v{{[0-9]+}}, s{{[0-9]+}}, |v{{[0-9]+}}|
; CHECK-LABEL: k_nan:
; CHECK: v_pk_add_f32 v{{\[[0-9]+:[0-9]+\]}}, v{{\[[0-9]+:[0-9]+\]}}, v{{\[[0-9]+:[0-9]+\]}}{{$}}
; CHECK: v_pk_mul_f32 v{{\[[0-9]+:[0-9]+\]}}, v{{\[[0-9]+:[0-9]+\]}}, s{{\[[0-9]+:[0-9]+\]}} op_sel_hi:[1,0]{{$}}

; GFX9-NOT: v_pk_{{.*}}_f32
; GFX9: v_fma_f32
; GFX9-NOT: v_pk_{{.*}}_f32

; MIR: v_pk_add_f32 %{{[0-9]+}}:v2, sel:10 neghi -%{{[0-9]+}}:v2
; MIR: v_pk_fma_f32 %{{[0-9]+}}:v2, %{{[0-9]+}}:s1, %{{[0-9]+}}:v2
; MIR: v_pk_fma_f32 sel:11 %{{[0-9]+}}:v2, %{{[0-9]+}}:v2, neghi -%{{[0-9]+}}:v1
