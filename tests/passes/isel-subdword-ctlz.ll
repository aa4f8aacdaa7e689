; ctlz/cttz of i16 and i8 (upper register bits undefined): ctlz is
; v_ffbh_u32 of (x << (32 - w)) | 1 << (31 - w), the marker bit giving w
; for x = 0; cttz is v_ffbl_b32 of x | 1 << w. No zero extension, no
; v_min_u32, no subtraction of 32 - w.
; RUN: %wavecc %s -S -o - | FileCheck %s
target triple = "amdgcn-amd-amdhsa"

declare i32 @llvm.amdgcn.workitem.id.x()
declare i16 @llvm.ctlz.i16(i16, i1)
declare i8 @llvm.cttz.i8(i8, i1)

; CHECK-LABEL: k_clz16:
; CHECK: s_mov_b32 [[K:s[0-9]+]], 0x8000
; CHECK: v_lshl_or_b32 [[T:v[0-9]+]], v{{[0-9]+}}, 16, [[K]]
; CHECK-NEXT: v_ffbh_u32_e32 v{{[0-9]+}}, [[T]]
; CHECK-NOT: v_min_u32
; CHECK-NOT: v_sub
; CHECK: s_endpgm
define amdgpu_kernel void @k_clz16(ptr addrspace(1) %p) {
  %id = call i32 @llvm.amdgcn.workitem.id.x()
  %pa = getelementptr i16, ptr addrspace(1) %p, i32 %id
  %a = load i16, ptr addrspace(1) %pa
  %r = call i16 @llvm.ctlz.i16(i16 %a, i1 false)
  store i16 %r, ptr addrspace(1) %pa
  ret void
}

; CHECK-LABEL: k_ctz8:
; CHECK: v_or_b32_e32 [[T:v[0-9]+]], 0x100, v{{[0-9]+}}
; CHECK-NEXT: v_ffbl_b32_e32 v{{[0-9]+}}, [[T]]
; CHECK-NOT: v_min_u32
; CHECK: s_endpgm
define amdgpu_kernel void @k_ctz8(ptr addrspace(1) %p) {
  %id = call i32 @llvm.amdgcn.workitem.id.x()
  %pa = getelementptr i8, ptr addrspace(1) %p, i32 %id
  %a = load i8, ptr addrspace(1) %pa
  %r = call i8 @llvm.cttz.i8(i8 %a, i1 false)
  store i8 %r, ptr addrspace(1) %pa
  ret void
}
