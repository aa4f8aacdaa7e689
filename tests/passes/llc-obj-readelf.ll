; wavecc -filetype=obj called as llc-19 (issue 31) writes the object llc-19
; writes for the same IR, as far as linking goes: both are relocatable
; (ET_REL, same e_flags) and `llvm-readelf-19 -s -r` shows the same global
; symbols (kernels FUNC GLOBAL PROTECTED, NAME.kd OBJECT, exported
; functions with their visibility, the undefined callee) and the same
; relocations against them (R_AMDGPU_REL32_LO/HI call pairs with llc's
; addends +4/+12, R_AMDGPU_REL64 from each descriptor to its kernel).
; Inputs/readelf-essentials.awk keeps those and leaves out offsets, sizes,
; local symbols and section-relative relocations (the code differs). On
; main wavecc's -filetype=obj wrote a linked shared object (kern.ll: an
; error, call to undefined function 'ext'; lib.ll: a module without
; kernels is written only as assembly), and `define hidden` was exported
; with default visibility.
; RUN: rm -rf %t && split-file %s %t
; RUN: %wavecc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx900 -filetype=obj %t/kern.ll -o %t/kern-w.o
; RUN: %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx900 -filetype=obj %t/kern.ll -o %t/kern-l.o
; RUN: %llvm-readelf -s -r %t/kern-w.o | awk -f %S/Inputs/readelf-essentials.awk | sort > %t/kern-w.txt
; RUN: %llvm-readelf -s -r %t/kern-l.o | awk -f %S/Inputs/readelf-essentials.awk | sort > %t/kern-l.txt
; RUN: diff %t/kern-w.txt %t/kern-l.txt
; RUN: FileCheck %s --check-prefix=KERN < %t/kern-w.txt
; RUN: %llvm-readelf -h %t/kern-w.o | FileCheck %s --check-prefix=HDR
; RUN: %llvm-readelf -h %t/kern-l.o | FileCheck %s --check-prefix=HDR
; RUN: %wavecc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx900 -filetype=obj %t/lib.ll -o %t/lib-w.o
; RUN: %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx900 -filetype=obj %t/lib.ll -o %t/lib-l.o
; RUN: %llvm-readelf -s -r %t/lib-w.o | awk -f %S/Inputs/readelf-essentials.awk | sort > %t/lib-w.txt
; RUN: %llvm-readelf -s -r %t/lib-l.o | awk -f %S/Inputs/readelf-essentials.awk | sort > %t/lib-l.txt
; RUN: diff %t/lib-w.txt %t/lib-l.txt
; RUN: FileCheck %s --check-prefix=LIB < %t/lib-w.txt
; Each mix links (no undefined symbol left).
; RUN: %ld.lld -shared --no-undefined %t/kern-w.o %t/lib-l.o -o %t/wl.hsaco
; RUN: %ld.lld -shared --no-undefined %t/kern-l.o %t/lib-w.o -o %t/lw.hsaco
; RUN: %ld.lld -shared --no-undefined %t/kern-w.o %t/lib-w.o -o %t/ww.hsaco
; HDR: Type: REL (Relocatable file)
; HDR: Machine: EM_AMDGPU
; HDR: Flags: 0x12C, gfx900, xnack
; KERN: reloc R_AMDGPU_REL32_HI ext + c
; KERN: reloc R_AMDGPU_REL32_LO ext + 4
; KERN: reloc R_AMDGPU_REL64 k1 + 10
; KERN: reloc R_AMDGPU_REL64 k2 + 10
; KERN: sym FUNC GLOBAL PROTECTED defined k1
; KERN: sym FUNC GLOBAL PROTECTED defined k2
; KERN: sym NOTYPE GLOBAL HIDDEN UND ext
; KERN: sym OBJECT GLOBAL DEFAULT defined k1.kd
; KERN: sym OBJECT GLOBAL DEFAULT defined k2.kd
; LIB: reloc R_AMDGPU_REL32_HI ext + c
; LIB: reloc R_AMDGPU_REL32_HI hid + c
; LIB: sym FUNC GLOBAL DEFAULT defined uses
; LIB: sym FUNC GLOBAL HIDDEN defined ext
; LIB: sym FUNC GLOBAL HIDDEN defined hid

;--- kern.ll
target triple = "amdgcn-amd-amdhsa"
declare hidden i32 @ext(i32)
define internal i32 @helper(i32 %x) noinline {
  %y = mul i32 %x, 7
  ret i32 %y
}
define amdgpu_kernel void @k1(ptr addrspace(1) %out) {
  %lid = call i32 @llvm.amdgcn.workitem.id.x()
  %e = call i32 @ext(i32 %lid)
  %h = call i32 @helper(i32 %e)
  %po = getelementptr i32, ptr addrspace(1) %out, i32 %lid
  store i32 %h, ptr addrspace(1) %po
  ret void
}
define amdgpu_kernel void @k2(ptr addrspace(1) %out) {
  %lid = call i32 @llvm.amdgcn.workitem.id.x()
  %po = getelementptr i32, ptr addrspace(1) %out, i32 %lid
  store i32 %lid, ptr addrspace(1) %po
  ret void
}
declare i32 @llvm.amdgcn.workitem.id.x()

;--- lib.ll
target triple = "amdgcn-amd-amdhsa"
define hidden i32 @hid(i32 %x) noinline {
  %y = mul i32 %x, 7
  ret i32 %y
}
define hidden i32 @ext(i32 %x) noinline {
  %y = add i32 %x, 9
  %z = call i32 @hid(i32 %y)
  ret i32 %z
}
define internal i32 @loc(i32 %x) noinline {
  %y = add i32 %x, 1
  ret i32 %y
}
define i32 @uses(i32 %x) noinline {
  %a = call i32 @loc(i32 %x)
  %b = call i32 @ext(i32 %a)
  ret i32 %b
}
