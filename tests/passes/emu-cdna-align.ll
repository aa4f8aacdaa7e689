; The emulator enforces gfx90a/gfx942's even alignment of 64-bit and wider
; VGPR operands (issue 25): a v_add_f64 on v[1:2] (bytes given directly,
; llvm-mc-19 refuses to assemble it for gfx90a) is an illegal instruction
; there, as on hardware, and a legal one on gfx900. Before issue 25
; wavecc-run knew no --mcpu=gfx90a.
; RUN: rm -rf %t && split-file %s %t
; RUN: %not %wavecc-run --compiler=llc --mcpu=gfx90a %t/k.ll 2>&1 | FileCheck %s
; RUN: %not %wavecc-run --compiler=llc --mcpu=gfx942 %t/k.ll 2>&1 | FileCheck %s
; RUN: %wavecc-run --compiler=llc --mcpu=gfx900 %t/k.ll 2>&1 | FileCheck %s --check-prefix=GFX9
; CHECK: illegal instruction: v[1:2] is not aligned to 2 registers
; GFX9: 1 passed, 0 failed

;--- k.ll
; [config]
; name: misaligned f64 operand
; dimensions: 1
;
; [test]
; name: v_add_f64 v[1:2]
; kernel_name: k
; global_size: 64 0 0
; local_size: 64 0 0
; arg_out: 0 buffer int[64] repeat 0

target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @k(ptr addrspace(1) %out) {
  ; v_add_f64 v[1:2], v[2:3], v[4:5]: VOP3 0x280, dst 1, src0 0x102, src1 0x104
  call void asm sideeffect "v_mov_b32 v1, 0\0Av_mov_b32 v2, 0\0Av_mov_b32 v3, 0\0Av_mov_b32 v4, 0\0Av_mov_b32 v5, 0\0A.long 0xd2800001, 0x00020902", "~{v1},~{v2},~{v3},~{v4},~{v5}"()
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr i32, ptr addrspace(1) %out, i32 %t
  store i32 0, ptr addrspace(1) %p
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
