; loop-escaping-booleans after llc-19's pre-selection passes: %more (i1,
; defined in the loop) is read after it, where lanes that left through the
; divergent exit in %body must still see true. wavecc's own IR passes copy
; it out through i32 (`zext` in the loop, `icmp ne` after it), but the
; early-cse among llc's passes (llvm/llc_passes.c) simplified
; `icmp ne (zext i1 %more), 0` back to %more, and loop-reduce's LCSSA
; carried the lane mask out through i1 phis: v_cmp writes 0 for the lanes
; EXEC has turned off, so lanes that left early read false
; (tests/kernels/f_loop_exit_join.ll, k_bool_escape). The pass runs again
; after llc's passes.
; RUN: %wavecc -mcpu=gfx900 %s -S -o /dev/null --print-after=import 2>&1 | FileCheck %s
target triple = "amdgcn-amd-amdhsa"

declare i32 @llvm.amdgcn.workitem.id.x()

; CHECK-LABEL: define amdgpu_kernel void @k(
; CHECK: loop:
; CHECK: %more = icmp slt i32 %i, %n
; CHECK-NEXT: %[[Z:[0-9]+]] = zext i1 %more to i32
; CHECK-NOT: phi i1 [ %more
; CHECK: phi i32 [ %[[Z]], %{{[a-z._]+}} ], [ %[[Z]], %{{[a-z._]+}} ]
; CHECK-NOT: phi i1 [ %more
; CHECK: ret void
define amdgpu_kernel void @k(ptr addrspace(1) %out, ptr addrspace(1) %a, i32 %n) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %t = and i32 %tid, 31
  br label %loop
loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %latch ]
  %more = icmp slt i32 %i, %n
  br i1 %more, label %body, label %exit
body:
  %p = getelementptr inbounds i32, ptr addrspace(1) %a, i32 %i
  %v = load i32, ptr addrspace(1) %p, align 4
  %hit = icmp eq i32 %v, %t
  br i1 %hit, label %exit, label %latch
latch:
  %i.next = add i32 %i, 1
  br label %loop
exit:
  %g = getelementptr inbounds i32, ptr addrspace(1) %out, i32 %tid
  br i1 %more, label %found, label %missing
found:
  %w = mul i32 %tid, 3
  store i32 %w, ptr addrspace(1) %g, align 4
  ret void
missing:
  store i32 -5, ptr addrspace(1) %g, align 4
  ret void
}
