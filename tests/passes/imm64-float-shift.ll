; A 64-bit shift of a constant whose bits are a double inline constant
; (+-0.5, +-1, +-2, +-4: every 64-bit operand reads the f64 pattern, LLVM
; isInlinableLiteral64) takes it inline as llc-19 does, VALU and SALU,
; instead of an SGPR pair from two s_mov_b32 (main: s_mov_b32 ...,
; 0x3fe00000 before each shift). Other patterns keep the pair.
; RUN: %wavecc -mcpu=gfx900 -filetype=asm %s -o - | FileCheck %s
; RUN: %wavecc -mcpu=gfx900 --assembler=check %s -o %t.o
target triple = "amdgcn-amd-amdhsa"

; CHECK-LABEL: valu:
; CHECK: v_lshlrev_b64 v[{{[0-9]+:[0-9]+}}], v{{[0-9]+}}, 0.5
; CHECK: v_lshrrev_b64 v[{{[0-9]+:[0-9]+}}], v{{[0-9]+}}, -4.0
; CHECK: v_lshlrev_b64 v[{{[0-9]+:[0-9]+}}], v{{[0-9]+}}, s[{{[0-9]+:[0-9]+}}]
; CHECK: s_endpgm
define amdgpu_kernel void @valu(ptr addrspace(1) %out, ptr addrspace(1) %in) {
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %gep = getelementptr i32, ptr addrspace(1) %in, i32 %tid
  %n32 = load i32, ptr addrspace(1) %gep
  %n = zext i32 %n32 to i64
  %a = shl i64 4602678819172646912, %n
  %b = lshr i64 -4607182418800017408, %n
  %c = shl i64 4602678819172646913, %n
  %p0 = getelementptr i64, ptr addrspace(1) %out, i32 %tid
  store i64 %a, ptr addrspace(1) %p0
  %p1 = getelementptr i64, ptr addrspace(1) %p0, i32 1024
  store i64 %b, ptr addrspace(1) %p1
  %p2 = getelementptr i64, ptr addrspace(1) %p0, i32 2048
  store i64 %c, ptr addrspace(1) %p2
  ret void
}

; CHECK-LABEL: salu:
; CHECK: s_lshl_b64 s[{{[0-9]+:[0-9]+}}], 1.0, s{{[0-9]+}}
; CHECK: s_endpgm
define amdgpu_kernel void @salu(ptr addrspace(1) %out, i32 %n32) {
  %n = zext i32 %n32 to i64
  %a = shl i64 4607182418800017408, %n
  store i64 %a, ptr addrspace(1) %out
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
