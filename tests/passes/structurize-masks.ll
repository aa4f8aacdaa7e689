; Mask sequences of structured ifs and loop exits (isel_struct.c):
;  - an if-then whose "then" is the false successor (`if (!(a && b))`,
;    `if (x > 3 || y)` as clang emits it) narrows EXEC with one
;    s_andn1_saveexec_b64 (EXEC = ~cond & EXEC), not s_not_b64 + s_and_saveexec;
;  - `a && b` whose outer if has an else arm keeps the inner save and
;    restore: the else block computes its lanes from EXEC after the then arm;
;  - a loop exit whose join has phis sets EXEC to the leaving lanes with one
;    s_andn1_saveexec_b64 / s_and_saveexec_b64 on the condition.
; (The two compares of `neg` in either order: sched-uses may issue the one
; that needs no kernel argument during the s_load's wait.)
; RUN: %wavecc --no-llc-ir-passes %s -S -o - | FileCheck %s
target triple = "amdgcn-amd-amdhsa"

declare i32 @llvm.amdgcn.workitem.id.x()

; CHECK-LABEL: neg:
; CHECK-DAG: v_cmp_gt_u32_e64 [[A:s\[[0-9]+:[0-9]+\]]]
; CHECK-DAG: v_cmp_lt_u32_e64 [[B:s\[[0-9]+:[0-9]+\]]]
; CHECK: s_and_b64 [[C:s\[[0-9]+:[0-9]+\]]], [[A]], [[B]]
; CHECK-NEXT: s_andn1_saveexec_b64 [[S:s\[[0-9]+:[0-9]+\]]], [[C]]
; CHECK-NEXT: s_cbranch_execz [[J:\.Lneg_BB[0-9]+]]
; CHECK-NOT: s_not_b64
; CHECK: global_store_dword
; CHECK-NEXT: [[J]]:
; CHECK-NEXT: s_endpgm
define amdgpu_kernel void @neg(ptr addrspace(1) %out, i32 %n) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %a = icmp ult i32 %tid, %n
  %b = icmp ugt i32 %tid, 3
  %c = and i1 %a, %b
  br i1 %c, label %join, label %then
then:
  %g = getelementptr i32, ptr addrspace(1) %out, i32 %tid
  store i32 1, ptr addrspace(1) %g
  br label %join
join:
  ret void
}

; CHECK-LABEL: andelse:
; CHECK: s_and_saveexec_b64 [[S1:s\[[0-9]+:[0-9]+\]]]
; CHECK-NEXT: s_cbranch_execz [[ELSE:\.Landelse_BB[0-9]+]]
; CHECK: s_and_saveexec_b64 [[S2:s\[[0-9]+:[0-9]+\]]]
; CHECK-NEXT: s_cbranch_execz [[J2:\.Landelse_BB[0-9]+]]
; CHECK: [[J2]]:
; CHECK-NEXT: s_or_b64 exec, exec, [[S2]]
; CHECK: [[ELSE]]:
; CHECK-NEXT: s_andn2_b64 exec, [[S1]], exec
define amdgpu_kernel void @andelse(ptr addrspace(1) %out, ptr addrspace(1) %out2, i32 %n) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %g = getelementptr i32, ptr addrspace(1) %out, i32 %tid
  %a = icmp ult i32 %tid, %n
  br i1 %a, label %then, label %else
then:
  store i32 1, ptr addrspace(1) %g
  %b = icmp ugt i32 %tid, 7
  br i1 %b, label %inner, label %join
inner:
  %g2 = getelementptr i32, ptr addrspace(1) %out2, i32 %tid
  store i32 2, ptr addrspace(1) %g2
  br label %join
else:
  store i32 3, ptr addrspace(1) %g
  br label %join
join:
  ret void
}

; CHECK-LABEL: exitphi:
; CHECK: [[HDR:\.Lexitphi_BB[0-9]+]]:
; the first exit's phi-copy block is left empty by coalescing: exec-cleanup
; turns its s_and_saveexec_b64 / s_andn2_b64 exec pair into one s_andn2_b64
; CHECK: v_cmp_eq_u32_e64 [[X:s\[[0-9]+:[0-9]+\]]]
; CHECK-NEXT: s_andn2_b64 exec, exec, [[X]]
; CHECK: s_cbranch_execz
; CHECK: v_cmp_gt_u32_e64 [[Y:s\[[0-9]+:[0-9]+\]]]
; the second exit's phi copy runs under the leaving lanes; execz-short
; drops the s_cbranch_execz over it (a v_mov_b32 changes nothing when
; no lane leaves)
; CHECK-NEXT: s_andn1_saveexec_b64 {{s\[[0-9]+:[0-9]+\]}}, [[Y]]
; CHECK-NEXT: {{^.*BB[0-9]+:}}
; CHECK-NEXT: v_mov_b32_e32
define amdgpu_kernel void @exitphi(ptr addrspace(1) %out, ptr addrspace(1) %in) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %latch ]
  %p = getelementptr i32, ptr addrspace(1) %in, i32 %i
  %v = load i32, ptr addrspace(1) %p
  %hit = icmp ne i32 %v, %tid
  br i1 %hit, label %latch, label %exit
latch:
  %i.next = add i32 %i, 1
  %more = icmp ult i32 %i.next, 100
  br i1 %more, label %loop, label %exit
exit:
  %r = phi i32 [ %i, %loop ], [ -1, %latch ]
  %g = getelementptr i32, ptr addrspace(1) %out, i32 %tid
  store i32 %r, ptr addrspace(1) %g
  ret void
}
