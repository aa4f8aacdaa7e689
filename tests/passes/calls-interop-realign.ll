; Interoperability of realigned frames with llc-19 (calls-interop.ll's
; scheme): llc's kernel, with a 20-byte private object of its own (its
; stack pointer at 32 bytes per lane), calls wavecc's function whose
; 64-byte aligned object must be aligned (isel_frame_base), and wavecc's
; kernel calls llc's realigning function. The function returns
; (address & m) + the value read back, m = 63 from a kernel argument:
; out[g] = 3g + 1 + 4 (the kernel's object read back after the call).
; RUN: rm -rf %t && split-file %s %t
; RUN: %wavecc -S %t/callee.ll -o %t/cw.s
; RUN: %llvm-mc -triple=amdgcn-amd-amdhsa -mcpu=gfx900 -filetype=obj %t/cw.s -o %t/cw.o
; RUN: %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx900 -filetype=obj %t/kernel.ll -o %t/kl.o
; RUN: %ld.lld -shared %t/kl.o %t/cw.o -o %t/llc-kernel-wavecc-callee.hsaco
; RUN: %wavecc-run --code-object=%t/llc-kernel-wavecc-callee.hsaco %t/kernel.ll | FileCheck %s
; RUN: %wavecc -S %t/kernel.ll -o %t/kw.s
; RUN: %llvm-mc -triple=amdgcn-amd-amdhsa -mcpu=gfx900 -filetype=obj %t/kw.s -o %t/kw.o
; RUN: %llc -mtriple=amdgcn-amd-amdhsa -mcpu=gfx900 -filetype=obj %t/callee.ll -o %t/cl.o
; RUN: %ld.lld -shared %t/kw.o %t/cl.o -o %t/wavecc-kernel-llc-callee.hsaco
; RUN: %wavecc-run --code-object=%t/wavecc-kernel-llc-callee.hsaco %t/kernel.ll | FileCheck %s
; CHECK: pass {{.*}}: realign
; CHECK: 1 passed, 0 failed

;--- callee.ll
target triple = "amdgcn-amd-amdhsa"
define i32 @f(i32 %v, i32 %m) noinline {
  %p = alloca <16 x i32>, align 64, addrspace(5)
  %q = getelementptr i32, ptr addrspace(5) %p, i32 5
  store volatile i32 %v, ptr addrspace(5) %q
  %l = load volatile i32, ptr addrspace(5) %q
  %a = ptrtoint ptr addrspace(5) %p to i32
  %b = and i32 %a, %m
  %r = add i32 %b, %l
  ret i32 %r
}

;--- kernel.ll
; [config]
; name: realign
; dimensions: 1
;
; [test]
; name: realign
; kernel_name: k
; global_size: 64 0 0
; local_size: 64 0 0
; arg_out: 0 buffer uint[64] 5 8 11 14 17 20 23 26 29 32 35 38 41 44 47 50 53 56 59 62 65 68 71 74 77 80 83 86 89 92 95 98 101 104 107 110 113 116 119 122 125 128 131 134 137 140 143 146 149 152 155 158 161 164 167 170 173 176 179 182 185 188 191 194
; arg_in: 1 uint 63
target triple = "amdgcn-amd-amdhsa"
declare hidden i32 @f(i32, i32)
define amdgpu_kernel void @k(ptr addrspace(1) %out, i32 %m) {
  %lid = call i32 @llvm.amdgcn.workitem.id.x()
  %o = alloca [5 x i32], align 4, addrspace(5)
  %o4 = getelementptr i32, ptr addrspace(5) %o, i32 4
  store volatile i32 4, ptr addrspace(5) %o4
  %v0 = mul i32 %lid, 3
  %v = add i32 %v0, 1
  %r = call i32 @f(i32 %v, i32 %m)
  %k = load volatile i32, ptr addrspace(5) %o4
  %s = add i32 %r, %k
  %po = getelementptr i32, ptr addrspace(1) %out, i32 %lid
  store i32 %s, ptr addrspace(1) %po
  ret void
}
declare i32 @llvm.amdgcn.workitem.id.x()
