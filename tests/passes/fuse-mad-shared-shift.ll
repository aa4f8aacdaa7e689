; fuse-mad (src/passes/fuse_mad.c): after sched-pressure, a v_mul_lo_u32
; read only by a v_add_u32 of its block becomes one v_mad_u64_u32 whose
; 64-bit addend is the add's other operand in the low half of a pair with
; an undefined high half (as llc-19 selects a divergent i32 mul + add).
; FNV rounds over a[k] = x * (2k + 1) + (x >> (k % 16)), k = 1..17 (the
; pattern of tests/kernels/f_spill_vgpr.cl, 17 values): a[1] and a[17]
; share x >> 1, an addend read twice, which isel_narrow.c (an addend read
; once) leaves as v_mul_lo_u32 + v_add_u32. fuse-mad reads the shared shift
; in its own register as each pair's low half (mir_opnd_lo64: the high half
; don't-care, whatever the next VGPR holds), so the shift is computed once:
; 15 v_lshrrev_b32 (x >> 1 .. x >> 15), as llc-19. Until 9fd8fc4 fuse-mad
; computed the shift again for each add, into a pair of its own (16).
; On ba3ab87: two v_add_u32 (and 20 v_mul_lo_u32, 18 here: the FNV
; multiplies by 16777619 and x * 34, a[16]).
; Host reference (Python, 32-bit wrap): h = 2166136261, then
; h = (h ^ a[k]) * 16777619 for k = 17 down to 1; out[i] = h, x = in[i].
; RUN: %wavecc -S %s -o - | FileCheck %s
; RUN: %wavecc -mcpu=gfx1100 -S %s -o - | FileCheck %s
; RUN: %wavecc -S %s -o - | FileCheck %s --check-prefix=SHIFT
; RUN: %wavecc -mcpu=gfx1100 -S %s -o - | FileCheck %s --check-prefix=SHIFT
; SHIFT-COUNT-15: v_lshrrev_b32
; SHIFT-NOT: v_lshrrev_b32
; RUN: %wavecc-run %s | FileCheck %s --check-prefix=EMU
; RUN: %wavecc-run --mcpu=gfx90a -Xwavecc --assembler=check %s | FileCheck %s --check-prefix=EMU
; RUN: %wavecc-run --mcpu=gfx1100 -Xwavecc --assembler=check %s | FileCheck %s --check-prefix=EMU
; RUN: %wavecc-run -Xwavecc --max-vgprs=8 -Xwavecc --max-sgprs=24 %s | FileCheck %s --check-prefix=EMU
; CHECK-LABEL: k:
; CHECK-NOT: v_add_u32
; CHECK-COUNT-16: v_mad_u64_u32 v[{{[0-9]+:[0-9]+}}], {{[^,]+}}, v{{[0-9]+}}, {{[0-9]+}}, v[{{[0-9]+:[0-9]+}}]
; CHECK-NOT: v_add_u32
; CHECK: s_endpgm
; EMU: 1 passed, 0 failed
;
; [config]
; name: fuse-mad-shared-shift
; dimensions: 1
;
; [test]
; name: fuse-mad-shared-shift
; kernel_name: k
; global_size: 64 0 0
; local_size: 64 0 0
; arg_in: 0 buffer uint[64] 4294967295 2147483648 0 1695753998 2795742288 207388624 311111475 3527346212 2301595691 404285457 1570621944 2503055453 249103477 3907149204 2179419893 922121676 \
;     161042648 369140570 1862494042 1796035739 300026767 1033639716 389609433 2366729934 1823296038 253877686 3551302831 2428605135 531725347 4069265501 958804057 2708517688 \
;     2694805173 2503952625 4070378921 265695473 2478638287 2514881269 1703729684 212984476 4192983756 949539216 200071088 2390857534 3687093963 571981485 1243862422 1800188482 \
;     619570852 2322228204 505913792 2452055640 1324919352 2406286680 3505236015 2929179284 776213899 442620898 2497953681 2453304169 2744112455 806899909 1599435267 418461138
; arg_out: 1 buffer uint[64] 2948356763 2105500383 4117914335 163115649 837590094 2575525507 3805439542 2868135604 998453409 1081764338 143270500 1786354886 2920210962 2001794877 4292740648 2249655680 \
;     3966028001 3174330744 2197101707 2152211339 4110022215 2791234001 2516508430 3872716370 4095499614 2605217039 2812089682 2040269288 1342952049 3485743892 4160420136 4150152469 \
;     1332385856 2906710061 3895680163 2326079963 3372126208 3937033438 2710776132 3369836649 4221368878 3808224751 1129378696 1182402640 1295111568 2196506115 366989371 2386172746 \
;     1606880053 1366017632 2375731416 3759498824 3895782800 3399350820 333068167 3827349217 591321960 2066748640 918563340 2199097873 2393566262 925920000 3879549331 784375134

