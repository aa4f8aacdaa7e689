/* Reloads moved out of loops once a file's spilling is done (spill.c,
 * before its slots are placed): a slot that is reloaded inside a loop and
 * never stored there is reloaded once at the end of the loop's preheader
 * instead, and every reload of it in the loop reads that register, where
 * the register fits the loop: every instruction of the loop (and the
 * preheader's end) has demand + the slot's size <= budget - the block's
 * tuple slack (one register less for an SGPR tuple), except where a
 * reload of the slot is live already. spill_reuse.c runs before (the
 * gaps it bridges inside blocks save more than a hoist where both want
 * the same room: sgemm_reg4x4.cl at 8/32) and again after a hoist.
 *
 * Why: the rounds of spill.c choose values per over-budget point, so a
 * value is often chosen at a point before the loop (its next use is far
 * there: after a branch, in the loop) and from then on reloaded in every
 * block of the loop that reads it, every iteration, although the loop has
 * room for it (raysphere.cl at 8/24: the spheres pointer and the count,
 * SGPR lanes read in every iteration). spill_apply.c's plan_hoists does
 * this in the round that chooses the value, when the loop fits then; this
 * pass sees the final demand, after every round. It is Braun & Hack's
 * loop-entry set W_entry (values used in the loop, kept in registers
 * across it up to the loop's pressure), applied to what the rounds left.
 *
 * Order: loops outermost first (an enclosing loop before the loops it
 * holds); in a loop, slots by their reloads in it, nested ones weighted
 * by 8 per level of depth, most first. Each hoist adds the slot's size to
 * the demand of the points it spans, so later candidates see what earlier
 * ones took.
 *
 * Validity: the preheader is the header's only entry in both CFGs and has
 * the header as its only successor (mir_loop_preheader), so the slot
 * holds at the preheader's end what it holds at every reload in the loop
 * (nothing in the loop stores to it), for every lane that enters (VGPRs:
 * the preheader's EXEC at its end is the loop's entry EXEC, a superset of
 * the lanes of any block in the loop). The new register is defined in the
 * preheader, which dominates the loop: SSA holds. SGPR reloads stay
 * v_readlane of a fixed lane (EXEC-independent). Not for SGPR slots in
 * scratch (whole-wave sequences that may need an SGPR for SCC), programs
 * with calls, or partial reloads of tuples. */
#include <stdlib.h>
#include <string.h>

#include "ra/ra.h"
#include "ra/spill_internal.h"
#include "util/bitset.h"

/* The virtual slot a whole-value p_reload of the file reads, else
 * UINT32_MAX (partial reloads, other files, slots placed already). */
static uint32_t reload_slot(const spill_ctx *c, const mir_instr *ins) {
  if (ins->opcode != MIR_P_RELOAD || ins->defs[0].kind != MIR_OPND_TEMP || ins->offset) return UINT32_MAX;
  const mir_operand *at = &ins->ops[0];
  if (mir_rc_is_vgpr(ins->defs[0].temp.rc) != c->vgpr || ins->num_ops != 2u + c->vgpr) return UINT32_MAX;
  if ((!c->vgpr && at[1].kind != MIR_OPND_UNDEF) || at->kind != MIR_OPND_CONST || at->imm >= c->nvslots) return UINT32_MAX;
  if (mir_rc_size(ins->defs[0].temp.rc) != c->vslot_size[at->imm]) return UINT32_MAX;
  return (uint32_t)at->imm;
}

/* The virtual slot a p_spill of the file writes, else UINT32_MAX. */
static uint32_t store_slot(const spill_ctx *c, const mir_instr *ins) {
  if (ins->opcode != MIR_P_SPILL || ins->ops[0].kind != MIR_OPND_TEMP) return UINT32_MAX;
  if (mir_rc_is_vgpr(ins->ops[0].temp.rc) != c->vgpr || ins->num_ops != 3u + c->vgpr) return UINT32_MAX;
  if ((!c->vgpr && ins->ops[2].kind != MIR_OPND_UNDEF) || ins->ops[1].kind != MIR_OPND_CONST) return UINT32_MAX;
  return (uint32_t)ins->ops[1].imm;
}

typedef struct loops_ctx {
  spill_ctx *c;
  uint16_t **dem;  /* [block][instr] demand of the file, hoisted registers added */
  unsigned *goal;  /* [block] budget minus the block's tuple slack */
  uint8_t **drop;  /* [block][instr] a reload replaced by a hoisted one */
  uint8_t *span;   /* [instr] scratch: 1 where a reload of the slot is live across, 2 the reload itself */
  uint32_t nt;     /* temporaries before the pass */
  uint32_t *ren;   /* [temp < nt] the hoisted register replacing a reload's result, 0 none */
} loops_ctx;

/* Marks in x->span the points of block b where a reload of slot s is live
 * across (1) and the reloads themselves (2). */
