; wavecc -mcpu=gfx90a (issue 25): the code object names gfx90a (e_flags
; 0x53f: EF_AMDGPU_MACH 0x3f, XNACK and SRAMECC "any", as llc-19 writes),
; the descriptor carries ACCUM_OFFSET (.amdhsa_accum_offset, RSRC3) and the
; metadata .agpr_count, the work-item ids come packed in v0, a 64-bit
; value lands in an even register pair, and the builtin encoder agrees
; with llvm-mc-19 (--assembler=check). The same at -mcpu=gfx942 (refused
; on main before cdna10), whose descriptor counts FLAT_SCRATCH with VCC
; and XNACK_MASK in NumSgprs even when no scratch is used (LLVM
; getNumExtraSGPRs with architected flat scratch: next_free_sgpr + 6; the
; builtin encoder wrote + 4, one granule too few, so llvm-mc disagreed).
; RUN: %wavecc -mcpu=gfx90a -filetype=asm %s -o - | FileCheck %s
; RUN: %wavecc -mcpu=gfx90a --assembler=check %s -o %t.o
; RUN: llvm-readelf-19 -h %t.o | FileCheck %s --check-prefix=ELF
; RUN: %wavecc -mcpu=gfx942 -filetype=asm %s -o - | FileCheck %s --check-prefix=G942
; RUN: %wavecc -mcpu=gfx942 --assembler=check %s -o %t.942.o
; RUN: llvm-readelf-19 -h %t.942.o | FileCheck %s --check-prefix=ELF942
; CHECK: .amdgcn_target "amdgcn-amd-amdhsa--gfx90a"
; CHECK: v_and_b32_e32 v{{[0-9]+}}, 0x3ff, v0
; CHECK: v_bfe_u32 v{{[0-9]+}}, v0, 10, 10
; CHECK: global_store_dwordx2 v{{[0-9]+}}, v{{\[}}{{[0-9]*[02468]}}:{{[0-9]*[13579]}}{{\]}}
; CHECK: .amdhsa_accum_offset {{[1-9][0-9]*}}
; CHECK: .agpr_count: 0
; CHECK: amdhsa.target: amdgcn-amd-amdhsa--gfx90a
; ELF: Flags: 0x53F, gfx90a, xnack, sramecc
; G942: .amdgcn_target "amdgcn-amd-amdhsa--gfx942"
; G942: .amdhsa_next_free_sgpr [[#N:]]
; G942-NOT: .amdhsa_reserve_flat_scratch
; G942: .sgpr_count: [[#N+6]]
; ELF942: Flags: 0x54C, gfx942, xnack, sramecc

target triple = "amdgcn-amd-amdhsa"

define amdgpu_kernel void @k(ptr addrspace(1) %out, double %x) {
  %tx = call i32 @llvm.amdgcn.workitem.id.x()
  %ty = call i32 @llvm.amdgcn.workitem.id.y()
  %t = add i32 %tx, %ty
  %d = sitofp i32 %t to double
  %v = fmul double %d, %x
  %p = getelementptr double, ptr addrspace(1) %out, i32 %t
  store double %v, ptr addrspace(1) %p
  ret void
}

declare i32 @llvm.amdgcn.workitem.id.x()
declare i32 @llvm.amdgcn.workitem.id.y()
