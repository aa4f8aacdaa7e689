/* Entry points of the compiler back end: everything from machine IR (after
 * instruction selection and exec-mask lowering) to the code object.
 *
 * The order of the passes is one list, `pipeline` in src/passes/registry.c
 * (mir_pass_pipeline; `wavecc --print-passes` prints it); the driver
 * (src/driver/pipeline.c) runs it after instruction selection, then
 * emits the module (emit/emit.h).
 *
 * Every pass takes the program and a diag; it returns 0 on success and
 * non-zero after reporting a user error with diag_error (for example
 * "register budget exceeded: needs 300 VGPRs, has 256"). Broken internal
 * invariants are asserts, never diagnostics.
 *
 * Units: register counts are in dwords (one SGPR or one VGPR = 1); byte
 * counts are bytes. Register classes are mir_rc (see mir.h).
 */
#ifndef WAVECC_PASSES_PASSES_H
#define WAVECC_PASSES_PASSES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "emit/emit.h"
#include "mir/liveness.h"
#include "mir/mir.h"
#include "ra/ra.h"
#include "util/diag.h"
#include "wavecc/wavecc.h"

/* ---- algebraic identities (src/passes/simplify.c) ------------------------ */

/* Turns 32-bit ALU instructions whose constant operand is an identity
 * (x + 0, x | 0, x & ~0, x << 0, x * 1, ...) into p_copy of the other
 * operand, for mir_fold_copies. Never fails; returns 0. */
int mir_simplify(mir_program *p, diag *d);

/* ---- shift-and-add fusion (src/passes/fuse_shift_add.c) ---------------- */

/* `v_lshlrev_b32 k, x` read only by a v_add_u32 / v_or_b32 of its block
 * becomes one v_lshl_add_u32 / v_lshl_or_b32 x, k, y (SSA machine IR,
 * before register allocation; the shift is left to dce). Never fails;
 * returns 0. */
int mir_fuse_shift_add(mir_program *p, diag *d);
/* After sched-pressure: `v_mul_lo_u32 a, b` read only by a `v_add_u32`
 * of its block whose other operand y is a VGPR dword (live on or not) or
 * an inline constant becomes one v_mad_u64_u32 a, b, lo64 y (mir.h
 * mir_opnd_lo64: the high half don't-care) and the low dword of
 * its result, where the block's register demand leaves room (SSA machine
 * IR, before register allocation; src/passes/fuse_mad.c). Never fails;
 * returns 0. */
int mir_fuse_mad(mir_program *p, diag *d);

/* ---- SDWA source selects (src/passes/sdwa.c) ----------------------------- */

/* On targets with SDWA (gfx9, GFX10): a byte or half-word extract (v_and
 * 0xff/0xffff, v_bfe_u32/i32 at byte or half-word boundaries, v_lshrrev/
 * v_ashrrev 24 or 16) read only by 32-bit integer VOP1/VOP2 instructions
 * of its block becomes their source select (mir_operand.sel, encoded as
 * SDWA); the extract is left to dce. SSA machine IR, before register
 * allocation. Never fails; returns 0. */
int mir_sdwa(mir_program *p, diag *d);

/* ---- copy folding (src/passes/fold_copies.c) ----------------------------- */

/* Renames reads of SSA temporaries defined by p_copy or p_extract to the
 * temporary they equal (same register class, no fixed register, not a
 * tied operand), leaving the copies unused for mir_dce. Never fails;
 * returns 0. */
int mir_fold_copies(mir_program *p, diag *d);

/* ---- local common-subexpression elimination (src/passes/cse.c) ---------- */

/* Renames the results of an instruction equal to an earlier one in the
 * same block (no effects, no fixed registers, no EXEC write between) to
 * the earlier results, leaving it unused for mir_dce. Never fails;
 * returns 0. */
int mir_cse(mir_program *p, diag *d);

/* ---- dominator-based CSE (src/passes/cse_dom.c) ------------------------ */

/* An instruction equal to one in a dominating block (same innermost loop;
 * SALU results by the linear CFG, VALU results by the logical CFG in
 * structured programs only, where a block's VALU work runs under exactly
 * the lanes that pass it) has its results renamed to that one's; dce
 * deletes it. SSA input before register allocation. Never fails; returns 0. */
int mir_cse_dom(mir_program *p, diag *d);

/* ---- loop-invariant code motion (src/passes/licm.c) ----------------------- */

/* Moves effect-free instructions whose operands are defined outside their
 * loop to the loop's preheader, innermost loops first, while the loop's
 * register demand stays below the budget. Runs liveness. Never fails;
 * returns 0. */
int mir_licm(mir_program *p, diag *d);

