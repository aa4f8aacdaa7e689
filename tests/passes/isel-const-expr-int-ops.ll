; Integer constant expressions LLVM 19 keeps (add, sub, mul, xor) on
; operands whose bits are known, e.g. the offset of a private GEP on null
; plus one, which -O1 leaves in tests/kernels/f_const_expr_runtime_equal.ll
; (refused before: "unsupported constant: i32 add (i32 ptrtoint ...)").
; Values: (4 + 1) = 5, (8 - 3) = 5 wrapped to i8 as 0x05, 12 * 3 = 36,
; 12 ^ 5 = 9.
; RUN: %wavecc -mcpu=gfx900 -O1 %s -S -o - | FileCheck %s
; CHECK-LABEL: k:
; CHECK: v_mov_b32_e32 [[V:v[0-9]+]], 5
; CHECK: global_store_dword v{{[0-9]+}}, [[V]]
; CHECK-NEXT: global_store_byte v{{[0-9]+}}, [[V]]
; CHECK: v_mov_b32_e32 [[M:v[0-9]+]], 36
; CHECK-NEXT: global_store_dword v{{[0-9]+}}, [[M]]
; CHECK: v_mov_b32_e32 [[X:v[0-9]+]], 9
; CHECK-NEXT: global_store_dword v{{[0-9]+}}, [[X]]
target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @k(ptr addrspace(1) %out) {
  store volatile i32 add (i32 ptrtoint (ptr addrspace(5) getelementptr (i8, ptr addrspace(5) null, i32 4) to i32), i32 1), ptr addrspace(1) %out
  store volatile i8 sub (i8 ptrtoint (ptr addrspace(5) getelementptr (i8, ptr addrspace(5) null, i32 8) to i8), i8 3), ptr addrspace(1) %out
  store volatile i32 mul (i32 ptrtoint (ptr addrspace(5) getelementptr (i8, ptr addrspace(5) null, i32 12) to i32), i32 3), ptr addrspace(1) %out
  store volatile i32 xor (i32 ptrtoint (ptr addrspace(5) getelementptr (i8, ptr addrspace(5) null, i32 12) to i32), i32 5), ptr addrspace(1) %out
  ret void
}
