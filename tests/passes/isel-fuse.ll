; Three-operand VALU instructions (isel_fuse.c) for single-use divergent
; i32 operations in one block; uniform values keep their SALU code.
; RUN: %wavecc %s -S -o - | FileCheck %s
target triple = "amdgcn-amd-amdhsa"

declare i32 @llvm.amdgcn.workitem.id.x()

; CHECK-LABEL: k_add3:
; CHECK: v_add3_u32
; CHECK: s_endpgm
define amdgpu_kernel void @k_add3(ptr addrspace(1) %p, ptr addrspace(1) %q, ptr addrspace(1) %s) {
  %id = call i32 @llvm.amdgcn.workitem.id.x()
  %ga = getelementptr i32, ptr addrspace(1) %p, i32 %id
  %gb = getelementptr i32, ptr addrspace(1) %q, i32 %id
  %gc = getelementptr i32, ptr addrspace(1) %s, i32 %id
  %a = load i32, ptr addrspace(1) %ga
  %b = load i32, ptr addrspace(1) %gb
  %c = load i32, ptr addrspace(1) %gc
  %t = add i32 %a, %b
  %r = add i32 %t, %c
  store i32 %r, ptr addrspace(1) %ga
  ret void
}

; CHECK-LABEL: k_lshl_add:
; CHECK: v_lshl_add_u32 {{v[0-9]+}}, {{v[0-9]+}}, 3,
; CHECK: s_endpgm
define amdgpu_kernel void @k_lshl_add(ptr addrspace(1) %p, ptr addrspace(1) %q, ptr addrspace(1) %s) {
  %id = call i32 @llvm.amdgcn.workitem.id.x()
  %ga = getelementptr i32, ptr addrspace(1) %p, i32 %id
  %gb = getelementptr i32, ptr addrspace(1) %q, i32 %id
  %gc = getelementptr i32, ptr addrspace(1) %s, i32 %id
  %a = load i32, ptr addrspace(1) %ga
  %b = load i32, ptr addrspace(1) %gb
  %c = load i32, ptr addrspace(1) %gc
  %t = shl i32 %a, 3
  %r = add i32 %t, %b
  store i32 %r, ptr addrspace(1) %ga
  ret void
}

; CHECK-LABEL: k_lshl_or:
; CHECK: v_lshl_or_b32 {{v[0-9]+}}, {{v[0-9]+}}, 16,
; CHECK: s_endpgm
define amdgpu_kernel void @k_lshl_or(ptr addrspace(1) %p, ptr addrspace(1) %q, ptr addrspace(1) %s) {
  %id = call i32 @llvm.amdgcn.workitem.id.x()
  %ga = getelementptr i32, ptr addrspace(1) %p, i32 %id
  %gb = getelementptr i32, ptr addrspace(1) %q, i32 %id
  %gc = getelementptr i32, ptr addrspace(1) %s, i32 %id
  %a = load i32, ptr addrspace(1) %ga
  %b = load i32, ptr addrspace(1) %gb
  %c = load i32, ptr addrspace(1) %gc
  %t = shl i32 %a, 16
  %r = or i32 %t, %b
  store i32 %r, ptr addrspace(1) %ga
  ret void
}

; CHECK-LABEL: k_or3:
; CHECK: v_or3_b32
; CHECK: s_endpgm
define amdgpu_kernel void @k_or3(ptr addrspace(1) %p, ptr addrspace(1) %q, ptr addrspace(1) %s) {
  %id = call i32 @llvm.amdgcn.workitem.id.x()
  %ga = getelementptr i32, ptr addrspace(1) %p, i32 %id
  %gb = getelementptr i32, ptr addrspace(1) %q, i32 %id
  %gc = getelementptr i32, ptr addrspace(1) %s, i32 %id
  %a = load i32, ptr addrspace(1) %ga
  %b = load i32, ptr addrspace(1) %gb
  %c = load i32, ptr addrspace(1) %gc
  %t = or i32 %a, %b
  %r = or i32 %t, %c
  store i32 %r, ptr addrspace(1) %ga
  ret void
}

; CHECK-LABEL: k_xad:
; CHECK: v_xad_u32
; CHECK: s_endpgm
define amdgpu_kernel void @k_xad(ptr addrspace(1) %p, ptr addrspace(1) %q, ptr addrspace(1) %s) {
  %id = call i32 @llvm.amdgcn.workitem.id.x()
  %ga = getelementptr i32, ptr addrspace(1) %p, i32 %id
  %gb = getelementptr i32, ptr addrspace(1) %q, i32 %id
  %gc = getelementptr i32, ptr addrspace(1) %s, i32 %id
  %a = load i32, ptr addrspace(1) %ga
  %b = load i32, ptr addrspace(1) %gb
  %c = load i32, ptr addrspace(1) %gc
  %t = xor i32 %a, %b
  %r = add i32 %t, %c
  store i32 %r, ptr addrspace(1) %ga
  ret void
}

