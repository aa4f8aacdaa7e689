; merge-split-edges (merge_split_edges.cpp) gives loop strength reduction
; the loop llc-19 sees: wavecc's IR arrives with its critical edges split,
; so the back edge of a one-block loop was an empty latch block, LSR put
; its increment there and the selection then made an if inside the loop
; (s_andn1_saveexec, two branches per iteration; bench/real/fnv1a.cl 1.39x
; llc-19's executed wave-instructions). fold-single-phis then drops the
; LCSSA phi LSR leaves in the exit block, which had the same effect.
; RUN: %wavecc-opt -llvm-passes='function(break-crit-edges,merge-split-edges)' %s | FileCheck %s --check-prefix=IR
; RUN: %wavecc-opt -llvm-passes='function(fold-single-phis)' %s | FileCheck %s --check-prefix=PHI
; RUN: %wavecc -mcpu=gfx900 %s -S -o - | FileCheck %s --check-prefix=ASM
; RUN: %wavecc -mcpu=gfx1030 %s -S -o - | FileCheck %s --check-prefix=ASM32
target triple = "amdgcn-amd-amdhsa"

declare i32 @llvm.amdgcn.workitem.id.x()

; IR-LABEL: define amdgpu_kernel void @hash(
; IR: loop:
; IR: br i1 %c, label %loop, label %exit
; IR-NOT: crit_edge
; IR: exit:
; PHI-LABEL: define amdgpu_kernel void @hash(
; PHI: exit:
; PHI-NEXT: phi i32 [ -2128831035, %entry ], [ %x.next, %loop ]
; PHI-LABEL: define amdgpu_kernel void @lcssa(
; PHI: exit:
; PHI-NEXT: store i32 %v, ptr addrspace(1) %out
; The loop, from its first load to its back branch, has no if inside
; (unroll-load-loops runs it twice per iteration, the odd one after it
; under an if of its own: that if's s_andn1_saveexec is outside the loop).
; The two iterations' byte loads are one load (load-store-vectorizer).
; ASM-LABEL: hash:
; ASM: global_load_{{ubyte|ushort}}
; ASM-NOT: s_andn1_saveexec
; ASM: v_cmp_{{lt_i32|ne_u32}}_e64 [[C:s\[[0-9]+:[0-9]+\]]],
; ASM-NOT: s_andn1_saveexec
; ASM: s_and_b64 exec, exec, [[C]]
; ASM-NEXT: s_cbranch_execnz
; ASM32-LABEL: hash:
; ASM32: global_load_{{ubyte|ushort}}
; ASM32-NOT: s_andn1_saveexec
; ASM32: s_and_b32 exec_lo, exec_lo, s{{[0-9]+}}
; ASM32-NEXT: s_cbranch_execnz
define amdgpu_kernel void @hash(ptr addrspace(1) %bytes, ptr addrspace(1) %off, ptr addrspace(1) %h) {
entry:
  %i = call i32 @llvm.amdgcn.workitem.id.x()
  %pi = getelementptr inbounds i32, ptr addrspace(1) %off, i32 %i
  %lo = load i32, ptr addrspace(1) %pi
  %i1 = add i32 %i, 1
  %pi1 = getelementptr inbounds i32, ptr addrspace(1) %off, i32 %i1
  %hi = load i32, ptr addrspace(1) %pi1
  %any = icmp slt i32 %lo, %hi
  br i1 %any, label %loop, label %exit
loop:
  %j = phi i32 [ %lo, %entry ], [ %j.next, %loop ]
  %x = phi i32 [ -2128831035, %entry ], [ %x.next, %loop ]
  %je = sext i32 %j to i64
  %pb = getelementptr inbounds i8, ptr addrspace(1) %bytes, i64 %je
  %b = load i8, ptr addrspace(1) %pb
  %bz = zext i8 %b to i32
  %xx = xor i32 %x, %bz
  %x.next = mul i32 %xx, 16777619
  %j.next = add nsw i32 %j, 1
  %c = icmp slt i32 %j.next, %hi
  br i1 %c, label %loop, label %exit
exit:
  %r = phi i32 [ -2128831035, %entry ], [ %x.next, %loop ]
  %ph = getelementptr inbounds i32, ptr addrspace(1) %h, i32 %i
  store i32 %r, ptr addrspace(1) %ph
  ret void
}

define amdgpu_kernel void @lcssa(ptr addrspace(1) %out, i32 %v) {
entry:
  br label %exit
exit:
  %p = phi i32 [ %v, %entry ]
  store i32 %p, ptr addrspace(1) %out
  ret void
}
