; nary-reassociate (llc-19's pre-selection pass run by wavecc): (a + b) + c
; after a + c is reassociated to reuse it: (a + c) + b.
; RUN: %wavecc-opt -llvm-passes='function(nary-reassociate)' %s | FileCheck %s
target triple = "amdgcn-amd-amdhsa"

; CHECK-LABEL: define amdgpu_kernel void @k(
; CHECK: %ac = add i32 %a, %c
; CHECK: add i32 %ac, %b
define amdgpu_kernel void @k(ptr addrspace(1) %p, i32 %a, i32 %b, i32 %c) {
  %ac = add i32 %a, %c
  store volatile i32 %ac, ptr addrspace(1) %p
  %ab = add i32 %a, %b
  %abc = add i32 %ab, %c
  store volatile i32 %abc, ptr addrspace(1) %p
  ret void
}
