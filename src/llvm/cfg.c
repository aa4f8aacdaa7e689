/* The CFG analysis of one LLVM function, shared by the passes that need
 * dominators or loops (divergence analysis and the selectors after it,
 * the IR pass loop-escaping-booleans).
 *
 * Blocks are numbered in reverse post-order of a depth-first walk from the
 * entry (successors in terminator order); unreachable blocks get no number.
 * Dominators and post-dominators: Cooper, Harvey & Kennedy, "A Simple,
 * Fast Dominance Algorithm" (2001), the post-dominators on the reverse CFG
 * with a virtual exit (number nb) that every block without successors
 * reaches, and that blocks which cannot reach an exit (endless loops) get
 * as their immediate post-dominator. Natural loops: one per header h with
 * back edges u -> h (h dominates u), the body every block that reaches a
 * back edge's source without passing h; loops that share a header are one.
 * A retreating edge into a block that does not dominate its source makes
 * the CFG irreducible (`reducible` false; the loops found are then only
 * those of the reducible part).
 */
#include "llvm/cfg.h"

#include <string.h>


uint32_t llvm_cfg_index(const llvm_cfg *g, LLVMBasicBlockRef bb) { return ptrmap_get(&g->bindex, bb); }

/* Reverse post-order by iterative DFS from the entry. */
static void build_cfg(LLVMValueRef fn, arena *mem, llvm_cfg *g) {
  uint32_t total = (uint32_t)LLVMCountBasicBlocks(fn);
  LLVMBasicBlockRef *post = arena_alloc(mem, (total + 1) * sizeof *post);
  typedef struct fr { LLVMBasicBlockRef bb; unsigned next; } fr;
  fr *st = arena_alloc(mem, (total + 1) * sizeof *st);
  ptrmap seen;
  ptrmap_init(&seen, mem, total);
  uint32_t np = 0, sp = 0;
  LLVMBasicBlockRef entry = LLVMGetEntryBasicBlock(fn);
  st[sp++] = (fr){entry, 0};
  ptrmap_put(&seen, entry, 1);
  while (sp) {
    fr *f = &st[sp - 1];
    LLVMValueRef term = LLVMGetBasicBlockTerminator(f->bb);
    unsigned ns = term ? LLVMGetNumSuccessors(term) : 0;
    if (f->next < ns) {
      LLVMBasicBlockRef s = LLVMGetSuccessor(term, f->next++);
      if (ptrmap_get(&seen, s) == UINT32_MAX) {
        ptrmap_put(&seen, s, 1);
        st[sp++] = (fr){s, 0};
      }
      continue;
    }
    post[np++] = f->bb;
    sp--;
  }
  g->nb = np;
  g->rpo = arena_alloc(mem, (np + 1) * sizeof *g->rpo);
  ptrmap_init(&g->bindex, mem, np);
  for (uint32_t i = 0; i < np; i++) {
    g->rpo[i] = post[np - 1 - i];
    ptrmap_put(&g->bindex, g->rpo[i], i);
  }
  /* successors, then predecessors by counting */
  uint32_t ne = 0;
  for (uint32_t i = 0; i < np; i++) {
    LLVMValueRef term = LLVMGetBasicBlockTerminator(g->rpo[i]);
    ne += term ? LLVMGetNumSuccessors(term) : 0;
  }
  g->succ_start = arena_alloc(mem, (np + 1) * sizeof(uint32_t));
  g->succ = arena_alloc(mem, (ne + 1) * sizeof(uint32_t));
  g->pred_start = arena_alloc(mem, (np + 2) * sizeof(uint32_t));
  g->pred = arena_alloc(mem, (ne + 1) * sizeof(uint32_t));
  uint32_t k = 0;
  for (uint32_t i = 0; i < np; i++) {
    g->succ_start[i] = k;
    LLVMValueRef term = LLVMGetBasicBlockTerminator(g->rpo[i]);
    unsigned ns = term ? LLVMGetNumSuccessors(term) : 0;
    for (unsigned s = 0; s < ns; s++) {
      uint32_t t = llvm_cfg_index(g, LLVMGetSuccessor(term, s));
      g->succ[k++] = t;
      g->pred_start[t + 1]++;
    }
  }
  g->succ_start[np] = k;
  for (uint32_t i = 0; i < np; i++) g->pred_start[i + 1] += g->pred_start[i];
  uint32_t *fill = arena_alloc(mem, (np + 1) * sizeof(uint32_t));
  for (uint32_t i = 0; i < np; i++)
    for (uint32_t e = g->succ_start[i]; e < g->succ_start[i + 1]; e++) {
      uint32_t t = g->succ[e];
      g->pred[g->pred_start[t] + fill[t]++] = i;
    }
}

