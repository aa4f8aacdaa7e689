; exec-cleanup: an if-then whose join has a phi gets a block for the lanes
; that skip the "then" arm (exec = s_andn2_b64 saved, exec, then their phi
; copies); when the allocator has coalesced the copy away (%r, %v and %y
; share v1), that block only narrows EXEC before the join's s_or_b64 exec,
; exec, saved restores it, and the s_andn2_b64 goes.
; RUN: %wavecc %s -S -o - | FileCheck %s
; RUN: %wavecc %s --print-after=copy-cleanup -S -o /dev/null 2>&1 | FileCheck %s --check-prefix=BEFORE
target triple = "amdgcn-amd-amdhsa"
declare i32 @llvm.amdgcn.workitem.id.x()

; BEFORE: exec = s_andn2_b64 [[S:%[0-9]+]]:s2@s[{{[0-9:]+}}], exec
; BEFORE-NEXT: p_branch [[J:BB[0-9]+]]
; BEFORE-NEXT: [[J]]:
; BEFORE-NEXT: exec = s_or_b64 exec, killed [[S]]:s2

; CHECK-LABEL: skip:
; CHECK: s_and_saveexec_b64 [[SAVED:s\[[0-9]+:[0-9]+\]]],
; CHECK-NEXT: s_cbranch_execz
; CHECK: global_load_dword
; CHECK-NOT: s_andn2_b64 exec
; CHECK: s_or_b64 exec, exec, [[SAVED]]
; CHECK: global_store_dword
define amdgpu_kernel void @skip(ptr addrspace(1) %out, ptr addrspace(1) %in, i32 %n) {
entry:
  %id = call i32 @llvm.amdgcn.workitem.id.x()
  %q = getelementptr i32, ptr addrspace(1) %in, i32 %id
  %v = load i32, ptr addrspace(1) %q
  %c = icmp ult i32 %v, %n
  br i1 %c, label %then, label %join
then:
  %q2 = getelementptr i32, ptr addrspace(1) %in, i32 %v
  %x = load i32, ptr addrspace(1) %q2
  %y = add i32 %x, %v
  br label %join
join:
  %r = phi i32 [ %v, %entry ], [ %y, %then ]
  %p = getelementptr i32, ptr addrspace(1) %out, i32 %id
  store i32 %r, ptr addrspace(1) %p
  ret void
}
