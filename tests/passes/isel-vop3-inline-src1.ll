; A VOP2 or VOPC operation of a uniform (SGPR) value and an inline constant
; in src1 selects the VOP3 form with both (v_mul_f32_e64 v, s, 2.0;
; v_cmp_gt_f32_e64 s[..], s, 1.0), as llc-19 does (isel_valu); on main the
; constant went to a VGPR first (v_mov_b32 v, 2.0). A literal (not an
; inline constant) still needs the VGPR on gfx9, whose VOP3 takes none.
; RUN: %wavecc -mcpu=gfx900 -filetype=asm %s -o - | FileCheck %s
target triple = "amdgcn-amd-amdhsa"

; CHECK-LABEL: k_mul:
; CHECK-NOT: v_mov_b32_e32 v{{[0-9]+}}, {{2.0|0x40000000}}
; CHECK: v_mul_f32_e64 v{{[0-9]+}}, s{{[0-9]+}}, {{2.0|0x40000000}}
; CHECK: v_mul_f32_e32 v{{[0-9]+}}, s{{[0-9]+}}, v{{[0-9]+}}
; CHECK: s_endpgm
define amdgpu_kernel void @k_mul(ptr addrspace(1) %out, float %x, float %y) {
  %d = fmul float %x, 2.0
  store float %d, ptr addrspace(1) %out
  %e = fmul float %y, 10.0
  %p = getelementptr float, ptr addrspace(1) %out, i32 1
  store float %e, ptr addrspace(1) %p
  ret void
}

; CHECK-LABEL: k_cmp:
; CHECK-NOT: v_mov_b32_e32 v{{[0-9]+}}, {{1.0|0x3f800000}}
; CHECK: v_cmp_{{.*}}_e64 {{.*}}, s{{[0-9]+}}, {{1.0|0x3f800000}}
; CHECK: s_endpgm
define amdgpu_kernel void @k_cmp(ptr addrspace(1) %out, float %x) {
  %c = fcmp ogt float %x, 1.0
  %s = select i1 %c, i32 7, i32 9
  store i32 %s, ptr addrspace(1) %out
  ret void
}