/* Immediate post-dominators (Cooper-Harvey-Kennedy on the reverse CFG). */
static void build_ipdom(llvm_cfg *g, arena *mem) {
  uint32_t nb = g->nb, vexit = nb;
  /* post-order of the reverse CFG from the virtual exit */
  uint32_t *order = arena_alloc(mem, (nb + 2) * sizeof(uint32_t)); /* node -> post-order number */
  uint32_t *rev = arena_alloc(mem, (nb + 2) * sizeof(uint32_t));   /* post-order list */
  uint8_t *seen = arena_alloc(mem, nb + 2);
  typedef struct fr { uint32_t n, next; } fr;
  fr *st = arena_alloc(mem, (nb + 2) * sizeof *st);
  uint32_t *exits = arena_alloc(mem, (nb + 1) * sizeof(uint32_t));
  uint32_t nexits = 0;
  for (uint32_t i = 0; i < nb; i++)
    if (g->succ_start[i] == g->succ_start[i + 1]) exits[nexits++] = i;
  uint32_t np = 0, sp = 0;
  st[sp++] = (fr){vexit, 0};
  seen[vexit] = 1;
  while (sp) {
    fr *f = &st[sp - 1];
    uint32_t n = f->n, cnt, nx;
    if (n == vexit) {
      cnt = nexits;
      nx = f->next < cnt ? exits[f->next] : 0;
    } else {
      cnt = g->pred_start[n + 1] - g->pred_start[n];
      nx = f->next < cnt ? g->pred[g->pred_start[n] + f->next] : 0;
    }
    if (f->next < cnt) {
      f->next++;
      if (!seen[nx]) {
        seen[nx] = 1;
        st[sp++] = (fr){nx, 0};
      }
      continue;
    }
    order[n] = np;
    rev[np++] = n;
    sp--;
  }
  uint32_t *ip = g->ipdom = arena_alloc(mem, (nb + 1) * sizeof(uint32_t));
  for (uint32_t i = 0; i <= nb; i++) ip[i] = UINT32_MAX;
  ip[vexit] = vexit;
  /* Blocks that cannot reach an exit (endless loops) post-dominate
   * nothing: give them the virtual exit. */
  for (uint32_t i = 0; i < nb; i++)
    if (!seen[i]) ip[i] = vexit;
  bool changed = true;
  while (changed) {
    changed = false;
    /* reverse post-order of the reverse CFG, skipping the root */
    for (uint32_t k = np - 1; k-- > 0;) {
      uint32_t n = rev[k];
      uint32_t nd = UINT32_MAX;
      /* "predecessors" in the reverse CFG = successors in the CFG */
      uint32_t s0 = g->succ_start[n], s1 = g->succ_start[n + 1];
      if (s0 == s1) nd = vexit;
      for (uint32_t e = s0; e < s1; e++) {
        uint32_t s = g->succ[e];
        if (!seen[s] || ip[s] == UINT32_MAX) continue;
        if (nd == UINT32_MAX) {
          nd = s;
          continue;
        }
        uint32_t a = s, b = nd;
        while (a != b) {
          while (order[a] < order[b]) a = ip[a];
          while (order[b] < order[a]) b = ip[b];
        }
        nd = a;
      }
      if (nd != UINT32_MAX && ip[n] != nd) {
        ip[n] = nd;
        changed = true;
      }
    }
  }
  for (uint32_t i = 0; i < nb; i++)
    if (ip[i] == UINT32_MAX) ip[i] = vexit;
}

