; A divergent i16 compare is one v_cmp_*_i16/u16, which reads
; only the low 16 bits of each source: no v_bfe_i32 / v_and_b32 to extend
; each operand first (isel_alu.c cmp16_op; bench/real oddeven_short.cl's
; compare of two shorts of one LDS dword, 5 VALU instructions per
; compare-exchange at gfx1100, 3 now; llc-19 selects the same; a compare
; read only by selects may get the 32-bit form, vcc-carry). A literal
; constant keeps the 32-bit path. Main 7fc536e: v_bfe_i32 twice and
; v_cmp_gt_i32.
; RUN: %wavecc -mcpu=gfx900 %s -S -o - | FileCheck %s
; RUN: %wavecc -mcpu=gfx1030 %s -S -o - | FileCheck %s
; RUN: %wavecc -mcpu=gfx1100 %s -S -o - | FileCheck %s
; RUN: %wavecc -mcpu=gfx942 %s -S -o - | FileCheck %s
target triple = "amdgcn-amd-amdhsa"

; CHECK-LABEL: sgt:
; CHECK-NOT: v_bfe_i32
; CHECK: v_cmp_gt_i16_e{{32|64}}
; CHECK-NOT: v_bfe_i32
; CHECK: s_endpgm
define amdgpu_kernel void @sgt(ptr addrspace(1) %p, ptr addrspace(1) %o) {
  %l = call i32 @llvm.amdgcn.workitem.id.x()
  %a = getelementptr <2 x i16>, ptr addrspace(1) %p, i32 %l
  %v = load <2 x i16>, ptr addrspace(1) %a
  %x = extractelement <2 x i16> %v, i64 0
  %y = extractelement <2 x i16> %v, i64 1
  %c = icmp sgt i16 %x, %y
  %r = zext i1 %c to i32
  %q = getelementptr i32, ptr addrspace(1) %o, i32 %l
  store i32 %r, ptr addrspace(1) %q
  ret void
}

; CHECK-LABEL: ult_inline:
; CHECK-NOT: v_and_b32
; CHECK: v_cmp_{{gt_u16_e(32|64) .*, 40, v[0-9]+|lt_u16_e(32|64) .*, v[0-9]+, 40}}
; CHECK: s_endpgm
define amdgpu_kernel void @ult_inline(ptr addrspace(1) %p, ptr addrspace(1) %o) {
  %l = call i32 @llvm.amdgcn.workitem.id.x()
  %a = getelementptr <2 x i16>, ptr addrspace(1) %p, i32 %l
  %v = load <2 x i16>, ptr addrspace(1) %a
  %x = extractelement <2 x i16> %v, i64 0
  %c = icmp ult i16 %x, 40
  %r = zext i1 %c to i32
  %q = getelementptr i32, ptr addrspace(1) %o, i32 %l
  store i32 %r, ptr addrspace(1) %q
  ret void
}

; CHECK-LABEL: sgt_literal:
; CHECK-NOT: v_cmp_{{[a-z]+}}_i16
; CHECK: s_endpgm
define amdgpu_kernel void @sgt_literal(ptr addrspace(1) %p, ptr addrspace(1) %o) {
  %l = call i32 @llvm.amdgcn.workitem.id.x()
  %a = getelementptr <2 x i16>, ptr addrspace(1) %p, i32 %l
  %v = load <2 x i16>, ptr addrspace(1) %a
  %x = extractelement <2 x i16> %v, i64 0
  %c = icmp sgt i16 %x, 1000
  %r = zext i1 %c to i32
  %q = getelementptr i32, ptr addrspace(1) %o, i32 %l
  store i32 %r, ptr addrspace(1) %q
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
