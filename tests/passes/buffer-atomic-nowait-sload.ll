; Buffer atomic intrinsics are relaxed: no s_waitcnt before them for the
; stores issued earlier (llc-19 the same). And sched-loads moves an
; s_buffer_load with the SALU arithmetic of its uniform offset (an
; s_lshl_b32, which writes SCC) above the first use of the VMEM loads
; before it, so its wait overlaps theirs (f_fatptr_intrinsics).
; On main (ee7898a) the atomic waited with vmcnt(0) and the s_buffer_load
; issued after the s_waitcnt vmcnt(0) of the VMEM loads.
; RUN: %wavecc -mcpu=gfx900 -filetype=asm %s -o - | FileCheck %s
target triple = "amdgcn-amd-amdhsa"

; CHECK-LABEL: k:
; CHECK: buffer_load_dwordx2
; CHECK-NOT: s_waitcnt
; CHECK: s_buffer_load_dword
; CHECK: s_waitcnt vmcnt(0)
; CHECK: v_mul_lo_u32
; CHECK: buffer_store_dword
; CHECK-NOT: s_waitcnt
; CHECK: buffer_atomic_add
; CHECK: s_endpgm
define amdgpu_kernel void @k(ptr addrspace(1) %in, ptr addrspace(1) %out, i32 %n, i32 %k) {
  %ri = call ptr addrspace(8) @llvm.amdgcn.make.buffer.rsrc.p1(ptr addrspace(1) %in, i16 0, i32 %n, i32 159744)
  %ro = call ptr addrspace(8) @llvm.amdgcn.make.buffer.rsrc.p1(ptr addrspace(1) %out, i16 0, i32 %n, i32 159744)
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %t4 = shl i32 %t, 2
  %v0 = call i32 @llvm.amdgcn.raw.ptr.buffer.load.i32(ptr addrspace(8) %ri, i32 %t4, i32 0, i32 0)
  %rs = call ptr addrspace(8) @llvm.amdgcn.make.buffer.rsrc.p1(ptr addrspace(1) %in, i16 16, i32 %n, i32 159744)
  %v2 = call <2 x i32> @llvm.amdgcn.struct.ptr.buffer.load.v2i32(ptr addrspace(8) %rs, i32 %t, i32 4, i32 0, i32 0)
  %v2a = extractelement <2 x i32> %v2, i32 0
  %v2b = extractelement <2 x i32> %v2, i32 1
  %v2s = add i32 %v2a, %v2b
  %v1 = mul i32 %v0, %v2s
  %k4 = shl i32 %k, 2
  %ip = ptrtoint ptr addrspace(1) %in to i64
  %lo = trunc i64 %ip to i32
  %hi64 = lshr i64 %ip, 32
  %hi32 = trunc i64 %hi64 to i32
  %hi = and i32 %hi32, 65535
  %rv0 = insertelement <4 x i32> poison, i32 %lo, i32 0
  %rv1 = insertelement <4 x i32> %rv0, i32 %hi, i32 1
  %rv2 = insertelement <4 x i32> %rv1, i32 %n, i32 2
  %rv = insertelement <4 x i32> %rv2, i32 159744, i32 3
  %sl = call i32 @llvm.amdgcn.s.buffer.load.i32(<4 x i32> %rv, i32 %k4, i32 0)
  %s = xor i32 %v1, %sl
  call void @llvm.amdgcn.raw.ptr.buffer.store.i32(i32 %s, ptr addrspace(8) %ro, i32 %t4, i32 0, i32 0)
  %ix = and i32 %t, 3
  %unused = call i32 @llvm.amdgcn.struct.ptr.buffer.atomic.add.i32(i32 %t, ptr addrspace(8) %ro, i32 %ix, i32 256, i32 0, i32 0)
  ret void
}

declare i32 @llvm.amdgcn.raw.ptr.buffer.load.i32(ptr addrspace(8), i32, i32, i32)
declare <2 x i32> @llvm.amdgcn.struct.ptr.buffer.load.v2i32(ptr addrspace(8), i32, i32, i32, i32)
declare i32 @llvm.amdgcn.s.buffer.load.i32(<4 x i32>, i32, i32)
declare void @llvm.amdgcn.raw.ptr.buffer.store.i32(i32, ptr addrspace(8), i32, i32, i32)
declare i32 @llvm.amdgcn.struct.ptr.buffer.atomic.add.i32(i32, ptr addrspace(8), i32, i32, i32, i32)
declare ptr addrspace(8) @llvm.amdgcn.make.buffer.rsrc.p1(ptr addrspace(1), i16, i32, i32)
declare i32 @llvm.amdgcn.workitem.id.x()
