/* Reloads that read a register instead (spill.c, before a file's slots
 * are placed): a p_reload of a slot whose value an earlier instruction of
 * the same block left in a register (the value stored there, or an earlier
 * reload of it) becomes that register, where keeping it live from its
 * last mention to the reload fits the budget at every instruction in
 * between. For VGPRs "the same block" extends up a chain of blocks each
 * entered only from the one before (logical and linear CFG: a then-block
 * after its branch), and from the join of an if back to the if's block,
 * for what held a value before its s_and_saveexec_b64 (join_of:
 * app_matmul_tiled.cl's LDS address after a join).
 *
 * Why: the rounds of spill.c spill a value everywhere once it is chosen
 * at one over-budget point, so in a long block under sustained pressure
 * it is reloaded after every such point, even where registers are free
 * between two of its uses (Braun & Hack's MIN algorithm would have kept
 * it). This recovers the part of MIN that matters most: the reloads whose
 * value could have stayed, nearest reuse first (the shortest gaps are the
 * cheapest to bridge and the ones MIN keeps), each bridged gap adding the
 * value's registers to the demand of the instructions it spans, so later
 * gaps see what earlier ones took.
 *
 * Validity: the register holds what the slot holds while nothing else is
 * stored to an overlapping slot and no call intervenes; for VGPRs also
 * while EXEC only loses lanes (s_and_saveexec_b64; any other write of EXEC
 * ends every holder, except the join's s_or_b64 that restores the EXEC a
 * holder from before the if was made under): a reload writes only the
 * enabled lanes, and those the register holds. The reload's result is renamed to the register's
 * value, which is defined earlier in the block or the chain before it and
 * so dominates every use. SGPRs stay within a block: across blocks they
 * cost more than they saved (raysphere.cl at 8/24: 9 % more executed
 * spill code, the SGPR file allocated differently).
 * Stores to slots that no reload reads any more then go.
 * Budget: demand from fresh liveness; a gap [last mention, reload) fits
 * when every instruction in it has demand + size <= budget - the block's
 * tuple slack (spill_choose.c spill_block_slack). The count at the last
 * mention is conservative (it adds the value to the live-before side too).
 * SGPR demand counts the reservation for the scratch V# and offset where
 * they are not live, as spill_choose.c does. Not for SGPR slots in
 * scratch (spill_sgpr_scratch.c places those), nor for values pinned to a
 * special register (or to an ABI register where there are calls). */
#include <stdlib.h>
#include <string.h>

#include "ra/ra.h"
#include "ra/spill_internal.h"
#include "util/bitset.h"

typedef struct gap {
  uint32_t rb, ri; /* the p_reload: block, position */
  uint32_t fb, fi; /* last mention of the holder before it (fb: rb or a chain ancestor) */
  uint32_t holder; /* temporary holding the slot's value */
  uint32_t len;    /* instructions in between */
} gap;

static int by_length(const void *a, const void *b) {
  const gap *x = a, *y = b;
  if (x->len != y->len) return x->len < y->len ? -1 : 1;
  if (x->rb != y->rb) return x->rb < y->rb ? -1 : 1;
  return x->ri < y->ri ? -1 : x->ri > y->ri;
}

/* Range of a spill pseudo of the file being lowered, on virtual slots
 * (slot number high, the dword offset of a partial VGPR reload low), and
 * the temporary it stores or defines; false for anything else (SGPR
 * pseudos placed in lanes already included). */
static bool vplace(const spill_ctx *c, const mir_instr *ins, int64_t *lo, int64_t *hi, uint32_t *temp) {
  bool st = ins->opcode == MIR_P_SPILL;
  if (!st && ins->opcode != MIR_P_RELOAD) return false;
  const mir_operand *val = st ? &ins->ops[0] : &ins->defs[0];
  const mir_operand *at = st ? &ins->ops[1] : &ins->ops[0];
  if (val->kind != MIR_OPND_TEMP || mir_rc_is_vgpr(val->temp.rc) != c->vgpr) return false;
  if (ins->num_ops != (st ? 3u : 2u) + c->vgpr || (!c->vgpr && at[1].kind != MIR_OPND_UNDEF)) return false;
  *lo = ((int64_t)at->imm << 20) + 4 * (int64_t)ins->offset;
  *hi = *lo + 4 * (int64_t)mir_rc_size(val->temp.rc);
  *temp = val->temp.id;
  return true;
}

