; Vectors of 8-bit elements cross a call one element per VGPR, as llc-19
; passes them (SITargetLowering::getNumRegistersForCallingConv: one
; register per element below 16 bits); wavecc used to pack <4 x i8> into
; one VGPR, which llc's side read as four. The same pairs as
; calls-interop.ll: wavecc's kernel with llc's function, llc's kernel with
; wavecc's function, linked into one code object and run against the host
; reference (Python: byte i of r = (byte 3-i of in[g] + g) mod 256, out[g] =
; r + 2g mod 2^32; inputs random.Random(1234).getrandbits(32)); the kernel
; keeps 2g live across the call. wavecc's own code passes the bytes in
; v0..v3 and the i32 in v4 and takes the result from v0..v3.
; RUN: rm -rf %t && split-file %s %t
; RUN: %wavecc -S %t/kernel.ll -o %t/kw.s
; RUN: FileCheck %s --check-prefix=ASM < %t/kw.s
; RUN: %llvm-mc -triple=amdgcn-amd-amdhsa -mcpu=gfx900 -filetype=obj %t/kw.s -o %t/kw.o
; RUN: %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx900 -filetype=obj %t/callee.ll -o %t/cl.o
; RUN: %ld.lld -shared %t/kw.o %t/cl.o -o %t/wavecc-kernel-llc-callee.hsaco
; RUN: %wavecc-run --code-object=%t/wavecc-kernel-llc-callee.hsaco %t/kernel.ll | FileCheck %s
; RUN: %wavecc -S %t/callee.ll -o %t/cw.s
; RUN: %llvm-mc -triple=amdgcn-amd-amdhsa -mcpu=gfx900 -filetype=obj %t/cw.s -o %t/cw.o
; RUN: %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx900 -filetype=obj %t/kernel.ll -o %t/kl.o
; RUN: %ld.lld -shared %t/kl.o %t/cw.o -o %t/llc-kernel-wavecc-callee.hsaco
; RUN: %wavecc-run --code-object=%t/llc-kernel-wavecc-callee.hsaco %t/kernel.ll | FileCheck %s
; CHECK: pass {{.*}}: bytes
; CHECK: 1 passed, 0 failed
; ASM-LABEL: k:
; ASM: global_load_dword v[[X:[0-9]+]],
; ASM: v_lshrrev_b32_e32 v{{[0-9]+}}, 8, v[[X]]
; ASM: v_lshrrev_b32_e32 v{{[0-9]+}}, 16, v[[X]]
; ASM: v_lshrrev_b32_e32 v{{[0-9]+}}, 24, v[[X]]
; (the parallel copy into v0..v3 may be moves or a v_swap_b32: the runs
; above check the values)
; ASM: s_swappc_b64
; the four result bytes from v0..v3, packed by v_perm_b32 (isel_packed.c)
; ASM: v_perm_b32 [[L:v[0-9]+]], v0, v1, [[S:s[0-9]+]]
; ASM-NEXT: v_perm_b32 [[H:v[0-9]+]], v2, v3, [[S]]
; ASM: v_perm_b32 {{v[0-9]+}}, [[L]], [[H]],

;--- callee.ll
target triple = "amdgcn-amd-amdhsa"
define <4 x i8> @g(<4 x i8> %a, i32 %b) noinline {
  %bb = trunc i32 %b to i8
  %ins = insertelement <4 x i8> poison, i8 %bb, i32 0
  %sp = shufflevector <4 x i8> %ins, <4 x i8> poison, <4 x i32> zeroinitializer
  %s = add <4 x i8> %a, %sp
  %r = shufflevector <4 x i8> %s, <4 x i8> poison, <4 x i32> <i32 3, i32 2, i32 1, i32 0>
  ret <4 x i8> %r
}

