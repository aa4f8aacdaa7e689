; (x >> s) & (2^n - 1) of a VGPR x with a run-time shift s is one
; v_bfe_u32 x, s, n (simplify.c fold_bfe_shift), as llc-19 selects it,
; not v_lshrrev_b32 + v_and_b32 (bench/real/radix_hist's digit
; (key >> shift) & 15). A shift read elsewhere too stays, and an
; arithmetic shift (its sign bits are not a bit-field extract's zeros) is
; not folded.
; RUN: %wavecc -mcpu=gfx900 %s -S -o - | FileCheck %s
; RUN: %wavecc -mcpu=gfx1100 %s -S -o - | FileCheck %s
; CHECK-LABEL: digit:
; CHECK-NOT: v_lshrrev_b32
; CHECK: v_bfe_u32 v{{[0-9]+}}, v{{[0-9]+}}, s{{[0-9]+}}, 4
; CHECK-NOT: v_and_b32
; CHECK: s_endpgm
; CHECK-LABEL: vshift:
; CHECK: v_bfe_u32 v{{[0-9]+}}, v{{[0-9]+}}, v{{[0-9]+}}, 8
; CHECK-LABEL: twice:
; CHECK: v_lshrrev_b32
; CHECK: v_and_b32
; CHECK-LABEL: ashr:
; CHECK: v_ashrrev_i32
; CHECK: v_and_b32
target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @digit(ptr addrspace(1) %p, i32 %s) {
  %l = call i32 @llvm.amdgcn.workitem.id.x()
  %a = getelementptr i32, ptr addrspace(1) %p, i32 %l
  %x = load i32, ptr addrspace(1) %a
  %t = lshr i32 %x, %s
  %d = and i32 %t, 15
  store i32 %d, ptr addrspace(1) %a
  ret void
}

define amdgpu_kernel void @vshift(ptr addrspace(1) %p) {
  %l = call i32 @llvm.amdgcn.workitem.id.x()
  %a = getelementptr i32, ptr addrspace(1) %p, i32 %l
  %x = load i32, ptr addrspace(1) %a
  %t = lshr i32 %x, %l
  %d = and i32 %t, 255
  store i32 %d, ptr addrspace(1) %a
  ret void
}

define amdgpu_kernel void @twice(ptr addrspace(1) %p, i32 %s) {
  %l = call i32 @llvm.amdgcn.workitem.id.x()
  %a = getelementptr i32, ptr addrspace(1) %p, i32 %l
  %x = load i32, ptr addrspace(1) %a
  %t = lshr i32 %x, %s
  %d = and i32 %t, 15
  %e = add i32 %d, %t
  store i32 %e, ptr addrspace(1) %a
  ret void
}

define amdgpu_kernel void @ashr(ptr addrspace(1) %p, i32 %s) {
  %l = call i32 @llvm.amdgcn.workitem.id.x()
  %a = getelementptr i32, ptr addrspace(1) %p, i32 %l
  %x = load i32, ptr addrspace(1) %a
  %t = ashr i32 %x, %s
  %d = and i32 %t, 15
  store i32 %d, ptr addrspace(1) %a
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
