; XNACK replay and cache invalidates: buffer_wbinvl1_vol (the acquire
; after an agent-scope atomic) is a MUBUF instruction with no operands. It
; joins the soft clause of the VMEM instructions next to it but writes no
; register, so a following load may read its own destination's register
; (global_load_dword v1, v1, s[6:7], the saddr form loads and atomics share
; since atom16): a clause whose earlier members write nothing is not
; replayed over the new value (as LLVM's checkSoftClauseHazards and
; scripts/check-xnack-replay.py). The emulator read the invalidate's zero
; vdata field as a load's destination, "v0", and failed f_atomic_global.cl,
; f_atomic64.cl and f_fp_i1_xchg.ll under --xnack-replay ("the soft clause
; from pc ... (2 instructions) writes v3"); it ran this kernel as:
;   kernel fault: ... XNACK replay: the soft clause from pc 0x.. (2 instructions) writes v1
; A real conflict after the invalidate is still reported (prefix BAD; a load that
; writes v2 put between them, so the clause writes v1 and v2 and reads v1).
; Host reference: out[63-i] = in[i] = 100*i; cnt[i] = i (the swap's value).
; RUN: rm -rf %t && mkdir -p %t
; RUN: %wavecc -S %s -o %t/k.s
; RUN: FileCheck %s --check-prefix=ASM < %t/k.s
; RUN: %xnack-check %t/k.s | FileCheck %s --check-prefix=CLEAN
; RUN: %wavecc-run --xnack-replay %s | FileCheck %s --check-prefix=EMU
; RUN: sed -e 's/^\tbuffer_wbinvl1_vol$/\tbuffer_wbinvl1_vol\n\tglobal_load_dword v2, v1, s[6:7]/' %t/k.s > %t/bad.s
; RUN: %llvm-mc -triple=amdgcn-amd-amdhsa -mcpu=gfx900 -filetype=obj %t/bad.s -o %t/bad.o
; RUN: %ld.lld -shared %t/bad.o -o %t/bad.hsaco
; RUN: %not %wavecc-run --xnack-replay --code-object=%t/bad.hsaco %s | FileCheck %s --check-prefix=BAD
; ASM: global_atomic_swap v[[OFF:[0-9]+]], v{{[0-9]+}}, s[{{[0-9]+:[0-9]+}}]{{$}}
; ASM-NEXT: s_waitcnt vmcnt(0)
; ASM-NEXT: buffer_wbinvl1_vol
; ASM-NEXT: global_load_dword v[[OFF]], v[[OFF]], s[{{[0-9]+:[0-9]+}}]{{$}}
; CLEAN: 1 assembly file(s), 0 violation(s)
; EMU: 1 passed, 0 failed
; BAD: XNACK replay: the soft clause from pc 0x{{[0-9a-f]+}} (3 instructions) writes v1
; BAD: 0 passed, 1 failed
;
; [config]
; name: xnack-replay-invalidate
; dimensions: 1
;
; [test]
; name: xnack-replay-invalidate
; kernel_name: k
; global_size: 64 0 0
; local_size: 64 0 0
; arg_in: 0 buffer uint[64] repeat 0
; arg_in: 1 buffer uint[64] 0 100 200 300 400 500 600 700 800 900 1000 1100 1200 1300 1400 1500 1600 1700 1800 1900 2000 2100 2200 2300 2400 2500 2600 2700 2800 2900 3000 3100 3200 3300 3400 3500 3600 3700 3800 3900 4000 4100 4200 4300 4400 4500 4600 4700 4800 4900 5000 5100 5200 5300 5400 5500 5600 5700 5800 5900 6000 6100 6200 6300
; arg_in: 2 buffer uint[64] repeat 0
; arg_out: 0 buffer uint[64] 6300 6200 6100 6000 5900 5800 5700 5600 5500 5400 5300 5200 5100 5000 4900 4800 4700 4600 4500 4400 4300 4200 4100 4000 3900 3800 3700 3600 3500 3400 3300 3200 3100 3000 2900 2800 2700 2600 2500 2400 2300 2200 2100 2000 1900 1800 1700 1600 1500 1400 1300 1200 1100 1000 900 800 700 600 500 400 300 200 100 0
; arg_out: 2 buffer uint[64] 0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24 25 26 27 28 29 30 31 32 33 34 35 36 37 38 39 40 41 42 43 44 45 46 47 48 49 50 51 52 53 54 55 56 57 58 59 60 61 62 63
target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @k(ptr addrspace(1) %out, ptr addrspace(1) %in, ptr addrspace(1) %cnt) {
  %i = call i32 @llvm.amdgcn.workitem.id.x()
  %pc = getelementptr inbounds i32, ptr addrspace(1) %cnt, i32 %i
  %old = atomicrmw xchg ptr addrspace(1) %pc, i32 %i syncscope("agent") acquire
  %pin = getelementptr inbounds i32, ptr addrspace(1) %in, i32 %i
  %a = load i32, ptr addrspace(1) %pin
  %j = sub nuw i32 63, %i
  %p = getelementptr inbounds i32, ptr addrspace(1) %out, i32 %j
  store i32 %a, ptr addrspace(1) %p
  ret void
}
declare i32 @llvm.amdgcn.workitem.id.x()
