; ds.bpermute / ds.permute / ds.swizzle with uniform (SGPR) operands: the
; moves to VGPRs come before the DS instruction (the first version emitted
; them after it: "used before its definition" from the Debug verifier on
; LLVM 19's llvm.amdgcn.ds.*permute.ll and ds.swizzle.ll).
; RUN: %wavecc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx900 -filetype=asm %s -o - | FileCheck %s
; CHECK-LABEL: k:
; CHECK: v_mov_b32_e32 [[A:v[0-9]+]], s{{[0-9]+}}
; CHECK: ds_bpermute_b32 v{{[0-9]+}}, v{{[0-9]+}}, v{{[0-9]+}}
; CHECK: ds_permute_b32
; CHECK: ds_swizzle_b32 v{{[0-9]+}}, v{{[0-9]+}} offset:32795
define amdgpu_kernel void @k(ptr addrspace(1) %out, i32 %i, i32 %v) {
  %b = call i32 @llvm.amdgcn.ds.bpermute(i32 %i, i32 %v)
  %p = call i32 @llvm.amdgcn.ds.permute(i32 %i, i32 %v)
  %s = call i32 @llvm.amdgcn.ds.swizzle(i32 %v, i32 32795)
  %x = add i32 %b, %p
  %y = add i32 %x, %s
  store i32 %y, ptr addrspace(1) %out
  ret void
}
declare i32 @llvm.amdgcn.ds.bpermute(i32, i32)
declare i32 @llvm.amdgcn.ds.permute(i32, i32)
declare i32 @llvm.amdgcn.ds.swizzle(i32, i32)
