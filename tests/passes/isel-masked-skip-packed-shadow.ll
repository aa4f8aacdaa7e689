; Masked linearisation (isel_cf.c) skips the body of a block under an
; empty EXEC and gives the values that leave the body phis in the tail
; (value from the body, undef from the head). A <2 x i8> value also has a
; packed shadow (its dword as loaded, isel_packed.c), which the store
; reads instead of the bytes: the shadow needs its phi too. On main
; 04a2c16 the store read the load's own temporary, which the skip edge
; bypasses: the check build's verifier failed ("definition of %N does not
; dominate this use"), llvm-stress seed 63798 at -O0 and 32 more of
; stress 63601-63800 (size 300) at every GPU, fz19a session 19; reduced
; with llvm-reduce-19.
; RUN: %wavecc %s -O0 -S -o %t.s --print-after=isel 2>&1 | FileCheck %s
; The first phi is the bytes' (component 0 is the same dword), the second
; the shadow's, which the store reads.
; CHECK: [[V:%[0-9]+]]:v1 = flat_load_ushort
; CHECK: p_phi undef:v1, [[V]]:v1
; CHECK: [[P:%[0-9]+]]:v1 = p_phi undef:v1, [[V]]:v1
; CHECK-NOT: flat_store_short {{.*}}, [[V]]:v1
; CHECK: flat_store_short {{.*}}, [[P]]:v1
target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @k(ptr %p) {
entry:
  br label %ld

ld:
  %v = load <2 x i8>, ptr %p, align 2
  br label %wait

wait:
  %b = load i8, ptr %p, align 1
  %t = trunc i8 %b to i1
  br i1 %t, label %wait, label %spin

spin:
  store <2 x i8> %v, ptr %p, align 2
  br label %spin
}
