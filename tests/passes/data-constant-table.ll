; Initialised globals in the constant and global address spaces become
; objects of the code object (.rodata / .data with alignment, .type and
; .size); kernels address them PC-relative as llc does on gfx9
; (s_getpc_b64, then rel32@lo+4 / rel32@hi+12), with a scalar load for a
; uniform index and a global load for a divergent one.
; RUN: %wavecc %s -S -o - | FileCheck %s
; The relocations resolve when the code object is linked:
; RUN: %wavecc %s -o %t.hsaco
; An initialiser holding an address is refused with a clear error:
; RUN: %not %wavecc %S/Inputs/data-pointer-init.ll -S -o - 2>&1 | FileCheck %s --check-prefix=BAD
; BAD: error: global @ptrs: unsupported initialiser holding an address
target triple = "amdgcn-amd-amdhsa"

@tbl = internal unnamed_addr addrspace(4) constant [4 x i32] [i32 10, i32 20, i32 30, i32 40], align 4
@pairs = hidden addrspace(4) constant [2 x { i8, i16 }] [{ i8, i16 } { i8 1, i16 -2 }, { i8, i16 } { i8 3, i16 4 }], align 2
@counter = addrspace(1) global [2 x i64] [i64 7, i64 -1], align 8

declare i32 @llvm.amdgcn.workitem.id.x()

; CHECK-LABEL: k:
; CHECK: s_getpc_b64 s{{\[}}[[LO:[0-9]+]]:[[HI:[0-9]+]]]
; CHECK-NEXT: s_add_u32 s[[LO]], s[[LO]], tbl@rel32@lo+4
; CHECK-NEXT: s_addc_u32 s[[HI]], s[[HI]], tbl@rel32@hi+12
; CHECK: global_load_dword
; the table's second use in the block reuses its address (isel_data.c)
; CHECK-NOT: tbl@rel32
; CHECK: s_load_dword
; CHECK: s_add_u32 {{.*}}pairs@rel32@lo+4
; CHECK: s_add_u32 {{.*}}counter@rel32@lo+4
; CHECK: global_load_dwordx2
; CHECK: s_endpgm

; CHECK: .type tbl,@object
; CHECK-NEXT: .section .rodata,"a",@progbits
; CHECK-NEXT: .p2align 2, 0x0
; CHECK-NEXT: tbl:
; CHECK-NEXT: .byte 10,0,0,0,20,0,0,0,30,0,0,0,40,0,0,0
; CHECK-NEXT: .size tbl, 16
; CHECK: .type pairs,@object
; CHECK-NEXT: .section .rodata,"a",@progbits
; CHECK-NEXT: .p2align 1, 0x0
; CHECK-NEXT: pairs:
; CHECK-NEXT: .byte 1,0,254,255,3,0,4,0
; CHECK-NEXT: .size pairs, 8
; CHECK: .type counter,@object
; CHECK-NEXT: .section .data,"aw",@progbits
; CHECK-NEXT: .p2align 3, 0x0
; CHECK-NEXT: counter:
; CHECK-NEXT: .byte 7,0,0,0,0,0,0,0,255,255,255,255,255,255,255,255
; CHECK-NEXT: .size counter, 16
; CHECK: .amdgpu_metadata
define amdgpu_kernel void @k(ptr addrspace(1) %out, i32 %u, i32 %w) {
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %i = and i32 %tid, 3
  %g = getelementptr [4 x i32], ptr addrspace(4) @tbl, i32 0, i32 %i
  %v = load i32, ptr addrspace(4) %g, align 4
  %gu = getelementptr [4 x i32], ptr addrspace(4) @tbl, i32 0, i32 %u
  %vu = load i32, ptr addrspace(4) %gu, align 4
  %gp = getelementptr [2 x { i8, i16 }], ptr addrspace(4) @pairs, i32 0, i32 %w, i32 1
  %p = load i16, ptr addrspace(4) %gp, align 2
  %px = sext i16 %p to i32
  %gc = getelementptr [2 x i64], ptr addrspace(1) @counter, i32 0, i32 %i
  %c = load i64, ptr addrspace(1) %gc, align 8
  %ct = trunc i64 %c to i32
  %s = add i32 %v, %vu
  %s2 = add i32 %s, %px
  %s3 = add i32 %s2, %ct
  %o = getelementptr i32, ptr addrspace(1) %out, i32 %tid
  store i32 %s3, ptr addrspace(1) %o
  ret void
}
