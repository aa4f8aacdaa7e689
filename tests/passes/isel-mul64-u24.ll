; An i64 multiply by a small constant whose other operand the range
; analysis bounds below 2^56 (isel_int64.c, isel_mul64): the high cross
; term is one v_mad_u32_u24 on the high half of the v_mad_u64_u32 product,
; not v_mul_lo_u32 (quarter rate) and v_add_u32.
; RUN: %wavecc %s -S -o - | FileCheck %s
target triple = "amdgcn-amd-amdhsa"

declare i32 @llvm.amdgcn.workitem.id.x()

; CHECK-LABEL: k_mul24:
; CHECK: v_mad_u64_u32 v{{\[}}[[LO:[0-9]+]]:[[HI:[0-9]+]]{{\]}}, s[{{[0-9]+:[0-9]+}}], {{.*}}24
; CHECK: v_mad_u32_u24 {{v[0-9]+}}, {{.*}}24, v[[HI]]
; CHECK-NOT: v_mul_lo_u32
; CHECK: s_endpgm
define amdgpu_kernel void @k_mul24(ptr addrspace(1) %p, i32 %n) {
  %id = call i32 @llvm.amdgcn.workitem.id.x()
  %a = zext i32 %id to i64
  %b = zext i32 %n to i64
  %s = shl nuw nsw i64 %b, 16
  %x = add nuw nsw i64 %s, %a
  %m = mul i64 %x, 24
  %g = getelementptr i64, ptr addrspace(1) %p, i32 %id
  store i64 %m, ptr addrspace(1) %g
  ret void
}

; Without a bound on the other operand the cross term is a full 32-bit
; multiply: with its add, one more v_mad_u64_u32 (fuse-mad), no v_mad_u32_u24.
; CHECK-LABEL: k_mul24_wide:
; CHECK: v_mad_u64_u32 v[{{[0-9]+:[0-9]+}}], s[{{[0-9]+:[0-9]+}}], v{{[0-9]+}}, 24, 0
; CHECK: v_mad_u64_u32 v[{{[0-9]+:[0-9]+}}], s[{{[0-9]+:[0-9]+}}], v{{[0-9]+}}, 24, v[{{[0-9]+:[0-9]+}}]
; CHECK-NOT: v_mad_u32_u24
; CHECK: s_endpgm
define amdgpu_kernel void @k_mul24_wide(ptr addrspace(1) %p) {
  %id = call i32 @llvm.amdgcn.workitem.id.x()
  %g = getelementptr i64, ptr addrspace(1) %p, i32 %id
  %x = load i64, ptr addrspace(1) %g
  %m = mul i64 %x, 24
  store i64 %m, ptr addrspace(1) %g
  ret void
}
