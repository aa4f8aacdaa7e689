; llc-19 options wavecc cannot honour are errors naming the option, the
; triple or the feature (issue 31), exit status 2 before compiling, and no
; output file; not silently ignored. On main each was "unknown option"
; (or, for -mcpu=gfx906, a compile error only after reading the input) and
; the old "amdgcn--" triple without -mtriple was refused as it still is
; (llc-19 compiles that for a non-HSA OS, which wavecc does not write).
; RUN: rm -f %t.o
; RUN: %not %wavecc -mtriple=amdgcn-amd-amdpal %s -o %t.o 2>&1 | FileCheck %s --check-prefix=PAL
; PAL: wavecc: error: -mtriple='amdgcn-amd-amdpal': OS 'amdpal' is not amdhsa
; RUN: %not %wavecc -mtriple=x86_64-pc-linux-gnu %s -o %t.o 2>&1 | FileCheck %s --check-prefix=X86
; X86: wavecc: error: -mtriple='x86_64-pc-linux-gnu' is not an amdgcn triple
; RUN: %not %wavecc -mtriple=amdgcn-amd-amdhsa-gnu %s -o %t.o 2>&1 | FileCheck %s --check-prefix=ENV
; ENV: wavecc: error: -mtriple='amdgcn-amd-amdhsa-gnu': wavecc writes the target ID amdgcn-amd-amdhsa--<cpu>
; RUN: %not %wavecc -march=r600 %s -o %t.o 2>&1 | FileCheck %s --check-prefix=MARCH
; MARCH: wavecc: error: unsupported -march=r600
; RUN: %not %wavecc -mcpu=gfx906 %s -o %t.o 2>&1 | FileCheck %s --check-prefix=MCPU
; MCPU: wavecc: error: unsupported -mcpu=gfx906 (-mcpu=help lists the processors)
; RUN: %not %wavecc -mattr=+wavefrontsize64,+foo %s -o %t.o 2>&1 | FileCheck %s --check-prefix=FOO
; FOO: wavecc: error: -mattr feature '+foo' for gfx900: not a feature wavecc supports
; (-mattr=+xnack/-xnack: llc-mattr-xnack.ll)
; A target-ID feature the processor lacks: accepted, ignored, a warning
; (llc-19: "sramecc 'On' was requested for a processor that does not
; support it!"); the code object's target ID stays "any" (e_flags 0x12c,
; as llc-19's). On main +sramecc was an error.
; RUN: %wavecc -mtriple=amdgcn-amd-amdhsa -mattr=+sramecc -filetype=obj %s -o %t.sramecc.o 2>&1 | FileCheck %s --check-prefix=SRAMECC
; RUN: %wavecc -mtriple=amdgcn-amd-amdhsa -mattr=-sramecc -filetype=obj %s -o %t.sramecc.o 2>&1 | FileCheck %s --check-prefix=NOSRAMECC
; RUN: %llvm-readelf -h %t.sramecc.o | FileCheck %s --check-prefix=FLAGS
; SRAMECC: warning: sramecc 'On' was requested for a processor that does not support it (gfx900); ignored, as llc-19 does
; NOSRAMECC: warning: sramecc 'Off' was requested for a processor that does not support it (gfx900); ignored
; FLAGS: Flags: 0x12C, gfx900, xnack
; RUN: %not %wavecc -mattr=+wavefrontsize32 %s -o %t.o 2>&1 | FileCheck %s --check-prefix=W32
; W32: wavecc: error: -mattr feature '+wavefrontsize32' for gfx900: not this processor's wave size
; RUN: %not %wavecc -mattr=-wavefrontsize64 %s -o %t.o 2>&1 | FileCheck %s --check-prefix=NOW64
; NOW64: wavecc: error: -mattr feature '-wavefrontsize64' for gfx900: not this processor's wave size
; RUN: %not %wavecc -mattr=xnack %s -o %t.o 2>&1 | FileCheck %s --check-prefix=SIGN
; SIGN: wavecc: error: -mattr feature 'xnack' needs a '+' or '-' in front
; RUN: %not %wavecc -relocation-model=pic %s -o %t.o 2>&1 | FileCheck %s --check-prefix=RELOC
; RELOC: wavecc: error: unknown option '-relocation-model=pic'
; RUN: %not %wavecc %s -o %t.o 2>&1 | FileCheck %s --check-prefix=OLD
; OLD: llc-cmdline-errors.ll: error: unsupported target triple 'amdgcn--'
; RUN: %not test -e %t.o
target triple = "amdgcn--"

define amdgpu_kernel void @k(ptr addrspace(1) %p) {
  store i32 42, ptr addrspace(1) %p
  ret void
}