/* ---- dead-code elimination (src/passes/dce.c) ---------------------------- */

/* Deletes instructions of an SSA program (before register allocation)
 * whose definitions are all unused temporaries and that have no other
 * effect (no memory, EXEC, M0, branch or barrier effect), iterating until
 * none is left. Never fails; returns 0. */
int mir_dce(mir_program *p, diag *d);

/* ---- memory access merging (src/passes/mem_merge.c) ---------------------- */

/* Before liveness, on SSA form: per block, scalar loads from one base that
 * tile 2..16 dwords become one s_load_dwordxN (+ p_split_vector), repeated
 * scalar loads copies of the first, and pairs of ds_read/ds_write_b32/b64
 * on one address temporary ds_read2/ds_write2 (st64 forms included).
 * Never fails; returns 0. */
int mir_mem_merge(mir_program *p, diag *d);

/* Memory spaces (mem_space.c): MIR_SP_NONE for an instruction that
 * accesses no memory; CONST for s_load (memory the kernel never writes);
 * LDS; SCRATCH (MUBUF through the private segment buffer `psb`, SCRATCH);
 * GLOBAL (GLOBAL, MUBUF through any other V#, s_buffer_load); FLAT for
 * flat accesses and anything else, which may be any of them. */
enum { MIR_SP_NONE, MIR_SP_CONST, MIR_SP_LDS, MIR_SP_SCRATCH, MIR_SP_GLOBAL, MIR_SP_FLAT };
unsigned mir_mem_space(const mir_instr *ins, uint32_t psb);
/* Whether accesses of spaces a and b may touch the same bytes. */
bool mir_may_alias(unsigned a, unsigned b);
/* The private segment buffer V# temporary (p_startpgm's s[0:3] definition
 * in kernels and callees), or 0 when there is none. */
uint32_t mir_private_buffer(const mir_program *p);

/* ---- register allocation: ra/ra.h (included above) ---------------------- */

/* Vector folding, liveness, spilling, register allocation, SSA elimination
 * and copy cleanup are declared in ra/ra.h and mir/liveness.h. */

/* After copy-cleanup, in structured programs: an if's block for the lanes
 * that skip its "then" arm, left with nothing but `exec = s_andn2_b64 S,
 * exec` before the join's `exec = s_or_b64 exec, S`, loses the s_andn2
 * (src/passes/exec_cleanup.c). Never fails; returns 0. */
int mir_exec_cleanup(mir_program *p, diag *d);

/* After copy-cleanup, on targets with VGPR index mode: MIR_P_GPR_IDX_READ
 * and WRITE become s_set_gpr_idx_on / v_mov_b32 / s_set_gpr_idx_off; on
 * RDNA (vgpr_movrel) s_mov_b32 m0 / v_movrels_b32 or v_movreld_b32
 * (src/passes/gpr_index.c). Returns -1 (an internal error in d) when a
 * write's result is not in its kept vector's registers, else 0. */
int mir_lower_gpr_index(mir_program *p, diag *d);

/* After gpr-index, before frame, on GFX10+ (two constant-bus reads): the
 * carry of a 64-bit VALU add/subtract's halves in VCC instead of an SGPR
 * when nothing between or after them needs VCC (src/passes/vcc_carry.c).
 * Returns 0. */
int mir_vcc_carry(mir_program *p, diag *d);

/* After waitcnt: a conditional branch over a block that only branches
 * elsewhere (a loop's exit test and its back edge) becomes one inverted
 * conditional branch to that block's target (src/passes/branch_thread.c).
 * Never fails; returns 0. */
int mir_branch_thread(mir_program *p, diag *d);

/* After waitcnt: an s_cbranch_execz over a short arm of VALU work that
 * writes only VGPRs goes (the arm runs with EXEC zero for nothing),
 * src/passes/execz_short.c. Never fails; returns 0. */
int mir_execz_short(mir_program *p, diag *d);

/* ---- post-RA passes (src/passes/) ---------------------------------------- */

/* MODE register pass (src/passes/mode.c): after SSA elimination, inserts
 * s_setreg_imm32_b32 (s_setreg_b32 from a reserved SGPR for a run-time
 * rounding mode) so that every instruction runs with the MODE fields it
 * reads (isa_mode_reads) equal to its need: the environment's value (the
 * kernel's FLOAT_MODE or the program's last write of MODE) or the fixed
 * value of mir_instr.fpmode. Fewest writes: three-phase dataflow over the
 * linear CFG with merged fields and loop hoisting (review D50633). Needs
 * physical registers. Errors: see the file's header. */
int mir_insert_mode_writes(mir_program *p, diag *d);

