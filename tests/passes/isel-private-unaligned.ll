; Private memory is interleaved per dword between the lanes of a wave, so
; a scratch access that is not aligned to its size must not be one dword
; access (it would read a neighbour lane's bytes): isel splits it into
; pieces of its alignment, reassembled with v_lshl_or_b32 (loads) or
; shifted down to each piece (stores). Aligned accesses stay whole.
; RUN: %wavecc %s -S -o - | FileCheck %s
target triple = "amdgcn-amd-amdhsa"

declare i32 @llvm.amdgcn.workitem.id.x()

; CHECK-LABEL: k_load_align1:
; CHECK-NOT: buffer_load_dword
; (the four loads issue together: sched-loads)
; CHECK: buffer_load_ubyte {{v[0-9]+}}, [[A:v[0-9]+]], s[0:3], {{s[0-9]+}} offen{{$}}
; CHECK-NEXT: buffer_load_ubyte {{v[0-9]+}}, [[A]], s[0:3], {{s[0-9]+}} offen offset:1
; CHECK-NEXT: buffer_load_ubyte {{v[0-9]+}}, [[A]], s[0:3], {{s[0-9]+}} offen offset:2
; the last overwrites the clause's address: s_nop 0 ends the soft clause
; first (XNACK replay, target ID xnack any)
; CHECK-NEXT: s_nop 0
; CHECK-NEXT: buffer_load_ubyte {{v[0-9]+}}, [[A]], s[0:3], {{s[0-9]+}} offen offset:3
; CHECK: v_lshl_or_b32 {{v[0-9]+}}, {{v[0-9]+}}, 8,
; CHECK: v_lshl_or_b32 {{v[0-9]+}}, {{v[0-9]+}}, 16,
; CHECK: v_lshl_or_b32 {{v[0-9]+}}, {{v[0-9]+}}, 24,
; CHECK-NOT: buffer_load_dword
; CHECK: s_endpgm
define amdgpu_kernel void @k_load_align1(ptr addrspace(1) %out) {
  %p = alloca [16 x i8], align 4, addrspace(5)
  %id = call i32 @llvm.amdgcn.workitem.id.x()
  %o = and i32 %id, 7
  %q = getelementptr i8, ptr addrspace(5) %p, i32 %o
  store volatile i32 0, ptr addrspace(5) %p, align 4
  %v = load <4 x i8>, ptr addrspace(5) %q, align 1
  store <4 x i8> %v, ptr addrspace(1) %out, align 4
  ret void
}

; A 2-aligned <2 x i16> goes as two shorts; the second is the high half.
; The loaded dword is stored as it is (no repacking of its halves).
; CHECK-LABEL: k_store_align2:
; CHECK: global_load_dword [[LO:v[0-9]+]]
; CHECK-NOT: v_lshl_or_b32
; CHECK: v_lshrrev_b32_e32 [[HI:v[0-9]+]], 16, [[LO]]
; CHECK-NEXT: buffer_store_short [[LO]], [[A:v[0-9]+]], s[0:3], {{s[0-9]+}} offen{{$}}
; CHECK-NEXT: buffer_store_short [[HI]], [[A]], s[0:3], {{s[0-9]+}} offen offset:2
; CHECK-NOT: buffer_store_dword
; CHECK: s_endpgm
define amdgpu_kernel void @k_store_align2(ptr addrspace(1) %in, ptr addrspace(1) %out) {
  %p = alloca [16 x i16], align 4, addrspace(5)
  %id = call i32 @llvm.amdgcn.workitem.id.x()
  %o = and i32 %id, 7
  %q = getelementptr i16, ptr addrspace(5) %p, i32 %o
  %v = load <2 x i16>, ptr addrspace(1) %in, align 4
  store <2 x i16> %v, ptr addrspace(5) %q, align 2
  %r = load volatile i16, ptr addrspace(5) %p, align 4
  store i16 %r, ptr addrspace(1) %out, align 2
  ret void
}

; An aligned dword stays one buffer_load_dword.
; CHECK-LABEL: k_aligned:
; CHECK: buffer_load_dword
; CHECK-NOT: buffer_load_ubyte
; CHECK: s_endpgm
define amdgpu_kernel void @k_aligned(ptr addrspace(1) %out) {
  %p = alloca [16 x i32], align 4, addrspace(5)
  %id = call i32 @llvm.amdgcn.workitem.id.x()
  %o = and i32 %id, 7
  %q = getelementptr i32, ptr addrspace(5) %p, i32 %o
  store volatile i32 0, ptr addrspace(5) %p, align 4
  %v = load <4 x i8>, ptr addrspace(5) %q, align 4
  store <4 x i8> %v, ptr addrspace(1) %out, align 4
  ret void
}
