; LDS layout across calls (isel_lds.c). Issue 21 part 4: each function laid
; out the LDS globals it used on its own, so @b sat at 0 in @k and at 256 in
; @f. Now the globals any function uses form one module region at the same
; offsets everywhere (@a 0, @b 256); a kernel reaching such a function puts
; its own globals after it (@c at 512: 768 bytes), a kernel calling nothing
; lays out only its own (@only: 64 bytes). Issue 22: LDS beyond the 64 KiB
; a work-group can allocate, whether one global of 2^32 + 16 bytes (it
; wrapped to a 16-byte group segment) or a kernel's and a callee's globals
; together, is a clear error; exactly 64 KiB compiles.
; RUN: split-file %s %t.dir
; RUN: %wavecc %t.dir/shared.ll -S -o - | FileCheck --check-prefix=SHARED %s
; SHARED-LABEL: {{^}}k:
; SHARED: ds_write2_b32 v0, v1, v3 offset0:64 offset1:128
; SHARED: .amdhsa_group_segment_fixed_size 768
; SHARED-LABEL: {{^}}k_alone:
; SHARED: .amdhsa_group_segment_fixed_size 64
; SHARED-LABEL: {{^}}f:
; SHARED: ds_write_b32 v0, v1{{$}}
; SHARED-NEXT: ds_read_b32 v0, v0 offset:256
; RUN: %not %wavecc %t.dir/wrap.ll -o %t.o 2>&1 | FileCheck --check-prefix=WRAP %s
; WRAP: wrap.ll: k: error: LDS (group segment) of 4294967312 bytes exceeds the hardware's 65536 bytes per work-group (addrspace(3) globals of this kernel and the functions it calls)
; RUN: %not %wavecc %t.dir/sum.ll -o %t.o 2>&1 | FileCheck --check-prefix=SUM %s
; SUM: sum.ll: k: error: LDS (group segment) of 65540 bytes exceeds the hardware's 65536 bytes per work-group
; RUN: %wavecc %t.dir/max.ll -S -o - | FileCheck --check-prefix=MAX %s
; MAX: .amdhsa_group_segment_fixed_size 65536

;--- shared.ll
target triple = "amdgcn-amd-amdhsa"
@a = internal addrspace(3) global [64 x i32] undef, align 4
@b = internal addrspace(3) global [64 x i32] undef, align 4
@c = internal addrspace(3) global [64 x i32] undef, align 4
@only = internal addrspace(3) global [16 x i32] undef, align 4

define internal i32 @f(i32 %t) noinline {
  %pa = getelementptr [64 x i32], ptr addrspace(3) @a, i32 0, i32 %t
  store i32 7, ptr addrspace(3) %pa
  %pb = getelementptr [64 x i32], ptr addrspace(3) @b, i32 0, i32 %t
  %v = load i32, ptr addrspace(3) %pb
  ret i32 %v
}

define amdgpu_kernel void @k(ptr addrspace(1) %out) {
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %pb = getelementptr [64 x i32], ptr addrspace(3) @b, i32 0, i32 %t
  store i32 5, ptr addrspace(3) %pb
  %pc = getelementptr [64 x i32], ptr addrspace(3) @c, i32 0, i32 %t
  store i32 0, ptr addrspace(3) %pc
  %r = call i32 @f(i32 %t)
  %po = getelementptr i32, ptr addrspace(1) %out, i32 %t
  store i32 %r, ptr addrspace(1) %po
  ret void
}

define amdgpu_kernel void @k_alone(ptr addrspace(1) %out) {
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %pc = getelementptr [16 x i32], ptr addrspace(3) @only, i32 0, i32 %t
  store i32 0, ptr addrspace(3) %pc
  ret void
}
declare i32 @llvm.amdgcn.workitem.id.x()

;--- wrap.ll
target triple = "amdgcn-amd-amdhsa"
@big = internal addrspace(3) global [4294967312 x i8] undef, align 4
define amdgpu_kernel void @k(ptr addrspace(1) %out, i32 %i) {
  %p = getelementptr [4294967312 x i8], ptr addrspace(3) @big, i32 0, i32 %i
  store i8 1, ptr addrspace(3) %p
  ret void
}

;--- sum.ll
target triple = "amdgcn-amd-amdhsa"
@mine = internal addrspace(3) global [8192 x i32] undef, align 4
@theirs = internal addrspace(3) global [8193 x i32] undef, align 4
define internal void @g(i32 %i) noinline {
  %p = getelementptr [8193 x i32], ptr addrspace(3) @theirs, i32 0, i32 %i
  store i32 1, ptr addrspace(3) %p
  ret void
}
define amdgpu_kernel void @k(ptr addrspace(1) %out, i32 %i) {
  %p = getelementptr [8192 x i32], ptr addrspace(3) @mine, i32 0, i32 %i
  store i32 1, ptr addrspace(3) %p
  call void @g(i32 %i)
  ret void
}

;--- max.ll
target triple = "amdgcn-amd-amdhsa"
@mine = internal addrspace(3) global [8192 x i32] undef, align 4
@theirs = internal addrspace(3) global [8192 x i32] undef, align 4
define internal void @g(i32 %i) noinline {
  %p = getelementptr [8192 x i32], ptr addrspace(3) @theirs, i32 0, i32 %i
  store i32 1, ptr addrspace(3) %p
  ret void
}
define amdgpu_kernel void @k(ptr addrspace(1) %out, i32 %i) {
  %p = getelementptr [8192 x i32], ptr addrspace(3) @mine, i32 0, i32 %i
  store i32 1, ptr addrspace(3) %p
  call void @g(i32 %i)
  ret void
}
