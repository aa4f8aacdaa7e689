/* Liveness of machine-IR temporaries (liveness.c) and the IR predicates
 * it and its users share: an analysis of the IR, beside it, so that the
 * verifier (verify.c), the register allocator (src/ra) and the passes
 * (src/passes) all read it from below. */
#ifndef WAVECC_MIR_LIVENESS_H
#define WAVECC_MIR_LIVENESS_H

#include <stdbool.h>
#include <stdint.h>

#include "mir/mir.h"
#include "util/diag.h"

static inline bool mir_is_phi(const mir_instr *ins) {
  return ins->opcode == MIR_P_PHI || ins->opcode == MIR_P_LINEAR_PHI;
}

/* Branches that end a block: copies and spill code at the end of a block
 * go before them. */
static inline bool mir_is_terminator(const mir_instr *ins) {
  if (ins->opcode == MIR_P_BRANCH || ins->opcode == MIR_P_CBRANCH_SCC) return true;
  return ins->opcode < ISA_NUM_OPS && (isa_table[ins->opcode].flags & (ISA_F_TERMINATOR | ISA_F_BRANCH));
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

/* Register demand: dwords of SGPRs and VGPRs needed at one point. */
typedef struct mir_reg_demand {
  uint16_t sgpr, vgpr;
} mir_reg_demand;

/* Result of mir_liveness, stored in p->live (arena memory of the program).
 * Bitsets are over temporary ids (BITSET_WORDS(p->num_temps) words).
 * SGPR and linear-VGPR temporaries are live over the linear CFG, logical
 * VGPR temporaries over the logical CFG. */
typedef struct mir_live_info {
  uint32_t words;              /* words per bitset */
  uint64_t **live_in;          /* [block] temps live on entry (phi defs excluded) */
  uint64_t **live_out;         /* [block] temps live on exit (phi operands of successors included) */
  /* [block][instr]: registers occupied while the instruction executes:
   * max(live before it, live after it + its definitions + late-kill operands).
   * Phis count as defined at block entry. */
  mir_reg_demand **demand;
  mir_reg_demand *block_max;   /* [block] max of demand over the block (and its live-in) */
  mir_reg_demand max;          /* max over the program */
} mir_live_info;

/* One instruction of mir_liveness's backward walk (liveness.c):
 * moves `live` (temporary ids live after `ins`) and `cur` (their
 * registers per file, in dwords; temporaries marked in `special` not
 * counted) to before `ins` and returns the demand at `ins`: the larger of
 * the registers live before it and those live after it plus its
 * definitions nobody reads and its late-kill operands. A phi's operands
 * are not read here (they are read on the incoming edges). With `mark`,
 * sets the kill flags of `ins` as the register allocator reads them;
 * without, leaves `ins` unchanged (sched-pressure prices candidate
 * orders with it). */
mir_reg_demand mir_demand_step(const mir_program *p, const uint8_t *special, mir_instr *ins, uint64_t *live,
                               mir_reg_demand *cur, bool mark);
/* Computes live-in/live-out per block, sets MIR_OPND_KILL on every operand
 * that is the last use of its temporary (and clears stale kill flags),
 * computes register demand per instruction, per block and for the program,
 * and stores the result in p->live. O(instructions * words) per iteration
 * of a backwards dataflow over the CFG in post-order. Never fails on a
 * verified program; returns 0. */
int mir_liveness(mir_program *p, diag *d);

#endif
