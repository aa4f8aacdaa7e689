; Loads through a 32-bit constant pointer at constant offsets from one base
; (tests/kernels/f_constant32_load.ll, 1.33-1.41x llc-19's executed
; wave-instructions at every GPU in session 20): an inbounds getelementptr
; on the 32-bit pointer stays a getelementptr on the 64-bit address, so
; the offsets fold into the SMEM immediate (global: the instruction's
; offset) and the loads share one base, as llc-19 selects them; the base's
; high dword is the pair (low dword, H) with no s_or_b64; and the test of
; the 64-bit address's high dword is one s_cmp_eq_u32. Before: an s_add_u32,
; s_mov_b32 and s_or_b64 per load, an s_and_b64 and s_cmp_eq_u64.
; RUN: %wavecc-opt -ir-pass=cast-through-integers %s | FileCheck %s --check-prefix=IR
; RUN: %wavecc -mcpu=gfx900 -filetype=asm %s -o - | FileCheck %s
; RUN: %wavecc -mcpu=gfx1100 -filetype=asm %s -o - | FileCheck %s --check-prefix=GFX11
target triple = "amdgcn-amd-amdhsa"

; IR-LABEL: define amdgpu_kernel void @k(
; IR: %[[Z:[0-9]+]] = zext i32 %{{.*}} to i64
; IR-NEXT: %[[O:[0-9]+]] = or i64 %[[Z]], 4294967296
; IR-NEXT: %[[B:[0-9]+]] = inttoptr i64 %[[O]] to ptr addrspace(4)
; IR-NEXT: %[[G:[0-9]+]] = getelementptr inbounds i32, ptr addrspace(4) %[[B]], i32 1
; IR-NEXT: load i32, ptr addrspace(4) %[[G]], align 4
; CHECK-LABEL: k:
; CHECK: s_load_dwordx4 s{{\[}}[[LO:[0-9]+]]:{{[0-9]+}}], s[0:1], 0x0
; CHECK-NOT: s_or_b64
; CHECK-NOT: s_add_u32
; CHECK: s_mov_b32 s[[BL:[0-9]+]], s[[LO]]
; CHECK-NEXT: s_mov_b32 s[[BH:[0-9]+]], 1
; CHECK-NEXT: s_load_dword s{{[0-9]+}}, s[[[BL]]:[[BH]]], 0x4
; CHECK-NEXT: s_load_dword s{{[0-9]+}}, s[[[BL]]:[[BH]]], 0xc
; CHECK-NOT: s_and_b64
; CHECK: s_cmp_eq_u32 s{{[0-9]+}}, 1
; CHECK: s_endpgm
; GFX11-LABEL: k:
; GFX11-NOT: s_or_b64
; GFX11: s_load_b32 s{{[0-9]+}}, s[[[BL:[0-9]+]]:[[BH:[0-9]+]]], 0x4
; GFX11-NEXT: s_load_b32 s{{[0-9]+}}, s[[[BL]]:[[BH]]], 0xc
; GFX11: s_cmp_eq_u32 s{{[0-9]+}}, 1
define amdgpu_kernel void @k(ptr addrspace(4) %in, ptr addrspace(1) %out) #0 {
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %a = ptrtoint ptr addrspace(4) %in to i64
  %hi = lshr i64 %a, 32
  %lo = trunc i64 %a to i32
  %p6 = inttoptr i32 %lo to ptr addrspace(6)
  %g = getelementptr inbounds i32, ptr addrspace(6) %p6, i32 1
  %v0 = load i32, ptr addrspace(6) %g, align 4
  %g3 = getelementptr inbounds i32, ptr addrspace(6) %p6, i32 3
  %u = load i32, ptr addrspace(6) %g3, align 4
  %s = add i32 %v0, %u
  %ok = icmp eq i64 %hi, 1
  %r = select i1 %ok, i32 %s, i32 -1
  %o = getelementptr inbounds i32, ptr addrspace(1) %out, i32 %t
  store i32 %r, ptr addrspace(1) %o, align 4
  ret void
}

; A getelementptr without inbounds may wrap 32 bits: it stays 32-bit
; arithmetic before the zero-extension.
; IR-LABEL: define amdgpu_kernel void @wraps(
; IR: getelementptr i32, ptr addrspace(6)
; IR: ptrtoint ptr addrspace(6)
; CHECK-LABEL: wraps:
; CHECK: s_add_{{[iu]}}32
define amdgpu_kernel void @wraps(ptr addrspace(6) %p6, ptr addrspace(1) %out) #0 {
  %g = getelementptr i32, ptr addrspace(6) %p6, i32 1
  %v = load i32, ptr addrspace(6) %g, align 4
  store i32 %v, ptr addrspace(1) %out, align 4
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()

attributes #0 = { "amdgpu-32bit-address-high-bits"="1" }
