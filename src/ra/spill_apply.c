/* Rewriting for the chosen values (spill.c step 3): stores after
 * definitions, reloads or rematerialisations before uses, memory phis,
 * partial reloads of VGPR tuples. */
#include <string.h>

#include "ra/ra.h"
#include "ra/spill_internal.h"
#include "util/bitset.h"

typedef struct out_buf {
  mir_instr **v;
  uint32_t n, cap;
} out_buf;

static void out_push(mir_program *p, out_buf *o, mir_instr *ins) {
  if (o->n == o->cap) {
    uint32_t cap = o->cap ? o->cap * 2 : 32;
    o->v = arena_grow(p->mem, o->v, o->n, cap, sizeof *o->v);
    o->cap = cap;
  }
  o->v[o->n++] = ins;
}

/* A register copy of chosen value t for one use: a rematerialised
 * definition or a reload (emitted into `o`). `shared` (block-local reloads
 * of freshly spilled values) is the per-block map, NULL for a per-use copy. */
static mir_temp bring_back(spill_ctx *c, uint32_t t, out_buf *o, uint32_t *shared) {
  mir_temp r;
  if (c->kind[t] == TK_REMAT || c->kind[t] == TK_RELOAD) { /* a copy of the definition: same constant, same slot */
    /* A load, or a copy that reloads an operand, is made once per block,
     * like a reload; the copy is an ordinary value (TK_NORMAL) of the next
     * round, copied per use when chosen again. */
    bool share = shared && c->kind[t] == TK_REMAT && !(c->remat_flags[t] & REMAT_COPY) && spill_remat_costly(c, t);
    if (share && shared[t]) {
      r.id = shared[t];
      r.rc = c->p->temp_rc[t];
      return r;
    }
    mir_instr *ins = spill_clone(c->p, c->def[t]);
    /* Operands brought back first (spill_remat_settle allowed them): a
     * chained ALU copy, or a spilled operand reloaded (a load's address:
     * once per block, the caller clears `shared` for it). */
    bool reload_kept = c->kind[t] == TK_REMAT && (c->remat_flags[t] & REMAT_RELOAD_OPS);
    for (unsigned k = 0; k < ins->num_ops && c->kind[t] == TK_REMAT; k++) {
      mir_operand *op = &ins->ops[k];
      if (op->kind != MIR_OPND_TEMP) continue;
      uint32_t u = op->temp.id;
      if (c->chosen[u] || (reload_kept && c->kind[u] == TK_KEPT && in_file(c, u))) {
        op->temp = bring_back(c, u, o, spill_remat_is_load(ins) ? shared : NULL);
        op->flags &= (uint8_t)~MIR_OPND_KILL;
      }
    }
    r = spill_new_temp(c, c->p->temp_rc[t]);
    ins->defs[0] = mir_op_temp(r);
    c->kind[r.id] = share ? TK_NORMAL : TK_DONE;
    if (share) {
      shared[t] = r.id;
      c->remat_flags[r.id] = REMAT_COPY;
    }
    out_push(c->p, o, ins);
    return r;
  }
  bool block_local = shared && (c->kind[t] == TK_DONE || c->kind[t] == TK_KEPT);
  if (block_local && shared[t]) {
    r.id = shared[t];
    r.rc = c->p->temp_rc[t];
    return r;
  }
  if (c->kind[t] == TK_KEPT) { /* spilled in an earlier round: the store names the slot */
    const mir_instr *st = c->store[t];
    mir_instr *ins = mir_instr_create(c->p, MIR_P_RELOAD, st->num_ops - 1u, 1);
    memcpy(ins->ops, st->ops + 1, (st->num_ops - 1u) * sizeof *ins->ops);
    r = spill_new_temp(c, c->p->temp_rc[t]);
    ins->defs[0] = mir_op_temp(r);
    out_push(c->p, o, ins);
  } else {
    out_push(c->p, o, spill_make_reload(c, t, &r));
  }
  if (block_local) { /* one reload per block */
    shared[t] = r.id;
    c->kind[r.id] = TK_RELOAD;
    c->reload_of[r.id] = t;
  } else {
    c->kind[r.id] = TK_DONE;
  }
  return r;
}

