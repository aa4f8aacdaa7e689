; Atomics take their address as loads and stores do (isel_vector_address):
; a uniform base + a divergent index proven below 2^32 / size is the SGPR
; base + 32-bit VGPR offset form (saddr), and a GEP's constant goes in the
; offset field (global_atomic's signed one, ds_<op>'s 16-bit one), as
; llc-19 selects them on every GPU here (same instructions and operand
; forms, checked by hand against llc-19 -mcpu=gfx900/gfx1030/gfx1100/
; gfx90a/gfx942). On main ba3ab87 every global atomic built a 64-bit
; address (v_mad_u64_u32 / v_add_co pairs) and took "off", and no atomic
; used the offset field (bench/real/hist_global: 4 atomics, 1.068x
; llc-19's executed wave-instructions).
; RUN: %wavecc -mcpu=gfx900 -filetype=asm %s -o - | FileCheck %s --check-prefixes=CHECK,GFX9
; RUN: %wavecc -mcpu=gfx90a -filetype=asm %s -o - | FileCheck %s --check-prefixes=CHECK,GFX9
; RUN: %wavecc -mcpu=gfx942 -filetype=asm %s -o - | FileCheck %s --check-prefixes=CHECK,GFX9
; RUN: %wavecc -mcpu=gfx1030 -filetype=asm %s -o - | FileCheck %s --check-prefixes=CHECK,GFX9
; RUN: %wavecc -mcpu=gfx1100 -filetype=asm %s -o - | FileCheck %s --check-prefixes=CHECK,GFX11
; RUN: %wavecc -mcpu=gfx900 --assembler=check %s -o %t.o
; RUN: %wavecc -mcpu=gfx1100 --assembler=check %s -o %t.o
; RUN: %wavecc -mcpu=gfx942 --assembler=check %s -o %t.o

target triple = "amdgcn-amd-amdhsa"

; CHECK-LABEL: hist:
; CHECK-NOT: v_mad_u64_u32
; CHECK-NOT: v_add_co
; GFX9: global_atomic_add v{{[0-9]+}}, v{{[0-9]+}}, s[{{[0-9]+}}:{{[0-9]+}}]{{$}}
; GFX11: global_atomic_add_u32 v{{[0-9]+}}, v{{[0-9]+}}, s[{{[0-9]+}}:{{[0-9]+}}]{{$}}
; CHECK: s_endpgm
define amdgpu_kernel void @hist(ptr addrspace(1) %w, ptr addrspace(1) %h) {
  %i = call i32 @llvm.amdgcn.workitem.id.x()
  %ip = getelementptr inbounds i32, ptr addrspace(1) %w, i32 %i
  %v = load i32, ptr addrspace(1) %ip, align 4
  %b = and i32 %v, 63
  %bz = zext nneg i32 %b to i64
  %p = getelementptr inbounds i32, ptr addrspace(1) %h, i64 %bz
  %r = atomicrmw add ptr addrspace(1) %p, i32 1 syncscope("agent") monotonic, align 4
  ret void
}

; A returning atomic 64 bytes on, and a cmpxchg on the same base.
; CHECK-LABEL: offs:
; GFX9: global_atomic_umax v{{[0-9]+}}, v{{[0-9]+}}, v{{[0-9]+}}, s[{{[0-9]+}}:{{[0-9]+}}] offset:64 {{glc|sc0}}{{$}}
; GFX9: global_atomic_cmpswap v{{[0-9]+}}, v{{[0-9]+}}, v[{{[0-9]+}}:{{[0-9]+}}], s[{{[0-9]+}}:{{[0-9]+}}] {{glc|sc0}}{{$}}
; GFX11: global_atomic_max_u32 v{{[0-9]+}}, v{{[0-9]+}}, v{{[0-9]+}}, s[{{[0-9]+}}:{{[0-9]+}}] offset:64 glc{{$}}
; GFX11: global_atomic_cmpswap_b32 v{{[0-9]+}}, v{{[0-9]+}}, v[{{[0-9]+}}:{{[0-9]+}}], s[{{[0-9]+}}:{{[0-9]+}}] glc{{$}}
define amdgpu_kernel void @offs(ptr addrspace(1) %h, ptr addrspace(1) %o) {
  %i = call i32 @llvm.amdgcn.workitem.id.x()
  %iz = zext nneg i32 %i to i64
  %p = getelementptr inbounds i32, ptr addrspace(1) %h, i64 %iz
  %q = getelementptr inbounds i8, ptr addrspace(1) %p, i64 64
  %r = atomicrmw umax ptr addrspace(1) %q, i32 %i syncscope("agent") monotonic, align 4
  %c = cmpxchg ptr addrspace(1) %p, i32 %r, i32 7 syncscope("agent") monotonic monotonic, align 4
  %x = extractvalue { i32, i1 } %c, 0
  %op = getelementptr inbounds i32, ptr addrspace(1) %o, i64 %iz
  store i32 %x, ptr addrspace(1) %op, align 4
  ret void
}

; A 64-bit atomic and a negative offset (global's field is signed).
; CHECK-LABEL: x2:
; GFX9: global_atomic_add_x2 v{{[0-9]+}}, v[{{[0-9]+}}:{{[0-9]+}}], s[{{[0-9]+}}:{{[0-9]+}}] offset:-8{{$}}
; GFX11: global_atomic_add_u64 v{{[0-9]+}}, v[{{[0-9]+}}:{{[0-9]+}}], s[{{[0-9]+}}:{{[0-9]+}}] offset:-8{{$}}
define amdgpu_kernel void @x2(ptr addrspace(1) %h) {
  %i = call i32 @llvm.amdgcn.workitem.id.x()
  %iz = zext nneg i32 %i to i64
  %p = getelementptr inbounds i64, ptr addrspace(1) %h, i64 %iz
  %q = getelementptr inbounds i8, ptr addrspace(1) %p, i64 -8
  %r = atomicrmw add ptr addrspace(1) %q, i64 1 syncscope("agent") monotonic, align 8
  ret void
}

; Generic memory: flat_atomic's unsigned field, shared with the load.
; CHECK-LABEL: flat_off:
; CHECK: flat_load_{{dword|b32}} v{{[0-9]+}}, v[{{[0-9]+}}:{{[0-9]+}}] offset:20{{$}}
; CHECK: flat_atomic_add{{(_u32)?}} v{{[0-9]+}}, v[{{[0-9]+}}:{{[0-9]+}}], v{{[0-9]+}} offset:20 {{glc|sc0}}{{$}}
define amdgpu_kernel void @flat_off(ptr %p, ptr addrspace(1) %q) {
  %i = call i32 @llvm.amdgcn.workitem.id.x()
  %a = getelementptr i32, ptr %p, i32 %i
  %b = getelementptr i32, ptr %a, i32 5
  %v = load i32, ptr %b
  %r = atomicrmw add ptr %b, i32 %v syncscope("agent") monotonic
  store i32 %r, ptr addrspace(1) %q
  ret void
}

@lds = internal addrspace(3) global [64 x i32] undef, align 4

; LDS: the DS offset field.
; CHECK-LABEL: lds_off:
; CHECK: ds_add_rtn_u32 v{{[0-9]+}}, v{{[0-9]+}}, v{{[0-9]+}} offset:128{{$}}
define amdgpu_kernel void @lds_off(ptr addrspace(1) %o) {
  %i = call i32 @llvm.amdgcn.workitem.id.x()
  %b = and i32 %i, 15
  %p = getelementptr inbounds [64 x i32], ptr addrspace(3) @lds, i32 0, i32 %b
  %q = getelementptr inbounds i8, ptr addrspace(3) %p, i32 128
  %r = atomicrmw add ptr addrspace(3) %q, i32 1 syncscope("workgroup") monotonic, align 4
  %op = getelementptr inbounds i32, ptr addrspace(1) %o, i32 %i
  store i32 %r, ptr addrspace(1) %op, align 4
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
