; Selection details found on f_conv_int_sat.cl and f_lds_neighbor.cl:
;  - llvm.umin.i16 of a loaded ushort is already zero-extended (v_min_u32
;    of a value with zero upper bits, isel_zext.c): no v_and_b32 0xffff
;    before the 64-bit store;
;  - a GEP index `shl x, 1` into i64 elements scales x by 16 at once (one
;    v_lshlrev_b64, isel_gep.c shift_into_size);
;  - a uniform i16 divisor is zero-extended on the SALU (s_and_b32), not
;    with a v_mov_b32 and a v_and_b32 per division (isel_div64.c), and the
;    remainder of the zero-extended operands needs no mask to be
;    zero-extended itself (isel_mark_zero_above).
; RUN: %wavecc %s -S -o - | FileCheck %s
target triple = "amdgcn-amd-amdhsa"

; CHECK-LABEL: k_umin_zext:
; CHECK: global_load_ushort [[X:v[0-9]+]]
; CHECK: v_min_u32_e32 v{{[0-9]+}}, 0x7f, [[X]]
; CHECK-NOT: v_and_b32
; CHECK: global_store_dwordx2
define amdgpu_kernel void @k_umin_zext(ptr addrspace(1) %a, ptr addrspace(1) %o) {
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr i16, ptr addrspace(1) %a, i32 %t
  %x = load i16, ptr addrspace(1) %p, align 2
  %m = call i16 @llvm.umin.i16(i16 %x, i16 127)
  %z = zext i16 %m to i64
  %q = getelementptr i64, ptr addrspace(1) %o, i32 %t
  store i64 %z, ptr addrspace(1) %q, align 8
  ret void
}

; CHECK-LABEL: k_shl_index:
; CHECK: v_lshlrev_b64 v[{{[0-9]+:[0-9]+}}], 4, v[{{[0-9]+:[0-9]+}}]
; CHECK-NOT: v_lshlrev_b64
; CHECK: global_store_dwordx2
define amdgpu_kernel void @k_shl_index(ptr addrspace(1) %o, i64 %n) {
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %t64 = zext i32 %t to i64
  %i = mul i64 %t64, %n
  %i2 = shl i64 %i, 1
  %q = getelementptr i64, ptr addrspace(1) %o, i64 %i2
  store i64 %i, ptr addrspace(1) %q, align 8
  ret void
}

; CHECK-LABEL: k_urem16:
; CHECK: s_and_b32 [[D:s[0-9]+]], s{{[0-9]+}}, 0xffff
; CHECK-NOT: v_and_b32_e32 v{{[0-9]+}}, 0xffff, v{{[0-9]+}}
; CHECK: v_cvt_f32_u32_e32 v{{[0-9]+}}, [[D]]
; CHECK: v_sub_u32_{{e32|sdwa}} [[R:v[0-9]+]],
; CHECK-NOT: v_and_b32
; CHECK: global_store_dword v{{[0-9]+}}, [[R]]
define amdgpu_kernel void @k_urem16(ptr addrspace(1) %o, i32 %n) {
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %x = trunc i32 %t to i16
  %d = trunc i32 %n to i16
  %r = urem i16 %x, %d
  %z = zext i16 %r to i32
  %q = getelementptr i32, ptr addrspace(1) %o, i32 %t
  store i32 %z, ptr addrspace(1) %q, align 4
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
declare i16 @llvm.umin.i16(i16, i16)