;--- kernel.ll
; [config]
; name: bytes
; dimensions: 1
;
; [test]
; name: bytes
; kernel_name: k
; global_size: 128 0 0
; local_size: 64 0 0
; arg_in: 0 buffer uint[128] 4150886329 3342196574 1892932127 501869158 32175636 389311301 3912611952 4048155970 4034129617 3466048957 2500648409 150006740 2884343186 2976787804 360511942 422719469 \
;     3292010550 1523148328 1017090249 74852898 132345184 4237793703 3387753032 68034096 1486440787 2784496138 2676973563 2079820365 2644908285 1990923381 638037343 392075585 \
;     786368323 3064073136 491399954 3630744271 62787174 2160727991 2090581934 3781591665 4144220671 1073003404 277292886 2865840744 2323956060 3918363701 2001019095 294502670 \
;     2583265852 2899648102 381946419 2212101287 2486797600 197419547 1157860898 3540692299 2389859671 270916581 2768682949 1298922895 2066035487 3651488269 1525740512 1144412258 \
;     1070100198 2815272642 4009418531 859131847 1947286704 3764773867 2277025048 2857920849 82890994 4043606694 2182281158 303174602 24825937 1432414906 617480673 3049483969 \
;     2030776188 2823316065 1620694933 717742554 232680712 327422443 2523415722 2132802046 704388509 323504225 2393715144 923823392 619530673 116516721 4025703265 1487050196 \
;     3311333766 476264250 4109996456 2274972159 606568618 2879783370 1311651681 1950523684 170036136 1787783462 1188776900 2844927732 3463944851 172677953 761682555 1166818523 \
;     663875320 1289661742 4100485377 3640370005 663793196 3346511179 3581527241 1995021053 176363400 2418522541 1658645606 3282465220 1501487499 2129688544 1467623790 2503368040
; arg_out: 1 buffer uint[128] 3112135159 1608529610 568120694 1777200166 419098125 1248868646 1992178683 1241272582 3656809480 3334381801 3823572659 3757505321 2661414863 1765440472 3557263935 4231938374 \
;     1177045236 964156045 3684872562 893225277 1954674499 3165563963 1578632203 1194665289 1801564576 589500912 360294893 1755648716 422888177 2452736205 2110465408 1622703476 \
;     1663565710 3509371929 877489283 4075129921 2318590575 3694981103 3571827182 2561248598 670116719 3051625914 2152837518 2473458987 2297278734 1655290480 89027585 1039187102 \
;     1823615529 2538538815 1698494124 3660516636 1421438512 1352137130 1489254887 2195997048 2408950582 504651451 4294525267 3392710398 1534026287 1250419344 506539796 2711057921 \
;     648939775 65474410 1696677044 177371388 4102051392 807971503 1592524633 2561712255 974665948 4023602636 272719200 358505971 2635908837 121089596 793713934 280826530 \
;     3430898793 2998114971 3878284374 758389539 1556165385 1080482322 10141592 1431336836 4118107441 3131154974 579537052 2076732488 228936248 3460583197 3216593417 871629429 \
;     3864116965 2610480447 183720986 1656028592 249859152 795216858 3348993408 2332601001 284396354 2412968357 783632004 1603403242 4278641682 2924001361 3922253175 1252785298 \
;     1750991479 2669564063 1944312650 3356913457 2686584195 3224038694 1060827191 1947296219 9436274 640852219 3764803536 1072439860 123599821 1576300277 3970431441 3890001426
target triple = "amdgcn-amd-amdhsa"
declare hidden <4 x i8> @g(<4 x i8>, i32)
define amdgpu_kernel void @k(ptr addrspace(1) %in, ptr addrspace(1) %out) {
  %lid = call i32 @llvm.amdgcn.workitem.id.x()
  %grp = call i32 @llvm.amdgcn.workgroup.id.x()
  %base = shl i32 %grp, 6
  %gid = add i32 %base, %lid
  %pin = getelementptr i32, ptr addrspace(1) %in, i32 %gid
  %x = load i32, ptr addrspace(1) %pin
  %v = bitcast i32 %x to <4 x i8>
  %r = call <4 x i8> @g(<4 x i8> %v, i32 %gid)
  %ri = bitcast <4 x i8> %r to i32
  %twice = shl i32 %gid, 1
  %s = add i32 %ri, %twice
  %po = getelementptr i32, ptr addrspace(1) %out, i32 %gid
  store i32 %s, ptr addrspace(1) %po
  ret void
}
declare i32 @llvm.amdgcn.workitem.id.x()
declare i32 @llvm.amdgcn.workgroup.id.x()
