; RDNA 2 (gfx1030) code, wave64 (-mattr=+wavefrontsize64; wave32 waits for
; the wave32 lane masks): GFX10 spellings (v_add_nc_u32), the store
; counter (a store before a work-group release fence is waited for with
; s_waitcnt_vscnt null, 0, the load with vmcnt; the s_barrier itself
; needs no wait: barrier-back-off-gfx1030.ll), s_waitcnt fields of gfx10 (lgkmcnt up to
; 63: no lgkmcnt(15) "no wait" of gfx9), the GFX10 descriptor directives
; and metadata, and the code object of the builtin encoder equal to
; llvm-mc-19 -mcpu=gfx1030's (--assembler=check). Fails on main: -mcpu=gfx1030
; was refused there.
; RUN: %wavecc -mcpu=gfx1030 -mattr=+wavefrontsize64 %s -S -o - | FileCheck %s
; RUN: %wavecc -mcpu=gfx1030 -mattr=+wavefrontsize64 --assembler=check %s -o %t.o
; CHECK: .amdgcn_target "amdgcn-amd-amdhsa--gfx1030"
; CHECK: v_add_nc_u32_e32
; CHECK: global_store_dword
; CHECK-NEXT: s_waitcnt_vscnt null, 0x0
; CHECK-NEXT: s_barrier
; CHECK-NOT: lgkmcnt(15)
; CHECK: .amdhsa_wavefront_size32 0
; CHECK-NOT: .amdhsa_reserve_xnack_mask
; CHECK: .amdhsa_workgroup_processor_mode 1
; CHECK-NEXT: .amdhsa_memory_ordered 1
; CHECK-NEXT: .amdhsa_forward_progress 0
; CHECK: .wavefront_size: 64
; CHECK-NEXT: .workgroup_processor_mode: 1
; CHECK: amdhsa.target: amdgcn-amd-amdhsa--gfx1030

target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @k(ptr addrspace(1) %p, ptr addrspace(1) %q, i32 %n) {
  %id = call i32 @llvm.amdgcn.workitem.id.x()
  %g = getelementptr i32, ptr addrspace(1) %p, i32 %id
  %v = load i32, ptr addrspace(1) %g
  %a = add i32 %v, %n
  store i32 %a, ptr addrspace(1) %g
  fence syncscope("workgroup") release
  call void @llvm.amdgcn.s.barrier()
  %h = getelementptr i32, ptr addrspace(1) %q, i32 %id
  store i32 %v, ptr addrspace(1) %h
  ret void
}
declare i32 @llvm.amdgcn.workitem.id.x()
declare void @llvm.amdgcn.s.barrier()
