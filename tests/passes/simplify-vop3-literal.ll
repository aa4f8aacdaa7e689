; simplify fold_valu_literals: on GFX10+ (target vop3_literal) a VALU
; source that is an SGPR constant (s_mov_b32 k, here the dwords of a
; double constant split for a dynamic insert) is read as a VOP3 literal,
; as llc-19 writes v_cndmask_b32_e64 vD, 0x3ff80000, vS, sM; gfx9 has no
; VOP3 literals and keeps a move of the constant. An inline constant in a VGPR
; (v_mov_b32 0, the high half of a zext) is read inline, and x | 0 then
; goes. f_insertelt_dyn64.ll at gfx1030: 49 -> 39 instructions (llc-19 35).
; (The mask is in VCC where vcc-carry puts it: the 32-bit form, on gfx11
; v_dual_cndmask_b32.)
; RUN: %wavecc -mcpu=gfx1030 -S %s -o - | FileCheck %s --check-prefix=RDNA
; RUN: %wavecc -mcpu=gfx1100 -S %s -o - | FileCheck %s --check-prefix=RDNA
; RUN: %wavecc -mcpu=gfx900 -S %s -o - | FileCheck %s --check-prefix=GFX9
; RDNA-LABEL: ins:
; RDNA-NOT: s_mov_b32 s{{[0-9]+}}, 0x3ff80000
; RDNA-NOT: v_or_b32
; RDNA: cndmask_b32{{(_e32|_e64)?}} v{{[0-9]+}}, 0x3ff80000, v{{[0-9]+}}
; RDNA: cndmask_b32{{(_e32|_e64)?}} v{{[0-9]+}}, 0x40040000, v{{[0-9]+}}
; RDNA: s_endpgm
; GFX9-LABEL: ins:
; GFX9: v_mov_b32_e32 v{{[0-9]+}}, 0x3ff80000
; GFX9: s_endpgm
target triple = "amdgcn-amd-amdhsa"

declare i32 @llvm.amdgcn.workitem.id.x()

define amdgpu_kernel void @ins(ptr addrspace(1) %out) {
  %i = call i32 @llvm.amdgcn.workitem.id.x()
  %k = and i32 %i, 1
  %f = uitofp i32 %i to double
  %v = insertelement <2 x double> <double 1.5, double 2.5>, double %f, i32 %k
  %i64 = zext i32 %i to i64
  %sh = shl i64 %i64, 40
  %y = or i64 %i64, %sh
  %p = getelementptr <2 x double>, ptr addrspace(1) %out, i32 %i
  store <2 x double> %v, ptr addrspace(1) %p
  %q = getelementptr i64, ptr addrspace(1) %out, i32 %k
  store i64 %y, ptr addrspace(1) %q
  ret void
}
