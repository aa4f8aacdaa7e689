; A function parameter wider than 32 dwords (<40 x i32>) is refused with
; an error; main wrote past a 32-operand array for it (UBSan: "index 32 out
; of bounds", a segfault in Release on LLVM 19's amdpal-chain-metadata.ll).
; RUN: %not %wavecc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx900 %s -o %t.o 2>&1 | FileCheck %s
; CHECK: f: error: unsupported function parameter type: <40 x i32> %v
define void @f(<40 x i32> %v, ptr addrspace(1) %o) noinline {
  %e = extractelement <40 x i32> %v, i32 39
  store i32 %e, ptr addrspace(1) %o
  ret void
}
define amdgpu_kernel void @k(ptr addrspace(1) %o, <40 x i32> %v) {
  call void @f(<40 x i32> %v, ptr addrspace(1) %o)
  ret void
}
