/* Liveness of SSA temporaries: live-in/live-out sets per block, kill flags
 * and register demand.
 *
 * Algorithm (the classic backward dataflow, specialised as in Mesa's ACO
 * "live_var_analysis"): per block, compute once the upward-exposed uses
 * (gen) and the definitions (kill, phi definitions included); then iterate
 * live_out[b] = U_succ (live_in[s] restricted to the temporaries of that
 * CFG) U phi operands for b, and live_in[b] = gen[b] U (live_out[b] - kill[b])
 * over the blocks in post-order (blocks are numbered in reverse post-order,
 * so walking indices downwards converges in one pass plus one per loop
 * nesting level). SGPR and linear-VGPR temporaries flow along the linear
 * CFG, logical VGPRs along the logical CFG: a divergent value is only live
 * where its lanes can still read it, which is what lets the allocator reuse
 * VGPRs across the two sides of an if/else.
 *
 * A final backward walk per block sets MIR_OPND_KILL on last uses and
 * counts register demand. Demand at an instruction is what must be
 * simultaneously allocated while it executes: max(live before it, live
 * after it + definitions that are never used + late-kill operands).
 * Temporaries pinned to special registers (SCC, VCC, EXEC, M0) are not
 * counted. Cost: O(instructions + blocks * words * iterations).
 *
 * Invariant on input: SSA (each temporary defined once, definitions
 * dominate uses), phis at the head of their block with one operand per
 * predecessor of their CFG.
 */
#include <assert.h>
#include <string.h>

#include "mir/liveness.h"
#include "util/bitset.h"

static void block_gen_kill(const mir_program *p, const mir_block *b, uint64_t *gen, uint64_t *kill) {
  /* Backward walk: a use is upward exposed unless defined earlier in the block. */
  for (uint32_t i = b->num_instrs; i-- > 0;) {
    const mir_instr *ins = b->instrs[i];
    for (unsigned d = 0; d < ins->num_defs; d++)
      if (ins->defs[d].kind == MIR_OPND_TEMP) {
        bitset_set(kill, ins->defs[d].temp.id);
        bitset_clear(gen, ins->defs[d].temp.id);
      }
    if (mir_is_phi(ins)) continue;
    for (unsigned o = 0; o < ins->num_ops; o++)
      if (ins->ops[o].kind == MIR_OPND_TEMP) bitset_set(gen, ins->ops[o].temp.id);
  }
  (void)p;
}

/* Adds to `out` the operands of `succ`'s phis that flow in from `pred`. */
static void add_phi_operands(const mir_block *succ, uint32_t pred, bool linear, uint64_t *out) {
  const mir_idx_list *preds = linear ? &succ->linear_preds : &succ->logical_preds;
  unsigned want = linear ? MIR_P_LINEAR_PHI : MIR_P_PHI;
  for (uint32_t k = 0; k < preds->n; k++) {
    if (preds->v[k] != pred) continue;
    for (uint32_t i = 0; i < succ->num_instrs; i++) {
      const mir_instr *ins = succ->instrs[i];
      if (!mir_is_phi(ins)) break;
      if (ins->opcode != want || k >= ins->num_ops) continue;
      if (ins->ops[k].kind == MIR_OPND_TEMP) bitset_set(out, ins->ops[k].temp.id);
    }
  }
}

