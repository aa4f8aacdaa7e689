; llvm.smin/smax/umin/umax.i64 with a constant bound (OpenCL's
; convert_*_sat): the v_cndmask halves take the bound's halves as
; constants (0 and -1 inline, others a literal on GFX10+) and, on targets
; with VOP3 literals, the compare reads a bound in [65, 2^31) as a 32-bit
; literal (llc-19 -mcpu=gfx1030: v_cmp_gt_i64_e64 s0, 0x7f, v[2:3]); a
; negative bound stays an SGPR pair. On main every bound was an s_mov_b32
; pair read by all three instructions. A divergent select of an i64 with
; a constant arm likewise takes the arm's halves as constants (llc-19:
; v_cndmask_b32 v0, 0x7f, v1 and v_cndmask_b32 v1, 0, v2); the mask goes
; through VCC where vcc-carry can put it there (the 32-bit forms).
; RUN: %wavecc -mcpu=gfx1030 -filetype=asm %s -o - | FileCheck %s --check-prefix=GFX10
; RUN: %wavecc -mcpu=gfx900 -filetype=asm %s -o - | FileCheck %s --check-prefix=GFX9
target triple = "amdgcn-amd-amdhsa"

; GFX10-LABEL: k:
; GFX10-NOT: s_mov_b32 s{{[0-9]+}}, 0x7f
; GFX10: v_cmp_gt_i64_e{{32|64}} [[M:s[0-9]+|vcc_lo]], 0x7f, v[{{[0-9]+:[0-9]+}}]
; GFX10-DAG: v_cndmask_b32_e{{32|64}} v{{[0-9]+}}, 0x7f, v{{[0-9]+}}, [[M]]
; GFX10-DAG: v_cndmask_b32_e{{32|64}} v{{[0-9]+}}, 0, v{{[0-9]+}}, [[M]]
; GFX10: s_mov_b32 s{{[0-9]+}}, 0xffffff80
; GFX10: v_cmp_lt_i64_e{{32|64}} [[N:s[0-9]+|vcc_lo]], s[{{[0-9]+:[0-9]+}}], v[{{[0-9]+:[0-9]+}}]
; GFX10: v_cndmask_b32_e{{32|64}} v{{[0-9]+}}, -1, v{{[0-9]+}}, [[N]]
; GFX10: s_endpgm
; GFX9-LABEL: k:
; GFX9: v_cmp_gt_i64_e64 [[M:s\[[0-9]+:[0-9]+\]]], s[{{[0-9]+:[0-9]+}}], v[{{[0-9]+:[0-9]+}}]
; GFX9: v_cndmask_b32_e64 v{{[0-9]+}}, 0, v{{[0-9]+}}, [[M]]
; GFX9: s_endpgm
define amdgpu_kernel void @k(ptr addrspace(1) %p) {
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %q = getelementptr i64, ptr addrspace(1) %p, i32 %t
  %x = load i64, ptr addrspace(1) %q
  %a = call i64 @llvm.smin.i64(i64 %x, i64 127)
  store i64 %a, ptr addrspace(1) %q
  %r = getelementptr i64, ptr addrspace(1) %q, i32 64
  %b = call i64 @llvm.smax.i64(i64 %x, i64 -128)
  store i64 %b, ptr addrspace(1) %r
  ret void
}
; GFX10-LABEL: k_sel:
; GFX10-NOT: s_mov_b32
; GFX10-DAG: v_cndmask_b32_e{{32|64}} v{{[0-9]+}}, 0x7f, v{{[0-9]+}}, [[M:s[0-9]+|vcc_lo]]
; GFX10-DAG: v_cndmask_b32_e{{32|64}} v{{[0-9]+}}, 0, v{{[0-9]+}}, [[M]]
; GFX10: s_endpgm
; GFX9-LABEL: k_sel:
; GFX9-NOT: s_mov_b32
; GFX9: v_cndmask_b32_e64 v{{[0-9]+}}, 0, v{{[0-9]+}}, s[{{[0-9]+:[0-9]+}}]
; GFX9: s_endpgm
define amdgpu_kernel void @k_sel(ptr addrspace(1) %p) {
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %q = getelementptr i64, ptr addrspace(1) %p, i32 %t
  %x = load i64, ptr addrspace(1) %q
  %c = icmp ugt i32 %t, 5
  %a = select i1 %c, i64 %x, i64 127
  store i64 %a, ptr addrspace(1) %q
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
declare i64 @llvm.smin.i64(i64, i64)
declare i64 @llvm.smax.i64(i64, i64)