/* Is t live before ins, given whether it is live after? */
static bool live_before(const mir_instr *ins, uint32_t t, bool after) {
  if (!t) return false;
  for (unsigned k = 0; k < ins->num_defs; k++)
    if (ins->defs[k].kind == MIR_OPND_TEMP && ins->defs[k].temp.id == t) after = false;
  for (unsigned k = 0; k < ins->num_ops; k++)
    if (ins->ops[k].kind == MIR_OPND_TEMP && ins->ops[k].temp.id == t) return true;
  return after;
}

/* A slot whose value a temporary holds, in the forward walk, and where
 * the temporary was last mentioned. */
typedef struct held {
  int64_t lo, hi;
  uint32_t temp, lb, li;
} held;

typedef struct reuse_ctx {
  spill_ctx *c;
  uint16_t **dem;   /* [block][instr] demand of the file, bridged gaps added */
  unsigned *goal;   /* [block] budget minus the block's tuple slack */
  uint32_t *chain;  /* [block] its only predecessor (both CFGs), else UINT32_MAX;
                     * or, for the join of an if (join_of), the if's block */
  uint8_t *join;    /* [block] chain[] leads to an if's block over the two blocks before it */
  held **pre;       /* [block] holders just before its last s_and_saveexec_b64 */
  uint32_t *npre;
  uint32_t *mask;   /* [block] the mask that s_and_saveexec_b64 saved, else 0 */
  held **out;       /* [block] holders at its end */
  uint32_t *nout;
  uint32_t *last_b, *last_i; /* [temp] last mention in the walk */
  gap *gs;
  uint32_t ng, capg;
} reuse_ctx;

/* A block entered only from spill_only_pred continues its holders (the
 * value is in the same register at the block's start, and liveness
 * carries it along that edge). */
uint32_t spill_only_pred(const spill_ctx *c, const mir_block *b) {
  if (b->linear_preds.n != 1) return UINT32_MAX;
  if (c->vgpr && (b->logical_preds.n != 1 || b->logical_preds.v[0] != b->linear_preds.v[0])) return UINT32_MAX;
  return b->linear_preds.v[0];
}

/* Does the instruction keep VGPR holders valid although it writes EXEC?
 * Only where it can only turn lanes off (s_and_saveexec_b64): the
 * register then still holds the value of every enabled lane. */
static bool exec_narrows(const mir_instr *ins) {
  return wavecc_lane_kind(ins->opcode, NULL) == WAVECC_LANE_AND_SAVEEXEC; /* either lane-mask width */
}

/* Does ins change EXEC other than by dropping lanes? s_andn1_saveexec
 * (EXEC = EXEC & ~S0) only drops lanes, so a holder stays valid across it. */
static bool exec_changes(const mir_instr *ins) {
  return mir_writes_exec(ins) && wavecc_lane_kind(ins->opcode, NULL) != WAVECC_LANE_ANDN1_SAVEEXEC;
}

static void add_gap(reuse_ctx *r, uint32_t rb, uint32_t ri, uint32_t holder) {
  const mir_program *p = r->c->p;
  gap g = {rb, ri, r->last_b[holder], r->last_i[holder], holder, 0};
  uint32_t x = rb, end = ri;
  for (;;) { /* (the chain leads back to fb: holders only pass along it) */
    g.len += end - (x == g.fb ? g.fi : 0);
    if (x == g.fb) break;
    if (r->join[x]) g.len += p->blocks[x - 1].num_instrs + p->blocks[x - 2].num_instrs;
    x = r->chain[x];
    end = p->blocks[x].num_instrs;
  }
  if (r->ng == r->capg) {
    uint32_t cap = r->capg ? r->capg * 2 : 64;
    r->gs = arena_grow(p->mem, r->gs, r->capg, cap, sizeof *r->gs);
    r->capg = cap;
  }
  r->gs[r->ng++] = g;
}

