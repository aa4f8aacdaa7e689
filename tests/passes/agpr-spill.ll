; VGPR spills go to AGPRs first on gfx90a (issue 25; as llc-19 keeps
; spilled VGPRs in AGPRs): at a budget of 8 VGPRs, 24 values live at once
; spill to a0..a7 (v_accvgpr_write/read) and the rest to scratch; the
; descriptor puts the AGPRs after ACCUM_OFFSET (next_free_vgpr = 8 + 8,
; .agpr_count 8), and the kernel computes the right sums on the emulator.
; gfx900 spills all of them to scratch. Before issue 25 wavecc used no
; AGPRs.
; RUN: rm -rf %t && split-file %s %t
; RUN: %wavecc -mcpu=gfx90a --max-vgprs=8 --max-sgprs=24 %t/k.ll -S -o - | FileCheck %s
; RUN: %wavecc -mcpu=gfx900 --max-vgprs=8 --max-sgprs=24 %t/k.ll -S -o - | FileCheck %s --check-prefix=GFX9
; RUN: %wavecc-run --mcpu=gfx90a --compiler=wavecc --reg-budget=8,24 -Xwavecc --assembler=check %t/k.ll 2>&1 | FileCheck %s --check-prefix=EMU
; CHECK: v_accvgpr_write_b32 a0, v{{[0-9]+}}
; CHECK: buffer_store_dword
; CHECK: buffer_load_dword
; CHECK: v_accvgpr_read_b32 v{{[0-9]+}}, a{{[0-7]}}
; CHECK: .amdhsa_next_free_vgpr 16
; CHECK: .amdhsa_accum_offset 8
; CHECK: .agpr_count: 8
; GFX9-NOT: v_accvgpr
; GFX9: buffer_store_dword
; EMU: 1 passed, 0 failed