/* A p_extract of dwords from a VGPR tuple that waits in its slot (not in
 * a register, no reload of it in this block yet) becomes a reload of just
 * those dwords into the extract's result: one load per dword used instead
 * of a whole-tuple reload per use (the component's dword offset rides in
 * the pseudo's offset field until place_slots folds it into the slot's
 * byte offset). The result becomes a TK_RELOAD value, so choosing it (now
 * or later) brings it back from the same place without a store of its
 * own. Returns
 * the reload, or ins unchanged. */
static mir_instr *partial_reload(spill_ctx *c, mir_instr *ins, const uint32_t *shared, uint32_t epoch, uint32_t *alias,
                                 int32_t *alias_off) {
  if (!c->vgpr || ins->opcode != MIR_P_EXTRACT || ins->ops[0].kind != MIR_OPND_TEMP || ins->ops[1].kind != MIR_OPND_CONST ||
      ins->defs[0].kind != MIR_OPND_TEMP)
    return ins;
  uint32_t t = ins->ops[0].temp.id, d = ins->defs[0].temp.id;
  if (!c->chosen[t] || shared[t] || (c->keep[t] == epoch && c->kind[t] == TK_DONE)) return ins;
  mir_instr *r;
  if (c->kind[t] == TK_RELOAD) {
    r = spill_clone(c->p, c->def[t]);
  } else if (c->kind[t] == TK_KEPT) {
    const mir_instr *st = c->store[t];
    r = mir_instr_create(c->p, MIR_P_RELOAD, st->num_ops - 1u, 1);
    memcpy(r->ops, st->ops + 1, (st->num_ops - 1u) * sizeof *r->ops);
  } else if (c->kind[t] == TK_DONE) {
    mir_temp unused;
    r = spill_make_reload(c, t, &unused);
  } else {
    return ins;
  }
  r->offset += (int32_t)ins->ops[1].imm;
  r->defs[0] = ins->defs[0];
  if (c->kind[d] == TK_KEPT && c->store[d] && c->store[d]->opcode == MIR_P_SPILL) {
    /* Stored in an earlier round: those dwords are in the tuple's slot
     * already, so the store goes and d's reloads read the tuple's slot
     * (rewritten by spill_alias_slots; the tuple's store dominates them). */
    uint32_t old = (uint32_t)c->store[d]->ops[1].imm;
    alias[old] = (uint32_t)r->ops[0].imm;
    alias_off[old] = r->offset;
  }
  /* A result chosen too is dropped by apply and cloned before each use
   * (its virtual slot stays unused). */
  c->kind[d] = TK_RELOAD;
  c->def[d] = r;
  return r;
}

static void replace_ops(mir_instr *ins, uint32_t from, mir_temp to) {
  for (unsigned k = 0; k < ins->num_ops; k++)
    if (ins->ops[k].kind == MIR_OPND_TEMP && ins->ops[k].temp.id == from) {
      ins->ops[k].temp = to;
      ins->ops[k].flags &= (uint8_t)~MIR_OPND_KILL;
    }
}

/* Reloads hoisted out of loops: a chosen value defined before a loop and
 * read inside it, where the loop's demand (the value included) fits the
 * budget, is reloaded once at the end of the loop's preheader and the
 * loop reads that register (Braun & Hack keep such values in W at the
 * header; spilling them was for pressure elsewhere). */
typedef struct hoist {
  uint32_t t, loop, pre; /* value, loop, preheader block */
  uint32_t r;            /* the reload's result, once emitted (0 before) */
} hoist;

typedef struct hoists {
  hoist *v;
  uint32_t n;
  uint32_t *first; /* [temp] index + 1 of its first hoist, 0: none */
  uint32_t *next;  /* [hoist] index + 1 of the value's next hoist */
} hoists;

/* The register holding t in block b, hoisted out of a loop containing b;
 * 0 when none. */
static uint32_t hoisted(const spill_ctx *c, const hoists *hs, uint32_t t, uint32_t b) {
  if (!hs->first || t >= c->cap) return 0;
  for (uint32_t k = hs->first[t]; k; k = hs->next[k - 1]) {
    const hoist *h = &hs->v[k - 1];
    if (h->r && bitset_test(c->loops.blocks + (size_t)h->loop * c->loops.words, b)) return h->r;
  }
  return 0;
}

/* Does every point of loop l fit the budget of the file (the SGPR
 * reservations included)? The tuple slack is not asked for: where the
 * hoisted value takes it, a later round spills again at that point. */
