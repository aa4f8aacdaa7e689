; Selection forms from the bench/real comparison with llc-19 (issue 27):
;  - add3/or3 with two uniform operands (get_global_id's group * size +
;    offset + id): the two SGPRs add on the SALU, then one v_add_u32 (the
;    VOP3 form reads one SGPR on gfx9, so v_add3_u32 needed a v_mov_b32);
;  - a VOP3 literal gfx9 cannot encode, the only scalar operand: an
;    s_mov_b32 to an SGPR, not a v_mov_b32 to a VGPR (SALU, as llc-19);
;  - sext(i) * 4 of a divergent i32 index: v_lshlrev_b32 2 and
;    v_ashrrev_i32 30, the two halves (no {i, i >> 31} pair to build,
;    which cost two v_mov_b32 a loop iteration in gemm_naive); gfx942 keeps
;    the 64-bit shift, which its v_lshl_add_u64 takes;
;  - a negative constant offset of a divergent global address is the
;    global_load's signed offset field (never an s_load): no 0xfffff000
;    base add (conv_row's taps at i - 3 ... i - 1).
; RUN: %wavecc -S %s -o - | FileCheck %s
; RUN: %wavecc -mcpu=gfx942 -S %s -o - | FileCheck %s --check-prefix=G942
target triple = "amdgcn-amd-amdhsa"
declare i32 @llvm.amdgcn.workitem.id.x()

; CHECK-LABEL: add3:
; CHECK: s_add_u32 [[S:s[0-9]+]], s{{[0-9]+}}, s{{[0-9]+}}
; CHECK-NEXT: v_add_u32_e32 {{v[0-9]+}}, [[S]], v0
; CHECK-NOT: v_add3_u32
; CHECK: s_endpgm
define amdgpu_kernel void @add3(ptr addrspace(1) %out, i32 %a, i32 %b) {
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %x = add i32 %a, %tid
  %y = add i32 %x, %b
  %q = getelementptr i32, ptr addrspace(1) %out, i32 %tid
  store i32 %y, ptr addrspace(1) %q, align 4
  ret void
}

; CHECK-LABEL: lit:
; CHECK: s_mov_b32 [[K:s[0-9]+]], 0x1b873593
; CHECK: v_mul_lo_u32 {{v[0-9]+}}, {{v[0-9]+}}, [[K]]
; CHECK: s_endpgm
define amdgpu_kernel void @lit(ptr addrspace(1) %out, ptr addrspace(1) %in) {
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %p = getelementptr i32, ptr addrspace(1) %in, i32 %tid
  %v = load i32, ptr addrspace(1) %p, align 4
  %m = mul i32 %v, 461845907
  %q = getelementptr i32, ptr addrspace(1) %out, i32 %tid
  store i32 %m, ptr addrspace(1) %q, align 4
  ret void
}

; CHECK-LABEL: sext:
; CHECK-NOT: v_lshlrev_b64
; CHECK: v_lshlrev_b32_e32 {{v[0-9]+}}, 2, [[I:v[0-9]+]]
; CHECK-NEXT: v_ashrrev_i32_e32 {{v[0-9]+}}, 30, [[I]]
; CHECK-NOT: 0xfffff000
; CHECK: global_load_dword {{v[0-9]+}}, v[{{[0-9]+:[0-9]+}}], off offset:-12
; CHECK: s_endpgm
; G942-LABEL: sext:
; G942: v_lshl_add_u64
define amdgpu_kernel void @sext(ptr addrspace(1) %out, ptr addrspace(1) noalias %in, i32 %w) {
  %tid = call i32 @llvm.amdgcn.workitem.id.x()
  %i = mul i32 %tid, %w
  %e = sext i32 %i to i64
  %p = getelementptr inbounds i32, ptr addrspace(1) %in, i64 %e
  %pm = getelementptr inbounds i8, ptr addrspace(1) %p, i64 -12
  %v = load i32, ptr addrspace(1) %pm, align 4, !amdgpu.noclobber !0
  %q = getelementptr i32, ptr addrspace(1) %out, i32 %tid
  store i32 %v, ptr addrspace(1) %q, align 4
  ret void
}
!0 = !{}
