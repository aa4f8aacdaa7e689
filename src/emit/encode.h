/* The builtin assembler: machine IR -> machine code (encode*.c) ->
 * HSA code object (codeobj_write.c), without llvm-mc or ld.lld, and the
 * cross-check against them (codeobj_check.c).
 *
 * The encoder is driven by the instruction table (isa.def: format and
 * opcode) and by the operand order of the assembly text (emit_asm.c's
 * mir_asm_operands), so assembly and binary cannot disagree on which
 * operand goes where, and any instruction of the table encodes without
 * per-instruction code. Field layouts: Vega ISA guide, chapter 12
 * "Microcode Formats", checked against llvm-mc-19 -show-encoding (unit
 * test tests/unit/test_encode.c records its output). */
#ifndef WAVECC_TARGET_ENCODE_H
#define WAVECC_TARGET_ENCODE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "emit/emit_data.h"
#include "mir/mir.h"
#include "util/bytebuf.h"
#include "util/diag.h"

/* ---- shared with the assembly printer (emit_asm.c) ---------------------- */

/* Does a VOP1/VOP2/VOPC instruction (in encoding family `family`, a
 * wavecc_encoding) need the VOP3 (e64) encoding? */
bool mir_needs_vop3(unsigned family, const mir_instr *ins);
/* The format of `op` in encoding family `family` (isa_table's when the
 * family lacks it: the verifier reports those). */
isa_format mir_format(unsigned family, unsigned op);
/* A VOPD pair (MIR_ENC_VOPD_FIRST `first`, the next instruction
 * `second`): the X half, the first when its opcode may be X (as llc-19's
 * GCNCreateVOPD orders them), else the second. */
const mir_instr *mir_vopd_x(unsigned family, const mir_instr *first, const mir_instr *second);
/* A VOPD half's sources as VOPD spells them (src0[, vsrc1]; v_cndmask's
 * VCC implicit): their count. */
unsigned mir_vopd_srcs(unsigned family, const mir_instr *ins, const mir_operand *out[2]);
/* The operands the assembly text spells out, in its order: the
 * definitions (defs) or the sources, without SCC, block labels and the
 * implicit EXEC/VCC/M0 beyond the table's signature. Fills out[] (at most
 * 255 entries) and returns the count. */
/* A GFX11 VOPD pair (MIR_ENC_VOPD_FIRST `first`, the next instruction
 * `second`) -> its dwords (2, 3 with a literal); 0 after a diagnostic.
 * RDNA 3 ISA guide, "VOPD"; llvm-mc-19 -mcpu=gfx1100 -show-encoding. */
unsigned mir_encode_vopd(const wavecc_target *t, const mir_instr *first, const mir_instr *second, uint32_t out[3],
                         const char *fn, diag *d);
unsigned mir_asm_operands(unsigned family, const mir_instr *ins, bool defs, const mir_operand **out);

/* A branch instruction the emitters write for a branch pseudo. */
typedef struct mir_branch {
  uint16_t opcode; /* ISA_S_BRANCH, ISA_S_CBRANCH_SCC0/1 */
  uint32_t target; /* block index */
} mir_branch;
/* The branches (0..2) that the pseudo `ins` (MIR_P_BRANCH or
 * MIR_P_CBRANCH_SCC) at the end of block `bi` becomes; a branch to the
 * next block is dropped. */
unsigned mir_lower_branch(const mir_instr *ins, uint32_t bi, mir_branch out[2]);
/* For a block whose last instruction does not end control: does it need
 * an s_branch to a successor other than the next block (*target)? */
bool mir_fallthrough_branch(const mir_program *p, uint32_t bi, uint32_t *target);

/* ABI numbers the descriptor needs (emit_asm.c): user SGPRs, first free
 * SGPR and VGPR (inputs included), as the .amdhsa_* directives say. */
unsigned mir_user_sgpr_count(const mir_kernel_abi *a);
unsigned mir_next_free_sgpr(const mir_program *p);
unsigned mir_next_free_vgpr(const mir_program *p);
/* The ArchVGPRs alone (v0.. the code and its callees use); with AGPRs,
 * mir_next_free_vgpr is mir_accum_offset of it plus the AGPRs. */
