; simplify: f64 sources built from constants that a 64-bit operand takes
; inline (0, +-0.5, +-1, +-2, +-4) read the inline constant; a compare
; with the constant second takes the reversed predicate with the operands
; swapped (the VOPC src1 is a VGPR). On main ba3ab87: `s_mov_b32` x2 for
; the 1.0 of the add and `v_mov_b32` x2 for the 0.0 of the compare.
; RUN: %wavecc -mcpu=gfx900 %s -S -o - | FileCheck %s
; RUN: %wavecc -mcpu=gfx1100 %s -S -o - | FileCheck %s --check-prefix=GFX11
target triple = "amdgcn-amd-amdhsa"
declare i32 @llvm.amdgcn.workitem.id.x()

; CHECK-LABEL: {{^}}f:
; CHECK-NOT: s_mov_b32
; CHECK-DAG: v_add_f64 v[{{[0-9]+:[0-9]+}}], v[{{[0-9]+:[0-9]+}}], 1.0
; CHECK-DAG: v_cmp_lt_f64_e64 s[{{[0-9]+:[0-9]+}}], 0, v[{{[0-9]+:[0-9]+}}]
; CHECK-DAG: v_cmp_nle_f64_e64 s[{{[0-9]+:[0-9]+}}], -2.0, v[{{[0-9]+:[0-9]+}}]
; CHECK-DAG: v_mov_b32_e32 v{{[0-9]+}}, 0x40effc00
; CHECK: s_endpgm
; GFX11-LABEL: {{^}}f:
; GFX11-DAG: v_add_f64 v[{{[0-9]+:[0-9]+}}], v[{{[0-9]+:[0-9]+}}], 1.0
; GFX11-DAG: v_cmp_lt_f64_e64 s{{[0-9]+}}, 0, v[{{[0-9]+:[0-9]+}}]
define amdgpu_kernel void @f(ptr addrspace(1) %o) {
  %id = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr double, ptr addrspace(1) %o, i32 %id
  %x = load double, ptr addrspace(1) %p
  %a = fadd double %x, 1.0
  %c = fcmp ogt double %x, 0.0
  %c2 = fcmp olt double %x, 65504.0
  %c4 = fcmp ult double %x, -2.0
  %c3 = and i1 %c, %c2
  %c5 = and i1 %c3, %c4
  %r = select i1 %c5, double %a, double %x
  store double %r, ptr addrspace(1) %p
  ret void
}
