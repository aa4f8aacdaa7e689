; Constants past the offset fields (src/isel/isel_gep.c gep_folded_offset):
; a 64-bit pointer's GEP adds only the multiple of 4096 below its constant
; and the access carries the rest, so the accesses at 4156 and 4164 share
; one base + 0x1000 and those at 8252 and 8256 one base + 0x2000 (cse),
; as llc-19 keeps one base per neighbourhood; before, every access added
; its own constant (four 64-bit adds).
; RUN: %wavecc -O2 -S %s -o - | FileCheck %s
; CHECK-LABEL: {{^}}far:
; CHECK: s_mov_b32 {{s[0-9]+}}, 0x1000
; CHECK: v_add_co_u32_e64
; CHECK-NOT: v_add_co_u32
; CHECK: global_load_dword {{v[0-9]+}}, v[[[A:[0-9]+]]:{{[0-9]+}}], off offset:60{{$}}
; the second load overwrites the clause's address: s_nop 0 ends the soft
; clause first (XNACK replay, target ID xnack any)
; CHECK-NEXT: s_nop 0
; CHECK-NEXT: global_load_dword {{v[0-9]+}}, v[[[A]]:{{[0-9]+}}], off offset:68{{$}}
; CHECK: s_mov_b32 {{s[0-9]+}}, 0x2000
; CHECK: v_add_co_u32_e64
; CHECK-NOT: v_add_co_u32
; CHECK: global_load_dwordx2 {{v\[[0-9]+:[0-9]+\]}}, v[{{[0-9]+:[0-9]+}}], off offset:60{{$}}
; CHECK-NOT: v_add_co_u32
; CHECK: s_endpgm
target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @far(ptr addrspace(1) %p, ptr addrspace(1) %out) {
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %e = zext i32 %t to i64
  %b = getelementptr i32, ptr addrspace(1) %p, i64 %e
  %a1 = getelementptr inbounds i8, ptr addrspace(1) %b, i64 4156
  %a2 = getelementptr inbounds i8, ptr addrspace(1) %b, i64 4164
  %a3 = getelementptr inbounds i8, ptr addrspace(1) %b, i64 8252
  %a4 = getelementptr inbounds i8, ptr addrspace(1) %b, i64 8256
  %x1 = load i32, ptr addrspace(1) %a1, align 4
  %x2 = load i32, ptr addrspace(1) %a2, align 4
  %x3 = load i32, ptr addrspace(1) %a3, align 4
  %x4 = load i32, ptr addrspace(1) %a4, align 4
  %s1 = add i32 %x1, %x2
  %s2 = add i32 %x3, %x4
  %s = add i32 %s1, %s2
  %o = getelementptr i32, ptr addrspace(1) %out, i64 %e
  store i32 %s, ptr addrspace(1) %o, align 4
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
