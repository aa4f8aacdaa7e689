; Signed division and remainder by +-2^k (isel_div64.c sdivrem32_pow2): the
; dividend biased by 2^k - 1 when negative (its sign shifted down), then an
; arithmetic shift (the quotient, negated for -2^k) or a mask subtracted
; (the remainder), as llc-19 selects them; before, the magnitude route
; (abs, shift or mask, sign restored: 6 instructions; bench/real/imatmul4's
; K / 4).
; RUN: %wavecc -mcpu=gfx900 %s -S -o - | FileCheck %s
; CHECK-LABEL: uq4:
; CHECK: s_ashr_i32 [[S:s[0-9]+]], [[N:s[0-9]+]], 31
; CHECK-NEXT: s_lshr_b32 [[B:s[0-9]+]], [[S]], 30
; CHECK-NEXT: s_add_u32 [[T:s[0-9]+]], [[N]], [[B]]
; CHECK-NEXT: s_ashr_i32 s{{[0-9]+}}, [[T]], 2
; CHECK-NOT: s_xor_b32
; CHECK: s_endpgm
; CHECK-LABEL: dq2n:
; CHECK: v_lshrrev_b32_e32 [[B:v[0-9]+]], 31, [[N:v[0-9]+]]
; CHECK-NEXT: v_add_u32_e32 [[T:v[0-9]+]], [[N]], [[B]]
; CHECK-NEXT: v_ashrrev_i32_e32 [[Q:v[0-9]+]], 1, [[T]]
; CHECK-NEXT: v_sub_u32_e32 v{{[0-9]+}}, 0, [[Q]]
; CHECK-NOT: v_xor_b32
; CHECK: s_endpgm
; CHECK-LABEL: dr8:
; CHECK: v_ashrrev_i32_e32 [[S:v[0-9]+]], 31, [[N:v[0-9]+]]
; CHECK-NEXT: v_lshrrev_b32_e32 [[B:v[0-9]+]], 29, [[S]]
; CHECK-NEXT: v_add_u32_e32 [[T:v[0-9]+]], [[N]], [[B]]
; CHECK-NEXT: v_and_b32_e32 [[M:v[0-9]+]], -8, [[T]]
; CHECK-NEXT: v_sub_u32_e32 v{{[0-9]+}}, [[N]], [[M]]
; CHECK-NOT: v_xor_b32
; CHECK: s_endpgm
target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @uq4(ptr addrspace(1) %p, i32 %n) {
  %q = sdiv i32 %n, 4
  store i32 %q, ptr addrspace(1) %p
  ret void
}

define amdgpu_kernel void @dq2n(ptr addrspace(1) %p) {
  %l = call i32 @llvm.amdgcn.workitem.id.x()
  %a = getelementptr i32, ptr addrspace(1) %p, i32 %l
  %n = load i32, ptr addrspace(1) %a
  %q = sdiv i32 %n, -2
  store i32 %q, ptr addrspace(1) %a
  ret void
}

define amdgpu_kernel void @dr8(ptr addrspace(1) %p) {
  %l = call i32 @llvm.amdgcn.workitem.id.x()
  %a = getelementptr i32, ptr addrspace(1) %p, i32 %l
  %n = load i32, ptr addrspace(1) %a
  %r = srem i32 %n, 8
  store i32 %r, ptr addrspace(1) %a
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
