; VOP3P operands (isel_packed.c isel_vop3p) take as many distinct SGPRs as
; the target's constant bus allows (target.h const_bus_limit): two on
; GFX10+, so a uniform dot product of three SGPR values needs one
; v_mov_b32 (the accumulator), as llc-19 selects it at gfx1030
; (v_dot2_i32_i16 v, s0, s2, v); gfx9 and CDNA read one. On main
; 04a2c16 every target got one SGPR: two v_mov_b32 at gfx1030.
; RUN: %wavecc -mcpu=gfx1030 -filetype=asm %s -o - | FileCheck %s --check-prefix=RDNA
; RUN: %wavecc -mcpu=gfx90a -filetype=asm %s -o - | FileCheck %s --check-prefix=CDNA
; RUN: %wavecc -mcpu=gfx1030 --assembler=check %s -o %t.o
target triple = "amdgcn-amd-amdhsa"

; RDNA-LABEL: udot:
; RDNA: v_mov_b32_e32 [[C:v[0-9]+]], s{{[0-9]+}}
; RDNA-NOT: v_mov_b32
; RDNA: v_dot4_u32_u8 v{{[0-9]+}}, s{{[0-9]+}}, s{{[0-9]+}}, [[C]]
; CDNA-LABEL: udot:
; CDNA: v_mov_b32_e32 [[B:v[0-9]+]], s{{[0-9]+}}
; CDNA: v_mov_b32_e32 [[C:v[0-9]+]], s{{[0-9]+}}
; CDNA: v_dot4_u32_u8 v{{[0-9]+}}, s{{[0-9]+}}, [[B]], [[C]]
define amdgpu_kernel void @udot(ptr addrspace(1) %out, i32 %a, i32 %b, i32 %c) {
  %r = call i32 @llvm.amdgcn.udot4(i32 %a, i32 %b, i32 %c, i1 false)
  %id = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr i32, ptr addrspace(1) %out, i32 %id
  store i32 %r, ptr addrspace(1) %p
  ret void
}
declare i32 @llvm.amdgcn.udot4(i32, i32, i32, i1)
declare i32 @llvm.amdgcn.workitem.id.x()
