/* Emission: machine IR after the post-RA passes to assembly text
 * (emit_asm.c), statistics, and HSA code objects (codeobj*.c, encode.c).
 * Reads machine IR and the target tables only: below instruction
 * selection, register allocation and the passes (which may ask it for
 * encoding facts: sizes, register counts), like LLVM's MC layer below
 * CodeGen. See scripts/check-layers.py for the layers. */
#ifndef WAVECC_EMIT_EMIT_H
#define WAVECC_EMIT_EMIT_H

#include <stddef.h>
#include <stdio.h>

#include "mir/mir.h"
#include "util/diag.h"
#include "wavecc/wavecc.h"

/* ---- emission (src/emit/emit_asm.c) --------------------------------- */

/* Is t an RDNA GPU (GFX10 or GFX11 encoding family)? Its kernel
 * descriptor directives include .amdhsa_wavefront_size32 and the
 * WGP_MODE / MEM_ORDERED / FWD_PROGRESS ones (AMDGPUUsage "Kernel
 * Descriptor", GFX10-GFX11 columns), its metadata
 * .workgroup_processor_mode; mir_target_wgp_mode is that bit of the
 * target's fixed RSRC1 bits. */
bool mir_target_is_rdna(const struct wavecc_target *t);
unsigned mir_target_wgp_mode(const struct wavecc_target *t);


/* Encoded size in bytes of one instruction (4 or 8, +4 per literal);
 * 0 for pseudos that emit nothing. */
unsigned mir_instr_size(const mir_program *p, const mir_instr *ins);

/* Writes one kernel: `.text` code with block labels, then its
 * `.amdhsa_kernel` descriptor block. Needs a program after ssa_elim (and
 * the post-RA passes). Error: an instruction emission cannot express. */
int mir_emit_asm(const mir_program *p, FILE *out, diag *d);

/* Writes a whole module: `.amdgcn_target`, `.amdhsa_code_object_version 5`,
 * each kernel (mir_emit_asm), then the `.amdgpu_metadata` YAML for all. */
int mir_emit_module(mir_program *const *kernels, unsigned num_kernels, FILE *out, diag *d);

/* Statistics for `wavecc --stats`: instructions, code bytes, SGPRs and
 * VGPRs as llc counts them (NumSgprs includes VCC/flat scratch/XNACK),
 * scratch bytes per lane, occupancy (waves per SIMD, 1..10, also limited
 * by the work-group size and LDS as LLVM computes it), spills. */
void mir_kernel_stats(const mir_program *p, wavecc_kernel_stats *st);

/* SGPR count llc reports (NumSgprs): used SGPRs + VCC (2) + the other
 * reservations; and waves per SIMD on gfx9 for given SGPR/VGPR counts. */
unsigned mir_total_sgprs(const mir_program *p);
/* Highest SGPR and VGPR the program's operands name, + 1 (kernel_resources.c):
 * what a calling kernel's descriptor must cover for a callee. */
void mir_program_regs(const mir_program *p, unsigned *sgprs, unsigned *vgprs);
/* Waves per SIMD the register use allows on target T: TOTAL_SGPRS
 * (mir_total_sgprs) and VGPRS per lane (kernel_resources.c; LLVM
 * getOccupancyWithNumSGPRs / getNumWavesPerEUWithNumVGPRs). */
unsigned mir_occupancy(const struct wavecc_target *t, unsigned total_sgprs, unsigned vgprs);
/* Waves per SIMD of program p: mir_occupancy for TOTAL_SGPRS and VGPRS,
 * further limited by its work-group size and LDS use (LLVM
 * getOccupancyWithLocalMemSize; kernel_resources.c). */
unsigned mir_program_occupancy(const mir_program *p, unsigned total_sgprs, unsigned vgprs);

/* ---- code object (src/emit/codeobj.c) ------------------------------- */

/* The target ID of program p's module (AMDGPUUsage "Target ID"), as llc-19
 * writes it in .amdgcn_target and amdhsa.target:
 * "amdgcn-amd-amdhsa--CPU" then ":sramecc+"/":sramecc-" and
 * ":xnack+"/":xnack-" for features set on or off (none for "any"), into
 * buf[0..n). p NULL: gfx900, all "any". (codeobj_meta.c) */
void mir_target_id(const mir_program *p, char *buf, size_t n);
/* ELF e_flags for program p's module (AMDGPUUsage "ELF Header", code
 * object v4+): EF_AMDGPU_MACH of its target, XNACK and SRAMECC any
 * (0x100/0x400), off (0x200/0x800) or on (0x300/0xc00) where the target
 * has the feature, 0 where it has not. p NULL: gfx900, any. */
uint32_t mir_elf_flags(const mir_program *p);

/* Assembles `asm_text` with llvm-mc (wavecc_mc_assemble) and links it with ld.lld -shared into an HSA
 * code object. On success *elf is a malloc'ed buffer of *elf_size bytes.
 * Error: the tools' messages. */
int wavecc_assemble_link(const struct wavecc_target *t, const char *asm_text, void **elf, size_t *elf_size, diag *d);
/* Assembles `asm_text` with llvm-mc-19 into a relocatable object (ET_REL,
 * as llc-19 -filetype=obj writes: kernels, NAME.kd descriptors, the
 * metadata note, R_AMDGPU_REL32_LO/HI relocations for calls to functions
 * defined elsewhere) for ld.lld -shared. On success *elf is a malloc'ed
 * buffer of *elf_size bytes. Error: llvm-mc's messages. */
int wavecc_assemble_reloc(const struct wavecc_target *t, const char *asm_text, void **elf, size_t *elf_size, diag *d);
/* Writes asm_text to DIR/k.s and assembles it with llvm-mc-19
 * (-triple=amdgcn-amd-amdhsa, -mcpu and -mattr from the target ID of its
 * .amdgcn_target directive: gfx900:xnack+ is -mcpu=gfx900 -mattr=+xnack;
 * gfx900 without one; on RDNA -mattr=+wavefrontsize32/64 of t's wave size) into DIR/k.o, whose path goes to o_path (o_size bytes). Warnings count
 * as errors. Returns 0, or 1 after a diagnostic. Shared by the llvm-mc
 * path and --assembler=check (codeobj_check.c). */
int wavecc_mc_assemble(const struct wavecc_target *t, const char *dir, const char *asm_text, char *o_path, size_t o_size,
                       diag *d);
/* llvm-mc's / llvm-objdump's -mcpu and -mattr for target t: the wave
 * size explicit on RDNA (wave32 by default there), none on GFX9. */
void wavecc_mc_cpu_args(const struct wavecc_target *t, char *mcpu, size_t mcpu_n, char *mattr, size_t mattr_n);

#endif
