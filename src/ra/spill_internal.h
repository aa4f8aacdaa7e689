/* Internals of the spiller (spill.c, the driver) shared by its parts:
 * spill_place.c (scratch inputs, slots), spill_choose.c (what to spill),
 * spill_apply.c (rewriting), spill_nextuse.c (next-use distances),
 * spill_cleanup.c, spill_sgpr_scratch.c. Not a public interface: the pass
 * is mir_spill in ra/ra.h. */
#ifndef WAVECC_RA_SPILL_INTERNAL_H
#define WAVECC_RA_SPILL_INTERNAL_H

#include <stdbool.h>
#include <stdint.h>

#include "mir/loops.h"
#include "mir/mir.h"
#include "util/diag.h"

/* What a temporary is to the spiller. Below TK_DONE: may still be chosen.
 * TK_KEPT: stored after its definition but still read from its register
 * by uses before the first over-budget point of its block. */
enum { TK_NORMAL, TK_REMAT, TK_RELOAD, TK_KEPT, TK_DONE, TK_PINNED };
/* REMAT_DEEP: a TK_REMAT value whose operands that are TK_REMAT ALU
 * values may be copied at its uses; REMAT_COPY: a block's copy of a
 * rematerialised load (copied again per use, not per block: rounds end);
 * REMAT_RELOAD_OPS: a TK_REMAT value whose TK_KEPT operands (spilled in an
 * earlier round) are reloaded before each copy; REMAT_IN_LOOP: a TK_REMAT
 * value read in a loop its definition is not in. */
enum { REMAT_DEEP = 1, REMAT_COPY = 2, REMAT_RELOAD_OPS = 4, REMAT_IN_LOOP = 8 };
#define FAR 0x3fffffffu
#define LOOP_EXIT_COST 100000u
#define MAX_LANE_VGPRS 16u

typedef struct spill_ctx {
  mir_program *p;
  diag *d;
  bool vgpr;             /* the file of the current round */
  unsigned target;       /* demand the file must fit */
  unsigned slack;        /* registers kept free where possible: room for tuples in a fragmented file */
  unsigned reserve;      /* SGPRs held for the scratch V# and offset where they are not live */
  uint32_t cap;          /* size of the per-temporary arrays */
  uint8_t *kind;         /* [temp] TK_* */
  uint8_t *chosen;       /* [temp] chosen in this round */
  uint32_t *slot;        /* [temp] first spill slot (SGPR: lane index; VGPR: dword) */
  mir_instr **def;       /* [temp] defining instruction (this round) */
  uint32_t *def_block;   /* [temp] its block */
  uint32_t *reload_of;   /* [temp] block-local reload: the spilled value, else 0 */
  mir_instr **store;     /* [temp] its p_spill (TK_KEPT values: where a reload finds the slot) */
  uint32_t *keep;        /* [temp] apply: epoch in which the register copy may still be read */
  uint32_t *dist_in;     /* [block * cap + temp] next-use distance at block entry */
  uint32_t *nu;          /* [temp] next use position in the walked block */
  mir_temp lanes[MAX_LANE_VGPRS];
  unsigned num_lanes, scratch_base;
  uint8_t *vslot_size;   /* [virtual slot] dwords, for the file being lowered */
  uint32_t nvslots, cap_vslots;
  mir_temp psb, wo;      /* scratch V# (s4) and wave offset (s1), 0 ids when absent */
  bool flat_ready;       /* architected flat scratch: scratch_base fixed (spill_ensure_scratch_inputs) */
  bool sgpr_scratch;     /* SGPR slots in scratch (whole-wave temporary VGPR), not in lanes */
  uint32_t vbase;        /* bytes below the VGPR slots (save slot and SGPR slots in scratch mode) */
  unsigned num_windows;  /* base SGPRs of VGPR slots past the immediate's reach (spill_place.c) */
  uint8_t *is_scc;       /* [temp] defined in SCC */
  uint8_t *remat_flags;  /* [temp] REMAT_* (spill_remat.c) */
  mir_loops loops;       /* natural loops of the linear CFG and each block's depth (spill_loop_depths) */
} spill_ctx;

static inline unsigned tsize(const spill_ctx *c, uint32_t t) { return mir_rc_size(c->p->temp_rc[t]); }

/* Does temporary t belong to the file being lowered? Linear VGPRs (the
 * SGPR spill lanes) never spill. */
