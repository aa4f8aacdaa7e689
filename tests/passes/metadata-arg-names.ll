; Kernel argument names go into the code object metadata as YAML strings
; tagged !str: a bare n, y or null would read as a boolean or null and
; llvm-mc would reject the metadata ("invalid HSA metadata").
; RUN: %wavecc %s -S -o - | FileCheck %s
; RUN: %wavecc %s -o %t.hsaco
; CHECK: .name: !str "n"
; CHECK: .name: !str "y"
; CHECK: .name: !str "null"
target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @k(i32 %n, i32 %y, ptr addrspace(1) %null) {
  %s = add i32 %n, %y
  store i32 %s, ptr addrspace(1) %null
  ret void
}
