; A VALU source literal that the instruction cannot carry (a second
; literal; a select's src1) goes to an SGPR where the constant bus has room
; (GFX10+: two reads), and a v_cndmask_b32's src1 literal stays in the VOP3
; form where the target takes a VOP3 literal (GFX10+), as llc-19: not a
; v_mov_b32 to a VGPR, which holds a uniform constant in every lane and
; which licm keeps live through loops (bench/real mri_q.cl, libclc sin/cos
; in a loop: gfx1030 40 -> 34 VGPRs, llc-19 32; gfx900 38 -> 31, llc-19 30).
; isel_values.c isel_valu (sgpr_fits, literal_src1). Main 7fc536e:
; v_mov_b32 v2, 0x7fffff and v_mov_b32 v2, 0xffffffe0 at gfx1030.
; RUN: %wavecc -mcpu=gfx1030 %s -S -o - | FileCheck %s
; RUN: %wavecc -mcpu=gfx1100 %s -S -o - | FileCheck %s
; RUN: %wavecc -mcpu=gfx900 %s -S -o - | FileCheck %s --check-prefix=GFX9
; CHECK-LABEL: andor:
; CHECK-NOT: v_mov_b32_e32 v{{[0-9]+}}, 0x
; CHECK: s_mov_b32 [[S:s[0-9]+]], 0x7fffff
; CHECK: v_and_or_b32 v{{[0-9]+}}, v{{[0-9]+}}, [[S]], 0x800000
; CHECK-LABEL: sel:
; CHECK-NOT: v_mov_b32_e32 v{{[0-9]+}}, 0x
; CHECK: v_cndmask_b32_e64 v{{[0-9]+}}, 0, 0xffffffe0, {{s[0-9]+|vcc_lo}}
; gfx9: one constant-bus read, no VOP3 literal: one constant in an SGPR,
; the other in a VGPR
; GFX9-LABEL: andor:
; GFX9: v_and_or_b32
; GFX9-LABEL: sel:
; GFX9: v_mov_b32_e32 v{{[0-9]+}}, 0xffffffe0
target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @andor(ptr addrspace(1) %p) {
  %l = call i32 @llvm.amdgcn.workitem.id.x()
  %a = getelementptr i32, ptr addrspace(1) %p, i32 %l
  %x = load i32, ptr addrspace(1) %a
  %m = and i32 %x, 8388607
  %o = or i32 %m, 8388608
  store i32 %o, ptr addrspace(1) %a
  ret void
}

define amdgpu_kernel void @sel(ptr addrspace(1) %p) {
  %l = call i32 @llvm.amdgcn.workitem.id.x()
  %a = getelementptr i32, ptr addrspace(1) %p, i32 %l
  %x = load i32, ptr addrspace(1) %a
  %c = icmp sgt i32 %x, 5
  %d = icmp slt i32 %x, 100
  %e = and i1 %c, %d
  %s = select i1 %e, i32 -32, i32 0
  store i32 %s, ptr addrspace(1) %a
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
