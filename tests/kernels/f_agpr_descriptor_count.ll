; A kernel whose only work is inline assembly taking five AGPR operands
; (LLVM 19's agpr-remat.ll remat_constant_voids_spill): its code must stay
; inside the registers its kernel descriptor allocates. llc-19 at
; gfx90a/gfx942 writes a0..a4 (v_accvgpr_write_b32 a4, 9) but, with no
; VGPR used, its descriptor counts the AGPRs alone (; NumVgprs: 0,
; NumAgprs: 5, .amdhsa_next_free_vgpr 5 with .amdhsa_accum_offset 4: the
; AGPRs start at v4, so one 8-register granule holds a0..a3 only): a4 is
; another wave's register on hardware, and the emulator faults ("a4 beyond
; the 4 AGPRs the kernel descriptor allocates"). With any VGPR in use
; llc-19 counts accum_offset + AGPRs (9). llc-19's bug, found by
; tests/llvm-coverage/differential.sh at gfx90a; listed in
; KNOWN-FAILURES.llc.cdna. The kernel stores nothing: the test checks that
; it runs without a fault and leaves the buffer as it was (host reference:
; the input).
; [config]
; name: AGPR operands of inline assembly inside the descriptor's registers
; kernel_name: k
; device_regex: gfx90a|gfx942
; dimensions: 1
; global_size: 64 0 0
; local_size: 64 0 0
;
; [test]
; name: five AGPR operands, nothing stored
; arg_in: 0 buffer uint[4] 1 2 3 4
; arg_out: 0 buffer uint[4] 1 2 3 4

target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @k(ptr addrspace(1) %p) #0 {
  call void asm sideeffect "", "a,a,a,a"(i32 1, i32 2, i32 3, i32 4)
  call void asm sideeffect "", "a,a,a,a,a"(i32 5, i32 6, i32 7, i32 8, i32 9)
  ret void
}

attributes #0 = { nounwind "amdgpu-num-vgpr"="8" }
