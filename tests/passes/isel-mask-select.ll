; Lane-mask `a && b` / `a || b` (LLVM's select i1 c, b, false / select i1
; c, true, b) take one mask operation (s_and_b64 / s_or_b64 / s_andn2_b64
; / s_orn2_b64), not s_and_b64 + s_andn2_b64 + s_or_b64 with a constant
; mask in an SGPR pair; a uniform compare becomes a lane mask straight
; from SCC (s_cselect_b64), without s_cselect_b32 + s_cmp_lg_u32.
; (-O1: no instcombine, which rewrites some of these selects first.)
; RUN: %wavecc -O1 %s -S -o - | FileCheck %s
target triple = "amdgcn-amd-amdhsa"
declare i32 @llvm.amdgcn.workitem.id.x()

; CHECK-LABEL: orand:
; CHECK: v_cmp_gt_u32_e64 [[A:s\[[0-9]+:[0-9]+\]]], 10, v0
; CHECK-NEXT: v_cmp_lt_u32_e64 [[B:s\[[0-9]+:[0-9]+\]]], 50, v0
; CHECK-NEXT: s_or_b64 [[OR:s\[[0-9]+:[0-9]+\]]], [[B]], [[A]]
; CHECK-NEXT: v_cmp_ne_u32_e64 [[C:s\[[0-9]+:[0-9]+\]]], 7, v0
; CHECK-NEXT: s_and_b64 [[AND:s\[[0-9]+:[0-9]+\]]], [[C]], [[OR]]
; CHECK: s_cmp_gt_i32 {{s[0-9]+}}, 3
; CHECK-NEXT: s_cselect_b64 [[U:s\[[0-9]+:[0-9]+\]]], -1, 0
; CHECK-NEXT: s_and_b64 [[BOTH:s\[[0-9]+:[0-9]+\]]], [[U]], [[AND]]
; CHECK-NEXT: s_and_saveexec_b64 {{s\[[0-9]+:[0-9]+\]}}, [[BOTH]]
; CHECK-LABEL: ornot:
; (the compare of the id may issue before the load: sched-uses)
; CHECK-DAG: v_cmp_eq_u32_e64 [[X:s\[[0-9]+:[0-9]+\]]], 10, v
; CHECK-DAG: v_cmp_eq_u32_e64 [[Y:s\[[0-9]+:[0-9]+\]]], 4, v
; CHECK: s_orn2_b64 [[Z:s\[[0-9]+:[0-9]+\]]], [[Y]], [[X]]
; CHECK-NEXT: s_and_saveexec_b64 {{s\[[0-9]+:[0-9]+\]}}, [[Z]]
define amdgpu_kernel void @orand(ptr addrspace(1) %out, i32 %n) {
entry:
  %id = call i32 @llvm.amdgcn.workitem.id.x()
  %a = icmp ult i32 %id, 10
  %b = icmp ugt i32 %id, 50
  %or = select i1 %a, i1 true, i1 %b
  %c = icmp ne i32 %id, 7
  %and = select i1 %or, i1 %c, i1 false
  %u = icmp sgt i32 %n, 3
  %both = select i1 %and, i1 %u, i1 false
  br i1 %both, label %then, label %exit
then:
  %p = getelementptr i32, ptr addrspace(1) %out, i32 %id
  store i32 1, ptr addrspace(1) %p
  br label %exit
exit:
  ret void
}

define amdgpu_kernel void @ornot(ptr addrspace(1) %out, ptr addrspace(1) %in) {
entry:
  %id = call i32 @llvm.amdgcn.workitem.id.x()
  %q = getelementptr i32, ptr addrspace(1) %in, i32 %id
  %v = load i32, ptr addrspace(1) %q
  %a = icmp eq i32 %v, 10
  %w = and i32 %id, 12
  %b = icmp eq i32 %w, 4
  %x = select i1 %a, i1 %b, i1 true
  br i1 %x, label %then, label %exit
then:
  %p = getelementptr i32, ptr addrspace(1) %out, i32 %id
  store i32 1, ptr addrspace(1) %p
  br label %exit
exit:
  ret void
}
