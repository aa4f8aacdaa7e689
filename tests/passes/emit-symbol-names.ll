; Symbol names in the assembly text (issue 22): -S wrote them bare, so
; "a b", "k'x", "-" and "1e3" gave assembly llvm-mc rejects, and a name
; holding "\0A\09s_endpgm" put a line of its own into the .s file. Names
; that are not plain identifiers are quoted as llc-19 does, with '"', '\'
; and control bytes escaped (\ooo) so that nothing ends the string or the
; line; the local labels built from a name are quoted too. llc-19 itself
; writes ".amdhsa_kernel a b" and a bare 1e3, which llvm-mc rejects.
; RUN: %wavecc %s -S -o %t.s
; RUN: %llvm-mc -triple=amdgcn-amd-amdhsa -mcpu=gfx900 -filetype=obj %t.s -o %t.o
; RUN: FileCheck %s < %t.s
; The builtin ELF writer keeps each name's own bytes (f_symbol_names.ll
; runs kernels by such names).
; RUN: %wavecc %s -o %t.hsaco
; CHECK-LABEL: "a b":
; CHECK: ".La b_BB0":
; CHECK: s_add_u32 s{{[0-9]+}}, s{{[0-9]+}}, "f n"@rel32@lo+4
; CHECK: s_addc_u32 s{{[0-9]+}}, s{{[0-9]+}}, "f n"@rel32@hi+12
; CHECK: .size "a b", ".La b_end"-"a b"
; CHECK: .amdhsa_kernel "a b"
; CHECK: .globl "k'x"
; CHECK: .amdhsa_kernel "k'x"
; CHECK: .globl "-"
; CHECK: .amdhsa_kernel "-"
; CHECK: .globl "1e3"
; CHECK: .L1e3_BB0:
; CHECK: .amdhsa_kernel "1e3"
; CHECK: .globl "q\"\\z\012\011s_endpgm"
; CHECK: "q\"\\z\012\011s_endpgm":
; CHECK: .amdhsa_kernel "q\"\\z\012\011s_endpgm"
; CHECK: .type "f n",@function
; CHECK: "f n":
; CHECK: .size "f n", ".Lf n_end"-"f n"
; The injected text never starts a line of its own.
; CHECK-NOT: {{^[[:space:]]*s_endpgm"}}
; CHECK: .name: !str "a b"
; CHECK: .symbol: !str "a b.kd"
; CHECK: .name: !str "q\"\\z\x0a\x09s_endpgm"
target triple = "amdgcn-amd-amdhsa"

define internal i32 @"f n"(i32 %x) noinline {
  %y = mul i32 %x, 3
  ret i32 %y
}

define amdgpu_kernel void @"a b"(ptr addrspace(1) %o, i32 %i) {
  %v = call i32 @"f n"(i32 %i)
  store i32 %v, ptr addrspace(1) %o
  ret void
}
define amdgpu_kernel void @"k'x"(ptr addrspace(1) %o) {
  store i32 2, ptr addrspace(1) %o
  ret void
}
define amdgpu_kernel void @"-"(ptr addrspace(1) %o) {
  store i32 3, ptr addrspace(1) %o
  ret void
}
define amdgpu_kernel void @"1e3"(ptr addrspace(1) %o) {
  store i32 4, ptr addrspace(1) %o
  ret void
}
define amdgpu_kernel void @"q\22\5Cz\0A\09s_endpgm"(ptr addrspace(1) %o) {
  store i32 5, ptr addrspace(1) %o
  ret void
}
