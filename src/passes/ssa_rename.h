/* Renaming SSA temporaries after a pass found that one equals another
 * (fold-copies, cse): a replacement map by temporary id, followed to its
 * end, and one rewrite of every operand that may read the replacement. */
#ifndef WAVECC_PASSES_SSA_RENAME_H
#define WAVECC_PASSES_SSA_RENAME_H

#include <stdbool.h>
#include <stdint.h>

#include "mir/mir.h"

/* The temporary t finally stands for: repl[t] (0 = itself), followed. */
static inline uint32_t ssa_rename_resolve(const uint32_t *repl, uint32_t t) {
  while (repl[t]) t = repl[t];
  return t;
}

/* Is operand k of ins tied to its result (the register is overwritten)?
 * A returning MUBUF atomic's data operand (isel gives it a copy of its
 * own that dies there; regalloc.c places the result on it). */
bool ssa_operand_tied(const mir_instr *ins, unsigned k);

/* Rewrites every temporary operand t of p (ids below n) to
 * ssa_rename_resolve(repl, t), except operands constrained to a fixed
 * register (the copy that satisfies the constraint stays) and tied ones. */
void ssa_rename_apply(mir_program *p, const uint32_t *repl, uint32_t n);

#endif