/* The temporary an instruction reads at operand position k, else 0. */
static uint32_t op_temp(const mir_instr *ins, unsigned k) {
  return k < ins->num_ops && ins->ops[k].kind == MIR_OPND_TEMP ? ins->ops[k].temp.id : 0;
}

/* Does the instruction (in the else-block or the join of an if whose
 * saved mask is m) compute EXEC from m: s_andn2_b64 m, exec (else) or
 * s_or_b64 exec, m (join: EXEC is again what it was before the if)? */
static bool if_mask_op(const mir_instr *ins, wavecc_lane_opkind k, uint32_t m) {
  return wavecc_lane_kind(ins->opcode, NULL) == k && m && (op_temp(ins, 0) == m || op_temp(ins, 1) == m);
}

static bool pair_is(const mir_idx_list *l, uint32_t a, uint32_t b) {
  return l->n == 2 && ((l->v[0] == a && l->v[1] == b) || (l->v[0] == b && l->v[1] == a));
}

/* Is VGPR block bi the join of an if laid out as its block A = bi-3
 * (ending in s_and_saveexec_b64 of mask m), then-block T = bi-2 (entered
 * only from A), else-block L = bi-1 (logical predecessor A, linear A and
 * T; its only EXEC write s_andn2_b64 m, exec), bi entered linearly from
 * L and logically from T and L? Then a VGPR that held a slot's value in
 * A before the s_and_saveexec_b64 still holds it for every lane once bi's
 * s_or_b64 exec, m restores EXEC, unless T or L stores to the slot or
 * calls (the holder stays live through T and L: no lane of it changes). */
static bool join_of(const reuse_ctx *r, uint32_t bi) {
  const mir_program *p = r->c->p;
  if (!r->c->vgpr || bi < 3 || !r->mask[bi - 3]) return false;
  const mir_block *j = &p->blocks[bi], *l = &p->blocks[bi - 1], *t = &p->blocks[bi - 2];
  uint32_t a = bi - 3, m = r->mask[a];
  if (j->linear_preds.n != 1 || j->linear_preds.v[0] != bi - 1 || !pair_is(&j->logical_preds, bi - 2, bi - 1)) return false;
  if (l->logical_preds.n != 1 || l->logical_preds.v[0] != a || !pair_is(&l->linear_preds, a, bi - 2)) return false;
  if (t->linear_preds.n != 1 || t->linear_preds.v[0] != a || t->logical_preds.n != 1 || t->logical_preds.v[0] != a)
    return false;
  for (uint32_t y = bi - 2; y < bi; y++)
    for (uint32_t i = 0; i < p->blocks[y].num_instrs; i++) {
      const mir_instr *ins = p->blocks[y].instrs[i];
      if (ins->opcode == MIR_P_CALL) return false;
      if (exec_changes(ins) && (y == bi - 2 || !if_mask_op(ins, WAVECC_LANE_ANDN2, m))) return false;
    }
  return true;
}

/* Forward walk of block bi: records the gaps (each reload against the
 * latest holder of its slot) and the holders at the end. */
