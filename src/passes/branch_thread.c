/* Branch threading through a block that holds nothing but a branch.
 *
 * A loop whose latch both tests the exit and branches back is laid out as
 *     X:  ...; s_cbranch_scc1 T   (or s_cbranch_execz T: leave)
 *     F:  s_branch H               (the back edge, a block of its own)
 *     T:  ...
 * so every iteration runs two branches. With F's branch gone and X's
 * condition inverted to H, one is left (llc's layout):
 *     X:  ...; s_cbranch_scc0 H   (s_cbranch_execnz H)
 *     F:  (empty, falls through to T)
 * Conditions: F is X's layout successor and T is F's, F has no other
 * linear predecessor and no other instruction. The linear CFG is updated
 * (X -> H, F -> T instead of X -> T, F -> H); the logical CFG, which no
 * pass after this one reads, is left as it was. Runs after waitcnt (the
 * paths keep their instructions, only an s_branch goes) and before the
 * hazard pass, which then counts wait states over the new layout.
 */
#include "passes/passes.h"

static void replace(mir_idx_list *l, uint32_t from, uint32_t to) {
  for (uint32_t i = 0; i < l->n; i++)
    if (l->v[i] == from) {
      l->v[i] = to;
      return;
    }
}

/* The index in X of its conditional branch to T (the one before an
 * optional p_branch to F), or -1. */
static int cond_to(const mir_block *x, uint32_t f, uint32_t t) {
  uint32_t n = x->num_instrs;
  if (n && x->instrs[n - 1]->opcode == MIR_P_BRANCH && x->instrs[n - 1]->ops[0].imm == f) n--;
  if (!n) return -1;
  const mir_instr *c = x->instrs[n - 1];
  if ((c->opcode == ISA_S_CBRANCH_EXECZ || c->opcode == ISA_S_CBRANCH_EXECNZ) && c->ops[0].imm == t) return (int)n - 1;
  if (c->opcode == MIR_P_CBRANCH_SCC && n == x->num_instrs && c->num_ops == 3 &&
      ((c->ops[1].imm == t && c->ops[2].imm == f) || (c->ops[1].imm == f && c->ops[2].imm == t)))
    return (int)n - 1;
  return -1;
}

/* A conditional branch of X to a block F elsewhere in the layout that
 * holds nothing but `s_branch H` and has no other linear predecessor:
 * the branch goes to H itself, F is left unreachable. This is the exit
 * test of a loop with a uniform exit and divergent ones (temporal
 * divergence: the counter stays uniform, issue 27):
 *     X:  s_cmp ; s_cbranch_scc0 F ; (falls into the exit) ... s_branch E
 *     F:  s_branch H
 * one branch per iteration instead of two. F is emptied (no instruction,
 * no edge). */
static void thread_far_target(mir_program *p, uint32_t x) {
  mir_block *xb = &p->blocks[x];
  uint32_t n = xb->num_instrs;
  if (n && xb->instrs[n - 1]->opcode == MIR_P_BRANCH) n--;
  if (!n) return;
  mir_instr *c = xb->instrs[n - 1];
  unsigned first, last;
  if (c->opcode == ISA_S_CBRANCH_EXECZ || c->opcode == ISA_S_CBRANCH_EXECNZ) first = last = 0;
  else if (c->opcode == MIR_P_CBRANCH_SCC && c->num_ops == 3 && n == xb->num_instrs && c->ops[1].imm != c->ops[2].imm)
    first = 1, last = 2;
  else return;
  for (unsigned k = first; k <= last; k++) {
    uint32_t f = c->ops[k].imm;
    if (f == x + 1 || f == x || f >= p->num_blocks) continue;
    mir_block *fb = &p->blocks[f];
    if (fb->num_instrs != 1 || fb->instrs[0]->opcode != MIR_P_BRANCH || fb->linear_preds.n != 1 ||
        fb->linear_preds.v[0] != x || fb->linear_succs.n != 1)
      continue;
    uint32_t h = fb->instrs[0]->ops[0].imm;
    bool dup = h == f || fb->linear_succs.v[0] != h;
    for (uint32_t i = 0; i < xb->linear_succs.n; i++) dup |= xb->linear_succs.v[i] == h;
    if (dup) continue;
    c->ops[k].imm = h;
    replace(&xb->linear_succs, f, h);
    replace(&p->blocks[h].linear_preds, f, x);
    fb->num_instrs = 0;
    fb->linear_preds.n = fb->linear_succs.n = 0;
  }
}

int mir_branch_thread(mir_program *p, diag *d) {
  (void)d;
  for (uint32_t x = 0; x + 2 < p->num_blocks; x++) {
    mir_block *xb = &p->blocks[x], *fb = &p->blocks[x + 1];
    uint32_t f = x + 1, t = x + 2;
    if (fb->num_instrs != 1 || fb->instrs[0]->opcode != MIR_P_BRANCH || fb->linear_preds.n != 1 ||
        fb->linear_preds.v[0] != x || fb->linear_succs.n != 1)
      continue;
    uint32_t h = fb->instrs[0]->ops[0].imm;
    if (h == t || h == f || fb->linear_succs.v[0] != h) continue;
    int k = cond_to(xb, f, t);
    if (k < 0) continue;
    mir_instr *c = xb->instrs[k];
    if (c->opcode == MIR_P_CBRANCH_SCC) {
      /* if SCC: T else F -> if SCC: F (falls to T) else H; and the mirror */
      bool to_t = c->ops[1].imm == t;
      c->ops[1].imm = to_t ? f : h;
      c->ops[2].imm = to_t ? h : f;
    } else {
      c->opcode = c->opcode == ISA_S_CBRANCH_EXECZ ? ISA_S_CBRANCH_EXECNZ : ISA_S_CBRANCH_EXECZ;
      c->ops[0].imm = h;
    }
    fb->num_instrs = 0;
    replace(&xb->linear_succs, t, h);
    replace(&fb->linear_succs, h, t);
    replace(&p->blocks[t].linear_preds, x, f);
    replace(&p->blocks[h].linear_preds, f, x);
  }
  /* after the layout rule above, which takes the back edges it can */
  for (uint32_t x = 0; x < p->num_blocks; x++) thread_far_target(p, x);
  return 0;
}
