/* Masked linearisation (isel_cf.c): the loops of the CFG, the checks of
 * its edges, and the linear order in which blocks run (file comment of
 * isel_cf.c). */
#include "isel/isel_cf.h"
#include "util/bitset.h"

/* ---- analysis ---- */

void isel_cf_build_preds(mctx *m) {
  isel_ctx *c = m->c;
  uint32_t nb = m->nb;
  m->pred_start = arena_alloc(c->mem, (nb + 2) * sizeof(uint32_t));
  uint32_t ne = 0;
  for (uint32_t b = 0; b < nb; b++) {
    LLVMValueRef t = LLVMGetBasicBlockTerminator(c->di->blocks[b]);
    unsigned ns = t ? LLVMGetNumSuccessors(t) : 0;
    for (unsigned s = 0; s < ns; s++) {
      uint32_t x = bi(c, LLVMGetSuccessor(t, s));
      m->pred_start[x + 1]++;
      ne++;
    }
  }
  for (uint32_t b = 0; b < nb; b++) m->pred_start[b + 1] += m->pred_start[b];
  m->pred = arena_alloc(c->mem, (ne + 1) * sizeof(uint32_t));
  uint32_t *fill = arena_alloc(c->mem, (nb + 1) * sizeof(uint32_t));
  for (uint32_t b = 0; b < nb; b++) {
    LLVMValueRef t = LLVMGetBasicBlockTerminator(c->di->blocks[b]);
    unsigned ns = t ? LLVMGetNumSuccessors(t) : 0;
    for (unsigned s = 0; s < ns; s++) {
      uint32_t x = bi(c, LLVMGetSuccessor(t, s));
      bool dup = false;
      for (uint32_t k = 0; k < fill[x]; k++) dup |= m->pred[m->pred_start[x] + k] == b;
      if (!dup) m->pred[m->pred_start[x] + fill[x]++] = b;
    }
  }
  /* compact duplicates away: keep counts in fill */
  uint32_t *ns = arena_alloc(c->mem, (nb + 2) * sizeof(uint32_t));
  uint32_t *np = arena_alloc(c->mem, (ne + 1) * sizeof(uint32_t));
  uint32_t k = 0;
  for (uint32_t b = 0; b < nb; b++) {
    ns[b] = k;
    for (uint32_t i = 0; i < fill[b]; i++) np[k++] = m->pred[m->pred_start[b] + i];
  }
  ns[nb] = k;
  m->pred_start = ns;
  m->pred = np;
}

static bool dominates(const mctx *m, uint32_t a, uint32_t b) {
  while (b != a && b != 0) b = m->idom[b];
  return b == a;
}

/* Natural loops; false (after a diagnostic) for irreducible control flow. */
bool isel_cf_find_loops(mctx *m) {
  isel_ctx *c = m->c;
  uint32_t nb = m->nb, words = BITSET_WORDS(nb + 1);
  m->loops = arena_alloc(c->mem, (nb + 1) * sizeof(lp));
  m->is_header = arena_alloc(c->mem, (nb + 1) * sizeof(uint32_t));
  for (uint32_t h = 0; h < nb; h++) {
    bool header = false;
    for (uint32_t e = m->pred_start[h]; e < m->pred_start[h + 1]; e++) {
      uint32_t u = m->pred[e];
      if (u < h) continue;
      if (!dominates(m, h, u)) {
        isel_unsupported(c, LLVMGetBasicBlockTerminator(c->di->blocks[u]), "irreducible control flow");
        return false;
      }
      header = true;
    }
    if (!header) continue;
    /* the body from the shared CFG analysis (llvm/cfg.c) */
    lp *L = &m->loops[m->nloops];
    memset(L, 0, sizeof *L);
    L->header = h;
    L->body = arena_alloc(c->mem, words * sizeof(uint64_t));
    for (uint32_t b = 0; b < nb; b++)
      if (divergence_in_loop(c->di, h, b)) bitset_set(L->body, b);
    m->is_header[h] = ++m->nloops;
  }
  /* innermost loop per block and loop parents: loops were found in header
   * RPO order, so an enclosing loop always comes first */
  m->loop_of = arena_alloc(c->mem, (nb + 1) * sizeof(uint32_t));
  for (uint32_t b = 0; b < nb; b++) m->loop_of[b] = UINT32_MAX;
  for (uint32_t l = 0; l < m->nloops; l++) {
    m->loops[l].parent = m->loop_of[m->loops[l].header];
    m->loops[l].depth = m->loops[l].parent == UINT32_MAX ? 1 : m->loops[m->loops[l].parent].depth + 1;
    for (uint32_t b = 0; b < nb; b++)
      if (bitset_test(m->loops[l].body, b)) m->loop_of[b] = l;
  }
  return true;
}