static void walk_block(reuse_ctx *r, uint32_t bi) {
  spill_ctx *c = r->c;
  mir_program *p = c->p;
  mir_block *b = &p->blocks[bi];
  held *hs = NULL;
  uint32_t nh = 0, caph = 0;
  bool restore = false; /* the join's s_or_b64 exec, m still to come */
  if (r->join[bi]) {
    uint32_t a = r->chain[bi];
    caph = r->npre[a] ? r->npre[a] : 1;
    hs = arena_alloc(p->mem, caph * sizeof *hs);
    for (uint32_t k = 0; k < r->npre[a]; k++) { /* less what T or L overwrites */
      held h = r->pre[a][k];
      bool kept = true;
      for (uint32_t y = bi - 2; y < bi && kept; y++)
        for (uint32_t i = 0; i < p->blocks[y].num_instrs && kept; i++) {
          int64_t lo, hi;
          uint32_t t;
          const mir_instr *ins = p->blocks[y].instrs[i];
          if (ins->opcode == MIR_P_SPILL && vplace(c, ins, &lo, &hi, &t) && h.lo < hi && lo < h.hi) kept = false;
        }
      if (!kept) continue;
      hs[nh++] = h;
      r->last_b[h.temp] = h.lb;
      r->last_i[h.temp] = h.li;
    }
    restore = true;
  } else if (r->chain[bi] != UINT32_MAX && r->nout[r->chain[bi]]) {
    caph = nh = r->nout[r->chain[bi]];
    hs = arena_alloc(p->mem, caph * sizeof *hs);
    memcpy(hs, r->out[r->chain[bi]], nh * sizeof *hs);
    for (uint32_t k = 0; k < nh; k++) {
      r->last_b[hs[k].temp] = hs[k].lb;
      r->last_i[hs[k].temp] = hs[k].li;
    }
  }
  for (uint32_t i = 0; i < b->num_instrs; i++) {
    const mir_instr *ins = b->instrs[i];
    int64_t lo, hi;
    uint32_t t;
    if (vplace(c, ins, &lo, &hi, &t)) {
      bool st = ins->opcode == MIR_P_SPILL, found = false;
      uint32_t keep = 0;
      for (uint32_t k = 0; k < nh; k++) {
        if (!st && hs[k].lo == lo && hs[k].hi == hi && p->temp_rc[hs[k].temp] == p->temp_rc[t]) {
          add_gap(r, bi, i, hs[k].temp); /* the latest holder only: its gap is the shortest */
          hs[k].temp = t;                /* the reload holds it from here (if its gap stays open) */
          found = true;
        }
        if (st && hs[k].lo < hi && lo < hs[k].hi) continue; /* overwritten */
        hs[keep++] = hs[k];
      }
      nh = keep;
      uint32_t pk = 0; /* and so is a holder from before the s_and_saveexec_b64 */
      for (uint32_t k = 0; st && k < r->npre[bi]; k++)
        if (!(r->pre[bi][k].lo < hi && lo < r->pre[bi][k].hi)) r->pre[bi][pk++] = r->pre[bi][k];
      if (st) r->npre[bi] = pk;
      if (nh == caph) {
        uint32_t cap = caph ? caph * 2 : 32;
        hs = arena_grow(p->mem, hs, caph, cap, sizeof *hs);
        caph = cap;
      }
      if (!found) hs[nh++] = (held){lo, hi, t, 0, 0};
    } else if (c->vgpr && exec_narrows(ins)) {
      r->pre[bi] = arena_alloc(p->mem, (nh ? nh : 1) * sizeof *hs);
      for (uint32_t k = 0; k < nh; k++)
        r->pre[bi][k] = (held){hs[k].lo, hs[k].hi, hs[k].temp, r->last_b[hs[k].temp], r->last_i[hs[k].temp]};
      r->npre[bi] = nh;
      r->mask[bi] = ins->defs[0].kind == MIR_OPND_TEMP && ins->defs[0].preg != MIR_PREG_EXEC ? ins->defs[0].temp.id : 0;
    } else if (restore && if_mask_op(ins, WAVECC_LANE_OR, r->mask[r->chain[bi]])) {
      restore = false; /* EXEC is what it was when A's holders were recorded */
    } else if ((c->vgpr && exec_changes(ins)) || ins->opcode == MIR_P_CALL) {
      nh = 0; /* (a call clobbers registers it does not name) */
      r->npre[bi] = 0;
      r->mask[bi] = 0;
    }
    for (unsigned k = 0; k < (unsigned)ins->num_ops + ins->num_defs; k++)
      if (ins->ops[k].kind == MIR_OPND_TEMP) {
        r->last_b[ins->ops[k].temp.id] = bi;
        r->last_i[ins->ops[k].temp.id] = i;
      }
  }
  for (uint32_t k = 0; k < nh; k++) {
    hs[k].lb = r->last_b[hs[k].temp];
    hs[k].li = r->last_i[hs[k].temp];
  }
  r->out[bi] = hs;
  r->nout[bi] = nh;
}

