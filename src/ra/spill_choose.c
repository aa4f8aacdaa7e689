/* Choosing what to spill (spill.c step 2): a backward walk over each
 * block that, where demand exceeds the goal, picks the values live across
 * the point with the furthest next use (Braun & Hack 2009). */
#include <string.h>

#include "ra/ra.h"
#include "ra/spill_internal.h"
#include "util/bitset.h"

/* Index after the phis, p_startpgm, and the spill lanes, scratch offset
 * and stores of kernel inputs behind it: where further stores of values
 * defined at block entry (kernel inputs) go. */
uint32_t spill_head_end(const spill_ctx *c, const mir_block *b) {
  uint32_t i = 0;
  while (i < b->num_instrs && mir_is_phi(b->instrs[i])) i++;
  if (i < b->num_instrs && b->instrs[i]->opcode == MIR_P_STARTPGM) {
    i++;
    while (i < b->num_instrs && (b->instrs[i]->opcode == MIR_P_SPILL ||
                                 (b->instrs[i]->num_defs && b->instrs[i]->defs[0].kind == MIR_OPND_TEMP &&
                                  c->kind[b->instrs[i]->defs[0].temp.id] == TK_PINNED)))
      i++;
  }
  /* scratch inputs isel defined after p_startpgm (calls: the copies out of
   * the calling convention's registers, isel_calls.c) come first */
  if (b == &c->p->blocks[0] && c->wo.id)
    for (uint32_t j = i; j < b->num_instrs; j++)
      for (unsigned k = 0; k < b->instrs[j]->num_defs; k++)
        if (b->instrs[j]->defs[k].kind == MIR_OPND_TEMP && b->instrs[j]->defs[k].temp.id == c->wo.id) i = j + 1;
  return i;
}

/* Registers of the file the instruction itself reads and writes. */
static unsigned own_need(const spill_ctx *c, const mir_instr *ins) {
  unsigned n = 0;
  for (unsigned k = 0; k < (unsigned)ins->num_ops + ins->num_defs; k++) {
    const mir_operand *o = &ins->ops[k];
    if (o->kind != MIR_OPND_TEMP || !in_file(c, o->temp.id) || c->kind[o->temp.id] == TK_PINNED) continue;
    bool seen = false;
    for (unsigned j = 0; j < k && !seen; j++) seen = ins->ops[j].kind == MIR_OPND_TEMP && ins->ops[j].temp.id == o->temp.id;
    if (!seen) n += tsize(c, o->temp.id);
  }
  return n;
}

static void report_point(spill_ctx *c, uint32_t bi, const mir_instr *ins, unsigned dem) {
  char buf[256] = "";
  FILE *f = fmemopen(buf, sizeof buf - 1, "w");
  if (f) {
    mir_instr *shown = spill_clone(c->p, ins); /* without liveness's kill flags */
    for (unsigned k = 0; k < (unsigned)shown->num_ops + shown->num_defs; k++) shown->ops[k].flags &= (uint8_t)~MIR_OPND_KILL;
    mir_print_instr(f, c->p, shown);
    fclose(f);
  }
  diag_error(c->d, c->p->name,
             "register budget too small: %u %s cannot hold the operands and results live at `%s` in BB%u (needs %u)",
             c->target, c->vgpr ? "VGPRs" : "SGPRs", buf, bi, dem);
  c->p->budget_failed = true;
}

/* The slack of a block: registers kept free where the allocator may need
 * a contiguous range, i.e. in blocks that define a tuple of the file, as
 * many as the widest tuple defined there needs (at most the file's
 * slack); none elsewhere (single registers never need one). */
unsigned spill_block_slack(const spill_ctx *c, const mir_block *b) {
  unsigned widest = 1;
  for (uint32_t i = 0; i < b->num_instrs; i++) {
    const mir_instr *ins = b->instrs[i];
    for (unsigned k = 0; k < ins->num_defs; k++)
      if (ins->defs[k].kind == MIR_OPND_TEMP && in_file(c, ins->defs[k].temp.id) && tsize(c, ins->defs[k].temp.id) > widest)
        widest = tsize(c, ins->defs[k].temp.id);
  }
  if (widest == 1) return 0;
  /* (SGPR tuples are aligned: one more, as in file_slack) */
  unsigned s = c->vgpr ? (widest > 2 ? c->slack : widest) : widest > 4 ? 4 : widest;
  return s < c->slack ? s : c->slack;
}

/* Dwords of the chosen values in `live` that `ins` names (each once). */
static unsigned chosen_named(const spill_ctx *c, const mir_instr *ins, const uint64_t *live) {
  unsigned sum = 0, n = (unsigned)ins->num_ops + ins->num_defs;
  for (unsigned k = 0; k < n; k++) {
    const mir_operand *o = &ins->ops[k];
    if (o->kind != MIR_OPND_TEMP || !c->chosen[o->temp.id] || !bitset_test(live, o->temp.id)) continue;
    bool dup = false;
    for (unsigned q = 0; q < k && !dup; q++) dup = ins->ops[q].kind == MIR_OPND_TEMP && ins->ops[q].temp.id == o->temp.id;
    if (!dup) sum += tsize(c, o->temp.id);
  }
  return sum;
}

/* Walks every block backwards and marks values to spill (c->chosen) where
 * demand exceeds the target. *n gets how many were chosen. Error: a point
 * no choice can relieve. */