static void mark_spans(loops_ctx *x, uint32_t b, uint32_t s) {
  const mir_program *p = x->c->p;
  const mir_block *blk = &p->blocks[b];
  x->span = arena_alloc(p->mem, blk->num_instrs ? blk->num_instrs : 1);
  memset(x->span, 0, blk->num_instrs ? blk->num_instrs : 1);
  for (uint32_t j = 0; j < blk->num_instrs; j++) {
    if (reload_slot(x->c, blk->instrs[j]) != s || x->drop[b][j]) continue;
    x->span[j] = 2;
    uint32_t t = blk->instrs[j]->defs[0].temp.id, last = j;
    for (uint32_t k = j + 1; k < blk->num_instrs; k++)
      if (spill_names(blk->instrs[k], t)) last = k;
    if (t >= x->nt || bitset_test(p->live->live_out[b], t)) last = blk->num_instrs; /* (new: no liveness) */
    for (uint32_t k = j + 1; k < last; k++)
      if (!x->span[k]) x->span[k] = 1;
  }
}

/* Checks (pass 0) or adds (pass 1) `size` registers at every point of
 * block b from `from` on that the slot's own reloads do not cover. */
static bool block_room(loops_ctx *x, uint32_t b, uint32_t from, uint32_t s, unsigned size, int pass) {
  const mir_block *blk = &x->c->p->blocks[b];
  /* An SGPR tuple is aligned and the allocator cannot move values live out
   * of a block to make a range: one register more must stay free (a pair
   * taken through app_spmv.cl's loop at 12/20 fragmented the file, and
   * the fragmentation retries spilled 10 % more). */
  unsigned extra = !x->c->vgpr && size > 1 ? 1u : 0u;
  mark_spans(x, b, s);
  for (uint32_t i = from; i < blk->num_instrs; i++) {
    if (x->span[i] || x->drop[b][i]) continue;
    if (!pass && x->dem[b][i] + size + extra > x->goal[b]) return false;
    if (pass) x->dem[b][i] = (uint16_t)(x->dem[b][i] + size);
  }
  return true;
}

/* Index of the first terminator at the end of block b. */
static uint32_t term_index(const mir_block *b) {
  uint32_t term = b->num_instrs;
  while (term > 0 && mir_is_terminator(b->instrs[term - 1])) term--;
  return term;
}

/* Does a register for slot s (size dwords) fit loop l and the end of its
 * preheader pre? With `add`, takes it (demand raised). */
static bool loop_room(loops_ctx *x, uint32_t l, uint32_t pre, uint32_t s, unsigned size, int add) {
  const spill_ctx *c = x->c;
  const mir_block *pb = &c->p->blocks[pre];
  uint32_t term = term_index(pb);
  if (!block_room(x, pre, term ? term - 1 : 0, s, size, add)) return false;
  const uint64_t *members = c->loops.blocks + (size_t)l * c->loops.words;
  for (uint32_t b = bitset_next(members, c->loops.words, 0); b != UINT32_MAX; b = bitset_next(members, c->loops.words, b + 1))
    if (!block_room(x, b, 0, s, size, add)) return false;
  return true;
}

typedef struct cand {
  uint32_t slot;
  uint64_t weight;
} cand;

static int by_weight(const void *a, const void *b) {
  const cand *x = a, *y = b;
  if (x->weight != y->weight) return x->weight > y->weight ? -1 : 1;
  return x->slot < y->slot ? -1 : x->slot > y->slot;
}

/* Inserts ins at position at of block b, keeping x's arrays in step (the
 * new point's demand: the one before it plus extra). */
static void insert_at(loops_ctx *x, uint32_t b, uint32_t at, mir_instr *ins, unsigned extra) {
  mir_program *p = x->c->p;
  mir_block *blk = &p->blocks[b];
  uint16_t *d = arena_alloc(p->mem, (blk->num_instrs + 1u) * sizeof *d);
  uint8_t *dr = arena_alloc(p->mem, blk->num_instrs + 1u);
  memcpy(d, x->dem[b], at * sizeof *d);
  memcpy(dr, x->drop[b], at);
  d[at] = (uint16_t)((at ? x->dem[b][at - 1] : 0) + extra);
  dr[at] = 0;
  memcpy(d + at + 1, x->dem[b] + at, (blk->num_instrs - at) * sizeof *d);
  memcpy(dr + at + 1, x->drop[b] + at, blk->num_instrs - at);
  x->dem[b] = d;
  x->drop[b] = dr;
  mir_block_insert(p, blk, at, ins);
}

