; Loads through 32-bit constant pointers (ptr addrspace(6); LLVM 19's
; widen-smrd-loads.ll widen_i16_constant32_load): the pointer, zero-extended
; with the high dword from "amdgpu-32bit-address-high-bits" (0 when absent),
; is a constant-memory address, as llc-19 forms it (s_mov_b32 s1, H). The
; kernel argument is a 4-byte global_buffer. Fails on main (2d91fb4):
; "unsupported kernel argument address space".
; RUN: %wavecc-opt -ir-pass=cast-through-integers %s | FileCheck %s --check-prefix=IR
; RUN: %wavecc -mcpu=gfx900 -filetype=asm %s -o - | FileCheck %s
; RUN: %wavecc -mcpu=gfx1100 -filetype=asm %s -o - | FileCheck %s --check-prefix=GFX11
target triple = "amdgcn-amd-amdhsa"

; IR-LABEL: define amdgpu_kernel void @k(
; IR: %[[I:[0-9]+]] = ptrtoint ptr addrspace(6) %arg to i32
; IR-NEXT: %[[Z:[0-9]+]] = zext i32 %[[I]] to i64
; IR-NEXT: %[[P:[0-9]+]] = inttoptr i64 %[[Z]] to ptr addrspace(4)
; IR-NEXT: load i32, ptr addrspace(4) %[[P]], align 4
; CHECK-LABEL: k:
; CHECK: s_load_dword s[[LO:[0-9]+]], s[0:1], 0x0
; CHECK: s_mov_b32 s[[HI:[0-9]+]], 0
; CHECK: s_load_dword s{{[0-9]+}}, s[[[LO]]:[[HI]]], 0x0
; GFX11-LABEL: k:
; GFX11: s_load_b32
define amdgpu_kernel void @k(ptr addrspace(6) %arg, ptr addrspace(1) %out) {
  %load = load i32, ptr addrspace(6) %arg, align 4
  store i32 %load, ptr addrspace(1) %out
  ret void
}

; IR-LABEL: define amdgpu_kernel void @high(
; IR: %[[I:[0-9]+]] = ptrtoint ptr addrspace(6) %arg to i32
; IR-NEXT: %[[Z:[0-9]+]] = zext i32 %[[I]] to i64
; IR-NEXT: %[[O:[0-9]+]] = or i64 %[[Z]], 4294967296
; IR-NEXT: inttoptr i64 %[[O]] to ptr addrspace(4)
; CHECK-LABEL: high:
; CHECK: s_mov_b32 s{{[0-9]+}}, 1
; The metadata: the 32-bit pointer argument is a 4-byte global_buffer.
; CHECK: - .args:
; CHECK-NEXT: - .name: !str "arg"
; CHECK-NEXT: .offset: 0
; CHECK-NEXT: .size: 4
; CHECK-NEXT: .value_kind: global_buffer
define amdgpu_kernel void @high(ptr addrspace(6) %arg, ptr addrspace(1) %out) #0 {
  %load = load volatile i16, ptr addrspace(6) %arg, align 2
  store i16 %load, ptr addrspace(1) %out
  ret void
}

attributes #0 = { "amdgpu-32bit-address-high-bits"="1" }
