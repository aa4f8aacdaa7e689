; Temporal divergence reaches the operands on the loop of a value carried
; out of it (divergence.c mark_temporal_operands): after a loop that lanes
; leave in different iterations, the selection of a user of zext(i) reads
; i itself (isel_narrow64.c lo_of: a 64-bit multiply of zero-extended
; values multiplies their sources), so i must be divergent too, one VGPR
; keeping each lane's last value. Before the fix i stayed uniform and every
; lane read the wave's last i (gen_loop_exits seed 7243 at -O0; the corpus
; file runs below at -O0, where no loop-exit-copies freeze sits between).
; With loop-exit-copies (-O2) the freeze on the exit edge is what is read
; outside and stops the walk: a counter that addresses a scalar load stays
; uniform (divergence.c uniform_pays); at -O0 that load is a VMEM load per
; lane, the price of having no copy.
; RUN: %wavecc %s -O0 -filetype=null --print-after=divergence 2>&1 | FileCheck %s --check-prefix=O0
; RUN: %wavecc %s -O2 -filetype=null --print-after=divergence 2>&1 | FileCheck %s --check-prefix=O2
; RUN: %wavecc-run -Xwavecc -O0 %S/../kernels/f_temporal_operand.ll | FileCheck %s --check-prefix=EMU
; RUN: %wavecc-run --mcpu=gfx1100 -Xwavecc -O0 %S/../kernels/f_temporal_operand.ll | FileCheck %s --check-prefix=EMU
; RUN: %wavecc-run -Xwavecc -O1 -Xwavecc --no-llc-ir-passes %S/../kernels/f_temporal_operand.ll | FileCheck %s --check-prefix=EMU
target triple = "amdgcn-amd-amdhsa"

declare i32 @llvm.amdgcn.workitem.id.x()

; O0-LABEL: divergence of k:
; O0: block 1 loop: divergent branch
; O0-NEXT: divergent: %i = phi i32
; O0-NEXT: divergent: %z = zext i32 %i to i64
; O0-NEXT: divergent: %tp = getelementptr
; O0-NEXT: divergent: %t = load i32, ptr addrspace(4) %tp
; O2-LABEL: divergence of k:
; O2: block 1 loop: divergent branch
; O2: uniform: %t = load i32, ptr addrspace(4)
; O2: divergent: %{{.*}}.exit = freeze
; EMU: 3 passed, 0 failed
define amdgpu_kernel void @k(ptr addrspace(1) %out, ptr addrspace(4) %tab, i32 %b) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  br label %loop

loop:
  %i = phi i32 [ 0, %entry ], [ %i.next, %latch ]
  %z = zext i32 %i to i64
  %tp = getelementptr inbounds i32, ptr addrspace(4) %tab, i64 %z
  %t = load i32, ptr addrspace(4) %tp, align 4
  %i.next = add nuw nsw i32 %i, 1
  %more = icmp ult i32 %t, %tid
  br i1 %more, label %latch, label %exit

latch:
  br label %loop

exit:
  %bz = zext i32 %b to i64
  %m = mul nuw i64 %z, %bz
  %hi64 = lshr i64 %m, 32
  %hi = trunc i64 %hi64 to i32
  %tid64 = zext i32 %tid to i64
  %p = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %tid64
  store i32 %hi, ptr addrspace(1) %p, align 4
  ret void
}
