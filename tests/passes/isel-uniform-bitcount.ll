; Uniform ctpop/cttz/ctlz of i32/i64 select SALU (s_bcnt1, s_ff1, s_flbit;
; the min caps a zero input when zero is not poison), and readlane and
; ballot results are uniform whatever their operands (divergence.c), so
; the atomic optimizer's lane loop stays scalar.
; RUN: %wavecc -S %s -o - | FileCheck %s
; RUN: %wavecc -S --print-after=divergence %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=DIV
target triple = "amdgcn-amd-amdhsa"

; CHECK-LABEL: k_bits:
; CHECK: s_bcnt1_i32_b64
; CHECK: s_ff1_i32_b64
; CHECK: s_flbit_i32_b32
; CHECK: s_min_u32 {{s[0-9]+}}, {{s[0-9]+}}, 32
; CHECK-NOT: v_ffbl
; CHECK: s_endpgm
; DIV-LABEL: divergence of k_bits:
; DIV: uniform: %b = call i64 @llvm.amdgcn.ballot.i64(i1 %d)
; DIV: uniform: %r = call i32 @llvm.amdgcn.readlane.i32(i32 %t, i32 %z)
define amdgpu_kernel void @k_bits(ptr addrspace(1) %o, i64 %m, i32 %w) {
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %d = icmp ult i32 %t, 5
  %b = call i64 @llvm.amdgcn.ballot.i64(i1 %d)
  %p = call i64 @llvm.ctpop.i64(i64 %b)
  %z64 = call i64 @llvm.cttz.i64(i64 %m, i1 true)
  %z = trunc i64 %z64 to i32
  %l = call i32 @llvm.ctlz.i32(i32 %w, i1 false)
  %r = call i32 @llvm.amdgcn.readlane.i32(i32 %t, i32 %z)
  %p32 = trunc i64 %p to i32
  %s1 = add i32 %p32, %z
  %s2 = add i32 %s1, %l
  %s3 = add i32 %s2, %r
  store i32 %s3, ptr addrspace(1) %o
  ret void
}
declare i32 @llvm.amdgcn.workitem.id.x()
declare i64 @llvm.amdgcn.ballot.i64(i1)
declare i64 @llvm.ctpop.i64(i64)
declare i64 @llvm.cttz.i64(i64, i1)
declare i32 @llvm.ctlz.i32(i32, i1)
declare i32 @llvm.amdgcn.readlane.i32(i32, i32)
