; --print-after with a name that is no pass is an error that lists the
; passes (issue 13: it was accepted silently and printed nothing); a known
; name dumps the IR after that pass.
; RUN: %not %wavecc --print-after=bogus %s -o %t.o 2>&1 | FileCheck --check-prefix=BAD %s
; BAD: error: unknown pass 'bogus' for --print-after (passes: import, divergence, isel, fold-vectors, liveness, spill, regalloc, ssa-elim, copy-cleanup, frame, mode, waitcnt, hazards, emit; or all)
; RUN: %wavecc --print-after=regalloc %s -S -o /dev/null 2>&1 | FileCheck --check-prefix=GOOD %s
; GOOD: ; *** machine IR after regalloc ***
target triple = "amdgcn-amd-amdhsa"
define amdgpu_kernel void @k(ptr addrspace(1) %o) {
  store i32 1, ptr addrspace(1) %o
  ret void
}
