/* Reloads that read a register instead (spill.c, before a file's slots
 * are placed): a p_reload of a slot whose value an earlier instruction of
 * the same block left in a register (the value stored there, or an earlier
 * reload of it) becomes that register, where keeping it live from its
 * last mention to the reload fits the budget at every instruction in
 * between.
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
 * Validity: the register holds what the place holds while nothing else is
 * stored to an overlapping place and no call intervenes; for VGPRs also
 * while EXEC does not change (a reload writes only the enabled lanes, as
 * spill_cleanup.c notes). The reload's result is renamed to the register's value, which
 * is defined earlier in the same block and so dominates every use.
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

#include "passes/passes.h"
#include "ra/ra.h"
#include "ra/spill_internal.h"
#include "util/bitset.h"

typedef struct gap {
  uint32_t reload; /* position of the p_reload in its block */
  uint32_t from;   /* last mention of the holder before it */
  uint32_t holder; /* temporary holding the place's value */
} gap;

static int by_length(const void *a, const void *b) {
  const gap *x = a, *y = b;
  uint32_t lx = x->reload - x->from, ly = y->reload - y->from;
  if (lx != ly) return lx < ly ? -1 : 1;
  return x->reload < y->reload ? -1 : x->reload > y->reload;
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

/* A place whose value a temporary holds, in the forward walk. */
typedef struct held {
  int64_t lo, hi;
  uint32_t temp;
} held;

/* Block bi: the gaps, bridged shortest first; renames the reloads bridged
 * (rename[result] = holder) and marks them dropped. Returns how many. */
static uint32_t reuse_block(spill_ctx *c, uint32_t bi, uint32_t *rename, uint32_t *last, const uint8_t *pinned,
                            uint8_t *drop) {
  mir_program *p = c->p;
  mir_block *b = &p->blocks[bi];
  uint32_t n = b->num_instrs;
  if (!n) return 0;
  arena *m = p->mem;
  held *hs = NULL;
  gap *gs = NULL;
  uint32_t nh = 0, ng = 0, caph = 0, capg = 0;
  for (uint32_t i = 0; i < n; i++) {
    const mir_instr *ins = b->instrs[i];
    int64_t lo, hi;
    uint32_t t;
    if (vplace(c, ins, &lo, &hi, &t)) {
      bool st = ins->opcode == MIR_P_SPILL, found = false;
      uint32_t keep = 0;
      for (uint32_t k = 0; k < nh; k++) {
        if (!st && hs[k].lo == lo && hs[k].hi == hi && p->temp_rc[hs[k].temp] == p->temp_rc[t]) {
          /* the latest holder only: its gap is the shortest */
          if (capg == ng) {
            uint32_t cap = capg ? capg * 2 : 32;
            gs = arena_grow(m, gs, capg, cap, sizeof *gs);
            capg = cap;
          }
          gs[ng++] = (gap){i, last[hs[k].temp], hs[k].temp};
          hs[k].temp = t; /* the reload holds it from here (if its gap stays open) */
          found = true;
        }
        if (st && hs[k].lo < hi && lo < hs[k].hi) continue; /* overwritten */
        hs[keep++] = hs[k];
      }
      nh = keep;
      if (nh == caph) {
        uint32_t cap = caph ? caph * 2 : 32;
        hs = arena_grow(m, hs, caph, cap, sizeof *hs);
        caph = cap;
      }
      if (!found) hs[nh++] = (held){lo, hi, t};
    } else if ((c->vgpr && spill_writes_exec(ins)) || ins->opcode == MIR_P_CALL) { /* (a call clobbers registers it does not name) */
      nh = 0;
    }
    for (unsigned k = 0; k < (unsigned)ins->num_ops + ins->num_defs; k++)
      if (ins->ops[k].kind == MIR_OPND_TEMP) last[ins->ops[k].temp.id] = i;
  }
  if (!ng) return 0;
  qsort(gs, ng, sizeof *gs, by_length);
  /* (demand is a fresh copy: bridged gaps add to it) */
  uint16_t *dem = arena_alloc(m, n * sizeof *dem);
  bool psb = c->psb.id && bitset_test(p->live->live_out[bi], c->psb.id);
  bool wo = c->wo.id && bitset_test(p->live->live_out[bi], c->wo.id);
  for (uint32_t i = n; i-- > 0;) {
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
  unsigned goal = c->target - spill_block_slack(c, b);
  uint32_t done = 0;
  for (uint32_t g = 0; g < ng; g++) {
    uint32_t h = gs[g].holder;
    while (rename[h]) h = rename[h];
    if (drop[gs[g].reload] || pinned[h] || h == b->instrs[gs[g].reload]->defs[0].temp.id) continue;
    unsigned size = tsize(c, h);
    bool fits = true;
    for (uint32_t j = gs[g].from; j < gs[g].reload && fits; j++) fits = dem[j] + size <= goal;
    if (!fits) continue;
    for (uint32_t j = gs[g].from; j < gs[g].reload; j++) dem[j] = (uint16_t)(dem[j] + size);
    rename[b->instrs[gs[g].reload]->defs[0].temp.id] = h;
    drop[gs[g].reload] = 1;
    done++;
  }
  return done;
}

bool spill_reuse_registers(spill_ctx *c) {
  mir_program *p = c->p;
  mir_liveness(p, c->d);
  uint32_t nt = p->num_temps ? p->num_temps : 1, total = 0;
  /* Values whose register is not free to keep: pinned to SCC, VCC, EXEC
   * or M0, or, in a program with calls, constrained to an ABI register
   * (a call's argument and clobbered registers). */
  uint8_t *pinned = mir_special_temps(p, p->mem);
  for (uint32_t bi = 0; bi < p->num_blocks && p->has_calls; bi++)
    for (uint32_t i = 0; i < p->blocks[bi].num_instrs; i++) {
      const mir_instr *ins = p->blocks[bi].instrs[i];
      for (unsigned k = 0; k < ins->num_defs; k++)
        if (ins->defs[k].kind == MIR_OPND_TEMP && (ins->defs[k].flags & MIR_OPND_FIXED_REG)) pinned[ins->defs[k].temp.id] = 1;
    }
  uint32_t *rename = arena_alloc(p->mem, nt * sizeof *rename);
  uint32_t *last = arena_alloc(p->mem, nt * sizeof *last);
  memset(rename, 0, nt * sizeof *rename);
  for (uint32_t bi = 0; bi < p->num_blocks; bi++) {
    mir_block *b = &p->blocks[bi];
    uint8_t *drop = arena_alloc(p->mem, b->num_instrs ? b->num_instrs : 1);
    memset(drop, 0, b->num_instrs ? b->num_instrs : 1);
    uint32_t done = reuse_block(c, bi, rename, last, pinned, drop);
    if (!done) continue;
    total += done;
    uint32_t k = 0;
    for (uint32_t i = 0; i < b->num_instrs; i++)
      if (!drop[i]) b->instrs[k++] = b->instrs[i];
    b->num_instrs = k;
  }
  if (!total) return false;
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