uint16_t *spill_block_demand(const spill_ctx *c, uint32_t bi) {
  const mir_program *p = c->p;
  const mir_block *b = &p->blocks[bi];
  uint16_t *dem = arena_alloc(p->mem, (b->num_instrs ? b->num_instrs : 1) * sizeof *dem);
  bool psb = c->psb.id && bitset_test(p->live->live_out[bi], c->psb.id);
  bool wo = c->wo.id && bitset_test(p->live->live_out[bi], c->wo.id);
  for (uint32_t i = b->num_instrs; i-- > 0;) {
    const mir_instr *ins = b->instrs[i];
    dem[i] = c->vgpr ? p->live->demand[bi][i].vgpr : p->live->demand[bi][i].sgpr;
    if (c->vgpr || !c->reserve) continue;
    /* SGPRs held for the scratch V# and offset where they are not live,
     * as spill_choose.c counts them */
    if (c->psb.id && !psb && !spill_names(ins, c->psb.id)) dem[i] = (uint16_t)(dem[i] + 4);
    if (c->wo.id && !wo && !spill_names(ins, c->wo.id)) dem[i] = (uint16_t)(dem[i] + 1);
    psb = live_before(ins, c->psb.id, psb);
    wo = live_before(ins, c->wo.id, wo);
  }
  return dem;
}

/* Bridges gap g if every instruction in it has room for size more
 * registers (adding them to the demand), else leaves it. */
static bool bridge(reuse_ctx *r, const gap *g, unsigned size) {
  const mir_program *p = r->c->p;
  for (int pass = 0; pass < 2; pass++) {
    uint32_t x = g->rb, end = g->ri;
    for (;;) {
      for (uint32_t j = x == g->fb ? g->fi : 0; j < end; j++) {
        if (!pass && r->dem[x][j] + size > r->goal[x]) return false;
        if (pass) r->dem[x][j] = (uint16_t)(r->dem[x][j] + size);
      }
      if (x == g->fb) break;
      for (uint32_t y = x - 2; r->join[x] && y < x; y++) /* the then- and else-blocks, whole */
        for (uint32_t j = 0; j < p->blocks[y].num_instrs; j++) {
          if (!pass && r->dem[y][j] + size > r->goal[y]) return false;
          if (pass) r->dem[y][j] = (uint16_t)(r->dem[y][j] + size);
        }
      x = r->chain[x];
      end = p->blocks[x].num_instrs;
    }
  }
  return true;
}

