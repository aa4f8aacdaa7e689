; fadd / fmul of divergent <N x half> values as v_pk_add_f16 / v_pk_mul_f16
; (isel_packed.c), one per dword as llc-19 selects them: the loaded dwords
; are the operands and the results are stored as they are, no v_add_f16
; per element, no unpacking or v_perm_b32 repacking. A uniform vector
; keeps the per-element path. A compare-and-swap loop on <2 x half>
; carries the memory dword (expand-buffer-ops), so the add in the loop is
; one v_pk_add_f16 too.
; RUN: %wavecc %s -S -o - | FileCheck %s
; RUN: %wavecc -mcpu=gfx1100 %s -S -o - | FileCheck %s --check-prefix=GFX11
target triple = "amdgcn-amd-amdhsa"

declare i32 @llvm.amdgcn.workitem.id.x()

; CHECK-LABEL: k_add_mul:
; CHECK: global_load_dwordx2
; CHECK: global_load_dwordx2
; CHECK-COUNT-2: v_pk_add_f16
; CHECK-COUNT-2: v_pk_mul_f16
; CHECK-NOT: v_add_f16
; CHECK-NOT: v_mul_f16
; CHECK-NOT: v_perm_b32
; CHECK: s_endpgm
; GFX11-LABEL: k_add_mul:
; GFX11-COUNT-2: v_pk_add_f16
; GFX11-COUNT-2: v_pk_mul_f16
define amdgpu_kernel void @k_add_mul(ptr addrspace(1) %a, ptr addrspace(1) %b, ptr addrspace(1) %o) {
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %pa = getelementptr <4 x half>, ptr addrspace(1) %a, i32 %t
  %x = load <4 x half>, ptr addrspace(1) %pa, align 8
  %pb = getelementptr <4 x half>, ptr addrspace(1) %b, i32 %t
  %y = load <4 x half>, ptr addrspace(1) %pb, align 8
  %s = fadd <4 x half> %x, %y
  %p = fmul <4 x half> %s, %y
  %po = getelementptr <4 x half>, ptr addrspace(1) %o, i32 %t
  store <4 x half> %s, ptr addrspace(1) %pa, align 8
  store <4 x half> %p, ptr addrspace(1) %po, align 8
  ret void
}

; CHECK-LABEL: k_cas_loop:
; CHECK: global_load_dword
; CHECK-NOT: v_add_f16
; CHECK: v_pk_add_f16
; CHECK-NOT: v_perm_b32
; CHECK: global_atomic_cmpswap
; CHECK: s_cbranch_execnz
; CHECK-NOT: v_add_f16
; CHECK-NOT: v_perm_b32
; CHECK: s_endpgm
define amdgpu_kernel void @k_cas_loop(ptr addrspace(1) %g, ptr addrspace(1) %a) {
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %pa = getelementptr <2 x half>, ptr addrspace(1) %a, i32 %t
  %x = load <2 x half>, ptr addrspace(1) %pa, align 4
  %pg = getelementptr <2 x half>, ptr addrspace(1) %g, i32 %t
  %old = atomicrmw fadd ptr addrspace(1) %pg, <2 x half> %x syncscope("agent") monotonic, align 4
  store <2 x half> %old, ptr addrspace(1) %pa, align 4
  ret void
}

; a uniform i32 bitcast to <2 x i16> keeps its SGPR as the packed form:
; inline assembly reading it packed gets that SGPR, not a split and an
; s_pack_ll_b32_b16 (isel_packed_record takes SGPR dwords)
; CHECK-LABEL: k_uniform_bitcast_asm:
; CHECK-NOT: s_pack_ll_b32_b16
; CHECK-NOT: s_lshr_b32
; CHECK: s_endpgm
define amdgpu_kernel void @k_uniform_bitcast_asm(ptr addrspace(1) %out, i32 %bits) {
  %in = bitcast i32 %bits to <2 x i16>
  %a = call i32 asm "s_mov_b32 $0, $1", "=r,r"(<2 x i16> %in)
  store i32 %a, ptr addrspace(1) %out
  ret void
}