unsigned mir_arch_vgprs(const mir_program *p);
/* The first AGPR's index in the unified file of a target with AGPRs
 * (ACCUM_OFFSET; AMDGPUUsage, GFX90A): `vgprs` ArchVGPRs rounded up to the
 * target's ACCUM_OFFSET granule, at least one granule. wavecc's AGPRs
 * (spill slots, mir_program.num_agprs_used) start there. */
unsigned mir_accum_offset(const mir_program *p, unsigned vgprs);
/* Grows kernarg_size to cover the code object v5 hidden arguments that
 * the metadata appends after the explicit ones (both writers call it). */
void mir_fix_kernarg_size(mir_program *p);
/* Writes kernel p's entry of the amdhsa.kernels metadata list (YAML, two
 * spaces of indent) to out (emit_metadata.c). */
void mir_emit_kernel_metadata(const mir_program *p, FILE *out);
/* Metadata names of address spaces ("global", "local", ...). */
const char *mir_addr_space_name(uint32_t as);
/* The v5 hidden arguments (kind, offset after the 8-aligned explicit end, size). */
typedef struct mir_hidden_arg {
  const char *kind;
  uint32_t off, size;
} mir_hidden_arg;
enum { MIR_NUM_HIDDEN_V5 = 19 };
extern const mir_hidden_arg mir_hidden_v5[MIR_NUM_HIDDEN_V5];

/* ---- machine code ------------------------------------------------------- */

/* A PC-relative reference the code object writer resolves once the layout
 * is known: the 32-bit field at `offset` (in .text) receives the low or
 * high half of S + addend - P (P = the field's address), as
 * R_AMDGPU_REL32_LO / _HI would (AMDGPUUsage "Relocation Records"). */
typedef enum mc_fixup_kind { MC_FIX_REL32_LO, MC_FIX_REL32_HI } mc_fixup_kind;
/* What a fixup's symbol index counts: data objects (mir_module_data) or
 * the module's functions that are not kernels, in mir_module_data.funcs
 * order, which is the order of the programs with is_function given to the
 * writer (the target of a call: s_getpc_b64, s_add_u32/s_addc_u32 of the
 * callee's PC-relative address, as for data). */
typedef enum mc_symbol_space { MC_SYM_DATA, MC_SYM_FUNC } mc_symbol_space;
typedef struct mc_fixup {
  uint32_t offset;
  uint32_t symbol; /* index into the space */
  int32_t addend;
  uint8_t kind;    /* mc_fixup_kind */
  uint8_t space;   /* mc_symbol_space */
} mc_fixup;

/* A row of the DWARF line table: the instruction at `offset` (in .text)
 * comes from file:line:col (mir_srcloc, clang -g). */
typedef struct mc_line {
  uint32_t offset;
  const char *file;
  uint32_t line, col;
} mc_line;

/* A record of the .wavecc.checks section (mir_instr.chk): the instruction
 * at `offset` (in .text) is a division check's s_trap (kind 1) or a
 * private access to the object of obj_size bytes at lane offset
 * obj_offset (kind 2). */
typedef struct mc_check {
  uint32_t offset, kind, obj_offset, obj_size;
} mc_check;

/* Growing code: bytes, fixups and source lines (malloc'ed; mc_code_free). */
typedef struct mc_code {
  uint8_t *bytes;
  uint32_t size, cap;
  mc_fixup *fix;
  uint32_t nfix, capfix;
  mc_line *lines;   /* by offset; only where the position changes */
  uint32_t nlines, caplines;
  mc_check *checks; /* by offset */
  uint32_t nchecks, capchecks;
  bool oom;
} mc_code;
void mc_code_free(mc_code *c);
/* Appends n bytes of `fill` (a 4-byte pattern repeated) up to a multiple of `align`. */
void mc_code_align(mc_code *c, uint32_t align, uint32_t fill);

/* Encodes one function (a kernel after the post-RA passes) at the end of
 * `c`: block layout as the assembly printer writes it, branch offsets
 * resolved, data addresses left as fixups. Returns 0, or non-zero after a
 * diagnostic (an operand the encoding cannot express). *instructions
 * counts the machine instructions written. */
