; The emulator's gfx1100 wave64 hazards (src/emu/hazard_gfx11.c, issue 24):
; VALUMaskWriteHazard (a VALU reads s[0:1] as a lane mask, an SALU
; instruction writes s0, another reads it) and VALUPartialForwardingHazard
; (a VALU reads v0, written before an SALU write of EXEC, and v1, written
; after), injected into wavecc's code for this kernel before s_endpgm: both
; fault, and pass with the s_waitcnt_depctr llc-19 and wavecc put there
; (sa_sdst(0) after the SGPR write, va_vdst(0) before the reader). In
; wave32 neither rule applies (LLVM returns early), nor on gfx1030. The
; compiler's side: hazards-gfx11-wave64.mir. Fails on main (no such checks).
; RUN: %wavecc -mcpu=gfx1100 -mattr=+wavefrontsize64 -S %s -o %t.s
; RUN: %wavecc-run --mcpu=gfx1100 --mattr=+wavefrontsize64 -Xwavecc --assembler=check %s | FileCheck %s --check-prefix=OK
; RUN: sed 's/^\ts_endpgm$/\tv_cndmask_b32_e64 v1, 0, 1, s[0:1]\n\ts_mov_b32 s0, 0\n\ts_add_u32 s1, s0, 1\n\ts_endpgm/' %t.s > %t.mask.s
; RUN: sed 's/^\ts_mov_b32 s0, 0$/&\n\ts_waitcnt_depctr 0xfffe/' %t.mask.s > %t.maskok.s
; RUN: sed 's/^\ts_endpgm$/\tv_mov_b32_e32 v0, 1\n\ts_mov_b64 exec, exec\n\tv_mov_b32_e32 v1, 2\n\tv_add_nc_u32_e32 v1, v0, v1\n\ts_endpgm/' %t.s > %t.pf.s
; RUN: sed 's/^\tv_add_nc_u32_e32 v1, v0, v1$/\ts_waitcnt_depctr 0xfff\n&/' %t.pf.s > %t.pfok.s
; RUN: %llvm-mc -triple=amdgcn-amd-amdhsa -mcpu=gfx1100 -mattr=+wavefrontsize64 -filetype=obj %t.mask.s -o %t.mask.o
; RUN: %ld.lld -shared %t.mask.o -o %t.mask.hsaco
; RUN: not %wavecc-run --mcpu=gfx1100 --mattr=+wavefrontsize64 --code-object=%t.mask.hsaco %s | FileCheck %s --check-prefix=MASK
; RUN: %llvm-mc -triple=amdgcn-amd-amdhsa -mcpu=gfx1100 -mattr=+wavefrontsize64 -filetype=obj %t.maskok.s -o %t.maskok.o
; RUN: %ld.lld -shared %t.maskok.o -o %t.maskok.hsaco
; RUN: %wavecc-run --mcpu=gfx1100 --mattr=+wavefrontsize64 --code-object=%t.maskok.hsaco %s | FileCheck %s --check-prefix=OK
; RUN: %llvm-mc -triple=amdgcn-amd-amdhsa -mcpu=gfx1100 -mattr=+wavefrontsize64 -filetype=obj %t.pf.s -o %t.pf.o
; RUN: %ld.lld -shared %t.pf.o -o %t.pf.hsaco
; RUN: not %wavecc-run --mcpu=gfx1100 --mattr=+wavefrontsize64 --code-object=%t.pf.hsaco %s | FileCheck %s --check-prefix=PF
; RUN: %llvm-mc -triple=amdgcn-amd-amdhsa -mcpu=gfx1100 -mattr=+wavefrontsize64 -filetype=obj %t.pfok.s -o %t.pfok.o
; RUN: %ld.lld -shared %t.pfok.o -o %t.pfok.hsaco
; RUN: %wavecc-run --mcpu=gfx1100 --mattr=+wavefrontsize64 --code-object=%t.pfok.hsaco %s | FileCheck %s --check-prefix=OK
; OK: 1 passed, 0 failed
; MASK: hazard: SALU reads s0, written by an SALU instruction after a VALU read it as a lane mask, without s_waitcnt_depctr sa_sdst(0) between (gfx11 VALUMaskWriteHazard)
; PF: hazard: VALU reads VGPRs written by VALU instructions before and after an SALU write of EXEC (1 and 0 VALU instructions between them and it), without s_waitcnt_depctr va_vdst(0) (gfx11 VALUPartialForwardingHazard)
;
; [config]
; name: wave64-hazards
; dimensions: 1
;
; [test]
; name: rcp
; kernel_name: k
; global_size: 64 0 0
; local_size: 64 0 0
; arg_in: 0 buffer float[64] 1.0 2.0 4.0 0.5 1.0 2.0 4.0 0.5 1.0 2.0 4.0 0.5 1.0 2.0 4.0 0.5 1.0 2.0 4.0 0.5 1.0 2.0 4.0 0.5 1.0 2.0 4.0 0.5 1.0 2.0 4.0 0.5 1.0 2.0 4.0 0.5 1.0 2.0 4.0 0.5 1.0 2.0 4.0 0.5 1.0 2.0 4.0 0.5 1.0 2.0 4.0 0.5 1.0 2.0 4.0 0.5 1.0 2.0 4.0 0.5 1.0 2.0 4.0 0.5
; arg_out: 0 buffer float[64] 2.0 1.5 1.25 3.0 2.0 1.5 1.25 3.0 2.0 1.5 1.25 3.0 2.0 1.5 1.25 3.0 2.0 1.5 1.25 3.0 2.0 1.5 1.25 3.0 2.0 1.5 1.25 3.0 2.0 1.5 1.25 3.0 2.0 1.5 1.25 3.0 2.0 1.5 1.25 3.0 2.0 1.5 1.25 3.0 2.0 1.5 1.25 3.0 2.0 1.5 1.25 3.0 2.0 1.5 1.25 3.0 2.0 1.5 1.25 3.0 2.0 1.5 1.25 3.0
target triple = "amdgcn-amd-amdhsa"
define amdgpu_kernel void @k(ptr addrspace(1) %p) {
  %x = call i32 @llvm.amdgcn.workitem.id.x()
  %g = getelementptr float, ptr addrspace(1) %p, i32 %x
  %v = load float, ptr addrspace(1) %g
  %r = call float @llvm.amdgcn.rcp.f32(float %v)
  %s = fadd float %r, 1.0
  store float %s, ptr addrspace(1) %g
  ret void
}
declare i32 @llvm.amdgcn.workitem.id.x()
declare float @llvm.amdgcn.rcp.f32(float)
