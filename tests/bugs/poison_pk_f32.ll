; The poison check on packed FP32 (tests/CMakeLists.txt bugs.poison-pk-f32):
; v_pk_fma_f32 reads one dword of each 64-bit source per result dword, as
; op_sel / op_sel_hi pick it. v41 and s41 are never written here. k_sel
; reads only v40 and s40 (op_sel_hi:[0,0,0]) and must pass; k_lo reads v41
; for the high result dword only and stores the low one: must pass; k_hi
; stores that high dword: must be reported (check poison). Before the fix
; the check read both dwords of each pair and reported k_sel and k_lo.
;
; [config]
; name: poison through packed f32
; device_regex: gfx90a|gfx942
; dimensions: 1
; global_size: 64 0 0
; local_size: 64 0 0
;
; [test]
; name: selected dwords defined
; kernel_name: k_sel
; arg_out: 0 buffer float2[64] 0.0 0.0 3.0 3.0 6.0 6.0 9.0 9.0 12.0 12.0 15.0 15.0 18.0 18.0 21.0 21.0 24.0 24.0 27.0 27.0 30.0 30.0 33.0 33.0 36.0 36.0 39.0 39.0 42.0 42.0 45.0 45.0 48.0 48.0 51.0 51.0 54.0 54.0 57.0 57.0 60.0 60.0 63.0 63.0 66.0 66.0 69.0 69.0 72.0 72.0 75.0 75.0 78.0 78.0 81.0 81.0 84.0 84.0 87.0 87.0 90.0 90.0 93.0 93.0 96.0 96.0 99.0 99.0 102.0 102.0 105.0 105.0 108.0 108.0 111.0 111.0 114.0 114.0 117.0 117.0 120.0 120.0 123.0 123.0 126.0 126.0 129.0 129.0 132.0 132.0 135.0 135.0 138.0 138.0 141.0 141.0 144.0 144.0 147.0 147.0 150.0 150.0 153.0 153.0 156.0 156.0 159.0 159.0 162.0 162.0 165.0 165.0 168.0 168.0 171.0 171.0 174.0 174.0 177.0 177.0 180.0 180.0 183.0 183.0 186.0 186.0 189.0 189.0
;
; [test]
; name: low result dword defined
; kernel_name: k_lo
; arg_out: 0 buffer float[64] 0.0 3.0 6.0 9.0 12.0 15.0 18.0 21.0 24.0 27.0 30.0 33.0 36.0 39.0 42.0 45.0 48.0 51.0 54.0 57.0 60.0 63.0 66.0 69.0 72.0 75.0 78.0 81.0 84.0 87.0 90.0 93.0 96.0 99.0 102.0 105.0 108.0 111.0 114.0 117.0 120.0 123.0 126.0 129.0 132.0 135.0 138.0 141.0 144.0 147.0 150.0 153.0 156.0 159.0 162.0 165.0 168.0 171.0 174.0 177.0 180.0 183.0 186.0 189.0
;
; [test]
; name: high result dword undefined
; kernel_name: k_hi
; arg_out: 0 buffer float[64] repeat 0
;

target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @k_sel(ptr addrspace(1) %out) {
  %id = call i32 @llvm.amdgcn.workitem.id.x()
  %x = uitofp i32 %id to float
  %r = call <2 x float> asm sideeffect "v_mov_b32 v40, $1\0A\09s_mov_b32 s40, 2.0\0A\09v_pk_fma_f32 $0, v[40:41], s[40:41], v[40:41] op_sel_hi:[0,0,0]", "=v,v,~{v40},~{v41},~{s40},~{s41}"(float %x)
  %p = getelementptr <2 x float>, ptr addrspace(1) %out, i32 %id
  store <2 x float> %r, ptr addrspace(1) %p
  ret void
}

define amdgpu_kernel void @k_lo(ptr addrspace(1) %out) {
  %id = call i32 @llvm.amdgcn.workitem.id.x()
  %x = uitofp i32 %id to float
  %r = call <2 x float> asm sideeffect "v_mov_b32 v40, $1\0A\09s_mov_b32 s40, 2.0\0A\09v_pk_fma_f32 $0, v[40:41], s[40:41], v[40:41] op_sel_hi:[1,0,0]", "=v,v,~{v40},~{v41},~{s40},~{s41}"(float %x)
  %e = extractelement <2 x float> %r, i32 0
  %p = getelementptr float, ptr addrspace(1) %out, i32 %id
  store float %e, ptr addrspace(1) %p
  ret void
}

define amdgpu_kernel void @k_hi(ptr addrspace(1) %out) {
  %id = call i32 @llvm.amdgcn.workitem.id.x()
  %x = uitofp i32 %id to float
  %r = call <2 x float> asm sideeffect "v_mov_b32 v40, $1\0A\09s_mov_b32 s40, 2.0\0A\09v_pk_fma_f32 $0, v[40:41], s[40:41], v[40:41] op_sel_hi:[1,0,0]", "=v,v,~{v40},~{v41},~{s40},~{s41}"(float %x)
  %e = extractelement <2 x float> %r, i32 1
  %p = getelementptr float, ptr addrspace(1) %out, i32 %id
  store float %e, ptr addrspace(1) %p
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