int mir_encode_function(const mir_program *p, const mir_module_data *md, mc_code *c, uint32_t *instructions,
                        diag *d);

/* Encodes one instruction (not a pseudo, not a data address) for target
 * t into out[] (up to 4 dwords); returns the number of dwords, 0 after a
 * diagnostic (also when t's encoding family lacks the instruction).
 * Branch targets are not resolved here: SOPP with a block operand gets
 * simm16 = 0. */
unsigned mir_encode_instr(const struct wavecc_target *t, const mir_instr *ins, uint32_t out[4], const char *fn,
                          diag *d);
/* The same with the format and opcode x instead of isa_encoding's for
 * t->encoding (tests of a family's layouts whose opcode map is not filled
 * in; t supplies the family and the s_waitcnt counter fields). */
unsigned mir_encode_instr_as(const struct wavecc_target *t, const mir_instr *ins, const isa_enc *x, uint32_t out[4],
                             const char *fn, diag *d);

/* The .debug_line section (DWARF 4 line-number program, DWARF 5 standard
 * 6.2 in its version-4 form, which llvm-dwarfdump-19 --debug-line reads)
 * of text's rows, .text loaded at text_addr, appended to out. Returns 0,
 * or 1 when out of memory. (debug_line.c) */
int mc_debug_line(const mc_code *text, uint64_t text_addr, bytebuf *out);

/* The .wavecc.checks section of text's records, .text loaded at
 * text_addr, appended to out: "WCCK", version 1, the record count, then
 * per record the instruction's address (8 bytes), kind, object offset and
 * size (4 bytes each), little-endian. Read by the emulator's bug checks
 * (src/emu/check.c). Returns 0, or 1 when out of memory. (debug_line.c) */
int mc_check_section(const mc_code *text, uint64_t text_addr, bytebuf *out);

/* ---- code object ------------------------------------------------------- */

/* Writes the HSA code object (ELF64 shared object, EM_AMDGPU, code object
 * v5) of a module: the programs' code (kernels 256-byte aligned, with
 * descriptors, metadata and global symbols; programs with is_function,
 * the callees of isel_calls.c, 4-byte aligned with a local FUNC symbol
 * only), the data objects, every PC-relative reference resolved. *elf is
 * malloc'ed. Returns 0 or non-zero after a diagnostic. *instructions as
 * above. */
int mir_write_code_object(mir_program *const *kernels, unsigned num_kernels, const mir_module_data *md,
                          void **elf, size_t *elf_size, uint64_t *instructions, diag *d);

/* A kernel's register counts as the descriptor and metadata state them
 * (mir_next_free_vgpr, mir_total_sgprs), computed once per kernel: each
 * is a scan over every operand. */
typedef struct mir_kernel_regs {
  unsigned vgprs, sgprs;
} mir_kernel_regs;

/* The msgpack AMDGPU metadata (AMDGPUUsage "Code Object V5 Metadata") of
 * the module, the same document the YAML of mir_emit_module_data says.
 * regs[k] belongs to kernels[k]. *out is malloc'ed; non-zero: no memory. */
int mir_metadata_msgpack(mir_program *const *kernels, const mir_kernel_regs *regs, unsigned num_kernels, uint8_t **out,
                         size_t *size);

/* The 64-byte kernel descriptor (AMDGPUUsage "Kernel Descriptor") without
 * kernel_code_entry_byte_offset (bytes 16..23, set by the writer). */
void mir_kernel_descriptor(const mir_program *p, const mir_kernel_regs *r, uint8_t kd[64]);

/* Cross-check (--assembler=check): assembles `asm_text` with llvm-mc-19
 * and compares its .text, kernel descriptors and metadata note with the
 * builtin code object `elf`; runs llvm-readelf-19 -a and llvm-objdump-19
 * -d --mcpu=`mcpu` on `elf` and fails on any warning or `<unknown>`. Returns 0 when all
 * agree, else non-zero after a diagnostic naming the first difference. */
int mir_check_code_object(const struct wavecc_target *t, const char *asm_text, const void *elf, size_t elf_size,
                          diag *d);

#endif
