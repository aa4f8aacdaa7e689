; VALUMaskWriteHazard across calls (gfx1100 wave64): a kernel's v_cndmask
; read s[2:3] as a lane mask just before s_swappc_b64 and the callee @sum
; wrote s2 with an SALU instruction and read it with another; the hazard
; pass walked back only to the function's entry and saw no mask read, and
; the emulator faulted ("SALU reads s2, written by an SALU instruction
; after a VALU read it as a lane mask"). A function's entry and a return
; from s_swappc_b64 now count as an unseen mask read: s_waitcnt_depctr
; sa_sdst(0) (0xfffe) follows the first SALU SGPR write. Fails on main with
; that fault (found by tests/kernels/f_private_to_flat_call.ll, which main
; refused until this branch; its shape is what matters here).
; RUN: %wavecc -mcpu=gfx1100 -mattr=+wavefrontsize64 -S %S/../kernels/f_private_to_flat_call.ll -o - | FileCheck %s --check-prefix=ASM
; RUN: %wavecc-run --mcpu=gfx1100 --mattr=+wavefrontsize64 -Xwavecc --assembler=check %S/../kernels/f_private_to_flat_call.ll | FileCheck %s
; ASM-LABEL: sum:
; ASM: s_mov_b64 s[0:1], exec
; ASM-NEXT: s_waitcnt_depctr 0xfffe
; CHECK: 1 passed, 0 failed
