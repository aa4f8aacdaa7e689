; A lane-mask phi at a divergent join is carried in a VGPR (0/1, each
; arm's copy written under that arm's EXEC) and compared back to a mask
; after EXEC is restored: an SGPR pair written by both arms would keep
; only the else arm's bits (isel_struct.c; -O0 keeps the phi).
; RUN: %wavecc %s -O0 -S -o - | FileCheck %s
target triple = "amdgcn-amd-amdhsa"

declare i32 @llvm.amdgcn.workitem.id.x()

; CHECK-LABEL: b:
; CHECK: s_and_saveexec_b64 [[BS:s\[[0-9]+:[0-9]+\]]]
; CHECK: v_cmp_lt_u32_e64 [[M1:s\[[0-9]+:[0-9]+\]]], 3,
; CHECK: v_cndmask_b32_e64 [[V:v[0-9]+]], 0, 1, [[M1]]
; CHECK: s_andn2_b64 exec, [[BS]], exec
; CHECK: v_cmp_gt_u32_e64 [[M2:s\[[0-9]+:[0-9]+\]]], 50,
; CHECK: v_cndmask_b32_e64 [[V]], 0, 1, [[M2]]
; CHECK: s_or_b64 exec, exec, [[BS]]
; CHECK-NEXT: v_cmp_ne_u32_e64 {{s\[[0-9]+:[0-9]+\]}}, 0, [[V]]
define amdgpu_kernel void @b(ptr addrspace(1) %out, i32 %n) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %g = getelementptr i32, ptr addrspace(1) %out, i32 %tid
  %c = icmp ult i32 %tid, %n
  br i1 %c, label %then, label %else
then:
  %a = icmp ugt i32 %tid, 3
  store i32 1, ptr addrspace(1) %g
  br label %join
else:
  %e = icmp ult i32 %tid, 50
  store i32 2, ptr addrspace(1) %g
  br label %join
join:
  %p = phi i1 [ %a, %then ], [ %e, %else ]
  %z = zext i1 %p to i32
  %g4 = getelementptr i32, ptr addrspace(1) %g, i32 64
  store i32 %z, ptr addrspace(1) %g4
  ret void
}
