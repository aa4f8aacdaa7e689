; Instruction selection of buffer resources and fat pointers (isel_buffer.c):
; the V# is built with SALU from make.buffer.rsrc, accesses are MUBUF with
; the offset in a VGPR (offen), a struct buffer's index in vaddr (idxen), an
; invariant load at a uniform offset is s_buffer_load, a returning atomic
; writes the old value over its data register, 3-byte accesses are a short
; and a byte, volatile sets glc and !nontemporal slc, a constant part of the
; offset that cannot wrap (nuw: inbounds GEPs, pieces of one access) goes in
; the offset field.
; RUN: %wavecc %s -S -o - | FileCheck %s
target datalayout = "e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32-p7:160:256:256:32-p8:128:128-p9:192:256:256:32-i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1-ni:7:8:9"
target triple = "amdgcn-amd-amdhsa"

; CHECK-LABEL: k:
; CHECK: s_and_b32 s{{[0-9]+}}, s{{[0-9]+}}, 0xffff
; CHECK-DAG: s_buffer_load_dword s{{[0-9]+}}, s[{{[0-9]+}}:{{[0-9]+}}], 0x10
; CHECK-DAG: buffer_load_dword v{{[0-9]+}}, v{{[0-9]+}}, s[{{[0-9]+}}:{{[0-9]+}}], 0 offen
; CHECK-DAG: buffer_load_ushort v{{[0-9]+}}, v{{[0-9]+}}, s[{{[0-9]+}}:{{[0-9]+}}], 0 offen{{$}}
; CHECK-DAG: buffer_load_ubyte v{{[0-9]+}}, v{{[0-9]+}}, s[{{[0-9]+}}:{{[0-9]+}}], 0 offen offset:2
; CHECK-DAG: buffer_store_dword v{{[0-9]+}}, v{{[0-9]+}}, s[{{[0-9]+}}:{{[0-9]+}}], 0 idxen
; CHECK-DAG: buffer_load_dword v{{[0-9]+}}, v{{[0-9]+}}, s[{{[0-9]+}}:{{[0-9]+}}], 0 offen offset:12
; CHECK-DAG: buffer_load_dword v{{[0-9]+}}, v{{[0-9]+}}, s[{{[0-9]+}}:{{[0-9]+}}], 0 offen glc{{$}}
; CHECK-DAG: buffer_store_dword v{{[0-9]+}}, v{{[0-9]+}}, s[{{[0-9]+}}:{{[0-9]+}}], 0 offen slc{{$}}
; CHECK: buffer_atomic_add [[D:v[0-9]+]], v{{[0-9]+}}, s[{{[0-9]+}}:{{[0-9]+}}], 0 offen glc
; CHECK: s_waitcnt vmcnt(0)
; CHECK-NEXT: global_store_dword v[{{[0-9]+}}:{{[0-9]+}}], [[D]], off
define amdgpu_kernel void @k(ptr addrspace(1) %in, ptr addrspace(1) %out, i32 %n) {
  %r = call ptr addrspace(8) @llvm.amdgcn.make.buffer.rsrc.p1(ptr addrspace(1) %in, i16 0, i32 %n, i32 159744)
  %rs = call ptr addrspace(8) @llvm.amdgcn.make.buffer.rsrc.p1(ptr addrspace(1) %in, i16 4, i32 %n, i32 159744)
  %p = addrspacecast ptr addrspace(8) %r to ptr addrspace(7)
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %q = getelementptr i32, ptr addrspace(7) %p, i32 %t
  %v = load i32, ptr addrspace(7) %q, align 4
  %u = getelementptr i32, ptr addrspace(7) %p, i32 4
  %w = load i32, ptr addrspace(7) %u, align 4, !invariant.load !0
  %b = getelementptr <3 x i8>, ptr addrspace(7) %p, i32 %t
  %c = load <3 x i8>, ptr addrspace(7) %b, align 1
  %c0 = extractelement <3 x i8> %c, i32 2
  %c1 = zext i8 %c0 to i32
  %s = add i32 %v, %w
  %q3 = getelementptr inbounds i32, ptr addrspace(7) %q, i32 3
  %v3 = load i32, ptr addrspace(7) %q3, align 4
  %s1 = add i32 %s, %v3
  %s2 = add i32 %s1, %c1
  call void @llvm.amdgcn.struct.ptr.buffer.store.i32(i32 %s2, ptr addrspace(8) %rs, i32 %t, i32 0, i32 0, i32 0)
  %vv = load volatile i32, ptr addrspace(7) %q, align 4
  %vs = add i32 %vv, 1
  store i32 %vs, ptr addrspace(7) %q, align 4, !nontemporal !1
  %o = atomicrmw add ptr addrspace(7) %q, i32 1 seq_cst
  %g = getelementptr i32, ptr addrspace(1) %out, i32 %t
  store i32 %o, ptr addrspace(1) %g
  ret void
}

; A !nontemporal atomic sets slc: without its old value used, no glc; with
; it used, glc too.
; CHECK-LABEL: k_nt:
; CHECK: buffer_atomic_add v{{[0-9]+}}, v{{[0-9]+}}, s[{{[0-9]+}}:{{[0-9]+}}], 0 offen slc{{$}}
; CHECK: buffer_atomic_add v{{[0-9]+}}, v{{[0-9]+}}, s[{{[0-9]+}}:{{[0-9]+}}], 0 offen glc slc{{$}}
define amdgpu_kernel void @k_nt(ptr addrspace(1) %in, ptr addrspace(1) %out, i32 %n) {
  %r = call ptr addrspace(8) @llvm.amdgcn.make.buffer.rsrc.p1(ptr addrspace(1) %in, i16 0, i32 %n, i32 159744)
  %p = addrspacecast ptr addrspace(8) %r to ptr addrspace(7)
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %q = getelementptr i32, ptr addrspace(7) %p, i32 %t
  %u = atomicrmw volatile add ptr addrspace(7) %q, i32 1 monotonic, !nontemporal !1
  %o = atomicrmw add ptr addrspace(7) %q, i32 2 monotonic, !nontemporal !1
  store i32 %o, ptr addrspace(1) %out
  ret void
}

declare ptr addrspace(8) @llvm.amdgcn.make.buffer.rsrc.p1(ptr addrspace(1), i16, i32, i32)
declare void @llvm.amdgcn.struct.ptr.buffer.store.i32(i32, ptr addrspace(8), i32, i32, i32, i32)
declare i32 @llvm.amdgcn.workitem.id.x()

!0 = !{}
!1 = !{i32 1}
