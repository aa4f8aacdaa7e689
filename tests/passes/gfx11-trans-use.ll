; gfx11 VALUTransUseHazard and s_delay_alu (issue 24). A VALU instruction
; reading the result of a TRANS instruction (v_rcp_f32) within 5 VALU
; instructions needs s_waitcnt_depctr va_vdst(0) (0xfff) between them, as
; llc-19 -mcpu=gfx1100 writes it (GCNHazardRecognizer::
; fixVALUTransUseHazard); the emulator faults on code without it. The
; dependent VALU instructions get s_delay_alu as llc-19 writes them here
; (instid0(VALU_DEP_1) before the shift that reads the AND's result; the
; kernel reads the work-item id y, 0 here, so that v0 is masked: x alone
; is v0 unmasked).
; Expected values: rcp(x) + 1 for powers of two x (v_rcp_f32 is exact
; there): 1 -> 2, 2 -> 1.5, 4 -> 1.25, 0.5 -> 3.
; Fails on main: no s_waitcnt_depctr or s_delay_alu, and main's emulator
; runs the hazardous code without a fault.
; RUN: %wavecc -mcpu=gfx1100 -S %s -o %t.s
; RUN: FileCheck %s --check-prefix=ASM < %t.s
; RUN: %wavecc-run --mcpu=gfx1100 -Xwavecc --assembler=check %s | FileCheck %s --check-prefix=OK
; RUN: %wavecc-run --mcpu=gfx1100 --compiler=llc %s | FileCheck %s --check-prefix=OK
; RUN: sed '/s_waitcnt_depctr/d' %t.s > %t.bad.s
; RUN: %llvm-mc -triple=amdgcn-amd-amdhsa -mcpu=gfx1100 -filetype=obj %t.bad.s -o %t.bad.o
; RUN: %ld.lld -shared %t.bad.o -o %t.bad.hsaco
; RUN: not %wavecc-run --mcpu=gfx1100 --code-object=%t.bad.hsaco %s | FileCheck %s --check-prefix=BAD
; ASM: v_and_b32_e32 {{v[0-9]+}}, 0x3ff, v0
; ASM: s_delay_alu instid0(VALU_DEP_1)
; ASM-NEXT: v_add_nc_u32_e32
; ASM-NEXT: v_lshlrev_b32_e32
; ASM: v_rcp_f32_e32 [[R:v[0-9]+]],
; ASM-NEXT: s_waitcnt_depctr 0xfff
; ASM-NEXT: v_add_f32_e32 {{v[0-9]+}}, {{.*}}[[R]]
; OK: 1 passed, 0 failed
; BAD: hazard: VALU reads v{{[0-9]+}}, written by a TRANS instruction 0 VALU instructions before, without s_waitcnt_depctr va_vdst(0) (gfx11 VALUTransUseHazard)
;
; [config]
; name: trans-use
; dimensions: 1
;
; [test]
; name: rcp
; kernel_name: k
; global_size: 4 0 0
; local_size: 4 0 0
; arg_in: 0 buffer float[4] 1.0 2.0 4.0 0.5
; arg_out: 0 buffer float[4] 2.0 1.5 1.25 3.0
target triple = "amdgcn-amd-amdhsa"
define amdgpu_kernel void @k(ptr addrspace(1) %p) {
  %x0 = call i32 @llvm.amdgcn.workitem.id.x()
  %y = call i32 @llvm.amdgcn.workitem.id.y()
  %x = add i32 %x0, %y
  %g = getelementptr float, ptr addrspace(1) %p, i32 %x
  %v = load float, ptr addrspace(1) %g
  %r = call float @llvm.amdgcn.rcp.f32(float %v)
  %s = fadd float %r, 1.0
  store float %s, ptr addrspace(1) %g
  ret void
}
declare i32 @llvm.amdgcn.workitem.id.x()
declare i32 @llvm.amdgcn.workitem.id.y()
declare float @llvm.amdgcn.rcp.f32(float)
