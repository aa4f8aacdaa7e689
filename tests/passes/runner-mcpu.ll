; wavecc-run --mcpu/--mattr (issue 24/25 plumbing): the processor is passed
; to both compilers and to the emulator, an unknown one is refused, and the
; emulator refuses a code object whose e_flags name another processor
; (EF_AMDGPU_MACH, AMDGPUUsage "ELF Header") instead of decoding it as
; gfx900 code. On main --mcpu was an unknown option and the loader ignored
; e_flags. Host reference: out[t] = t * 5.
; RUN: rm -rf %t && split-file %s %t
; RUN: %wavecc-run --mcpu=gfx900 %t/k.ll | FileCheck %s
; RUN: %wavecc-run --mcpu=gfx900 --compiler=llc %t/k.ll | FileCheck %s
; RUN: %not %wavecc-run --mcpu=gfx9000 %t/k.ll 2>&1 | FileCheck %s --check-prefix=BAD
; RUN: %wavecc -mcpu=gfx900 %t/k.ll -o %t.o
; RUN: python3 -c "import sys; b = bytearray(open(sys.argv[1], 'rb').read()); b[48] = 0x2f; open(sys.argv[2], 'wb').write(b)" %t.o %t.other.o
; RUN: %not %wavecc-run --code-object=%t.other.o %t/k.ll 2>&1 | FileCheck %s --check-prefix=MACH
; CHECK: 1 passed, 0 failed
; BAD: unsupported --mcpu=gfx9000
; MACH: e_flags processor 0x2f is not gfx900 (0x2c)

;--- k.ll
; [config]
; name: runner --mcpu
; dimensions: 1
;
; [test]
; name: t5
; kernel_name: k
; global_size: 16 0 0
; local_size: 16 0 0
; arg_out: 0 buffer int[16] 0 5 10 15 20 25 30 35 40 45 50 55 60 65 70 75

target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @k(ptr addrspace(1) %out) {
  %t = call i32 @llvm.amdgcn.workitem.id.x()
  %v = mul i32 %t, 5
  %p = getelementptr i32, ptr addrspace(1) %out, i32 %t
  store i32 %v, ptr addrspace(1) %p
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