;--- k.ll
; [config]
; name: agpr spill
; dimensions: 1
;
; [test]
; name: 24 live values at 8 VGPRs
; kernel_name: k
; global_size: 64 0 0
; local_size: 64 0 0
; arg_in: 0 buffer int[1536] 0 1 2 3 4 5 6 7 0 1 2 3 4 5 6 7 0 1 2 3 4 5 6 7 0 1 2 3 4 5 6 7 0 1 2 3 4 5 6 7 0 1 2 3 4 5 6 7 0 1 2 3 4 5 6 7 0 1 2 3 4 5 6 7 0 1 2 3 4 5 6 7 0 1 2 3 4 5 6 7 0 1 2 3 4 5 6 7 0 1 2 3 4 5 6 7 0 1 2 3 4 5 6 7 0 1 2 3 4 5 6 7 0 1 2 3 4 5 6 7 0 1 2 3 4 5 6 7 0 1 2 3 4 5 6 7 0 1 2 3 4 5 6 7 0 1 2 3 4 5 6 7 0 1 2 3 4 5 6 7 0 1 2 3 4 5 6 7 0 1 2 3 4 5 6 7 0 1 2 3 4 5 6 7 0 1 2 3 4 5 6 7 0 1 2 3 4 5 6 7 0 1 2 3 4 5 6 7 0 1 2 3 4 5 6 7 0 1 2 3 4 5 6 7 0 1 2 3 4 5 6 7 0 1 2 3 4 5 6 7 0 1 2 3 4 5 6 7 0 1 2 3 4 5 6 7 0 1 2 3 4 5 6 7 0 1 2 3 4 5 6 7 0 1 2 3 4 5 6 7 0 1 2 3 4 5 6 7 0 1 2 3 4 5 6 7 0 1 2 3 4 5 6 7 0 1 2 3 4 5 6 7 0 1 2 3 4 5 6 7 0 1 2 3 4 5 6 7 0 1 2 3 4 5 6 7 0 1 2 3 4 5 6 7 0 1 2 3 4 5 6 7 0 1 2 3 4 5 6 7 0 1 2 3 4 5 6 7 0 1 2 3 4 5 6 7 0 1 2 3 4 5 6 7 0 1 2 3 4 5 6 7 0 1 2 3 4 5 6 7 0 1 2 3 4 5 6 7 0 1 2 3 4 5 6 7 0 1 2 3 4 5 6 7 0 1 2 3 4 5 6 7 0 1 2 3 4 5 6 7 0 1 2 3 4 5 6 7 0 1 2 3 4 5 6 7 0 1 2 3 4 5 6 7 0 1 2 3 4 5 6 7 0 1 2 3 4 5 6 7 0 1 2 3 4 5 6 7 0 1 2 3 4 5 6 7 0 1 2 3 4 5 6 7 0 1 2 3 4 5 6 7 0 1 2 3 4 5 6 7 0 1 2 3 4 5 6 7 0 1 2 3 4 5 6 7 0 1 2 3 4 5 6 7 0 1 2 3 4 5 6 7 0 1 2 3 4 5 6 7 0 1 2 3 4 5 6 7 0 1 2 3 4 5 6 7 0 1 2 3 4 5 6 7 0 1 2 3 4 5 6 7 0 1 2 3 4 5 6 7 0 1 2 3 4 5 6 7 0 1 2 3 4 5 6 7 0 1 2 3 4 5 6 7 0 1 2 3 4 5 6 7 0 1 2 3 4 5 6 7 0 1 2 3 4 5 6 7 0 1 2 3 4 5 6 7 0 1 2 3 4 5 6 7 0 1 2 3 4 5 6 7 0 1 2 3 4 5 6 7 0 1 2 3 4 5 6 7 0 1 2 3 4 5 6 7 0 1 2 3 4 5 6 7 0 1 2 3 4 5 6 7 0 1 2 3 4 5 6 7 0 1 2 3 4 5 6 7 0 1 2 3 4 5 6 7 0 1 2 3 4 5 6 7 0 1 2 3 4 5 6 7 0 1 2 3 4 5 6 7 0 1 2 3 4 5 6 7 0 1 2 3 4 5 6 7 0 1 2 3 4 5 6 7 0 1 2 3 4 5 6 7 0 1 2 3 4 5 6 7 0 1 2 3 4 5 6 7 0 1 2 3 4 5 6 7 0 1 2 3 4 5 6 7 0 1 2 3 4 5 6 7 0 1 2 3 4 5 6 7 0 1 2 3 4 5 6 7 0 1 2 3 4 5 6 7 0 1 2 3 4 5 6 7 0 1 2 3 4 5 6 7 0 1 2 3 4 5 6 7 0 1 2 3 4 5 6 7 0 1 2 3 4 5 6 7 0 1 2 3 4 5 6 7 0 1 2 3 4 5 6 7 0 1 2 3 4 5 6 7 0 1 2 3 4 5 6 7 0 1 2 3 4 5 6 7 0 1 2 3 4 5 6 7 0 1 2 3 4 5 6 7 0 1 2 3 4 5 6 7 0 1 2 3 4 5 6 7 0 1 2 3 4 5 6 7 0 1 2 3 4 5 6 7 0 1 2 3 4 5 6 7 0 1 2 3 4 5 6 7 0 1 2 3 4 5 6 7 0 1 2 3 4 5 6 7 0 1 2 3 4 5 6 7 0 1 2 3 4 5 6 7 0 1 2 3 4 5 6 7 0 1 2 3 4 5 6 7 0 1 2 3 4 5 6 7 0 1 2 3 4 5 6 7 0 1 2 3 4 5 6 7 0 1 2 3 4 5 6 7 0 1 2 3 4 5 6 7 0 1 2 3 4 5 6 7 0 1 2 3 4 5 6 7 0 1 2 3 4 5 6 7 0 1 2 3 4 5 6 7 0 1 2 3 4 5 6 7 0 1 2 3 4 5 6 7 0 1 2 3 4 5 6 7 0 1 2 3 4 5 6 7 0 1 2 3 4 5 6 7 0 1 2 3 4 5 6 7 0 1 2 3 4 5 6 7 0 1 2 3 4 5 6 7 0 1 2 3 4 5 6 7 0 1 2 3 4 5 6 7 0 1 2 3 4 5 6 7 0 1 2 3 4 5 6 7 0 1 2 3 4 5 6 7 0 1 2 3 4 5 6 7 0 1 2 3 4 5 6 7 0 1 2 3 4 5 6 7 0 1 2 3 4 5 6 7 0 1 2 3 4 5 6 7 0 1 2 3 4 5 6 7 0 1 2 3 4 5 6 7 0 1 2 3 4 5 6 7 0 1 2 3 4 5 6 7 0 1 2 3 4 5 6 7 0 1 2 3 4 5 6 7 0 1 2 3 4 5 6 7 0 1 2 3 4 5 6 7 0 1 2 3 4 5 6 7 0 1 2 3 4 5 6 7 0 1 2 3 4 5 6 7 0 1 2 3 4 5 6 7 0 1 2 3 4 5 6 7 0 1 2 3 4 5 6 7 0 1 2 3 4 5 6 7 0 1 2 3 4 5 6 7 0 1 2 3 4 5 6 7 0 1 2 3 4 5 6 7 0 1 2 3 4 5 6 7 0 1 2 3 4 5 6 7 0 1 2 3 4 5 6 7 0 1 2 3 4 5 6 7 0 1 2 3 4 5 6 7 0 1 2 3 4 5 6 7 0 1 2 3 4 5 6 7 0 1 2 3 4 5 6 7 0 1 2 3 4 5 6 7 0 1 2 3 4 5 6 7 0 1 2 3 4 5 6 7 0 1 2 3 4 5 6 7 0 1 2 3 4 5 6 7 0 1 2 3 4 5 6 7 0 1 2 3 4 5 6 7 0 1 2 3 4 5 6 7
; arg_out: 1 buffer int[64] 0 300 600 900 1200 1500 1800 2100 0 300 600 900 1200 1500 1800 2100 0 300 600 900 1200 1500 1800 2100 0 300 600 900 1200 1500 1800 2100 0 300 600 900 1200 1500 1800 2100 0 300 600 900 1200 1500 1800 2100 0 300 600 900 1200 1500 1800 2100 0 300 600 900 1200 1500 1800 2100

