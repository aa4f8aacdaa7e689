; # add <2 x i16> %v, splat(bitcast (fneg half %h)): fneg flips the
; # half's sign bit. llc-19 folds the fneg into neg_lo/neg_hi of
; # v_pk_add_u16 (LLVM 19's packed-op-sel.ll
; # add_vector_neg_bitcast_scalar_lo has that code in its check lines), but
; # the neg modifiers are for floating-point operands only (LLVM's
; # AMDGPUModifierSyntax; llvm-project PR 219728: integer packed ops ignore
; # them): llc-19's code adds h, or -h as the emulator reads the modifier,
; # never h ^ 0x8000 (found by tests/llvm-coverage/differential.sh; llc-19's
; # bug, in KNOWN-FAILURES.llc). Expected values from a host reference.
; [config]
; name: packed i16 add of a negated half, bitcast and broadcast
; kernel_name: k
; dimensions: 1
; global_size: 4 0 0
; local_size: 4 0 0
;
; [test]
; name: four vectors, halves 1.0, -1.0, 5.0 and a denormal
; arg_in: 0 buffer uint[4] repeat 0
; arg_out: 0 buffer uint[4] 3154295809 1005604404 1157580032 2147581953
; arg_in: 1 buffer uint[4] 131073 4293923380 2147450880 0
; arg_in: 2 buffer ushort[4] 15360 48128 17664 1

target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @k(ptr addrspace(1) %out, ptr addrspace(1) %a, ptr addrspace(1) %b) {
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %pa = getelementptr <2 x i16>, ptr addrspace(1) %a, i32 %tid
  %pb = getelementptr half, ptr addrspace(1) %b, i32 %tid
  %vec0 = load <2 x i16>, ptr addrspace(1) %pa, align 4
  %scalar0 = load half, ptr addrspace(1) %pb, align 2
  %neg.scalar0 = fsub half -0.0, %scalar0
  %neg.scalar0.bc = bitcast half %neg.scalar0 to i16
  %neg.scalar0.vec = insertelement <2 x i16> poison, i16 %neg.scalar0.bc, i32 0
  %neg.scalar0.broadcast = shufflevector <2 x i16> %neg.scalar0.vec, <2 x i16> poison, <2 x i32> zeroinitializer
  %result = add <2 x i16> %vec0, %neg.scalar0.broadcast
  %po = getelementptr <2 x i16>, ptr addrspace(1) %out, i32 %tid
  store <2 x i16> %result, ptr addrspace(1) %po, align 4
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
