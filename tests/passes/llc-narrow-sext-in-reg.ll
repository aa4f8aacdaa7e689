; narrow-sext-in-reg (narrow_sext_in_reg.cpp): `int i = get_global_id(0)`
; as an index is an i64 tree (zext(size) * zext(group) + zext(offset) +
; zext(id)) read through `ashr (shl x, 32), 32` (or 30, with the GEP's
; scale folded in by instcombine: then a shl by 2 follows the sext); the tree is rebuilt in
; i32 and sign-extended once. The selection then adds on the SALU and
; once on the VALU, as llc-19 (whose DAG demanded-bits combine does the
; same), where it did v_add_co_u32, v_addc_co_u32, v_mov_b32 and
; v_mad_u64_u32. A tree with another use (%keep) is left alone; so is a
; shl by 32 whose operand is no operation.
; RUN: %wavecc-opt -llvm-passes='function(narrow-sext-in-reg)' %s | FileCheck %s --check-prefix=IR
; RUN: %wavecc -S %s -o - | FileCheck %s --check-prefix=ASM
target triple = "amdgcn-amd-amdhsa"
declare i32 @llvm.amdgcn.workgroup.id.x()
declare i32 @llvm.amdgcn.workitem.id.x()

; IR-LABEL: define amdgpu_kernel void @gid(
; IR-DAG: %a.lo = add i32 %off, %tid
; IR-DAG: %m.lo = mul i32 %size, %grp
; IR: %x.lo = add i32 %a.lo, %m.lo
; IR-NEXT: %{{.*}} = sext i32 %x.lo to i64
; IR-NOT: shl i64
; IR-LABEL: define amdgpu_kernel void @scaled(
; IR: %x.lo = add i32 %off, %tid
; IR-NEXT: [[E:%.*]] = sext i32 %x.lo to i64
; IR-NEXT: %{{.*}} = shl nsw i64 [[E]], 2
; IR-LABEL: define amdgpu_kernel void @keep(
; IR: shl i64 %x, 32
; IR-LABEL: define amdgpu_kernel void @leaf(
; IR: shl i64 %l, 32
; ASM-LABEL: gid:
; ASM-NOT: v_mad_u64_u32
; ASM-NOT: v_addc_co_u32_e64 v{{[0-9]+}}, s[{{[0-9]+:[0-9]+}}], 0, 0
; ASM: s_mul_i32
; ASM: v_add_u32_e32
define amdgpu_kernel void @gid(ptr addrspace(1) %out, i32 %size, i32 %off) {
  %grp = call i32 @llvm.amdgcn.workgroup.id.x()
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %s64 = zext i32 %size to i64
  %g64 = zext i32 %grp to i64
  %o64 = zext i32 %off to i64
  %t64 = zext i32 %tid to i64
  %m = mul nuw nsw i64 %s64, %g64
  %a = add nuw nsw i64 %o64, %t64
  %x = add nuw nsw i64 %a, %m
  %sh = shl i64 %x, 32
  %i = ashr exact i64 %sh, 32
  %p = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %i
  store i32 %tid, ptr addrspace(1) %p, align 4
  ret void
}

; instcombine's form with the GEP's element size in the shift (ashr 30)
define amdgpu_kernel void @scaled(ptr addrspace(1) %out, i32 %off) {
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %t64 = zext i32 %tid to i64
  %o64 = zext i32 %off to i64
  %x = add nuw nsw i64 %o64, %t64
  %sh = shl i64 %x, 32
  %i = ashr exact i64 %sh, 30
  %p = getelementptr inbounds i8, ptr addrspace(1) %out, i64 %i
  store i32 %tid, ptr addrspace(1) %p, align 4
  ret void
}

define amdgpu_kernel void @keep(ptr addrspace(1) %out, i32 %off, ptr addrspace(1) %o2) {
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %t64 = zext i32 %tid to i64
  %o64 = zext i32 %off to i64
  %x = add i64 %o64, %t64
  %sh = shl i64 %x, 32
  %i = ashr exact i64 %sh, 32
  %p = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %i
  store i32 %tid, ptr addrspace(1) %p, align 4
  store i64 %x, ptr addrspace(1) %o2, align 8
  ret void
}

define amdgpu_kernel void @leaf(ptr addrspace(1) %out, i64 %l) {
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %sh = shl i64 %l, 32
  %i = ashr exact i64 %sh, 32
  %p = getelementptr inbounds i32, ptr addrspace(1) %out, i64 %i
  store i32 %tid, ptr addrspace(1) %p, align 4
  ret void
}
