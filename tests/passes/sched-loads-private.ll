; Load clustering (sched_loads.c): a global load moves above stores into
; one of the kernel's private objects (buffer_store with the object known
; to selection, mir_instr.chk), which no global address reaches; on main
; each private store held back the next global load, one wait per
; iteration of the unrolled loop below.
; RUN: %wavecc -mcpu=gfx900 -filetype=asm %s -o - | FileCheck %s
target triple = "amdgcn-amd-amdhsa"

; CHECK-LABEL: k:
; CHECK: global_load_dword
; CHECK-NOT: buffer_store_dword {{.*}} offen
; CHECK: global_load_dword
; CHECK: buffer_store_dword {{.*}} offen
; CHECK: s_endpgm
define amdgpu_kernel void @k(ptr addrspace(1) %out, ptr addrspace(1) %idx) {
  %a = alloca [40 x i32], align 4, addrspace(5)
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  call void @llvm.memset.p5.i32(ptr addrspace(5) %a, i8 0, i32 160, i1 false)
  %p0 = getelementptr i32, ptr addrspace(1) %idx, i32 %t
  %i0 = load i32, ptr addrspace(1) %p0
  %m0 = and i32 %i0, 31
  %q0 = getelementptr [40 x i32], ptr addrspace(5) %a, i32 0, i32 %m0
  store i32 %t, ptr addrspace(5) %q0
  %p1 = getelementptr i32, ptr addrspace(1) %p0, i32 64
  %i1 = load i32, ptr addrspace(1) %p1
  %m1 = and i32 %i1, 31
  %q1 = getelementptr [40 x i32], ptr addrspace(5) %a, i32 0, i32 %m1
  store i32 %i0, ptr addrspace(5) %q1
  %r = getelementptr [40 x i32], ptr addrspace(5) %a, i32 0, i32 %t
  %v = load i32, ptr addrspace(5) %r
  %o = getelementptr i32, ptr addrspace(1) %out, i32 %t
  store i32 %v, ptr addrspace(1) %o
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
declare void @llvm.memset.p5.i32(ptr addrspace(5), i8, i32, i1)
