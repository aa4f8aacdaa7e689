; Hand-written (ra16, 2026-11-29): double compares with every fcmp
; predicate against constants a 64-bit operand takes inline (0, 1, -2,
; 0.5, 4, -0.5), on NaN, -inf and equal values. simplify reads the
; constants inline and swaps a compare whose constant is second to the
; reversed predicate (v_cmp_gt_f64 x, k -> v_cmp_lt_f64 k, x); expected
; values from Python's IEEE comparisons (unordered: true if either is NaN).
; [config]
; name: f64 compares with inline constants (ra16)
; dimensions: 1
; global_size: 8 0 0
; local_size: 8 0 0
;
; [test]
; name: preds
; kernel_name: k
; arg_in: 0 buffer double[8] 0.0 1.0 -2.0 0.5 nan 4.0 -0.5 -inf
; arg_in: 1 buffer uint[672] repeat 0
; arg_out: 1 buffer uint[672] \
;   1 0 0 0 0 0 0 0 1 0 0 1 1 0 1 0 0 1 0 1 0 1 1 0 1 1 0 1 1 0 0 1 1 1 1 1 1 1 1 1 1 1 \
;   0 0 0 0 0 0 1 0 0 0 0 0 0 0 1 0 0 1 1 0 1 0 0 1 0 1 0 1 1 0 1 1 0 1 1 0 0 1 1 1 1 1 \
;   0 1 0 0 0 0 1 0 1 1 0 1 1 1 1 1 0 1 0 0 0 0 1 0 0 1 0 0 1 0 1 0 1 1 1 1 1 1 1 1 1 1 \
;   0 0 0 0 0 0 0 1 0 0 0 0 1 0 1 1 0 1 1 1 1 1 0 1 0 0 0 0 1 0 0 1 0 0 1 0 1 0 1 1 1 1 \
;   0 0 1 0 0 0 0 0 0 0 0 0 0 0 1 0 0 0 1 1 0 1 1 1 1 1 1 1 1 1 1 1 0 1 1 1 1 1 1 1 1 1 \
;   0 0 0 0 0 0 0 0 1 0 0 0 0 0 0 0 0 0 0 0 1 0 0 0 1 1 0 1 1 1 1 1 1 1 1 1 1 1 0 1 1 1 \
;   0 0 0 1 0 0 1 0 1 0 0 1 1 0 1 1 0 1 0 1 0 0 1 0 0 1 0 1 1 0 1 1 1 0 1 1 1 1 1 1 1 1 \
;   0 0 0 0 0 0 0 0 0 1 0 0 1 0 1 0 0 1 1 0 1 1 0 1 0 1 0 0 1 0 0 1 0 1 1 0 1 1 1 0 1 1 \
;   0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 \
;   1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 \
;   0 0 0 0 1 0 1 1 1 1 0 1 1 1 1 1 1 1 0 0 0 0 0 0 0 0 0 0 1 0 1 1 1 1 0 1 1 1 1 1 1 1 \
;   0 0 0 0 0 0 0 0 0 0 1 0 1 1 1 1 0 1 1 1 1 1 1 1 0 0 0 0 0 0 0 0 0 0 1 0 1 1 1 1 0 1 \
;   0 0 0 0 0 1 0 0 1 0 0 0 0 0 1 0 0 1 1 1 0 1 1 0 1 1 0 1 1 1 1 1 1 1 1 0 1 1 1 1 1 1 \
;   0 0 0 0 0 0 0 0 0 0 0 1 0 0 1 0 0 0 0 0 1 0 0 1 1 1 0 1 1 0 1 1 0 1 1 1 1 1 1 1 1 0 \
;   0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 \
;   0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1
target triple = "amdgcn-amd-amdhsa"
declare i32 @llvm.amdgcn.workitem.id.x()
define amdgpu_kernel void @k(ptr addrspace(1) %in, ptr addrspace(1) %o) {
  %id = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr double, ptr addrspace(1) %in, i32 %id
  %x = load double, ptr addrspace(1) %p
  %base = mul i32 %id, 84
  %c0 = fcmp oeq double %x, 0.0
  %z0 = zext i1 %c0 to i32
  %i0 = add i32 %base, 0
  %q0 = getelementptr i32, ptr addrspace(1) %o, i32 %i0
  store i32 %z0, ptr addrspace(1) %q0
  %c1 = fcmp oeq double %x, 1.0
  %z1 = zext i1 %c1 to i32
  %i1 = add i32 %base, 1
  %q1 = getelementptr i32, ptr addrspace(1) %o, i32 %i1
  store i32 %z1, ptr addrspace(1) %q1
  %c2 = fcmp oeq double %x, -2.0
  %z2 = zext i1 %c2 to i32
  %i2 = add i32 %base, 2
  %q2 = getelementptr i32, ptr addrspace(1) %o, i32 %i2
  store i32 %z2, ptr addrspace(1) %q2
  %c3 = fcmp oeq double %x, 0.5
  %z3 = zext i1 %c3 to i32
  %i3 = add i32 %base, 3
  %q3 = getelementptr i32, ptr addrspace(1) %o, i32 %i3
  store i32 %z3, ptr addrspace(1) %q3
  %c4 = fcmp oeq double %x, 4.0
  %z4 = zext i1 %c4 to i32
  %i4 = add i32 %base, 4
  %q4 = getelementptr i32, ptr addrspace(1) %o, i32 %i4
  store i32 %z4, ptr addrspace(1) %q4
  %c5 = fcmp oeq double %x, -0.5
  %z5 = zext i1 %c5 to i32
  %i5 = add i32 %base, 5
  %q5 = getelementptr i32, ptr addrspace(1) %o, i32 %i5
  store i32 %z5, ptr addrspace(1) %q5
  %c6 = fcmp ogt double %x, 0.0
  %z6 = zext i1 %c6 to i32
  %i6 = add i32 %base, 6
  %q6 = getelementptr i32, ptr addrspace(1) %o, i32 %i6
  store i32 %z6, ptr addrspace(1) %q6
  %c7 = fcmp ogt double %x, 1.0
  %z7 = zext i1 %c7 to i32
  %i7 = add i32 %base, 7
  %q7 = getelementptr i32, ptr addrspace(1) %o, i32 %i7
  store i32 %z7, ptr addrspace(1) %q7
  %c8 = fcmp ogt double %x, -2.0
  %z8 = zext i1 %c8 to i32
  %i8 = add i32 %base, 8
  %q8 = getelementptr i32, ptr addrspace(1) %o, i32 %i8
  store i32 %z8, ptr addrspace(1) %q8
  %c9 = fcmp ogt double %x, 0.5
  %z9 = zext i1 %c9 to i32
  %i9 = add i32 %base, 9
  %q9 = getelementptr i32, ptr addrspace(1) %o, i32 %i9
  store i32 %z9, ptr addrspace(1) %q9
  %c10 = fcmp ogt double %x, 4.0
  %z10 = zext i1 %c10 to i32
  %i10 = add i32 %base, 10
  %q10 = getelementptr i32, ptr addrspace(1) %o, i32 %i10
  store i32 %z10, ptr addrspace(1) %q10
  %c11 = fcmp ogt double %x, -0.5
  %z11 = zext i1 %c11 to i32
  %i11 = add i32 %base, 11
  %q11 = getelementptr i32, ptr addrspace(1) %o, i32 %i11
  store i32 %z11, ptr addrspace(1) %q11
  %c12 = fcmp oge double %x, 0.0
  %z12 = zext i1 %c12 to i32
  %i12 = add i32 %base, 12
  %q12 = getelementptr i32, ptr addrspace(1) %o, i32 %i12
  store i32 %z12, ptr addrspace(1) %q12
  %c13 = fcmp oge double %x, 1.0
  %z13 = zext i1 %c13 to i32
  %i13 = add i32 %base, 13
  %q13 = getelementptr i32, ptr addrspace(1) %o, i32 %i13
  store i32 %z13, ptr addrspace(1) %q13
  %c14 = fcmp oge double %x, -2.0
  %z14 = zext i1 %c14 to i32
  %i14 = add i32 %base, 14
  %q14 = getelementptr i32, ptr addrspace(1) %o, i32 %i14
  store i32 %z14, ptr addrspace(1) %q14
  %c15 = fcmp oge double %x, 0.5
  %z15 = zext i1 %c15 to i32
  %i15 = add i32 %base, 15
  %q15 = getelementptr i32, ptr addrspace(1) %o, i32 %i15
  store i32 %z15, ptr addrspace(1) %q15
  %c16 = fcmp oge double %x, 4.0
  %z16 = zext i1 %c16 to i32
  %i16 = add i32 %base, 16
  %q16 = getelementptr i32, ptr addrspace(1) %o, i32 %i16
  store i32 %z16, ptr addrspace(1) %q16
  %c17 = fcmp oge double %x, -0.5
  %z17 = zext i1 %c17 to i32
  %i17 = add i32 %base, 17
  %q17 = getelementptr i32, ptr addrspace(1) %o, i32 %i17
  store i32 %z17, ptr addrspace(1) %q17
  %c18 = fcmp olt double %x, 0.0
  %z18 = zext i1 %c18 to i32
  %i18 = add i32 %base, 18
  %q18 = getelementptr i32, ptr addrspace(1) %o, i32 %i18
  store i32 %z18, ptr addrspace(1) %q18
  %c19 = fcmp olt double %x, 1.0
  %z19 = zext i1 %c19 to i32
  %i19 = add i32 %base, 19
  %q19 = getelementptr i32, ptr addrspace(1) %o, i32 %i19
  store i32 %z19, ptr addrspace(1) %q19
  %c20 = fcmp olt double %x, -2.0
  %z20 = zext i1 %c20 to i32
  %i20 = add i32 %base, 20
  %q20 = getelementptr i32, ptr addrspace(1) %o, i32 %i20
  store i32 %z20, ptr addrspace(1) %q20
  %c21 = fcmp olt double %x, 0.5
  %z21 = zext i1 %c21 to i32
  %i21 = add i32 %base, 21
  %q21 = getelementptr i32, ptr addrspace(1) %o, i32 %i21
  store i32 %z21, ptr addrspace(1) %q21
  %c22 = fcmp olt double %x, 4.0
  %z22 = zext i1 %c22 to i32
  %i22 = add i32 %base, 22
  %q22 = getelementptr i32, ptr addrspace(1) %o, i32 %i22
  store i32 %z22, ptr addrspace(1) %q22
  %c23 = fcmp olt double %x, -0.5
  %z23 = zext i1 %c23 to i32
  %i23 = add i32 %base, 23
  %q23 = getelementptr i32, ptr addrspace(1) %o, i32 %i23
  store i32 %z23, ptr addrspace(1) %q23
  %c24 = fcmp ole double %x, 0.0
  %z24 = zext i1 %c24 to i32
  %i24 = add i32 %base, 24
  %q24 = getelementptr i32, ptr addrspace(1) %o, i32 %i24
  store i32 %z24, ptr addrspace(1) %q24
  %c25 = fcmp ole double %x, 1.0
  %z25 = zext i1 %c25 to i32
  %i25 = add i32 %base, 25
  %q25 = getelementptr i32, ptr addrspace(1) %o, i32 %i25
  store i32 %z25, ptr addrspace(1) %q25
  %c26 = fcmp ole double %x, -2.0
  %z26 = zext i1 %c26 to i32
  %i26 = add i32 %base, 26
  %q26 = getelementptr i32, ptr addrspace(1) %o, i32 %i26
  store i32 %z26, ptr addrspace(1) %q26
  %c27 = fcmp ole double %x, 0.5
  %z27 = zext i1 %c27 to i32
  %i27 = add i32 %base, 27
  %q27 = getelementptr i32, ptr addrspace(1) %o, i32 %i27
  store i32 %z27, ptr addrspace(1) %q27
  %c28 = fcmp ole double %x, 4.0
  %z28 = zext i1 %c28 to i32
  %i28 = add i32 %base, 28
  %q28 = getelementptr i32, ptr addrspace(1) %o, i32 %i28
  store i32 %z28, ptr addrspace(1) %q28
  %c29 = fcmp ole double %x, -0.5
  %z29 = zext i1 %c29 to i32
  %i29 = add i32 %base, 29
  %q29 = getelementptr i32, ptr addrspace(1) %o, i32 %i29
  store i32 %z29, ptr addrspace(1) %q29
  %c30 = fcmp one double %x, 0.0
  %z30 = zext i1 %c30 to i32
  %i30 = add i32 %base, 30
  %q30 = getelementptr i32, ptr addrspace(1) %o, i32 %i30
  store i32 %z30, ptr addrspace(1) %q30
  %c31 = fcmp one double %x, 1.0
  %z31 = zext i1 %c31 to i32
  %i31 = add i32 %base, 31
  %q31 = getelementptr i32, ptr addrspace(1) %o, i32 %i31
  store i32 %z31, ptr addrspace(1) %q31
  %c32 = fcmp one double %x, -2.0
  %z32 = zext i1 %c32 to i32
  %i32 = add i32 %base, 32
  %q32 = getelementptr i32, ptr addrspace(1) %o, i32 %i32
  store i32 %z32, ptr addrspace(1) %q32
  %c33 = fcmp one double %x, 0.5
  %z33 = zext i1 %c33 to i32
  %i33 = add i32 %base, 33
  %q33 = getelementptr i32, ptr addrspace(1) %o, i32 %i33
  store i32 %z33, ptr addrspace(1) %q33
  %c34 = fcmp one double %x, 4.0
  %z34 = zext i1 %c34 to i32
  %i34 = add i32 %base, 34
  %q34 = getelementptr i32, ptr addrspace(1) %o, i32 %i34
  store i32 %z34, ptr addrspace(1) %q34
  %c35 = fcmp one double %x, -0.5
  %z35 = zext i1 %c35 to i32
  %i35 = add i32 %base, 35
  %q35 = getelementptr i32, ptr addrspace(1) %o, i32 %i35
  store i32 %z35, ptr addrspace(1) %q35
  %c36 = fcmp ord double %x, 0.0
  %z36 = zext i1 %c36 to i32
  %i36 = add i32 %base, 36
  %q36 = getelementptr i32, ptr addrspace(1) %o, i32 %i36
  store i32 %z36, ptr addrspace(1) %q36
  %c37 = fcmp ord double %x, 1.0
  %z37 = zext i1 %c37 to i32
  %i37 = add i32 %base, 37
  %q37 = getelementptr i32, ptr addrspace(1) %o, i32 %i37
  store i32 %z37, ptr addrspace(1) %q37
  %c38 = fcmp ord double %x, -2.0
  %z38 = zext i1 %c38 to i32
  %i38 = add i32 %base, 38
  %q38 = getelementptr i32, ptr addrspace(1) %o, i32 %i38
  store i32 %z38, ptr addrspace(1) %q38
  %c39 = fcmp ord double %x, 0.5
  %z39 = zext i1 %c39 to i32
  %i39 = add i32 %base, 39
  %q39 = getelementptr i32, ptr addrspace(1) %o, i32 %i39
  store i32 %z39, ptr addrspace(1) %q39
  %c40 = fcmp ord double %x, 4.0
  %z40 = zext i1 %c40 to i32
  %i40 = add i32 %base, 40
  %q40 = getelementptr i32, ptr addrspace(1) %o, i32 %i40
  store i32 %z40, ptr addrspace(1) %q40
  %c41 = fcmp ord double %x, -0.5
  %z41 = zext i1 %c41 to i32
  %i41 = add i32 %base, 41
  %q41 = getelementptr i32, ptr addrspace(1) %o, i32 %i41
  store i32 %z41, ptr addrspace(1) %q41
  %c42 = fcmp uno double %x, 0.0
  %z42 = zext i1 %c42 to i32
  %i42 = add i32 %base, 42
  %q42 = getelementptr i32, ptr addrspace(1) %o, i32 %i42
  store i32 %z42, ptr addrspace(1) %q42
  %c43 = fcmp uno double %x, 1.0
  %z43 = zext i1 %c43 to i32
  %i43 = add i32 %base, 43
  %q43 = getelementptr i32, ptr addrspace(1) %o, i32 %i43
  store i32 %z43, ptr addrspace(1) %q43
  %c44 = fcmp uno double %x, -2.0
  %z44 = zext i1 %c44 to i32
  %i44 = add i32 %base, 44
  %q44 = getelementptr i32, ptr addrspace(1) %o, i32 %i44
  store i32 %z44, ptr addrspace(1) %q44
  %c45 = fcmp uno double %x, 0.5
  %z45 = zext i1 %c45 to i32
  %i45 = add i32 %base, 45
  %q45 = getelementptr i32, ptr addrspace(1) %o, i32 %i45
  store i32 %z45, ptr addrspace(1) %q45
  %c46 = fcmp uno double %x, 4.0
  %z46 = zext i1 %c46 to i32
  %i46 = add i32 %base, 46
  %q46 = getelementptr i32, ptr addrspace(1) %o, i32 %i46
  store i32 %z46, ptr addrspace(1) %q46
  %c47 = fcmp uno double %x, -0.5
  %z47 = zext i1 %c47 to i32
  %i47 = add i32 %base, 47
  %q47 = getelementptr i32, ptr addrspace(1) %o, i32 %i47
  store i32 %z47, ptr addrspace(1) %q47
  %c48 = fcmp ueq double %x, 0.0
  %z48 = zext i1 %c48 to i32
  %i48 = add i32 %base, 48
  %q48 = getelementptr i32, ptr addrspace(1) %o, i32 %i48
  store i32 %z48, ptr addrspace(1) %q48
  %c49 = fcmp ueq double %x, 1.0
  %z49 = zext i1 %c49 to i32
  %i49 = add i32 %base, 49
  %q49 = getelementptr i32, ptr addrspace(1) %o, i32 %i49
  store i32 %z49, ptr addrspace(1) %q49
  %c50 = fcmp ueq double %x, -2.0
  %z50 = zext i1 %c50 to i32
  %i50 = add i32 %base, 50
  %q50 = getelementptr i32, ptr addrspace(1) %o, i32 %i50
  store i32 %z50, ptr addrspace(1) %q50
  %c51 = fcmp ueq double %x, 0.5
  %z51 = zext i1 %c51 to i32
  %i51 = add i32 %base, 51
  %q51 = getelementptr i32, ptr addrspace(1) %o, i32 %i51
  store i32 %z51, ptr addrspace(1) %q51
  %c52 = fcmp ueq double %x, 4.0
  %z52 = zext i1 %c52 to i32
  %i52 = add i32 %base, 52
  %q52 = getelementptr i32, ptr addrspace(1) %o, i32 %i52
  store i32 %z52, ptr addrspace(1) %q52
  %c53 = fcmp ueq double %x, -0.5
  %z53 = zext i1 %c53 to i32
  %i53 = add i32 %base, 53
  %q53 = getelementptr i32, ptr addrspace(1) %o, i32 %i53
  store i32 %z53, ptr addrspace(1) %q53
  %c54 = fcmp ugt double %x, 0.0
  %z54 = zext i1 %c54 to i32
  %i54 = add i32 %base, 54
  %q54 = getelementptr i32, ptr addrspace(1) %o, i32 %i54
  store i32 %z54, ptr addrspace(1) %q54
  %c55 = fcmp ugt double %x, 1.0
  %z55 = zext i1 %c55 to i32
  %i55 = add i32 %base, 55
  %q55 = getelementptr i32, ptr addrspace(1) %o, i32 %i55
  store i32 %z55, ptr addrspace(1) %q55
  %c56 = fcmp ugt double %x, -2.0
  %z56 = zext i1 %c56 to i32
  %i56 = add i32 %base, 56
  %q56 = getelementptr i32, ptr addrspace(1) %o, i32 %i56
  store i32 %z56, ptr addrspace(1) %q56
  %c57 = fcmp ugt double %x, 0.5
  %z57 = zext i1 %c57 to i32
  %i57 = add i32 %base, 57
  %q57 = getelementptr i32, ptr addrspace(1) %o, i32 %i57
  store i32 %z57, ptr addrspace(1) %q57
  %c58 = fcmp ugt double %x, 4.0
  %z58 = zext i1 %c58 to i32
  %i58 = add i32 %base, 58
  %q58 = getelementptr i32, ptr addrspace(1) %o, i32 %i58
  store i32 %z58, ptr addrspace(1) %q58
  %c59 = fcmp ugt double %x, -0.5
  %z59 = zext i1 %c59 to i32
  %i59 = add i32 %base, 59
  %q59 = getelementptr i32, ptr addrspace(1) %o, i32 %i59
  store i32 %z59, ptr addrspace(1) %q59
  %c60 = fcmp uge double %x, 0.0
  %z60 = zext i1 %c60 to i32
  %i60 = add i32 %base, 60
  %q60 = getelementptr i32, ptr addrspace(1) %o, i32 %i60
  store i32 %z60, ptr addrspace(1) %q60
  %c61 = fcmp uge double %x, 1.0
  %z61 = zext i1 %c61 to i32
  %i61 = add i32 %base, 61
  %q61 = getelementptr i32, ptr addrspace(1) %o, i32 %i61
  store i32 %z61, ptr addrspace(1) %q61
  %c62 = fcmp uge double %x, -2.0
  %z62 = zext i1 %c62 to i32
  %i62 = add i32 %base, 62
  %q62 = getelementptr i32, ptr addrspace(1) %o, i32 %i62
  store i32 %z62, ptr addrspace(1) %q62
  %c63 = fcmp uge double %x, 0.5
  %z63 = zext i1 %c63 to i32
  %i63 = add i32 %base, 63
  %q63 = getelementptr i32, ptr addrspace(1) %o, i32 %i63
  store i32 %z63, ptr addrspace(1) %q63
  %c64 = fcmp uge double %x, 4.0
  %z64 = zext i1 %c64 to i32
  %i64 = add i32 %base, 64
  %q64 = getelementptr i32, ptr addrspace(1) %o, i32 %i64
  store i32 %z64, ptr addrspace(1) %q64
  %c65 = fcmp uge double %x, -0.5
  %z65 = zext i1 %c65 to i32
  %i65 = add i32 %base, 65
  %q65 = getelementptr i32, ptr addrspace(1) %o, i32 %i65
  store i32 %z65, ptr addrspace(1) %q65
  %c66 = fcmp ult double %x, 0.0
  %z66 = zext i1 %c66 to i32
  %i66 = add i32 %base, 66
  %q66 = getelementptr i32, ptr addrspace(1) %o, i32 %i66
  store i32 %z66, ptr addrspace(1) %q66
  %c67 = fcmp ult double %x, 1.0
  %z67 = zext i1 %c67 to i32
  %i67 = add i32 %base, 67
  %q67 = getelementptr i32, ptr addrspace(1) %o, i32 %i67
  store i32 %z67, ptr addrspace(1) %q67
  %c68 = fcmp ult double %x, -2.0
  %z68 = zext i1 %c68 to i32
  %i68 = add i32 %base, 68
  %q68 = getelementptr i32, ptr addrspace(1) %o, i32 %i68
  store i32 %z68, ptr addrspace(1) %q68
  %c69 = fcmp ult double %x, 0.5
  %z69 = zext i1 %c69 to i32
  %i69 = add i32 %base, 69
  %q69 = getelementptr i32, ptr addrspace(1) %o, i32 %i69
  store i32 %z69, ptr addrspace(1) %q69
  %c70 = fcmp ult double %x, 4.0
  %z70 = zext i1 %c70 to i32
  %i70 = add i32 %base, 70
  %q70 = getelementptr i32, ptr addrspace(1) %o, i32 %i70
  store i32 %z70, ptr addrspace(1) %q70
  %c71 = fcmp ult double %x, -0.5
  %z71 = zext i1 %c71 to i32
  %i71 = add i32 %base, 71
  %q71 = getelementptr i32, ptr addrspace(1) %o, i32 %i71
  store i32 %z71, ptr addrspace(1) %q71
  %c72 = fcmp ule double %x, 0.0
  %z72 = zext i1 %c72 to i32
  %i72 = add i32 %base, 72
  %q72 = getelementptr i32, ptr addrspace(1) %o, i32 %i72
  store i32 %z72, ptr addrspace(1) %q72
  %c73 = fcmp ule double %x, 1.0
  %z73 = zext i1 %c73 to i32
  %i73 = add i32 %base, 73
  %q73 = getelementptr i32, ptr addrspace(1) %o, i32 %i73
  store i32 %z73, ptr addrspace(1) %q73
  %c74 = fcmp ule double %x, -2.0
  %z74 = zext i1 %c74 to i32
  %i74 = add i32 %base, 74
  %q74 = getelementptr i32, ptr addrspace(1) %o, i32 %i74
  store i32 %z74, ptr addrspace(1) %q74
  %c75 = fcmp ule double %x, 0.5
  %z75 = zext i1 %c75 to i32
  %i75 = add i32 %base, 75
  %q75 = getelementptr i32, ptr addrspace(1) %o, i32 %i75
  store i32 %z75, ptr addrspace(1) %q75
  %c76 = fcmp ule double %x, 4.0
  %z76 = zext i1 %c76 to i32
  %i76 = add i32 %base, 76
  %q76 = getelementptr i32, ptr addrspace(1) %o, i32 %i76
  store i32 %z76, ptr addrspace(1) %q76
  %c77 = fcmp ule double %x, -0.5
  %z77 = zext i1 %c77 to i32
  %i77 = add i32 %base, 77
  %q77 = getelementptr i32, ptr addrspace(1) %o, i32 %i77
  store i32 %z77, ptr addrspace(1) %q77
  %c78 = fcmp une double %x, 0.0
  %z78 = zext i1 %c78 to i32
  %i78 = add i32 %base, 78
  %q78 = getelementptr i32, ptr addrspace(1) %o, i32 %i78
  store i32 %z78, ptr addrspace(1) %q78
  %c79 = fcmp une double %x, 1.0
  %z79 = zext i1 %c79 to i32
  %i79 = add i32 %base, 79
  %q79 = getelementptr i32, ptr addrspace(1) %o, i32 %i79
  store i32 %z79, ptr addrspace(1) %q79
  %c80 = fcmp une double %x, -2.0
  %z80 = zext i1 %c80 to i32
  %i80 = add i32 %base, 80
  %q80 = getelementptr i32, ptr addrspace(1) %o, i32 %i80
  store i32 %z80, ptr addrspace(1) %q80
  %c81 = fcmp une double %x, 0.5
  %z81 = zext i1 %c81 to i32
  %i81 = add i32 %base, 81
  %q81 = getelementptr i32, ptr addrspace(1) %o, i32 %i81
  store i32 %z81, ptr addrspace(1) %q81
  %c82 = fcmp une double %x, 4.0
  %z82 = zext i1 %c82 to i32
  %i82 = add i32 %base, 82
  %q82 = getelementptr i32, ptr addrspace(1) %o, i32 %i82
  store i32 %z82, ptr addrspace(1) %q82
  %c83 = fcmp une double %x, -0.5
  %z83 = zext i1 %c83 to i32
  %i83 = add i32 %base, 83
  %q83 = getelementptr i32, ptr addrspace(1) %o, i32 %i83
  store i32 %z83, ptr addrspace(1) %q83
  ret void
}
