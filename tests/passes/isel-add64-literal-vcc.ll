; A divergent 64-bit add at GFX10+ (gfx1030, gfx1100, wave32 and wave64):
; the carry between the halves is in VCC (vcc-carry pass), so the high
; half is v_add_co_ci_u32_e32 as llc-19 writes it, and a 64-bit constant
; that is not inline goes into the two adds as literals (isel_alu.c
; literal_add64) instead of an SGPR pair made by two s_mov_b32; a - K is
; a + (-K). main: v_add_co_ci_u32_e64 with an SGPR carry, s_mov_b32 pairs.
; gfx900 keeps both (one constant-bus read, no VOP3 literal).
; RUN: %wavecc -mcpu=gfx1030 -filetype=asm %s -o - | FileCheck %s
; RUN: %wavecc -mcpu=gfx1100 -filetype=asm %s -o - | FileCheck %s
; RUN: %wavecc -mcpu=gfx1030 -mattr=+wavefrontsize64 -filetype=asm %s -o - | FileCheck %s --check-prefix=W64
; RUN: %wavecc -mcpu=gfx1030 --assembler=check %s -o %t.1030.o
; RUN: %wavecc -mcpu=gfx1100 --assembler=check %s -o %t.1100.o
; RUN: %wavecc -mcpu=gfx1100 -mattr=+wavefrontsize64 --assembler=check %s -o %t.1100w64.o
; RUN: %wavecc -mcpu=gfx900 -filetype=asm %s -o - | FileCheck %s --check-prefix=G9
target triple = "amdgcn-amd-amdhsa"

; CHECK-LABEL: k:
; CHECK-NOT: s_mov_b32 s{{[0-9]+}}, 0xdfdc1c35
; CHECK: v_add_co_u32 [[LO:v[0-9]+]], vcc_lo, s{{[0-9]+}}, v{{[0-9]+}}
; CHECK: v_add_co_ci_u32_e32 [[HI:v[0-9]+]], vcc_lo, s{{[0-9]+}}, v{{[0-9]+}}, vcc_lo
; CHECK: v_add_co_u32 v{{[0-9]+}}, vcc_lo, 0xdfdc1c35, [[LO]]
; CHECK: v_add_co_ci_u32_e32 v{{[0-9]+}}, vcc_lo, 2, [[HI]], vcc_lo
; CHECK: v_add_co_u32 v{{[0-9]+}}, vcc_lo, 0x2023e3cb, v{{[0-9]+}}
; CHECK: v_add_co_ci_u32_e32 v{{[0-9]+}}, vcc_lo, -3, v{{[0-9]+}}, vcc_lo
; CHECK-NOT: v_add_co_ci_u32_e64
; CHECK: s_endpgm
; W64-LABEL: k:
; W64: v_add_co_u32 v{{[0-9]+}}, vcc, 0xdfdc1c35, v{{[0-9]+}}
; W64: v_add_co_ci_u32_e32 v{{[0-9]+}}, vcc, 2, v{{[0-9]+}}, vcc
; G9-LABEL: k:
; G9: s_mov_b32 s{{[0-9]+}}, 0xdfdc1c35
; G9-NOT: vcc
; G9: s_endpgm
define amdgpu_kernel void @k(ptr addrspace(1) %p, i64 %b) {
  %id = call i32 @llvm.amdgcn.workitem.id.x()
  %g = getelementptr i64, ptr addrspace(1) %p, i32 %id
  %v = load i64, ptr addrspace(1) %g
  %s = add i64 %v, %b
  %t = add i64 %s, 12345678901
  store i64 %t, ptr addrspace(1) %g
  %u = sub i64 %s, 12345678901
  %g1 = getelementptr i64, ptr addrspace(1) %g, i32 64
  store i64 %u, ptr addrspace(1) %g1
  ret void
}
declare i32 @llvm.amdgcn.workitem.id.x()
