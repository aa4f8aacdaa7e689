; RDNA 3 (gfx1100), wave64: the work-item ids arrive packed in v0 (x |
; y << 10 | z << 20, AMDGPUUsage "Initial Kernel Execution State") and are
; unpacked as llc-19 does; GFX11 spellings (global_load_b32), no private
; segment buffer directives (llvm-mc-19 rejects them for gfx11), the
; GFX11 s_waitcnt layout and opcode maps through --assembler=check. Fails
; on main: -mcpu=gfx1100 was refused there (and v0 was taken as x).
; RUN: %wavecc -mcpu=gfx1100 -mattr=+wavefrontsize64 %s -S -o - | FileCheck %s
; RUN: %wavecc -mcpu=gfx1100 -mattr=+wavefrontsize64 --assembler=check %s -o %t.o
; CHECK: .amdgcn_target "amdgcn-amd-amdhsa--gfx1100"
; CHECK-DAG: v_and_b32_e32 {{v[0-9]+}}, 0x3ff, v0
; CHECK-DAG: v_bfe_u32 {{v[0-9]+}}, v0, 10, 10
; CHECK: global_load_b32
; CHECK-NOT: private_segment_buffer
; CHECK: .amdhsa_enable_private_segment 0
; CHECK: .amdhsa_system_vgpr_workitem_id 1
; CHECK: amdhsa.target: amdgcn-amd-amdhsa--gfx1100

target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @k(ptr addrspace(1) %p) {
  %x = call i32 @llvm.amdgcn.workitem.id.x()
  %y = call i32 @llvm.amdgcn.workitem.id.y()
  %i = mul i32 %y, 64
  %j = add i32 %i, %x
  %g = getelementptr i32, ptr addrspace(1) %p, i32 %j
  %v = load i32, ptr addrspace(1) %g
  %a = add i32 %v, %y
  store i32 %a, ptr addrspace(1) %g
  ret void
}
declare i32 @llvm.amdgcn.workitem.id.x()
declare i32 @llvm.amdgcn.workitem.id.y()
