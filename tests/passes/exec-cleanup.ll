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

; A divergent loop exit into a join with phis gets a block for the leaving
; lanes' phi copies (s_and_saveexec_b64 to them, the copies, s_andn2_b64
; exec to the lanes that stay). With the copies coalesced away (here the
; counter's copy %i.exit and the phi share a VGPR), the block is empty and
; EXEC goes straight to the staying lanes: one s_andn2_b64 exec, exec, M.
; RUN: %wavecc %s -S -o - | FileCheck %s --check-prefix=LOOP
; RUN: %wavecc %s --print-after=copy-cleanup -S -o /dev/null 2>&1 | FileCheck %s --check-prefix=LOOPBEFORE
; LOOPBEFORE-LABEL: kernel exit_copies
; LOOPBEFORE: [[S:%[0-9]+]]:s2@s[{{[0-9:]+}}] = s_and_saveexec_b64 killed [[M:%[0-9]+]]:s2
; LOOPBEFORE-NEXT: s_cbranch_execz [[Z:BB[0-9]+]]
; LOOPBEFORE-NEXT: p_branch [[Y:BB[0-9]+]]
; LOOPBEFORE-NEXT: [[Y]]: preds
; LOOPBEFORE-NEXT: p_branch [[Z]]
; LOOPBEFORE-NEXT: [[Z]]:
; LOOPBEFORE-NEXT: exec = s_andn2_b64 killed [[S]]:s2@s[{{[0-9:]+}}], exec
; LOOP-LABEL: exit_copies:
; LOOP: v_mov_b32_e32 v{{[0-9]+}}, s{{[0-9]+}}
; LOOP: v_cmp_eq_u32_e64 [[M:s\[[0-9]+:[0-9]+\]]],
; LOOP-NEXT: s_andn2_b64 exec, exec, [[M]]
; LOOP-NOT: saveexec
; LOOP: s_cbranch_execz
; LOOP: global_store_dword
define amdgpu_kernel void @exit_copies(ptr addrspace(1) %out, ptr addrspace(4) %tab, ptr addrspace(1) %keys, i32 %n) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %kp = getelementptr inbounds i32, ptr addrspace(1) %keys, i32 %tid
  %key = load i32, ptr addrspace(1) %kp, align 4
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %latch ]
  %p = getelementptr inbounds i32, ptr addrspace(4) %tab, i32 %i
  %t = load i32, ptr addrspace(4) %p, align 4
  %hit = icmp eq i32 %t, %key
  br i1 %hit, label %done, label %latch
latch:
  %i.next = add i32 %i, 1
  %more = icmp slt i32 %i.next, %n
  br i1 %more, label %loop, label %done
done:
  %r = phi i32 [ %i, %loop ], [ -1, %latch ]
  %o = getelementptr inbounds i32, ptr addrspace(1) %out, i32 %tid
  store i32 %r, ptr addrspace(1) %o, align 4
  ret void
}
