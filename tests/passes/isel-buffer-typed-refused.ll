; Typed buffer accesses (llvm.amdgcn.*.buffer.store.format / load.format)
; convert through the V#'s data and number format, unknown at compile
; time: main selected buffer.store.format.f16 as buffer_store_short (right
; for a 16_FLOAT resource only: wrong code for any other format) and hung
; in the selector on buffer.load.lds (the store size of its void result).
; Both are now reported.
; RUN: rm -rf %t && split-file %s %t
; RUN: %not %wavecc -mcpu=gfx900 %t/fmt.ll -o %t/x.o 2>&1 | FileCheck %s --check-prefix=FMT
; RUN: %not %wavecc -mcpu=gfx900 %t/lds.ll -o %t/x.o 2>&1 | FileCheck %s --check-prefix=LDS
; FMT: error: unsupported typed buffer access (buffer load/store .format)
; LDS: error: unsupported buffer load to LDS (llvm.amdgcn.*.buffer.load.lds)

;--- fmt.ll
target triple = "amdgcn-amd-amdhsa"
define amdgpu_kernel void @k(ptr addrspace(8) %r, half %d) {
  call void @llvm.amdgcn.raw.ptr.buffer.store.format.f16(half %d, ptr addrspace(8) %r, i32 0, i32 0, i32 0)
  ret void
}
declare void @llvm.amdgcn.raw.ptr.buffer.store.format.f16(half, ptr addrspace(8), i32, i32, i32)

;--- lds.ll
target triple = "amdgcn-amd-amdhsa"
@lds = addrspace(3) global [64 x i32] undef
define amdgpu_kernel void @k(ptr addrspace(8) %r, ptr addrspace(1) %o) {
  call void @llvm.amdgcn.raw.ptr.buffer.load.lds(ptr addrspace(8) %r, ptr addrspace(3) @lds, i32 4, i32 0, i32 0, i32 0, i32 0)
  %v = load i32, ptr addrspace(3) @lds
  store i32 %v, ptr addrspace(1) %o
  ret void
}
declare void @llvm.amdgcn.raw.ptr.buffer.load.lds(ptr addrspace(8), ptr addrspace(3), i32, i32, i32, i32, i32)
