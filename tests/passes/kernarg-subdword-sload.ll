; Kernel arguments the selector takes from memory (vectors of i1, odd
; widths, struct members) whose bytes lie inside one dword are read with
; s_load_dword of that dword and a shift, as llc-19's
; AMDGPULowerKernelArguments reads arguments under 4 bytes; an i8-aligned
; <2 x i1> at offset 9 was a global_load_ubyte (VMEM: hundreds of cycles
; before its first use; f_args_odd_types v2i1). Fails on main (ee7898a).
; RUN: %wavecc -mcpu=gfx900 -filetype=asm %s -o - | FileCheck %s
; RUN: %wavecc -mcpu=gfx1100 -filetype=asm %s -o - | FileCheck %s
target triple = "amdgcn-amd-amdhsa"

; CHECK-LABEL: v2i1:
; CHECK-NOT: global_load
; CHECK: s_load_{{dword|b32}} s{{[0-9]+}}, s[{{[0-9]+:[0-9]+}}], 0x8
; CHECK-NOT: global_load
; CHECK: global_store_{{dwordx4|b128}}
define amdgpu_kernel void @v2i1(ptr addrspace(1) %out, i8 %pad, <2 x i1> %a, <2 x i1> %b) {
  %c = shufflevector <2 x i1> %a, <2 x i1> %b, <4 x i32> <i32 0, i32 1, i32 2, i32 3>
  %z = zext <4 x i1> %c to <4 x i32>
  store <4 x i32> %z, ptr addrspace(1) %out
  ret void
}

; a struct's i8 and i16 members at offsets 9 and 10
; CHECK-LABEL: small_members:
; CHECK-NOT: global_load
; CHECK: global_store_{{dword|b32}}
define amdgpu_kernel void @small_members(ptr addrspace(1) %out, i8 %pad, {i8, i16} %s) {
  %a = extractvalue {i8, i16} %s, 0
  %b = extractvalue {i8, i16} %s, 1
  %a32 = zext i8 %a to i32
  %b32 = zext i16 %b to i32
  %r = add i32 %a32, %b32
  store i32 %r, ptr addrspace(1) %out
  ret void
}