target triple = "amdgcn-amd-amdhsa"
define amdgpu_kernel void @k(ptr addrspace(1) %in, ptr addrspace(1) %out) {
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr i32, ptr addrspace(1) %in, i32 %t
  %x = load i32, ptr addrspace(1) %p
  %m1 = mul i32 %x, 3
  %s1 = lshr i32 %x, 1
  %a1 = add i32 %m1, %s1
  %m2 = mul i32 %x, 5
  %s2 = lshr i32 %x, 2
  %a2 = add i32 %m2, %s2
  %m3 = mul i32 %x, 7
  %s3 = lshr i32 %x, 3
  %a3 = add i32 %m3, %s3
  %m4 = mul i32 %x, 9
  %s4 = lshr i32 %x, 4
  %a4 = add i32 %m4, %s4
  %m5 = mul i32 %x, 11
  %s5 = lshr i32 %x, 5
  %a5 = add i32 %m5, %s5
  %m6 = mul i32 %x, 13
  %s6 = lshr i32 %x, 6
  %a6 = add i32 %m6, %s6
  %m7 = mul i32 %x, 15
  %s7 = lshr i32 %x, 7
  %a7 = add i32 %m7, %s7
  %m8 = mul i32 %x, 17
  %s8 = lshr i32 %x, 8
  %a8 = add i32 %m8, %s8
  %m9 = mul i32 %x, 19
  %s9 = lshr i32 %x, 9
  %a9 = add i32 %m9, %s9
  %m10 = mul i32 %x, 21
  %s10 = lshr i32 %x, 10
  %a10 = add i32 %m10, %s10
  %m11 = mul i32 %x, 23
  %s11 = lshr i32 %x, 11
  %a11 = add i32 %m11, %s11
  %m12 = mul i32 %x, 25
  %s12 = lshr i32 %x, 12
  %a12 = add i32 %m12, %s12
  %m13 = mul i32 %x, 27
  %s13 = lshr i32 %x, 13
  %a13 = add i32 %m13, %s13
  %m14 = mul i32 %x, 29
  %s14 = lshr i32 %x, 14
  %a14 = add i32 %m14, %s14
  %m15 = mul i32 %x, 31
  %s15 = lshr i32 %x, 15
  %a15 = add i32 %m15, %s15
  %m16 = mul i32 %x, 33
  %s16 = lshr i32 %x, 0
  %a16 = add i32 %m16, %s16
  %m17 = mul i32 %x, 35
  %s17 = lshr i32 %x, 1
  %a17 = add i32 %m17, %s17
  %h17x = xor i32 2166136261, %a17
  %h17 = mul i32 %h17x, 16777619
  %h16x = xor i32 %h17, %a16
  %h16 = mul i32 %h16x, 16777619
  %h15x = xor i32 %h16, %a15
  %h15 = mul i32 %h15x, 16777619
  %h14x = xor i32 %h15, %a14
  %h14 = mul i32 %h14x, 16777619
  %h13x = xor i32 %h14, %a13
  %h13 = mul i32 %h13x, 16777619
  %h12x = xor i32 %h13, %a12
  %h12 = mul i32 %h12x, 16777619
  %h11x = xor i32 %h12, %a11
  %h11 = mul i32 %h11x, 16777619
  %h10x = xor i32 %h11, %a10
  %h10 = mul i32 %h10x, 16777619
  %h9x = xor i32 %h10, %a9
  %h9 = mul i32 %h9x, 16777619
  %h8x = xor i32 %h9, %a8
  %h8 = mul i32 %h8x, 16777619
  %h7x = xor i32 %h8, %a7
  %h7 = mul i32 %h7x, 16777619
  %h6x = xor i32 %h7, %a6
  %h6 = mul i32 %h6x, 16777619
  %h5x = xor i32 %h6, %a5
  %h5 = mul i32 %h5x, 16777619
  %h4x = xor i32 %h5, %a4
  %h4 = mul i32 %h4x, 16777619
  %h3x = xor i32 %h4, %a3
  %h3 = mul i32 %h3x, 16777619
  %h2x = xor i32 %h3, %a2
  %h2 = mul i32 %h2x, 16777619
  %h1x = xor i32 %h2, %a1
  %h1 = mul i32 %h1x, 16777619
  %q = getelementptr i32, ptr addrspace(1) %out, i32 %t
  store i32 %h1, ptr addrspace(1) %q
  ret void
}
declare i32 @llvm.amdgcn.workitem.id.x()
