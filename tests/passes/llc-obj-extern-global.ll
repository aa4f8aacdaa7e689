; External globals (declared, no initialiser; issue 26: 6 of LLVM 19's
; AMDGPU test inputs stopped at "unsupported reference to a global variable
; outside LDS"): as llc-19 does, a declaration of default visibility (and an
; extern_weak one) is preemptible and reached through its GOT entry
; (s_getpc_b64, gotpcrel32@lo/hi relocations, s_load_dwordx2 of the
; address), a hidden one by rel32; ld.lld-19 -shared links the relocatable
; object with the defining one (llc-19's here) and the code object loader
; applies the GOT's dynamic relocations. An extern_weak symbol nobody
; defines reads as null. On main, wavecc failed on km.ll. Host reference:
; Python, out[i] = in[i] * 13 + table[i] + table[5] + 7 (table[i] = 3i^2+1,
; @wk undefined).
; RUN: rm -rf %t && split-file %s %t && cd %t
; RUN: %wavecc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx900 -filetype=asm km.ll -o - | FileCheck %s --check-prefix=ASM
; RUN: %wavecc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx900 -filetype=obj km.ll -o km-w.o
; RUN: %llvm-readelf -rs km-w.o | FileCheck %s --check-prefix=REL
; RUN: %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx900 -filetype=obj defs.ll -o defs.o
; RUN: %ld.lld -shared km-w.o defs.o -o w.hsaco
; RUN: %wavecc-run --code-object=w.hsaco km.ll | FileCheck %s
; the same with llc-19's kernel: the expected values are llc's too
; RUN: %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx900 -filetype=obj km.ll -o km-llc.o
; RUN: %ld.lld -shared km-llc.o defs.o -o llc.hsaco
; RUN: %wavecc-run --code-object=llc.hsaco km.ll | FileCheck %s
; A linked code object cannot hold the reference: a clear error.
; RUN: %not %wavecc km.ll -o x.hsaco 2>&1 | FileCheck %s --check-prefix=DIRECT
; ASM: s_getpc_b64 s{{\[}}[[LO:[0-9]+]]:[[HI:[0-9]+]]]
; ASM-NEXT: s_add_u32 s[[LO]], s[[LO]], table@gotpcrel32@lo+4
; ASM-NEXT: s_addc_u32 s[[HI]], s[[HI]], table@gotpcrel32@hi+12
; ASM-NEXT: s_load_dwordx2 s{{\[[0-9]+:[0-9]+\]}}, s{{\[}}[[LO]]:[[HI]]], 0x0
; ASM-DAG: bias@rel32@lo+4
; ASM-DAG: wk@gotpcrel32@lo+4
; ASM-DAG: .weak wk
; ASM-NOT: table:
; REL-DAG: R_AMDGPU_GOTPCREL32_LO {{.*}} table + 4
; REL-DAG: R_AMDGPU_GOTPCREL32_HI {{.*}} table + c
; REL-DAG: R_AMDGPU_REL32_LO {{.*}} bias + 4
; REL-DAG: R_AMDGPU_REL32_HI {{.*}} bias + c
; REL-DAG: R_AMDGPU_GOTPCREL32_LO {{.*}} wk + 4
; REL-DAG: NOTYPE WEAK DEFAULT UND wk
; REL-DAG: NOTYPE GLOBAL DEFAULT UND table
; REL-DAG: NOTYPE GLOBAL HIDDEN UND bias
; CHECK: pass {{.*}}: llc-obj-extern-global
; CHECK: 1 passed, 0 failed
; Unnamed globals take llc-19's names (LLVM 19's anonymous-gv.ll): the
; external @0 is __unnamed_1, the kernel @1 __unnamed_2.
; RUN: %wavecc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx900 -filetype=asm anon.ll -o - | FileCheck %s --check-prefix=ANON
; ANON: __unnamed_1@gotpcrel32@lo+4
; ANON: .amdhsa_kernel __unnamed_2
; DIRECT: error: reference to undefined global '{{table|bias|wk}}': wavecc links nothing

