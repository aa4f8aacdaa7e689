; Divergence analysis: sources (work-item id), uniform inputs (arguments,
; workgroup id, kernarg loads), sync dependence at the join of a divergent
; branch, uniform phis at uniform joins.
; RUN: %wavecc %s -O0 -S -o %t.s --print-after=divergence 2>&1 | FileCheck %s
target triple = "amdgcn-amd-amdhsa"

declare i32 @llvm.amdgcn.workitem.id.x()
declare i32 @llvm.amdgcn.workgroup.id.x()

; CHECK-LABEL: divergence of k:
; CHECK: uniform: arg ptr addrspace(1) %out
; CHECK: uniform: arg i32 %n
; CHECK: block 0 entry: divergent branch
; CHECK: divergent: %tid = call i32 @llvm.amdgcn.workitem.id.x()
; CHECK: uniform: %wg = call i32 @llvm.amdgcn.workgroup.id.x()
; CHECK: uniform: %u = add i32 %wg, %n
; CHECK: divergent: %d = add i32 %tid, %u
; CHECK: divergent: %c = icmp slt i32 %d, %n
; CHECK: uniform: %uc = icmp eq i32 %u, 7
; CHECK: uniform: %t = mul i32 %u, 3
; CHECK: divergent: %p = phi i32
; CHECK: uniform: %q = phi i32
define amdgpu_kernel void @k(ptr addrspace(1) %out, i32 %n) {
entry:
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %wg = call i32 @llvm.amdgcn.workgroup.id.x()
  %u = add i32 %wg, %n
  %d = add i32 %tid, %u
  %c = icmp slt i32 %d, %n
  %uc = icmp eq i32 %u, 7
  br i1 %c, label %then, label %join
then:
  %t = mul i32 %u, 3
  br label %join
join:
  %p = phi i32 [ %t, %then ], [ 0, %entry ]
  br i1 %uc, label %a, label %b
a:
  br label %j2
b:
  br label %j2
j2:
  %q = phi i32 [ %u, %a ], [ %n, %b ]
  %s = add i32 %p, %q
  store i32 %s, ptr addrspace(1) %out
  ret void
}

; Inline assembly: results in SGPRs ("=s", "={s4}") are uniform, in VGPRs
; divergent (LLVM's isInlineAsmSourceOfDivergence).
; CHECK-LABEL: divergence of k_asm:
; CHECK: uniform: %s = call i32 asm "s_mov_b32 $0, 1", "=s"()
; CHECK: uniform: %f = call i32 asm "s_mov_b32 $0, 2", "={s4}"()
; CHECK: divergent: %v = call i32 asm "v_mov_b32 $0, 3", "=v"()
; CHECK: divergent: %m = call { i32, i32 } asm "; def $0 $1", "=s,=v"()
define amdgpu_kernel void @k_asm(ptr addrspace(1) %out) {
  %s = call i32 asm "s_mov_b32 $0, 1", "=s"()
  %f = call i32 asm "s_mov_b32 $0, 2", "={s4}"()
  %v = call i32 asm "v_mov_b32 $0, 3", "=v"()
  %m = call { i32, i32 } asm "; def $0 $1", "=s,=v"()
  %a = add i32 %s, %f
  %b = add i32 %a, %v
  store i32 %b, ptr addrspace(1) %out
  ret void
}
