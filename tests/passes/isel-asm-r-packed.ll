; Inline assembly: "r" takes an SGPR (the class LLVM gives i32 and
; <2 x i16>; llc-19 -mcpu=gfx900 does the same), a <2 x i16>/<2 x half>
; operand or result is one packed dword; a divergent value for "r" is
; refused as for "s". Main refused every "r" ("constraint r") and every
; vector operand. Execution: tests/kernels/f_inline_asm_packed.ll.
; RUN: rm -rf %t && split-file %s %t
; RUN: %wavecc -mcpu=gfx900 %t/ok.ll -S -o - | FileCheck %s
; RUN: %wavecc -mcpu=gfx900 %t/ok.ll -o %t/x.o --assembler=check
; RUN: %not %wavecc -mcpu=gfx900 %t/div.ll -o %t/x.o 2>&1 | FileCheck %s --check-prefix=DIV
; RUN: %not %wavecc -mcpu=gfx900 %t/mix.ll -o %t/x.o 2>&1 | FileCheck %s --check-prefix=MIX
; RUN: %wavecc -mcpu=gfx900 %t/cmp.ll -S -o - | FileCheck %s --check-prefix=CMP
; RUN: %wavecc -mcpu=gfx900 %t/cmp.ll -o %t/x.o --assembler=check
; RUN: %not %wavecc -mcpu=gfx1030 %t/cmp.ll -o %t/x.o 2>&1 | FileCheck %s --check-prefix=CMP32
; CMP: v_cmp_ne_u32_e64 s[{{[0-9]+}}:{{[0-9]+}}], 0, v{{[0-9]+}}
; CMP32: error: unsupported inline assembly: operands (sdst of 2 SGPRs, src0, src1) of v_cmp_ne_u32
; (the text's moves become ordinary moves, which copy propagation may fold)
; CHECK-LABEL: k:
; CHECK: s_load_dwordx4 s[[[A:[0-9]+]]:{{[0-9]+}}]
; CHECK: v_mov_b32_e32 v{{[0-9]+}}, s{{[0-9]+}}
; CHECK: v_mov_b32_e32 v{{[0-9]+}}, s{{[0-9]+}}
; CHECK: v_pk_add_u16 v{{[0-9]+}}, s{{[0-9]+}}, v{{[0-9]+}}{{$}}
; CHECK: global_store_dwordx3
; MIX: error: unsupported inline assembly: instruction 'v_mad_mix_f32' (VOP3P format: only SOP1, SOP2, VOP1, VOP2, VOP3, VOPC _e64, packed VOP3P, s_nop, s_waitcnt and the loads and stores of GLOBAL and DS)
; DIV: error: unsupported inline assembly: a value that differs between lanes (divergent) for an "s" operand

;--- ok.ll
target triple = "amdgcn-amd-amdhsa"
define amdgpu_kernel void @k(ptr addrspace(1) %out, <2 x half> %in, i32 %s) {
  %a = call i32 asm "s_mov_b32 $0, $1", "=r,r"(<2 x half> %in)
  %b = call <2 x half> asm "v_mov_b32 $0, $1", "=v,r"(i32 %s)
  store <2 x half> %b, ptr addrspace(1) %out
  %p = getelementptr i32, ptr addrspace(1) %out, i32 1
  store i32 %a, ptr addrspace(1) %p
  %v = load <2 x i16>, ptr addrspace(1) %out
  %pk = call <2 x i16> asm "v_pk_add_u16 $0, $1, $2", "=v,r,v"(<2 x half> %in, <2 x i16> %v)
  %q = getelementptr i32, ptr addrspace(1) %out, i32 2
  store <2 x i16> %pk, ptr addrspace(1) %q
  ret void
}

;--- mix.ll
target triple = "amdgcn-amd-amdhsa"
define amdgpu_kernel void @k(ptr addrspace(1) %out, i32 %a) {
  %r = call float asm "v_mad_mix_f32 $0, $1, $1, $1", "=v,v"(i32 %a)
  store float %r, ptr addrspace(1) %out
  ret void
}

;--- div.ll
target triple = "amdgcn-amd-amdhsa"
declare i32 @llvm.amdgcn.workitem.id.x()
define amdgpu_kernel void @k(ptr addrspace(1) %out) {
  %i = call i32 @llvm.amdgcn.workitem.id.x()
  %a = call i32 asm "s_mov_b32 $0, $1", "=r,r"(i32 %i)
  store i32 %a, ptr addrspace(1) %out
  ret void
}
;--- cmp.ll
target triple = "amdgcn-amd-amdhsa"
declare i32 @llvm.amdgcn.workitem.id.x()
define amdgpu_kernel void @k(ptr addrspace(1) %out) {
  %i = call i32 @llvm.amdgcn.workitem.id.x()
  %m = call i64 asm "v_cmp_ne_u32_e64 $0, 0, $1", "=s,v"(i32 %i)
  store i64 %m, ptr addrspace(1) %out
  ret void
}
