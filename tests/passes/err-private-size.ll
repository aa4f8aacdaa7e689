; Private memory beyond what a work-item can address (8191 KiB of scratch
; per wave over 64 lanes: 131056 bytes) is a clear error naming the alloca
; (issue 13: a 4 TB alloca compiled with a private segment size of 0, its
; size truncated modulo 2^32, and a 1 GiB one was accepted). The largest
; legal size compiles.
; RUN: split-file %s %t.dir
; RUN: %not %wavecc %t.dir/tb4.ll -o %t.o 2>&1 | FileCheck --check-prefix=TB4 %s
; TB4: tb4.ll: k: error: unsupported private memory beyond the hardware's 131056 bytes per work-item (alloca): %a = alloca [4398046511104 x i8]
; RUN: %not %wavecc %t.dir/gib.ll -o %t.o 2>&1 | FileCheck --check-prefix=GIB %s
; GIB: gib.ll: k: error: unsupported private memory beyond the hardware's 131056 bytes per work-item (alloca): %b = alloca [268435456 x i32]
; RUN: %wavecc %t.dir/max.ll -S -o - | FileCheck --check-prefix=MAX %s
; MAX: .amdhsa_private_segment_fixed_size 131056

;--- tb4.ll
target triple = "amdgcn-amd-amdhsa"
define amdgpu_kernel void @k(ptr addrspace(1) %o, i32 %i) {
  %a = alloca [4398046511104 x i8], align 4, addrspace(5)
  %p = getelementptr i8, ptr addrspace(5) %a, i32 %i
  store volatile i8 1, ptr addrspace(5) %p
  ret void
}

;--- gib.ll
target triple = "amdgcn-amd-amdhsa"
define amdgpu_kernel void @k(ptr addrspace(1) %o, i32 %i) {
  %a = alloca [16 x i8], align 4, addrspace(5)
  %b = alloca [268435456 x i32], align 4, addrspace(5)
  %p = getelementptr i32, ptr addrspace(5) %b, i32 %i
  store volatile i32 1, ptr addrspace(5) %p
  ret void
}

;--- max.ll
target triple = "amdgcn-amd-amdhsa"
define amdgpu_kernel void @k(ptr addrspace(1) %o, i32 %i) {
  %a = alloca [131056 x i8], align 4, addrspace(5)
  %p = getelementptr i8, ptr addrspace(5) %a, i32 %i
  store volatile i8 1, ptr addrspace(5) %p
  ret void
}
