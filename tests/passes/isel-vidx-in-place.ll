; Private arrays indexed in place (issue 27, isel_vector_index.c): a loop
; phi of a <16 x float> that indexed accesses read and write is one phi of
; a VGPR tuple, and the writes' results stay that tuple (their components
; are extracted at their readers), so the loop reads and writes the array
; where it lives, as llc-19 does. On main 20e9875 the loop of @two copied
; both arrays into a tuple and back every iteration (34 v_mov_b32 at
; gfx900, 6 at gfx1100; bench/real/thomas.cl 1.26-1.65x llc-19's executed
; instructions); @carried had 17 at gfx900.
; RUN: %wavecc -mcpu=gfx900 -filetype=asm %s -o - | FileCheck %s --check-prefix=GFX9
; RUN: %wavecc -mcpu=gfx1100 -filetype=asm %s -o - | FileCheck %s --check-prefix=GFX11
target triple = "amdgcn-amd-amdhsa"

; GFX9-LABEL: two:
; GFX9: .Ltwo_BB1:
; GFX9-NOT: v_mov_b32
; GFX9: s_set_gpr_idx_on {{s[0-9]+}}, gpr_idx(SRC0)
; GFX9-NEXT: v_mov_b32_e32
; GFX9-NEXT: s_set_gpr_idx_off
; GFX9-NEXT: s_set_gpr_idx_on {{s[0-9]+}}, gpr_idx(SRC0)
; GFX9-NEXT: v_mov_b32_e32
; GFX9-NEXT: s_set_gpr_idx_off
; GFX9-NOT: v_mov_b32
; GFX9: s_set_gpr_idx_on {{s[0-9]+}}, gpr_idx(DST)
; GFX9-NEXT: v_mov_b32_e32
; GFX9-NEXT: s_set_gpr_idx_off
; GFX9-NOT: v_mov_b32
; GFX9: s_set_gpr_idx_on {{s[0-9]+}}, gpr_idx(DST)
; GFX9-NEXT: v_mov_b32_e32
; GFX9-NEXT: s_set_gpr_idx_off
; GFX9-NOT: v_mov_b32
; GFX9: s_cbranch_scc0 .Ltwo_BB1
; GFX11-LABEL: two:
; GFX11: .Ltwo_BB1:
; GFX11-NOT: {{v_(dual_)?mov_b32}}
; GFX11: v_movrels_b32
; GFX11-NOT: {{v_(dual_)?mov_b32}}
; GFX11: v_movrels_b32
; GFX11-NOT: {{v_(dual_)?mov_b32}}
; GFX11: v_movreld_b32
; GFX11-NOT: {{v_(dual_)?mov_b32}}
; GFX11: v_movreld_b32
; GFX11-NOT: {{v_(dual_)?mov_b32}}
; GFX11: s_cbranch_scc0 .Ltwo_BB1
; two private arrays, each read at k-1 and written at k per iteration
; (bench/real/thomas.cl's forward sweep), then read back after the loop
define amdgpu_kernel void @two(ptr addrspace(1) %x, ptr addrspace(1) %out, i32 %n) {
entry:
  %id = call i32 @llvm.amdgcn.workitem.id.x()
  %f = uitofp i32 %id to float
  %c0 = insertelement <16 x float> <float poison, float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, float %f, i64 0
  %d0 = insertelement <16 x float> <float poison, float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef, float undef>, float %f, i64 0
  br label %loop
loop:
  %k = phi i32 [ 1, %entry ], [ %k1, %loop ]
  %c = phi <16 x float> [ %c0, %entry ], [ %c2, %loop ]
  %d = phi <16 x float> [ %d0, %entry ], [ %d2, %loop ]
  %km1 = add i32 %k, -1
  %cp = extractelement <16 x float> %c, i32 %km1
  %dp = extractelement <16 x float> %d, i32 %km1
  %px = getelementptr float, ptr addrspace(1) %x, i32 %k
  %xv = load float, ptr addrspace(1) %px
  %m = fmul float %cp, %xv
  %c2 = insertelement <16 x float> %c, float %m, i32 %k
  %m2 = fadd float %dp, %m
  %d2 = insertelement <16 x float> %d, float %m2, i32 %k
  %k1 = add i32 %k, 1
  %done = icmp eq i32 %k1, 16
  %cf = freeze <16 x float> %c2
  %df = freeze <16 x float> %d2
  br i1 %done, label %exit, label %loop
exit:
  %r = extractelement <16 x float> %cf, i32 15
  %s = extractelement <16 x float> %df, i32 14
  %t = fadd float %r, %s
  %po = getelementptr float, ptr addrspace(1) %out, i32 %id
  store float %t, ptr addrspace(1) %po
  ret void
}

; GFX9-LABEL: carried:
; GFX9: .Lcarried_BB1:
; GFX9-NOT: v_mov_b32
; GFX9: gpr_idx(SRC0)
; GFX9-NEXT: v_mov_b32_e32
; GFX9-NEXT: s_set_gpr_idx_off
; GFX9-NOT: v_mov_b32
; GFX9: gpr_idx(DST)
; GFX9-NEXT: v_mov_b32_e32
; GFX9-NEXT: s_set_gpr_idx_off
; GFX9-NOT: v_mov_b32
; GFX9: s_cbranch_scc0 .Lcarried_BB1
; a[k] = a[k-1] * x[k] + b[k]: a private <16 x float> array carried by the loop
define amdgpu_kernel void @carried(ptr addrspace(1) %x, ptr addrspace(1) %out, i32 %n) {
entry:
  %id = call i32 @llvm.amdgcn.workitem.id.x()
  %f = uitofp i32 %id to float
  %a0 = insertelement <16 x float> zeroinitializer, float %f, i32 0
  br label %loop
loop:
  %k = phi i32 [ 1, %entry ], [ %k1, %loop ]
  %a = phi <16 x float> [ %a0, %entry ], [ %a2, %loop ]
  %km1 = add i32 %k, -1
  %prev = extractelement <16 x float> %a, i32 %km1
  %px = getelementptr float, ptr addrspace(1) %x, i32 %k
  %xv = load float, ptr addrspace(1) %px
  %m = fmul float %prev, %xv
  %a2 = insertelement <16 x float> %a, float %m, i32 %k
  %k1 = add i32 %k, 1
  %done = icmp eq i32 %k1, %n
  br i1 %done, label %exit, label %loop
exit:
  %j = and i32 %id, 15
  %r = extractelement <16 x float> %a2, i32 %j
  %s = extractelement <16 x float> %a2, i32 3
  %t = fadd float %r, %s
  %po = getelementptr float, ptr addrspace(1) %out, i32 %id
  store float %t, ptr addrspace(1) %po
  ret void
}
declare i32 @llvm.amdgcn.workitem.id.x()

; A divergent index (a private histogram): the compare-and-select chain
; reads the loop phi's tuple in place and its written components form the
; next tuple in the same registers (main 20e9875: 15 v_mov_b32 per
; iteration; llc-19's chain has none either).
; GFX9-LABEL: hist:
; GFX9: .Lhist_BB1:
; GFX9-NOT: v_mov_b32
; GFX9: v_add_u32_e32 [[N:v[0-9]+]], 1,
; GFX9-NOT: v_mov_b32
; GFX9: s_cbranch_scc0 .Lhist_BB1
; a private histogram: divergent index read-modify-write in a loop
define amdgpu_kernel void @hist(ptr addrspace(1) %x, ptr addrspace(1) %out, i32 %n) {
entry:
  %id = call i32 @llvm.amdgcn.workitem.id.x()
  br label %loop
loop:
  %k = phi i32 [ 0, %entry ], [ %k1, %loop ]
  %h = phi <16 x i32> [ zeroinitializer, %entry ], [ %h2, %loop ]
  %a = mul i32 %k, 64
  %b = add i32 %a, %id
  %px = getelementptr i32, ptr addrspace(1) %x, i32 %b
  %xv = load i32, ptr addrspace(1) %px
  %i = and i32 %xv, 15
  %old = extractelement <16 x i32> %h, i32 %i
  %new = add i32 %old, 1
  %h2 = insertelement <16 x i32> %h, i32 %new, i32 %i
  %k1 = add i32 %k, 1
  %done = icmp eq i32 %k1, %n
  br i1 %done, label %exit, label %loop
exit:
  %s = and i32 %n, 15
  %r = extractelement <16 x i32> %h2, i32 %s
  %po = getelementptr i32, ptr addrspace(1) %out, i32 %id
  store i32 %r, ptr addrspace(1) %po
  ret void
}
