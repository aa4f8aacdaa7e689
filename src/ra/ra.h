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

/* Lowers one p_spill / p_reload / p_start_linear_vgpr on physical
 * registers (after mir_regalloc) into `out` (room for
 * MIR_SPILL_LOWER_MAX instructions): v_writelane_b32 / v_readlane_b32 for
 * SGPRs in lanes, buffer_store_dword / buffer_load_dword for VGPRs, one
 * per dword, and for SGPRs to scratch the whole-wave sequence through a
 * temporary VGPR. `busy` (a bitset over physical register units, or NULL)
 * holds the registers live across the pseudo and its own operands: a free
 * SGPR pair below the budget saves EXEC there; `scc_live` says SCC must
 * survive. Returns how many (0: the pseudo disappears). Counts the spilled
 * dwords in p->num_spills / num_reloads (spill_lower.c). */
#define MIR_SPILL_LOWER_MAX 64
/* Invariant failures (internal errors, for hand-written input): no free
 * SGPR to keep SCC in; a reload's SGPRs overlap its V# or offset. */
#define MIR_SPILL_LOWER_NO_SCC_KEEPER 0xfffffff0u
#define MIR_SPILL_LOWER_OVERLAP 0xfffffff1u
unsigned mir_spill_lower(mir_program *p, const mir_instr *ins, const uint64_t *busy, bool scc_live, mir_instr **out);

/* Places the `nv` virtual spill slots of one register file (VGPR or SGPR,
 * named by the CONST operand of its p_spill / p_reload; SGPR pseudos whose
 * lane VGPR is already set are skipped): returns the first dword of each
 * (array of nv from `mem`), sharing places between slots never live at
 * once; *extent receives the dwords used. size[s] is slot s's size in
 * dwords (spill_slots.c). */
uint32_t *mir_color_spill_slots(const mir_program *p, bool vgpr, const uint8_t *size, uint32_t nv, arena *mem,
                                uint32_t *extent);

#endif
