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
/* Highest SGPR and VGPR the program's operands name, + 1 (emit_asm.c):
 * what a calling kernel's descriptor must cover for a callee. */
void mir_program_regs(const mir_program *p, unsigned *sgprs, unsigned *vgprs);
/* Waves per SIMD the register use allows on target T: TOTAL_SGPRS
 * (mir_total_sgprs) and VGPRS per lane (emit_asm.c; LLVM
 * getOccupancyWithNumSGPRs / getNumWavesPerEUWithNumVGPRs). */
unsigned mir_occupancy(const struct wavecc_target *t, unsigned total_sgprs, unsigned vgprs);

/* ---- code object (src/emit/codeobj.c) ------------------------------- */

/* Assembles `asm_text` with llvm-mc (-triple=amdgcn-amd-amdhsa
 * -mcpu=`mcpu` -filetype=obj) and links it with ld.lld -shared into an HSA
 * code object. On success *elf is a malloc'ed buffer of *elf_size bytes.
 * Error: the tools' messages. */
int wavecc_assemble_link(const char *asm_text, const char *mcpu, void **elf, size_t *elf_size, diag *d);
/* Writes asm_text to DIR/k.s and assembles it with llvm-mc-19 -mcpu=`mcpu`
 * into DIR/k.o, whose path goes to o_path (o_size bytes). Warnings count
 * as errors. Returns 0, or 1 after a diagnostic. Shared by the llvm-mc
 * path and --assembler=check (codeobj_check.c). */
int wavecc_mc_assemble(const char *dir, const char *asm_text, const char *mcpu, char *o_path, size_t o_size, diag *d);

#endif