/* Hoists what fits of loop l's reloads to the end of its preheader. */
static bool hoist_loop(loops_ctx *x, uint32_t l) {
  spill_ctx *c = x->c;
  mir_program *p = c->p;
  uint32_t pre = mir_loop_preheader(p, &c->loops, l);
  if (pre == UINT32_MAX) return false;
  const uint64_t *members = c->loops.blocks + (size_t)l * c->loops.words;
  uint32_t ldepth = c->loops.depth[c->loops.head[l]], ns = c->nvslots;
  uint64_t *weight = arena_alloc(p->mem, ns * sizeof *weight);
  uint8_t *stored = arena_alloc(p->mem, ns);
  memset(weight, 0, ns * sizeof *weight);
  memset(stored, 0, ns);
  for (uint32_t b = bitset_next(members, c->loops.words, 0); b != UINT32_MAX; b = bitset_next(members, c->loops.words, b + 1)) {
    uint32_t deeper = c->loops.depth[b] - ldepth;
    for (uint32_t i = 0; i < p->blocks[b].num_instrs; i++) {
      const mir_instr *ins = p->blocks[b].instrs[i];
      uint32_t s = store_slot(c, ins);
      if (s < ns) stored[s] = 1;
      s = reload_slot(c, ins);
      if (s < ns && !x->drop[b][i]) weight[s] += 1ull << (3 * (deeper < 8 ? deeper : 8));
    }
  }
  cand *cs = arena_alloc(p->mem, ns * sizeof *cs);
  uint32_t n = 0;
  for (uint32_t s = 0; s < ns; s++)
    if (weight[s] && !stored[s]) cs[n++] = (cand){s, weight[s]};
  qsort(cs, n, sizeof *cs, by_weight);
  bool any = false;
  for (uint32_t k = 0; k < n; k++) {
    uint32_t s = cs[k].slot;
    unsigned size = c->vslot_size[s];
    if (!loop_room(x, l, pre, s, size, 0)) continue;
    loop_room(x, l, pre, s, size, 1);
    /* the new reload, a copy of one in the loop, at the preheader's end */
    mir_instr *model = NULL;
    for (uint32_t b = bitset_next(members, c->loops.words, 0); b != UINT32_MAX && !model;
         b = bitset_next(members, c->loops.words, b + 1))
      for (uint32_t i = 0; i < p->blocks[b].num_instrs && !model; i++)
        if (!x->drop[b][i] && reload_slot(c, p->blocks[b].instrs[i]) == s) model = p->blocks[b].instrs[i];
    mir_instr *r = spill_clone(p, model);
    r->defs[0] = mir_op_temp(spill_new_temp(c, model->defs[0].temp.rc));
    for (uint32_t b = bitset_next(members, c->loops.words, 0); b != UINT32_MAX; b = bitset_next(members, c->loops.words, b + 1))
      for (uint32_t i = 0; i < p->blocks[b].num_instrs; i++)
        if (!x->drop[b][i] && reload_slot(c, p->blocks[b].instrs[i]) == s) {
          x->drop[b][i] = 1;
          x->ren[p->blocks[b].instrs[i]->defs[0].temp.id] = r->defs[0].temp.id;
        }
    insert_at(x, pre, term_index(&p->blocks[pre]), r, size);
    any = true;
  }
  return any;
}

bool spill_hoist_loop_reloads(spill_ctx *c) {
  mir_program *p = c->p;
  if (p->has_calls || !c->nvslots || (!c->vgpr && c->sgpr_scratch)) return false;
  spill_loop_depths(c);
  if (!c->loops.num) return false;
  mir_liveness(p, c->d);
  arena *m = p->mem;
  uint32_t nb = p->num_blocks;
  loops_ctx x = {.c = c};
  x.dem = arena_alloc(m, nb * sizeof *x.dem);
  x.goal = arena_alloc(m, nb * sizeof *x.goal);
  x.drop = arena_alloc(m, nb * sizeof *x.drop);
  for (uint32_t b = 0; b < nb; b++) {
    uint32_t len = p->blocks[b].num_instrs ? p->blocks[b].num_instrs : 1;
    x.dem[b] = spill_block_demand(c, b);
    x.goal[b] = c->target - spill_block_slack(c, &p->blocks[b]);
    x.drop[b] = arena_alloc(m, len);
    memset(x.drop[b], 0, len);
  }
  x.nt = p->num_temps;
  x.ren = arena_alloc(m, x.nt * sizeof *x.ren);
  memset(x.ren, 0, x.nt * sizeof *x.ren);
  bool any = false;
  for (uint32_t l = 0; l < c->loops.num; l++) any |= hoist_loop(&x, l);
  if (!any) return false;
  for (uint32_t b = 0; b < nb; b++) {
    mir_block *blk = &p->blocks[b];
    uint32_t k = 0;
    for (uint32_t i = 0; i < blk->num_instrs; i++) {
      if (x.drop[b][i]) continue;
      mir_instr *ins = blk->instrs[i];
      for (unsigned o = 0; o < ins->num_ops; o++)
        if (ins->ops[o].kind == MIR_OPND_TEMP && ins->ops[o].temp.id < x.nt && x.ren[ins->ops[o].temp.id]) {
          uint32_t v = ins->ops[o].temp.id;
          while (v < x.nt && x.ren[v]) v = x.ren[v];
          ins->ops[o].temp.id = v;
          ins->ops[o].flags &= (uint8_t)~MIR_OPND_KILL;
        }
      blk->instrs[k++] = ins;
    }
    blk->num_instrs = k;
  }
  p->live = NULL;
  return true;
}
