; Loads through 32-bit constant pointers (ptr addrspace(6)) at the end of
; inbounds getelementptr chains with negative offsets (cq22a's 8a139a7,
; cast-through-integers: an inbounds GEP on the 32-bit pointer stays one on
; the 64-bit address, its offset folded into the load): a base 40 elements
; in, then -37 elements; a divergent t - 40; [4 x i32] indices (2, -3); an
; i64 index -1 (sign-extended: index width 32); -160 bytes then a
; divergent (7t mod 64) elements; a divergent 23 - t. Host reference:
; out[t] = in[3] + in[t] + in[5] + in[39] + in[7t mod 64] + in[63 - t],
; in[i] = 3i + 1; "amdgpu-32bit-address-high-bits"="1" as in
; f_constant32_load.ll (the emulator places buffers from 0x1_0000_0000).
; A guard written by fz23 (2026-11-30): it passes with wavecc at gfx900,
; gfx90a, gfx942, gfx1030, gfx1100, -O0/-O1/-O2 and 8/24. llc-19 reads the
; divergent addresses with v_readfirstlane_b32 into s_load_dword (its bug,
; as f_constant32_load_divergent.ll; listed in KNOWN-FAILURES.llc*).
; [config]
; name: c32 geps
; kernel_name: k
; dimensions: 1
; global_size: 64 0 0
; local_size: 64 0 0
;
; [test]
; name: t
; arg_in: 0 buffer uint[64] 1 4 7 10 13 16 19 22 25 28 31 34 37 40 43 46 49 52 55 58 61 64 67 70 73 76 79 82 85 88 91 94 97 100 103 106 109 112 115 118 121 124 127 130 133 136 139 142 145 148 151 154 157 160 163 166 169 172 175 178 181 184 187 190
; arg_in: 1 buffer uint[64] repeat 0
; arg_out: 1 buffer uint[64] 336 357 378 399 420 441 462 483 504 525 354 375 396 417 438 459 480 501 522 351 372 393 414 435 456 477 498 519 348 369 390 411 432 453 474 495 516 345 366 387 408 429 450 471 492 513 342 363 384 405 426 447 468 489 510 339 360 381 402 423 444 465 486 507

target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @k(ptr addrspace(4) %in, ptr addrspace(1) %out) #0 {
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %a = ptrtoint ptr addrspace(4) %in to i64
  %lo = trunc i64 %a to i32
  %p6 = inttoptr i32 %lo to ptr addrspace(6)
  %base = getelementptr inbounds i32, ptr addrspace(6) %p6, i32 40
  %g1 = getelementptr inbounds i32, ptr addrspace(6) %base, i32 -37
  %v1 = load i32, ptr addrspace(6) %g1, align 4
  %tm = sub i32 %t, 40
  %g2 = getelementptr inbounds i32, ptr addrspace(6) %base, i32 %tm
  %v2 = load i32, ptr addrspace(6) %g2, align 4
  %g3 = getelementptr inbounds [4 x i32], ptr addrspace(6) %p6, i32 2, i32 -3
  %v3 = load i32, ptr addrspace(6) %g3, align 4
  %g4 = getelementptr inbounds i32, ptr addrspace(6) %base, i64 -1
  %v4 = load i32, ptr addrspace(6) %g4, align 4
  %t7 = mul i32 %t, 7
  %t7m = and i32 %t7, 63
  %t7n = sub i32 %t7m, 40
  %g5 = getelementptr inbounds i8, ptr addrspace(6) %base, i32 -160
  %g5b = getelementptr inbounds i32, ptr addrspace(6) %g5, i32 %t7m
  %v5 = load i32, ptr addrspace(6) %g5b, align 4
  %nt = sub i32 23, %t
  %g6 = getelementptr inbounds i32, ptr addrspace(6) %base, i32 %nt
  %v6 = load i32, ptr addrspace(6) %g6, align 4
  %s1 = add i32 %v1, %v2
  %s2 = add i32 %s1, %v3
  %s3 = add i32 %s2, %v4
  %s4 = add i32 %s3, %v5
  %s5 = add i32 %s4, %v6
  %o = getelementptr inbounds i32, ptr addrspace(1) %out, i32 %t
  store i32 %s5, ptr addrspace(1) %o, align 4
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()

attributes #0 = { "amdgpu-32bit-address-high-bits"="1" }