static bool loop_fits(spill_ctx *c, uint32_t l) {
  const mir_program *p = c->p;
  const uint64_t *members = c->loops.blocks + (size_t)l * c->loops.words;
  unsigned goal = c->target, extra = c->vgpr ? 0 : c->reserve + (c->sgpr_scratch ? 1u : 0u);
  for (uint32_t b = bitset_next(members, c->loops.words, 0); b != UINT32_MAX; b = bitset_next(members, c->loops.words, b + 1)) {
    for (uint32_t i = 0; i < p->blocks[b].num_instrs; i++) {
      mir_reg_demand dm = p->live->demand[b][i];
      if ((c->vgpr ? dm.vgpr : dm.sgpr) + extra > goal) return false;
    }
  }
  return true;
}

/* Is t read (not by a phi) in a block of loop l? */
static bool read_in_loop(const spill_ctx *c, uint32_t t, uint32_t l) {
  const uint64_t *members = c->loops.blocks + (size_t)l * c->loops.words;
  for (uint32_t b = bitset_next(members, c->loops.words, 0); b != UINT32_MAX; b = bitset_next(members, c->loops.words, b + 1)) {
    const mir_block *blk = &c->p->blocks[b];
    for (uint32_t i = 0; i < blk->num_instrs; i++)
      if (!mir_is_phi(blk->instrs[i]) && spill_names(blk->instrs[i], t)) return true;
  }
  return false;
}

/* Chooses the hoisted reloads of this round: for each chosen value the
 * outermost loops (not inside one chosen already) that qualify. */
static void plan_hoists(spill_ctx *c, hoists *hs) {
  mir_program *p = c->p;
  memset(hs, 0, sizeof *hs);
  if (!c->loops.num) return;
  uint8_t *fits = arena_alloc(p->mem, c->loops.num);
  uint32_t *pre = arena_alloc(p->mem, c->loops.num * sizeof *pre);
  bool any = false;
  for (uint32_t l = 0; l < c->loops.num; l++) {
    pre[l] = mir_loop_preheader(c->p, &c->loops, l);
    fits[l] = pre[l] != UINT32_MAX && loop_fits(c, l);
    any |= fits[l];
  }
  if (!any) return;
  hs->first = arena_alloc(p->mem, c->cap * sizeof *hs->first);
  memset(hs->first, 0, c->cap * sizeof *hs->first);
  uint32_t cap = 0;
  for (uint32_t t = 1; t < p->num_temps; t++) {
    if (!c->chosen[t] || (c->kind[t] != TK_DONE && c->kind[t] != TK_KEPT)) continue;
    for (uint32_t l = 0; l < c->loops.num; l++) {
      uint32_t h = c->loops.head[l];
      if (!fits[l] || !bitset_test(p->live->live_in[h], t)) continue;
      bool inside = false; /* in a loop hoisted for t already */
      for (uint32_t k = hs->first[t]; k && !inside; k = hs->next[k - 1])
        inside = bitset_test(c->loops.blocks + (size_t)hs->v[k - 1].loop * c->loops.words, h);
      if (inside || !read_in_loop(c, t, l)) continue;
      if (hs->n == cap) {
        uint32_t ncap = cap ? cap * 2 : 16;
        hs->v = arena_grow(p->mem, hs->v, cap, ncap, sizeof *hs->v);
        hs->next = arena_grow(p->mem, hs->next, cap, ncap, sizeof *hs->next);
        cap = ncap;
      }
      hs->v[hs->n] = (hoist){t, l, pre[l], 0};
      hs->next[hs->n] = hs->first[t];
      hs->first[t] = ++hs->n;
    }
  }
}

/* Emits the hoisted reloads whose preheader is block b. */
static void emit_hoists(spill_ctx *c, hoists *hs, uint32_t b, out_buf *o) {
  for (uint32_t k = 0; k < hs->n; k++) {
    hoist *h = &hs->v[k];
    if (h->pre != b) continue;
    mir_temp r = bring_back(c, h->t, o, NULL);
    c->kind[r.id] = TK_RELOAD; /* chosen later: reloaded again, no store */
    c->reload_of[r.id] = h->t;
    h->r = r.id;
  }
}

/* Calls f(c, phi, op, arg) for each phi operand flowing out of bi into
 * its successors' phis (p_phi on logical edges, p_linear_phi on linear). */
