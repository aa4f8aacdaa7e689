; divergence.c uniform_pays: a uniform loop counter that only addresses
; global memory (LSR's i64 IV of pattern_count's `text[i + k] == pat[k]`)
; keeps its exit copy where a 64-bit VALU add takes two instructions
; (gfx90a: v_add_co_u32 + v_addc_co_u32 against two SALU adds and the
; copy's v_mov), but not where it is one v_lshl_add_u64 (gfx942,
; wavecc_valu_add64_one in the target description, marked on the module
; by the driver): there the counter is divergent, as without the copy
; (pattern_count at gfx942: 2570 -> 2375 wave-instructions; 2391 before
; the rule, llc-19 3362). On main 7fc536e both GPUs keep it uniform.
; RUN: %wavecc -mcpu=gfx90a %s -filetype=null --print-after=divergence 2>&1 | FileCheck %s --check-prefix=TWO
; RUN: %wavecc -mcpu=gfx942 %s -filetype=null --print-after=divergence 2>&1 | FileCheck %s --check-prefix=ONE
; RUN: %wavecc -mcpu=gfx942 %s -S -o - | FileCheck %s

; TWO: uniform: %lsr.iv = phi i64
; TWO: divergent: %lsr.iv.exit = freeze i64 %lsr.iv

; ONE: divergent: %lsr.iv = phi i64
; ONE: divergent: %lsr.iv.exit = freeze i64 %lsr.iv

; CHECK-LABEL: match:
; CHECK-NOT: s_addc_u32
; CHECK: v_lshl_add_u64 v[{{[0-9]+:[0-9]+}}], v[{{[0-9]+:[0-9]+}}], 0, 1
; CHECK: s_endpgm
target triple = "amdgcn-amd-amdhsa"

declare i32 @llvm.amdgcn.workitem.id.x()
declare i32 @llvm.amdgcn.workgroup.id.x()

define amdgpu_kernel void @match(ptr addrspace(1) %text, i32 %n, ptr addrspace(1) %pat, i32 %m, ptr addrspace(1) %hit, i32 %gs, i32 %off, ptr addrspace(1) %flag) {
entry:
  %wg = call i32 @llvm.amdgcn.workgroup.id.x()
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %wg64 = zext i32 %wg to i64
  %gs64 = zext i32 %gs to i64
  %wgm = mul nuw nsw i64 %wg64, %gs64
  %tid64 = zext nneg i32 %tid to i64
  %off64 = zext i32 %off to i64
  %base = add nuw nsw i64 %off64, %tid64
  %gid = add nuw nsw i64 %base, %wgm
  %i = trunc i64 %gid to i32
  store i8 1, ptr addrspace(1) %flag, align 1
  %im = add nsw i32 %i, %m
  %in = icmp sgt i32 %im, %n
  br i1 %in, label %join, label %check
check:
  %mpos = icmp sgt i32 %m, 0
  br i1 %mpos, label %loop, label %exit
loop:
  %k = phi i32 [ %k.next, %latch ], [ 0, %check ]
  %ik = add nsw i32 %k, %i
  %ik64 = sext i32 %ik to i64
  %tp = getelementptr inbounds i8, ptr addrspace(1) %text, i64 %ik64
  %t = load i8, ptr addrspace(1) %tp, align 1
  %k64 = zext nneg i32 %k to i64
  %pp = getelementptr inbounds i8, ptr addrspace(1) %pat, i64 %k64
  %p = load i8, ptr addrspace(1) %pp, align 1
  %eq = icmp eq i8 %t, %p
  br i1 %eq, label %latch, label %exit
latch:
  %k.next = add nuw nsw i32 %k, 1
  %all = icmp eq i32 %k.next, %m
  br i1 %all, label %exit, label %loop
exit:
  %kk = phi i32 [ 0, %check ], [ %k, %loop ], [ %m, %latch ]
  %ok = icmp eq i32 %kk, %m
  %ok32 = zext i1 %ok to i32
  br label %join
join:
  %r = phi i32 [ %ok32, %exit ], [ 0, %entry ]
  %r8 = trunc i32 %r to i8
  %sh = shl i64 %gid, 32
  %idx = ashr exact i64 %sh, 32
  %hp = getelementptr inbounds i8, ptr addrspace(1) %hit, i64 %idx
  store i8 %r8, ptr addrspace(1) %hp, align 1
  ret void
}
