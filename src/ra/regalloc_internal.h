/* The SSA register allocator's state and the helpers its parts share
 * (regalloc.c: assignment in dominance order and affinities;
 * regalloc_choose.c: which free register a definition takes;
 * regalloc_split.c: live-range splitting of a fragmented file;
 * regalloc_global.c: moves of values live out of their block;
 * regalloc_calls.c: the registers calls clobber). Private to src/ra. Registers are numbered as
 * mir_preg: SGPRs from 0, VGPRs from 256, one unit per dword. */
#ifndef WAVECC_RA_REGALLOC_INTERNAL_H
#define WAVECC_RA_REGALLOC_INTERNAL_H

#include "mir/mir.h"

#define UNITS 512u
#define RA_MAX_RESV 16u

enum { SGPR_TARGET = 1, SGPR_CROSSES = 2 }; /* call_crossings' marks of SGPR temporaries */

typedef struct ra_ctx {
  mir_program *p;
  diag *d;
  mir_preg *reg;     /* [temp] assigned register or MIR_PREG_NONE */
  mir_preg *pref;    /* [temp] preferred register or MIR_PREG_NONE */
  uint32_t owner[UNITS]; /* temp id occupying each register unit, 0 = free */
  unsigned sgpr_budget, vgpr_budget;
  unsigned sgpr_lo;            /* below: the calling convention's SGPR region (for values no call clobbers) */
  uint8_t *cross;              /* [temp] VGPRs v0.. a call it lives across clobbers (0: none); SGPRs:
                                * call_crossings' SGPR_TARGET or SGPR_CROSSES */
  uint64_t *avoid;             /* [temp] VGPRs v0..v63 a call it lives across takes as fixed operands
                                * above the ones it clobbers (v31: the work-item ids) */
  bool region_free;            /* SGPR temporaries no call clobbers may use the region (not in the compact
                                * layout, whose region holds a calling kernel's fixed soffset 0) */
  mir_preg sp_blocked;         /* a calling kernel's stack pointer (set once, frame.c): no value's; or NONE */
  unsigned sgpr_hwm, vgpr_hwm; /* highest unit used + 1 per file */
  bool failed;
  uint32_t cap;        /* size of reg/pref */
  /* Where definitions are being placed, for live-range splitting: the
   * block, the position of the instruction, and that instruction. */
  mir_block *cur_block;
  uint32_t cur_bi, cur_pos;
  mir_instr *cur_ins;
  uint32_t live_temps; /* temporaries covered by p->live (ids below) */
  /* [temp below live_temps] read as the low half of a 64-bit operand
   * somewhere (mir_opnd_lo64): its register r keeps r+1 inside the budget
   * and r at the target's VGPR tuple alignment (ra_lo64_ok); NULL when
   * the program has no such read */
  uint8_t *lo64;
  /* Affinities (see ra_compute_affinities), indexed by temporaries below
   * live_temps: */
  uint32_t *parent;        /* union-find forest of affinity sets */
  mir_preg *set_reg;       /* [root] register of the set's first placed member */
  const mir_instr **vec;   /* [temp] the create_vector it is an operand of */
  uint8_t *vec_off;        /* [temp] its first dword in that vector */
  /* Ranges promised to vectors whose operands are being placed (block
   * local): other SGPR values avoid them while another range is free. */
  struct { mir_preg base; uint8_t n; bool lent; uint32_t vec; } resv[RA_MAX_RESV]; /* lent: placed by a value lent a
                                                                            * slot (VGPRs keep off it too) */
  unsigned num_resv;
  /* XNACK soft clauses (block local): the kind of the run of SMEM
   * instructions being placed (ISA_CLAUSE_*) and the units its members'
   * operands freed, which its later definitions avoid while another range
   * is free (a member writing a register another member read needs an
   * s_nop to split the clause, src/passes/hazards.c). */
  bool replay;
  unsigned clause_kind;
  uint64_t clause_freed[UNITS / 64];
  /* The VGPRs of the previous instruction's store data wider than 64 bits
   * (targets with the VMEM store-data hazard): the next instruction's
   * definitions avoid them while another range is free (block local). */
  bool store_hold;
  uint64_t store_data[UNITS / 64];
  /* Moves of values live out of their block (regalloc_global.c): the
   * linear and logical CFGs' immediate dominators and the linear CFG's
   * dominance frontiers (computed at the first such move), the temporary
   * whose liveness each temporary made by such a move (its copy, or a phi
   * joining names) carries ([temp], UINT32_MAX: none; NULL before the
   * first move), and per moved temporary the name it has at each block's
   * entry. */
  uint32_t *idom_lin, *idom_log;
  mir_idx_list *df, *df_log; /* [block] dominance frontier in the linear, logical CFG */
  /* VGPR values that need logical phis may move (ra_choose's last
   * search: regalloc_global.c vgpr_phis_ok) */
  bool logical_phis;
  /* Loop-carried values (loop_wants in regalloc_choose.c): [temp below
   * live_temps] read by a phi; per temporary the position of its last
   * read in block kill_blk - 1; the phi operands the current block
   * defines (position, temporary), for the block and instruction count
   * they were found for (wants_bi - 1, wants_len). */
  uint8_t *phi_opnd;
  uint32_t *kill_at, *kill_blk;
  struct ra_want { uint32_t pos, t; } *wants;
  unsigned num_wants, cap_wants;
  uint32_t wants_bi, wants_len;
  uint32_t *orig;
  struct ra_names { uint32_t orig; uint32_t *in; } *names;
  unsigned num_names, cap_names;
} ra_ctx;

/* Alignment in dwords of a range of class rc (SGPR pairs even, 3+ dwords
 * 4-aligned; VGPR tuples as the target requires). */
