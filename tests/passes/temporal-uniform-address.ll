; A loop whose divergent exit leaves a 64-bit counter (loop strength
; reduction's i64 IV of `while (k < m && text[i + k] == pat[k]) ++k`,
; bench/real/pattern_count.cl; issue 27, VGPRs 10 where llc-19 has 5):
; - divergence.c: the counter addresses the pattern (pat + k, uniform;
;   not a scalar load: the store to %flag may write it): it stays uniform
;   (SALU adds, global_load with saddr), only its exit copy is divergent;
; - fold_vectors.c rule 7: that copy is only truncated after the loop: one
;   v_mov_b32 per iteration of its low half, not two;
; - cse_dom.c held_past: the low half of the 64-bit global id, extracted
;   before the loop and again after it for the sign-extended store index,
;   is one value (no pair live through the loop, no v_mov copy).
; Each of the three fails on main 501c6c5.
; RUN: %wavecc -mcpu=gfx1030 %s -filetype=null --print-after=divergence 2>&1 | FileCheck %s --check-prefix=DIV
; RUN: %wavecc -mcpu=gfx1030 %s -S -o - | FileCheck %s
; RUN: %wavecc -mcpu=gfx1030 %s -filetype=null --print-after=fold-vectors 2>&1 | FileCheck %s --check-prefix=FOLD
; RUN: %wavecc -mcpu=gfx1030 %s -filetype=null --print-after=cse-dom 2>&1 | FileCheck %s --check-prefix=CSE

; DIV: uniform: %lsr.iv = phi i64
; DIV: divergent: %lsr.iv.exit = freeze i64 %lsr.iv

; FOLD-LABEL: machine IR after fold-vectors
; FOLD-NOT: = p_copy {{.*}}:s2
; FOLD: = p_extract [[K:%[0-9]+]]:s2, 0
; FOLD-NOT: = p_copy {{.*}}:s2
; FOLD: :v1 = p_copy %{{[0-9]+}}:s1
; FOLD-NOT: = p_copy {{.*}}:s2
; FOLD: s_endpgm

; CSE: [[LO:%[0-9]+]]:v1 = p_extract [[GID:%[0-9]+]]:v2, 0
; CSE-NOT: p_extract [[GID]]:v2
; CSE: v_ashrrev_i32 31, [[LO]]:v1

; CHECK-LABEL: match:
; CHECK-NOT: v_mov_b32_e32 v{{[0-9]+}}, v{{[0-9]+}}{{$}}
; CHECK: global_load_ubyte v{{[0-9]+}}, v{{[0-9]+}}, s[{{[0-9]+:[0-9]+}}]
; CHECK-NEXT: v_mov_b32_e32 v{{[0-9]+}}, s{{[0-9]+}}
; CHECK-NEXT: s_waitcnt vmcnt(0)
; CHECK-NOT: v_mov_b32_e32 v{{[0-9]+}}, v{{[0-9]+}}{{$}}
; CHECK: s_endpgm
; (6 VGPRs before ra25: the store address's 64-bit sum now takes the pair
; its halves free, regalloc_choose.c vector_find_free)
; CHECK: .vgpr_count: 5
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
