/* Module-level data (global variables with initialisers) in the code
 * object, and the PC-relative addressing of it (emit_data.c).
 *
 * Instruction selection describes each object in LLVM-free terms
 * (src/isel/isel_data.c); emission writes them to .rodata (constants) or
 * .data (writable) with .type/.size, as llc-19 does for amdgcn. Kernels
 * address an object the way llc does on gfx9:
 *   s_getpc_b64 s[N:N+1]
 *   s_add_u32   sN,   sN,   sym@rel32@lo+4
 *   s_addc_u32  sN+1, sN+1, sym@rel32@hi+12
 * (s_getpc_b64 returns the address of the next instruction; each
 * relocation is relative to its own literal, 4 and 12 bytes past it). In
 * machine IR the sequence is one s_getpc_b64 whose `offset` field holds
 * the object's index + 1 (a function's address, for calls: -(its index
 * + 1) in `funcs`) and whose trailing SCC definition records that the
 * expansion clobbers SCC; keeping it one instruction means nothing (copies,
 * wait states) can land between the three and break the +4/+12. */
#ifndef WAVECC_TARGET_EMIT_DATA_H
#define WAVECC_TARGET_EMIT_DATA_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "mir/mir.h"
#include "util/diag.h"

typedef struct mir_data_object {
  const char *name;     /* assembler symbol, local to the code object */
  bool writable;        /* .data instead of .rodata */
  uint32_t align;       /* bytes, a power of two */
  uint64_t size;        /* bytes */
  const uint8_t *bytes; /* the initialiser, `size` bytes; NULL when external */
  /* declared only (no initialiser in the module): the symbol is another
   * object's, left undefined for ld.lld; nothing is written for it but a
   * .weak for extern_weak ones (weak). A preemptible one (default
   * visibility: got) is addressed through its GOT entry (gotpcrel32, a
   * load of the address), hidden and protected ones by rel32, as llc-19
   * does (AMDGPUUsage "Relocation Records") */
  bool external, got, weak;
  const char *visibility; /* external: NULL, "hidden" or "protected" (llc's directive) */
} mir_data_object;

typedef struct mir_module_data {
  const mir_data_object *objs;
  uint32_t num;
  const char *const *funcs; /* the module's real functions: a marker offset -(k + 1) names funcs[k] */
  uint32_t num_funcs;
  uint32_t num_defined_funcs; /* funcs[k] for k >= this are other code objects' functions */
  /* NULL or per funcs[k]: 1 when the symbol is preemptible (an external
   * declaration of default visibility): its address is the GOT entry's
   * (gotpcrel32), which the code loads the function's address from, as
   * llc-19 does (AMDGPUUsage "Relocation Records") */
  const uint8_t *funcs_got;
} mir_module_data;

/* Writes symbol `name` as the assembler reads it back: bare when it is an
 * identifier llvm-mc-19 accepts ([A-Za-z_.$][A-Za-z0-9_.$]*), else in
 * double quotes, as llc-19 does (MCSymbol::print) for "a b" or "-", and
 * also for names that start with a digit ("1e3", which llvm-mc's lexer
 * reads as a number; llc-19 writes those bare, and llvm-mc rejects its
 * output). Inside the quotes `"` and `\` are escaped and control bytes
 * are written as \ooo, so no name can end the string or the line and
 * inject directives. llvm-mc-19 keeps escapes in the symbol verbatim (it
 * does not decode them), so names with such bytes round-trip only through
 * the builtin ELF writer, which writes the name's own bytes. */
void mir_emit_symbol(FILE *out, const char *name);

/* mir_emit_symbol of `prefix` name `suffix` as one symbol (local labels
 * .L<name>_BB3, "<name>.kd"). */
void mir_emit_symbol3(FILE *out, const char *prefix, const char *name, const char *suffix);

/* Writes every object of `md` (NULL: none) with alignment, .type and .size. */
void mir_emit_data(const mir_module_data *md, FILE *out);

/* Is `ins` the address-of-data marker (s_getpc_b64 with an object)? */
bool mir_is_data_address(const mir_instr *ins);

/* The object a data-address marker names: its offset is k + 1 for data
 * object k of mir_module_data, -(k + 1) for function k (md->funcs, the
 * callee of a call). Returns k; *func tells which list. */
uint32_t mir_data_address_index(const mir_instr *ins, bool *func);

/* Writes the three-instruction expansion of a data-address marker after
 * register allocation; false if the object index is not in `md`. */
bool mir_emit_data_address(const mir_instr *ins, const mir_module_data *md, FILE *out);

/* Like mir_emit_module (emit.h), with the module's data objects. */
int mir_emit_module_data(mir_program *const *kernels, unsigned num_kernels, const mir_module_data *md, FILE *out,
                         diag *d);

#endif