static inline bool in_file(const spill_ctx *c, uint32_t t) {
  mir_rc rc = c->p->temp_rc[t];
  if (c->vgpr) return mir_rc_is_vgpr(rc) && !(rc & MIR_RC_LINEAR);
  return !mir_rc_is_vgpr(rc);
}

/* Does the instruction read or write temporary t? */
static inline bool spill_names(const mir_instr *ins, uint32_t t) {
  for (unsigned k = 0; k < (unsigned)ins->num_ops + ins->num_defs; k++)
    if (ins->ops[k].kind == MIR_OPND_TEMP && ins->ops[k].temp.id == t) return true;
  return false;
}

/* spill_ctx.c: the per-temporary arrays grown to p->num_temps; a new
 * temporary of class rc (arrays grown); a copy of an instruction (same
 * operands, definitions and encoding fields). */
void spill_grow(spill_ctx *c);
mir_temp spill_new_temp(spill_ctx *c, mir_rc rc);
mir_instr *spill_clone(mir_program *p, const mir_instr *ins);

/* spill_place.c. spill_ensure_scratch_inputs: finds or adds the private
 * segment buffer (c->psb) and scratch wave offset (c->wo) among the kernel
 * inputs (false: no p_startpgm). spill_alloc_slot: a new virtual slot of n
 * dwords for t (c->slot[t]). spill_make_spill_to / spill_make_spill /
 * spill_make_reload: the pseudos for virtual slot s / t's slot (a reload
 * defines a new temporary *out). spill_place_slots: places the file's
 * virtual slots and rewrites the pseudos (0, or -1 with an error). */
bool spill_ensure_scratch_inputs(spill_ctx *c);
/* The V# and base operands of a scratch spill pseudo: c->psb and c->wo,
 * or with architected flat scratch (no V#, FLAT_SCRATCH the wave's
 * scratch) "off" and the slots' base, c->scratch_base lane bytes, as a
 * constant (mir_scratch_access adds it to the offset). */
static inline mir_operand spill_rsrc_operand(const spill_ctx *c) {
  if (!wavecc_scratch_flat(c->p->target)) return mir_op_temp(c->psb);
  return (mir_operand){.kind = MIR_OPND_NONE, .preg = MIR_PREG_NONE};
}
static inline mir_operand spill_base_operand(const spill_ctx *c) {
  if (!wavecc_scratch_flat(c->p->target) || c->wo.id) return mir_op_temp(c->wo);
  return mir_op_const(c->scratch_base); /* a kernel: no base register */
}
void spill_alloc_slot(spill_ctx *c, uint32_t t, unsigned n);
mir_instr *spill_make_spill_to(spill_ctx *c, mir_temp v, uint32_t s);
mir_instr *spill_make_spill(spill_ctx *c, mir_temp v);
mir_instr *spill_make_reload(spill_ctx *c, uint32_t t, mir_temp *out);
int spill_place_slots(spill_ctx *c);

/* spill_choose.c. spill_head_end: index after a block's phis and entry
 * code (where stores of values defined at entry go). spill_block_slack:
 * registers kept free in block b for tuples. spill_choose: marks values
 * to spill (c->chosen) where demand exceeds the target; *n gets how many
 * (-1: a point no choice relieves, reported). */
uint32_t spill_head_end(const spill_ctx *c, const mir_block *b);
unsigned spill_block_slack(const spill_ctx *c, const mir_block *b);
int spill_choose(spill_ctx *c, unsigned *n);

/* spill_apply.c: rewrites every block for the chosen values (stores,
 * reloads, rematerialisations, memory phis); 0 or -1. */
int spill_apply(spill_ctx *c);

/* spill_remat.c: is ins a move of a constant (always rematerialised)?
 * spill_remat_from_live: marks TK_REMAT the plain ALU values whose
 * register operands are live at every use, and the loaded values that can
 * be loaded again at every use (after scan_defs; needs current liveness
 * and c->def, and points c->def of such a value at how it is computed
 * again: a one-dword load outside any block for a dword of a loaded
 * tuple). spill_remat_is_load: is that a load? spill_remat_settle
 * (spill_apply.c, once the round's values are chosen): back to TK_NORMAL
 * (stored) every chosen TK_REMAT value whose copy would need a chosen
 * operand that cannot be brought back before it (a chain deeper than two;
 * for an ALU operation, more than one operand in memory, one wider than
 * the value, or one reloaded in a deeper loop than the definition). */
