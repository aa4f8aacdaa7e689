; Copy clean-up step 4 (copy_cleanup.c delete_unread_vgpr_moves) also
; runs in kernels with indexed vectors: the not yet lowered
; p_gpr_idx_read / p_gpr_idx_write name their whole vector, so their
; reads are counted. f_gpr_index branch_write kept 15 dead copies of the
; written vector's components (their readers had been forwarded to the
; vector's registers); on main 04a2c16 the v_cndmask chain below is
; interleaved with 15 such copies (v_mov_b32 into registers nothing
; reads) at gfx1100 (8 VOPD pairs) and gfx1030.
; RUN: %wavecc -mcpu=gfx1100 -filetype=asm %s -o - | FileCheck %s
; RUN: %wavecc -mcpu=gfx1030 -filetype=asm %s -o - | FileCheck %s
target triple = "amdgcn-amd-amdhsa"

; CHECK-LABEL: sel_write:
; CHECK: v_movreld_b32
; CHECK-NOT: mov_b32
; CHECK: v_movrels_b32
; CHECK: global_store
define amdgpu_kernel void @sel_write(ptr addrspace(1) noalias readonly %in, ptr addrspace(1) noalias %out, i32 %k) {
  %id = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr <16 x float>, ptr addrspace(1) %in, i32 %id
  %v = load <16 x float>, ptr addrspace(1) %p, align 32
  %odd = and i32 %id, 1
  %c = icmp eq i32 %odd, 0
  %f = sitofp i32 %id to float
  %i = and i32 %k, 15
  %w = insertelement <16 x float> %v, float %f, i32 %i
  %s = select i1 %c, <16 x float> %v, <16 x float> %w
  %k1 = add i32 %k, 1
  %j = and i32 %k1, 15
  %a = extractelement <16 x float> %s, i32 %i
  %b = extractelement <16 x float> %s, i32 %j
  %r = fsub float %a, %b
  %q = getelementptr float, ptr addrspace(1) %out, i32 %id
  store float %r, ptr addrspace(1) %q
  ret void
}
declare i32 @llvm.amdgcn.workitem.id.x()
