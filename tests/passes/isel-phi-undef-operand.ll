; A phi operand that is poison or undef is no copy on its edge (isel.c
; fill_phis: an undef MIR operand, which ssa-elim leaves out): the lanes
; that skipped the load keep whatever the phi's register holds, as
; llc-19 leaves them, instead of a v_mov_b32 of 0 in an else arm of its
; own (the buffer waterfall loop's result, fatptr_waterfall.c, paid an
; EXEC flip, a wait and a move per iteration).
; RUN: %wavecc %s -S -o - | FileCheck %s
target triple = "amdgcn-amd-amdhsa"

; CHECK-LABEL: k_undef_arm:
; CHECK: s_and_saveexec_b64
; CHECK: global_load_dword
; CHECK-NOT: v_mov_b32_e32 v{{[0-9]+}}, 0
; CHECK-NOT: s_andn2_b64 exec
; CHECK: s_or_b64 exec
; CHECK: global_store_dword
define amdgpu_kernel void @k_undef_arm(ptr addrspace(1) %in, ptr addrspace(1) %out) {
entry:
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %c = icmp ult i32 %t, 17
  br i1 %c, label %then, label %join
then:
  %p = getelementptr i32, ptr addrspace(1) %in, i32 %t
  %v = load i32, ptr addrspace(1) %p, align 4
  br label %join
join:
  %r = phi i32 [ %v, %then ], [ poison, %entry ]
  %q = getelementptr i32, ptr addrspace(1) %out, i32 %t
  store i32 %r, ptr addrspace(1) %q, align 4
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
