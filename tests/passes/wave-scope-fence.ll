; Fences and atomics at wavefront and singlethread scope need no s_waitcnt:
; a wave's own accesses complete in its program order as the wave sees
; them. AMDGPUUsage memory model code-sequence tables (GFX6-GFX9, GFX90A,
; GFX942, GFX10-GFX11): every "singlethread, wavefront" row of fence,
; load atomic acquire and store atomic release has no code; LLVM 19's
; memory-legalizer-fence.ll checks the same. Before this change wavecc
; waited vmcnt(0) (vscnt on gfx1100) at each of them. The fence still
; orders the accesses around it for the schedulers (a wait of nothing,
; which the waitcnt pass deletes). Workgroup scope keeps its wait.
; RUN: %wavecc -mcpu=gfx900 -S %s -o - | FileCheck %s --check-prefixes=GFX9,G900
; RUN: %wavecc -mcpu=gfx1100 -S %s -o - | FileCheck %s --check-prefix=GFX11
; RUN: %wavecc -mcpu=gfx942 -S %s -o - | FileCheck %s --check-prefixes=GFX9

target triple = "amdgcn-amd-amdhsa"

; GFX9-LABEL: wave_fences:
; GFX9: global_store_dword
; GFX9-NOT: s_waitcnt vmcnt
; GFX9: global_load_dword
; GFX9: s_endpgm
; GFX11-LABEL: wave_fences:
; GFX11: global_store_b32
; GFX11-NOT: s_waitcnt_vscnt
; GFX11: global_load_b32
; GFX11: s_endpgm
define amdgpu_kernel void @wave_fences(ptr addrspace(1) %p) {
  %id = call i32 @llvm.amdgcn.workitem.id.x()
  %a = getelementptr i32, ptr addrspace(1) %p, i32 %id
  store i32 %id, ptr addrspace(1) %a
  fence syncscope("wavefront") release
  fence syncscope("singlethread") seq_cst
  %x = xor i32 %id, 1
  %b = getelementptr i32, ptr addrspace(1) %p, i32 %x
  fence syncscope("wavefront") acquire
  %v = load atomic i32, ptr addrspace(1) %b syncscope("wavefront") acquire, align 4
  %c = getelementptr i32, ptr addrspace(1) %a, i32 64
  store atomic i32 %v, ptr addrspace(1) %c syncscope("wavefront") release, align 4
  ret void
}

; G900-LABEL: group_fence:
; G900: global_store_dword
; G900: s_waitcnt vmcnt(0)
; G900: global_load_dword
; GFX11-LABEL: group_fence:
; GFX11: global_store_b32
; GFX11: s_waitcnt_vscnt null, 0x0
; GFX11: global_load_b32
define amdgpu_kernel void @group_fence(ptr addrspace(1) %p) {
  %id = call i32 @llvm.amdgcn.workitem.id.x()
  %a = getelementptr i32, ptr addrspace(1) %p, i32 %id
  store i32 %id, ptr addrspace(1) %a
  fence syncscope("workgroup") release
  %x = xor i32 %id, 1
  %b = getelementptr i32, ptr addrspace(1) %p, i32 %x
  %v = load i32, ptr addrspace(1) %b
  %c = getelementptr i32, ptr addrspace(1) %a, i32 64
  store i32 %v, ptr addrspace(1) %c
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