typedef void edge_fn(spill_ctx *c, mir_instr *phi, mir_operand *op, void *arg);
static void for_edge_operands(spill_ctx *c, uint32_t bi, edge_fn *f, void *arg) {
  mir_program *p = c->p;
  const mir_block *b = &p->blocks[bi];
  for (int lin = 0; lin < 2; lin++) {
    const mir_idx_list *succs = lin ? &b->linear_succs : &b->logical_succs;
    for (uint32_t k = 0; k < succs->n; k++) {
      mir_block *s = &p->blocks[succs->v[k]];
      uint32_t pi = mir_pred_index(lin ? &s->linear_preds : &s->logical_preds, bi);
      for (uint32_t i = 0; i < s->num_instrs && mir_is_phi(s->instrs[i]); i++) {
        mir_instr *phi = s->instrs[i];
        if ((phi->opcode == MIR_P_LINEAR_PHI) == (lin == 1) && pi < phi->num_ops) f(c, phi, &phi->ops[pi], arg);
      }
    }
  }
}

/* The slots the memory phis' stores on bi's out-edges write. */
typedef struct edge_slots {
  uint32_t *v, n, cap;
} edge_slots;
static void collect_stored_slot(spill_ctx *c, mir_instr *phi, mir_operand *op, void *arg) {
  edge_slots *es = arg;
  uint32_t pd = phi->defs[0].temp.id;
  if (!c->chosen[pd] || op->kind == MIR_OPND_UNDEF) return;
  if (op->kind == MIR_OPND_TEMP && c->slot[op->temp.id] == c->slot[pd]) return; /* already there: no store */
  if (es->n == es->cap) {
    uint32_t cap = es->cap ? es->cap * 2 : 8;
    es->v = arena_grow(c->p->mem, es->v, es->n, cap, sizeof *es->v);
    es->cap = cap;
  }
  es->v[es->n++] = c->slot[pd];
}

/* Reloads first a chosen operand whose slot a memory phi's store on the
 * same edges overwrites: a loop-carried phi read by another phi of its
 * header on the back edge (h' = g, g' = f: the "swap" of SSA
 * destruction). Its reload must see the value of this iteration, so it
 * goes before every edge store; the reload is TK_DONE, never brought back
 * from the slot again later. */
typedef struct edge_first {
  const edge_slots *stored;
  const hoists *hs;
  uint32_t bi;
  out_buf *o;
} edge_first;
static void reload_overwritten(spill_ctx *c, mir_instr *phi, mir_operand *op, void *arg) {
  const edge_first *ef = arg;
  if (op->kind != MIR_OPND_TEMP || !c->chosen[op->temp.id] || hoisted(c, ef->hs, op->temp.id, ef->bi)) return;
  uint32_t pd = phi->defs[0].temp.id, s = c->slot[op->temp.id];
  if (c->chosen[pd] && s == c->slot[pd]) return; /* already in the phi's slot: no store, no reload */
  bool overwritten = false;
  for (uint32_t k = 0; k < ef->stored->n && !overwritten; k++) overwritten = ef->stored->v[k] == s;
  if (!overwritten) return;
  op->temp = bring_back(c, op->temp.id, ef->o, NULL);
  op->flags &= (uint8_t)~MIR_OPND_KILL;
}

/* Reloads (or rematerialises) the chosen phi operands flowing out of bi
 * into its successors' phis, and stores the operands of memory phis into
 * their slots: first the reloads of slots those stores overwrite, then the
 * rest in phi order (the edge's copies are parallel, SSA elimination's). */
