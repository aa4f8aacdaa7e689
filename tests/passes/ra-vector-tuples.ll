; Loaded <4 x float> values used element by element and results stored as
; <4 x float>: the four extracts of each load become one p_split_vector
; (fold-vectors: tuples up to four dwords when the budget is not tight), so
; the elements stay in the loaded registers, and a create_vector whose
; operands were computed into consecutive registers takes that range
; (regalloc: prefer_vector_base); a vector whose operands have no free
; range below the VGPRs used so far takes one above them while that keeps
; the occupancy (17 VGPRs here, 10 waves as with 14; 18 before the second
; store took the saddr form with the first one's offset VGPR, isel_gep.c
; isel_gep_saddr_user). Before: 14 v_mov_b32, now none. 13 VGPRs since ra25:
; the products' vector takes v[1:4] although only v1 is free at the first
; product, because each other element dies at the product written over it
; (regalloc_choose.c vector_find_free).
; RUN: %wavecc %s -S -o - | FileCheck %s
; With 8 VGPRs the wide tuples keep their extracts (the spiller reloads
; them dword by dword) and the kernel still compiles.
; RUN: %wavecc --max-vgprs=8 %s -S -o - | FileCheck %s --check-prefix=TIGHT
target triple = "amdgcn-amd-amdhsa"
declare i32 @llvm.amdgcn.workitem.id.x()
; CHECK-LABEL: k_float4:
; CHECK: global_load_dwordx4 v{{\[}}[[X:[0-9]+]]:{{[0-9]+}}]
; CHECK: global_load_dwordx4
; CHECK-NOT: v_mov_b32
; CHECK: v_add_f32_e32 v{{[0-9]+}}, v[[X]],
; CHECK-NOT: v_mov_b32
; CHECK: global_store_dwordx4
; CHECK-NEXT: global_store_dwordx4
; CHECK: .amdhsa_next_free_vgpr 13
; TIGHT-LABEL: k_float4:
; TIGHT: s_endpgm
define amdgpu_kernel void @k_float4(ptr addrspace(1) %a, ptr addrspace(1) %b, ptr addrspace(1) %out) {
  %id = call i32 @llvm.amdgcn.workitem.id.x()
  %pa = getelementptr <4 x float>, ptr addrspace(1) %a, i32 %id
  %pb = getelementptr <4 x float>, ptr addrspace(1) %b, i32 %id
  %x = load <4 x float>, ptr addrspace(1) %pa
  %y = load <4 x float>, ptr addrspace(1) %pb
  %s = fadd <4 x float> %x, %y
  %m = fmul <4 x float> %x, %y
  %po = getelementptr <4 x float>, ptr addrspace(1) %out, i32 %id
  store <4 x float> %s, ptr addrspace(1) %po
  %po2 = getelementptr <4 x float>, ptr addrspace(1) %po, i32 64
  store <4 x float> %m, ptr addrspace(1) %po2
  ret void
}
