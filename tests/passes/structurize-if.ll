; Structured lowering of divergent ifs (isel_struct.c). An if-then is
; s_and_saveexec_b64 + s_cbranch_execz past the arm and s_or_b64 exec at
; the join: no else block, no mask inversion (the split critical edge that
; is the empty arm gets no block). A nested if-then whose join is the
; outer join (`a && b`) only narrows EXEC (s_and_b64 exec) and skips to
; the outer join, whose s_or_b64 restores every lane: three mask
; operations, not four (llc-19 does the same). The scalar load in the
; divergent arm stays an s_load (EXEC is never zero inside a region).
; RUN: %wavecc %s -S -o - | FileCheck %s
; RUN: %wavecc %s -S -o - --print-after=isel 2>&1 | FileCheck %s --check-prefix=MIR
target triple = "amdgcn-amd-amdhsa"

declare i32 @llvm.amdgcn.workitem.id.x()

; CHECK-LABEL: k:
; CHECK: v_cmp_gt_u32_e64 [[C:s\[[0-9]+:[0-9]+\]]]
; CHECK-NEXT: s_and_saveexec_b64 [[S:s\[[0-9]+:[0-9]+\]]], [[C]]
; CHECK-NEXT: s_cbranch_execz [[J:\.Lk_BB[0-9]+]]
; CHECK-NOT: s_not_b64
; CHECK: s_load_dword
; CHECK: v_cmp_lt_u32_e64 [[D:s\[[0-9]+:[0-9]+\]]]
; CHECK-NEXT: s_and_b64 exec, exec, [[D]]
; CHECK-NEXT: s_cbranch_execz [[J]]
; CHECK: global_store_dword
; The join only ends the kernel: its s_or_b64 exec, exec, [[S]] goes
; (exec-cleanup: nothing runs after it, as in llc-19's code).
; CHECK-NEXT: [[J]]:
; CHECK-NEXT: s_endpgm

; MIR: BB0:{{.*}}divergent_branch
; MIR: s_and_saveexec_b64
; MIR-NEXT: s_cbranch_execz BB3
define amdgpu_kernel void @k(ptr addrspace(1) %out, ptr addrspace(4) %tbl, i32 %n) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %g = getelementptr i32, ptr addrspace(1) %out, i32 %tid
  %c = icmp ult i32 %tid, %n
  br i1 %c, label %then, label %join
then:
  %t = load i32, ptr addrspace(4) %tbl
  %a = mul i32 %tid, %t
  store i32 %a, ptr addrspace(1) %g
  %d = icmp ugt i32 %tid, 7
  br i1 %d, label %inner, label %join
inner:
  %b = add i32 %a, 3
  store i32 %b, ptr addrspace(1) %g
  br label %join
join:
  ret void
}
