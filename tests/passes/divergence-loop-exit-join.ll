; Divergence analysis: a loop with a uniform exit in its header (%loop)
; and a divergent exit in its body (%body), both to %exit. The lanes that
; stay in the loop at %body's branch leave later through %loop's exit, so
; %exit is a join of the divergent branch and its phis are divergent, even
; a phi of constants. The analysis used to stop a path at the header of a
; loop holding the branch and never reached %loop's exit from that side:
; %w stayed uniform, an SGPR written in both exits' EXEC regions (every
; lane read the last region's value; tests/kernels/f_loop_exit_join.ll,
; found with llc-19's LCSSA + loop-exit-copies on f_loop_nested_exits.cl
; at wave32). The counter %i and the header's compare stay uniform.
; RUN: %wavecc --no-llc-ir-passes %s -S -o %t.s --print-after=divergence 2>&1 | FileCheck %s
; RUN: %wavecc -mcpu=gfx1030 %s -S -o - | FileCheck %s --check-prefix=ASM
target triple = "amdgcn-amd-amdhsa"

declare i32 @llvm.amdgcn.workitem.id.x()

; CHECK-LABEL: divergence of k:
; CHECK: uniform: %i = phi i32
; CHECK: uniform: %end = icmp eq i32 %i, %n
; CHECK: divergent: %hit = icmp eq i32 %v, %t
; CHECK: divergent: %w = phi i32 [ 1000, %{{.*}} ], [ 2000, %{{.*}} ]
; ASM-LABEL: k:
; ASM-NOT: s_mov_b32 s{{[0-9]+}}, 0x7d0
; ASM: v_mov_b32_e32 v{{[0-9]+}}, 0x7d0
; ASM: s_endpgm
define amdgpu_kernel void @k(ptr addrspace(1) %out, ptr addrspace(1) %a, i32 %n) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %t = urem i32 %tid, 61
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %latch ]
  %end = icmp eq i32 %i, %n
  br i1 %end, label %exit, label %body
body:
  %p = getelementptr inbounds i32, ptr addrspace(1) %a, i32 %i
  %v = load i32, ptr addrspace(1) %p, align 4
  %hit = icmp eq i32 %v, %t
  br i1 %hit, label %exit, label %latch
latch:
  %i.next = add i32 %i, 1
  br label %loop
exit:
  %w = phi i32 [ 1000, %loop ], [ 2000, %body ]
  %g = getelementptr inbounds i32, ptr addrspace(1) %out, i32 %tid
  store i32 %w, ptr addrspace(1) %g, align 4
  ret void
}
