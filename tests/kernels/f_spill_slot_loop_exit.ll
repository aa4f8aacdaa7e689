; # Spill-slot colouring with stores behind a loop exit (session 17, fz17a;
; # reduced from tests/fuzz/clsmith.py seed 5276 at --max-vgprs=8). With 10
; # VGPRs ("amdgpu-num-vgpr"), the outer loop's phi %la and the inner loop's
; # phi %lb live in scratch slots. The latches' memory-phi stores come after
; # their s_andn2 exec, so they write only the lanes that stay in the loop;
; # spill_slots.c counted them as kills for every lane and gave %lb the place
; # of %la, so lanes leaving the outer loop read %la back as an inner-loop
; # value (31 of 1280 values wrong at gfx900, gfx90a, gfx1100; llc-19 passes).
; # Expected values: a host model (out[20g+1] = n ? max(4, max v2) + (n-1) *
; # (g & 7) * v7 : inp[g + 100], n = inp[g] & 3).
; [config]
; name: spill slots shared across a loop exit (clsmith 5276)
; kernel_name: k
; dimensions: 1
;
; [test]
; name: one wave
; global_size: 64 0 0
; local_size: 64 0 0
; arg_in: 0 buffer uint[256] 1417325109 3657374963 1281755703 239844144 1 8 8 1381030830 2536204418 2308580335 2056922639 1126447569 1572058767 357688555 994029632 2250456949 2 1 15 1174909312 10 585244003 3470544234 16 3176590592 3631256483 2911126282 1410773956 1942094255 2266904055 4043932531 2 4068733438 870869971 5 6 3522710719 137790332 1235556884 2742917271 921095537 1191347710 1017086271 3837810506 2718606914 1088633071 1188263100 1209188660 1504126712 3450418602 10 2793994153 185904884 1029169240 15 2577218396 3638558602 1919924344 1304594036 641748589 16 3218997037 825899667 4081676472 1640423955 6 1940023985 12 2304730434 372019557 4151890815 3500120131 2801076366 1377822801 1350541498 3936354509 3378819453 1607927880 4201923107 338187794 534745801 12 12 6 2564803099 69825100 2702882417 7 1904130710 4014380840 3313746377 4 3271230643 1337835805 1828571472 445814348 1 2289044288 2124981632 3420113425 10 3819215590 3888995985 608170759 814412759 3565827716 3 3636160380 4027256712 4 1974022948 2045703373 5 2629713680 4 793197258 0 2164343668 542383612 2298373129 1232731885 2640242617 10 2557610795 855610586 10 3776911940 520855673 2341833665 3509887580 1807463076 3120705984 2833814631 2 2163869679 1780349560 2827389639 3 1835533713 2743496339 15 97854612 1413671489 4161842121 8 14 2349926532 3747208542 2954195669 238157228 511200679 504842 4153061524 1005475386 559375564 3462332423 1876289944 3 3071111389 812637011 3589011124 2394753046 13 4168846811 695688213 826852746 1683860429 3225238660 2398005366 2063601706 871781164 3293290255 3027586861 291978206 3528876915 3 2 365573646 2575261463 14 1643478728 2 3082733867 4164300294 267555248 3 13 2389517898 480895330 1977160378 223046983 10 1119293937 3643706906 4114033231 2376191076 2 8 4078053359 4099849450 0 2696333645 1880314801 3038270772 3230937568 1198173052 3074861478 2649994950 1370652506 3680775690 1758706583 5 3243598626 3591696724 3 0 2 850982940 3224628570 2328378045 3577122867 6 1889909778 1934586776 3767029451 1 7 1807950322 433150407 9 39555445 2725877112 4 1931938091 11 1031461203 2 13 3807787552 2650232244 2 1477179576 511825024 4089141148 9 2 3784813695 1560985502 7 627819138 1685219122 379763980 1 2570164918 4 1761194083
; arg_in: 1 buffer uint[1280] repeat 0
; arg_out: 1 buffer uint[1280] 0 4161842121 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 2688422737 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 4161842129 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 608170759 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 4161842121 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 3565827716 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 3 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 2244964712 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 4161842121 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 1150372003 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 3308678825 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 4161842121 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 2098032097 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 575714251 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 4 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 4161842121 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 4161842121 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 4161842121 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 1650132217 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 2298373129 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 2299557861 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 1868740257 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 3551160471 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 2557610795 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 855610586 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 687129119 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 908586171 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 520855673 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 1224769417 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 1532034439 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 2564340021 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 327530843 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 4161842121 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 2496572375 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 4161842121 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 3783480666 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 4193947625 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 3 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 1835533713 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 4161842317 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 4161842121 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 2256392723 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 4161842161 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 2700480757 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 3381370737 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 184811473 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 2349926532 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 3747208542 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 2954195669 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 2195252870 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 3736048377 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 4161842121 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 4153061524 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 1005475386 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 1604890681 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 3462332423 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 4161842121 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 3 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 3071111389 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 4161842121 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 3589011124 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 4161842121 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 1102554437 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 4168846811 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0
; arg_in: 2 buffer uint[8] repeat 4294967295

target triple = "amdgcn-amd-amdhsa"

@lcount = internal addrspace(3) global i32 poison, align 4

