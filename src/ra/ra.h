/* The register-allocation layer: vector folding, spilling, register
 * allocation, SSA elimination and copy cleanup (the passes, run through
 * the pass list of passes/registry.c), and the internals its files and the
 * post-RA passes share. Below src/passes, which includes it: nothing here
 * includes passes/passes.h (scripts/check-layers.py). */
#ifndef WAVECC_RA_RA_H
#define WAVECC_RA_RA_H

#include <stdbool.h>
#include <stdint.h>

#include "mir/liveness.h"
#include "mir/mir.h"
#include "util/diag.h"

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

/* ---- vector folding (src/ra/fold_vectors.c) ----------------------------- */

/* Before liveness, on SSA temporaries: an extract of a create_vector's
 * result is renamed to that operand, a create_vector of all the extracts of
 * one value to that value; the extracts of one value that dies in their
 * block become one p_split_vector (so the allocator places the parts in
 * its registers); unread create_vector / split_vector / extract and
 * moves (p_copy, s_mov, v_mov without a register constraint) are deleted. Never fails; returns 0. */
int mir_fold_vectors(mir_program *p, diag *d);

/* ---- spilling (src/ra/spill.c) ------------------------------------------ */

/* Before mir_regalloc: lowers the SGPR and VGPR demand to the budgets
 * (mir_sgpr_budget, mir_vgpr_budget) with spill-everywhere by next-use
 * distance (Braun & Hack 2009): constants are rematerialised, SGPRs go to
 * lanes of linear VGPRs (p_spill/p_reload, lowered to v_writelane_b32 /
 * v_readlane_b32: EXEC-independent), VGPRs to the lane's scratch above the
 * allocas (adds the private segment buffer and wave offset inputs and
 * raises abi.private_segment_size, bytes per lane). Records the demand
 * before spilling in p->maxlive_sgpr/maxlive_vgpr. Error: a point whose
 * own operands and results exceed a budget ("register budget too small:
 * ... at `instruction`"), more than 1024 SGPR dwords or 4 KiB of VGPR
 * spill area. Uses p->live when set (exact, see mir_pass_info), else
 * computes it; leaves it exact for the program it returns. */
int mir_spill(mir_program *p, diag *d);

/* ---- register allocation (src/ra/regalloc.c) ---------------------------- */

/* Budgets the allocator uses: SGPRs = abi.num_sgprs_budget (or
 * MIR_MAX_SGPRS minus the VCC/flat-scratch/XNACK reservations when 0),
 * VGPRs = abi.num_vgprs_budget (or 256 when 0). */
unsigned mir_sgpr_budget(const mir_program *p);
unsigned mir_vgpr_budget(const mir_program *p);

/* AGPRs a program may use besides its ArchVGPRs (targets with a unified
 * VGPR/AGPR file; 0 elsewhere): what one wave of its largest work-group
 * (max_flat_workgroup_size, 1024 when unset) may hold of the SIMD's
 * vgprs_per_simd registers, in vgpr_granule steps, minus ACCUM_OFFSET
 * past the VGPR budget (align(budget, accum_offset_granule)), at most
 * t->agprs (AMDGPUUsage compute_pgm_rsrc1/3 for GFX90A; src/ra/spill_place.c). */
unsigned mir_agpr_room(const mir_program *p);

/* SSA register allocation after ACO: runs mir_liveness itself (kill flags
 * must be fresh). Before allocation a physical register on a temporary is
 * a constraint (ABI inputs of p_startpgm, SCC/VCC/EXEC/M0 operands).
 * Assigns a physical register (operand.preg)
 * to every temporary operand and definition, keeping SSA form: phis stay,
 * parallel copies are inserted where a value must move (fixed operands,
 * live-range splits), and phi operands are coalesced with the phi's
 * register where possible. Vector SGPR temporaries are aligned (s2: even,
 * s4 and up: multiple of 4). Sets p->num_sgprs_used/num_vgprs_used and
 * p->regs_assigned. Uses p->live when set (exact: the pass registry keeps
 * it only across passes that leave it exact), else computes it. Error:
 * "register budget exceeded: needs N VGPRs, has M"
 * (or SGPRs) when the demand exceeds the budget. */