int spill_choose(spill_ctx *c, unsigned *n) {
  mir_program *p = c->p;
  const mir_live_info *li = p->live;
  uint32_t words = li->words;
  uint64_t *live = arena_alloc(p->mem, words * sizeof *live);
  /* values stored in an earlier round whose store is still ahead in the
   * block (walking backwards: passed already) */
  uint64_t *to_store = arena_alloc(p->mem, words * sizeof *to_store);
  *n = 0;
  for (uint32_t bi = 0; bi < p->num_blocks; bi++) {
    const mir_block *b = &p->blocks[bi];
    uint32_t len = b->num_instrs, head = spill_head_end(c, b);
    unsigned slack = spill_block_slack(c, b);
    bitset_copy(live, li->live_out[bi], words);
    memset(to_store, 0, words * sizeof *to_store);
    /* dwords of the chosen values in `live`, kept up to date below, so an
     * instruction over the goal costs its operands, not a walk of every
     * live value (that walk made choosing quadratic in a block with
     * hundreds of values live, issue 22) */
    unsigned chosen_live = 0;
    for (uint32_t t = bitset_next(live, words, 0); t != UINT32_MAX; t = bitset_next(live, words, t + 1)) {
      if (in_file(c, t)) c->nu[t] = len + spill_out_dist(c, bi, t);
      if (c->chosen[t]) chosen_live += tsize(c, t);
    }
    for (uint32_t i = len; i-- > 0;) {
      const mir_instr *ins = b->instrs[i];
      mir_reg_demand dm = li->demand[bi][i];
      unsigned dem = c->vgpr ? dm.vgpr : dm.sgpr;
      if (!c->vgpr && c->reserve) {
        /* (where they are not live; a definition is counted already) */
        if (c->psb.id && !bitset_test(live, c->psb.id) && !spill_names(ins, c->psb.id)) dem += 4;
        if (c->wo.id && !bitset_test(live, c->wo.id) && !spill_names(ins, c->wo.id)) dem += 1;
      }
      if (!c->vgpr && c->sgpr_scratch && spill_scc_across(c, ins, live)) dem += 1; /* the SCC keeper of spill_lower.c */
      unsigned goal = c->target - slack;
      if (dem > goal && own_need(c, ins) > goal) goal = c->target;
      if (dem > goal) {
        int excess = (int)dem - (int)goal - (int)chosen_live + (int)chosen_named(c, ins, live);
        while (excess > 0) {
          uint32_t best = 0;
          uint64_t best_key = 0;
          for (uint32_t t = bitset_next(live, words, 0); t != UINT32_MAX; t = bitset_next(live, words, t + 1)) {
            if (!in_file(c, t) || c->chosen[t] || c->kind[t] >= TK_DONE || spill_names(ins, t)) continue;
            /* On its way to its store (a kernel input, or a value defined
             * before the stores of a block's entry): its register stays
             * live up to there whatever is chosen, so choosing it relieves
             * nothing and the rounds would never end (calls-workitem-id
             * at 8/22 with tuple slack). */
            if (c->kind[t] == TK_KEPT && (i < head || bitset_test(to_store, t))) continue;
            uint64_t dist = c->nu[t] > i ? c->nu[t] - i : 1;
            /* Cheap to bring back: no store (an existing slot), or no
             * memory at all (remat: one ALU instruction per use, which in
             * a long block beats a store and a reload of a value whose
             * next use is up to three times as far; sha1_unrolled's round
             * constants, fft_radix4's twiddle factors). */
            unsigned cheap = c->kind[t] == TK_NORMAL ? 2 : c->kind[t] == TK_REMAT ? 6 : 3;
            uint64_t key = dist * cheap * 16 + tsize(c, t);
            if (key > best_key) {
              best_key = key;
              best = t;
            }
          }
          if (!best && excess > (int)slack) {
            report_point(c, bi, ins, dem);
            return -1;
          }
          if (!best) break; /* within the budget, short of the slack */
          c->chosen[best] = 1;
          chosen_live += tsize(c, best);
          (*n)++;
          excess -= (int)tsize(c, best);
        }
      }
      if (ins->opcode == MIR_P_SPILL && ins->ops[0].kind == MIR_OPND_TEMP && c->store[ins->ops[0].temp.id] == ins)
        bitset_set(to_store, ins->ops[0].temp.id);
      /* Step over ins: its definitions end, its operands (next use here) begin. */
      for (unsigned k = 0; k < ins->num_defs; k++) {
        uint32_t t = ins->defs[k].temp.id;
        if (ins->defs[k].kind != MIR_OPND_TEMP || !bitset_test(live, t)) continue;
        if (c->chosen[t]) chosen_live -= tsize(c, t);
        bitset_clear(live, t);
      }
      if (mir_is_phi(ins)) continue;
      for (unsigned k = 0; k < ins->num_ops; k++) {
        const mir_operand *o = &ins->ops[k];
        if (o->kind != MIR_OPND_TEMP) continue;
        if (!bitset_test(live, o->temp.id) && c->chosen[o->temp.id]) chosen_live += tsize(c, o->temp.id);
        bitset_set(live, o->temp.id);
        c->nu[o->temp.id] = i;
      }
    }
  }
  return 0;
}