static void edge_copies(spill_ctx *c, const hoists *hs, uint32_t bi, out_buf *o) {
  mir_program *p = c->p;
  const mir_block *b = &p->blocks[bi];
  edge_slots stored = {0};
  for_edge_operands(c, bi, collect_stored_slot, &stored);
  if (stored.n) for_edge_operands(c, bi, reload_overwritten, &(edge_first){&stored, hs, bi, o});
  for (int lin = 0; lin < 2; lin++) {
    const mir_idx_list *succs = lin ? &b->linear_succs : &b->logical_succs;
    for (uint32_t k = 0; k < succs->n; k++) {
      mir_block *s = &p->blocks[succs->v[k]];
      const mir_idx_list *preds = lin ? &s->linear_preds : &s->logical_preds;
      uint32_t pi = mir_pred_index(preds, bi);
      for (uint32_t i = 0; i < s->num_instrs && mir_is_phi(s->instrs[i]); i++) {
        mir_instr *phi = s->instrs[i];
        if ((phi->opcode == MIR_P_LINEAR_PHI) != (lin == 1) || pi >= phi->num_ops) continue;
        mir_operand *op = &phi->ops[pi];
        uint32_t pd = phi->defs[0].temp.id;
        if (c->chosen[pd]) { /* memory phi: this edge's value goes to the phi's slot */
          mir_temp v;
          if (op->kind == MIR_OPND_UNDEF) continue;
          if (op->kind == MIR_OPND_TEMP && c->slot[op->temp.id] == c->slot[pd]) continue; /* already there */
          uint32_t hr = op->kind == MIR_OPND_TEMP ? hoisted(c, hs, op->temp.id, bi) : 0;
          if (hr) {
            v.id = hr;
            v.rc = p->temp_rc[hr];
          } else if (op->kind == MIR_OPND_TEMP && c->chosen[op->temp.id]) {
            v = bring_back(c, op->temp.id, o, NULL);
          } else if (op->kind == MIR_OPND_TEMP) {
            v = op->temp;
          } else { /* a constant: materialise it */
            v = spill_new_temp(c, c->p->temp_rc[pd]);
            unsigned n = mir_rc_size(v.rc);
            mir_instr *mv = mir_instr_create(p, mir_rc_is_vgpr(v.rc) ? ISA_V_MOV_B32 : n == 2 ? ISA_S_MOV_B64 : ISA_S_MOV_B32, 1, 1);
            mv->ops[0] = *op;
            mv->defs[0] = mir_op_temp(v);
            c->kind[v.id] = TK_DONE;
            out_push(p, o, mv);
          }
          out_push(p, o, spill_make_spill_to(c, v, c->slot[pd]));
          continue;
        }
        if (op->kind != MIR_OPND_TEMP || !c->chosen[op->temp.id]) continue;
        uint32_t hr = hoisted(c, hs, op->temp.id, bi);
        if (hr) {
          op->temp.id = hr;
        } else {
          op->temp = bring_back(c, op->temp.id, o, NULL);
        }
        op->flags &= (uint8_t)~MIR_OPND_KILL;
      }
    }
  }
}

/* Rewrites every block for the chosen values: stores after definitions,
 * reloads / rematerialisations before uses, chosen reloads and
 * rematerialisable definitions dropped. */
