; Masked linearisation (isel_cf.c) skips the body of a block whose mask is
; empty: the head sets EXEC and branches over the body with
; s_cbranch_execz; the tail (edge masks, blends) always runs, and the
; loop's end block still branches back while any lane continues.
; (The attribute "wavecc-no-structurize" keeps this kernel out of
; isel_struct.c's structured lowering; the loop counter is uniform.)
; RUN: %wavecc %s -O0 -S -o - | FileCheck %s
target triple = "amdgcn-amd-amdhsa"

declare i32 @llvm.amdgcn.workitem.id.x()

; The loop header is never skipped; the "then" body is.
; CHECK: s_mov_b64 s[{{[0-9]+:[0-9]+}}], 0
; (the header's EXEC write goes: the arms' masks overwrite it before any
; instruction runs under it, exec-cleanup)
; CHECK: [[HDR:\.Lk_BB[0-9]+]]:
; CHECK-NEXT: s_and_b32
; CHECK-NEXT: s_cmp_eq_u32
; CHECK: s_cbranch_execz [[TAIL:\.Lk_BB[0-9]+]]
; CHECK-NEXT: .Lk_BB{{[0-9]+}}:
; CHECK: global_load_dword
; CHECK: v_mul_lo_u32
; CHECK-NEXT: [[TAIL]]:
; The latch (a value read after the loop) is not skipped; the back edge
; is taken while any lane continues: EXEC = the continuing lanes, then
; s_cbranch_execnz (branch-thread's form of s_cbranch_execz out of the
; loop over a block that only branches back).
; CHECK-NOT: s_cbranch_execz
; CHECK: s_andn2_b64 exec, exec,
; CHECK: s_cbranch_execnz [[HDR]]
; CHECK-NEXT: .Lk_BB{{[0-9]+}}:
; The exit block's store is skipped when no lane left the loop.
; CHECK-NEXT: [[EXIT:\.Lk_BB[0-9]+]]:
; CHECK-NEXT: s_mov_b64 exec,
; CHECK-NEXT: s_cbranch_execz [[END:\.Lk_BB[0-9]+]]
; CHECK: global_store_dword
; CHECK-NEXT: [[END]]:
; CHECK-NEXT: s_endpgm
define amdgpu_kernel void @k(ptr addrspace(1) %out, ptr addrspace(1) %in) "wavecc-no-structurize" {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %latch ]
  %acc = phi i32 [ 0, %entry ], [ %acc.next, %latch ]
  %odd = and i32 %i, 1
  %c = icmp eq i32 %odd, 0
  br i1 %c, label %then, label %latch
then:
  %p = getelementptr i32, ptr addrspace(1) %in, i32 %i
  %v = load i32, ptr addrspace(1) %p
  %m = mul i32 %v, %tid
  br label %latch
latch:
  %add = phi i32 [ %m, %then ], [ 1, %loop ]
  %acc.next = add i32 %acc, %add
  %i.next = add i32 %i, 1
  %ex = icmp ugt i32 %i.next, %tid
  br i1 %ex, label %exit, label %loop
exit:
  %g = getelementptr i32, ptr addrspace(1) %out, i32 %tid
  store i32 %acc.next, ptr addrspace(1) %g
  ret void
}
