; The load-store vectoriser asks the TTI model whether an access below its
; natural alignment is allowed (tti_model.cpp allowsMisalignedMemoryAccesses).
; llc-19's answer on every GFX9+ processor under HSA: global memory at any
; alignment, flat and LDS only when naturally aligned. So two i16 global
; stores at align 2 become one dword store (llc-19: v_perm_b32 +
; global_store_dword; tests/kernels/f_subdword_memory.cl, before: two
; global_store_short), two i8 at align 1 one short store, and two i32 at
; align 2 one dwordx2; the flat and LDS pairs stay apart.
; RUN: %wavecc -mcpu=gfx900 %s -S -o - | FileCheck %s
; RUN: %wavecc -mcpu=gfx1030 %s -S -o - | FileCheck %s
target triple = "amdgcn-amd-amdhsa"

; CHECK-LABEL: g16:
; CHECK: global_store_dword v
; CHECK-NOT: global_store
; CHECK: s_endpgm
define amdgpu_kernel void @g16(ptr addrspace(1) %p, i16 %a, i16 %b) {
  store i16 %a, ptr addrspace(1) %p, align 2
  %q = getelementptr i16, ptr addrspace(1) %p, i32 1
  store i16 %b, ptr addrspace(1) %q, align 2
  ret void
}

; CHECK-LABEL: g8:
; CHECK: global_store_short v
; CHECK-NOT: global_store
; CHECK: s_endpgm
define amdgpu_kernel void @g8(ptr addrspace(1) %p, i8 %a, i8 %b) {
  store i8 %a, ptr addrspace(1) %p, align 1
  %q = getelementptr i8, ptr addrspace(1) %p, i32 1
  store i8 %b, ptr addrspace(1) %q, align 1
  ret void
}

; CHECK-LABEL: g32:
; CHECK: global_store_dwordx2 v
; CHECK-NOT: global_store
; CHECK: s_endpgm
define amdgpu_kernel void @g32(ptr addrspace(1) %p, i32 %a, i32 %b) {
  store i32 %a, ptr addrspace(1) %p, align 2
  %q = getelementptr i32, ptr addrspace(1) %p, i32 1
  store i32 %b, ptr addrspace(1) %q, align 2
  ret void
}

; CHECK-LABEL: f16:
; CHECK: flat_store_short
; CHECK: flat_store_short
; CHECK: s_endpgm
define amdgpu_kernel void @f16(ptr %p, i16 %a, i16 %b) {
  store i16 %a, ptr %p, align 2
  %q = getelementptr i16, ptr %p, i32 1
  store i16 %b, ptr %q, align 2
  ret void
}

; CHECK-LABEL: l16:
; CHECK: ds_write_b16
; CHECK: ds_write_b16
; CHECK: s_endpgm
define amdgpu_kernel void @l16(ptr addrspace(3) %p, i16 %a, i16 %b) {
  store i16 %a, ptr addrspace(3) %p, align 2
  %q = getelementptr i16, ptr addrspace(3) %p, i32 1
  store i16 %b, ptr addrspace(3) %q, align 2
  ret void
}
