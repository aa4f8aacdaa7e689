; Structured lowering of divergent loops (isel_struct.c). EXEC is saved
; before the loop; a divergent exit removes its lanes from EXEC
; (s_andn2_b64) and the back edge is taken while any lane is left
; (s_cbranch_execnz); EXEC is restored after the loop. The induction
; variable is uniform (divergence analysis: a loop header is not a join of
; its own exits), so it stays in an SGPR and the table load it indexes is
; an s_load inside the loop.
; RUN: %wavecc --no-llc-ir-passes %s -S -o - | FileCheck %s
target triple = "amdgcn-amd-amdhsa"

declare i32 @llvm.amdgcn.workitem.id.x()

; CHECK-LABEL: k:
; CHECK: s_mov_b64 [[SAVED:s\[[0-9]+:[0-9]+\]]], exec
; CHECK-NEXT: s_mov_b32 [[I:s[0-9]+]], 0
; CHECK: [[LOOP:\.Lk_BB[0-9]+]]:
; The increment and the exit compare issue while the load is in flight
; (sched-uses).
; CHECK: s_load_dword [[T:s[0-9]+]], s[{{[0-9]+:[0-9]+}}], 0x0
; CHECK-NEXT: s_add_u32 [[I]], [[I]], 1
; CHECK-NEXT: v_cmp_gt_u32_e64 [[EX:s\[[0-9]+:[0-9]+\]]], [[I]], v0
; CHECK-NEXT: s_waitcnt lgkmcnt(0)
; CHECK-NEXT: v_add_u32_e32 {{v[0-9]+}}, [[T]],
; CHECK-NEXT: s_andn2_b64 exec, exec, [[EX]]
; CHECK-NEXT: s_cbranch_execnz [[LOOP]]
; CHECK-NEXT: .Lk_BB{{[0-9]+}}:
; CHECK-NEXT: s_mov_b64 exec, [[SAVED]]
; CHECK: global_store_dword
define amdgpu_kernel void @k(ptr addrspace(1) %out, ptr addrspace(4) %tbl) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %loop ]
  %acc = phi i32 [ 0, %entry ], [ %acc.next, %loop ]
  %p = getelementptr i32, ptr addrspace(4) %tbl, i32 %i
  %t = load i32, ptr addrspace(4) %p
  %acc.next = add i32 %acc, %t
  %i.next = add i32 %i, 1
  %ex = icmp ugt i32 %i.next, %tid
  br i1 %ex, label %exit, label %loop
exit:
  %g = getelementptr i32, ptr addrspace(1) %out, i32 %tid
  store i32 %acc.next, ptr addrspace(1) %g
  ret void
}

; A loop with two exit targets: the lanes that break to %found are
; accumulated in an SGPR pair (s_or_b64) and leave EXEC; after the loop,
; with EXEC restored, %found runs under exactly those lanes.
; CHECK-LABEL: two:
; CHECK: s_mov_b64 [[SAVED2:s\[[0-9]+:[0-9]+\]]], exec
; CHECK-NEXT: s_mov_b64 [[ACC:s\[[0-9]+:[0-9]+\]]], 0
; CHECK: [[HDR:\.Ltwo_BB[0-9]+]]:
; CHECK: v_cmp_gt_u32_e64 [[B:s\[[0-9]+:[0-9]+\]]]
; CHECK-NEXT: s_and_b64 [[B]], exec, [[B]]
; CHECK-NEXT: s_or_b64 [[ACC]], [[ACC]], [[B]]
; CHECK-NEXT: s_andn2_b64 exec, exec, [[B]]
; CHECK-NEXT: s_cbranch_execz [[LAND:\.Ltwo_BB[0-9]+]]
; CHECK: s_and_b64 exec, exec,
; CHECK-NEXT: s_cbranch_execnz [[HDR]]
; CHECK-NEXT: [[LAND]]:
; CHECK-NEXT: s_mov_b64 exec, [[SAVED2]]
; CHECK-NEXT: .Ltwo_BB{{[0-9]+}}:
; CHECK-NEXT: s_and_saveexec_b64 [[S:s\[[0-9]+:[0-9]+\]]], [[ACC]]
; CHECK-NEXT: s_cbranch_execz [[END:\.Ltwo_BB[0-9]+]]
; CHECK: global_store_dword
; CHECK-NEXT: [[END]]:
; CHECK-NEXT: s_or_b64 exec, exec, [[S]]
define amdgpu_kernel void @two(ptr addrspace(1) %out, ptr addrspace(4) %tbl, i32 %n) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %latch ]
  %acc = phi i32 [ 0, %entry ], [ %acc.next, %latch ]
  %p = getelementptr i32, ptr addrspace(4) %tbl, i32 %i
  %t = load i32, ptr addrspace(4) %p
  %acc.next = add i32 %acc, %t
  %brk = icmp ugt i32 %acc.next, %tid
  br i1 %brk, label %found, label %latch
latch:
  %i.next = add i32 %i, 1
  %more = icmp ult i32 %i.next, %n
  br i1 %more, label %loop, label %done
found:
  %g = getelementptr i32, ptr addrspace(1) %out, i32 %tid
  store i32 %i, ptr addrspace(1) %g
  br label %done
done:
  ret void
}
