; 64-bit address arithmetic without copies (issue 14, copies): the halves
; of each pointer + offset are computed in the pair the load or store
; reads (fold-vectors, regalloc affinities), and no move rebuilds a pair
; around an add/addc. Before: 61 instructions for k_char of f_int_add.cl, 23 of them
; register-to-register moves.
; RUN: %wavecc %s -S -o - | FileCheck %s
target triple = "amdgcn-amd-amdhsa"

declare i32 @llvm.amdgcn.workitem.id.x()
declare i32 @llvm.amdgcn.workgroup.id.x()
declare ptr addrspace(4) @llvm.amdgcn.implicitarg.ptr()

; CHECK-LABEL: k:
; The global id is one v_mad_u64_u32 (isel_narrow64.c); building its
; 64-bit addend {local id, 0} still costs two moves (left for later).
; CHECK-NOT: s_mov_b32 s{{[0-9]+}}, s{{[0-9]+}}{{$}}
; CHECK-NOT: s_mov_b64 s[{{[0-9]+:[0-9]+}}], s[{{[0-9]+:[0-9]+}}]{{$}}
; CHECK: v_mad_u64_u32
; CHECK-NOT: v_mov_b32_e32 v{{[0-9]+}}, v{{[0-9]+}}{{$}}
; CHECK: v_add_co_u32_e64 v[[LO:[0-9]+]], s[{{[0-9]+:[0-9]+}}], s{{[0-9]+}}, v{{[0-9]+}}
; CHECK-NEXT: v_mov_b32_e32 v[[T:[0-9]+]], s{{[0-9]+}}
; CHECK-NEXT: v_addc_co_u32_e64 v[[HI:[0-9]+]], s[{{[0-9]+:[0-9]+}}], v[[T]], v{{[0-9]+}}, s[{{[0-9]+:[0-9]+}}]
; CHECK-NOT: v_mov_b32_e32 v{{[0-9]+}}, v{{[0-9]+}}{{$}}
; CHECK: global_load_ubyte v{{[0-9]+}}, v[[[LO]]:[[HI]]], off
; CHECK-NOT: v_mov_b32_e32 v{{[0-9]+}}, v{{[0-9]+}}{{$}}
; CHECK-NOT: s_mov_b32 s{{[0-9]+}}, s{{[0-9]+}}{{$}}
; CHECK: global_store_byte
; CHECK-NEXT: s_endpgm
define amdgpu_kernel void @k(ptr addrspace(1) %a, ptr addrspace(1) %b, ptr addrspace(1) %out) {
  %lid = call i32 @llvm.amdgcn.workitem.id.x()
  %wg = call i32 @llvm.amdgcn.workgroup.id.x()
  %imp = call ptr addrspace(4) @llvm.amdgcn.implicitarg.ptr()
  %gsp = getelementptr i8, ptr addrspace(4) %imp, i64 12
  %gs16 = load i16, ptr addrspace(4) %gsp, align 4
  %gs = zext i16 %gs16 to i64
  %wg64 = zext i32 %wg to i64
  %base = mul i64 %gs, %wg64
  %lid64 = zext i32 %lid to i64
  %i = add i64 %base, %lid64
  %pa = getelementptr i8, ptr addrspace(1) %a, i64 %i
  %pb = getelementptr i8, ptr addrspace(1) %b, i64 %i
  %x = load i8, ptr addrspace(1) %pa, align 1
  %y = load i8, ptr addrspace(1) %pb, align 1
  %s = add i8 %x, %y
  %po = getelementptr i8, ptr addrspace(1) %out, i64 %i
  store i8 %s, ptr addrspace(1) %po, align 1
  ret void
}
