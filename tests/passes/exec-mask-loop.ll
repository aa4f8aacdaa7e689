; Masked linearisation (isel_cf.c) of a loop with a divergent exit: the
; header has phis for the loop mask, the exit accumulator and the value;
; the header runs with EXEC = its mask (set by the preheader and by the end
; block) and computes its edge masks from EXEC; the end block sets EXEC to
; the continuing lanes and goes round again (through a continue block)
; unless EXEC is empty; the exit block's EXEC is the accumulated exit mask.
; (The attribute "wavecc-no-structurize" keeps this kernel out of
; isel_struct.c's structured lowering.)
; RUN: %wavecc %s -O0 -S -o %t.s --print-after=isel 2>&1 | FileCheck %s
target triple = "amdgcn-amd-amdhsa"

declare i32 @llvm.amdgcn.workitem.id.x()

; CHECK: [[ALL:%[0-9]+]]:s2 = s_mov_b64 exec
; CHECK: [[HDR:BB[0-9]+]]: preds: BB{{[0-9]+}} BB{{[0-9]+}} succs
; CHECK-NEXT: [[MASK:%[0-9]+]]:s2 = p_phi [[ENTRY:%[0-9]+]]:s2, [[BACK:%[0-9]+]]:s2
; CHECK-NEXT: [[ACC:%[0-9]+]]:s2 = p_phi {{%[0-9]+}}:s2, [[ACCN:%[0-9]+]]:s2
; CHECK-NEXT: {{%[0-9]+}}:v1 = p_phi
; CHECK-NOT: exec =
; CHECK: [[EXITM:%[0-9]+]]:s2 = s_and_b64 exec, [[C:%[0-9]+]]:s2
; CHECK-NEXT: [[BACK]]:s2 = s_andn2_b64 exec, [[C]]:s2
; CHECK: exec = s_mov_b64 [[BACK]]:s2
; CHECK-NEXT: [[ACCN]]:s2 = s_or_b64 [[ACC]]:s2, [[EXITM]]:s2
; CHECK-NEXT: s_cbranch_execz [[EXIT:BB[0-9]+]]
; CHECK-NEXT: p_branch [[CONT:BB[0-9]+]]
; CHECK: [[CONT]]: preds:
; CHECK-NEXT: p_branch [[HDR]]
; CHECK: [[EXIT]]: preds:
; CHECK-NEXT: exec = s_mov_b64 [[ACCN]]:s2
; CHECK: global_store_dword
; CHECK: s_endpgm
define amdgpu_kernel void @k(ptr addrspace(1) %out) "wavecc-no-structurize" {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %i.next = add i32 %i, 3
  %ex = icmp ugt i32 %i.next, %tid
  br i1 %ex, label %exit, label %loop
exit:
  %g = getelementptr i32, ptr addrspace(1) %out, i32 %tid
  store i32 %i.next, ptr addrspace(1) %g
  ret void
}
