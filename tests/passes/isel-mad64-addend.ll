; acc * 31 + sext(x) on i64 (a hash or polynomial accumulator): the
; product of the 64-bit acc and a value below 2^32 takes the addend into
; its v_mad_u64_u32 (acc.lo * 31 + y in 64 bits, acc.hi * 31 added to the
; high half: isel_narrow64.c), not a v_mad_u64_u32 with addend 0 and a
; 64-bit add (v_add_co_u32 + v_addc_co_u32) after it.
; RUN: %wavecc %s -S -o - | FileCheck %s
target triple = "amdgcn-amd-amdhsa"

declare i32 @llvm.amdgcn.workitem.id.x()

; CHECK-LABEL: k_acc:
; CHECK: v_mad_u64_u32 v[{{[0-9]+:[0-9]+}}], s[{{[0-9]+:[0-9]+}}], v{{[0-9]+}}, 31, v[{{[0-9]+:[0-9]+}}]
; acc.hi * 31 + the high half: one more v_mad_u64_u32 reading that half as
; a pair's low dword (fuse-mad), not v_mul_lo_u32 + v_add_u32
; CHECK-NEXT: v_mad_u64_u32 v[{{[0-9]+:[0-9]+}}], s[{{[0-9]+:[0-9]+}}], v{{[0-9]+}}, 31, v[{{[0-9]+:[0-9]+}}]
; CHECK-NOT: v_mul_lo_u32
; CHECK-NOT: v_addc_co_u32
; CHECK: global_store_dwordx2
define amdgpu_kernel void @k_acc(ptr addrspace(1) %out, ptr addrspace(1) %in) {
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %pa = getelementptr i64, ptr addrspace(1) %out, i32 %t
  %acc = load i64, ptr addrspace(1) %pa
  %px = getelementptr i32, ptr addrspace(1) %in, i32 %t
  %x = load i32, ptr addrspace(1) %px
  %m = mul i64 %acc, 31
  %xs = sext i32 %x to i64
  %r = add i64 %m, %xs
  store i64 %r, ptr addrspace(1) %pa
  ret void
}