void mir_compute_live_sets(const mir_program *p, arena *mem, mir_live_sets *ls) {
  uint32_t words = BITSET_WORDS(p->num_temps ? p->num_temps : 1);
  uint32_t nb = p->num_blocks;
  ls->words = words;
  ls->in = arena_alloc(mem, (nb ? nb : 1) * sizeof *ls->in);
  ls->out = arena_alloc(mem, (nb ? nb : 1) * sizeof *ls->out);
  /* One slab for the sets the caller keeps: in and out per block, and the
   * linear mask. gen and kill are working storage, in a scratch arena
   * freed on return: callers pass the program's arena, which keeps every
   * allocation until the program is freed, and liveness runs a dozen
   * times per kernel (on f_half_vload_vstore these slabs, zeroed pages of
   * fresh memory, were a tenth of the compile). */
  uint64_t *slab = arena_alloc(mem, ((size_t)nb * 2 + 1) * words * sizeof(uint64_t));
  ls->linear_mask = slab + (size_t)nb * 2 * words;
  arena scratch;
  arena_init(&scratch);
  uint64_t *gen = arena_alloc(&scratch, (size_t)nb * 2 * words * sizeof(uint64_t));
  uint64_t *kill = gen + (size_t)nb * words;
  for (uint32_t t = 1; t < p->num_temps; t++)
    if (mir_rc_is_linear(p->temp_rc[t])) bitset_set(ls->linear_mask, t);
  for (uint32_t b = 0; b < nb; b++) {
    ls->in[b] = slab + (size_t)b * 2 * words;
    ls->out[b] = ls->in[b] + words;
    block_gen_kill(p, &p->blocks[b], gen + (size_t)b * words, kill + (size_t)b * words);
    bitset_copy(ls->in[b], gen + (size_t)b * words, words);
  }
  bool changed = true;
  while (changed) {
    changed = false;
    for (uint32_t b = nb; b-- > 0;) {
      const mir_block *blk = &p->blocks[b];
      uint64_t *out = ls->out[b];
      /* live_out only grows; OR in each successor's contribution. */
      for (uint32_t s = 0; s < blk->linear_succs.n; s++) {
        uint32_t sb = blk->linear_succs.v[s];
        const uint64_t *in = ls->in[sb];
        for (uint32_t w = 0; w < words; w++) out[w] |= in[w] & ls->linear_mask[w];
        add_phi_operands(&p->blocks[sb], b, true, out);
      }
      for (uint32_t s = 0; s < blk->logical_succs.n; s++) {
        uint32_t sb = blk->logical_succs.v[s];
        const uint64_t *in = ls->in[sb];
        for (uint32_t w = 0; w < words; w++) out[w] |= in[w] & ~ls->linear_mask[w];
        add_phi_operands(&p->blocks[sb], b, false, out);
      }
      const uint64_t *g = gen + (size_t)b * words, *k = kill + (size_t)b * words;
      uint64_t *in = ls->in[b];
      for (uint32_t w = 0; w < words; w++) {
        uint64_t n = g[w] | (out[w] & ~k[w]);
        if (n != in[w]) {
          in[w] = n;
          changed = true;
        }
      }
    }
  }
  arena_free(&scratch);
}

/* Registers of temporary t counted in demand: its class size, or 0 when it
 * is pinned to a special register. */
static inline void demand_add(mir_reg_demand *d, const mir_program *p, const uint8_t *special, uint32_t t, int sign) {
  if (special[t]) return;
  mir_rc rc = p->temp_rc[t];
  int n = (int)mir_rc_size(rc) * sign;
  if (mir_rc_is_vgpr(rc)) d->vgpr = (uint16_t)(d->vgpr + n);
  else d->sgpr = (uint16_t)(d->sgpr + n);
}

static inline void demand_max(mir_reg_demand *a, mir_reg_demand b) {
  if (b.sgpr > a->sgpr) a->sgpr = b.sgpr;
  if (b.vgpr > a->vgpr) a->vgpr = b.vgpr;
}

mir_reg_demand mir_demand_step(const mir_program *p, const uint8_t *special, mir_instr *ins, uint64_t *live,
                               mir_reg_demand *cur, bool mark) {
  mir_reg_demand after = *cur, extra = {0, 0};
  for (unsigned k = 0; k < ins->num_defs; k++) {
    mir_operand *o = &ins->defs[k];
    if (o->kind != MIR_OPND_TEMP) continue;
    if (mark) o->flags &= (uint8_t)~MIR_OPND_KILL;
    if (bitset_test(live, o->temp.id)) {
      bitset_clear(live, o->temp.id);
      demand_add(cur, p, special, o->temp.id, -1);
    } else {
      /* A dead definition still needs a register while written; mark
       * it killed so the allocator frees it right away. */
      if (mark) o->flags |= MIR_OPND_KILL;
      demand_add(&extra, p, special, o->temp.id, 1);
    }
  }
  if (!mir_is_phi(ins)) {
    if (mark)
      for (unsigned k = 0; k < ins->num_ops; k++) ins->ops[k].flags &= (uint8_t)~MIR_OPND_KILL;
    for (unsigned k = 0; k < ins->num_ops; k++) {
      mir_operand *o = &ins->ops[k];
      if (o->kind != MIR_OPND_TEMP || bitset_test(live, o->temp.id)) continue;
      bitset_set(live, o->temp.id);
      demand_add(cur, p, special, o->temp.id, 1);
      /* Mark every operand naming this temporary in the instruction. */
      bool late = false;
      for (unsigned j = k; j < ins->num_ops; j++)
        if (ins->ops[j].kind == MIR_OPND_TEMP && ins->ops[j].temp.id == o->temp.id) {
          if (mark) ins->ops[j].flags |= MIR_OPND_KILL;
          late |= (ins->ops[j].flags & MIR_OPND_LATE_KILL) != 0;
        }
      if (late) demand_add(&extra, p, special, o->temp.id, 1);
    }
  }
  mir_reg_demand at = {(uint16_t)(after.sgpr + extra.sgpr), (uint16_t)(after.vgpr + extra.vgpr)};
  demand_max(&at, *cur);
  return at;
}

