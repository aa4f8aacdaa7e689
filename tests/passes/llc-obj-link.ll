; llc-19's -filetype=obj from wavecc (issue 31, and issue 26's first
; bucket: calls to functions with no body in the module): a relocatable
; object whose calls to other modules' functions are R_AMDGPU_REL32_LO/HI
; relocations, linked by ld.lld-19 -shared with llc-19's objects or
; wavecc's own into a code object the emulator runs. On main, wavecc
; -mtriple... -filetype=obj of kw.ll failed ("call to undefined function
; 'wide': wavecc links nothing") and of wide.ll failed ("a module without
; kernels ... only as assembly").
;
; @wide (llc-19: 49 VGPRs, beyond the 24 llc-19 guesses for an unknown
; callee) needs a caller whose descriptor allocates them: wavecc's kernel
; assumes the most (256 VGPRs, 102 SGPRs, a dynamic stack), so any callee
; fits. Host reference (Python): fin[i] = (i*7)%13 - 6, in[g] =
; (g*2654435761 + 12345) mod 2^32, mix(a, b) = ((a*b) ^ (a>>3)) + b,
; wide(s) = sum(fin[s+j] * fin[s+39-j] for j < 20), out[g] = mix(in[g], g)
; + wide(g & 31) + 3g (kw.ll), mix(in[g], g) + 3g (km.ll), all mod 2^32.
; RUN: rm -rf %t && split-file %s %t && cd %t
; wavecc's kernel, llc-19's functions
; RUN: %wavecc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx900 -filetype=obj kw.ll -o kw.o
; RUN: %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx900 -filetype=obj wide.ll -o wide-llc.o
; RUN: %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx900 -filetype=obj mix.ll -o mix-llc.o
; RUN: %ld.lld -shared kw.o wide-llc.o mix-llc.o -o w-llc.hsaco
; RUN: %wavecc-run --code-object=w-llc.hsaco kw.ll | FileCheck %s --check-prefix=RUNW
; llc-19's kernel, wavecc's function
; RUN: %wavecc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx900 -filetype=obj mix.ll -o mix-w.o
; RUN: %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx900 -filetype=obj km.ll -o km-llc.o
; RUN: %ld.lld -shared km-llc.o mix-w.o -o llc-w.hsaco
; RUN: %wavecc-run --code-object=llc-w.hsaco km.ll | FileCheck %s --check-prefix=RUNM
; wavecc's objects only (wide.o named by its default: INPUT.o)
; RUN: %wavecc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx900 -filetype=obj wide.ll
; RUN: %wavecc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx900 -filetype=obj km.ll -o km-w.o
; RUN: %ld.lld -shared kw.o wide.o mix-w.o -o w-w.hsaco
; RUN: %wavecc-run --code-object=w-w.hsaco kw.ll | FileCheck %s --check-prefix=RUNW
; RUN: %ld.lld -shared km-w.o mix-w.o -o w-w-m.hsaco
; RUN: %wavecc-run --code-object=w-w-m.hsaco km.ll | FileCheck %s --check-prefix=RUNM
; The kernel's descriptor and metadata when the callee is unknown.
; RUN: %wavecc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx900 -filetype=asm kw.ll -o - | FileCheck %s --check-prefix=DESC
; What a direct call (a linked code object) says about the same kernel.
; RUN: %not %wavecc kw.ll -o x.hsaco 2>&1 | FileCheck %s --check-prefix=DIRECT
; RUNW: pass {{.*}}: llc-obj-wide
; RUNW: 1 passed, 0 failed
; RUNM: pass {{.*}}: llc-obj-mix
; RUNM: 1 passed, 0 failed
; DESC: s_getpc_b64
; DESC: wide@rel32@lo+4
; DESC: wide@rel32@hi+12
; DESC: mix@rel32@lo+4
; DESC: .amdhsa_uses_dynamic_stack 1
; DESC: .amdhsa_next_free_vgpr 256
; DESC: .amdhsa_next_free_sgpr 102
; DIRECT: error: call to undefined function '{{wide|mix}}': wavecc links nothing

;--- wide.ll
target triple = "amdgcn-amd-amdhsa"
; %p points at 40 floats, all loaded (volatile, in order) before any is used
; %p points at 40 floats; all are loaded before any is used, and each product pairs
define float @wide(ptr addrspace(1) %p) noinline {
  %a0 = getelementptr float, ptr addrspace(1) %p, i32 0
  %x0 = load volatile float, ptr addrspace(1) %a0
  %a1 = getelementptr float, ptr addrspace(1) %p, i32 1
  %x1 = load volatile float, ptr addrspace(1) %a1
  %a2 = getelementptr float, ptr addrspace(1) %p, i32 2
  %x2 = load volatile float, ptr addrspace(1) %a2
  %a3 = getelementptr float, ptr addrspace(1) %p, i32 3
  %x3 = load volatile float, ptr addrspace(1) %a3
  %a4 = getelementptr float, ptr addrspace(1) %p, i32 4
  %x4 = load volatile float, ptr addrspace(1) %a4
  %a5 = getelementptr float, ptr addrspace(1) %p, i32 5
  %x5 = load volatile float, ptr addrspace(1) %a5
  %a6 = getelementptr float, ptr addrspace(1) %p, i32 6
  %x6 = load volatile float, ptr addrspace(1) %a6
  %a7 = getelementptr float, ptr addrspace(1) %p, i32 7
  %x7 = load volatile float, ptr addrspace(1) %a7
  %a8 = getelementptr float, ptr addrspace(1) %p, i32 8
  %x8 = load volatile float, ptr addrspace(1) %a8
  %a9 = getelementptr float, ptr addrspace(1) %p, i32 9
  %x9 = load volatile float, ptr addrspace(1) %a9
  %a10 = getelementptr float, ptr addrspace(1) %p, i32 10
  %x10 = load volatile float, ptr addrspace(1) %a10
  %a11 = getelementptr float, ptr addrspace(1) %p, i32 11
  %x11 = load volatile float, ptr addrspace(1) %a11
  %a12 = getelementptr float, ptr addrspace(1) %p, i32 12
  %x12 = load volatile float, ptr addrspace(1) %a12
  %a13 = getelementptr float, ptr addrspace(1) %p, i32 13
  %x13 = load volatile float, ptr addrspace(1) %a13
  %a14 = getelementptr float, ptr addrspace(1) %p, i32 14
  %x14 = load volatile float, ptr addrspace(1) %a14
  %a15 = getelementptr float, ptr addrspace(1) %p, i32 15
  %x15 = load volatile float, ptr addrspace(1) %a15
  %a16 = getelementptr float, ptr addrspace(1) %p, i32 16
  %x16 = load volatile float, ptr addrspace(1) %a16
  %a17 = getelementptr float, ptr addrspace(1) %p, i32 17
  %x17 = load volatile float, ptr addrspace(1) %a17
  %a18 = getelementptr float, ptr addrspace(1) %p, i32 18
  %x18 = load volatile float, ptr addrspace(1) %a18
  %a19 = getelementptr float, ptr addrspace(1) %p, i32 19
  %x19 = load volatile float, ptr addrspace(1) %a19
  %a20 = getelementptr float, ptr addrspace(1) %p, i32 20
  %x20 = load volatile float, ptr addrspace(1) %a20
  %a21 = getelementptr float, ptr addrspace(1) %p, i32 21
  %x21 = load volatile float, ptr addrspace(1) %a21
  %a22 = getelementptr float, ptr addrspace(1) %p, i32 22
  %x22 = load volatile float, ptr addrspace(1) %a22
  %a23 = getelementptr float, ptr addrspace(1) %p, i32 23
  %x23 = load volatile float, ptr addrspace(1) %a23
  %a24 = getelementptr float, ptr addrspace(1) %p, i32 24
  %x24 = load volatile float, ptr addrspace(1) %a24
  %a25 = getelementptr float, ptr addrspace(1) %p, i32 25
  %x25 = load volatile float, ptr addrspace(1) %a25
  %a26 = getelementptr float, ptr addrspace(1) %p, i32 26
  %x26 = load volatile float, ptr addrspace(1) %a26
  %a27 = getelementptr float, ptr addrspace(1) %p, i32 27
  %x27 = load volatile float, ptr addrspace(1) %a27
  %a28 = getelementptr float, ptr addrspace(1) %p, i32 28
  %x28 = load volatile float, ptr addrspace(1) %a28
  %a29 = getelementptr float, ptr addrspace(1) %p, i32 29
  %x29 = load volatile float, ptr addrspace(1) %a29
  %a30 = getelementptr float, ptr addrspace(1) %p, i32 30
  %x30 = load volatile float, ptr addrspace(1) %a30
  %a31 = getelementptr float, ptr addrspace(1) %p, i32 31
  %x31 = load volatile float, ptr addrspace(1) %a31
  %a32 = getelementptr float, ptr addrspace(1) %p, i32 32
  %x32 = load volatile float, ptr addrspace(1) %a32
  %a33 = getelementptr float, ptr addrspace(1) %p, i32 33
  %x33 = load volatile float, ptr addrspace(1) %a33
  %a34 = getelementptr float, ptr addrspace(1) %p, i32 34
  %x34 = load volatile float, ptr addrspace(1) %a34
  %a35 = getelementptr float, ptr addrspace(1) %p, i32 35
  %x35 = load volatile float, ptr addrspace(1) %a35
  %a36 = getelementptr float, ptr addrspace(1) %p, i32 36
  %x36 = load volatile float, ptr addrspace(1) %a36
  %a37 = getelementptr float, ptr addrspace(1) %p, i32 37
  %x37 = load volatile float, ptr addrspace(1) %a37
  %a38 = getelementptr float, ptr addrspace(1) %p, i32 38
  %x38 = load volatile float, ptr addrspace(1) %a38
  %a39 = getelementptr float, ptr addrspace(1) %p, i32 39
  %x39 = load volatile float, ptr addrspace(1) %a39
  %m0 = fmul float %x0, %x39
  %m1 = fmul float %x1, %x38
  %s1 = fadd float %m0, %m1
  %m2 = fmul float %x2, %x37
  %s2 = fadd float %s1, %m2
  %m3 = fmul float %x3, %x36
  %s3 = fadd float %s2, %m3
  %m4 = fmul float %x4, %x35
  %s4 = fadd float %s3, %m4
  %m5 = fmul float %x5, %x34
  %s5 = fadd float %s4, %m5
  %m6 = fmul float %x6, %x33
  %s6 = fadd float %s5, %m6
  %m7 = fmul float %x7, %x32
  %s7 = fadd float %s6, %m7
  %m8 = fmul float %x8, %x31
  %s8 = fadd float %s7, %m8
  %m9 = fmul float %x9, %x30
  %s9 = fadd float %s8, %m9
  %m10 = fmul float %x10, %x29
  %s10 = fadd float %s9, %m10
  %m11 = fmul float %x11, %x28
  %s11 = fadd float %s10, %m11
  %m12 = fmul float %x12, %x27
  %s12 = fadd float %s11, %m12
  %m13 = fmul float %x13, %x26
  %s13 = fadd float %s12, %m13
  %m14 = fmul float %x14, %x25
  %s14 = fadd float %s13, %m14
  %m15 = fmul float %x15, %x24
  %s15 = fadd float %s14, %m15
  %m16 = fmul float %x16, %x23
  %s16 = fadd float %s15, %m16
  %m17 = fmul float %x17, %x22
  %s17 = fadd float %s16, %m17
  %m18 = fmul float %x18, %x21
  %s18 = fadd float %s17, %m18
  %m19 = fmul float %x19, %x20
  %s19 = fadd float %s18, %m19
  ret float %s19
}

;--- mix.ll
target triple = "amdgcn-amd-amdhsa"
define i32 @mix(i32 %a, i32 %b) noinline {
  %m = mul i32 %a, %b
  %s = lshr i32 %a, 3
  %x = xor i32 %m, %s
  %r = add i32 %x, %b
  ret i32 %r
}

;--- kw.ll
; [config]
; name: llc-obj-wide
; dimensions: 1
;
; [test]
; name: llc-obj-wide
; kernel_name: kw
; global_size: 64 0 0
; local_size: 64 0 0
; arg_in: 0 buffer float[72] -6 1 -5 2 -4 3 -3 4 -2 5 -1 6 0 -6 1 -5 \
;     2 -4 3 -3 4 -2 5 -1 6 0 -6 1 -5 2 -4 3 \
;     -3 4 -2 5 -1 6 0 -6 1 -5 2 -4 3 -3 4 -2 \
;     5 -1 6 0 -6 1 -5 2 -4 3 -3 4 -2 5 -1 6 \
;     0 -6 1 -5 2 -4 3 -3
; arg_in: 1 buffer uint[64] 12345 2654448106 1013916571 3668352332 2027820797 387289262 3041725023 1401193488 \
;     4055629249 2415097714 774566179 3429001940 1788470405 147938870 2802374631 1161843096 \
;     3816278857 2175747322 535215787 3189651548 1549120013 4203555774 2563024239 922492704 \
;     3576928465 1936396930 295865395 2950301156 1309769621 3964205382 2323673847 683142312 \
;     3337578073 1697046538 56515003 2710950764 1070419229 3724854990 2084323455 443791920 \
;     3098227681 1457696146 4112131907 2471600372 831068837 3485504598 1844973063 204441528 \
;     2858877289 1218345754 3872781515 2232249980 591718445 3246154206 1605622671 4260058432 \
;     2619526897 978995362 3633431123 1992899588 352368053 3006803814 1366272279 4020708040
; arg_out: 2 buffer uint[64] 1405 2381405345 2136187757 2493973673 3965950392 1904828948 694657046 1122962827 \
;     2481492512 510746160 3362272616 3518421480 4066740683 1941693218 916116572 107793975 \
;     722620041 2358672582 1036370088 201190072 1027301394 2462397573 872326047 4135143462 \
;     3866107992 1259973685 3367398534 2651185122 2150358094 3654100106 710768545 3948107478 \
;     3308333025 111558037 1928077961 55139973 4280775364 225453120 2138446842 82783023 \
;     3453320772 3767638676 686371972 2900114692 2241967783 2636251582 3475866880 1027349275 \
;     3860636845 4014359002 152269460 2433528020 764917102 384815089 604384339 2452765450 \
;     874061244 4182861017 169098978 1857680414 4002054634 2718191590 3005679653 3889523946
target triple = "amdgcn-amd-amdhsa"
declare hidden float @wide(ptr addrspace(1))
declare hidden i32 @mix(i32, i32)
define amdgpu_kernel void @kw(ptr addrspace(1) %fin, ptr addrspace(1) %in, ptr addrspace(1) %out) {
  %lid = call i32 @llvm.amdgcn.workitem.id.x()
  %grp = call i32 @llvm.amdgcn.workgroup.id.x()
  %base = shl i32 %grp, 6
  %gid = add i32 %base, %lid
  %row = and i32 %gid, 31
  %pf = getelementptr float, ptr addrspace(1) %fin, i32 %row
  %pi = getelementptr i32, ptr addrspace(1) %in, i32 %gid
  %a = load i32, ptr addrspace(1) %pi
  %w = call float @wide(ptr addrspace(1) %pf)
  %m = call i32 @mix(i32 %a, i32 %gid)
  %wi = fptosi float %w to i32
  %g3 = mul i32 %gid, 3
  %s1 = add i32 %m, %wi
  %s = add i32 %s1, %g3
  %po = getelementptr i32, ptr addrspace(1) %out, i32 %gid
  store i32 %s, ptr addrspace(1) %po
  ret void
}
declare i32 @llvm.amdgcn.workitem.id.x()
declare i32 @llvm.amdgcn.workgroup.id.x()

;--- km.ll
; [config]
; name: llc-obj-mix
; dimensions: 1
;
; [test]
; name: llc-obj-mix
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
declare hidden i32 @mix(i32, i32)
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
