/* Reloads moved out of loops once a file's spilling is done (spill.c,
 * before its slots are placed): a slot that is reloaded inside a loop and
 * never stored there is reloaded once at the end of the loop's preheader
 * instead, and every reload of it in the loop reads that register, where
 * the register fits the loop: every instruction of the loop (and the
 * preheader's end) has demand + the slot's size <= budget - the block's
 * tuple slack, except where a reload of the slot is live already.
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

#include "passes/passes.h"
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
  mir_instr **defi; /* [temp < nt] defining instruction */
  uint8_t *gone;   /* [temp < nt] put in memory around a loop already */
  uint8_t *special; /* [temp < nt] pinned to a special register */
  bool evict;      /* values live through a loop may move to memory to make room */
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
  mark_spans(x, b, s);
  for (uint32_t i = from; i < blk->num_instrs; i++) {
    if (x->span[i] || x->drop[b][i]) continue;
    if (!pass && x->dem[b][i] + size > x->goal[b]) return false;
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

/* ---- values live through a loop and unused in it ------------------------ */

/* The block a loop's only exit edge leads to, when the loop has one in
 * both CFGs (the same edge) and that block has no other predecessor;
 * else UINT32_MAX. */
static uint32_t only_exit(const spill_ctx *c, uint32_t l) {
  const mir_program *p = c->p;
  uint32_t from = UINT32_MAX, to = UINT32_MAX;
  const uint64_t *members = c->loops.blocks + (size_t)l * c->loops.words;
  for (uint32_t b = bitset_next(members, c->loops.words, 0); b != UINT32_MAX; b = bitset_next(members, c->loops.words, b + 1)) {
    const mir_idx_list *ss[2] = {&p->blocks[b].linear_succs, &p->blocks[b].logical_succs};
    for (int k = 0; k < 2; k++)
      for (uint32_t j = 0; j < ss[k]->n; j++) {
        uint32_t s = ss[k]->v[j];
        if (mir_loop_has(&c->loops, l, s)) continue;
        if (to != UINT32_MAX && (to != s || from != b)) return UINT32_MAX;
        from = b;
        to = s;
      }
  }
  if (to == UINT32_MAX) return to;
  const mir_block *xb = &p->blocks[to];
  if (xb->linear_preds.n != 1 || xb->logical_preds.n != 1 || xb->linear_preds.v[0] != from || xb->logical_preds.v[0] != from)
    return UINT32_MAX;
  return to;
}

/* Blocks reachable from `from` over both CFGs without entering `avoid`
 * (UINT32_MAX: none avoided), as a bitset over blocks. */
static uint64_t *reach(const mir_program *p, uint32_t from, uint32_t avoid) {
  uint32_t nb = p->num_blocks, words = (nb + 63) / 64;
  uint64_t *seen = arena_alloc(p->mem, words * sizeof *seen);
  uint32_t *stack = arena_alloc(p->mem, (nb + 1) * sizeof *stack), n = 0;
  memset(seen, 0, words * sizeof *seen);
  bitset_set(seen, from);
  stack[n++] = from;
  while (n) {
    uint32_t b = stack[--n];
    const mir_idx_list *ss[2] = {&p->blocks[b].linear_succs, &p->blocks[b].logical_succs};
    for (int k = 0; k < 2; k++)
      for (uint32_t j = 0; j < ss[k]->n; j++) {
        uint32_t s = ss[k]->v[j];
        if (s == avoid || bitset_test(seen, s)) continue;
        bitset_set(seen, s);
        stack[n++] = s;
      }
  }
  return seen;
}

/* A value live through loop l, unused in it, that could wait in memory
 * while the loop runs: stored at the end of the preheader (or already in
 * a slot nothing else writes) and reloaded in the exit block X, its uses
 * in blocks X dominates renamed. */
typedef struct evictee {
  uint32_t v;
  uint32_t slot;   /* its slot, UINT32_MAX: a new one, stored at the preheader's end */
  uint32_t at;     /* where the reload goes in X */
} evictee;

/* How many stores of each virtual slot the program has. */
static uint32_t *count_stores(loops_ctx *x) {
  const spill_ctx *c = x->c;
  const mir_program *p = c->p;
  uint32_t *n = arena_alloc(p->mem, (c->nvslots + 1) * sizeof *n);
  memset(n, 0, (c->nvslots + 1) * sizeof *n);
  for (uint32_t b = 0; b < p->num_blocks; b++)
    for (uint32_t i = 0; i < p->blocks[b].num_instrs; i++) {
      uint32_t s = store_slot(c, p->blocks[b].instrs[i]);
      if (s < c->nvslots) n[s]++;
    }
  return n;
}

/* The slot that holds v wherever v is live, else UINT32_MAX: v's own
 * store right after its definition, or, for a reload, the slot it reads,
 * when that store is the slot's only one. */
static uint32_t home_slot(loops_ctx *x, uint32_t v, const uint32_t *nstores) {
  const spill_ctx *c = x->c;
  const mir_instr *st = v < c->cap ? c->store[v] : NULL;
  uint32_t s = st ? store_slot(c, st) : UINT32_MAX;
  if (s < c->nvslots && st->ops[0].temp.id == v && nstores[s] == 1) return s;
  const mir_instr *d = v < x->nt ? x->defi[v] : NULL;
  s = d ? reload_slot(c, d) : UINT32_MAX;
  if (s >= c->nvslots || nstores[s] != 1) return UINT32_MAX;
  for (uint32_t t = 1; t < x->nt && t < c->cap; t++)
    if (c->store[t] && store_slot(c, c->store[t]) == s && c->store[t]->ops[0].temp.id == t) return s;
  return UINT32_MAX;
}

/* The values that could wait in memory during loop l (exit block xb),
 * free ones (a slot holds them already) first. */
static uint32_t find_evictees(loops_ctx *x, uint32_t l, uint32_t xb, evictee *out, uint32_t max) {
  spill_ctx *c = x->c;
  const mir_program *p = c->p;
  const mir_live_info *li = p->live;
  uint32_t h = c->loops.head[l], n = 0;
  const uint64_t *members = c->loops.blocks + (size_t)l * c->loops.words;
  uint64_t *named = arena_alloc(p->mem, li->words * sizeof *named);
  memset(named, 0, li->words * sizeof *named);
  for (uint32_t b = bitset_next(members, c->loops.words, 0); b != UINT32_MAX; b = bitset_next(members, c->loops.words, b + 1))
    for (uint32_t i = 0; i < p->blocks[b].num_instrs; i++) {
      const mir_instr *ins = p->blocks[b].instrs[i];
      for (unsigned k = 0; k < (unsigned)ins->num_ops + ins->num_defs; k++)
        if (ins->ops[k].kind == MIR_OPND_TEMP && ins->ops[k].temp.id < x->nt) bitset_set(named, ins->ops[k].temp.id);
    }
  uint64_t *from_x = reach(p, xb, UINT32_MAX), *avoid_x = reach(p, 0, xb);
  uint32_t *nstores = count_stores(x);
  const mir_block *xbb = &p->blocks[xb];
  uint32_t head = 0, exec_end = 0;
  while (head < xbb->num_instrs && mir_is_phi(xbb->instrs[head])) head++;
  for (uint32_t i = head; i < xbb->num_instrs; i++)
    if (spill_writes_exec(xbb->instrs[i])) exec_end = i + 1;
  for (int pass = 0; pass < 2; pass++)
    for (uint32_t v = bitset_next(li->live_in[h], li->words, 0); v != UINT32_MAX && n < max;
         v = bitset_next(li->live_in[h], li->words, v + 1)) {
      if (v >= x->nt || !in_file(c, v) || bitset_test(named, v) || x->gone[v] || x->special[v]) continue;
      if (v == c->psb.id || v == c->wo.id || (v < c->cap && c->kind[v] == TK_PINNED)) continue;
      uint32_t slot = home_slot(x, v, nstores);
      if ((slot == UINT32_MAX) != (pass == 1) || x->ren[v]) continue;
      /* (no new SGPR slots: the lanes were counted before this pass) */
      if (slot == UINT32_MAX && !c->vgpr) continue;
      /* every use after the loop in a block X dominates, and none where
       * the exit leads around X (an enclosing loop's next iteration) */
      uint32_t at = c->vgpr && exec_end > head ? exec_end : head;
      bool ok = true;
      for (uint32_t b = 0; b < p->num_blocks && ok; b++) {
        const mir_block *blk = &p->blocks[b];
        for (uint32_t i = 0; i < blk->num_instrs && ok; i++) {
          const mir_instr *ins = blk->instrs[i];
          if (!spill_names(ins, v)) continue;
          uint32_t ub = b;
          if (mir_is_phi(ins)) { /* a use at the end of the edge's predecessor */
            const mir_idx_list *preds = ins->opcode == MIR_P_PHI ? &blk->logical_preds : &blk->linear_preds;
            for (unsigned k = 0; k < ins->num_ops && ok; k++)
              if (ins->ops[k].kind == MIR_OPND_TEMP && ins->ops[k].temp.id == v && k < preds->n) {
                ub = preds->v[k];
                ok = !bitset_test(from_x, ub) || !bitset_test(avoid_x, ub);
              }
            continue;
          }
          if (!bitset_test(from_x, ub)) continue;
          ok = !bitset_test(avoid_x, ub) && (ub != xb || i >= at);
        }
      }
      if (!ok) continue;
      out[n++] = (evictee){v, slot, at};
    }
  return n;
}

/* Adds (sign 1) or removes (-1) v's registers in the blocks of loop l
 * where v is live. */
static void loop_demand(loops_ctx *x, uint32_t l, uint32_t v, int sign) {
  const spill_ctx *c = x->c;
  const mir_program *p = c->p;
  const uint64_t *members = c->loops.blocks + (size_t)l * c->loops.words;
  unsigned size = tsize(c, v);
  for (uint32_t b = bitset_next(members, c->loops.words, 0); b != UINT32_MAX; b = bitset_next(members, c->loops.words, b + 1))
    if (bitset_test(p->live->live_in[b], v))
      for (uint32_t i = 0; i < p->blocks[b].num_instrs; i++) x->dem[b][i] = (uint16_t)(x->dem[b][i] + sign * (int)size);
}

/* Puts e.v in memory around a loop: a store at the end of the preheader
 * (where it has no slot yet), a reload in the exit block xb, and its uses
 * in blocks xb dominates read the reload. */
static void evict(loops_ctx *x, uint32_t pre, uint32_t xb, const evictee *e) {
  spill_ctx *c = x->c;
  mir_program *p = c->p;
  uint32_t v = e->v;
  mir_temp vt = {.id = v, .rc = p->temp_rc[v]};
  x->gone[v] = 1;
  if (e->slot == UINT32_MAX) {
    spill_alloc_slot(c, v, tsize(c, v));
    insert_at(x, pre, term_index(&p->blocks[pre]), spill_make_spill(c, vt), 0);
  } else {
    c->slot[v] = e->slot;
  }
  mir_temp r;
  mir_instr *ld = spill_make_reload(c, v, &r);
  insert_at(x, xb, e->at, ld, tsize(c, v));
  uint64_t *avoid_x = reach(p, 0, xb);
  for (uint32_t b = 0; b < p->num_blocks; b++) {
    mir_block *blk = &p->blocks[b];
    for (uint32_t i = 0; i < blk->num_instrs; i++) {
      mir_instr *ins = blk->instrs[i];
      if (ins == ld) continue;
      const mir_idx_list *preds = ins->opcode == MIR_P_PHI ? &blk->logical_preds : &blk->linear_preds;
      for (unsigned k = 0; k < ins->num_ops; k++) {
        if (ins->ops[k].kind != MIR_OPND_TEMP || ins->ops[k].temp.id != v) continue;
        uint32_t ub = mir_is_phi(ins) ? (k < preds->n ? preds->v[k] : UINT32_MAX) : b;
        if (ub == UINT32_MAX || bitset_test(avoid_x, ub) || (ub == xb && !mir_is_phi(ins) && i < e->at)) continue;
        ins->ops[k].temp = r;
        ins->ops[k].flags &= (uint8_t)~MIR_OPND_KILL;
      }
    }
  }
}

/* Hoists what fits of loop l's reloads to the end of its preheader,
 * putting values live through the loop and unused in it in memory where
 * that makes room (at most MAX_EVICT per hoisted slot). */
#define MAX_EVICT 2u
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
  uint32_t xb = x->evict ? only_exit(c, l) : UINT32_MAX;
  bool any = false;
  for (uint32_t k = 0; k < n; k++) {
    uint32_t s = cs[k].slot;
    unsigned size = c->vslot_size[s];
    if (!loop_room(x, l, pre, s, size, 0)) {
      if (xb == UINT32_MAX) continue;
      evictee es[16];
      uint32_t ne = find_evictees(x, l, xb, es, 16), take = 0;
      bool fits = false;
      while (take < ne && take < MAX_EVICT && !fits) {
        loop_demand(x, l, es[take++].v, -1);
        fits = loop_room(x, l, pre, s, size, 0);
      }
      if (!fits) {
        while (take) loop_demand(x, l, es[--take].v, 1);
        continue;
      }
      for (uint32_t e = 0; e < take; e++) evict(x, pre, xb, &es[e]);
    }
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
  x.defi = arena_alloc(m, x.nt * sizeof *x.defi);
  memset(x.defi, 0, x.nt * sizeof *x.defi);
  x.gone = arena_alloc(m, x.nt);
  memset(x.gone, 0, x.nt);
  x.special = mir_special_temps(p, m);
  x.evict = true;
  for (uint32_t b = 0; b < nb; b++)
    for (uint32_t i = 0; i < p->blocks[b].num_instrs; i++) {
      mir_instr *ins = p->blocks[b].instrs[i];
      for (unsigned k = 0; k < ins->num_defs; k++)
        if (ins->defs[k].kind == MIR_OPND_TEMP && ins->defs[k].temp.id < x.nt) x.defi[ins->defs[k].temp.id] = ins;
    }
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
