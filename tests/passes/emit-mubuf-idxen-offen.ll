; A MUBUF instruction with both an index and an offset VGPR is written
; "idxen offen", the only order llvm-mc-19 reads (main wrote "offen idxen",
; which llvm-mc refused: LLVM 19's atomic_optimizations_struct_buffer.ll
; under -mtriple, the llvm-mc path).
; RUN: %wavecc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx900 -filetype=asm %s -o %t.s
; RUN: FileCheck %s < %t.s
; RUN: %llvm-mc -triple=amdgcn-amd-amdhsa -mcpu=gfx900 -filetype=obj %t.s -o %t.o
; RUN: %wavecc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx900 -filetype=obj %s -o %t2.o
; CHECK: buffer_atomic_add v{{[0-9]+}}, v[{{[0-9]+:[0-9]+}}], s[{{[0-9]+:[0-9]+}}], 0 idxen offen glc
; CHECK: buffer_load_dword v{{[0-9]+}}, v[{{[0-9]+:[0-9]+}}], s[{{[0-9]+:[0-9]+}}], 0 idxen offen
define amdgpu_kernel void @k(ptr addrspace(1) %out, ptr addrspace(8) %rsrc, i32 %v) {
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %o = shl i32 %t, 2
  %r = call i32 @llvm.amdgcn.struct.ptr.buffer.atomic.add.i32(i32 %v, ptr addrspace(8) %rsrc, i32 %t, i32 %o, i32 0, i32 0)
  %l = call i32 @llvm.amdgcn.struct.ptr.buffer.load.i32(ptr addrspace(8) %rsrc, i32 %t, i32 %o, i32 0, i32 0)
  %s = add i32 %r, %l
  %p = getelementptr i32, ptr addrspace(1) %out, i32 %t
  store i32 %s, ptr addrspace(1) %p
  ret void
}
declare i32 @llvm.amdgcn.workitem.id.x()
declare i32 @llvm.amdgcn.struct.ptr.buffer.atomic.add.i32(i32, ptr addrspace(8), i32, i32, i32, i32)
declare i32 @llvm.amdgcn.struct.ptr.buffer.load.i32(ptr addrspace(8), i32, i32, i32, i32)
