; -mattr=-xnack (issue 31): the target ID as llc-19 writes it, in the
; assembly (.amdgcn_target "amdgcn-amd-amdhsa--gfx900:xnack-"), the
; metadata (amdhsa.target) and e_flags (0x22c; 0x12c "any" without -mattr),
; for the linked code object (builtin writer, cross-checked against
; llvm-mc-19 by --assembler=check) and for llc's -filetype=obj (e_flags as
; llc-19's); XNACK_MASK is not reserved (NumSgprs 2 less,
; .amdhsa_reserve_xnack_mask 0, as llc-19). +xnack gives gfx900:xnack+
; (e_flags 0x32c) with XNACK-replay-safe code, checked by the emulator's
; --xnack-replay (it was an error until the replay constraints existed).
; On main -xnack was an error.
; Host reference: out[i] = i*i + 7.
; RUN: rm -rf %t && mkdir -p %t
; RUN: %wavecc -mattr=+xnack --assembler=check %s -o %t/on.hsaco
; RUN: %llvm-readelf -h --notes %t/on.hsaco | FileCheck %s --check-prefix=ON
; RUN: %wavecc-run --xnack-replay --code-object=%t/on.hsaco %s | FileCheck %s --check-prefix=EMU
; RUN: %wavecc -mattr=-xnack -S %s -o - | FileCheck %s --check-prefix=ASMOFF
; RUN: %wavecc -mattr=-xnack --assembler=check %s -o %t/off.hsaco
; RUN: %wavecc --assembler=check %s -o %t/any.hsaco
; RUN: %llvm-readelf -h --notes %t/off.hsaco | FileCheck %s --check-prefixes=OFF,OFFNOTE
; RUN: %llvm-readelf -h --notes %t/any.hsaco | FileCheck %s --check-prefix=ANY
; RUN: %wavecc-run --code-object=%t/off.hsaco %s | FileCheck %s --check-prefix=EMU
; llc-style relocatable objects: e_flags as llc-19's; linked by ld.lld-19, run
; RUN: %wavecc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx900 -mattr=-xnack -filetype=obj %s -o %t/off-w.o
; RUN: %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx900 -mattr=-xnack -filetype=obj %s -o %t/off-l.o
; RUN: %llvm-readelf -h %t/off-w.o | FileCheck %s --check-prefix=OFF
; RUN: %llvm-readelf -h %t/off-l.o | FileCheck %s --check-prefix=OFF
; RUN: %ld.lld -shared %t/off-w.o -o %t/off-w.hsaco
; RUN: %wavecc-run --code-object=%t/off-w.hsaco %s | FileCheck %s --check-prefix=EMU
; ASMOFF: .amdgcn_target "amdgcn-amd-amdhsa--gfx900:xnack-"
; ASMOFF: .amdhsa_reserve_xnack_mask 0
; ASMOFF: amdhsa.target: 'amdgcn-amd-amdhsa--gfx900:xnack-'
; ON: Flags: 0x32C, gfx900, xnack+
; ON: amdhsa.target: 'amdgcn-amd-amdhsa--gfx900:xnack+'
; OFF: Flags: 0x22C, gfx900, xnack-
; OFFNOTE: amdhsa.target: 'amdgcn-amd-amdhsa--gfx900:xnack-'
; ANY: Flags: 0x12C, gfx900, xnack
; ANY: amdhsa.target: amdgcn-amd-amdhsa--gfx900{{$}}
; EMU: 1 passed, 0 failed
;
; [config]
; name: xnack
; dimensions: 1
;
; [test]
; name: xnack
; kernel_name: k
; global_size: 64 0 0
; local_size: 64 0 0
; arg_out: 0 buffer uint[64] 7 8 11 16 23 32 43 56 71 88 107 128 151 176 203 232 263 296 331 368 407 448 491 536 583 632 683 736 791 848 907 968 1031 1096 1163 1232 1303 1376 1451 1528 1607 1688 1771 1856 1943 2032 2123 2216 2311 2408 2507 2608 2711 2816 2923 3032 3143 3256 3371 3488 3607 3728 3851 3976
target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @k(ptr addrspace(1) %out) {
  %i = call i32 @llvm.amdgcn.workitem.id.x()
  %sq = mul i32 %i, %i
  %v = add i32 %sq, 7
  %p = getelementptr i32, ptr addrspace(1) %out, i32 %i
  store i32 %v, ptr addrspace(1) %p
  ret void
}
declare i32 @llvm.amdgcn.workitem.id.x()
