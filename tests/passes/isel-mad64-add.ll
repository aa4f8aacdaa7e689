; A divergent 32-bit mul + add as the low dword of one v_mad_u64_u32
; (isel_narrow.c mad64_elem; llc-19 selects the same at gfx900, gfx90a,
; gfx942 and gfx1030): the low 32 bits of a*b + x (64-bit) are the 32-bit
; sum whatever x's high dword holds. The addend is an inline constant (the
; 64-bit inline constant, -3 here) or a VGPR value used only by the add,
; built into a pair with an undefined high half. An addend that stays live
; (the work-item id) is read in its own register as the pair's low dword,
; the high dword whatever the next VGPR holds (fuse-mad, mir_opnd_lo64; on
; main 9fd8fc4 it kept v_mul_lo_u32 + v_add_u32, a pair around it being a
; copy). On main a8092f3: three v_mul_lo_u32 + v_add_u32.
; Host reference (Python, 32-bit wrap): out[i] = (v*3 + (v >> 1)) ^
; (v*637 - 3) ^ (v*v + i), v = in[i].
; RUN: %wavecc -S %s -o - | FileCheck %s
; RUN: %wavecc -mcpu=gfx90a -S %s -o - | FileCheck %s
; RUN: %wavecc-run %s | FileCheck %s --check-prefix=EMU
; RUN: %wavecc-run --mcpu=gfx90a -Xwavecc --assembler=check %s | FileCheck %s --check-prefix=EMU
; RUN: %wavecc-run --mcpu=gfx942 -Xwavecc --assembler=check %s | FileCheck %s --check-prefix=EMU
; RUN: %wavecc-run --mcpu=gfx1030 %s | FileCheck %s --check-prefix=EMU
; CHECK-LABEL: k:
; CHECK-DAG: v_mad_u64_u32 v[{{[0-9]+:[0-9]+}}], s[{{[0-9]+:[0-9]+}}], v{{[0-9]+}}, 3, v[{{[0-9]+:[0-9]+}}]
; CHECK-DAG: v_mad_u64_u32 v[{{[0-9]+:[0-9]+}}], s[{{[0-9]+:[0-9]+}}], v{{[0-9]+}}, {{[sv][0-9]+}}, -3
; CHECK-DAG: v_mad_u64_u32 v[{{[0-9]+:[0-9]+}}], s[{{[0-9]+:[0-9]+}}], [[V:v[0-9]+]], [[V]], v[{{[0-9]+:[0-9]+}}]
; CHECK-NOT: v_mul_lo_u32
; CHECK: s_endpgm
; EMU: 1 passed, 0 failed
;
; [config]
; name: mad64-add
; dimensions: 1
;
; [test]
; name: mad64-add
; kernel_name: k
; global_size: 64 0 0
; local_size: 64 0 0
; arg_in: 1 buffer uint[64] 4294967295 2147483648 0 3906445129 2938109453 3444583746 3647871021 3822511289 \
;     797679261 2800360461 990241682 2861245199 632047008 3733318544 967067425 2752890056 \
;     3152607373 804765948 559260700 304199074 2281979487 3632642988 918725831 3198428526 \
;     1265541136 128737261 1853623402 542440065 3597707320 2938448330 2613067296 4286406336 \
;     61986635 4264795850 1184710264 3583641125 630116043 364860639 3742139423 3410675892 \
;     3477805144 3815442259 3461944806 1127215640 3549212109 1937313275 3198677561 1875892029 \
;     4077313025 599178639 3409218555 3766749680 1102552373 1527879415 3650460258 1005141944 \
;     2090727744 3857914861 3242716840 2360955045 2422956812 4215173526 1845021942 2880756252
; arg_out: 0 buffer uint[64] 2147484285 3221225468 4294967295 1909208841 4013364182 727205465 3976660100 3076590957 \
;     2932157394 979531465 3912491382 197647368 3751569569 3851299896 1282496422 1416907094 \
;     1845259906 2203773018 494470377 1043821879 1554763641 4217065862 3864449367 2267503337 \
;     3952309997 223886985 2001916722 2610039589 1196512205 3981228637 1399441651 3998455810 \
;     296735747 2168406233 202142291 2641600243 1226049991 133078410 2811819179 66676512 \
;     2378029481 2872050996 3260496672 2628503690 4250312974 2048462116 2065934538 283141931 \
;     429184072 2365214134 1517628969 2258655702 1873840074 1538086526 2816783418 505399206 \
;     168840293 29836457 3291206963 3665082971 3491292863 506981271 407384548 3234463620
target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @k(ptr addrspace(1) %out, ptr addrspace(1) %in) {
  %i = call i32 @llvm.amdgcn.workitem.id.x()
  %pin = getelementptr i32, ptr addrspace(1) %in, i32 %i
  %v = load i32, ptr addrspace(1) %pin
  %m = mul i32 %v, 3
  %s = lshr i32 %v, 1
  %a = add i32 %m, %s
  %m2 = mul i32 %v, 637
  %b = add i32 %m2, -3
  %m3 = mul i32 %v, %v
  %c = add i32 %m3, %i
  %x = xor i32 %a, %b
  %y = xor i32 %x, %c
  %p = getelementptr i32, ptr addrspace(1) %out, i32 %i
  store i32 %y, ptr addrspace(1) %p
  ret void
}
declare i32 @llvm.amdgcn.workitem.id.x()
