; Sums of products of the packed i16/i8/i4 elements of two words plus an
; accumulator (LLVM's idot tests, tests/kernels/f_dot_int.ll) select as one
; v_dot* where the GPU has it, as llc-19 does (isel_dot.c isel_dot_chain):
; also where the words are dwords of a loaded <8 x i8> / <4 x i16> taken
; apart by shufflevector. gfx11's signed forms are the iu8/iu4 ones with
; neg_lo:[1,1,0]; it has no v_dot2 of i16. wavecc multiplied and added.
; f_dot_int.ll's expected values (host reference, wrapping sums at the
; i32 limits) check the results at every GPU in the corpus runs.
; RUN: %wavecc -mcpu=gfx90a --assembler=check %S/../kernels/f_dot_int.ll -S -o - | FileCheck %s --check-prefix=CDNA
; RUN: %wavecc -mcpu=gfx1030 --assembler=check %S/../kernels/f_dot_int.ll -S -o - | FileCheck %s --check-prefix=CDNA
; RUN: %wavecc -mcpu=gfx1100 --assembler=check %S/../kernels/f_dot_int.ll -S -o - | FileCheck %s --check-prefix=GFX11
; CDNA-LABEL: k_u4:
; CDNA: v_dot4_u32_u8
; CDNA-LABEL: k_s4:
; CDNA: v_dot4_i32_i8
; CDNA-LABEL: k_u2:
; CDNA: v_dot2_u32_u16
; CDNA-LABEL: k_s2:
; CDNA: v_dot2_i32_i16
; CDNA-LABEL: k_u8:
; CDNA: v_dot8_u32_u4
; CDNA-LABEL: k_s8:
; CDNA: v_dot8_i32_i4
; GFX11-LABEL: k_u4:
; GFX11: v_dot4_u32_u8
; GFX11-LABEL: k_s4:
; GFX11: v_dot4_i32_iu8 {{.*}} neg_lo:[1,1,0]
; GFX11-LABEL: k_u2:
; GFX11-NOT: v_dot
; GFX11-LABEL: k_u8:
; GFX11: v_dot8_u32_u4
; GFX11-LABEL: k_s8:
; GFX11: v_dot8_i32_iu4 {{.*}} neg_lo:[1,1,0]