define amdgpu_kernel void @k(ptr addrspace(1) noundef readonly align 4 %inp, ptr addrspace(1) noundef align 4 %out, ptr addrspace(1) noundef align 4 %acc) #0 {
entry:
  %priv = alloca [8 x i32], align 4, addrspace(5)
  %gid = tail call noundef range(i32 0, 1024) i32 @llvm.amdgcn.workitem.id.x()
  br label %init

init:
  %p = phi i32 [ 0, %entry ], [ %p1, %init ]
  %gp = add i32 %gid, %p
  %gpm = and i32 %gp, 255
  %gpz = zext nneg i32 %gpm to i64
  %ip = getelementptr inbounds i32, ptr addrspace(1) %inp, i64 %gpz
  %iv = load i32, ptr addrspace(1) %ip, align 4
  %pz = zext nneg i32 %p to i64
  %pp = getelementptr inbounds [8 x i32], ptr addrspace(5) %priv, i64 0, i64 %pz
  store i32 %iv, ptr addrspace(5) %pp, align 4
  %p1 = add nuw nsw i32 %p, 1
  %pdone = icmp eq i32 %p1, 8
  br i1 %pdone, label %main, label %init

main:
  %g7 = mul i32 %gid, 7
  %g7m = and i32 %g7, 255
  %g7z = zext nneg i32 %g7m to i64
  %p2 = getelementptr inbounds i32, ptr addrspace(1) %inp, i64 %g7z
  %v2 = load i32, ptr addrspace(1) %p2, align 4
  %g100 = add i32 %gid, 100
  %g100m = and i32 %g100, 255
  %g100z = zext nneg i32 %g100m to i64
  %p3 = getelementptr inbounds i32, ptr addrspace(1) %inp, i64 %g100z
  %v3init = load i32, ptr addrspace(1) %p3, align 4
  %g5 = add i32 %gid, 5
  %g5m = and i32 %g5, 63
  %g5x = shl nuw nsw i32 %g5m, 2
  %g5y = or disjoint i32 %g5x, 3
  %g5z = zext nneg i32 %g5y to i64
  %p7 = getelementptr inbounds i32, ptr addrspace(1) %inp, i64 %g5z
  %v7 = load i32, ptr addrspace(1) %p7, align 4
  %gm = and i32 %gid, 255
  %gz = zext nneg i32 %gm to i64
  %pn = getelementptr inbounds i32, ptr addrspace(1) %inp, i64 %gz
  %nv = load i32, ptr addrspace(1) %pn, align 4
  %n15 = and i32 %nv, 3
  %lid7 = and i32 %gid, 7
  %bit = and i32 %gid, 1
  %is0 = icmp eq i32 %gid, 0
  br i1 %is0, label %setc, label %sync

setc:
  store i32 4, ptr addrspace(3) @lcount, align 4
  br label %sync

sync:
  fence syncscope("workgroup") release
  tail call void @llvm.amdgcn.s.barrier()
  fence syncscope("workgroup") acquire
  %old = atomicrmw umax ptr addrspace(3) @lcount, i32 %v2 syncscope("workgroup") monotonic, align 4
  fence syncscope("workgroup") release
  tail call void @llvm.amdgcn.s.barrier()
  fence syncscope("workgroup") acquire
  %la0 = load i32, ptr addrspace(3) @lcount, align 4
  %any = icmp eq i32 %n15, 0
  br i1 %any, label %done, label %outer

outer:
  %i15 = phi i32 [ 0, %sync ], [ %i15n, %olatch ]
  %la = phi i32 [ %la0, %sync ], [ %laout, %olatch ]
  %inone = icmp eq i32 %lid7, 0
  br i1 %inone, label %olatch, label %inner

inner:
  %i16 = phi i32 [ 0, %outer ], [ %i16n, %inner ]
  %lb = phi i32 [ %la, %outer ], [ %lbn, %inner ]
  %idx = and i32 %lb, 7
  %idxz = zext nneg i32 %idx to i64
  %pq = getelementptr inbounds [8 x i32], ptr addrspace(5) %priv, i64 0, i64 %idxz
  store i32 %bit, ptr addrspace(5) %pq, align 4
  %lbn = add i32 %lb, %v7
  %i16n = add nuw nsw i32 %i16, 1
  %idone = icmp eq i32 %i16n, %lid7
  br i1 %idone, label %olatch, label %inner

olatch:
  %laout = phi i32 [ %la, %outer ], [ %lbn, %inner ]
  %p2a = getelementptr inbounds i8, ptr addrspace(5) %priv, i64 8
  %pr2 = load i32, ptr addrspace(5) %p2a, align 4
  %pacc = getelementptr inbounds i8, ptr addrspace(1) %acc, i64 20
  %a = atomicrmw and ptr addrspace(1) %pacc, i32 %pr2 syncscope("agent") monotonic, align 4
  %i15n = add nuw nsw i32 %i15, 1
  %odone = icmp eq i32 %i15n, %n15
  br i1 %odone, label %done, label %outer

done:
  %v3 = phi i32 [ %v3init, %sync ], [ %la, %olatch ]
  %g20 = mul i32 %gid, 20
  %g21 = add i32 %g20, 1
  %g21z = zext i32 %g21 to i64
  %po = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %g21z
  store i32 %v3, ptr addrspace(1) %po, align 4
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
declare void @llvm.amdgcn.s.barrier()

attributes #0 = { "amdgpu-num-vgpr"="10" "amdgpu-flat-work-group-size"="1,256" }