bool spill_is_remat(const mir_instr *ins);
void spill_remat_from_live(spill_ctx *c);
bool spill_remat_is_load(const mir_instr *ins);
void spill_remat_settle(spill_ctx *c);
/* spill_remat.c: is the copy of TK_REMAT value t a load or does it reload
 * an operand (made once per block then, not once per use)? */
bool spill_remat_costly(const spill_ctx *c, uint32_t t);
/* spill_remat.c: drops loads (not volatile) and p_split_vector /
 * p_extract whose results nothing reads any more: a loaded tuple whose
 * every dword is loaded again where it is used (end of spill_apply). */
void spill_remat_drop_dead(spill_ctx *c);

/* spill_sink.c: moves VALU and SALU expression trees to just before
 * their first use in blocks whose VGPR or SGPR demand exceeds vbudget or
 * sbudget, where that lowers the demand (needs current liveness; leaves
 * it stale). */
void spill_sink_trees(spill_ctx *c, unsigned vbudget, unsigned sbudget);
/* spill_sink.c: moves loads of kernel arguments (s_load from a kernel
 * input address) from the entry block to just before their only reader
 * (to the preheader of a loop that reads them), where that lowers the
 * SGPR peak without raising it in a loop (needs liveness and c->depth;
 * leaves liveness stale). */
void spill_sink_const_loads(spill_ctx *c);

/* spill_sgpr_scratch.c: SGPR spills to scratch (seed D96336). Places the
 * virtual SGPR slots as per-lane scratch dwords and rewrites the pseudos
 * into their scratch form (0; c->vbase set); whether the pseudo has SCC
 * live across it (live: the temporaries live after it); whether `lanes`
 * VGPRs of spill lanes would leave too few VGPRs for some instruction
 * (needs current liveness). */
int spill_place_sgpr_scratch(spill_ctx *c);
bool spill_scc_across(const spill_ctx *c, const mir_instr *ins, const uint64_t *live);
bool spill_lanes_conflict(spill_ctx *c, unsigned lanes, unsigned bv);

/* Drops stores of values into the place they were just reloaded from
 * (same block, nothing written there since; VGPRs: same EXEC), reads a
 * value stored just before from its register, drops reloads whose result
 * is unused and stores nothing reloads, for the file just placed
 * (spill_cleanup.c). */
void spill_drop_round_trips(spill_ctx *c);

/* The block's only predecessor in the CFG of the file (VGPRs: logical
 * and linear, the same block; SGPRs: linear), else UINT32_MAX: registers
 * and spill slots hold at b's start what they held at its end
 * (spill_reuse.c). */
uint32_t spill_only_pred(const spill_ctx *c, const mir_block *b);

/* Before slots are placed (VGPRs, SGPRs in lanes): reloads whose slot's value an earlier
 * instruction of the block left in a register read that register where
 * keeping it live fits the budget (nearest reuse first), and stores to
 * slots nothing reads any more go (spill_reuse.c). Recomputes liveness;
 * true when something changed (liveness stale then). */
bool spill_reuse_registers(spill_ctx *c);
/* The file's demand at each instruction of block bi (current liveness),
 * with the SGPRs reserved for the scratch V# and offset where they are not
 * live, as spill_choose.c counts them (spill_reuse.c). */
uint16_t *spill_block_demand(const spill_ctx *c, uint32_t bi);

/* Before slots are placed (VGPRs, SGPRs in lanes): a slot reloaded in a
 * loop and never stored there is reloaded once at the end of the loop's
 * preheader where the loop has room for it (spill_loops.c). Leaves
 * liveness stale; true when something changed. */
bool spill_hoist_loop_reloads(spill_ctx *c);

/* Drops the stores of virtual VGPR slots s with alias[s] != UINT32_MAX
 * and points their reloads at slot alias[s], alias_off[s] dwords in
 * (chains followed), where the value already is (spill.c partial_reload;
 * spill_cleanup.c). Before placement. */
void spill_alias_slots(spill_ctx *c, const uint32_t *alias, const int32_t *alias_off);

/* The natural loops of the linear CFG and each block's loop depth
 * (c->loops, mir_find_loops; spill_nextuse.c). */
void spill_loop_depths(spill_ctx *c);

/* Next-use distances at block entry (c->dist_in) for the temporaries of
 * the file being lowered (spill_nextuse.c). */
void spill_next_use(spill_ctx *c);
/* Next-use distance of t at the end of block b, in instructions (FAR when
 * none is known; leaving a loop costs LOOP_EXIT_COST). */
uint32_t spill_out_dist(const spill_ctx *c, uint32_t b, uint32_t t);

#endif