;--- defs.ll
target triple = "amdgcn-amd-amdhsa"
@table = addrspace(1) global [64 x i32] [i32 1, i32 4, i32 13, i32 28, i32 49, i32 76, i32 109, i32 148, i32 193, i32 244, i32 301, i32 364, i32 433, i32 508, i32 589, i32 676, i32 769, i32 868, i32 973, i32 1084, i32 1201, i32 1324, i32 1453, i32 1588, i32 1729, i32 1876, i32 2029, i32 2188, i32 2353, i32 2524, i32 2701, i32 2884, i32 3073, i32 3268, i32 3469, i32 3676, i32 3889, i32 4108, i32 4333, i32 4564, i32 4801, i32 5044, i32 5293, i32 5548, i32 5809, i32 6076, i32 6349, i32 6628, i32 6913, i32 7204, i32 7501, i32 7804, i32 8113, i32 8428, i32 8749, i32 9076, i32 9409, i32 9748, i32 10093, i32 10444, i32 10801, i32 11164, i32 11533, i32 11908]
@bias = hidden addrspace(4) constant i32 13

;--- km.ll
; [config]
; name: llc-obj-extern-global
; dimensions: 1
;
; [test]
; name: llc-obj-extern-global
; kernel_name: kg
; global_size: 64 0 0
; local_size: 64 0 0
; arg_in: 0 buffer uint[64] 1843132489 4242262115 553356073 2109110312 1459351420 3974682112 1500150745 931372659 2482296657 1690791640 2421691958 4086179168 1588626633 246272980 1794903059 1496957036 \
;     192513762 895508368 164262155 1997901445 3972703927 3989981017 1767204099 2643333258 3250223163 2038898962 3763159641 1111111471 3534904305 2424864466 2432166652 4065676020 \
;     2838370221 4039374512 1306428702 1121205428 3261877377 1537217377 1825031552 3192209006 3216493596 1658919915 1973313481 2742363172 174181677 2538464068 980641202 3377516315 \
;     957524717 1395732950 288822113 1696930042 2397456833 2781614668 3789070795 3802331098 1984025370 2520604143 1547151835 116609463 1087860875 825740701 2789434281 1230292704
; arg_out: 1 buffer uint[64] 2485885961 3609800030 2898661749 1648630391 1791699408 131260063 2322090693 3517910206 2205085745 505455167 1417224766 1580722079 3472277561 3201549331 1858903959 2280573043 \
;     2502679758 3051675143 2135409071 202916176 105544783 330147076 1498818343 3595657 3598197267 735884689 1676437189 1559549506 3004085441 1458469593 1553398188 1314183675 \
;     2539077661 972264455 4098674790 1690772435 3749704209 2803960908 2250578112 2844016061 3159715968 91127542 4178244149 1290988499 2264367693 2935267971 4158407466 958045846 \
;     3857893725 964666453 3754695053 585261953 1102175953 1801260827 2013288911 2185673177 22535526 2703092618 2933114847 1515933546 1257300371 2144705768 1902918901 3108915255
target triple = "amdgcn-amd-amdhsa"
@table = external addrspace(1) global [64 x i32]
@bias = external hidden addrspace(4) constant i32
@wk = extern_weak addrspace(1) global i32
define amdgpu_kernel void @kg(ptr addrspace(1) %in, ptr addrspace(1) %out) {
  %lid = call i32 @llvm.amdgcn.workitem.id.x()
  %grp = call i32 @llvm.amdgcn.workgroup.id.x()
  %base = shl i32 %grp, 6
  %gid = add i32 %base, %lid
  %pi = getelementptr i32, ptr addrspace(1) %in, i32 %gid
  %a = load i32, ptr addrspace(1) %pi
  %pt = getelementptr [64 x i32], ptr addrspace(1) @table, i32 0, i32 %gid
  %t = load i32, ptr addrspace(1) %pt
  %t5 = load i32, ptr addrspace(1) getelementptr ([64 x i32], ptr addrspace(1) @table, i32 0, i32 5)
  %b = load i32, ptr addrspace(4) @bias
  %m = mul i32 %a, %b
  %s1 = add i32 %m, %t
  %s2 = add i32 %s1, %t5
  %isnull = icmp eq ptr addrspace(1) @wk, null
  %w = select i1 %isnull, i32 7, i32 1000
  %s = add i32 %s2, %w
  %po = getelementptr i32, ptr addrspace(1) %out, i32 %gid
  store i32 %s, ptr addrspace(1) %po
  ret void
}
declare i32 @llvm.amdgcn.workitem.id.x()
declare i32 @llvm.amdgcn.workgroup.id.x()

;--- anon.ll
target triple = "amdgcn-amd-amdhsa"
@0 = external addrspace(1) global i32
define amdgpu_kernel void @test() {
  store i32 1, ptr addrspace(1) @0
  ret void
}
define amdgpu_kernel void @1() {
  ret void
}