/* Stack frames of the calling convention (frame.c, after SSA
 * elimination): sets p->frame_size; in a function, saves the registers it
 * writes outside the convention's regions (prologue) and restores them
 * before s_setpc_b64 (p_return); p_call becomes s_waitcnt, the stack
 * pointer move and s_swappc_b64. Returns non-zero after reporting a frame
 * beyond 4 KiB per lane. */
int mir_frame(mir_program *p, diag *d);

/* For each p_call of p, in block and instruction order: may it run with
 * EXEC empty (then the frame pass guards it)? Arena-allocated; on
 * physical registers after SSA elimination (frame_exec.c). */
bool *mir_calls_under_empty_exec(const mir_program *p);
/* After every program's frame pass: `progs` holds nk kernels, then nf
 * functions (function k of isel_calls.c's list at nk + k). A calling
 * kernel's descriptor then covers its callees: callee_sgprs/vgprs are the
 * most any reachable function names, private_segment_size its frame plus
 * the deepest chain of callee frames, or the dynamic stack
 * (uses_dynamic_stack) when recursion or an indirect call leaves the
 * depth unknown. */
void mir_call_resources(mir_program **progs, unsigned nk, unsigned nf);

/* Before register allocation (SSA temporaries): moves the loads of each
 * block up, in order, next to each other, as far as their operands, the
 * previous load and stores/atomics/barriers/s_waitcnt/EXEC and M0 writes
 * allow, while the register demand stays within the occupancy the program
 * already has (VGPRs) or its maximum (SGPRs) and below the budgets. Runs
 * mir_liveness itself; leaves p->live stale (NULL). Returns 0
 * (src/passes/sched_loads.c). */
int mir_sched_loads(mir_program *p, diag *d);
/* sink-joins (sink_joins.c): VALU work on loaded values from a block that
 * ends in a divergent if down to the if's join, so the loads' wait moves
 * towards their readers. Returns 0. */
int mir_sink_joins(mir_program *p, diag *d);

/* sched-loads' register limits for moving code up, from p->live (which
 * must be current): *sgpr the program's maximum SGPR demand, *vgpr the
 * most VGPRs of the same occupancy in gfx900's steps, each a few
 * registers below the budget. False when the demand is over them already
 * (the program will spill: leave its order alone). */
bool mir_sched_limits(const mir_program *p, unsigned *sgpr, unsigned *vgpr);

/* After sched-loads (SSA temporaries): in each block, the instructions
 * after the first reader of a load's result that need no loaded value
 * (ALU and data pseudos up to the next memory access, branch or other
 * fixed instruction) move above that reader, in order, within
 * sched-loads' register limits and SCC's liveness. Runs mir_liveness
 * itself; leaves p->live stale (NULL). Returns 0
 * (src/passes/sched_uses.c). */
int mir_sched_uses(mir_program *p, diag *d);
/* RDNA (a target whose cycle_costs give VALU results a latency), SSA
 * temporaries: list-schedules each block's regions of ALU, data and
 * memory instructions so that a reader of a VALU result issues past the
 * result's latency where independent work is ready, keeping memory
 * accesses and SCC users in order and the register demand within the
 * program's occupancy (sched_ilp.c). Runs mir_liveness itself; leaves
 * p->live stale (NULL). Returns 0. */
int mir_sched_ilp(mir_program *p, diag *d);

/* Before the spiller (SSA temporaries, CDNA): moves each loop-carried
 * MFMA accumulator, and when the VGPR demand is over the budget each
 * straight-line MFMA chain too, to AGPRs of its own (the MFMAs' C and D
 * fixed AGPR tuples, v_accvgpr_write of the entry values, v_accvgpr_read
 * of the result) and records them in p->agpr_acc_dwords. Runs mir_liveness itself; leaves p->live NULL when
 * it changed the program. Returns 0, -1 if liveness fails
 * (src/passes/mfma_acc.c). */
int mir_mfma_acc(mir_program *p, diag *d);

/* Before the spiller: list-schedules, bottom-up, the regions of each block
 * whose exact register demand exceeds the VGPR or SGPR budget, choosing
 * the ready instruction that raises the over-budget file's live registers
 * least (Sethi-Ullman style); keeps a new order only when its peak demand
 * or its demand above the budget is lower and neither is higher. Blocks
 * within the budgets are untouched. Runs mir_liveness itself; leaves
 * p->live NULL when it reordered. Returns 0 (src/passes/sched_pressure.c). */
int mir_sched_pressure(mir_program *p, diag *d);

/* Before sched-pressure: in a loop over the VGPR budget, moves an ALU
 * expression tree computed after the loop from values live through it to
 * the preheader when the values it frees hold more VGPRs than its result.
 * Runs mir_liveness when p->live is NULL; leaves p->live NULL when it
 * moved. Returns 0 (src/passes/loop_hoist_pressure.c). */
