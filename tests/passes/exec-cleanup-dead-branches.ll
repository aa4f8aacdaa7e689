; Masked linearisation's loop latch (isel_cf.c item_end) and exec-cleanup
; (exec_cleanup.c): the end block sets EXEC to the continuing lanes and
; branches on it (s_cbranch_execz out; llc-19: s_andn2_b64 exec +
; s_cbranch_execz), where it used to restore the loop's EXEC, test the
; continuing lanes with s_cmp_lg_u64 and set EXEC again on the back edge;
; the continuing lanes' `s_and_b64 t, exec, c` writes EXEC itself
; (fold_exec_ops), and no copy of the loop mask is left on the back edge
; (the header's mask phi is dead: the edge masks read EXEC). Before:
; s_and_b64 + s_or_b64 + s_cmp_lg_u64 + s_cbranch_scc0 + s_mov_b64 exec +
; s_mov_b64 (mask copy) per iteration; now s_and_b64 exec + s_or_b64 +
; s_cbranch_execz. The accumulator's next value takes the phi's register
; (regalloc's find_free_off_wants: the product it adds to stays off it),
; so the back edge has no v_mov_b32 and branch-thread makes the latch one
; s_cbranch_execnz to the header.
; RUN: %wavecc %s -S -o - | FileCheck %s
target triple = "amdgcn-amd-amdhsa"

declare i32 @llvm.amdgcn.workitem.id.x()

; CHECK-LABEL: k_masked_loop:
; CHECK: s_mov_b64 s{{\[[0-9]+:[0-9]+\]}}, 0
; CHECK-NEXT: .Lk_masked_loop_BB[[HDR:[0-9]+]]:
; CHECK-NEXT: s_waitcnt vmcnt(0)
; CHECK-NOT: s_mov_b64 exec
; CHECK: s_andn2_b64 [[EXIT:s\[[0-9]+:[0-9]+\]]], exec, [[C:s\[[0-9]+:[0-9]+\]]]
; CHECK-NEXT: s_and_b64 exec, exec, [[C]]
; CHECK-NEXT: .Lk_masked_loop_BB{{[0-9]+}}:
; CHECK-NEXT: .Lk_masked_loop_BB{{[0-9]+}}:
; CHECK-NEXT: s_or_b64 [[ACC:s\[[0-9]+:[0-9]+\]]], [[ACC]], [[EXIT]]
; CHECK-NEXT: s_cbranch_execnz .Lk_masked_loop_BB[[HDR]]
; CHECK-NEXT: .Lk_masked_loop_BB{{[0-9]+}}:
; CHECK-NEXT: .Lk_masked_loop_BB{{[0-9]+}}:
; CHECK-NEXT: s_mov_b64 exec, [[ACC]]
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
