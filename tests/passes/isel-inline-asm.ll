; Inline assembly (isel_asm.c, target/asm_text.c): each instruction of the
; text becomes an ordinary machine instruction. `$N` operands get the
; constraints' registers, a register the text writes (v7, declared
; clobbered) is renamed to a free one, a "{v1}" input is read where the
; text names v1, and what the common case does not cover is an error
; naming the construct.
; RUN: rm -rf %t && split-file %s %t
; RUN: %wavecc %t/ok.ll -S -o - | FileCheck %s
; CHECK-LABEL: k:
; CHECK: v_mov_b32_e32 v[[S:[0-9]+]], 0x3e8
; CHECK-NEXT: v_mad_u32_u24 v{{[0-9]+}}, v{{[0-9]+}}, v[[S]], v{{[0-9]+}}
; CHECK: v_xor_b32_e32 v{{[0-9]+}}, v{{[0-9]+}}, v{{[0-9]+}}
; CHECK: s_lshl_b32 s[[T:[0-9]+]], s{{[0-9]+}}, 4
; CHECK-NEXT: s_add_u32 s{{[0-9]+}}, s[[T]], 0x4d
; RUN: %not %wavecc %t/div.ll -o %t/x.o 2>&1 | FileCheck %s --check-prefix=DIV
; DIV: error: unsupported inline assembly: a value that differs between lanes (divergent) for an "s" operand: an SGPR holds one value for the whole wave (llc-19 puts the VGPR in the text, which is not a valid instruction); use "v", or pass llvm.amdgcn.readfirstlane of it
; RUN: %not %wavecc %t/read.ll -o %t/x.o 2>&1 | FileCheck %s --check-prefix=READ
; READ: error: unsupported inline assembly: reads a register it did not write
; RUN: %not %wavecc %t/vcc.ll -o %t/x.o 2>&1 | FileCheck %s --check-prefix=VCC
; VCC: error: unsupported inline assembly: instruction with implicit operands (SCC or VCC reads, VCC, EXEC or M0 writes, branches): v_cndmask_b32

;--- ok.ll
target triple = "amdgcn-amd-amdhsa"
define amdgpu_kernel void @k(ptr addrspace(1) %o, i32 %u) {
  %id = call i32 @llvm.amdgcn.workitem.id.x()
  %a = call i32 asm "v_mov_b32 v7, 1000\0Av_mad_u32_u24 $0, $1, v7, $2", "=v,v,v,~{v7}"(i32 %id, i32 %id)
  %b = call i32 asm "v_xor_b32 $0, v1, $1", "=v,v,{v1}"(i32 %a, i32 12345)
  %s = call { i32, i32 } asm "s_lshl_b32 $1, $2, 4\0As_add_u32 $0, $1, 77", "=s,=s,s"(i32 %u)
  %s0 = extractvalue { i32, i32 } %s, 0
  %c = add i32 %b, %s0
  %p = getelementptr i32, ptr addrspace(1) %o, i32 %id
  store i32 %c, ptr addrspace(1) %p
  ret void
}
declare i32 @llvm.amdgcn.workitem.id.x()

;--- div.ll
target triple = "amdgcn-amd-amdhsa"
define amdgpu_kernel void @k(ptr addrspace(1) %o) {
  %id = call i32 @llvm.amdgcn.workitem.id.x()
  %s = call i32 asm "s_mov_b32 $0, $1", "=s,s"(i32 %id)
  store i32 %s, ptr addrspace(1) %o
  ret void
}
declare i32 @llvm.amdgcn.workitem.id.x()

;--- read.ll
target triple = "amdgcn-amd-amdhsa"
define amdgpu_kernel void @k(ptr addrspace(1) %o) {
  %v = call i32 asm "v_mov_b32 $0, v3", "=v"()
  store i32 %v, ptr addrspace(1) %o
  ret void
}

;--- vcc.ll
target triple = "amdgcn-amd-amdhsa"
define amdgpu_kernel void @k(ptr addrspace(1) %o) {
  %v = call i32 asm "v_cndmask_b32 $0, 0, 1, vcc", "=v"()
  store i32 %v, ptr addrspace(1) %o
  ret void
}
