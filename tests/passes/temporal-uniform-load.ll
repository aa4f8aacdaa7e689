; Divergence (divergence.c, drop_unpaid_copies): a load of constant
; memory through a uniform pointer inside a loop with a divergent exit,
; whose value is used after the loop, stays uniform when the load can be
; scalar: s_load_dword in the loop and a v_mov copy for the lanes that
; leave (loop-exit-copies), as llc-19 does. On main the copy was judged
; not to pay, the value became divergent and the load a VMEM
; global_load_dword every iteration (f_temporal_uniform t_do).
; RUN: %wavecc -mcpu=gfx900 -filetype=asm %s -o - | FileCheck %s
target triple = "amdgcn-amd-amdhsa"

; CHECK-LABEL: t_do:
; CHECK: global_load_dword
; CHECK-NOT: global_load_dword
; CHECK: s_load_dword
; CHECK-NOT: global_load_dword
; CHECK: s_cbranch_
; CHECK-NOT: global_load_dword
; CHECK: s_endpgm
define amdgpu_kernel void @t_do(ptr addrspace(1) %keys, ptr addrspace(4) %table, i32 %n, ptr addrspace(1) %out) {
entry:
  %g = call i32 @llvm.amdgcn.workitem.id.x()
  %kp = getelementptr inbounds i32, ptr addrspace(1) %keys, i32 %g
  %key = load i32, ptr addrspace(1) %kp, align 4
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i1, %cont ]
  %tp = getelementptr inbounds i32, ptr addrspace(4) %table, i32 %i
  %cur = load i32, ptr addrspace(4) %tp, align 4
  %ge = icmp sge i32 %cur, %key
  br i1 %ge, label %exit, label %cont
cont:
  %i1 = add nuw nsw i32 %i, 1
  %more = icmp slt i32 %i1, %n
  br i1 %more, label %loop, label %exit
exit:
  %r = phi i32 [ %cur, %loop ], [ %cur, %cont ]
  %op = getelementptr inbounds i32, ptr addrspace(1) %out, i32 %g
  store i32 %r, ptr addrspace(1) %op, align 4
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
