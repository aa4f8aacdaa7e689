; A value isel defers to its user (src/isel/isel_values.c, select_on_demand)
; is selected where a consumer that looks through that user asks for it.
; index_split (src/isel/isel_gep.c) takes x out of a GEP index x + k and
; puts k * size in the offset field; x here is an i64 mul of values below
; 2^32 that add(x, k) folds into one v_mad_u64_u32 (isel_narrow64.c), or
; an i32 add / or that the outer add / or folds into v_add3_u32 / v_or3_b32
; (isel_fuse.c). wavecc refused all three ("unsupported value (not selected
; before its use)"), at -O0 (f_odd_width_int.ll) and, for the fused i32
; forms, at -O2 too; so was a buffer voffset x + k (isel_buffer.c) with x
; folded into the add.
; RUN: %wavecc -O0 -S %s -o - | FileCheck %s
; RUN: %wavecc -O2 -S %s -o - | FileCheck %s --check-prefix=O2
; the mul at the GEP, the + 1 as offset:8
; CHECK-LABEL: {{^}}mad:
; CHECK: v_mul_lo_u32 [[M:v[0-9]+]], v0, 2
; CHECK-NEXT: v_lshlrev_b32_e32 [[A:v[0-9]+]], 3, [[M]]
; CHECK: global_load_dwordx2 v[{{[0-9]+:[0-9]+}}], [[A]], s[{{[0-9]+:[0-9]+}}] offset:8
; CHECK: s_endpgm
; used in both arms of a branch: selected in each (neither arm's value
; would be defined on the other's path)
; CHECK-LABEL: {{^}}arms:
; CHECK: s_cbranch_scc1
; CHECK: v_mul_lo_u32 [[M1:v[0-9]+]], v0, 3
; CHECK: global_load_dword v{{[0-9]+}}, v{{[0-9]+}}, s[{{[0-9]+:[0-9]+}}] offset:8
; CHECK: s_branch
; CHECK: v_mul_lo_u32 [[M2:v[0-9]+]], v0, 3
; CHECK: global_load_dword v{{[0-9]+}}, v{{[0-9]+}}, s[{{[0-9]+:[0-9]+}}] offset:8
; CHECK: s_endpgm
; the inner add (sext'd, + 5 as offset:20) and the inner or (zext'd, | 3 as
; offset:12)
; CHECK-LABEL: {{^}}fuse:
; CHECK: v_add_u32_e32 v{{[0-9]+}}, s{{[0-9]+}}, v0
; CHECK: global_load_dword v{{[0-9]+}}, v[{{[0-9]+:[0-9]+}}], off offset:20
; CHECK: v_or_b32_e32 [[O:v[0-9]+]], s{{[0-9]+}}, v0
; CHECK-NEXT: v_mad_u64_u32 v[{{[0-9]+:[0-9]+}}], s[{{[0-9]+:[0-9]+}}], [[O]], 4, s[{{[0-9]+:[0-9]+}}]
; CHECK: global_load_dword v{{[0-9]+}}, v[{{[0-9]+:[0-9]+}}], off offset:12
; CHECK: s_endpgm
; a buffer access's voffset x + 16 (isel_buffer.c folds the add, nuw, into
; the offset field) whose x the add would fold into v_add3_u32
; CHECK-LABEL: {{^}}kb:
; CHECK: v_add_u32_e32 [[X:v[0-9]+]], s{{[0-9]+}}, v0
; CHECK-NOT: v_add
; CHECK: buffer_load_dword v{{[0-9]+}}, [[X]], s[{{[0-9]+:[0-9]+}}], 0 offen offset:16
; CHECK: s_endpgm
; O2-LABEL: {{^}}fuse:
; O2: global_load_dword v{{[0-9]+}}, v[{{[0-9]+:[0-9]+}}], off offset:20
; O2: v_or_b32_e32 [[O:v[0-9]+]], s{{[0-9]+}}, v0
; O2: global_load_dword v{{[0-9]+}}, v[{{[0-9]+:[0-9]+}}], off offset:12
; O2: s_endpgm
; O2-LABEL: {{^}}kb:
; O2: buffer_load_dword v{{[0-9]+}}, v{{[0-9]+}}, s[{{[0-9]+:[0-9]+}}], 0 offen offset:16
target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @mad(ptr addrspace(1) %in, ptr addrspace(1) %out) {
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %g = zext i32 %tid to i64
  %n = mul i64 %g, 2
  %n1 = add i64 %n, 1
  %pb = getelementptr i64, ptr addrspace(1) %in, i64 %n1
  %b64 = load i64, ptr addrspace(1) %pb, align 8
  %po = getelementptr i64, ptr addrspace(1) %out, i64 %g
  store i64 %b64, ptr addrspace(1) %po
  ret void
}

define amdgpu_kernel void @arms(ptr addrspace(1) %in, ptr addrspace(1) %out, i32 %c) {
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %g = zext i32 %tid to i64
  %n = mul i64 %g, 3
  %n1 = add i64 %n, 2
  %cc = icmp eq i32 %c, 0
  br i1 %cc, label %a, label %b
a:
  %pa = getelementptr i32, ptr addrspace(1) %in, i64 %n1
  %va = load i32, ptr addrspace(1) %pa, align 4
  br label %j
b:
  %pb = getelementptr i32, ptr addrspace(1) %out, i64 %n1
  %vb = load i32, ptr addrspace(1) %pb, align 4
  br label %j
j:
  %v = phi i32 [ %va, %a ], [ %vb, %b ]
  %po = getelementptr i32, ptr addrspace(1) %out, i64 %g
  store i32 %v, ptr addrspace(1) %po
  ret void
}

define amdgpu_kernel void @fuse(ptr addrspace(1) %in, ptr addrspace(1) %out, i32 %b) {
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %s = add i32 %tid, %b
  %t = add nsw i32 %s, 5
  %i = sext i32 %t to i64
  %p = getelementptr i32, ptr addrspace(1) %in, i64 %i
  %v = load i32, ptr addrspace(1) %p, align 4
  %o = or i32 %tid, %b
  %o2 = or disjoint i32 %o, 3
  %i2 = zext i32 %o2 to i64
  %p2 = getelementptr i32, ptr addrspace(1) %in, i64 %i2
  %v2 = load i32, ptr addrspace(1) %p2, align 4
  %x = add i32 %v, %v2
  %g = zext i32 %tid to i64
  %po = getelementptr i32, ptr addrspace(1) %out, i64 %g
  store i32 %x, ptr addrspace(1) %po
  ret void
}
declare i32 @llvm.amdgcn.workitem.id.x()

define amdgpu_kernel void @kb(ptr addrspace(8) %r, ptr addrspace(1) %out, i32 %b) {
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %s = add i32 %tid, %b
  %vo = add nuw i32 %s, 16
  %v = call i32 @llvm.amdgcn.raw.ptr.buffer.load.i32(ptr addrspace(8) %r, i32 %vo, i32 0, i32 0)
  %g = zext i32 %tid to i64
  %po = getelementptr i32, ptr addrspace(1) %out, i64 %g
  store i32 %v, ptr addrspace(1) %po
  ret void
}
declare i32 @llvm.amdgcn.raw.ptr.buffer.load.i32(ptr addrspace(8), i32, i32, i32)
