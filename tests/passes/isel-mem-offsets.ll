; Immediate offsets (src/isel/isel_mem.c gep_folded_offset): the constant
; part of a GEP that only loads and stores use goes into their offset
; field when it fits every form the access may take: global_load/store
; -4096..4095 (13-bit signed), flat 0..4095, ds_read/write 0..65535,
; MUBUF scratch 0..4095, s_load (a constant or invariant global load may be
; scalar) 0..4095. With a use that is not a memory address, or for the
; last byte of an access beyond it, the constant is added in registers as
; before; past the range, a 64-bit pointer adds only the multiple of 4096
; below it and its accesses carry the rest (8000 = 4096 + 0xf40), so that
; nearby constants share one base.
; RUN: %wavecc --no-llc-ir-passes -O2 -S %s -o - | FileCheck %s
; CHECK-LABEL: {{^}}global:
; CHECK: global_load_dword {{v[0-9]+}}, v[[[P:[0-9]+]]:{{[0-9]+}}], off offset:4{{$}}
; CHECK: global_load_dword {{v[0-9]+}}, v[[[P]]:{{[0-9]+}}], off offset:4092{{$}}
; 4093 + 4 bytes is past 4095: added in registers
; CHECK: v_add_co_u32
; CHECK: global_load_dword {{v[0-9]+}}, v[{{[0-9]+:[0-9]+}}], off{{$}}
; CHECK: global_load_dword {{v[0-9]+}}, v[[[P]]:{{[0-9]+}}], off offset:-4{{$}}
; CHECK: global_store_dword v[[[P]]:{{[0-9]+}}], {{v[0-9]+}}, off offset:16{{$}}
; the pointer stored as a value needs its full value
; CHECK: v_add_co_u32_e64 {{v[0-9]+}}, {{s\[[0-9]+:[0-9]+\]}}, 32,
; CHECK: global_store_dwordx2 v[{{[0-9]+:[0-9]+}}], v[{{[0-9]+:[0-9]+}}], off{{$}}
; CHECK-LABEL: {{^}}lds:
; CHECK: ds_write_b32 [[L:v[0-9]+]], {{v[0-9]+}} offset:65532{{$}}
; CHECK: v_add_u32_e32 {{v[0-9]+}}, 0x10000, [[L]]
; CHECK: ds_read_b64 v[{{[0-9]+:[0-9]+}}], [[L]] offset:256{{$}}
; CHECK-LABEL: {{^}}scalar:
; CHECK-DAG: s_load_dword {{s[0-9]+}}, s[{{[0-9]+:[0-9]+}}], 0xc{{$}}
; CHECK: s_add_u32 {{s[0-9]+}}, {{s[0-9]+}}, 0x1000
; CHECK: s_load_dword {{s[0-9]+}}, s[{{[0-9]+:[0-9]+}}], 0xf40{{$}}
; CHECK-LABEL: {{^}}private:
; CHECK: buffer_store_dword [[V:v[0-9]+]], [[A:v[0-9]+]], s[0:3], s7 offen glc
; CHECK: buffer_store_dword [[V]], [[A]], s[0:3], s7 offen offset:8 glc
; CHECK: buffer_load_dword {{v[0-9]+}}, {{v[0-9]+}}, s[0:3], s7 offen offset:8 glc
; A uniform base plus a divergent index proven below 2^32 / size (here the
; work-item id, below 1024), used only as global addresses: SGPR base
; (saddr) and a 32-bit VGPR offset, no 64-bit address arithmetic.
; CHECK-LABEL: {{^}}saddr:
; CHECK-NOT: v_addc_co_u32
; CHECK: v_lshlrev_b32_e32 [[O:v[0-9]+]], 4,
; CHECK: global_load_dword {{v[0-9]+}}, [[O]], s[{{[0-9]+:[0-9]+}}] offset:-8{{$}}
; (one shift for both: cse)
; CHECK-NOT: v_lshlrev_b32
; CHECK: global_store_dword [[O]], {{v[0-9]+}}, s[{{[0-9]+:[0-9]+}}] offset:4{{$}}
; CHECK-NOT: v_addc_co_u32
; CHECK: s_endpgm
; the same with an index of unknown range keeps the 64-bit address, base +
; zext(index) * 16 in one v_mad_u64_u32 (isel_gep.c mad_index)
; CHECK-LABEL: {{^}}nosaddr:
; CHECK: v_mad_u64_u32 v[{{[0-9]+:[0-9]+}}], s[{{[0-9]+:[0-9]+}}], v{{[0-9]+}}, 16, s[{{[0-9]+:[0-9]+}}]{{$}}
; CHECK: global_load_dword {{v[0-9]+}}, v[{{[0-9]+:[0-9]+}}], off offset:-8{{$}}
target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @global(ptr addrspace(1) %p) {
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %e = zext i32 %t to i64
  %a = getelementptr float, ptr addrspace(1) %p, i64 %e
  %a1 = getelementptr inbounds i8, ptr addrspace(1) %a, i64 4
  %x = load float, ptr addrspace(1) %a1
  %a2 = getelementptr inbounds i8, ptr addrspace(1) %a, i64 4092
  %y = load float, ptr addrspace(1) %a2
  %a3 = getelementptr inbounds i8, ptr addrspace(1) %a, i64 4093
  %z = load float, ptr addrspace(1) %a3, align 1
  %a4 = getelementptr inbounds i8, ptr addrspace(1) %a, i64 -4
  %w = load float, ptr addrspace(1) %a4
  %s1 = fadd float %x, %y
  %s2 = fadd float %z, %w
  %s = fadd float %s1, %s2
  %a5 = getelementptr inbounds i8, ptr addrspace(1) %a, i64 16
  store float %s, ptr addrspace(1) %a5
  %a6 = getelementptr inbounds i8, ptr addrspace(1) %a, i64 32
  store ptr addrspace(1) %a6, ptr addrspace(1) %a6
  ret void
}

