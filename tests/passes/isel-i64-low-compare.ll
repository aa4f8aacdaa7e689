; An i64 compare of two values below 2^32 compares their low dwords
; (isel_alu.c sel_icmp64_low): collatz's `(v & 1) == 0` was v_and_b32, two
; v_mov_b32 to build the pair with its zero upper half and v_cmp_eq_u64;
; now one v_cmp_eq_u32 (a signed predicate becomes unsigned: both values
; are non-negative). And a divergent `3 * v + 1` on a 64-bit v puts the
; inline constant 1 in the v_mad_u64_u32's addend (isel_narrow64.c
; mad_operand), not a v_add_co_u32 + v_addc_co_u32 after the product, as
; llc-19 does (bench/real/collatz.cl at gfx900: executed wave-instructions
; 36252 -> 29032, llc-19 41764).
; RUN: %wavecc -mcpu=gfx900 -S %s -o - | FileCheck %s
; RUN: %wavecc -mcpu=gfx1100 -S %s -o - | FileCheck %s --check-prefix=G11
target triple = "amdgcn-amd-amdhsa"

; CHECK-LABEL: step:
; CHECK: v_and_b32_e32 [[B:v[0-9]+]], 1, v{{[0-9]+}}
; CHECK-NEXT: v_cmp_eq_u32_e64 s[{{[0-9]+:[0-9]+}}], 0, [[B]]
; CHECK-NOT: v_cmp_{{.*}}_u64
; CHECK: v_mad_u64_u32 v[{{[0-9]+:[0-9]+}}], s[{{[0-9]+:[0-9]+}}], v{{[0-9]+}}, 3, 1
; CHECK-NOT: v_addc_co_u32
; CHECK: v_cmp_gt_u32_e64
; CHECK: s_endpgm
; G11-LABEL: step:
; G11-NOT: v_cmp_{{.*}}_u64
; G11: v_mad_u64_u32 v[{{[0-9]+:[0-9]+}}], s{{[0-9]+}}, v{{[0-9]+}}, 3, 1
; G11-NOT: v_cmp_{{.*}}_u64
; G11: s_endpgm
define amdgpu_kernel void @step(ptr addrspace(1) %p, ptr addrspace(1) %q) {
  %id = call i32 @llvm.amdgcn.workitem.id.x()
  %i = zext i32 %id to i64
  %a = getelementptr i64, ptr addrspace(1) %p, i64 %i
  %v = load i64, ptr addrspace(1) %a
  %bit = and i64 %v, 1
  %even = icmp eq i64 %bit, 0
  %m = mul i64 %v, 3
  %odd = add i64 %m, 1
  %half = lshr i64 %v, 1
  %r = select i1 %even, i64 %half, i64 %odd
  store i64 %r, ptr addrspace(1) %a
  %lo = and i64 %v, 1023
  %small = icmp slt i64 %lo, 1000
  %z = zext i1 %small to i32
  %b = getelementptr i32, ptr addrspace(1) %q, i64 %i
  store i32 %z, ptr addrspace(1) %b
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
