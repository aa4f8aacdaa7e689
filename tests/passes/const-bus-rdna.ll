; The constant bus of each target in instruction selection (isel_valu,
; target.h const_bus_limit / vop3_literal): gfx1030 and gfx1100 read two
; scalar values per VALU instruction and take a literal in VOP3, so a
; uniform fma(a, b, x) reads both SGPRs and fma(x, K, a) carries the
; literal beside the SGPR, with no v_mov_b32; gfx900 reads one (one SGPR
; copied to a VGPR, the literal moved). v_cndmask's src1 stays a VGPR (as
; llc-19's). No literal in a 16-bit VOP3 source (fma_h: llvm-mc-19 writes
; 0x3800 there as the f16 inline constant 0.5, so the builtin encoder's
; literal differed; f_half_fp16.cl failed --assembler=check that way).
; Encodings checked by llvm-mc-19 (--assembler=check). Fails on
; main, where RDNA had gfx900's one-value limit (+4838 v_mov_b32 on the
; gfx1030 corpus).
; RUN: %wavecc -mcpu=gfx1030 %s -S -o - | FileCheck %s --check-prefixes=RDNA
; RUN: %wavecc -mcpu=gfx1100 %s -S -o - | FileCheck %s --check-prefixes=RDNA
; RUN: %wavecc -mcpu=gfx1030 -mattr=+wavefrontsize64 %s -S -o - | FileCheck %s --check-prefixes=RDNA
; RUN: %wavecc -mcpu=gfx900 %s -S -o - | FileCheck %s --check-prefixes=GFX9
; RUN: %wavecc -mcpu=gfx1030 --assembler=check %s -o %t.o
; RUN: %wavecc -mcpu=gfx1100 --assembler=check %s -o %t.o
; RDNA-LABEL: fma_ss:
; RDNA-NOT: v_mov_b32
; RDNA: v_fma_f32 v{{[0-9]+}}, s{{[0-9]+}}, s{{[0-9]+}}, v{{[0-9]+}}
; RDNA-LABEL: fma_lit:
; RDNA-NOT: v_mov_b32
; RDNA: v_fma_f32 v{{[0-9]+}}, v{{[0-9]+}}, 0x40600000, s{{[0-9]+}}
; RDNA: v_fma_f32 v{{[0-9]+}}, v{{[0-9]+}}, 0x40490fdb, s{{[0-9]+}}
; RDNA-LABEL: sel_ss:
; RDNA: v_mov_b32_e32 [[V:v[0-9]+]], s{{[0-9]+}}
; RDNA: v_cndmask_b32_e{{32|64}} v{{[0-9]+}}, s{{[0-9]+}}, [[V]], {{s|vcc}}
; GFX9-LABEL: fma_ss:
; GFX9: v_mov_b32_e32 [[A:v[0-9]+]], s{{[0-9]+}}
; GFX9: v_fma_f32 v{{[0-9]+}}, [[A]], s{{[0-9]+}}, v{{[0-9]+}}
; GFX9-LABEL: fma_lit:
; GFX9: v_mov_b32_e32 [[K:v[0-9]+]], 0x40600000
; GFX9: v_fma_f32 v{{[0-9]+}}, v{{[0-9]+}}, [[K]], s{{[0-9]+}}
; GFX9-LABEL: sel_ss:
; GFX9: v_mov_b32_e32
; GFX9: v_mov_b32_e32
; GFX9: v_cndmask_b32_e64

target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @fma_ss(ptr addrspace(1) %out, float %a, float %b) {
  %id = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr float, ptr addrspace(1) %out, i32 %id
  %x = load float, ptr addrspace(1) %p
  %r = call float @llvm.fma.f32(float %a, float %b, float %x)
  store float %r, ptr addrspace(1) %p
  ret void
}

define amdgpu_kernel void @fma_lit(ptr addrspace(1) %out, float %a) {
  %id = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr float, ptr addrspace(1) %out, i32 %id
  %x = load float, ptr addrspace(1) %p
  %r = call float @llvm.fma.f32(float %x, float 3.5e+00, float %a)
  %r2 = call float @llvm.fma.f32(float %r, float 0x400921FB60000000, float %a)
  store float %r2, ptr addrspace(1) %p
  ret void
}

define amdgpu_kernel void @sel_ss(ptr addrspace(1) %out, i32 %a, i32 %b) {
  %id = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr i32, ptr addrspace(1) %out, i32 %id
  %x = load i32, ptr addrspace(1) %p
  %c = icmp ult i32 %x, 7
  %r = select i1 %c, i32 %a, i32 %b
  store i32 %r, ptr addrspace(1) %p
  ret void
}


define amdgpu_kernel void @fma_h(ptr addrspace(1) %out, half %a) {
  %id = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr half, ptr addrspace(1) %out, i32 %id
  %x = load half, ptr addrspace(1) %p
  %r = call half @llvm.fma.f16(half %x, half 0xH3800, half %a)
  store half %r, ptr addrspace(1) %p
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
declare float @llvm.fma.f32(float, float, float)
declare half @llvm.fma.f16(half, half, half)