; CHECK-LABEL: k_and_or:
; CHECK: v_and_or_b32
; CHECK: s_endpgm
define amdgpu_kernel void @k_and_or(ptr addrspace(1) %p, ptr addrspace(1) %q, ptr addrspace(1) %s) {
  %id = call i32 @llvm.amdgcn.workitem.id.x()
  %ga = getelementptr i32, ptr addrspace(1) %p, i32 %id
  %gb = getelementptr i32, ptr addrspace(1) %q, i32 %id
  %gc = getelementptr i32, ptr addrspace(1) %s, i32 %id
  %a = load i32, ptr addrspace(1) %ga
  %b = load i32, ptr addrspace(1) %gb
  %c = load i32, ptr addrspace(1) %gc
  %t = and i32 %a, %b
  %r = or i32 %t, %c
  store i32 %r, ptr addrspace(1) %ga
  ret void
}

; CHECK-LABEL: k_add_lshl:
; CHECK: v_add_lshl_u32 {{v[0-9]+}}, {{v[0-9]+}}, {{v[0-9]+}}, 2
; CHECK: s_endpgm
define amdgpu_kernel void @k_add_lshl(ptr addrspace(1) %p, ptr addrspace(1) %q, ptr addrspace(1) %s) {
  %id = call i32 @llvm.amdgcn.workitem.id.x()
  %ga = getelementptr i32, ptr addrspace(1) %p, i32 %id
  %gb = getelementptr i32, ptr addrspace(1) %q, i32 %id
  %gc = getelementptr i32, ptr addrspace(1) %s, i32 %id
  %a = load i32, ptr addrspace(1) %ga
  %b = load i32, ptr addrspace(1) %gb
  %c = load i32, ptr addrspace(1) %gc
  %t = add i32 %a, %b
  %r = shl i32 %t, 2
  store i32 %r, ptr addrspace(1) %ga
  ret void
}

; CHECK-LABEL: k_bfi:
; CHECK: v_bfi_b32 [[M:v[0-9]+]], [[A:v[0-9]+]], [[B:v[0-9]+]]
; CHECK: s_endpgm
define amdgpu_kernel void @k_bfi(ptr addrspace(1) %p, ptr addrspace(1) %q, ptr addrspace(1) %s) {
  %id = call i32 @llvm.amdgcn.workitem.id.x()
  %ga = getelementptr i32, ptr addrspace(1) %p, i32 %id
  %gb = getelementptr i32, ptr addrspace(1) %q, i32 %id
  %gc = getelementptr i32, ptr addrspace(1) %s, i32 %id
  %a = load i32, ptr addrspace(1) %ga
  %b = load i32, ptr addrspace(1) %gb
  %c = load i32, ptr addrspace(1) %gc
  %t = xor i32 %a, %b
  %u = and i32 %t, %c
  %r = xor i32 %u, %b
  store i32 %r, ptr addrspace(1) %ga
  ret void
}

; The same on i64 (OpenCL bitselect on long): one v_bfi_b32 per half, no
; xor/and/xor pairs.
; CHECK-LABEL: k_bfi64:
; CHECK-NOT: v_xor_b32
; CHECK: v_bfi_b32
; CHECK-NEXT: v_bfi_b32
; CHECK-NOT: v_xor_b32
; CHECK-NOT: v_and_b32
; CHECK: s_endpgm
define amdgpu_kernel void @k_bfi64(ptr addrspace(1) %p, ptr addrspace(1) %q, ptr addrspace(1) %s) {
  %id = call i32 @llvm.amdgcn.workitem.id.x()
  %ga = getelementptr i64, ptr addrspace(1) %p, i32 %id
  %gb = getelementptr i64, ptr addrspace(1) %q, i32 %id
  %gc = getelementptr i64, ptr addrspace(1) %s, i32 %id
  %a = load i64, ptr addrspace(1) %ga
  %b = load i64, ptr addrspace(1) %gb
  %c = load i64, ptr addrspace(1) %gc
  %t = xor i64 %a, %b
  %u = and i64 %t, %c
  %r = xor i64 %u, %b
  store i64 %r, ptr addrspace(1) %ga
  ret void
}

; An i64 select whose mask and second operand are uniform (SGPR pairs):
; v_bfi_b32 reads one SGPR per half at most (the constant bus), the other
; is copied to a VGPR.
; CHECK-LABEL: k_bfi64_uniform:
; CHECK: v_bfi_b32
; CHECK: v_bfi_b32
; CHECK-NOT: v_xor_b32
; CHECK: s_endpgm
define amdgpu_kernel void @k_bfi64_uniform(ptr addrspace(1) %p, i64 %b, i64 %m) {
  %id = call i32 @llvm.amdgcn.workitem.id.x()
  %ga = getelementptr i64, ptr addrspace(1) %p, i32 %id
  %a = load i64, ptr addrspace(1) %ga
  %t = xor i64 %a, %b
  %u = and i64 %t, %m
  %r = xor i64 %u, %b
  store i64 %r, ptr addrspace(1) %ga
  ret void
}

