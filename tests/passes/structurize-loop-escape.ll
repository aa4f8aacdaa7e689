; A divergent exit that leaves two loops at once (isel_struct.c, escape):
; the inner loop accumulates the lanes leaving for %found in an SGPR pair
; like any exit target; after the inner loop, with EXEC restored, those
; lanes leave the outer loop too (s_or_b64 into the outer accumulator,
; s_andn2_b64 exec), and %found runs under them after the outer loop. No
; masked linearisation of the kernel. (The index %idx is an SGPR in the
; loops; its copy into a VGPR for %found, loop_exit_copies.cpp, may come
; between the compare and the mask.)
; RUN: %wavecc %s -S -o - | FileCheck %s
; RUN: %wavecc %s --stats -S -o /dev/null 2>&1 | FileCheck %s --check-prefix=STATS
target triple = "amdgcn-amd-amdhsa"

declare i32 @llvm.amdgcn.workitem.id.x()

; STATS: esc: {{.*}}, divergent control flow structured
; CHECK-LABEL: esc:
; CHECK: s_mov_b64 [[SAVEDO:s\[[0-9]+:[0-9]+\]]], exec
; CHECK: s_mov_b64 [[SAVEDI:s\[[0-9]+:[0-9]+\]]], exec
; CHECK: [[INNER:\.Lesc_BB[0-9]+]]:
; CHECK: v_cmp_eq_u32_e64 [[HIT:s\[[0-9]+:[0-9]+\]]]
; CHECK: s_and_b64 [[HIT2:s\[[0-9]+:[0-9]+\]]], exec, [[HIT]]
; CHECK-NEXT: s_or_b64 [[ACCI:s\[[0-9]+:[0-9]+\]]], {{s\[[0-9]+:[0-9]+\]}}, [[HIT2]]
; CHECK-NEXT: s_andn2_b64 exec, exec, [[HIT2]]
; CHECK: s_{{cbranch_execnz|branch}} [[INNER]]
; CHECK: s_mov_b64 exec, [[SAVEDI]]
; CHECK: s_and_b64 [[ESC:s\[[0-9]+:[0-9]+\]]], exec, {{s\[[0-9]+:[0-9]+\]}}
; CHECK-NEXT: s_or_b64 {{s\[[0-9]+:[0-9]+\]}}, {{s\[[0-9]+:[0-9]+\]}}, [[ESC]]
; CHECK-NEXT: s_andn2_b64 exec, exec, [[ESC]]
; CHECK-NEXT: s_cbranch_execz
; CHECK: s_mov_b64 exec, [[SAVEDO]]
; CHECK: s_and_saveexec_b64
; CHECK: global_store_dword
define amdgpu_kernel void @esc(ptr addrspace(1) %out, ptr addrspace(1) %a, i32 %n) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  br label %outer
outer:
  %i = phi i32 [ 0, %entry ], [ %i.next, %outer.latch ]
  br label %inner
inner:
  %j = phi i32 [ 0, %outer ], [ %j.next, %inner.latch ]
  %idx = add i32 %i, %j
  %p = getelementptr i32, ptr addrspace(1) %a, i32 %idx
  %v = load i32, ptr addrspace(1) %p
  %hit = icmp eq i32 %v, %tid
  br i1 %hit, label %found, label %inner.latch
inner.latch:
  %j.next = add i32 %j, 1
  %jc = icmp ult i32 %j.next, %n
  br i1 %jc, label %inner, label %outer.latch
outer.latch:
  %i.next = add i32 %i, 1
  %ic = icmp ult i32 %i.next, %n
  br i1 %ic, label %outer, label %notfound
found:
  %r = phi i32 [ %idx, %inner ]
  %g = getelementptr i32, ptr addrspace(1) %out, i32 %tid
  store i32 %r, ptr addrspace(1) %g
  br label %exit
notfound:
  %g2 = getelementptr i32, ptr addrspace(1) %out, i32 %tid
  store i32 -1, ptr addrspace(1) %g2
  br label %exit
exit:
  ret void
}