/* Immediate dominators (Cooper-Harvey-Kennedy on RPO indices). */
static void build_idom(llvm_cfg *g, uint32_t *d) {
  for (uint32_t b = 0; b < g->nb; b++) d[b] = UINT32_MAX;
  d[0] = 0;
  bool changed = true;
  while (changed) {
    changed = false;
    for (uint32_t b = 1; b < g->nb; b++) {
      uint32_t nd = UINT32_MAX;
      for (uint32_t e = g->pred_start[b]; e < g->pred_start[b + 1]; e++) {
        uint32_t p = g->pred[e];
        if (d[p] == UINT32_MAX) continue;
        if (nd == UINT32_MAX) {
          nd = p;
          continue;
        }
        uint32_t x = p, y = nd;
        while (x != y) {
          while (x > y) x = d[x];
          while (y > x) y = d[y];
        }
        nd = x;
      }
      if (nd != d[b]) {
        d[b] = nd;
        changed = true;
      }
    }
  }
}

static bool dominates(const uint32_t *idom, uint32_t a, uint32_t b) {
  while (b != a && b != 0) b = idom[b];
  return b == a;
}

bool llvm_cfg_in_loop(const llvm_cfg *g, uint32_t h, uint32_t b) {
  for (uint32_t l = g->loop_of[b]; l != UINT32_MAX; l = g->loop_parent[l])
    if (l == h) return true;
  return false;
}

/* Natural loops of the back edges u -> h (h dominates u), headers in RPO
 * order so that an enclosing loop is filled before the loops it holds. */
static void build_loops(llvm_cfg *di, arena *mem) {
  llvm_cfg *g = di;
  uint32_t nb = g->nb;
  di->loop_of = arena_alloc(mem, (nb + 1) * sizeof(uint32_t));
  di->loop_parent = arena_alloc(mem, (nb + 1) * sizeof(uint32_t));
  uint32_t *work = arena_alloc(mem, (nb + 1) * sizeof(uint32_t));
  uint8_t *in = arena_alloc(mem, nb + 1);
  for (uint32_t b = 0; b < nb; b++) di->loop_of[b] = di->loop_parent[b] = UINT32_MAX;
  di->reducible = true;
  for (uint32_t h = 0; h < nb; h++) {
    uint32_t nw = 0;
    bool header = false;
    memset(in, 0, nb + 1);
    in[h] = 1;
    for (uint32_t e = g->pred_start[h]; e < g->pred_start[h + 1]; e++) {
      uint32_t u = g->pred[e];
      if (u < h) continue;
      if (!dominates(di->idom, h, u)) {
        di->reducible = false;
        continue;
      }
      header = true;
      if (!in[u]) {
        in[u] = 1;
        work[nw++] = u;
      }
    }
    if (!header) continue;
    for (uint32_t k = 0; k < nw; k++) {
      uint32_t x = work[k];
      for (uint32_t e = g->pred_start[x]; e < g->pred_start[x + 1]; e++) {
        uint32_t p = g->pred[e];
        if (!in[p]) {
          in[p] = 1;
          work[nw++] = p;
        }
      }
    }
    di->loop_parent[h] = di->loop_of[h];
    for (uint32_t b = 0; b < nb; b++)
      if (in[b]) di->loop_of[b] = h;
  }
}

llvm_cfg *llvm_cfg_build(LLVMValueRef fn, arena *mem) {
  llvm_cfg *g = arena_alloc(mem, sizeof *g);
  build_cfg(fn, mem, g);
  build_ipdom(g, mem);
  g->idom = arena_alloc(mem, (g->nb + 1) * sizeof(uint32_t));
  build_idom(g, g->idom);
  build_loops(g, mem);
  return g;
}
