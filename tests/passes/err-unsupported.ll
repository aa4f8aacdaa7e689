; Unsupported IR: "file: function: unsupported ...: <instruction>", exit
; status 1, no output file, never a crash.
; RUN: rm -f %t.o
; RUN: split-file %s %t.dir
; RUN: %not %wavecc -O0 %t.dir/i128.ll -o %t.o 2>&1 | FileCheck --check-prefix=I128 %s
; I128: i128.ll: k: error: unsupported integer type wider than 64 bits: %a = zext i64 %x to i128
; RUN: %not %wavecc -O0 %t.dir/intrinsic.ll -o %t.o 2>&1 | FileCheck --check-prefix=INTR %s
; INTR: intrinsic.ll: k: error: unsupported instruction: %v = call i32 @llvm.amdgcn.set.inactive.i32(i32 %a, i32 %b)
; RUN: %not %wavecc -O0 %t.dir/addrspace.ll -o %t.o 2>&1 | FileCheck --check-prefix=AS %s
; AS: addrspace.ll: k: error: unsupported address space: %v = load i32, ptr addrspace(2) %p, align 4
; RUN: %not %wavecc -O0 %t.dir/addrspace-arg.ll -o %t.o 2>&1 | FileCheck --check-prefix=ASARG %s
; ASARG: addrspace-arg.ll: k: error: unsupported kernel argument address space: ptr addrspace(12345) %p
; RUN: %not %wavecc -O0 %t.dir/undef-call.ll -o %t.o 2>&1 | FileCheck --check-prefix=UNDEF %s
; UNDEF: undef-call.ll: error: call to undefined function 'helper': wavecc links nothing
; RUN: %not %wavecc -O0 %t.dir/nokernel.ll -o %t.o 2>&1 | FileCheck --check-prefix=NOK %s
; NOK: nokernel.ll: error: a module without kernels (functions for other code objects) is written only as assembly (-S)
; RUN: %not %wavecc -O0 %t.dir/asm.ll -o %t.o 2>&1 | FileCheck --check-prefix=ASM %s
; ASM: asm.ll: k: error: unsupported inline assembly: instruction 'buffer_load_dword' (MUBUF format: only SOP1, SOP2, VOP1, VOP2, VOP3, VOPC _e64, packed VOP3P, s_nop, s_waitcnt and the loads and stores of GLOBAL and DS): %v = call i32 asm "buffer_load_dword $0, $1, s[0:3], 0 offen", "=v,v"(i32 0)
; RUN: %not %wavecc -O0 %t.dir/wide.ll -o %t.o 2>&1 | FileCheck --check-prefix=WIDE %s
; WIDE: wide.ll: k: error: unsupported vector wider than 256 elements: %v = load <512 x i8>, ptr addrspace(1) %p, align 256
; RUN: %not test -e %t.o

;--- i128.ll
target triple = "amdgcn-amd-amdhsa"
define amdgpu_kernel void @k(ptr addrspace(1) %out, i64 %x, i64 %y) {
  %a = zext i64 %x to i128
  %b = zext i64 %y to i128
  %q = udiv i128 %a, %b
  store i128 %q, ptr addrspace(1) %out
  ret void
}
;--- intrinsic.ll
target triple = "amdgcn-amd-amdhsa"
declare i32 @llvm.amdgcn.set.inactive.i32(i32, i32)
define amdgpu_kernel void @k(ptr addrspace(1) %out, i32 %a, i32 %b) {
  %v = call i32 @llvm.amdgcn.set.inactive.i32(i32 %a, i32 %b)
  store i32 %v, ptr addrspace(1) %out
  ret void
}
;--- addrspace.ll
target triple = "amdgcn-amd-amdhsa"
define amdgpu_kernel void @k(ptr addrspace(1) %out, ptr addrspace(2) %p) {
  %v = load i32, ptr addrspace(2) %p
  store i32 %v, ptr addrspace(1) %out
  ret void
}
;--- addrspace-arg.ll
; (an unused one is laid out as llc-19 does: global_buffer, no .address_space)
target triple = "amdgcn-amd-amdhsa"
define amdgpu_kernel void @k(ptr addrspace(1) %out, ptr addrspace(12345) %p) {
  %v = load i32, ptr addrspace(12345) %p
  store i32 %v, ptr addrspace(1) %out
  ret void
}
;--- undef-call.ll
target triple = "amdgcn-amd-amdhsa"
declare i32 @helper(i32)
define amdgpu_kernel void @k(ptr addrspace(1) %out, i32 %a) {
  %v = call i32 @helper(i32 %a)
  store i32 %v, ptr addrspace(1) %out
  ret void
}
;--- nokernel.ll
target triple = "amdgcn-amd-amdhsa"
define void @f() {
  ret void
}

;--- asm.ll
target triple = "amdgcn-amd-amdhsa"
define amdgpu_kernel void @k(ptr addrspace(1) %o) {
  %v = call i32 asm "buffer_load_dword $0, $1, s[0:3], 0 offen", "=v,v"(i32 0)
  store i32 %v, ptr addrspace(1) %o
  ret void
}
;--- wide.ll
target triple = "amdgcn-amd-amdhsa"
define amdgpu_kernel void @k(ptr addrspace(1) %p) {
  %v = load <512 x i8>, ptr addrspace(1) %p, align 256
  %w = add <512 x i8> %v, %v
  store <512 x i8> %w, ptr addrspace(1) %p
  ret void
}