define amdgpu_kernel void @lds(ptr addrspace(1) %p, ptr addrspace(3) %l) {
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %lp = getelementptr float, ptr addrspace(3) %l, i32 %t
  %lp1 = getelementptr inbounds i8, ptr addrspace(3) %lp, i32 65532
  store float 1.0, ptr addrspace(3) %lp1
  %lp2 = getelementptr inbounds i8, ptr addrspace(3) %lp, i32 65536
  store float 2.0, ptr addrspace(3) %lp2
  %lp3 = getelementptr inbounds i8, ptr addrspace(3) %lp, i32 256
  %v = load <2 x float>, ptr addrspace(3) %lp3
  store <2 x float> %v, ptr addrspace(1) %p
  ret void
}

define amdgpu_kernel void @scalar(ptr addrspace(1) %p, ptr addrspace(4) %c) {
  %c1 = getelementptr inbounds i32, ptr addrspace(4) %c, i64 3
  %v = load i32, ptr addrspace(4) %c1
  %c2 = getelementptr inbounds i32, ptr addrspace(4) %c, i64 2000
  %w = load i32, ptr addrspace(4) %c2
  %s = add i32 %v, %w
  store i32 %s, ptr addrspace(1) %p
  ret void
}

define amdgpu_kernel void @private(ptr addrspace(1) %p, i32 %i) {
  %arr = alloca [8 x i32], addrspace(5)
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %q = getelementptr [8 x i32], ptr addrspace(5) %arr, i32 0, i32 %i
  store volatile i32 %t, ptr addrspace(5) %q
  %q2 = getelementptr inbounds i8, ptr addrspace(5) %q, i32 8
  store volatile i32 %t, ptr addrspace(5) %q2
  %v = load volatile i32, ptr addrspace(5) %q2
  store i32 %v, ptr addrspace(1) %p
  ret void
}
define amdgpu_kernel void @saddr(ptr addrspace(1) %p) {
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %e = zext i32 %t to i64
  %b = getelementptr [4 x float], ptr addrspace(1) %p, i64 %e, i64 -2
  %x = load float, ptr addrspace(1) %b
  %c = getelementptr inbounds [4 x float], ptr addrspace(1) %p, i64 %e, i64 1
  store float %x, ptr addrspace(1) %c
  ret void
}

define amdgpu_kernel void @nosaddr(ptr addrspace(1) %p, i32 %n) {
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %m = mul i32 %t, %n
  %e = zext i32 %m to i64
  %b = getelementptr [4 x float], ptr addrspace(1) %p, i64 %e, i64 -2
  %x = load float, ptr addrspace(1) %b
  %c = getelementptr inbounds [4 x float], ptr addrspace(1) %p, i64 %e, i64 1
  store float %x, ptr addrspace(1) %c
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