int spill_apply(spill_ctx *c) {
  mir_program *p = c->p;
  spill_remat_settle(c); /* copies whose chosen operands cannot come back first are stored */
  for (uint32_t t = 1; t < p->num_temps; t++)
    if (c->chosen[t] && c->kind[t] == TK_NORMAL) {
      spill_alloc_slot(c, t, tsize(c, t));
      c->kind[t] = TK_DONE; /* stored once; its uses reload */
    }
  hoists hs;
  plan_hoists(c, &hs);
  uint32_t *shared = arena_alloc(p->mem, c->cap * sizeof *shared);
  memset(shared, 0, c->cap * sizeof *shared);
  uint32_t epoch = 0, *alias = arena_alloc(p->mem, (c->nvslots + 1) * sizeof *alias);
  int32_t *alias_off = arena_alloc(p->mem, (c->nvslots + 1) * sizeof *alias_off);
  bool aliased = false;
  for (uint32_t s = 0; s < c->nvslots; s++) alias[s] = UINT32_MAX;
  for (uint32_t bi = 0; bi < p->num_blocks; bi++) {
    mir_block *b = &p->blocks[bi];
    uint32_t len = b->num_instrs, head = spill_head_end(c, b), term = len;
    unsigned slack = spill_block_slack(c, b);
    while (term > 0 && mir_is_terminator(b->instrs[term - 1])) term--;
    if (term < head) term = head;
    out_buf o = {0}, pending = {0};
    uint32_t *touched = NULL, ntouched = 0;
    /* A value stored in this block is still read from its register until
     * the first point where demand exceeds the goal (the epoch changes
     * there, and with every block). */
    epoch++;
    const mir_reg_demand *dem = p->live->demand[bi];
    for (uint32_t i = 0; i <= len; i++) {
      if (i == head)
        for (uint32_t k = 0; k < pending.n; k++) out_push(p, &o, pending.v[k]);
      if (i == term) {
        emit_hoists(c, &hs, bi, &o);
        edge_copies(c, &hs, bi, &o);
      }
      if (i == len) break;
      mir_instr *ins = b->instrs[i];
      if (ins->opcode != MIR_P_EXTRACT || ins->ops[0].kind != MIR_OPND_TEMP || !hoisted(c, &hs, ins->ops[0].temp.id, bi))
        ins = partial_reload(c, ins, shared, epoch, alias, alias_off);
      aliased |= ins != b->instrs[i] && ins->opcode == MIR_P_RELOAD;
      /* A definition copied before each use goes, its operands untouched:
       * the copies clone it (c->def). */
      bool drop = ins->num_defs == 1 && ins->defs[0].kind == MIR_OPND_TEMP && c->chosen[ins->defs[0].temp.id] &&
                  (c->kind[ins->defs[0].temp.id] == TK_REMAT || c->kind[ins->defs[0].temp.id] == TK_RELOAD);
      if (drop) continue;
      if (!mir_is_phi(ins))
        for (unsigned k = 0; k < ins->num_ops; k++) {
          const mir_operand *op = &ins->ops[k];
          if (op->kind != MIR_OPND_TEMP || !c->chosen[op->temp.id]) continue;
          uint32_t t = op->temp.id;
          if (ins == c->store[t]) continue; /* its own store */
          if (c->keep[t] == epoch && c->kind[t] == TK_DONE) continue;
          uint32_t hr = hoisted(c, &hs, t, bi);
          if (hr) {
            replace_ops(ins, t, (mir_temp){.id = hr, .rc = p->temp_rc[hr]});
            continue;
          }
          bool had = shared[t] != 0, load = c->kind[t] == TK_REMAT && spill_remat_is_load(c->def[t]);
          const mir_instr *tm = c->def[t];
          replace_ops(ins, t, bring_back(c, t, &o, shared));
          if (!had && shared[t]) {
            touched = arena_grow(p->mem, touched, ntouched, ntouched + 1, sizeof *touched);
            touched[ntouched++] = t;
          }
          for (unsigned j = 0; load && j < tm->num_ops; j++) /* the load's address, reloaded for the block */
            if (tm->ops[j].kind == MIR_OPND_TEMP && shared[tm->ops[j].temp.id]) {
              touched = arena_grow(p->mem, touched, ntouched, ntouched + 1, sizeof *touched);
              touched[ntouched++] = tm->ops[j].temp.id;
            }
        }
      out_push(p, &o, ins);
      for (unsigned k = 0; k < ins->num_defs; k++) {
        const mir_operand *d = &ins->defs[k];
        if (d->kind != MIR_OPND_TEMP || !c->chosen[d->temp.id] || c->slot[d->temp.id] == UINT32_MAX) continue;
        if (c->kind[d->temp.id] != TK_DONE || mir_is_phi(ins)) continue; /* phis: stored on the edges */
        mir_instr *st = spill_make_spill(c, d->temp);
        c->store[d->temp.id] = st;
        if (i >= head) c->keep[d->temp.id] = epoch;
        out_push(p, i < head ? &pending : &o, st);
      }
      unsigned dm = c->vgpr ? dem[i].vgpr : dem[i].sgpr;
      if (dm > c->target - slack) epoch++;
    }
    for (uint32_t k = 0; k < ntouched; k++) shared[touched[k]] = 0;
    b->instrs = o.v;
    b->num_instrs = o.n;
    b->cap_instrs = o.cap;
  }
  if (aliased) spill_alias_slots(c, alias, alias_off);
  /* Memory phis were kept until every edge had stored its value. */
  for (uint32_t bi = 0; bi < p->num_blocks; bi++) {
    mir_block *b = &p->blocks[bi];
    uint32_t n = 0;
    for (uint32_t i = 0; i < b->num_instrs; i++) {
      mir_instr *ins = b->instrs[i];
      if (mir_is_phi(ins) && ins->defs[0].kind == MIR_OPND_TEMP && c->chosen[ins->defs[0].temp.id]) continue;
      b->instrs[n++] = ins;
    }
    b->num_instrs = n;
  }
  spill_remat_drop_dead(c);
  for (uint32_t t = 1; t < c->cap; t++)
    if (c->chosen[t]) {
      if (c->kind[t] == TK_RELOAD || c->kind[t] == TK_REMAT) c->kind[t] = TK_DONE;
      else if (c->kind[t] == TK_DONE && c->store[t]) c->kind[t] = TK_KEPT;
      c->keep[t] = 0;
      c->chosen[t] = 0;
    }
  return 0;
}
