; wavecc inlines every call; recursion cannot be inlined and is named.
; RUN: rm -f %t.o
; RUN: %not %wavecc %s -o %t.o 2>&1 | FileCheck %s
; RUN: %not test -e %t.o
; CHECK: err-recursion.ll: fact: error: recursion is not supported (function 'fact' calls itself through 'fact')
target triple = "amdgcn-amd-amdhsa"
define i32 @fact(i32 %n) noinline {
  %c = icmp ult i32 %n, 2
  br i1 %c, label %one, label %rec
one:
  ret i32 1
rec:
  %m = sub i32 %n, 1
  %r = call i32 @fact(i32 %m)
  %p = mul i32 %n, %r
  ret i32 %p
}
define amdgpu_kernel void @k(ptr addrspace(1) %out, i32 %n) {
  %r = call i32 @fact(i32 %n)
  store i32 %r, ptr addrspace(1) %out
  ret void
}
