; A uniform phi in a block whose logical and linear predecessors differ:
; %s.next.lcssa3 in %outer.latch (every lane leaving the inner loop
; through %inner.latch carries the same sum), where the inner loop also has
; a divergent exit out of both loops (%inner). The selector copied the
; operand into the phi's SGPR at the end of the logical predecessor, inside
; the loop's EXEC region, and the register allocator, which sees the phi
; defined at %outer.latch, gave that SGPR to the loop's exit-mask
; arithmetic in the flow blocks in between: wrong sums for every lane that
; finished the loops (IR as llc-19's lcssa + loop-exit-copies leave
; tests/kernels/f_loop_escape.ll's k_join; -O1 keeps the LCSSA phis and the
; freezes that -O2's instcombine folds). Such a phi is now a VGPR phi read
; back with v_readfirstlane after the phis (isel.c, isel_finish_phis).
; The test block is f_loop_escape.ll's (gen_loop_escape.py, host reference).
; The run lines are the test (0 of 3 passed before the fix). After the
; single-entry phi folding merged the same day (fold-single-phis), the
; phi's users read it as a VGPR here, so the shape check is only that the
; phi is a VGPR phi.
; RUN: %wavecc-run --compiler=wavecc -Xwavecc -O1 %s 2>&1 | FileCheck %s
; RUN: %wavecc-run --compiler=wavecc --mcpu=gfx1030 -Xwavecc -O1 %s 2>&1 | FileCheck %s
; RUN: %wavecc -O1 %s -S -o /dev/null --print-after=isel 2>&1 | FileCheck %s --check-prefix=ISEL
; CHECK: 3 passed, 0 failed
; ISEL: [[V:%[0-9]+]]:v1 = p_phi
; [config]
; name: divergent exits leaving two and three loops at once
; dimensions: 1
;
;
; [test]
; name: join 64 lanes n6
; kernel_name: k_join
; global_size: 64 0 0
; local_size: 64 0 0
; arg_in: 0 buffer int[128] 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0
; arg_out: 0 buffer int[128] -1 1662 -1 1662 -1 1662 -1 1662 14 605 -1 1662 21 826 -1 1662 30 1287 20 820 23 913 -1 1662 3 115 -1 1662 -1 1662 -1 1662 12 521 -1 1662 18 776 -1 1662 -1 1662 -1 1662 5 177 0 23 -1 1662 -1 1662 -1 1662 -1 1662 -1 1662 27 1171 28 1201 1 54 10 424 -1 1662 -1 1662 19 811 -1 1662 -1 1662 -1 1662 -1 1662 4 155 7 276 -1 1662 -1 1662 -1 1662 15 650 -1 1662 -1 1662 -1 1662 2 103 9 392 -1 1662 -1 1662 -1 1662 -1 1662 -1 1662 -1 1662 -1 1662 6 235 33 1512 24 973 -1 1662 -1 1662 -1 1662
; arg_in: 1 buffer int[216] 23 31 49 12 40 22 58 41 66 50 32 81 16 80 4 45 40 68 18 35 9 6 77 10 60 88 81 29 30 78 8 88 78 59 73 77 13 47 0 76 6 65 60 90 66 0 49 52 49 0 58 22 82 43 24 22 27 62 68 18 13 75 71 55 58 54 50 26 25 51 89 87 64 50 84 16 48 2 48 82 69 79 12 63 29 26 78 58 21 79 20 80 30 80 14 55 7 79 36 21 68 28 61 11 43 13 45 88 83 36 49 10 80 66 14 2 43 46 61 87 28 76 26 47 0 46 12 65 53 19 58 66 41 17 44 2 17 14 5 37 12 6 13 47 4 37 83 74 3 54 71 37 81 32 44 32 33 82 40 81 24 87 70 22 3 66 73 88 22 67 52 29 77 15 49 81 19 52 49 34 2 0 19 86 44 39 65 29 9 9 35 87 59 84 59 56 33 63 82 46 4 11 14 1 80 67 88 54 56 18 0 26 42 88 42 72
; arg_in: 2 int 6
;
;
; [test]
; name: join 128 lanes n9
; kernel_name: k_join
; global_size: 128 0 0
; local_size: 128 0 0
; arg_in: 0 buffer int[256] 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0
; arg_out: 0 buffer int[256] -1 3470 36 1594 23 1160 38 1616 46 1844 -1 3470 -1 3470 -1 3470 45 1840 77 3257 27 1283 4 179 10 569 25 1207 -1 3470 -1 3470 43 1790 66 2823 51 1997 37 1613 3 168 32 1476 -1 3470 31 1455 28 1307 0 25 -1 3470 -1 3470 11 597 -1 3470 18 979 22 1158 20 1053 -1 3470 24 1194 34 1555 42 1774 -1 3470 35 1593 -1 3470 65 2806 -1 3470 19 1021 -1 3470 33 1520 29 1352 -1 3470 -1 3470 73 3188 15 855 -1 3470 -1 3470 47 1896 1 78 78 3311 6 307 55 2233 53 2117 -1 3470 -1 3470 54 2177 -1 3470 36 1594 23 1160 38 1616 46 1844 -1 3470 -1 3470 -1 3470 45 1840 77 3257 27 1283 4 179 10 569 25 1207 -1 3470 -1 3470 43 1790 66 2823 51 1997 37 1613 3 168 32 1476 -1 3470 31 1455 28 1307 0 25 -1 3470 -1 3470 11 597 -1 3470 18 979 22 1158 20 1053 -1 3470 24 1194 34 1555 42 1774 -1 3470 35 1593 -1 3470 65 2806 -1 3470 19 1021 -1 3470 33 1520 29 1352 -1 3470 -1 3470 73 3188 15 855 -1 3470 -1 3470 47 1896 1 78 78 3311 6 307 55 2233 53 2117 -1 3470 -1 3470 54 2177 -1 3470 36 1594 23 1160 38 1616 46 1844 -1 3470
; arg_in: 1 buffer int[729] 25 53 70 20 11 73 55 85 80 85 12 28 72 75 62 49 28 66 30 42 32 74 31 2 34 13 66 10 24 45 80 23 21 44 35 38 1 19 3 12 25 85 36 16 42 8 4 52 62 11 10 18 63 57 60 56 32 1 61 89 81 36 70 84 79 40 17 2 64 87 16 74 74 48 17 20 23 9 54 88 71 63 82 68 27 18 33 43 73 0 41 17 38 12 60 26 64 2 42 74 14 24 11 61 86 12 14 61 76 38 4 42 12 49 46 56 20 37 85 51 79 14 18 48 88 38 27 67 58 22 21 62 86 1 50 88 56 36 16 23 67 84 71 1 51 3 32 15 70 40 2 7 21 5 70 77 75 62 83 34 68 5 69 65 45 34 17 78 48 64 48 22 4 27 80 36 75 71 89 18 51 22 25 53 41 57 59 86 67 9 88 61 67 70 90 35 32 33 22 49 27 0 3 77 24 11 45 1 43 76 4 0 40 44 8 15 23 58 32 40 86 60 32 58 49 0 63 44 57 89 34 10 38 41 55 24 83 67 55 10 63 51 20 22 50 8 87 75 15 43 21 53 29 25 67 71 74 26 20 76 86 35 11 33 37 26 74 25 47 55 7 58 52 19 24 49 61 6 74 76 19 86 26 38 21 46 9 33 67 79 90 62 79 0 41 47 89 2 88 48 36 29 73 83 90 19 59 66 20 16 74 0 15 48 14 3 18 42 14 56 10 25 66 47 35 27 29 51 60 53 74 54 19 88 27 45 69 2 90 42 41 34 23 58 50 40 0 21 55 62 53 42 87 29 63 69 68 37 28 3 17 39 43 60 76 65 65 90 45 16 29 27 57 2 4 2 83 48 66 69 56 34 24 20 45 48 57 44 6 53 55 1 65 77 15 65 27 17 53 26 81 75 70 82 47 26 12 42 76 41 49 47 10 78 90 24 71 36 85 65 72 84 75 55 63 45 76 54 29 53 79 64 67 37 25 90 73 88 32 14 10 53 81 57 49 29 26 33 68 78 75 54 87 86 56 71 40 15 40 41 42 11 33 28 44 56 37 82 59 17 85 54 84 65 65 13 68 72 45 54 5 53 90 79 70 84 2 59 81 88 65 55 65 40 80 20 14 24 45 50 20 81 49 57 36 0 87 12 59 89 26 88 29 20 39 45 39 70 25 34 33 63 41 13 56 39 43 4 44 38 90 56 12 86 36 79 7 65 88 15 89 59 44 64 40 22 9 33 8 77 87 17 20 26 81 17 57 55 18 83 47 51 32 57 33 17 40 44 7 46 35 9 52 45 1 58 72 76 79 9 55 58 85 80 49 22 65 13 53 80 45 18 24 82 82 24 15 34 47 75 61 6 32 57 45 57 1 2 9 30 1 39 76 44 4 26 6 35 47 82 50 49 15 82 1 82 58 11 27 39 59 29 49 41 22 49 70 6 38 19 17 27 55 49 55 48 50 46 10 29 35 0 76 76 84 60 54 15 87 67 0 26 83 0 61 51 76 65 89 18 6 52 5 82 70 0 66 58 12 69 35 84 73 27 64 85 87 49 47 70 35 16 68 27 16 45 61 69 12 7 75 82 86 18 44 55 67 24 46 74 76 45 17 51 61 0 20 84 46 88 54 33 24 1 67 88 30 53 3
; arg_in: 2 int 9
;
;
; [test]
; name: join 40 lanes n4
; kernel_name: k_join
; global_size: 40 0 0
; local_size: 40 0 0
; arg_in: 0 buffer int[80] 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0
; arg_out: 0 buffer int[80] -1 765 -1 765 -1 765 -1 765 -1 765 6 369 -1 765 -1 765 -1 765 -1 765 -1 765 -1 765 -1 765 -1 765 -1 765 -1 765 -1 765 -1 765 -1 765 -1 765 -1 765 -1 765 -1 765 8 418 15 765 -1 765 7 395 0 27 -1 765 -1 765 14 741 -1 765 -1 765 -1 765 -1 765 -1 765 9 454 -1 765 -1 765 -1 765
; arg_in: 1 buffer int[64] 27 63 76 55 67 76 5 26 23 36 76 69 40 72 30 24 23 65 16 31 75 50 79 25 81 33 16 44 82 81 83 9 49 48 66 2 14 71 3 40 15 29 27 74 5 61 43 67 74 73 47 21 85 28 52 30 49 46 35 15 23 42 67 46
; arg_in: 2 int 4
;
;
target triple = "amdgcn-amd-amdhsa"
;
define amdgpu_kernel void @k_join(ptr addrspace(1) %out, ptr addrspace(1) %a, i32 %n) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %t = urem i32 %tid, 61
  br label %outer

outer:                                            ; preds = %outer.latch.outer_crit_edge, %entry
  %lsr.iv6 = phi i32 [ %lsr.iv.next7, %outer.latch.outer_crit_edge ], [ 0, %entry ]
  %i = phi i32 [ 0, %entry ], [ %i.next, %outer.latch.outer_crit_edge ]
  %s = phi i32 [ 0, %entry ], [ %s.next.lcssa3, %outer.latch.outer_crit_edge ]
  br label %inner

inner:                                            ; preds = %inner.latch.inner_crit_edge, %outer
  %lsr.iv = phi i32 [ %lsr.iv.next, %inner.latch.inner_crit_edge ], [ 1, %outer ]
  %s.j = phi i32 [ %s, %outer ], [ %s.next, %inner.latch.inner_crit_edge ]
  %0 = add i32 %lsr.iv6, %lsr.iv
  %1 = add i32 %0, -1
  %2 = sext i32 %1 to i64
  %p = getelementptr inbounds i32, ptr addrspace(1) %a, i64 %2
  %v = load i32, ptr addrspace(1) %p, align 4
  %s.next = add i32 %s.j, %v
  %hit = icmp eq i32 %v, %t
  %.exit = freeze i32 %1
  %s.next.exit = freeze i32 %s.next
  br i1 %hit, label %inner.exit_crit_edge, label %inner.latch

inner.exit_crit_edge:                             ; preds = %inner
  %idx.lcssa = phi i32 [ %.exit, %inner ]
  %s.next.lcssa = phi i32 [ %s.next.exit, %inner ]
  br label %exit

inner.latch:                                      ; preds = %inner
  %jc = icmp ult i32 %lsr.iv, %n
  br i1 %jc, label %inner.latch.inner_crit_edge, label %outer.latch

inner.latch.inner_crit_edge:                      ; preds = %inner.latch
  %lsr.iv.next = add i32 %lsr.iv, 1
  br label %inner

outer.latch:                                      ; preds = %inner.latch
  %s.next.lcssa3 = phi i32 [ %s.next, %inner.latch ]
  %i.next = add i32 %i, 1
  %ic = icmp ult i32 %i.next, %n
  %s.next.lcssa3.exit = freeze i32 %s.next.lcssa3
  br i1 %ic, label %outer.latch.outer_crit_edge, label %outer.latch.exit_crit_edge

outer.latch.exit_crit_edge:                       ; preds = %outer.latch
  %s.next.lcssa3.lcssa = phi i32 [ %s.next.lcssa3.exit, %outer.latch ]
  br label %exit

outer.latch.outer_crit_edge:                      ; preds = %outer.latch
  %lsr.iv.next7 = add i32 %lsr.iv6, %n
  br label %outer

exit:                                             ; preds = %outer.latch.exit_crit_edge, %inner.exit_crit_edge
  %s.next4 = phi i32 [ %s.next.lcssa, %inner.exit_crit_edge ], [ %s.next.lcssa3.lcssa, %outer.latch.exit_crit_edge ]
  %r = phi i32 [ %idx.lcssa, %inner.exit_crit_edge ], [ -1, %outer.latch.exit_crit_edge ]
  %o = shl i32 %tid, 1
  %3 = sext i32 %o to i64
  %g = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %3
  %4 = insertelement <2 x i32> poison, i32 %r, i32 0
  %5 = insertelement <2 x i32> %4, i32 %s.next4, i32 1
  store <2 x i32> %5, ptr addrspace(1) %g, align 4
  ret void
}



declare i32 @llvm.amdgcn.workitem.id.x()
