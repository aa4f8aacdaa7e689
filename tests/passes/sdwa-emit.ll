; SDWA source selects (pass sdwa, mir.h MIR_SEL_*) in the assembly and in
; the encoder, at gfx900 and gfx1030 (wave32 and wave64): byte 1 of x
; into v_add_u32 (v_add_nc_u32 on gfx10), the high half into
; v_mul_u32_u24, a sign-extended byte (sext(...)) into v_xor_b32, the low
; half into src1 of v_sub_u32, byte 0 into the VOP1 v_cvt_f32_u32 (whose
; SDWA dword has no src1_sel: llvm-mc-19 writes 0 there), and the
; bench/real/hist_local.cl shape (x >> 8) & 255 scaled by 4, with the
; inline constant 2 as src0, and compares (VOPC SDWA: the lane mask in
; SDST, here an SGPR pair, one compare against an SGPR). --assembler=check compares every
; instruction's bytes with llvm-mc-19's. gfx1100 has no SDWA: plain
; extracts. Fails on main (no SDWA). gfx90a and gfx942 (GFX9 SDWA, as
; llc-19 there) since session 18: f_sdwa_selects.cl 196 -> 168 (gfx90a)
; and 176 -> 148 (gfx942) wave-instructions, llc-19 156 / 144.
; RUN: %wavecc -mcpu=gfx900 %s -S -o - | FileCheck %s --check-prefixes=CHECK,GFX9
; RUN: %wavecc -mcpu=gfx1030 %s -S -o - | FileCheck %s --check-prefixes=CHECK,GFX10
; RUN: %wavecc -mcpu=gfx1030 -mattr=+wavefrontsize64 %s -S -o - | FileCheck %s --check-prefixes=CHECK,GFX10
; RUN: %wavecc -mcpu=gfx900 --assembler=check %s -o %t.o
; RUN: %wavecc -mcpu=gfx1030 --assembler=check %s -o %t.o
; RUN: %wavecc -mcpu=gfx1030 -mattr=+wavefrontsize64 --assembler=check %s -o %t.o
; RUN: %wavecc -mcpu=gfx90a %s -S -o - | FileCheck %s --check-prefixes=CHECK,GFX9
; RUN: %wavecc -mcpu=gfx942 %s -S -o - | FileCheck %s --check-prefixes=CHECK,GFX9
; RUN: %wavecc -mcpu=gfx90a --assembler=check %s -o %t.o
; RUN: %wavecc -mcpu=gfx942 --assembler=check %s -o %t.o
; RUN: %wavecc -mcpu=gfx1100 %s -S -o - | FileCheck %s --check-prefix=GFX11
; CHECK-LABEL: bytes:
; GFX9: v_add_u32_sdwa v{{[0-9]+}}, v[[X:[0-9]+]], v{{[0-9]+}} dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:BYTE_1 src1_sel:DWORD
; GFX10: v_add_nc_u32_sdwa v{{[0-9]+}}, v[[X:[0-9]+]], v{{[0-9]+}} dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:BYTE_1 src1_sel:DWORD
; CHECK-DAG: v_mul_u32_u24_sdwa v{{[0-9]+}}, v[[X]], v{{[0-9]+}} dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:WORD_1 src1_sel:DWORD
; CHECK-DAG: v_xor_b32_sdwa v{{[0-9]+}}, sext(v[[X]]), v{{[0-9]+}} dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:BYTE_2 src1_sel:DWORD
; CHECK-DAG: v_sub{{(_nc)?}}_u32_sdwa v{{[0-9]+}}, v{{[0-9]+}}, v[[X]] dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:DWORD src1_sel:WORD_0
; CHECK-DAG: v_cvt_f32_u32_sdwa v{{[0-9]+}}, v[[X]] dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:BYTE_0
; CHECK-LABEL: hist:
; CHECK: v_lshlrev_b32_sdwa v{{[0-9]+}}, 2, v{{[0-9]+}} dst_sel:DWORD dst_unused:UNUSED_PAD src0_sel:DWORD src1_sel:BYTE_1
; CHECK-NOT: v_bfe_u32
; CHECK-LABEL: cmpb:
; CHECK: v_cmp_gt_u32_sdwa {{s\[?[0-9:]+\]?}}, v{{[0-9]+}}, v{{[0-9]+}} src0_sel:BYTE_1 src1_sel:DWORD
; CHECK: v_cmp_gt_i32_sdwa {{s\[?[0-9:]+\]?}}, s{{[0-9]+}}, sext(v{{[0-9]+}}) src0_sel:DWORD src1_sel:BYTE_1
; GFX11-LABEL: bytes:
; GFX11-NOT: _sdwa
; GFX11: v_bfe_u32
; GFX11-NOT: _sdwa

target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @bytes(ptr addrspace(1) %p) {
  %id = call i32 @llvm.amdgcn.workitem.id.x()
  %a = getelementptr i32, ptr addrspace(1) %p, i32 %id
  %x = load i32, ptr addrspace(1) %a
  %b1 = lshr i32 %x, 8
  %b1m = and i32 %b1, 255
  %r1 = add i32 %b1m, %id
  %h1 = lshr i32 %x, 16
  %r2 = mul i32 %h1, %r1
  %c2 = shl i32 %x, 8
  %c2s = ashr i32 %c2, 24
  %r3 = xor i32 %c2s, %r2
  %lo = and i32 %x, 65535
  %r4 = sub i32 %r3, %lo
  %b0 = and i32 %x, 255
  %f = uitofp i32 %b0 to float
  %fi = bitcast float %f to i32
  %r5 = add i32 %r4, %fi
  store i32 %r5, ptr addrspace(1) %a
  ret void
}

@h = internal addrspace(3) global [256 x i32] undef, align 4

define amdgpu_kernel void @hist(ptr addrspace(1) %p) {
  %id = call i32 @llvm.amdgcn.workitem.id.x()
  %a = getelementptr i32, ptr addrspace(1) %p, i32 %id
  %x = load i32, ptr addrspace(1) %a
  %b1 = lshr i32 %x, 8
  %b1m = and i32 %b1, 255
  %e = getelementptr [256 x i32], ptr addrspace(3) @h, i32 0, i32 %b1m
  %old = atomicrmw add ptr addrspace(3) %e, i32 1 monotonic
  ret void
}

define amdgpu_kernel void @cmpb(ptr addrspace(1) %p, i32 %s) {
  %id = call i32 @llvm.amdgcn.workitem.id.x()
  %a = getelementptr i32, ptr addrspace(1) %p, i32 %id
  %x = load i32, ptr addrspace(1) %a
  %b1 = lshr i32 %x, 8
  %b1m = and i32 %b1, 255
  %c = icmp ugt i32 %b1m, %id
  %c2s = shl i32 %x, 16
  %c2 = ashr i32 %c2s, 24
  %d = icmp slt i32 %c2, %s
  %e = and i1 %c, %d
  %r = select i1 %e, i32 %x, i32 7
  store i32 %r, ptr addrspace(1) %a
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
