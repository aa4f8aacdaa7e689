; fneg(fabs(<2 x float>)) keeps a NaN's payload and quiet bit: LangRef says
; fneg and fabs change the sign bit only, so a signalling NaN stays
; signalling (x | 0x80000000). llc-19 at gfx90a/gfx942 computes it as
; v_pk_add_f32 v[0:1], |x|, 0 neg_lo:[1,1] neg_hi:[1,1] (LLVM 19's
; fneg-fabs-divergence-driven-isel.ll divergent_fneg_fabs_v2f32 has that
; code in its check lines), and an add quiets a signalling NaN
; (0x7f800001 -> 0xffc00001): llc-19's bug, found by
; tests/llvm-coverage/differential.sh at gfx90a (known-differences.gfx90a.txt),
; listed in KNOWN-FAILURES.llc.cdna. wavecc clears and sets the sign bit
; with v_and/v_or. Expected values from a host reference (the input with
; the sign bit set).
; [config]
; name: fneg of fabs of <2 x float> keeps signalling NaNs
; kernel_name: k
; device_regex: gfx90a|gfx942
; dimensions: 1
; global_size: 4 0 0
; local_size: 4 0 0
;
; [test]
; name: signalling and quiet NaNs, +-1.0, a denormal, infinity
; arg_out: 0 buffer uint[8] 4286578689 4288675840 4286578689 4290772992 3212836864 3212836864 2147483649 4286578688
; arg_in: 1 buffer uint[8] 2139095041 2141192192 4286578689 2143289344 1065353216 3212836864 1 2139095040

target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @k(ptr addrspace(1) %out, ptr addrspace(1) %in) {
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %pi = getelementptr <2 x float>, ptr addrspace(1) %in, i32 %tid
  %v = load <2 x float>, ptr addrspace(1) %pi, align 8
  %a = call <2 x float> @llvm.fabs.v2f32(<2 x float> %v)
  %n = fneg <2 x float> %a
  %po = getelementptr <2 x float>, ptr addrspace(1) %out, i32 %tid
  store <2 x float> %n, ptr addrspace(1) %po, align 8
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
declare <2 x float> @llvm.fabs.v2f32(<2 x float>)
