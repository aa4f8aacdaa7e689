/* Internals shared by the register-allocation layer (liveness, regalloc,
 * SSA elimination) and the verifier. Not a public interface: see
 * passes/passes.h for the passes themselves. */
#ifndef WAVECC_RA_RA_H
#define WAVECC_RA_RA_H

#include <stdbool.h>
#include <stdint.h>

#include "mir/mir.h"

static inline bool mir_is_phi(const mir_instr *ins) {
  return ins->opcode == MIR_P_PHI || ins->opcode == MIR_P_LINEAR_PHI;
}

/* A temporary pinned to a special register (SCC, VCC, EXEC, M0, ...) does
 * not occupy an allocatable SGPR: excluded from demand and assignment. */
static inline bool mir_preg_is_special(mir_preg r) {
  return r != MIR_PREG_NONE && r >= MIR_MAX_SGPRS && r < 256;
}

/* Live-in / live-out bitsets over temporary ids per block, without
 * touching the program (the verifier's view; mir_liveness builds on it).
 * Linear temporaries flow over the linear CFG, logical ones over the
 * logical CFG; phi operands are live-out of their predecessor, phi defs
 * are not live-in. `linear_mask` gets the set of linear temporaries.
 * All storage comes from `mem`. */
typedef struct mir_live_sets {
  uint32_t words;
  uint64_t **in, **out;
  uint64_t *linear_mask;
} mir_live_sets;
void mir_compute_live_sets(const mir_program *p, arena *mem, mir_live_sets *ls);

/* Per temporary id: 1 when its definition pins it to a special register
 * (see mir_preg_is_special). Array of p->num_temps bytes from `mem`. */
uint8_t *mir_special_temps(const mir_program *p, arena *mem);

/* Position of block `pred` in `l` (the phi operand index), or UINT32_MAX. */
static inline uint32_t mir_pred_index(const mir_idx_list *l, uint32_t pred) {
  for (uint32_t i = 0; i < l->n; i++)
    if (l->v[i] == pred) return i;
  return UINT32_MAX;
}

#endif
