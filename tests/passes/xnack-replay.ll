; XNACK replay (target ID xnack "any", the default, or "+"): a page fault
; replays memory instructions, so (1) a scalar load of more than one dword
; must not overwrite its address registers (xnack-constraints: late-kill
; address operands) and (2) no soft clause (consecutive SMEM, or VMEM,
; instructions) may write a register one of its members reads (hazards:
; s_nop 0 starts a new clause). On main the kernel-argument loads were
; "s_load_dwordx4 s[4:7], s[0:1], 0x0; s_load_dwordx2 s[0:1], s[0:1], 0x10":
; the second overwrites the address both read, inside one clause; the
; checker script and wavecc-run --xnack-replay failed on it. -mattr=-xnack
; code keeps that form (no replay, no constraint), and the emulator checks
; only code objects whose e_flags say xnack any or on: the same code with
; its target ID changed to "any" is reported.
; Host reference: out[i] = i*y + x + in[i] with x = 5, y = 3, in[i] = 100*i.
; RUN: rm -rf %t && mkdir -p %t
; RUN: %wavecc -S %s -o %t/any.s
; RUN: FileCheck %s --check-prefix=ANY < %t/any.s
; RUN: %xnack-check %t/any.s | FileCheck %s --check-prefix=CLEAN
; RUN: %wavecc-run --xnack-replay %s | FileCheck %s --check-prefix=EMU
; RUN: %wavecc -mattr=-xnack -S %s -o %t/off.s
; RUN: FileCheck %s --check-prefix=OFF < %t/off.s
; RUN: %not %xnack-check %t/off.s | FileCheck %s --check-prefix=DIRTY
; RUN: %wavecc -mattr=-xnack %s -o %t/off.hsaco
; RUN: %wavecc-run --xnack-replay --code-object=%t/off.hsaco %s | FileCheck %s --check-prefix=EMU
; The -xnack code as an "any" code object: reported under --xnack-replay only.
; RUN: sed -e 's/gfx900:xnack-/gfx900/' -e 's/reserve_xnack_mask 0/reserve_xnack_mask 1/' %t/off.s > %t/bad.s
; RUN: %llvm-mc -triple=amdgcn-amd-amdhsa -mcpu=gfx900 -filetype=obj %t/bad.s -o %t/bad.o
; RUN: %ld.lld -shared %t/bad.o -o %t/bad.hsaco
; RUN: %wavecc-run --code-object=%t/bad.hsaco %s | FileCheck %s --check-prefix=EMU
; RUN: %not %wavecc-run --xnack-replay --code-object=%t/bad.hsaco %s | FileCheck %s --check-prefix=REPLAY
; ANY: s_load_dwordx4 s[4:7], s[0:1], 0x0
; ANY-NEXT: s_load_dwordx2 s[{{[2-9]|1[0-9]}}:{{[0-9]+}}], s[0:1], 0x10
; CLEAN: 1 assembly file(s), 0 violation(s)
; EMU: 1 passed, 0 failed
; OFF: s_load_dwordx4 s[4:7], s[0:1], 0x0
; OFF-NEXT: s_load_dwordx2 s[0:1], s[0:1], 0x10
; DIRTY: s_load_dwordx2 writes its own address registers
; DIRTY: soft clause from line {{[0-9]+}} writes a register it reads
; REPLAY: XNACK replay: the soft clause from pc 0x0 (2 instructions) writes s0
; REPLAY: 0 passed, 1 failed
;
; [config]
; name: xnack-replay
; dimensions: 1
;
; [test]
; name: xnack-replay
; kernel_name: k
; global_size: 64 0 0
; local_size: 64 0 0
; arg_in: 1 buffer uint[64] 0 100 200 300 400 500 600 700 800 900 1000 1100 1200 1300 1400 1500 1600 1700 1800 1900 2000 2100 2200 2300 2400 2500 2600 2700 2800 2900 3000 3100 3200 3300 3400 3500 3600 3700 3800 3900 4000 4100 4200 4300 4400 4500 4600 4700 4800 4900 5000 5100 5200 5300 5400 5500 5600 5700 5800 5900 6000 6100 6200 6300
; arg_in: 2 uint 5
; arg_in: 3 uint 3
; arg_out: 0 buffer uint[64] 5 108 211 314 417 520 623 726 829 932 1035 1138 1241 1344 1447 1550 1653 1756 1859 1962 2065 2168 2271 2374 2477 2580 2683 2786 2889 2992 3095 3198 3301 3404 3507 3610 3713 3816 3919 4022 4125 4228 4331 4434 4537 4640 4743 4846 4949 5052 5155 5258 5361 5464 5567 5670 5773 5876 5979 6082 6185 6288 6391 6494
target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @k(ptr addrspace(1) %out, ptr addrspace(1) %in, i32 %x, i32 %y) {
  %i = call i32 @llvm.amdgcn.workitem.id.x()
  %pin = getelementptr i32, ptr addrspace(1) %in, i32 %i
  %a = load i32, ptr addrspace(1) %pin
  %t = mul i32 %i, %y
  %s = add i32 %t, %x
  %v = add i32 %s, %a
  %p = getelementptr i32, ptr addrspace(1) %out, i32 %i
  store i32 %v, ptr addrspace(1) %p
  ret void
}
declare i32 @llvm.amdgcn.workitem.id.x()
