; Private memory with architected flat scratch (gfx1100, gfx942) is not
; swizzled per dword, so a dword-aligned access of up to 16 bytes is one
; scratch_load/store_b64/b96/b128 (isel_mem.c whole_access_ok), and
; llc-19's load-store vectoriser merges private dword accesses up to 16
; bytes there (getMaxPrivateElementSize 16 with flat scratch:
; llc_passes.c private_vec_bits, tti_model.cpp), as llc-19 selects them.
; main: one scratch_store_b32 / scratch_load_b32 per dword. gfx1030
; (MUBUF through the swizzled private segment buffer) keeps dwords.
; RUN: %wavecc -mcpu=gfx1100 -filetype=asm %s -o - | FileCheck %s
; RUN: %wavecc -mcpu=gfx1100 -mattr=+wavefrontsize64 -filetype=asm %s -o - | FileCheck %s
; RUN: %wavecc -mcpu=gfx1100 --assembler=check %s -o %t.1100.o
; RUN: %wavecc -mcpu=gfx1030 -filetype=asm %s -o - | FileCheck %s --check-prefix=MUBUF
target triple = "amdgcn-amd-amdhsa"

; CHECK-LABEL: vec:
; CHECK: scratch_store_b128 v{{[0-9]+}}, v[{{[0-9]+}}:{{[0-9]+}}], off
; CHECK: scratch_load_b128 v[{{[0-9]+}}:{{[0-9]+}}], off, s{{[0-9]+}}
; CHECK-NOT: scratch_{{load|store}}_b32
; CHECK: s_endpgm
; MUBUF-LABEL: vec:
; MUBUF-COUNT-4: buffer_store_dword v
; MUBUF-COUNT-4: buffer_load_dword v
define amdgpu_kernel void @vec(ptr addrspace(1) %p, i32 %i) {
  %a = alloca [16 x i32], align 16, addrspace(5)
  %id = call i32 @llvm.amdgcn.workitem.id.x()
  %g = getelementptr <4 x i32>, ptr addrspace(1) %p, i32 %id
  %v = load <4 x i32>, ptr addrspace(1) %g
  %q = getelementptr [16 x i32], ptr addrspace(5) %a, i32 0, i32 %id
  store <4 x i32> %v, ptr addrspace(5) %q, align 16
  %r = getelementptr [16 x i32], ptr addrspace(5) %a, i32 0, i32 %i
  %w = load <4 x i32>, ptr addrspace(5) %r, align 16
  store <4 x i32> %w, ptr addrspace(1) %g
  ret void
}

; Four i32 stores to consecutive dwords of an array (align 4) become one
; scratch_store_b128 (32 elements: too large for promote-private-arrays,
; which holds arrays of up to 64 bytes in registers).
; CHECK-LABEL: merged:
; CHECK: scratch_store_b128
; CHECK-NOT: scratch_store_b32
; CHECK: s_endpgm
define amdgpu_kernel void @merged(ptr addrspace(1) %p, i32 %i) {
  %a = alloca [32 x i32], align 4, addrspace(5)
  %id = call i32 @llvm.amdgcn.workitem.id.x()
  %a1 = getelementptr i32, ptr addrspace(5) %a, i32 1
  %a2 = getelementptr i32, ptr addrspace(5) %a, i32 2
  %a3 = getelementptr i32, ptr addrspace(5) %a, i32 3
  %x1 = add i32 %id, 1
  %x2 = mul i32 %id, 3
  %x3 = xor i32 %id, 7
  store i32 %id, ptr addrspace(5) %a, align 4
  store i32 %x1, ptr addrspace(5) %a1, align 4
  store i32 %x2, ptr addrspace(5) %a2, align 4
  store i32 %x3, ptr addrspace(5) %a3, align 4
  %r = getelementptr i32, ptr addrspace(5) %a, i32 %i
  %w = load i32, ptr addrspace(5) %r, align 4
  %g = getelementptr i32, ptr addrspace(1) %p, i32 %id
  store i32 %w, ptr addrspace(1) %g
  ret void
}
declare i32 @llvm.amdgcn.workitem.id.x()