uint8_t *mir_special_temps(const mir_program *p, arena *mem) {
  uint8_t *special = arena_alloc(mem, p->num_temps ? p->num_temps : 1);
  for (uint32_t b = 0; b < p->num_blocks; b++)
    for (uint32_t i = 0; i < p->blocks[b].num_instrs; i++) {
      const mir_instr *ins = p->blocks[b].instrs[i];
      for (unsigned d = 0; d < ins->num_defs; d++) {
        const mir_operand *o = &ins->defs[d];
        if (o->kind == MIR_OPND_TEMP && mir_preg_is_special(o->preg) &&
            ((o->flags & MIR_OPND_FIXED_REG) || o->preg == MIR_PREG_SCC))
          special[o->temp.id] = 1;
      }
    }
  return special;
}

int mir_liveness(mir_program *p, diag *d) {
  (void)d;
  mir_live_info *li = arena_alloc(p->mem, sizeof *li);
  mir_live_sets ls;
  mir_compute_live_sets(p, p->mem, &ls);
  uint32_t words = ls.words, nb = p->num_blocks;
  li->words = words;
  li->live_in = ls.in;
  li->live_out = ls.out;
  li->demand = arena_alloc(p->mem, (nb ? nb : 1) * sizeof *li->demand);
  li->block_max = arena_alloc(p->mem, (nb ? nb : 1) * sizeof *li->block_max);
  arena scratch; /* freed at the end: the next liveness computation reuses its pages */
  arena_init(&scratch);
  uint8_t *special = mir_special_temps(p, &scratch);
  uint64_t *live = arena_alloc(&scratch, words * sizeof *live);

  for (uint32_t bi = 0; bi < nb; bi++) {
    mir_block *b = &p->blocks[bi];
    mir_reg_demand *dem = arena_alloc(p->mem, (b->num_instrs ? b->num_instrs : 1) * sizeof *dem);
    li->demand[bi] = dem;
    bitset_copy(live, ls.out[bi], words);
    mir_reg_demand cur = {0, 0}, bmax = {0, 0};
    for (uint32_t t = bitset_next(live, words, 0); t != UINT32_MAX; t = bitset_next(live, words, t + 1))
      demand_add(&cur, p, special, t, 1);
    bmax = cur;
    for (uint32_t i = b->num_instrs; i-- > 0;) {
      mir_instr *ins = b->instrs[i];
      mir_reg_demand at = mir_demand_step(p, special, ins, live, &cur, true);
      if (mir_is_phi(ins))
        /* Phi operands die on the edge: killed unless live into this block. */
        for (unsigned k = 0; k < ins->num_ops; k++) {
          mir_operand *o = &ins->ops[k];
          if (o->kind != MIR_OPND_TEMP) continue;
          if (bitset_test(ls.in[bi], o->temp.id)) o->flags &= (uint8_t)~MIR_OPND_KILL;
          else o->flags |= MIR_OPND_KILL;
        }
      dem[i] = at;
      demand_max(&bmax, at);
    }
    li->block_max[bi] = bmax;
    demand_max(&li->max, bmax);
  }
  arena_free(&scratch);
  p->live = li;
  return 0;
}
