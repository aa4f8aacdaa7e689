; A divergent branch into a loop that never exits (its only way out is
; undefined behaviour: here a division by zero), the other side storing and
; returning at the kernel's end. Selection used to add a structuring edge
; to a block number past the function's last (Debug: assertion in
; mir_add_logical_edge; Release: undefined behaviour). The loop must still
; be selected, and the kernel end with s_endpgm.
; RUN: %wavecc -mcpu=gfx900 %s -S -o - | FileCheck %s
; RUN: %wavecc -mcpu=gfx1030 %s -S -o - | FileCheck %s
; CHECK-LABEL: k:
; CHECK: global_load_dword
; CHECK: global_store_dword
; CHECK: s_endpgm
target triple = "amdgcn-amd-amdhsa"

declare i32 @llvm.amdgcn.workitem.id.x()

define amdgpu_kernel void @k(ptr addrspace(1) %out, ptr addrspace(1) %start) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %sp = getelementptr inbounds i32, ptr addrspace(1) %start, i32 %tid
  %d0 = load i32, ptr addrspace(1) %sp, align 4
  %s0 = add nsw i32 %tid, 1000
  %neg = icmp sgt i32 %d0, -1
  br i1 %neg, label %loop, label %done
done:
  %op = getelementptr inbounds i32, ptr addrspace(1) %out, i32 %tid
  store i32 %s0, ptr addrspace(1) %op, align 4
  ret void
loop:
  %d = phi i32 [ %d0, %entry ], [ %d.next, %loop ]
  %s = phi i32 [ %s0, %entry ], [ %s.next, %loop ]
  %q = sdiv i32 %s, %d
  %s.next = add nsw i32 %q, %s
  %d.next = add nsw i32 %d, -1
  br label %loop
}
