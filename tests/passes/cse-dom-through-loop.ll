; cse-dom (src/passes/cse_dom.c): a merge across a loop when the later
; instruction frees at least the registers the earlier result then holds
; through it. bench/real gemv_row: the 64-bit global id {lo, hi} from
; v_mad_u64_u32 is read before the row loop (its low dword: the row) and
; after it (p_extract of the low dword again, for y[r]); the pair lived
; through the loop for that one dword. Merged, only the low dword does:
; MaxLiveVGPRs 6 -> 5 at gfx1030 (main 501c6c5: 6, loop_between refused
; every merge across a loop). Host reference (Python): y[r] = sum of
; a[r*cols + c] for c < cols, r < n; y[r] for r >= n unchanged.
; RUN: %wavecc -mcpu=gfx1030 -filetype=null --no-llc-ir-passes --stats %s 2>&1 | FileCheck %s
; RUN: %wavecc-run %s | FileCheck %s --check-prefix=EMU
; RUN: %wavecc-run --mcpu=gfx1030 %s | FileCheck %s --check-prefix=EMU
; RUN: %wavecc-run --mcpu=gfx1100 %s | FileCheck %s --check-prefix=EMU
; CHECK: k_row: {{.*}} MaxLiveVGPRs 5 (
; EMU: 1 passed, 0 failed
;
; [config]
; name: cse-dom-through-loop
; dimensions: 1
;
; [test]
; name: cse-dom-through-loop-row
; kernel_name: k_row
; global_size: 128 0 0
; local_size: 64 0 0
; arg_in: 0 buffer float[300] -3 2 0 -2 3 1 -1 -3 2 0 -2 3 1 -1 -3 2 \
;     0 -2 3 1 -1 -3 2 0 -2 3 1 -1 -3 2 0 -2 \
;     3 1 -1 -3 2 0 -2 3 1 -1 -3 2 0 -2 3 1 \
;     -1 -3 2 0 -2 3 1 -1 -3 2 0 -2 3 1 -1 -3 \
;     2 0 -2 3 1 -1 -3 2 0 -2 3 1 -1 -3 2 0 \
;     -2 3 1 -1 -3 2 0 -2 3 1 -1 -3 2 0 -2 3 \
;     1 -1 -3 2 0 -2 3 1 -1 -3 2 0 -2 3 1 -1 \
;     -3 2 0 -2 3 1 -1 -3 2 0 -2 3 1 -1 -3 2 \
;     0 -2 3 1 -1 -3 2 0 -2 3 1 -1 -3 2 0 -2 \
;     3 1 -1 -3 2 0 -2 3 1 -1 -3 2 0 -2 3 1 \
;     -1 -3 2 0 -2 3 1 -1 -3 2 0 -2 3 1 -1 -3 \
;     2 0 -2 3 1 -1 -3 2 0 -2 3 1 -1 -3 2 0 \
;     -2 3 1 -1 -3 2 0 -2 3 1 -1 -3 2 0 -2 3 \
;     1 -1 -3 2 0 -2 3 1 -1 -3 2 0 -2 3 1 -1 \
;     -3 2 0 -2 3 1 -1 -3 2 0 -2 3 1 -1 -3 2 \
;     0 -2 3 1 -1 -3 2 0 -2 3 1 -1 -3 2 0 -2 \
;     3 1 -1 -3 2 0 -2 3 1 -1 -3 2 0 -2 3 1 \
;     -1 -3 2 0 -2 3 1 -1 -3 2 0 -2 3 1 -1 -3 \
;     2 0 -2 3 1 -1 -3 2 0 -2 3 1
; arg_in: 1 buffer float[128] 0 1 2 3 4 5 6 7 8 9 10 0 1 2 3 4 \
;     5 6 7 8 9 10 0 1 2 3 4 5 6 7 8 9 \
;     10 0 1 2 3 4 5 6 7 8 9 10 0 1 2 3 \
;     4 5 6 7 8 9 10 0 1 2 3 4 5 6 7 8 \
;     9 10 0 1 2 3 4 5 6 7 8 9 10 0 1 2 \
;     3 4 5 6 7 8 9 10 0 1 2 3 4 5 6 7 \
;     8 9 10 0 1 2 3 4 5 6 7 8 9 10 0 1 \
;     2 3 4 5 6 7 8 9 10 0 1 2 3 4 5 6
; arg_out: 1 buffer float[128] -1 2 -2 1 -3 0 3 -1 2 -2 1 -3 0 3 -1 2 \
;     -2 1 -3 0 3 -1 2 -2 1 -3 0 3 -1 2 -2 1 \
;     -3 0 3 -1 2 -2 1 -3 0 3 -1 2 -2 1 -3 0 \
;     3 -1 2 -2 1 -3 0 3 -1 2 -2 1 -3 0 3 -1 \
;     2 -2 1 -3 0 3 -1 2 -2 1 -3 0 3 -1 2 -2 \
;     1 -3 0 3 -1 2 -2 1 -3 0 3 -1 2 -2 1 -3 \
;     0 3 -1 2 1 2 3 4 5 6 7 8 9 10 0 1 \
;     2 3 4 5 6 7 8 9 10 0 1 2 3 4 5 6
; arg_in: 2 int 100
; arg_in: 3 int 3
; arg_in: 4 int 64
target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @k_row(ptr addrspace(1) %a, ptr addrspace(1) %y, i32 %n, i32 %cols, i32 %size) {
entry:
  %wg = call i32 @llvm.amdgcn.workgroup.id.x()
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %wg64 = zext i32 %wg to i64
  %tid64 = zext i32 %tid to i64
  %sz64 = zext i32 %size to i64
  %base = mul nuw nsw i64 %wg64, %sz64
  %gid = add nuw nsw i64 %base, %tid64
  %r = trunc i64 %gid to i32
  %in = icmp slt i32 %r, %n
  br i1 %in, label %pre, label %done
pre:
  %any = icmp sgt i32 %cols, 0
  br i1 %any, label %loop, label %tail
loop:
  %c = phi i32 [ 0, %pre ], [ %c.next, %loop ]
  %s = phi float [ 0.0, %pre ], [ %s.next, %loop ]
  %rc = mul nsw i32 %r, %cols
  %k = add nsw i32 %rc, %c
  %ke = sext i32 %k to i64
  %p = getelementptr inbounds float, ptr addrspace(1) %a, i64 %ke
  %v = load float, ptr addrspace(1) %p
  %s.next = fadd float %s, %v
  %c.next = add nsw i32 %c, 1
  %more = icmp slt i32 %c.next, %cols
  br i1 %more, label %loop, label %tail
tail:
  %sum = phi float [ 0.0, %pre ], [ %s.next, %loop ]
  %sh = shl i64 %gid, 32
  %off = ashr exact i64 %sh, 30
  %py = getelementptr inbounds i8, ptr addrspace(1) %y, i64 %off
  store float %sum, ptr addrspace(1) %py
  br label %done
done:
  ret void
}

declare i32 @llvm.amdgcn.workgroup.id.x()
declare i32 @llvm.amdgcn.workitem.id.x()
