/* Next-use distances for the spiller (Braun & Hack 2009, section 4.1):
 * for every temporary of the register file being lowered, the number of
 * instructions from a block's entry to its next use, as a backward
 * dataflow over the CFG that temporary lives in (logical for VGPRs, linear
 * for SGPRs): the first use in the block, else the block's length plus the
 * smallest distance over its successors, where a phi operand counts as a
 * use on its edge and an edge that leaves a loop adds LOOP_EXIT_COST (so
 * values used inside a loop look near and values only used after it far).
 * Iterated in post-order to a fixed point; distances saturate at FAR.
 * Storage: blocks x temporaries words, skipped (all FAR) above 2^24.
 */
#include <string.h>

#include "ra/ra.h"
#include "ra/spill_internal.h"
#include "util/bitset.h"


/* Is t an operand of one of `s`'s phis on the edge from `b`? */
static bool phi_use_on_edge(const mir_program *p, uint32_t s, uint32_t b, uint32_t t) {
  const mir_block *sb = &p->blocks[s];
  for (uint32_t i = 0; i < sb->num_instrs && mir_is_phi(sb->instrs[i]); i++) {
    const mir_instr *phi = sb->instrs[i];
    const mir_idx_list *preds = phi->opcode == MIR_P_PHI ? &sb->logical_preds : &sb->linear_preds;
    uint32_t k = mir_pred_index(preds, b);
    if (k < phi->num_ops && phi->ops[k].kind == MIR_OPND_TEMP && phi->ops[k].temp.id == t) return true;
  }
  return false;
}

void spill_loop_depths(spill_ctx *c) { mir_find_loops(c->p, c->p->mem, &c->loops); }

/* Next-use distance of t at the end of block b (instructions; FAR when
 * none is known). */
uint32_t spill_out_dist(const spill_ctx *c, uint32_t b, uint32_t t) {
  const mir_program *p = c->p;
  const mir_block *blk = &p->blocks[b];
  const mir_idx_list *succs = mir_rc_is_linear(p->temp_rc[t]) ? &blk->linear_succs : &blk->logical_succs;
  uint32_t best = FAR;
  for (uint32_t k = 0; k < succs->n; k++) {
    uint32_t s = succs->v[k], d;
    if (phi_use_on_edge(p, s, b, t)) d = 0;
    else if (c->dist_in && bitset_test(p->live->live_in[s], t)) d = c->dist_in[(size_t)s * c->p->num_temps + t];
    else continue;
    if (c->loops.depth[s] < c->loops.depth[b]) d += LOOP_EXIT_COST;
    if (d < best) best = d;
  }
  return best > FAR ? FAR : best;
}

/* dist_in[b][t] for the file's temporaries: the first use in b, else the
 * length of b plus the distance at its end; iterated to a fixed point over
 * the blocks in post-order. Skipped (FAR everywhere) for very large
 * programs. */
void spill_next_use(spill_ctx *c) {
  mir_program *p = c->p;
  const mir_live_info *li = p->live;
  uint32_t nb = p->num_blocks, nt = p->num_temps;
  size_t n = (size_t)nb * nt;
  c->dist_in = NULL;
  if (n > (1u << 24)) return;
  uint32_t *dist = arena_alloc(p->mem, n * sizeof *dist);
  for (size_t k = 0; k < n; k++) dist[k] = FAR;
  c->dist_in = dist;
  uint32_t *fu = c->nu;
  bool changed = true;
  for (unsigned iter = 0; changed && iter < 64; iter++) {
    changed = false;
    for (uint32_t b = nb; b-- > 0;) {
      const mir_block *blk = &p->blocks[b];
      const uint64_t *in = li->live_in[b];
      for (uint32_t t = bitset_next(in, li->words, 0); t != UINT32_MAX; t = bitset_next(in, li->words, t + 1)) fu[t] = FAR;
      for (uint32_t i = 0; i < blk->num_instrs; i++) {
        const mir_instr *ins = blk->instrs[i];
        if (mir_is_phi(ins)) continue;
        for (unsigned k = 0; k < ins->num_ops; k++) {
          const mir_operand *o = &ins->ops[k];
          if (o->kind == MIR_OPND_TEMP && bitset_test(in, o->temp.id) && fu[o->temp.id] == FAR) fu[o->temp.id] = i;
        }
      }
      for (uint32_t t = bitset_next(in, li->words, 0); t != UINT32_MAX; t = bitset_next(in, li->words, t + 1)) {
        if (!in_file(c, t)) continue;
        uint32_t d = fu[t] != FAR ? fu[t] : blk->num_instrs + spill_out_dist(c, b, t);
        if (d > FAR) d = FAR;
        if (d < dist[(size_t)b * nt + t]) {
          dist[(size_t)b * nt + t] = d;
          changed = true;
        }
      }
    }
  }
}

