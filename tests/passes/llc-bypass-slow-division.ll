; bypass-slow-division (CodeGenPrepare's run-time 64->32-bit division
; switch, wrapped by src/llvm/bypass_slow_division.cpp): a 64-bit udiv/urem
; pair tests whether both operands fit in 32 bits and then divides in 32
; bits; the 64-bit division stays on the other path. gfx900 and gfx1100
; alike (SITargetLowering: addBypassSlowDiv(64, 32)).
; RUN: %wavecc-opt -llvm-passes='function(bypass-slow-division)' %s | FileCheck %s
; RUN: %wavecc-opt -mcpu=gfx1100 -llvm-passes='function(bypass-slow-division)' %s | FileCheck %s
target triple = "amdgcn-amd-amdhsa"

; CHECK-LABEL: define amdgpu_kernel void @k(
; CHECK: %[[OR:.*]] = or i64 %a, %b
; CHECK: %[[HI:.*]] = and i64 %[[OR]], -4294967296
; CHECK: icmp eq i64 %[[HI]], 0
; CHECK: udiv i32
; CHECK: urem i32
; CHECK: udiv i64 %a, %b
; CHECK: urem i64 %a, %b
; CHECK: phi i64
define amdgpu_kernel void @k(ptr addrspace(1) %o, i64 %a, i64 %b) {
  %q = udiv i64 %a, %b
  %r = urem i64 %a, %b
  store i64 %q, ptr addrspace(1) %o
  %o1 = getelementptr i64, ptr addrspace(1) %o, i64 1
  store i64 %r, ptr addrspace(1) %o1
  ret void
}
