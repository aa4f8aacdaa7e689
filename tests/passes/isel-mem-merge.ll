; Memory access merging end to end (src/passes/mem_merge.c, and in
; src/isel/isel_mem.c the GEP value reuse and index splitting that give
; the accesses one base):
;  - three pointer arguments: one s_load_dwordx4 and one s_load_dwordx2
;    from the kernarg segment, as llc-19 loads them;
;  - tab[o + j] for j = 0..23 (opt's zext nneg (add nuw nsw o, j)): one
;    base, j * 4 in the offset field, s_load_dwordx16 + s_load_dwordx8;
;  - &tile[ty][k] for k = 0..3, hoisted GEPs with the same variable part:
;    one address register ty * 64 (16-byte aligned: @t is at 0 in LDS,
;    whatever its IR alignment) and one ds_read_b128 (two ds_read2_b32
;    before the wider LDS reads).
;  - &u[ty][tx] where @u lies at 1024 in LDS: the variable's offset goes in
;    the offset field, the address is the one &t[ty][tx] uses, and the two
;    stores are one ds_write2st64_b32 (1024 bytes = 4 x 64 dwords).
; RUN: %wavecc --no-llc-ir-passes -O2 -S %s -o - | FileCheck %s
; CHECK-LABEL: {{^}}args:
; CHECK: s_load_dwordx4 s[{{[0-9]+}}:{{[0-9]+}}], s[0:1], 0x0{{$}}
; CHECK-NEXT: s_load_dwordx2 s[{{[0-9]+}}:{{[0-9]+}}], s[0:1], 0x10{{$}}
; CHECK-NOT: s_load
; CHECK: s_endpgm
; CHECK-LABEL: {{^}}consts:
; CHECK: s_load_dwordx16 s[{{[0-9]+}}:{{[0-9]+}}], [[B:s\[[0-9]+:[0-9]+\]]], 0x0{{$}}
; CHECK: s_load_dwordx8 s[{{[0-9]+}}:{{[0-9]+}}], [[B]], 0x40{{$}}
; CHECK-NOT: s_load
; CHECK: s_endpgm
; CHECK-LABEL: {{^}}tile:
; CHECK: v_lshlrev_b32_e32 [[A:v[0-9]+]], 6, v1
; CHECK-NEXT: ds_read_b128 v[{{[0-9]+}}:{{[0-9]+}}], [[A]]{{$}}
; CHECK-NOT: ds_read
; CHECK: s_endpgm
; CHECK-LABEL: {{^}}lds2:
; CHECK-NOT: 0x400
; CHECK: ds_write2st64_b32 v{{[0-9]+}}, v{{[0-9]+}}, v{{[0-9]+}} offset1:4{{$}}
; CHECK: s_endpgm
target triple = "amdgcn-amd-amdhsa"

@tab = internal addrspace(4) constant [32 x i32] [i32 1, i32 2, i32 3, i32 4, i32 5, i32 6, i32 7, i32 8, i32 9, i32 10, i32 11, i32 12, i32 13, i32 14, i32 15, i32 16, i32 17, i32 18, i32 19, i32 20, i32 21, i32 22, i32 23, i32 24, i32 25, i32 26, i32 27, i32 28, i32 29, i32 30, i32 31, i32 32]
@t = internal addrspace(3) global [16 x [16 x float]] undef, align 4
@u = internal addrspace(3) global [16 x [16 x float]] undef, align 4

define amdgpu_kernel void @args(ptr addrspace(1) %a, ptr addrspace(1) %b, ptr addrspace(1) %c) {
  %x = load i32, ptr addrspace(1) %a
  %y = load i32, ptr addrspace(1) %b
  %s = add i32 %x, %y
  store i32 %s, ptr addrspace(1) %c
  ret void
}

define amdgpu_kernel void @consts(ptr addrspace(1) %out, i32 %k) {
  %o = and i32 %k, 7
  %z0 = zext nneg i32 %o to i64
  %p0 = getelementptr inbounds [32 x i32], ptr addrspace(4) @tab, i64 0, i64 %z0
  %v0 = load i32, ptr addrspace(4) %p0, align 4
  %i1 = add nuw nsw i32 %o, 1
  %z1 = zext nneg i32 %i1 to i64
  %p1 = getelementptr inbounds [32 x i32], ptr addrspace(4) @tab, i64 0, i64 %z1
  %v1 = load i32, ptr addrspace(4) %p1, align 4
  %s1 = add i32 %v0, %v1
  %i2 = add nuw nsw i32 %o, 2
  %z2 = zext nneg i32 %i2 to i64
  %p2 = getelementptr inbounds [32 x i32], ptr addrspace(4) @tab, i64 0, i64 %z2
  %v2 = load i32, ptr addrspace(4) %p2, align 4
  %s2 = add i32 %s1, %v2
  %i3 = add nuw nsw i32 %o, 3
  %z3 = zext nneg i32 %i3 to i64
  %p3 = getelementptr inbounds [32 x i32], ptr addrspace(4) @tab, i64 0, i64 %z3
  %v3 = load i32, ptr addrspace(4) %p3, align 4
  %s3 = add i32 %s2, %v3
  %i4 = add nuw nsw i32 %o, 4
  %z4 = zext nneg i32 %i4 to i64
  %p4 = getelementptr inbounds [32 x i32], ptr addrspace(4) @tab, i64 0, i64 %z4
  %v4 = load i32, ptr addrspace(4) %p4, align 4
  %s4 = add i32 %s3, %v4
  %i5 = add nuw nsw i32 %o, 5
  %z5 = zext nneg i32 %i5 to i64
  %p5 = getelementptr inbounds [32 x i32], ptr addrspace(4) @tab, i64 0, i64 %z5
  %v5 = load i32, ptr addrspace(4) %p5, align 4
  %s5 = add i32 %s4, %v5
  %i6 = add nuw nsw i32 %o, 6
  %z6 = zext nneg i32 %i6 to i64
  %p6 = getelementptr inbounds [32 x i32], ptr addrspace(4) @tab, i64 0, i64 %z6
  %v6 = load i32, ptr addrspace(4) %p6, align 4
  %s6 = add i32 %s5, %v6
  %i7 = add nuw nsw i32 %o, 7
  %z7 = zext nneg i32 %i7 to i64
  %p7 = getelementptr inbounds [32 x i32], ptr addrspace(4) @tab, i64 0, i64 %z7
  %v7 = load i32, ptr addrspace(4) %p7, align 4
  %s7 = add i32 %s6, %v7
  %i8 = add nuw nsw i32 %o, 8
  %z8 = zext nneg i32 %i8 to i64
  %p8 = getelementptr inbounds [32 x i32], ptr addrspace(4) @tab, i64 0, i64 %z8
  %v8 = load i32, ptr addrspace(4) %p8, align 4
  %s8 = add i32 %s7, %v8
  %i9 = add nuw nsw i32 %o, 9
  %z9 = zext nneg i32 %i9 to i64
  %p9 = getelementptr inbounds [32 x i32], ptr addrspace(4) @tab, i64 0, i64 %z9
  %v9 = load i32, ptr addrspace(4) %p9, align 4
  %s9 = add i32 %s8, %v9
  %i10 = add nuw nsw i32 %o, 10
  %z10 = zext nneg i32 %i10 to i64
  %p10 = getelementptr inbounds [32 x i32], ptr addrspace(4) @tab, i64 0, i64 %z10
  %v10 = load i32, ptr addrspace(4) %p10, align 4
  %s10 = add i32 %s9, %v10
  %i11 = add nuw nsw i32 %o, 11
  %z11 = zext nneg i32 %i11 to i64
  %p11 = getelementptr inbounds [32 x i32], ptr addrspace(4) @tab, i64 0, i64 %z11
  %v11 = load i32, ptr addrspace(4) %p11, align 4
  %s11 = add i32 %s10, %v11
  %i12 = add nuw nsw i32 %o, 12
  %z12 = zext nneg i32 %i12 to i64
  %p12 = getelementptr inbounds [32 x i32], ptr addrspace(4) @tab, i64 0, i64 %z12
  %v12 = load i32, ptr addrspace(4) %p12, align 4
  %s12 = add i32 %s11, %v12
  %i13 = add nuw nsw i32 %o, 13
  %z13 = zext nneg i32 %i13 to i64
  %p13 = getelementptr inbounds [32 x i32], ptr addrspace(4) @tab, i64 0, i64 %z13
  %v13 = load i32, ptr addrspace(4) %p13, align 4
  %s13 = add i32 %s12, %v13
  %i14 = add nuw nsw i32 %o, 14
  %z14 = zext nneg i32 %i14 to i64
  %p14 = getelementptr inbounds [32 x i32], ptr addrspace(4) @tab, i64 0, i64 %z14
  %v14 = load i32, ptr addrspace(4) %p14, align 4
  %s14 = add i32 %s13, %v14
  %i15 = add nuw nsw i32 %o, 15
  %z15 = zext nneg i32 %i15 to i64
  %p15 = getelementptr inbounds [32 x i32], ptr addrspace(4) @tab, i64 0, i64 %z15
  %v15 = load i32, ptr addrspace(4) %p15, align 4
  %s15 = add i32 %s14, %v15
  %i16 = add nuw nsw i32 %o, 16
  %z16 = zext nneg i32 %i16 to i64
  %p16 = getelementptr inbounds [32 x i32], ptr addrspace(4) @tab, i64 0, i64 %z16
  %v16 = load i32, ptr addrspace(4) %p16, align 4
  %s16 = add i32 %s15, %v16
  %i17 = add nuw nsw i32 %o, 17
  %z17 = zext nneg i32 %i17 to i64
  %p17 = getelementptr inbounds [32 x i32], ptr addrspace(4) @tab, i64 0, i64 %z17
  %v17 = load i32, ptr addrspace(4) %p17, align 4
  %s17 = add i32 %s16, %v17
  %i18 = add nuw nsw i32 %o, 18
  %z18 = zext nneg i32 %i18 to i64
  %p18 = getelementptr inbounds [32 x i32], ptr addrspace(4) @tab, i64 0, i64 %z18
  %v18 = load i32, ptr addrspace(4) %p18, align 4
  %s18 = add i32 %s17, %v18
  %i19 = add nuw nsw i32 %o, 19
  %z19 = zext nneg i32 %i19 to i64
  %p19 = getelementptr inbounds [32 x i32], ptr addrspace(4) @tab, i64 0, i64 %z19
  %v19 = load i32, ptr addrspace(4) %p19, align 4
  %s19 = add i32 %s18, %v19
  %i20 = add nuw nsw i32 %o, 20
  %z20 = zext nneg i32 %i20 to i64
  %p20 = getelementptr inbounds [32 x i32], ptr addrspace(4) @tab, i64 0, i64 %z20
  %v20 = load i32, ptr addrspace(4) %p20, align 4
  %s20 = add i32 %s19, %v20
  %i21 = add nuw nsw i32 %o, 21
  %z21 = zext nneg i32 %i21 to i64
  %p21 = getelementptr inbounds [32 x i32], ptr addrspace(4) @tab, i64 0, i64 %z21
  %v21 = load i32, ptr addrspace(4) %p21, align 4
  %s21 = add i32 %s20, %v21
  %i22 = add nuw nsw i32 %o, 22
  %z22 = zext nneg i32 %i22 to i64
  %p22 = getelementptr inbounds [32 x i32], ptr addrspace(4) @tab, i64 0, i64 %z22
  %v22 = load i32, ptr addrspace(4) %p22, align 4
  %s22 = add i32 %s21, %v22
  %i23 = add nuw nsw i32 %o, 23
  %z23 = zext nneg i32 %i23 to i64
  %p23 = getelementptr inbounds [32 x i32], ptr addrspace(4) @tab, i64 0, i64 %z23
  %v23 = load i32, ptr addrspace(4) %p23, align 4
  %s23 = add i32 %s22, %v23
  store i32 %s23, ptr addrspace(1) %out
  ret void
}

define amdgpu_kernel void @tile(ptr addrspace(1) %out) {
  %ty = call i32 @llvm.amdgcn.workitem.id.y()
  %g0 = getelementptr inbounds [16 x [16 x float]], ptr addrspace(3) @t, i32 0, i32 %ty, i32 0
  %g1 = getelementptr inbounds [16 x [16 x float]], ptr addrspace(3) @t, i32 0, i32 %ty, i32 1
  %g2 = getelementptr inbounds [16 x [16 x float]], ptr addrspace(3) @t, i32 0, i32 %ty, i32 2
  %g3 = getelementptr inbounds [16 x [16 x float]], ptr addrspace(3) @t, i32 0, i32 %ty, i32 3
  %l0 = load float, ptr addrspace(3) %g0, align 4
  %l1 = load float, ptr addrspace(3) %g1, align 4
  %l2 = load float, ptr addrspace(3) %g2, align 4
  %l3 = load float, ptr addrspace(3) %g3, align 4
  %f1 = fadd float %l0, %l1
  %f2 = fadd float %f1, %l2
  %f3 = fadd float %f2, %l3
  store float %f3, ptr addrspace(1) %out
  ret void
}

define amdgpu_kernel void @lds2(float %a, float %b) {
  %tx = call i32 @llvm.amdgcn.workitem.id.x()
  %ty = call i32 @llvm.amdgcn.workitem.id.y()
  %g = getelementptr inbounds [16 x [16 x float]], ptr addrspace(3) @t, i32 0, i32 %ty, i32 %tx
  store float %a, ptr addrspace(3) %g, align 4
  %h = getelementptr inbounds [16 x [16 x float]], ptr addrspace(3) @u, i32 0, i32 %ty, i32 %tx
  store float %b, ptr addrspace(3) %h, align 4
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
declare i32 @llvm.amdgcn.workitem.id.y()
