; A GEP of constant indices on a GEP in the global saddr form (uniform
; base + divergent 32-bit offset, isel_gep_saddr) takes that form too:
; instcombine writes p[i + 32] as `getelementptr i8, (p + i), 128`, and
; the loads through it are the base GEP's SGPR base and VGPR offset with
; 128 more in the offset field (isel_gep_saddr_user). Before, the constant
; GEP user made the base GEP a 64-bit address (v_mad_u64_u32 at gfx90a,
; add-with-carry pairs at gfx900) and every load `off`. A constant beyond
; the 13-bit offset field keeps the 64-bit form.
; RUN: %wavecc -mcpu=gfx90a %s -S -o - | FileCheck %s
; RUN: %wavecc -mcpu=gfx900 %s -S -o - | FileCheck %s
target triple = "amdgcn-amd-amdhsa"

declare i32 @llvm.amdgcn.workitem.id.x()

; CHECK-LABEL: k_near:
; CHECK-NOT: v_mad_u64_u32
; CHECK: global_load_dword v{{[0-9]+}}, [[O:v[0-9]+]], s[{{[0-9]+}}:{{[0-9]+}}]{{$}}
; CHECK: global_load_dword v{{[0-9]+}}, [[O]], s[{{[0-9]+}}:{{[0-9]+}}] offset:128
; CHECK: global_load_dword v{{[0-9]+}}, [[O]], s[{{[0-9]+}}:{{[0-9]+}}] offset:4092
; CHECK: global_store_dword [[O]], v{{[0-9]+}}, s[{{[0-9]+}}:{{[0-9]+}}] offset:256
; CHECK: s_endpgm
define amdgpu_kernel void @k_near(ptr addrspace(1) %p) {
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %i = and i32 %t, 63
  %q = shl nuw nsw i32 %t, 6
  %base = or disjoint i32 %q, %i
  %x = zext nneg i32 %base to i64
  %p0 = getelementptr float, ptr addrspace(1) %p, i64 %x
  %a = load float, ptr addrspace(1) %p0
  %p1 = getelementptr i8, ptr addrspace(1) %p0, i64 128
  %b = load float, ptr addrspace(1) %p1
  %p2 = getelementptr i8, ptr addrspace(1) %p0, i64 4092
  %c = load float, ptr addrspace(1) %p2
  %s = fadd float %a, %b
  %s2 = fadd float %s, %c
  %p3 = getelementptr i8, ptr addrspace(1) %p0, i64 256
  store float %s2, ptr addrspace(1) %p3
  ret void
}

; CHECK-LABEL: k_far:
; CHECK: global_load_dword v{{[0-9]+}}, v[{{[0-9]+}}:{{[0-9]+}}], off
; CHECK: s_endpgm
define amdgpu_kernel void @k_far(ptr addrspace(1) %p) {
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %x = zext nneg i32 %t to i64
  %p0 = getelementptr float, ptr addrspace(1) %p, i64 %x
  %a = load float, ptr addrspace(1) %p0
  %p1 = getelementptr i8, ptr addrspace(1) %p0, i64 8192
  %b = load float, ptr addrspace(1) %p1
  %s = fadd float %a, %b
  store float %s, ptr addrspace(1) %p0
  ret void
}
