; exec-cleanup (exec_cleanup.c): a masked loop's latch restores the
; loop's EXEC for its SALU work (the exit mask's s_or_b64, the
; s_cmp_lg_u64 of the continuing lanes); both the back edge and the exit
; then set EXEC themselves before anything reads it, so the restore is
; dead on every path through the conditional branch and goes. (main
; ee7898a followed only blocks that fall into each other, and kept it:
; one s_mov_b64 exec per iteration.)
; RUN: %wavecc %s -S -o - | FileCheck %s
target triple = "amdgcn-amd-amdhsa"

declare i32 @llvm.amdgcn.workitem.id.x()

; CHECK-LABEL: k_masked_loop:
; CHECK: s_andn2_b64
; CHECK-NEXT: .Lk_masked_loop_BB{{[0-9]+}}:
; CHECK-NEXT: .Lk_masked_loop_BB{{[0-9]+}}:
; CHECK-NEXT: s_or_b64
; CHECK-NEXT: s_cmp_lg_u64
; CHECK-NEXT: s_cbranch_scc0
; CHECK-NEXT: .Lk_masked_loop_BB{{[0-9]+}}:
; CHECK-NEXT: s_mov_b64 exec,
; CHECK: s_endpgm
define amdgpu_kernel void @k_masked_loop(ptr addrspace(1) %io) #0 {
entry:
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr i32, ptr addrspace(1) %io, i32 %t
  %x = load i32, ptr addrspace(1) %p
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i1, %cont ]
  %acc = phi i32 [ %x, %entry ], [ %acc1, %cont ]
  %m = mul i32 %acc, 3
  %acc1 = add i32 %m, %i
  %i1 = add i32 %i, 1
  %low = and i32 %acc1, 15
  %stop = icmp eq i32 %low, 0
  br i1 %stop, label %exit, label %cont
cont:
  %more = icmp ult i32 %i1, 8
  br i1 %more, label %loop, label %exit
exit:
  store i32 %acc1, ptr addrspace(1) %p
  ret void
}

attributes #0 = { "wavecc-no-structurize" }
