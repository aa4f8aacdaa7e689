; Kernel and argument names go into the code object metadata as YAML
; strings with an explicit !str tag (issue 13): unquoted, "n", "yes",
; "true", "off", "0x10", "123", "-" or "a: b" were read as booleans,
; numbers, or a mapping, and llvm-mc rejected the metadata ("invalid HSA
; metadata"). The assembly must assemble, and every name survive.
; RUN: %wavecc %s -S -o %t.s
; RUN: %llvm-mc -triple=amdgcn-amd-amdhsa -mcpu=gfx900 -filetype=obj %t.s -o %t.o
; RUN: FileCheck %s < %t.s
; CHECK: .name: !str "n"
; CHECK: .name: !str "y"
; CHECK: .name: !str "no"
; CHECK: .name: !str "true"
; CHECK: .name: !str "off"
; CHECK: .name: !str "0x10"
; CHECK: .name: !str "-"
; CHECK: .name: !str "a: b"
; CHECK: .name: !str "123"
; CHECK: .name: !str "q\"uote"
; CHECK: .name: !str "yes"
; CHECK: .symbol: !str "yes.kd"
target triple = "amdgcn-amd-amdhsa"
define amdgpu_kernel void @yes(ptr addrspace(1) %n, i32 %y, i32 %no, i32 %true, i32 %off, i32 %"0x10", i32 %"-", i32 %"a: b", i32 %"123", i32 %"q\22uote") {
  %s1 = add i32 %y, %no
  %s2 = add i32 %s1, %true
  %s3 = add i32 %s2, %off
  %s4 = add i32 %s3, %"0x10"
  %s5 = add i32 %s4, %"-"
  %s6 = add i32 %s5, %"a: b"
  %s7 = add i32 %s6, %"123"
  %s8 = add i32 %s7, %"q\22uote"
  store i32 %s8, ptr addrspace(1) %n
  ret void
}