int mir_regalloc(mir_program *p, diag *d);

/* ---- XNACK replay constraints (src/ra/xnack_replay.c) ------------------ */

/* Is ins a scalar load whose destination must not overlap its address
 * operands: more than one dword loaded, on a target whose code XNACK may
 * replay (wavecc_xnack_replay of p's target ID)? */
bool mir_smem_replay_constrained(const mir_program *p, const mir_instr *ins);

/* Before liveness: marks the register operands of every such load
 * late-kill, so the allocator keeps its destination off them. Never
 * fails; returns 0. Nothing to do with xnack off (-mattr=-xnack). */
int mir_xnack_constraints(mir_program *p, diag *d);

/* ---- Destinations apart from sources (src/ra/dst_apart.c) -------------- */

/* Before liveness: marks the register operands of every instruction whose
 * destination must not overlap its sources on p's target (wavecc_dst_apart)
 * late-kill. Never fails; returns 0. Nothing to do on other targets. */
int mir_dst_apart(mir_program *p, diag *d);

/* ---- SSA elimination (src/ra/ssa_elim.c) -------------------------------- */

/* After mir_regalloc: replaces phis by parallel copies at the end of the
 * predecessors (logical phis before p_logical_end, linear ones before the
 * branch; critical edges that carry copies are split into a new block at
 * the end of the array) and lowers every p_parallelcopy (and p_copy,
 * p_create_vector, p_split_vector, p_extract) to sequential
 * s_mov_b32/s_mov_b64/v_mov_b32, breaking cycles with v_swap_b32 (VGPRs)
 * or three moves through a free SGPR (else s_xor when SCC is dead).
 * Moves use fixed physical-register operands. Removes p_startpgm, logical
 * markers and no-op moves. Error (internal): a copy from a VGPR to an
 * SGPR, a critical edge outside the linear CFG. Sets p->ssa_eliminated. */
int mir_ssa_elim(mir_program *p, diag *d);

/* After mir_ssa_elim, on physical registers, block by block: reads of a
 * move's destination read its source while both are unchanged (VGPRs:
 * and EXEC; an SGPR read in VALU only while the scalar sources stay within
 * the target's constant bus); moves
 * onto themselves, and moves whose destination is completely rewritten
 * in the block before any read (VGPRs: under the same EXEC), are deleted
 * (src/ra/copy_cleanup.c). Never fails; returns 0. */
int mir_copy_cleanup(mir_program *p, diag *d);

/* Deletes from block b each `s_mov_b32 m0, x` (x a constant or an SGPR)
 * whose value M0 already holds from an earlier such move of the block
 * (neither M0 nor x written since; pseudos, branches and M0-relative
 * moves end what is known). Returns how many it deleted. Called by
 * mir_copy_cleanup (src/ra/m0_reuse.c). */
unsigned mir_m0_reuse_block(mir_block *b);

/* One parallel copy on physical registers, for mir_ssa_elim and its unit
 * test: dst[i] = src[i] for i < n, all at once. Registers are mir_preg
 * (SGPR 0..101, VCC 106, M0 124, EXEC 126, VGPR 256..511), one dword each;
 * src[i] may also be MIR_PREG_NONE with src_const[i] a constant.
 * `emit(ctx, dst, src, is_const, value)` receives the sequential moves
 * (src == dst never); `swap(ctx, a, b)` exchanges two registers of the same
 * file. Returns the number of moves+swaps, or -1 for an illegal VGPR->SGPR
 * move. Destinations must be distinct. */
typedef void (*mir_pc_move_fn)(void *ctx, mir_preg dst, mir_preg src, bool is_const, uint32_t value);
typedef void (*mir_pc_swap_fn)(void *ctx, mir_preg a, mir_preg b);
int mir_sequentialize_copies(const mir_preg *dst, const mir_preg *src, const uint32_t *src_const,
                             unsigned n, mir_pc_move_fn emit, mir_pc_swap_fn swap, void *ctx);

#endif
