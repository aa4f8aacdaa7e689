; A work-group of at most one wave has no other wave to wait for: its
; barrier selects to nothing, as llc-19 selects WAVE_BARRIER for it
; (SIISelLowering, -O1 and up); the fences around OpenCL's barrier() keep
; their waits. bench/real's reduce_amax, dot_atomic, gemv_wg, spmv_csr_vec,
; scan_blelloch and nbody_tiled (reqd_work_group_size 64, or 32 and 16)
; executed up to 168 s_barrier llc-19 does not have. Two waves (128 at
; wave64, 64 at wave32) keep it; so does -O0, as llc-19's.
; RUN: %wavecc -S %s -o - | FileCheck %s
; RUN: %wavecc -O0 -S %s -o - | FileCheck %s --check-prefix=O0
; RUN: %wavecc -mcpu=gfx1030 -S %s -o - | FileCheck %s --check-prefix=W32
target triple = "amdgcn-amd-amdhsa"
declare i32 @llvm.amdgcn.workitem.id.x()
declare void @llvm.amdgcn.s.barrier()

; CHECK-LABEL: one:
; CHECK: ds_write_b32
; CHECK: s_waitcnt lgkmcnt(0)
; CHECK-NOT: s_barrier
; CHECK: ds_read_b32
; CHECK-LABEL: two:
; CHECK: s_barrier
; O0-LABEL: one:
; O0: s_barrier
; W32-LABEL: one:
; W32: s_barrier
@lds = internal addrspace(3) global [128 x i32] undef, align 4

define amdgpu_kernel void @one(ptr addrspace(1) %out) "amdgpu-flat-work-group-size"="64,64" {
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr [128 x i32], ptr addrspace(3) @lds, i32 0, i32 %tid
  store i32 %tid, ptr addrspace(3) %p, align 4
  fence syncscope("workgroup") release
  call void @llvm.amdgcn.s.barrier()
  fence syncscope("workgroup") acquire
  %x = xor i32 %tid, 1
  %r = getelementptr [128 x i32], ptr addrspace(3) @lds, i32 0, i32 %x
  %v = load i32, ptr addrspace(3) %r, align 4
  %q = getelementptr i32, ptr addrspace(1) %out, i32 %tid
  store i32 %v, ptr addrspace(1) %q, align 4
  ret void
}

define amdgpu_kernel void @two(ptr addrspace(1) %out) "amdgpu-flat-work-group-size"="128,128" {
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr [128 x i32], ptr addrspace(3) @lds, i32 0, i32 %tid
  store i32 %tid, ptr addrspace(3) %p, align 4
  fence syncscope("workgroup") release
  call void @llvm.amdgcn.s.barrier()
  fence syncscope("workgroup") acquire
  %x = xor i32 %tid, 1
  %r = getelementptr [128 x i32], ptr addrspace(3) @lds, i32 0, i32 %x
  %v = load i32, ptr addrspace(3) %r, align 4
  %q = getelementptr i32, ptr addrspace(1) %out, i32 %tid
  store i32 %v, ptr addrspace(1) %q, align 4
  ret void
}
