; DPP (llvm.amdgcn.update.dpp, isel_dpp.c) at gfx900: the compiler puts
; the wait states the Vega ISA guide (4.5) asks for before a DPP move that
; reads a VGPR a VALU instruction wrote (2: s_nop 1), and the emulator
; (src/emu/exec_dpp.c) executes the moves and faults on code without them:
; the s_nop removed, or a v_cmpx (a VALU write of EXEC, 5 wait states)
; put right before the first DPP move. Fails on main (no DPP in wavecc nor
; in the emulator's decoder).
; RUN: %wavecc -mcpu=gfx900 -S %s -o %t.s
; RUN: FileCheck %s --check-prefix=ASM < %t.s
; RUN: %wavecc-run --mcpu=gfx900 -Xwavecc --assembler=check %s | FileCheck %s --check-prefix=OK
; RUN: %wavecc-run --mcpu=gfx900 --compiler=llc %s | FileCheck %s --check-prefix=OK
; RUN: sed '/^\ts_nop 1$/d' %t.s > %t.nonop.s
; RUN: %llvm-mc -triple=amdgcn-amd-amdhsa -mcpu=gfx900 -filetype=obj %t.nonop.s -o %t.nonop.o
; RUN: %ld.lld -shared %t.nonop.o -o %t.nonop.hsaco
; RUN: not %wavecc-run --mcpu=gfx900 --code-object=%t.nonop.hsaco %s | FileCheck %s --check-prefix=VGPR
; RUN: sed '0,/^\tv_mov_b32_dpp/s//\tv_cmpx_le_u32_e32 vcc, 0, v0\n&/' %t.s > %t.exec.s
; RUN: %llvm-mc -triple=amdgcn-amd-amdhsa -mcpu=gfx900 -filetype=obj %t.exec.s -o %t.exec.o
; RUN: %ld.lld -shared %t.exec.o -o %t.exec.hsaco
; RUN: not %wavecc-run --mcpu=gfx900 --code-object=%t.exec.hsaco %s | FileCheck %s --check-prefix=EXEC
;
; ASM: v_mov_b32_dpp [[A:v[0-9]+]], v{{[0-9]+}} row_shr:1 row_mask:0xf bank_mask:0xf bound_ctrl:1
; ASM-NEXT: s_nop 1
; ASM-NEXT: v_mov_b32_dpp v{{[0-9]+}}, [[A]] row_shr:1 row_mask:0xf bank_mask:0xf bound_ctrl:1
; OK: 1 passed, 0 failed
; VGPR: hazard: VALU write of a VGPR read by DPP needs 2 wait states, only 0 present
; EXEC: hazard: VALU write of EXEC followed by DPP needs 5 wait states, only 0 present
;
; [config]
; name: emu-dpp-hazard
; dimensions: 1
; global_size: 64 0 0
; local_size: 64 0 0
;
; [test]
; # b = row_shr:1 of (a = row_shr:1 of tid), bound_ctrl: lane l of a row
; # reads l - 2, 0 in the row's first two lanes
; name: two row shifts
; kernel_name: k
; arg_out: 0 buffer uint[64] 0 0 0 1 2 3 4 5 6 7 8 9 10 11 12 13 0 0 16 17 18 19 20 21 22 23 24 25 26 27 28 29 \
;   0 0 32 33 34 35 36 37 38 39 40 41 42 43 44 45 0 0 48 49 50 51 52 53 54 55 56 57 58 59 60 61

target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @k(ptr addrspace(1) %out) {
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %a = call i32 @llvm.amdgcn.update.dpp.i32(i32 %tid, i32 %tid, i32 273, i32 15, i32 15, i1 true)
  %b = call i32 @llvm.amdgcn.update.dpp.i32(i32 0, i32 %a, i32 273, i32 15, i32 15, i1 true)
  %p = getelementptr i32, ptr addrspace(1) %out, i32 %tid
  store i32 %b, ptr addrspace(1) %p
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
declare i32 @llvm.amdgcn.update.dpp.i32(i32, i32, i32, i32, i32, i1)