int mir_hoist_pressure(mir_program *p, diag *d);

/* Inserts the minimum s_waitcnt (vmcnt/expcnt/lgkmcnt, gfx9 encoding)
 * before every use of a register a pending memory operation writes, and
 * before writes of registers pending loads/stores still access. Dataflow
 * over the linear CFG. Needs physical registers. Returns 0. */
int mir_insert_waitcnt(mir_program *p, diag *d);

/* Inserts s_nop N where gfx9 requires wait states (Vega ISA guide,
 * "Manually Inserted Wait States"). Needs physical registers and must run
 * after every pass that adds or moves instructions. Returns 0. */
int mir_insert_hazard_nops(mir_program *p, diag *d);
/* gfx11 (wavecc_target.alu_latency set): s_delay_alu before ALU
 * instructions that read a recent ALU result (delay_alu.c); after the
 * hazard pass, on physical registers. Always 0. */
int mir_insert_delay_alu(mir_program *p, diag *d);
/* gfx11 (wavecc_target.trans_use_valus set): s_waitcnt_depctr 0xfff
 * before a VALU read of a recent TRANS result; in wave64 also 0xfffe after
 * an SALU write of an SGPR a VALU read as a lane mask and 0xfff before a
 * VALU reading VGPRs written on both sides of an EXEC write
 * (hazards_gfx11.c); on physical registers, after the hazard pass. Always 0. */
int mir_insert_gfx11_hazards(mir_program *p, diag *d);
/* gfx11 wave32 (wavecc_target.vopd): pairs VOP1/VOP2 instructions of a
 * block into dual-issue VOPD instructions (MIR_ENC_VOPD_FIRST/SECOND on
 * two adjacent instructions; vopd.c). On physical registers, after
 * waitcnt and before the gfx11 hazard and s_delay_alu passes. Always 0. */
int mir_pair_vopd(mir_program *p, diag *d);
/* gfx11 (wavecc_target.alu_latency set): list-schedules each block's runs
 * of VALU and plain SALU instructions (nothing moves across a memory
 * access, wait, branch, EXEC or MODE write) so that readers sit past
 * their producers' latency where independent work allows, judged by the
 * s_delay_alu model (delay_alu.h); a VOPD pair moves as one. On physical
 * registers, after vopd and before the gfx11 hazard and s_delay_alu
 * passes (sched_latency.c). Always 0. */
int mir_sched_latency(mir_program *p, diag *d);

/* Inserts s_nop N where an instruction depends on a v_mfma_* (or an MFMA
 * on a plain VALU write) sooner than the target allows (hazards_mfma.c;
 * wavecc_mfma_wait). Needs physical registers; runs after the gfx9
 * hazards pass. A program without MFMA is unchanged. Returns 0. */
int mir_insert_mfma_hazard_nops(mir_program *p, diag *d);

/* The s_waitcnt immediate: wavecc_waitcnt_encode/decode (target/target.h). */

/* ---- emission and code objects: emit/emit.h (included above) ----------- */

/* ---- pass registry (src/passes/registry.c) ------------------------------ */

typedef int (*mir_pass_fn)(mir_program *p, diag *d);

typedef struct mir_pass_info {
  const char *name;     /* "liveness", "regalloc", "ssa-elim", "waitcnt", "hazards", ... */
  mir_pass_fn run;
  const char *description;
  /* p->live still describes the program after the pass (it computes it, or
   * recomputes it after its changes); mir_run_pass drops p->live after any
   * other pass, so a pass that needs liveness computes it only when
   * p->live is NULL (one computation per kernel instead of three). */
  bool keeps_liveness;
} mir_pass_info;

/* The pass by name, or NULL. The table lives in registry.c, one line per
 * pass. */
const mir_pass_info *mir_pass_lookup(const char *name);
/* All passes, each once; *n receives the count. */
const mir_pass_info *mir_pass_list(unsigned *n);
/* The pipeline's pass order after instruction selection (registry.c),
 * passes that run twice listed twice; *n receives the count. */
const mir_pass_info *const *mir_pass_pipeline(unsigned *n);

/* Runs one pass, then (in WAVECC_VERIFY builds, or when `verify` is true)
 * mir_verify with the right after_ra mode; prints the program to `dump`
 * when `print_after` is the pass name or "all". Returns the pass's status,
 * or non-zero with a diag_error when the verifier finds problems. */
int mir_run_pass(mir_program *p, const mir_pass_info *pass, diag *d, bool verify,
                 const char *print_after, FILE *dump);

#endif