bool spill_reuse_registers(spill_ctx *c) {
  mir_program *p = c->p;
  mir_liveness(p, c->d);
  uint32_t nt = p->num_temps ? p->num_temps : 1, nb = p->num_blocks ? p->num_blocks : 1, total = 0;
  arena *m = p->mem;
  /* Values whose register is not free to keep: pinned to SCC, VCC, EXEC
   * or M0, or, in a program with calls, constrained to an ABI register
   * (a call's argument and clobbered registers). */
  uint8_t *pinned = mir_special_temps(p, m);
  for (uint32_t bi = 0; bi < p->num_blocks && p->has_calls; bi++)
    for (uint32_t i = 0; i < p->blocks[bi].num_instrs; i++) {
      const mir_instr *ins = p->blocks[bi].instrs[i];
      for (unsigned k = 0; k < ins->num_defs; k++)
        if (ins->defs[k].kind == MIR_OPND_TEMP && (ins->defs[k].flags & MIR_OPND_FIXED_REG)) pinned[ins->defs[k].temp.id] = 1;
    }
  reuse_ctx r = {.c = c};
  r.dem = arena_alloc(m, nb * sizeof *r.dem);
  r.goal = arena_alloc(m, nb * sizeof *r.goal);
  r.chain = arena_alloc(m, nb * sizeof *r.chain);
  r.join = arena_alloc(m, nb);
  r.pre = arena_alloc(m, nb * sizeof *r.pre);
  r.npre = arena_alloc(m, nb * sizeof *r.npre);
  r.mask = arena_alloc(m, nb * sizeof *r.mask);
  memset(r.npre, 0, nb * sizeof *r.npre);
  memset(r.mask, 0, nb * sizeof *r.mask);
  r.out = arena_alloc(m, nb * sizeof *r.out);
  r.nout = arena_alloc(m, nb * sizeof *r.nout);
  r.last_b = arena_alloc(m, nt * sizeof *r.last_b);
  r.last_i = arena_alloc(m, nt * sizeof *r.last_i);
  uint8_t **drop = arena_alloc(m, nb * sizeof *drop);
  for (uint32_t bi = 0; bi < p->num_blocks; bi++) {
    const mir_block *b = &p->blocks[bi];
    uint32_t pred = spill_only_pred(c, b);
    r.chain[bi] = pred < bi && c->vgpr ? pred : UINT32_MAX; /* (a loop header's back edge: no) */
    r.join[bi] = join_of(&r, bi);
    if (r.join[bi]) r.chain[bi] = bi - 3;
    r.dem[bi] = spill_block_demand(c, bi);
    r.goal[bi] = c->target - spill_block_slack(c, b);
    drop[bi] = arena_alloc(m, b->num_instrs ? b->num_instrs : 1);
    memset(drop[bi], 0, b->num_instrs ? b->num_instrs : 1);
    walk_block(&r, bi);
  }
  if (!r.ng) return false;
  qsort(r.gs, r.ng, sizeof *r.gs, by_length);
  uint32_t *rename = arena_alloc(m, nt * sizeof *rename);
  memset(rename, 0, nt * sizeof *rename);
  for (uint32_t g = 0; g < r.ng; g++) {
    const gap *gp = &r.gs[g];
    uint32_t h = gp->holder, res = p->blocks[gp->rb].instrs[gp->ri]->defs[0].temp.id;
    while (rename[h]) h = rename[h];
    if (drop[gp->rb][gp->ri] || pinned[h] || h == res || !bridge(&r, gp, tsize(c, h))) continue;
    rename[res] = h;
    drop[gp->rb][gp->ri] = 1;
    total++;
  }
  if (!total) return false;
  for (uint32_t bi = 0; bi < p->num_blocks; bi++) {
    mir_block *b = &p->blocks[bi];
    uint32_t k = 0;
    for (uint32_t i = 0; i < b->num_instrs; i++)
      if (!drop[bi][i]) b->instrs[k++] = b->instrs[i];
    b->num_instrs = k;
  }
  for (uint32_t bi = 0; bi < p->num_blocks; bi++)
    for (uint32_t i = 0; i < p->blocks[bi].num_instrs; i++) {
      mir_instr *ins = p->blocks[bi].instrs[i];
      for (unsigned k = 0; k < ins->num_ops; k++)
        if (ins->ops[k].kind == MIR_OPND_TEMP && rename[ins->ops[k].temp.id]) {
          uint32_t v = ins->ops[k].temp.id;
          while (rename[v]) v = rename[v];
          ins->ops[k].temp.id = v;
          ins->ops[k].flags &= (uint8_t)~MIR_OPND_KILL;
        }
    }
  /* Stores to slots no reload reads any more go (before colouring, so
   * that they take no place either). */
  uint8_t *read = arena_alloc(p->mem, c->nvslots ? c->nvslots : 1);
  memset(read, 0, c->nvslots ? c->nvslots : 1);
  for (uint32_t bi = 0; bi < p->num_blocks; bi++)
    for (uint32_t i = 0; i < p->blocks[bi].num_instrs; i++) {
      const mir_instr *ins = p->blocks[bi].instrs[i];
      int64_t lo, hi;
      uint32_t t;
      if (ins->opcode == MIR_P_RELOAD && vplace(c, ins, &lo, &hi, &t) && (lo >> 20) < c->nvslots) read[lo >> 20] = 1;
    }
  for (uint32_t bi = 0; bi < p->num_blocks; bi++) {
    mir_block *b = &p->blocks[bi];
    uint32_t k = 0;
    for (uint32_t i = 0; i < b->num_instrs; i++) {
      const mir_instr *ins = b->instrs[i];
      int64_t lo, hi;
      uint32_t t;
      if (ins->opcode == MIR_P_SPILL && vplace(c, ins, &lo, &hi, &t) && (lo >> 20) < c->nvslots && !read[lo >> 20]) continue;
      b->instrs[k++] = b->instrs[i];
    }
    b->num_instrs = k;
  }
  return true;
}
