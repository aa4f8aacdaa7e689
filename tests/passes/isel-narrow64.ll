; 64-bit add and multiply narrowed by known bits (src/isel/isel_narrow.c).
; libclc's get_global_id(0): zext(group size) * zext(group id) +
; (zext(offset) + zext(local id)) is one v_mad_u64_u32 whose addend is the
; 64-bit sum, as llc-19 selects it, not four multiplies and two adds; the
; implicit argument is read at kernarg + hidden offset + 4 in one s_load
; (src/isel/isel_mem.c gep_folded_offset), no s_add_u32/s_addc_u32.
; RUN: %wavecc -O2 -S %s -o - | FileCheck %s
; CHECK-LABEL: {{^}}gid:
; CHECK-NOT: s_add_u32
; CHECK: s_load_dword [[O:s[0-9]+]], s[2:3], 0x14{{$}}
; CHECK-NOT: s_mul
; CHECK: v_add_co_u32_e64 v[[L:[0-9]+]], [[C:s\[[0-9]+:[0-9]+\]]], [[O]], v0
; the upper half is the carry alone: both addends are the inline 0 (no
; v_mov_b32 0 and no copies to build the addend pair)
; CHECK-NEXT: v_addc_co_u32_e64 v{{[0-9]+}}, s[{{[0-9]+:[0-9]+}}], 0, 0, [[C]]
; CHECK-NOT: v_mov_b32_e32 v{{[0-9]+}}, v{{[0-9]+}}
; CHECK: v_mad_u64_u32 v[{{[0-9]+:[0-9]+}}], s[{{[0-9]+:[0-9]+}}], v{{[0-9]+}}, s4, v[[[L]]:{{[0-9]+}}]
; CHECK-NOT: s_mul
; CHECK: s_endpgm
; uniform: s_mul_i32 + s_mul_hi_u32; a product below 2^32 (two i16) has no
; high multiply
; CHECK-LABEL: {{^}}umul:
; CHECK: s_mul_i32
; CHECK-NEXT: s_mul_hi_u32
; CHECK-NOT: s_mul_hi_u32
; CHECK: s_mul_i32
; CHECK-NOT: s_mul
; CHECK: s_endpgm
; divergent: one v_mad_u64_u32 with a zero addend
; CHECK-LABEL: {{^}}vmul:
; CHECK-NOT: v_mul
; CHECK: v_mad_u64_u32 v[{{[0-9]+:[0-9]+}}], s[{{[0-9]+:[0-9]+}}], v0, s{{[0-9]+}}, 0{{$}}
; CHECK-NOT: v_mul
; CHECK: s_endpgm
; a 64-bit value times a constant below 2^32: v_mad_u64_u32 on the low
; half, one more for the high half (its product added to the first one's
; high dword, read as a pair's low half: fuse-mad), no multiply by the
; constant's zero upper half
; CHECK-LABEL: {{^}}m64x32:
; CHECK: v_mad_u64_u32 v[{{[0-9]+:[0-9]+}}], s[{{[0-9]+:[0-9]+}}], v{{[0-9]+}}, 12, 0{{$}}
; CHECK: v_mad_u64_u32 v[{{[0-9]+:[0-9]+}}], s[{{[0-9]+:[0-9]+}}], v{{[0-9]+}}, 12, v[{{[0-9]+:[0-9]+}}]
; CHECK-NOT: v_mul
; CHECK: s_endpgm
target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @gid(ptr addrspace(1) %p, ptr addrspace(1) %r) {
  %g = call i32 @llvm.amdgcn.workgroup.id.x()
  %dp = call ptr addrspace(4) @llvm.amdgcn.dispatch.ptr()
  %dpa = getelementptr inbounds i8, ptr addrspace(4) %dp, i64 4
  %d = load i32, ptr addrspace(4) %dpa, align 4
  %sz = and i32 %d, 65535
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %ip = call ptr addrspace(4) @llvm.amdgcn.implicitarg.ptr()
  %ipa = getelementptr inbounds i8, ptr addrspace(4) %ip, i64 4
  %o = load i32, ptr addrspace(4) %ipa, align 4
  %o64 = zext i32 %o to i64
  %sz64 = zext i32 %sz to i64
  %g64 = zext i32 %g to i64
  %m = mul nuw nsw i64 %sz64, %g64
  %t64 = zext i32 %t to i64
  %a = add nuw nsw i64 %o64, %t64
  %id = add nuw nsw i64 %a, %m
  %q = getelementptr inbounds i8, ptr addrspace(1) %p, i64 %id
  %v = load i8, ptr addrspace(1) %q
  %q2 = getelementptr inbounds i8, ptr addrspace(1) %r, i64 %id
  store i8 %v, ptr addrspace(1) %q2
  ret void
}

define amdgpu_kernel void @umul(ptr addrspace(1) %p, i32 %x, i32 %y, i16 %s, i16 %r) {
  %x64 = zext i32 %x to i64
  %y64 = zext i32 %y to i64
  %m = mul i64 %x64, %y64
  store i64 %m, ptr addrspace(1) %p
  %s64 = zext i16 %s to i64
  %r64 = zext i16 %r to i64
  %m2 = mul i64 %s64, %r64
  %q = getelementptr i64, ptr addrspace(1) %p, i64 1
  store i64 %m2, ptr addrspace(1) %q
  ret void
}

define amdgpu_kernel void @vmul(ptr addrspace(1) %p, i32 %x) {
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %t64 = zext i32 %t to i64
  %x64 = zext i32 %x to i64
  %m = mul i64 %t64, %x64
  %q = getelementptr i64, ptr addrspace(1) %p, i64 %t64
  store i64 %m, ptr addrspace(1) %q
  ret void
}

define amdgpu_kernel void @m64x32(ptr addrspace(1) %p) {
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %q = getelementptr i64, ptr addrspace(1) %p, i32 %t
  %x = load i64, ptr addrspace(1) %q
  %m = mul i64 %x, 12
  store i64 %m, ptr addrspace(1) %q
  ret void
}

declare i32 @llvm.amdgcn.workgroup.id.x()
declare i32 @llvm.amdgcn.workitem.id.x()
declare ptr addrspace(4) @llvm.amdgcn.dispatch.ptr()
declare ptr addrspace(4) @llvm.amdgcn.implicitarg.ptr()
