; get_global_id's group * size + offset + id: an add3 with two uniform
; operands. gfx9 reads one SGPR per VOP3 instruction (constant bus), so
; the SGPRs add on the SALU first (isel_fuse.c scalar_pair); GFX10+
; read two, and one v_add3_u32 s, s, v does it, as llc-19 writes it on
; gfx1030 and gfx1100 (one instruction less per wave and dimension).
; RUN: %wavecc -mcpu=gfx1030 %s -S -o - | FileCheck %s --check-prefix=G10
; RUN: %wavecc -mcpu=gfx1100 %s -S -o - | FileCheck %s --check-prefix=G10
; RUN: %wavecc -mcpu=gfx900 %s -S -o - | FileCheck %s --check-prefix=G9
; G10-LABEL: gid:
; G10-NOT: s_add_u32
; G10: v_add3_u32 v{{[0-9]+}}, {{[sv][0-9]+}}, {{[sv][0-9]+}}, {{[sv][0-9]+}}
; G10-NOT: s_add_u32
; G10: s_endpgm
; G9-LABEL: gid:
; G9: s_add_u32 [[S:s[0-9]+]], s{{[0-9]+}}, s{{[0-9]+}}
; G9: v_add_u32_e32 v{{[0-9]+}}, [[S]], v{{[0-9]+}}
; G9-NOT: v_add3_u32
; G9: s_endpgm
target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @gid(ptr addrspace(1) %p, i32 %off) {
  %g = call i32 @llvm.amdgcn.workgroup.id.x()
  %l = call i32 @llvm.amdgcn.workitem.id.x()
  %gs = mul i32 %g, %off
  %a = add i32 %off, %l
  %i = add i32 %a, %gs
  %e = getelementptr i32, ptr addrspace(1) %p, i32 %i
  store i32 %i, ptr addrspace(1) %e
  ret void
}

declare i32 @llvm.amdgcn.workgroup.id.x()
declare i32 @llvm.amdgcn.workitem.id.x()
