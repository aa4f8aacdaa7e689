; A uniform index added to a divergent pointer (isel_gep.c): the index is
; sign-extended and scaled by the SALU (s_ashr_i32 + s_lshl_b64, as
; llc-19 does for jacobi2d's in[i + w]); only the 64-bit add to the base
; is VALU. Before, the index was copied to a VGPR and scaled there
; (v_mov_b32 + v_lshlrev_b32 + v_ashrrev_i32).
; RUN: %wavecc -mcpu=gfx900 %s -S -o - | FileCheck %s
target triple = "amdgcn-amd-amdhsa"
declare i32 @llvm.amdgcn.workitem.id.x()

; CHECK-LABEL: k:
; CHECK: s_ashr_i32 s[[HI:[0-9]+]], s[[W:[0-9]+]], 31
; CHECK: s_lshl_b64 s[[[L:[0-9]+]]:{{[0-9]+}}], s[[[W]]:[[HI]]], 2
; CHECK: v_add_co_u32_e64 v{{[0-9]+}}, s[{{[0-9]+:[0-9]+}}], s[[L]], v{{[0-9]+}}
; CHECK-NOT: v_ashrrev_i32_e32 v{{[0-9]+}}, 30
; CHECK: s_endpgm
define amdgpu_kernel void @k(ptr addrspace(1) %p, i32 %w) {
  %id = call i32 @llvm.amdgcn.workitem.id.x()
  %i = mul nsw i32 %id, 3
  %s = sext i32 %i to i64
  %g = getelementptr float, ptr addrspace(1) %p, i64 %s
  %c = icmp ult i32 %id, 7
  br i1 %c, label %then, label %exit
then:
  %ws = sext i32 %w to i64
  %g2 = getelementptr float, ptr addrspace(1) %g, i64 %ws
  %v = load float, ptr addrspace(1) %g2
  store float %v, ptr addrspace(1) %g
  br label %exit
exit:
  ret void
}
