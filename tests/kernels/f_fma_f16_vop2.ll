; llvm.fma.f16 with a variable, a constant multiplier and a constant
; addend: llc-19 selects the RDNA VOP2 forms v_fmamk_f16 (D = S0 * K + S1),
; v_fmaak_f16 (D = S0 * S1 + K) on gfx1030 and v_fmac_f16 (D = S0 * S1 + D)
; on gfx1100 (RDNA 2 ISA guide 6.2, RDNA 3 guide 7.2: one rounding), which
; the emulator did not decode before (tests/llvm-coverage
; known-differences.gfx1030/gfx1100.txt: kernels hidden from the
; differential). Lane 0 tells a fused from an unfused result:
; (1 + 2^-10)^2 - (1 + 2^-9) = 2^-20 (a denormal half, 0x0010), 0 when
; the product is rounded first. Expected values from a host reference
; (exact rational arithmetic, rounded once to half, nearest even).
; [config]
; name: f16 fma in the VOP2 forms (fmac, fmamk, fmaak)
; kernel_name: k
; dimensions: 1
; global_size: 8 0 0
; local_size: 8 0 0
;
; [test]
; name: fused rounding, denormals, overflow, signed zero
; arg_out: 0 buffer ushort[24] 16 18560 49152 45170 2 31743 0 0 16384 18176 50816 14848 4 31744 16896 48384 17921 19072 14336 17692 17664 31744 17664 17600
; arg_in: 1 buffer ushort[8] 15361 16384 49664 13653 1 31743 15360 47104
; arg_in: 2 buffer ushort[8] 15361 17408 15872 13653 15360 16384 0 14336
; arg_in: 3 buffer ushort[8] 48130 15360 16640 46080 1 64511 32768 13312

target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @k(ptr addrspace(1) %out, ptr addrspace(1) %a, ptr addrspace(1) %b, ptr addrspace(1) %c) {
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %pa = getelementptr half, ptr addrspace(1) %a, i32 %tid
  %pb = getelementptr half, ptr addrspace(1) %b, i32 %tid
  %pc = getelementptr half, ptr addrspace(1) %c, i32 %tid
  %x = load half, ptr addrspace(1) %pa
  %y = load half, ptr addrspace(1) %pb
  %z = load half, ptr addrspace(1) %pc
  %r = call half @llvm.fma.f16(half %x, half %y, half %z)
  %r2 = call half @llvm.fma.f16(half %x, half 0xH4200, half %z)
  %r3 = call half @llvm.fma.f16(half %x, half %y, half 0xH4500)
  %po = getelementptr half, ptr addrspace(1) %out, i32 %tid
  store half %r, ptr addrspace(1) %po
  %po2 = getelementptr half, ptr addrspace(1) %po, i32 8
  store half %r2, ptr addrspace(1) %po2
  %po3 = getelementptr half, ptr addrspace(1) %po, i32 16
  store half %r3, ptr addrspace(1) %po3
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
declare half @llvm.fma.f16(half, half, half)