/* Adds x to the exit targets of loop l (each gets a lane-mask accumulator:
 * many targets cost SGPRs, which the allocator spills like any others). */
static void add_exit_target(mctx *m, uint32_t l, uint32_t x) {
  lp *L = &m->loops[l];
  for (uint32_t k = 0; k < L->nexit; k++)
    if (L->exit_target[k] == x) return;
  if (L->nexit == L->cap) {
    uint32_t cap = L->cap ? 2 * L->cap : 8;
    L->exit_target = arena_grow(m->c->mem, L->exit_target, L->nexit, cap, sizeof *L->exit_target);
    L->acc = arena_grow(m->c->mem, L->acc, L->nexit, cap, sizeof *L->acc);
    L->acc_next = arena_grow(m->c->mem, L->acc_next, L->nexit, cap, sizeof *L->acc_next);
    L->acc_phi = arena_grow(m->c->mem, L->acc_phi, L->nexit, cap, sizeof *L->acc_phi);
    L->cap = cap;
  }
  L->exit_target[L->nexit++] = x;
}

/* Checks edges: back edges only from the loop's own blocks (not inner
 * loops). An exit may leave several loops at once (a return or break out
 * of nested loops): its target becomes an exit target of every loop it
 * leaves, innermost first, so each level accumulates the lanes that left
 * through it (the outer ones from their inner loops' accumulators, at
 * their end blocks). */
bool isel_cf_check_edges(mctx *m) {
  isel_ctx *c = m->c;
  for (uint32_t b = 0; b < m->nb; b++) {
    LLVMValueRef t = LLVMGetBasicBlockTerminator(c->di->blocks[b]);
    unsigned ns = t ? LLVMGetNumSuccessors(t) : 0;
    for (unsigned s = 0; s < ns; s++) {
      uint32_t x = bi(c, LLVMGetSuccessor(t, s));
      uint32_t lb = m->loop_of[b], lx = m->loop_of[x];
      if (m->is_header[x] && in_loop(m, m->is_header[x] - 1, b)) {
        /* back edge: must come from the header's loop itself */
        if (lb != m->is_header[x] - 1) {
          isel_unsupported(c, t, "continue of an outer loop from an inner loop");
          return false;
        }
        continue;
      }
      if (lb == lx || (lx != UINT32_MAX && m->loops[lx].parent == lb && m->loops[lx].header == x)) continue;
      /* an exit: from lb out to lx, one of its ancestors (or the top level) */
      uint32_t l = lb;
      while (l != UINT32_MAX && l != lx) {
        add_exit_target(m, l, x);
        l = m->loops[l].parent;
      }
      if (l != lx) {
        isel_unsupported(c, t, "branch into a loop other than to its header (irreducible control flow)");
        return false;
      }
    }
  }
  return true;
}

/* ---- linear order ---- */


void isel_cf_order_region(mctx *m, uint32_t loop, uint8_t *done, item *out, uint32_t *n) {
  for (uint32_t b = 0; b < m->nb; b++) {
    if (done[b]) continue;
    if (loop != UINT32_MAX && !in_loop(m, loop, b)) continue;
    if (m->is_header[b] && m->is_header[b] - 1 != loop) {
      uint32_t l = m->is_header[b] - 1;
      /* only loops directly nested in this region start here */
      if (m->loops[l].parent != loop) continue;
      out[(*n)++] = (item){IT_PRE, l};
      isel_cf_order_region(m, l, done, out, n);
      out[(*n)++] = (item){IT_END, l};
      out[(*n)++] = (item){IT_CONT, l};
      continue;
    }
    /* a block of a nested loop is emitted with its loop */
    if (m->loop_of[b] != loop) continue;
    done[b] = 1;
    out[(*n)++] = (item){IT_BLOCK, b};
  }
}

