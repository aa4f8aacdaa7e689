; Inline assembly operand widths (issue 22): each operand of the text must
; be as wide as the instruction's operand in the ISA table's signature.
; `call i64 asm "v_mov_b32 $0, $1", "=v,v"` was accepted and wrote
; "v_mov_b32 v[1:2], v0", leaving v2 unwritten; llc-19 refuses it
; ("invalid operand for instruction"). 64-bit operands of 64-bit
; instructions, and constants, still go through.
; RUN: rm -rf %t && split-file %s %t
; RUN: %wavecc %t/ok.ll -S -o - | FileCheck %s
; CHECK-LABEL: k:
; CHECK: v_lshlrev_b64 v[{{[0-9]+}}:{{[0-9]+}}], 3, v[{{[0-9]+}}:{{[0-9]+}}]
; CHECK: s_not_b64 s[{{[0-9]+}}:{{[0-9]+}}], s[{{[0-9]+}}:{{[0-9]+}}]
; RUN: %not %wavecc %t/wide-out.ll -o %t/x.o 2>&1 | FileCheck %s --check-prefix=WOUT
; WOUT: wide-out.ll: k: error: unsupported inline assembly: operand 0 of v_mov_b32 is 64 bits wide, the instruction's is 32
; RUN: %not %wavecc %t/wide-in.ll -o %t/x.o 2>&1 | FileCheck %s --check-prefix=WIN
; WIN: error: unsupported inline assembly: operand 1 of v_add_u32 is 64 bits wide, the instruction's is 32
; RUN: %not %wavecc %t/narrow.ll -o %t/x.o 2>&1 | FileCheck %s --check-prefix=NARROW
; NARROW: error: unsupported inline assembly: operand 0 of s_mov_b64 is 32 bits wide, the instruction's is 64
; RUN: %not %wavecc %t/range.ll -o %t/x.o 2>&1 | FileCheck %s --check-prefix=RANGE
; RANGE: error: unsupported inline assembly: operand 0 of v_mov_b32 is 64 bits wide, the instruction's is 32
; RUN: %not test -e %t/x.o

;--- ok.ll
target triple = "amdgcn-amd-amdhsa"
define amdgpu_kernel void @k(ptr addrspace(1) %o, i64 %u) {
  %id = call i32 @llvm.amdgcn.workitem.id.x()
  %x = zext i32 %id to i64
  %a = call i64 asm "v_lshlrev_b64 $0, 3, $1", "=v,v"(i64 %x)
  %s = call i64 asm "s_not_b64 $0, $1", "=s,s"(i64 %u)
  %c = add i64 %a, %s
  %p = getelementptr i64, ptr addrspace(1) %o, i32 %id
  store i64 %c, ptr addrspace(1) %p
  ret void
}
declare i32 @llvm.amdgcn.workitem.id.x()

;--- wide-out.ll
target triple = "amdgcn-amd-amdhsa"
define amdgpu_kernel void @k(ptr addrspace(1) %o) {
  %id = call i32 @llvm.amdgcn.workitem.id.x()
  %a = call i64 asm "v_mov_b32 $0, $1", "=v,v"(i32 %id)
  store i64 %a, ptr addrspace(1) %o
  ret void
}
declare i32 @llvm.amdgcn.workitem.id.x()

;--- wide-in.ll
target triple = "amdgcn-amd-amdhsa"
define amdgpu_kernel void @k(ptr addrspace(1) %o, i64 %u) {
  %id = call i32 @llvm.amdgcn.workitem.id.x()
  %a = call i32 asm "v_add_u32 $0, $1, $2", "=v,v,v"(i64 %u, i32 %id)
  store i32 %a, ptr addrspace(1) %o
  ret void
}
declare i32 @llvm.amdgcn.workitem.id.x()

;--- narrow.ll
target triple = "amdgcn-amd-amdhsa"
define amdgpu_kernel void @k(ptr addrspace(1) %o, i64 %u) {
  %a = call i32 asm "s_mov_b64 $0, $1", "=s,s"(i64 %u)
  store i32 %a, ptr addrspace(1) %o
  ret void
}

;--- range.ll
target triple = "amdgcn-amd-amdhsa"
define amdgpu_kernel void @k(ptr addrspace(1) %o) {
  %id = call i32 @llvm.amdgcn.workitem.id.x()
  %a = call i32 asm "v_mov_b32 v[4:5], $1\0Av_mov_b32 $0, v4", "=v,v,~{v4},~{v5}"(i32 %id)
  store i32 %a, ptr addrspace(1) %o
  ret void
}
