; IR pass test: expand-buffer-ops alone. Atomics gfx900 has no buffer
; instruction for become cmpxchg loops on the same fat pointer; memory
; intrinsics with a fat pointer become units of the common alignment.
; RUN: %wavecc-opt -ir-pass=expand-buffer-ops %s | FileCheck %s
; (A non-kernel function with fat-pointer parameters is left alone: import
; inlined it and it is never selected; so the tests cast from p8.)

target datalayout = "e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32-p7:160:256:256:32-p8:128:128-p9:192:256:256:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1-ni:7:8:9"
target triple = "amdgcn-amd-amdhsa"

; CHECK-LABEL: define float @fadd(
; the loop carries the memory word as an i32, the float is its bitcast
; CHECK: %atomic.init = load volatile i32, ptr addrspace(7) %p, align 4
; CHECK-NEXT: br label %atomic.loop
; CHECK: atomic.loop:
; CHECK-NEXT: %atomic.old = phi i32 [ %atomic.init, %{{.*}} ], [ %[[GOT:.*]], %atomic.loop ]
; CHECK-NEXT: %atomic.oldv = bitcast i32 %atomic.old to float
; CHECK-NEXT: %[[N:.*]] = fadd float %atomic.oldv, %v
; CHECK-NEXT: %[[NI:.*]] = bitcast float %[[N]] to i32
; CHECK-NEXT: %[[CX:.*]] = cmpxchg ptr addrspace(7) %p, i32 %atomic.old, i32 %[[NI]] seq_cst seq_cst
; CHECK-NEXT: %[[GOT]] = extractvalue { i32, i1 } %[[CX]], 0
; CHECK: br i1 %{{.*}}, label %atomic.done, label %atomic.loop
; CHECK: atomic.done:
; CHECK-NEXT: ret float %atomic.oldv
define float @fadd(ptr addrspace(8) %r, float %v) {
  %p = addrspacecast ptr addrspace(8) %r to ptr addrspace(7)
  %o = atomicrmw fadd ptr addrspace(7) %p, float %v seq_cst
  ret float %o
}

; Operations the hardware has stay; so does a function with fat-pointer
; parameters.
; CHECK-LABEL: define i32 @skipped(
; CHECK-NEXT: atomicrmw nand ptr addrspace(7) %p, i32 1 seq_cst
define i32 @skipped(ptr addrspace(7) %p) {
  %o = atomicrmw nand ptr addrspace(7) %p, i32 1 seq_cst
  ret i32 %o
}

; CHECK-LABEL: define i32 @add(
; CHECK: atomicrmw add ptr addrspace(7) %p, i32 1 seq_cst
define i32 @add(ptr addrspace(8) %r) {
  %p = addrspacecast ptr addrspace(8) %r to ptr addrspace(7)
  %o = atomicrmw add ptr addrspace(7) %p, i32 1 seq_cst
  ret i32 %o
}

; Constant length, both sides dword aligned: 4 + 2 + 1 bytes.
; CHECK-LABEL: define void @copy7(
; CHECK: load i32, ptr addrspace(1)
; CHECK: store i32 %{{.*}}, ptr addrspace(7)
; CHECK: load i16, ptr addrspace(1)
; CHECK: store i16 %{{.*}}, ptr addrspace(7)
; CHECK: load i8, ptr addrspace(1)
; CHECK: store i8 %{{.*}}, ptr addrspace(7)
; CHECK-NOT: llvm.memcpy
define void @copy7(ptr addrspace(8) %r, ptr addrspace(1) %s) {
  %d = addrspacecast ptr addrspace(8) %r to ptr addrspace(7)
  call void @llvm.memcpy.p7.p1.i32(ptr addrspace(7) align 4 %d, ptr addrspace(1) align 4 %s, i32 7, i1 false)
  ret void
}

; memmove between two fat pointers, variable length: the direction follows
; the offsets; the backward arm counts down.
; CHECK-LABEL: define void @move(
; CHECK: %mem.backward = icmp ugt ptr addrspace(7) %d, %s
; CHECK-NEXT: br i1 %mem.backward, label %mem.bwd, label %mem.fwd
; CHECK: mem.bwd:
; CHECK: mem.loop:
; CHECK: sub i32 %{{.*}}, %mem.i
; CHECK: mem.fwd:
; CHECK-NOT: llvm.memmove
define void @move(ptr addrspace(8) %r, i32 %a, i32 %b, i32 %n) {
  %p = addrspacecast ptr addrspace(8) %r to ptr addrspace(7)
  %d = getelementptr i8, ptr addrspace(7) %p, i32 %a
  %s = getelementptr i8, ptr addrspace(7) %p, i32 %b
  call void @llvm.memmove.p7.p7.i32(ptr addrspace(7) align 1 %d, ptr addrspace(7) align 1 %s, i32 %n, i1 false)
  ret void
}

; memmove between a fat pointer and a global pointer compares global
; addresses (V# base + offset); with LDS there is no overlap: forward only.
; CHECK-LABEL: define void @move_mixed(
; CHECK: ptrtoint ptr addrspace(7) %p to i160
; CHECK: %[[G:.*]] = ptrtoint ptr addrspace(1) %g to i64
; CHECK: %mem.backward = icmp ugt i64 %{{.*}}, %[[G]]
; CHECK: br i1 %mem.backward, label %mem.bwd, label %mem.fwd
; CHECK-LABEL: define void @move_lds(
; CHECK-NOT: mem.backward
; CHECK: ret void
define void @move_mixed(ptr addrspace(8) %r, ptr addrspace(1) %g, i32 %n) {
  %p = addrspacecast ptr addrspace(8) %r to ptr addrspace(7)
  call void @llvm.memmove.p7.p1.i32(ptr addrspace(7) align 1 %p, ptr addrspace(1) align 1 %g, i32 %n, i1 false)
  ret void
}

define void @move_lds(ptr addrspace(8) %r, ptr addrspace(3) %l, i32 %n) {
  %p = addrspacecast ptr addrspace(8) %r to ptr addrspace(7)
  call void @llvm.memmove.p7.p3.i32(ptr addrspace(7) align 1 %p, ptr addrspace(3) align 1 %l, i32 %n, i1 false)
  ret void
}

; memset with a variable length: a dword loop (the byte splatted by a
; multiply) and a byte loop for the rest.
; CHECK-LABEL: define void @set(
; CHECK: mul i32 %{{.*}}, 16843009
; CHECK: store i32 %{{.*}}, ptr addrspace(7) %{{.*}}, align 4
; CHECK: store i8 %b, ptr addrspace(7) %{{.*}}, align 1
define void @set(ptr addrspace(8) %r, i8 %b, i64 %n) {
  %d = addrspacecast ptr addrspace(8) %r to ptr addrspace(7)
  call void @llvm.memset.p7.i64(ptr addrspace(7) align 4 %d, i8 %b, i64 %n, i1 false)
  ret void
}

declare void @llvm.memcpy.p7.p1.i32(ptr addrspace(7), ptr addrspace(1), i32, i1)
declare void @llvm.memmove.p7.p7.i32(ptr addrspace(7), ptr addrspace(7), i32, i1)
declare void @llvm.memset.p7.i64(ptr addrspace(7), i8, i64, i1)
declare void @llvm.memmove.p7.p1.i32(ptr addrspace(7), ptr addrspace(1), i32, i1)
declare void @llvm.memmove.p7.p3.i32(ptr addrspace(7), ptr addrspace(3), i32, i1)