target triple = "amdgcn-amd-amdhsa"

; in[n] = n & 7: out[t] = sum_j (j + 1) * in[64 j + t] = 300 * (t & 7), the
; 24 volatile loads all done (and live) before the products are summed.
define amdgpu_kernel void @k(ptr addrspace(1) %in, ptr addrspace(1) %out) {
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %i0 = add i32 %t, 0
  %p0 = getelementptr i32, ptr addrspace(1) %in, i32 %i0
  %v0 = load volatile i32, ptr addrspace(1) %p0
  %i1 = add i32 %t, 64
  %p1 = getelementptr i32, ptr addrspace(1) %in, i32 %i1
  %v1 = load volatile i32, ptr addrspace(1) %p1
  %i2 = add i32 %t, 128
  %p2 = getelementptr i32, ptr addrspace(1) %in, i32 %i2
  %v2 = load volatile i32, ptr addrspace(1) %p2
  %i3 = add i32 %t, 192
  %p3 = getelementptr i32, ptr addrspace(1) %in, i32 %i3
  %v3 = load volatile i32, ptr addrspace(1) %p3
  %i4 = add i32 %t, 256
  %p4 = getelementptr i32, ptr addrspace(1) %in, i32 %i4
  %v4 = load volatile i32, ptr addrspace(1) %p4
  %i5 = add i32 %t, 320
  %p5 = getelementptr i32, ptr addrspace(1) %in, i32 %i5
  %v5 = load volatile i32, ptr addrspace(1) %p5
  %i6 = add i32 %t, 384
  %p6 = getelementptr i32, ptr addrspace(1) %in, i32 %i6
  %v6 = load volatile i32, ptr addrspace(1) %p6
  %i7 = add i32 %t, 448
  %p7 = getelementptr i32, ptr addrspace(1) %in, i32 %i7
  %v7 = load volatile i32, ptr addrspace(1) %p7
  %i8 = add i32 %t, 512
  %p8 = getelementptr i32, ptr addrspace(1) %in, i32 %i8
  %v8 = load volatile i32, ptr addrspace(1) %p8
  %i9 = add i32 %t, 576
  %p9 = getelementptr i32, ptr addrspace(1) %in, i32 %i9
  %v9 = load volatile i32, ptr addrspace(1) %p9
  %i10 = add i32 %t, 640
  %p10 = getelementptr i32, ptr addrspace(1) %in, i32 %i10
  %v10 = load volatile i32, ptr addrspace(1) %p10
  %i11 = add i32 %t, 704
  %p11 = getelementptr i32, ptr addrspace(1) %in, i32 %i11
  %v11 = load volatile i32, ptr addrspace(1) %p11
  %i12 = add i32 %t, 768
  %p12 = getelementptr i32, ptr addrspace(1) %in, i32 %i12
  %v12 = load volatile i32, ptr addrspace(1) %p12
  %i13 = add i32 %t, 832
  %p13 = getelementptr i32, ptr addrspace(1) %in, i32 %i13
  %v13 = load volatile i32, ptr addrspace(1) %p13
  %i14 = add i32 %t, 896
  %p14 = getelementptr i32, ptr addrspace(1) %in, i32 %i14
  %v14 = load volatile i32, ptr addrspace(1) %p14
  %i15 = add i32 %t, 960
  %p15 = getelementptr i32, ptr addrspace(1) %in, i32 %i15
  %v15 = load volatile i32, ptr addrspace(1) %p15
  %i16 = add i32 %t, 1024
  %p16 = getelementptr i32, ptr addrspace(1) %in, i32 %i16
  %v16 = load volatile i32, ptr addrspace(1) %p16
  %i17 = add i32 %t, 1088
  %p17 = getelementptr i32, ptr addrspace(1) %in, i32 %i17
  %v17 = load volatile i32, ptr addrspace(1) %p17
  %i18 = add i32 %t, 1152
  %p18 = getelementptr i32, ptr addrspace(1) %in, i32 %i18
  %v18 = load volatile i32, ptr addrspace(1) %p18
  %i19 = add i32 %t, 1216
  %p19 = getelementptr i32, ptr addrspace(1) %in, i32 %i19
  %v19 = load volatile i32, ptr addrspace(1) %p19
  %i20 = add i32 %t, 1280
  %p20 = getelementptr i32, ptr addrspace(1) %in, i32 %i20
  %v20 = load volatile i32, ptr addrspace(1) %p20
  %i21 = add i32 %t, 1344
  %p21 = getelementptr i32, ptr addrspace(1) %in, i32 %i21
  %v21 = load volatile i32, ptr addrspace(1) %p21
  %i22 = add i32 %t, 1408
  %p22 = getelementptr i32, ptr addrspace(1) %in, i32 %i22
  %v22 = load volatile i32, ptr addrspace(1) %p22
  %i23 = add i32 %t, 1472
  %p23 = getelementptr i32, ptr addrspace(1) %in, i32 %i23
  %v23 = load volatile i32, ptr addrspace(1) %p23
  %m23 = mul i32 %v23, 24
  %m22 = mul i32 %v22, 23
  %s22 = add i32 %m23, %m22
  %m21 = mul i32 %v21, 22
  %s21 = add i32 %s22, %m21
  %m20 = mul i32 %v20, 21
  %s20 = add i32 %s21, %m20
  %m19 = mul i32 %v19, 20
  %s19 = add i32 %s20, %m19
  %m18 = mul i32 %v18, 19
  %s18 = add i32 %s19, %m18
  %m17 = mul i32 %v17, 18
  %s17 = add i32 %s18, %m17
  %m16 = mul i32 %v16, 17
  %s16 = add i32 %s17, %m16
  %m15 = mul i32 %v15, 16
  %s15 = add i32 %s16, %m15
  %m14 = mul i32 %v14, 15
  %s14 = add i32 %s15, %m14
  %m13 = mul i32 %v13, 14
  %s13 = add i32 %s14, %m13
  %m12 = mul i32 %v12, 13
  %s12 = add i32 %s13, %m12
  %m11 = mul i32 %v11, 12
  %s11 = add i32 %s12, %m11
  %m10 = mul i32 %v10, 11
  %s10 = add i32 %s11, %m10
  %m9 = mul i32 %v9, 10
  %s9 = add i32 %s10, %m9
  %m8 = mul i32 %v8, 9
  %s8 = add i32 %s9, %m8
  %m7 = mul i32 %v7, 8
  %s7 = add i32 %s8, %m7
  %m6 = mul i32 %v6, 7
  %s6 = add i32 %s7, %m6
  %m5 = mul i32 %v5, 6
  %s5 = add i32 %s6, %m5
  %m4 = mul i32 %v4, 5
  %s4 = add i32 %s5, %m4
  %m3 = mul i32 %v3, 4
  %s3 = add i32 %s4, %m3
  %m2 = mul i32 %v2, 3
  %s2 = add i32 %s3, %m2
  %m1 = mul i32 %v1, 2
  %s1 = add i32 %s2, %m1
  %m0 = mul i32 %v0, 1
  %s0 = add i32 %s1, %m0
  %po = getelementptr i32, ptr addrspace(1) %out, i32 %t
  store i32 %s0, ptr addrspace(1) %po
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
