; A function's arguments past the 31 VGPR ones arrive on the stack; its
; loads of them (isel_setup_function) move down to their first readers
; (isel_sink_stack_args, src/isel/isel_calls.c). All loaded at the entry,
; 32 stack arguments with 31 VGPR ones were live at once, in v31..v62, and
; the 23 VGPRs above the ones a function may clobber (v40..v62) were saved
; and restored by the frame pass (tests/kernels/f_call_wide_args.ll f63:
; 1.78x llc-19's occupancy-model cycles at gfx1030); llc-19 loads each
; where it is used and saves nothing.
; RUN: %wavecc -mcpu=gfx1030 -S %s -o - | FileCheck %s
; RUN: %wavecc -mcpu=gfx1100 -S %s -o - | FileCheck %s --check-prefix=GFX11
target triple = "amdgcn-amd-amdhsa"

; CHECK-LABEL: {{^}}f:
; CHECK-NOT: buffer_store_dword
; CHECK-NOT: v40
; CHECK: s_setpc_b64
; GFX11-LABEL: {{^}}f:
; GFX11-NOT: scratch_store
; GFX11-NOT: v40
; GFX11: s_setpc_b64
define i32 @f(i32 %a0, i32 %a1, i32 %a2, i32 %a3, i32 %a4, i32 %a5, i32 %a6, i32 %a7, i32 %a8, i32 %a9, i32 %a10, i32 %a11, i32 %a12, i32 %a13, i32 %a14, i32 %a15, i32 %a16, i32 %a17, i32 %a18, i32 %a19, i32 %a20, i32 %a21, i32 %a22, i32 %a23, i32 %a24, i32 %a25, i32 %a26, i32 %a27, i32 %a28, i32 %a29, i32 %a30, i32 %a31, i32 %a32, i32 %a33, i32 %a34, i32 %a35, i32 %a36, i32 %a37, i32 %a38, i32 %a39, i32 %a40, i32 %a41, i32 %a42, i32 %a43, i32 %a44, i32 %a45, i32 %a46, i32 %a47, i32 %a48, i32 %a49, i32 %a50, i32 %a51, i32 %a52, i32 %a53, i32 %a54, i32 %a55, i32 %a56, i32 %a57, i32 %a58, i32 %a59, i32 %a60, i32 %a61, i32 %a62) noinline {
  %s0 = add i32 %a0, 0
  %m1 = mul i32 %a1, 2
  %s1 = add i32 %s0, %m1
  %m2 = mul i32 %a2, 3
  %s2 = add i32 %s1, %m2
  %m3 = mul i32 %a3, 4
  %s3 = add i32 %s2, %m3
  %m4 = mul i32 %a4, 5
  %s4 = add i32 %s3, %m4
  %m5 = mul i32 %a5, 6
  %s5 = add i32 %s4, %m5
  %m6 = mul i32 %a6, 7
  %s6 = add i32 %s5, %m6
  %m7 = mul i32 %a7, 8
  %s7 = add i32 %s6, %m7
  %m8 = mul i32 %a8, 9
  %s8 = add i32 %s7, %m8
  %m9 = mul i32 %a9, 10
  %s9 = add i32 %s8, %m9
  %m10 = mul i32 %a10, 11
  %s10 = add i32 %s9, %m10
  %m11 = mul i32 %a11, 12
  %s11 = add i32 %s10, %m11
  %m12 = mul i32 %a12, 13
  %s12 = add i32 %s11, %m12
  %m13 = mul i32 %a13, 14
  %s13 = add i32 %s12, %m13
  %m14 = mul i32 %a14, 15
  %s14 = add i32 %s13, %m14
  %m15 = mul i32 %a15, 16
  %s15 = add i32 %s14, %m15
  %m16 = mul i32 %a16, 17
  %s16 = add i32 %s15, %m16
  %m17 = mul i32 %a17, 18
  %s17 = add i32 %s16, %m17
  %m18 = mul i32 %a18, 19
  %s18 = add i32 %s17, %m18
  %m19 = mul i32 %a19, 20
  %s19 = add i32 %s18, %m19
  %m20 = mul i32 %a20, 21
  %s20 = add i32 %s19, %m20
  %m21 = mul i32 %a21, 22
  %s21 = add i32 %s20, %m21
  %m22 = mul i32 %a22, 23
  %s22 = add i32 %s21, %m22
  %m23 = mul i32 %a23, 24
  %s23 = add i32 %s22, %m23
  %m24 = mul i32 %a24, 25
  %s24 = add i32 %s23, %m24
  %m25 = mul i32 %a25, 26
  %s25 = add i32 %s24, %m25
  %m26 = mul i32 %a26, 27
  %s26 = add i32 %s25, %m26
  %m27 = mul i32 %a27, 28
  %s27 = add i32 %s26, %m27
  %m28 = mul i32 %a28, 29
  %s28 = add i32 %s27, %m28
  %m29 = mul i32 %a29, 30
  %s29 = add i32 %s28, %m29
  %m30 = mul i32 %a30, 31
  %s30 = add i32 %s29, %m30
  %m31 = mul i32 %a31, 32
  %s31 = add i32 %s30, %m31
  %m32 = mul i32 %a32, 33
  %s32 = add i32 %s31, %m32
  %m33 = mul i32 %a33, 34
  %s33 = add i32 %s32, %m33
  %m34 = mul i32 %a34, 35
  %s34 = add i32 %s33, %m34
  %m35 = mul i32 %a35, 36
  %s35 = add i32 %s34, %m35
  %m36 = mul i32 %a36, 37
  %s36 = add i32 %s35, %m36
  %m37 = mul i32 %a37, 38
  %s37 = add i32 %s36, %m37
  %m38 = mul i32 %a38, 39
  %s38 = add i32 %s37, %m38
  %m39 = mul i32 %a39, 40
  %s39 = add i32 %s38, %m39
  %m40 = mul i32 %a40, 41
  %s40 = add i32 %s39, %m40
  %m41 = mul i32 %a41, 42
  %s41 = add i32 %s40, %m41
  %m42 = mul i32 %a42, 43
  %s42 = add i32 %s41, %m42
  %m43 = mul i32 %a43, 44
  %s43 = add i32 %s42, %m43
  %m44 = mul i32 %a44, 45
  %s44 = add i32 %s43, %m44
  %m45 = mul i32 %a45, 46
  %s45 = add i32 %s44, %m45
  %m46 = mul i32 %a46, 47
  %s46 = add i32 %s45, %m46
  %m47 = mul i32 %a47, 48
  %s47 = add i32 %s46, %m47
  %m48 = mul i32 %a48, 49
  %s48 = add i32 %s47, %m48
  %m49 = mul i32 %a49, 50
  %s49 = add i32 %s48, %m49
  %m50 = mul i32 %a50, 51
  %s50 = add i32 %s49, %m50
  %m51 = mul i32 %a51, 52
  %s51 = add i32 %s50, %m51
  %m52 = mul i32 %a52, 53
  %s52 = add i32 %s51, %m52
  %m53 = mul i32 %a53, 54
  %s53 = add i32 %s52, %m53
  %m54 = mul i32 %a54, 55
  %s54 = add i32 %s53, %m54
  %m55 = mul i32 %a55, 56
  %s55 = add i32 %s54, %m55
  %m56 = mul i32 %a56, 57
  %s56 = add i32 %s55, %m56
  %m57 = mul i32 %a57, 58
  %s57 = add i32 %s56, %m57
  %m58 = mul i32 %a58, 59
  %s58 = add i32 %s57, %m58
  %m59 = mul i32 %a59, 60
  %s59 = add i32 %s58, %m59
  %m60 = mul i32 %a60, 61
  %s60 = add i32 %s59, %m60
  %m61 = mul i32 %a61, 62
  %s61 = add i32 %s60, %m61
  %m62 = mul i32 %a62, 63
  %s62 = add i32 %s61, %m62
  ret i32 %s62
}

define amdgpu_kernel void @k(ptr addrspace(1) %out, i32 %x) {
  %v0 = add i32 %x, 1
  %v1 = add i32 %x, 8
  %v2 = add i32 %x, 15
  %v3 = add i32 %x, 22
  %v4 = add i32 %x, 29
  %v5 = add i32 %x, 36
  %v6 = add i32 %x, 43
  %v7 = add i32 %x, 50
  %v8 = add i32 %x, 57
  %v9 = add i32 %x, 64
  %v10 = add i32 %x, 71
  %v11 = add i32 %x, 78
  %v12 = add i32 %x, 85
  %v13 = add i32 %x, 92
  %v14 = add i32 %x, 99
  %v15 = add i32 %x, 106
  %v16 = add i32 %x, 113
  %v17 = add i32 %x, 120
  %v18 = add i32 %x, 127
  %v19 = add i32 %x, 134
  %v20 = add i32 %x, 141
  %v21 = add i32 %x, 148
  %v22 = add i32 %x, 155
  %v23 = add i32 %x, 162
  %v24 = add i32 %x, 169
  %v25 = add i32 %x, 176
  %v26 = add i32 %x, 183
  %v27 = add i32 %x, 190
  %v28 = add i32 %x, 197
  %v29 = add i32 %x, 204
  %v30 = add i32 %x, 211
  %v31 = add i32 %x, 218
  %v32 = add i32 %x, 225
  %v33 = add i32 %x, 232
  %v34 = add i32 %x, 239
  %v35 = add i32 %x, 246
  %v36 = add i32 %x, 253
  %v37 = add i32 %x, 260
  %v38 = add i32 %x, 267
  %v39 = add i32 %x, 274
  %v40 = add i32 %x, 281
  %v41 = add i32 %x, 288
  %v42 = add i32 %x, 295
  %v43 = add i32 %x, 302
  %v44 = add i32 %x, 309
  %v45 = add i32 %x, 316
  %v46 = add i32 %x, 323
  %v47 = add i32 %x, 330
  %v48 = add i32 %x, 337
  %v49 = add i32 %x, 344
  %v50 = add i32 %x, 351
  %v51 = add i32 %x, 358
  %v52 = add i32 %x, 365
  %v53 = add i32 %x, 372
  %v54 = add i32 %x, 379
  %v55 = add i32 %x, 386
  %v56 = add i32 %x, 393
  %v57 = add i32 %x, 400
  %v58 = add i32 %x, 407
  %v59 = add i32 %x, 414
  %v60 = add i32 %x, 421
  %v61 = add i32 %x, 428
  %v62 = add i32 %x, 435
  %r = call i32 @f(i32 %v0, i32 %v1, i32 %v2, i32 %v3, i32 %v4, i32 %v5, i32 %v6, i32 %v7, i32 %v8, i32 %v9, i32 %v10, i32 %v11, i32 %v12, i32 %v13, i32 %v14, i32 %v15, i32 %v16, i32 %v17, i32 %v18, i32 %v19, i32 %v20, i32 %v21, i32 %v22, i32 %v23, i32 %v24, i32 %v25, i32 %v26, i32 %v27, i32 %v28, i32 %v29, i32 %v30, i32 %v31, i32 %v32, i32 %v33, i32 %v34, i32 %v35, i32 %v36, i32 %v37, i32 %v38, i32 %v39, i32 %v40, i32 %v41, i32 %v42, i32 %v43, i32 %v44, i32 %v45, i32 %v46, i32 %v47, i32 %v48, i32 %v49, i32 %v50, i32 %v51, i32 %v52, i32 %v53, i32 %v54, i32 %v55, i32 %v56, i32 %v57, i32 %v58, i32 %v59, i32 %v60, i32 %v61, i32 %v62)
  store i32 %r, ptr addrspace(1) %out
  ret void
}
