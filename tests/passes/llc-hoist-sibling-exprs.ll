; hoist-sibling-exprs (hoist_sibling_exprs.cpp): each tap of a guarded
; row sum (bench/real/conv_row.cl's form after separate-const-offset-from-gep)
; computes the same address `in + (sext(x) + sext(y * w)) * 4` in its own
; arm; the sign extensions, the i64 add and the GEP move to the arms'
; common dominator (llc-19's MachineCSE hoists the sign extensions of
; sibling blocks the same way), and each arm keeps only its load with the
; tap's constant offset. An i32 mul (@keep) stays in its arms. On main
; 57f5ef0: the arms' `sext`s stay, and every arm repeats the address
; arithmetic (v_add_co_u32, v_addc_co_u32, ...; 53 instructions, now 47:
; the selection still computes the address again after the first join).
; Host reference (Python): in[j] = (j * 2654435761 + 977) mod 2^32, w = 64,
; out[y*w + x] = sum of in[y*w + x + k], k = -1..1 with 0 <= x + k < w.
; RUN: %wavecc-opt -llvm-passes='function(hoist-sibling-exprs)' %s | FileCheck %s --check-prefix=IR
; RUN: %wavecc -S %s -o - | FileCheck %s --check-prefix=ASM
; RUN: %wavecc-run %s | FileCheck %s --check-prefix=EMU
; RUN: %wavecc-run --mcpu=gfx90a -Xwavecc --assembler=check %s | FileCheck %s --check-prefix=EMU
; RUN: %wavecc-run --mcpu=gfx1030 -Xwavecc --assembler=check %s | FileCheck %s --check-prefix=EMU
; RUN: %wavecc-run --mcpu=gfx1100 -Xwavecc --assembler=check %s | FileCheck %s --check-prefix=EMU
; IR-LABEL: define amdgpu_kernel void @k(
; IR: entry:
; IR: sext i32 %yw to i64
; IR: sext i32 %x to i64
; IR: add i64
; IR: [[A:%.*]] = getelementptr i32, ptr addrspace(1) %in, i64
; IR-NEXT: br i1 %cl
; IR: left:
; IR-NEXT: getelementptr inbounds i8, ptr addrspace(1) [[A]], i64 -4
; IR: mid:
; IR-NEXT: load i32, ptr addrspace(1) [[A]]
; IR: right:
; IR-NEXT: getelementptr inbounds i8, ptr addrspace(1) [[A]], i64 4
; IR-LABEL: define amdgpu_kernel void @uniform(
; IR: a:
; IR-NEXT: sext i32 %x to i64
; IR: b:
; IR-NEXT: sext i32 %x to i64
; IR-LABEL: define amdgpu_kernel void @keep(
; IR: a:
; IR-NEXT: mul i32 %x, %w
; IR: b:
; IR-NEXT: mul i32 %x, %w
; ASM-LABEL: k:
; ASM: global_load_dword v{{[0-9]+}}, v[{{[0-9]+:[0-9]+}}], off{{$}}
; ASM-NOT: v_addc_co_u32
; ASM: global_load_dword v{{[0-9]+}}, v[{{[0-9]+:[0-9]+}}], off offset:4
; ASM: s_endpgm
; EMU: 1 passed, 0 failed
;
; [config]
; name: hoist-sibling-exprs
; dimensions: 2
;
; [test]
; name: 3-tap rows
; kernel_name: k
; global_size: 64 2 0
; local_size: 64 1 0
; arg_out: 0 buffer uint[128] 2654437715 3668342918 3041715609 2415088300 1788460991 1161833682 535206373 4203546360 3576919051 2950291742 2323664433 1697037124 1070409815 443782506 4112122493 3485495184 \
;     2858867875 2232240566 1605613257 978985948 352358639 4020698626 3394071317 2767444008 2140816699 1514189390 887562081 260934772 3929274759 3302647450 2676020141 2049392832 \
;     1422765523 796138214 169510905 3837850892 3211223583 2584596274 1957968965 1331341656 704714347 78087038 3746427025 3119799716 2493172407 1866545098 1239917789 613290480 \
;     4281630467 3655003158 3028375849 2401748540 1775121231 1148493922 521866613 4190206600 3563579291 2936951982 2310324673 1683697364 1057070055 430442746 4098782733 1091990287 \
;     3119798739 2218900806 1592273497 965646188 339018879 4007358866 3380731557 2754104248 2127476939 1500849630 874222321 247595012 3915934999 3289307690 2662680381 2036053072 \
;     1409425763 782798454 156171145 3824511132 3197883823 2571256514 1944629205 1318001896 691374587 64747278 3733087265 3106459956 2479832647 1853205338 1226578029 599950720 \
;     4268290707 3641663398 3015036089 2388408780 1761781471 1135154162 508526853 4176866840 3550239531 2923612222 2296984913 1670357604 1043730295 417102986 4085442973 3458815664 \
;     2832188355 2205561046 1578933737 952306428 325679119 3994019106 3367391797 2740764488 2114137179 1487509870 860882561 234255252 3902595239 3275967930 2649340621 1557351311
; arg_in: 1 buffer uint[128] 977 2654436738 1013905203 3668340964 2027809429 387277894 3041713655 1401182120 4055617881 2415086346 774554811 3428990572 1788459037 147927502 2802363263 1161831728 \
;     3816267489 2175735954 535204419 3189640180 1549108645 4203544406 2563012871 922481336 3576917097 1936385562 295854027 2950289788 1309758253 3964194014 2323662479 683130944 \
;     3337566705 1697035170 56503635 2710939396 1070407861 3724843622 2084312087 443780552 3098216313 1457684778 4112120539 2471589004 831057469 3485493230 1844961695 204430160 \
;     2858865921 1218334386 3872770147 2232238612 591707077 3246142838 1605611303 4260047064 2619515529 978983994 3633419755 1992888220 352356685 3006792446 1366260911 4020696672 \
;     2380165137 739633602 3394069363 1753537828 113006293 2767442054 1126910519 3781346280 2140814745 500283210 3154718971 1514187436 4168623197 2528091662 887560127 3541995888 \
;     1901464353 260932818 2915368579 1274837044 3929272805 2288741270 648209735 3302645496 1662113961 21582426 2676018187 1035486652 3689922413 2049390878 408859343 3063295104 \
;     1422763569 4077199330 2436667795 796136260 3450572021 1810040486 169508951 2823944712 1183413177 3837848938 2197317403 556785868 3211221629 1570690094 4225125855 2584594320 \
;     944062785 3598498546 1957967011 317435476 2971871237 1331339702 3985775463 2345243928 704712393 3359148154 1718616619 78085084 2732520845 1091989310 3746425071 2105893536
; arg_in: 2 int 64
target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @k(ptr addrspace(1) %out, ptr addrspace(1) %in, i32 %w) {
entry:
  %x = call i32 @llvm.amdgcn.workitem.id.x()
  %y = call i32 @llvm.amdgcn.workgroup.id.y()
  %yw = mul nsw i32 %y, %w
  %cl = icmp sgt i32 %x, 0
  br i1 %cl, label %left, label %j1

left:
  %s1 = sext i32 %yw to i64
  %x1 = sext i32 %x to i64
  %i1 = add i64 %x1, %s1
  %a1 = getelementptr i32, ptr addrspace(1) %in, i64 %i1
  %p1 = getelementptr inbounds i8, ptr addrspace(1) %a1, i64 -4
  %v1 = load i32, ptr addrspace(1) %p1, align 4
  br label %j1

j1:
  %acc1 = phi i32 [ %v1, %left ], [ 0, %entry ]
  %mid.ok = icmp slt i32 %x, %w
  br i1 %mid.ok, label %mid, label %j2

mid:
  %s2 = sext i32 %yw to i64
  %x2 = sext i32 %x to i64
  %i2 = add i64 %x2, %s2
  %a2 = getelementptr i32, ptr addrspace(1) %in, i64 %i2
  %v2 = load i32, ptr addrspace(1) %a2, align 4
  %acc2a = add i32 %acc1, %v2
  br label %j2

j2:
  %acc2 = phi i32 [ %acc2a, %mid ], [ %acc1, %j1 ]
  %x.1 = add nsw i32 %x, 1
  %cr = icmp slt i32 %x.1, %w
  br i1 %cr, label %right, label %done

right:
  %s3 = sext i32 %yw to i64
  %x3 = sext i32 %x to i64
  %i3 = add i64 %x3, %s3
  %a3 = getelementptr i32, ptr addrspace(1) %in, i64 %i3
  %p3 = getelementptr inbounds i8, ptr addrspace(1) %a3, i64 4
  %v3 = load i32, ptr addrspace(1) %p3, align 4
  %acc3a = add i32 %acc2, %v3
  br label %done

done:
  %acc = phi i32 [ %acc3a, %right ], [ %acc2, %j2 ]
  %o = add nsw i32 %yw, %x
  %o64 = sext i32 %o to i64
  %po = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %o64
  store i32 %acc, ptr addrspace(1) %po, align 4
  ret void
}

; a branch on a kernel argument (uniform: the wave skips the other arm)
; keeps its arms' arithmetic (tests/kernels/f_deferred_index.ll)
define amdgpu_kernel void @uniform(ptr addrspace(1) %out, ptr addrspace(1) %in, i32 %c) {
entry:
  %x = call i32 @llvm.amdgcn.workitem.id.x()
  %cc = icmp eq i32 %c, 0
  br i1 %cc, label %a, label %b

a:
  %xa = sext i32 %x to i64
  %pa = getelementptr i32, ptr addrspace(1) %in, i64 %xa
  %va = load i32, ptr addrspace(1) %pa, align 4
  br label %done

b:
  %xb = sext i32 %x to i64
  %pb = getelementptr i32, ptr addrspace(1) %in, i64 %xb
  %pb4 = getelementptr i8, ptr addrspace(1) %pb, i64 4
  %vb = load i32, ptr addrspace(1) %pb4, align 4
  br label %done

done:
  %r = phi i32 [ %va, %a ], [ %vb, %b ]
  store i32 %r, ptr addrspace(1) %out, align 4
  ret void
}

; an i32 mul may fuse with its block's add (v_mad_u64_u32): not moved
define amdgpu_kernel void @keep(ptr addrspace(1) %out, i32 %w) {
entry:
  %x = call i32 @llvm.amdgcn.workitem.id.x()
  %c = icmp sgt i32 %x, 3
  br i1 %c, label %a, label %b

a:
  %m1 = mul i32 %x, %w
  %r1 = add i32 %m1, %x
  br label %done

b:
  %m2 = mul i32 %x, %w
  %r2 = add i32 %m2, 7
  br label %done

done:
  %r = phi i32 [ %r1, %a ], [ %r2, %b ]
  store i32 %r, ptr addrspace(1) %out, align 4
  ret void
}
declare i32 @llvm.amdgcn.workitem.id.x()
declare i32 @llvm.amdgcn.workgroup.id.y()