unsigned ra_rc_align(const ra_ctx *c, mir_rc rc);

/* Lowest register (numbered in its file: s0 = 0, v0 = 0) temporary t of
 * class rc may take, given the calls it lives across. */
unsigned ra_lowest(const ra_ctx *c, uint32_t t, mir_rc rc);

/* May temporary t take registers r.. (numbered in its file) as far as the
 * calls it lives across go? */
bool ra_call_allows(const ra_ctx *c, uint32_t t, mir_rc rc, unsigned r);

/* Can temporary t (class rc) live in r (mir_preg numbering): free, within
 * the budget, aligned, and allowed by the calls it lives across?
 * MIR_PREG_NONE never fits. */
bool ra_fits(const ra_ctx *c, uint32_t t, mir_rc rc, mir_preg r);

/* Marks the units of t's class size from r as owned by t (and raises the
 * high-water marks); ra_release frees t's units. */
void ra_occupy(ra_ctx *c, uint32_t t, mir_preg r);
void ra_release(ra_ctx *c, uint32_t t);

/* May t (class rc) sit at r (mir_preg numbering) as far as its reads as
 * the low half of a 64-bit operand go (c->lo64): r+1 within the budget,
 * r aligned as the target aligns VGPR tuples? True for other temporaries. */
bool ra_lo64_ok(const ra_ctx *c, uint32_t t, mir_rc rc, mir_preg r);

/* Lowest free aligned range for t of class rc; MIR_PREG_NONE when none. */
mir_preg ra_find_free(const ra_ctx *c, uint32_t t, mir_rc rc);

/* The root of temporary t's affinity set (t below c->live_temps;
 * compresses paths, hence not const). */
uint32_t ra_find_set(ra_ctx *c, uint32_t t);

/* Does operand k of the p_create_vector v die there (its kill flag, or a
 * later read of the same value carries it)? A value that lives on cannot
 * share its register with the vector: the vector copies it. */
bool ra_dies_in_vector(const mir_instr *v, unsigned k);

/* Builds the affinity sets, vector slots and preferred registers of the
 * program's temporaries before assignment (regalloc_affinity.c: phis and
 * their operands, copies, p_create_vector operands, loop-header phis'
 * vector slots). Allocates c's affinity arrays from its arena. */
void ra_compute_affinities(ra_ctx *c);

/* Preferences of ins's definitions for its operands' registers (parts of
 * a killed p_split_vector / p_extract, a copy's destination), set when
 * ins is reached during assignment. */
void ra_prefer_from_operands(ra_ctx *c, const mir_instr *ins);

/* A register for t's definition (no fixed register) at c->cur_ins, after
 * the placement rules of regalloc_choose.c (soft clauses, the VMEM
 * store-data hazard, vectors apart from parts that live on, preference,
 * affinity, vector slot, lowest free range, splitting). MIR_PREG_NONE
 * when nothing fits: then a budget error is reported and c->failed set. */
mir_preg ra_choose(ra_ctx *c, uint32_t t);

/* After placing ins (c->reg holds its operands' registers): records in
 * c->store_data / c->store_hold the VGPRs of its store data wider than 64
 * bits, which the next instruction's VALU definitions avoid on targets
 * with the VMEM store-data hazard (regalloc_choose.c). */
void ra_store_step(ra_ctx *c, const mir_instr *ins);

/* Grows reg/pref after temporaries were created during allocation. */
void ra_grow_arrays(ra_ctx *c);

/* Can temporary t move to another register before c->cur_ins? Only a
 * value that dies in this block, is not pinned or a linear VGPR, and is
 * not defined by the instruction (regalloc_global.c, with the moves of
 * values that are not). */
bool ra_movable(const ra_ctx *c, uint32_t t);

/* The temporary whose liveness (p->live) temporary t follows: t itself
 * when it existed before allocation, the original of a cross-block move
 * (regalloc_global.c), else UINT32_MAX (a block-local copy). */
uint32_t ra_live_id(const ra_ctx *c, uint32_t t);

/* Can temporary t, live out of the current block, move to another
 * register before c->cur_ins with its later uses renamed in every block
 * the current one dominates (regalloc_global.c)? Also true for what
 * ra_movable allows. */
bool ra_movable_across(ra_ctx *c, uint32_t t);

/* After a copy nt = old before c->cur_ins (old live out of the block,
 * its uses from c->cur_pos on in the block renamed already): renames
 * old's other uses to the value that reaches them, adding phis where old
 * and nt meet (linear ones for SGPRs, logical ones for VGPRs when
 * c->logical_phis allowed them, see ra_movable_across), and records
 * the names at block entries (ra_live_in_name). Returns the name the copy
 * reads: old, or a phi of a block dominating the current one. */
uint32_t ra_rename_across(ra_ctx *c, uint32_t old, uint32_t nt);

/* The name live-in temporary t has in block bi after the renames. */
uint32_t ra_live_in_name(const ra_ctx *c, uint32_t t, uint32_t bi);

/* Clears an aligned window for t (class rc) by moving block-local values
 * (with `across`, also values live out of the block that
 * ra_movable_across allows) out of it with a p_parallelcopy before
 * c->cur_ins (regalloc_split.c). Returns the window's first register, or
 * MIR_PREG_NONE. */
mir_preg ra_split_for(ra_ctx *c, uint32_t t, mir_rc rc, bool across);

/* Per temporary: VGPRs v0.. clobbered by calls it lives across, or for
 * SGPRs SGPR_TARGET / SGPR_CROSSES; fills avoid[t] with the VGPRs such
 * calls take as fixed operands. Allocated in mem (regalloc_calls.c). */
uint8_t *ra_call_crossings(const mir_program *p, arena *mem, uint64_t *avoid);

#endif
