; Calls to a function of default visibility with no body in the module
; (issue 26: 38 of LLVM 19's AMDGPU test inputs stopped at "call to
; undefined function ... wavecc links nothing"): as llc-19 does, the symbol
; is preemptible, so the call loads the callee's address from its GOT entry
; (s_getpc_b64, gotpcrel32@lo/hi relocations, s_load_dwordx2) and ld.lld-19
; -shared fills the entry with an R_AMDGPU_ABS64 dynamic relocation that
; the code object loader applies. Hidden and protected declarations keep
; the rel32 (llc-obj-link.ll). On main, wavecc -filetype=obj of km.ll
; failed. Host reference as llc-obj-link.ll's km.ll (computed in Python).
; RUN: rm -rf %t && split-file %s %t && cd %t
; RUN: %wavecc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx900 -filetype=asm km.ll -o - | FileCheck %s --check-prefix=ASM
; RUN: %wavecc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx900 -filetype=obj km.ll -o km-w.o
; RUN: %llvm-readelf -r km-w.o | FileCheck %s --check-prefix=REL
; wavecc's kernel with llc-19's function, and with wavecc's
; RUN: %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx900 -filetype=obj mix.ll -o mix-llc.o
; RUN: %ld.lld -shared km-w.o mix-llc.o -o w-llc.hsaco
; RUN: %wavecc-run --code-object=w-llc.hsaco km.ll | FileCheck %s
; RUN: %wavecc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx900 -filetype=obj mix.ll -o mix-w.o
; RUN: %ld.lld -shared km-w.o mix-w.o -o w-w.hsaco
; RUN: %wavecc-run --code-object=w-w.hsaco km.ll | FileCheck %s
; A declaration with an "llvm." name LLVM does not know is a symbol too
; (LLVM 19's sched.barrier.inverted.mask.ll): it crashed wavecc.
; RUN: %wavecc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx900 -filetype=asm unknown.ll -o - | FileCheck %s --check-prefix=UNK
; UNK: llvm.amdcn.s.nop@gotpcrel32@lo+4
; UNK: s_swappc_b64
; A linked code object cannot hold the call: the error stays.
; RUN: %not %wavecc km.ll -o x.hsaco 2>&1 | FileCheck %s --check-prefix=DIRECT
; ASM: s_getpc_b64 s{{\[}}[[LO:[0-9]+]]:[[HI:[0-9]+]]]
; ASM-NEXT: s_add_u32 s[[LO]], s[[LO]], mix@gotpcrel32@lo+4
; ASM-NEXT: s_addc_u32 s[[HI]], s[[HI]], mix@gotpcrel32@hi+12
; ASM-NEXT: s_load_dwordx2 s{{\[}}[[A:[0-9]+]]:{{[0-9]+}}], s{{\[}}[[LO]]:[[HI]]], 0x0
; ASM: s_swappc_b64 s[{{[0-9]+:[0-9]+}}], s{{\[}}[[A]]:
; REL: R_AMDGPU_GOTPCREL32_LO {{.*}} mix + 4
; REL: R_AMDGPU_GOTPCREL32_HI {{.*}} mix + c
; CHECK: pass {{.*}}: llc-obj-got
; CHECK: 1 passed, 0 failed
; DIRECT: error: call to undefined function 'mix': wavecc links nothing

;--- mix.ll
target triple = "amdgcn-amd-amdhsa"
define i32 @mix(i32 %a, i32 %b) noinline {
  %m = mul i32 %a, %b
  %s = lshr i32 %a, 3
  %x = xor i32 %m, %s
  %r = add i32 %x, %b
  ret i32 %r
}

;--- km.ll
; [config]
; name: llc-obj-got
; dimensions: 1
;
; [test]
; name: llc-obj-got
; kernel_name: km
; global_size: 64 0 0
; local_size: 64 0 0
; arg_in: 0 buffer uint[64] 12345 2654448106 1013916571 3668352332 2027820797 387289262 3041725023 1401193488 \
;     4055629249 2415097714 774566179 3429001940 1788470405 147938870 2802374631 1161843096 \
;     3816278857 2175747322 535215787 3189651548 1549120013 4203555774 2563024239 922492704 \
;     3576928465 1936396930 295865395 2950301156 1309769621 3964205382 2323673847 683142312 \
;     3337578073 1697046538 56515003 2710950764 1070419229 3724854990 2084323455 443791920 \
;     3098227681 1457696146 4112131907 2471600372 831068837 3485504598 1844973063 204441528 \
;     2858877289 1218345754 3872781515 2232249980 591718445 3246154206 1605622671 4260058432 \
;     2619526897 978995362 3633431123 1992899588 352368053 3006803814 1366272279 4020708040
; arg_out: 1 buffer uint[64] 1543 2381405403 2136187725 2493973593 3965950267 1904828807 694656905 1122962702 \
;     2481492432 510746128 3362272674 3518421618 4066740956 1941693356 916116630 107793943 \
;     722619961 2358672457 1036369947 201189931 1027301269 2462397493 872326015 4135143520 \
;     3866108130 1259973958 3367398672 2651185180 2150358062 3654100026 710768420 3948107337 \
;     3308333163 111558095 1928077929 55139893 4280775239 225452979 2138446701 82782898 \
;     3453320692 3767638644 686372030 2900114830 2241968056 2636251720 3475866938 1027349243 \
;     3860636765 4014358877 152269319 2433527879 764916977 384815009 604384307 2452765508 \
;     874061382 4182861290 169099116 1857680472 4002054602 2718191510 3005679528 3889523805
target triple = "amdgcn-amd-amdhsa"
declare i32 @mix(i32, i32)
define amdgpu_kernel void @km(ptr addrspace(1) %in, ptr addrspace(1) %out) {
  %lid = call i32 @llvm.amdgcn.workitem.id.x()
  %grp = call i32 @llvm.amdgcn.workgroup.id.x()
  %base = shl i32 %grp, 6
  %gid = add i32 %base, %lid
  %pi = getelementptr i32, ptr addrspace(1) %in, i32 %gid
  %a = load i32, ptr addrspace(1) %pi
  %m = call i32 @mix(i32 %a, i32 %gid)
  %g3 = mul i32 %gid, 3
  %s = add i32 %m, %g3
  %po = getelementptr i32, ptr addrspace(1) %out, i32 %gid
  store i32 %s, ptr addrspace(1) %po
  ret void
}
declare i32 @llvm.amdgcn.workitem.id.x()
declare i32 @llvm.amdgcn.workgroup.id.x()

;--- unknown.ll
target triple = "amdgcn-amd-amdhsa"
declare void @llvm.amdcn.s.nop(i16)
define amdgpu_kernel void @k() {
  call void @llvm.amdcn.s.nop(i16 0)
  ret void
}
