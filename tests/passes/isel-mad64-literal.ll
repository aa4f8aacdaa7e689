; A divergent 32-bit mul + add whose addend is a literal (not an inline
; constant) that another such add of the block reads too: one v_mov_b32 of
; the literal (its pair's high half undefined) serves both, each add a
; v_mad_u64_u32 (isel_narrow.c mad64_elem), as llc-19 selects murmur3's
; `x * 5 + 0xe6546b64` rounds. A literal read by one add alone keeps
; v_mul_lo_u32 + v_add_u32 (a v_mov_b32 would cost what the add does).
; On main 57f5ef0: three v_mul_lo_u32 + v_add_u32, no v_mad_u64_u32.
; Host reference (Python, 32-bit wrap): a1 = v*5 - 430675100,
; a2 = (a1 ^ v)*7 - 430675100, out[i] = a2 ^ (v*11 + 123456789), v = in[i].
; RUN: %wavecc -S %s -o - | FileCheck %s
; RUN: %wavecc -mcpu=gfx90a -S %s -o - | FileCheck %s
; RUN: %wavecc-run %s | FileCheck %s --check-prefix=EMU
; RUN: %wavecc-run --mcpu=gfx90a -Xwavecc --assembler=check %s | FileCheck %s --check-prefix=EMU
; RUN: %wavecc-run --mcpu=gfx942 -Xwavecc --assembler=check %s | FileCheck %s --check-prefix=EMU
; RUN: %wavecc-run --mcpu=gfx1030 -Xwavecc --assembler=check %s | FileCheck %s --check-prefix=EMU
; RUN: %wavecc-run --mcpu=gfx1100 -Xwavecc --assembler=check %s | FileCheck %s --check-prefix=EMU
; CHECK-LABEL: k:
; CHECK: v_mov_b32_e32 v[[K:[0-9]+]], 0xe6546b64
; CHECK-NOT: 0xe6546b64
; CHECK-DAG: v_mad_u64_u32 v[{{[0-9]+:[0-9]+}}], s[{{[0-9]+:[0-9]+}}], v{{[0-9]+}}, 5, v{{\[}}[[K]]:{{[0-9]+}}]
; CHECK-DAG: v_mad_u64_u32 v[{{[0-9]+:[0-9]+}}], s[{{[0-9]+:[0-9]+}}], v{{[0-9]+}}, 7, v{{\[}}[[K]]:{{[0-9]+}}]
; CHECK-DAG: v_mul_lo_u32 [[M:v[0-9]+]], v{{[0-9]+}}, 11
; CHECK-DAG: v_add_u32_e32 v{{[0-9]+}}, 0x75bcd15, [[M]]
; CHECK: s_endpgm
; EMU: 1 passed, 0 failed
;
; [config]
; name: mad64-literal
; dimensions: 1
;
; [test]
; name: mad64-literal
; kernel_name: k
; global_size: 64 0 0
; local_size: 64 0 0
; arg_in: 1 buffer uint[64] 4294967295 2147483648 0 458825077 2645178341 3017581834 3243581873 2800499137 2263928366 4038782778 1060578839 1164431025 3157367188 1098547461 1249904198 3152760975 \
;     311925756 2828021298 1931625213 1301323442 2004110538 2938758904 3748741852 1703700322 1691399439 3339408319 3903795447 508522282 1131794484 958920662 3740117170 3871754471 \
;     1355741080 1537738624 3469692750 1118419489 1549066331 3454361819 2717547850 2712975879 2217357213 642971903 691706572 2367955785 2858008937 2851854231 1182533396 708447352 \
;     45549405 2799022858 300376229 528394140 2554751634 1447688425 119346305 357375664 1177055781 877984484 3668241724 4200476003 1640161174 1733774338 2505191322 4253875763
; arg_out: 0 buffer uint[64] 2640230094 3052967477 905483829 543340368 2048420864 505123371 2953245580 4205194460 2241149743 2554735643 223848886 19671692 800811289 138075616 1652052247 384987902 \
;     4038747377 1606884195 3216153096 2697247459 697244011 1602228605 2416043985 4290982867 1560584830 3638074510 515720982 4107839435 4115570361 4007990023 2742701283 1055599462 \
;     2416974429 2739966133 2003190415 420189436 2364332426 290275594 1069146347 1211016326 1788441448 3542925262 4291800769 4252608180 2170031508 3080567350 3855362713 985048573 \
;     1521586472 4163084331 3863698112 1324813073 1335539523 2211174932 448429980 1010711173 4157377600 1157271273 302542513 4042121698 2496553543 3303934579 3210835195 401410258
target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @k(ptr addrspace(1) %out, ptr addrspace(1) %in) {
  %i = call i32 @llvm.amdgcn.workitem.id.x()
  %pin = getelementptr i32, ptr addrspace(1) %in, i32 %i
  %v = load i32, ptr addrspace(1) %pin
  %m1 = mul i32 %v, 5
  %a1 = add i32 %m1, -430675100
  %x1 = xor i32 %a1, %v
  %m2 = mul i32 %x1, 7
  %a2 = add i32 %m2, -430675100
  %m3 = mul i32 %v, 11
  %a3 = add i32 %m3, 123456789
  %y = xor i32 %a2, %a3
  %p = getelementptr i32, ptr addrspace(1) %out, i32 %i
  store i32 %y, ptr addrspace(1) %p
  ret void
}
declare i32 @llvm.amdgcn.workitem.id.x()
