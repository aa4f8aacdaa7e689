; gfx1030's s_barrier backs off (LLVM FeatureBackOffBarrier; AMDGPUUsage:
; on GFX10+ the barrier itself needs no s_waitcnt), so only the program's
; own waits precede it: none for a bare s_barrier (`bare`), lgkmcnt(0)
; for libclc's barrier() (its s_waitcnt 255 asks vmcnt(15) lgkmcnt(0):
; `libclc`), and a work-group release fence keeps all its waits, vscnt
; included (WGP mode: the work-group may span both CUs, `fence_rel`).
; llc-19 -mcpu=gfx1030 emits exactly these (2026-11-29). gfx1100 has no
; back-off barrier: llc-19 and wavecc wait for everything before it.
; Before this change gfx1030 waited vmcnt(0) lgkmcnt(0) and vscnt 0
; before every s_barrier (f_subdword_memory occupancy-model cycles 1.38x
; llc-19's).
; RUN: %wavecc -mcpu=gfx1030 -S %s -o - | FileCheck %s --check-prefix=G10
; RUN: %wavecc -mcpu=gfx1030 -mattr=+wavefrontsize64 -S %s -o - | FileCheck %s --check-prefix=G10
; RUN: %wavecc -mcpu=gfx1100 -S %s -o - | FileCheck %s --check-prefix=G11
target triple = "amdgcn-amd-amdhsa"
@lds = internal addrspace(3) global [64 x i32] poison, align 4
declare void @llvm.amdgcn.s.barrier()
declare void @llvm.amdgcn.s.waitcnt(i32)
declare i32 @llvm.amdgcn.workitem.id.x()

; G10-LABEL: bare:
; G10: ds_write_b32
; G10-NEXT: s_barrier
; G10-NEXT: s_waitcnt vmcnt(0){{$}}
; G11-LABEL: bare:
; G11: s_waitcnt vmcnt(0) lgkmcnt(0)
; G11-NEXT: s_waitcnt_vscnt null, 0x0
; G11-NEXT: s_barrier
define amdgpu_kernel void @bare(ptr addrspace(1) %p, ptr addrspace(1) %q, i32 %v) {
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %a = getelementptr i32, ptr addrspace(1) %p, i32 %t
  %x = load i32, ptr addrspace(1) %a
  %b = getelementptr i32, ptr addrspace(1) %q, i32 %t
  store i32 %v, ptr addrspace(1) %b
  %c = getelementptr [64 x i32], ptr addrspace(3) @lds, i32 0, i32 %t
  store i32 %v, ptr addrspace(3) %c
  call void @llvm.amdgcn.s.barrier()
  %w = add i32 %x, 1
  store i32 %w, ptr addrspace(1) %a
  ret void
}

; G10-LABEL: libclc:
; G10: ds_write_b32
; G10-NOT: s_waitcnt_vscnt
; G10: s_waitcnt lgkmcnt(0){{$}}
; G10-NEXT: s_barrier
; G11-LABEL: libclc:
; G11: s_waitcnt_vscnt null, 0x0
; G11: s_barrier
define amdgpu_kernel void @libclc(ptr addrspace(1) %p, ptr addrspace(1) %q, i32 %v) {
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %a = getelementptr i32, ptr addrspace(1) %p, i32 %t
  %x = load i32, ptr addrspace(1) %a
  %b = getelementptr i32, ptr addrspace(1) %q, i32 %t
  store i32 %v, ptr addrspace(1) %b
  %c = getelementptr [64 x i32], ptr addrspace(3) @lds, i32 0, i32 %t
  store i32 %v, ptr addrspace(3) %c
  call void @llvm.amdgcn.s.waitcnt(i32 255)
  call void @llvm.amdgcn.s.barrier()
  %d = getelementptr [64 x i32], ptr addrspace(3) @lds, i32 0, i32 0
  %y = load i32, ptr addrspace(3) %d
  %w = add i32 %x, %y
  store i32 %w, ptr addrspace(1) %a
  ret void
}

; G10-LABEL: fence_rel:
; G10: ds_write_b32
; G10-NEXT: s_waitcnt vmcnt(0) lgkmcnt(0)
; G10-NEXT: s_waitcnt_vscnt null, 0x0
; G10-NEXT: s_barrier
; G10-NEXT: buffer_gl0_inv
; G11-LABEL: fence_rel:
; G11: s_waitcnt vmcnt(0) lgkmcnt(0)
; G11-NEXT: s_waitcnt_vscnt null, 0x0
; G11-NEXT: s_barrier
define amdgpu_kernel void @fence_rel(ptr addrspace(1) %g, ptr %f, i32 %v) {
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %a = getelementptr i32, ptr addrspace(1) %g, i32 %t
  %x = load i32, ptr addrspace(1) %a
  store i32 %v, ptr addrspace(1) %g
  store i32 %v, ptr addrspace(3) @lds
  fence syncscope("workgroup") release
  call void @llvm.amdgcn.s.barrier()
  fence syncscope("workgroup") acquire
  %w = add i32 %x, 1
  store i32 %w, ptr addrspace(1) %a
  ret void
}
