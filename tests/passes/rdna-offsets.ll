; Immediate offsets within the family's fields (isa_offset_range): gfx10's
; GLOBAL offset is 12-bit signed and FLAT's 11-bit unsigned, so 3000 and
; 2100 stay out of the instructions there (llvm-mc-19 -mcpu=gfx1030:
; "expected a 12-bit signed offset"), while gfx900 and gfx1100 fold them.
; Fails without the per-family ranges: gfx900's 13/12-bit ranges were used.
; RUN: %wavecc -mcpu=gfx1030 -mattr=+wavefrontsize64 %s -S -o - | FileCheck %s --check-prefix=GFX10
; RUN: %wavecc -mcpu=gfx1030 -mattr=+wavefrontsize64 --assembler=check %s -o %t.o
; RUN: %wavecc -mcpu=gfx1100 -mattr=+wavefrontsize64 %s -S -o - | FileCheck %s --check-prefix=GFX11
; RUN: %wavecc %s -S -o - | FileCheck %s --check-prefix=GFX9
; GFX10-NOT: offset:3000
; GFX10-NOT: offset:2100
; GFX11: global_load_b32 {{.*}} offset:3000
; GFX11: flat_load_b32 {{.*}} offset:2100
; GFX9: global_load_dword {{.*}} offset:3000
; GFX9: flat_load_dword {{.*}} offset:2100

target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @k(ptr addrspace(1) %p, ptr %f, ptr addrspace(1) %out) {
  %id = call i32 @llvm.amdgcn.workitem.id.x()
  %g = getelementptr i8, ptr addrspace(1) %p, i32 %id
  %g2 = getelementptr i8, ptr addrspace(1) %g, i64 3000
  %v = load i32, ptr addrspace(1) %g2
  %h = getelementptr i8, ptr %f, i32 %id
  %h2 = getelementptr i8, ptr %h, i64 2100
  %w = load i32, ptr %h2
  %s = add i32 %v, %w
  %o = getelementptr i32, ptr addrspace(1) %out, i32 %id
  store i32 %s, ptr addrspace(1) %o
  ret void
}
declare i32 @llvm.amdgcn.workitem.id.x()
