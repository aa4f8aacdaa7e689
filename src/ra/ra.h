/* Internals shared by the register-allocation layer (liveness, regalloc,
 * SSA elimination) and the verifier. Not a public interface: see
 * passes/passes.h for the passes themselves. */
#ifndef WAVECC_RA_RA_H
#define WAVECC_RA_RA_H

#include <stdbool.h>
#include <stdint.h>

#include "mir/liveness.h"
#include "mir/mir.h"

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
