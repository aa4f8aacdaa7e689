; A global access through a uniform address (a kernel argument plus a
; constant) uses the SGPR pair as saddr and a VGPR offset of 0: one
; v_mov_b32 0 shared by the accesses (src/isel/isel_mem.c
; vector_address), not two v_mov_b32 that copy the address into a VGPR
; pair before every access.
; RUN: %wavecc -O2 -S %s -o - | FileCheck %s
target triple = "amdgcn-amd-amdhsa"

; CHECK-LABEL: {{^}}uni:
; CHECK: v_mov_b32_e32 v[[Z:[0-9]+]], 0{{$}}
; CHECK-NOT: v_mov_b32_e32 v{{[0-9]+}}, s{{[0-9]+}}{{$}}
; CHECK: global_load_dword v{{[0-9]+}}, v[[Z]], s[{{[0-9]+:[0-9]+}}] offset:8 glc{{$}}
; CHECK: global_store_dword v[[Z]], v{{[0-9]+}}, s[{{[0-9]+:[0-9]+}}] offset:4 glc{{$}}
; CHECK: global_store_dword v[[Z]], v{{[0-9]+}}, s[{{[0-9]+:[0-9]+}}] glc{{$}}
; CHECK: s_endpgm
define amdgpu_kernel void @uni(ptr addrspace(1) %in, ptr addrspace(1) %out) {
  %pi = getelementptr i32, ptr addrspace(1) %in, i64 2
  %x = load volatile i32, ptr addrspace(1) %pi, align 4
  %y = mul i32 %x, %x
  %po = getelementptr i32, ptr addrspace(1) %out, i64 1
  store volatile i32 %y, ptr addrspace(1) %po, align 4
  store volatile i32 %x, ptr addrspace(1) %in, align 4
  ret void
}