; A chain: (a + b) + c folds, + (a ^ c) is one more add of it
; (the middle add is selected on its own: v_add_u32 then v_add3_u32).
; CHECK-LABEL: k_chain:
; CHECK: v_add_u32
; CHECK: v_add3_u32
; CHECK-NOT: v_add3_u32
; CHECK: s_endpgm
define amdgpu_kernel void @k_chain(ptr addrspace(1) %p, ptr addrspace(1) %q, ptr addrspace(1) %s) {
  %id = call i32 @llvm.amdgcn.workitem.id.x()
  %ga = getelementptr i32, ptr addrspace(1) %p, i32 %id
  %gb = getelementptr i32, ptr addrspace(1) %q, i32 %id
  %gc = getelementptr i32, ptr addrspace(1) %s, i32 %id
  %a = load i32, ptr addrspace(1) %ga
  %b = load i32, ptr addrspace(1) %gb
  %c = load i32, ptr addrspace(1) %gc
  %d = mul i32 %a, %c
  %t1 = add i32 %a, %b
  %t2 = add i32 %t1, %c
  %r = add i32 %t2, %d
  store i32 %r, ptr addrspace(1) %ga
  ret void
}

; An intermediate with two uses is not folded; uniform operands stay SALU.
; CHECK-LABEL: k_nofold:
; CHECK-NOT: v_add3_u32
; CHECK: s_add_u32
; CHECK-NOT: v_add3_u32
; CHECK: s_endpgm
define amdgpu_kernel void @k_nofold(ptr addrspace(1) %p, ptr addrspace(1) %q, i32 %u, i32 %v) {
  %id = call i32 @llvm.amdgcn.workitem.id.x()
  %ga = getelementptr i32, ptr addrspace(1) %p, i32 %id
  %gb = getelementptr i32, ptr addrspace(1) %q, i32 %id
  %a = load i32, ptr addrspace(1) %ga
  %b = load i32, ptr addrspace(1) %gb
  %t = add i32 %a, %b
  %r = add i32 %t, %a
  %m = mul i32 %r, %t
  %su = add i32 %u, %v
  %sv = add i32 %su, 7
  %x = add i32 %m, %sv
  store i32 %x, ptr addrspace(1) %ga
  ret void
}

; (x >> 8) & 0xff is v_bfe_u32 x, 8, 8; an ashr whose field would reach
; past bit 31 ((x >>s 24) & 0xffff takes copies of the sign bit) is not.
; CHECK-LABEL: k_bfe:
; CHECK: v_bfe_u32 {{v[0-9]+}}, {{v[0-9]+}}, 8, 8
; CHECK: v_ashrrev_i32_e32 {{v[0-9]+}}, 24,
; CHECK-NOT: v_bfe_u32
; CHECK: s_endpgm
define amdgpu_kernel void @k_bfe(ptr addrspace(1) %p, ptr addrspace(1) %q) {
  %id = call i32 @llvm.amdgcn.workitem.id.x()
  %ga = getelementptr i32, ptr addrspace(1) %p, i32 %id
  %gb = getelementptr i32, ptr addrspace(1) %q, i32 %id
  %a = load i32, ptr addrspace(1) %ga
  %t = lshr i32 %a, 8
  %r = and i32 %t, 255
  store i32 %r, ptr addrspace(1) %ga
  %u = ashr i32 %a, 24
  %v = and i32 %u, 65535
  store i32 %v, ptr addrspace(1) %gb
  ret void
}

; The majority (x & y) | ((x | y) & z) of SHA-1/SHA-2: v_xor_b32 and
; v_bfi_b32 (z where x and y differ, y where they agree); the x | y is
; left unread and dce removes it.
; CHECK-LABEL: k_maj:
; CHECK-NOT: v_and_or_b32
; CHECK-NOT: v_or_b32
; CHECK: v_xor_b32_e32 [[T:v[0-9]+]],
; CHECK: v_bfi_b32 v{{[0-9]+}}, [[T]], v{{[0-9]+}}, v{{[0-9]+}}
; CHECK-NOT: v_or_b32
; CHECK: s_endpgm
define amdgpu_kernel void @k_maj(ptr addrspace(1) %p, ptr addrspace(1) %q, ptr addrspace(1) %s) {
  %id = call i32 @llvm.amdgcn.workitem.id.x()
  %ga = getelementptr i32, ptr addrspace(1) %p, i32 %id
  %gb = getelementptr i32, ptr addrspace(1) %q, i32 %id
  %gc = getelementptr i32, ptr addrspace(1) %s, i32 %id
  %x = load i32, ptr addrspace(1) %ga
  %y = load i32, ptr addrspace(1) %gb
  %z = load i32, ptr addrspace(1) %gc
  %a = and i32 %x, %y
  %o = or i32 %x, %y
  %b = and i32 %o, %z
  %r = or i32 %b, %a
  store i32 %r, ptr addrspace(1) %ga
  ret void
}
