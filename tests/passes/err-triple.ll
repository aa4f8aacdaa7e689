; A module for another target is refused, naming the triple.
; RUN: rm -f %t.o
; RUN: %not %wavecc %s -o %t.o 2>&1 | FileCheck %s
; RUN: %not test -e %t.o
; CHECK: err-triple.ll: error: unsupported target triple 'x86_64-unknown-linux-gnu' (wavecc compiles for amdgcn-amd-amdhsa)
target triple = "x86_64-unknown-linux-gnu"
define void @k(ptr %p) {
  store i32 0, ptr %p
  ret void
}
