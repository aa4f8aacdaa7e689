/* Divergence analysis on LLVM IR.
 *
 * Algorithm: a forward data-flow fixpoint over the values of one kernel,
 * after the "uniformity analysis" literature (Karrenberg & Hack,
 * "Improving Performance of OpenCL on CPUs", CC 2012; Sampaio et al.,
 * "Divergence Analysis", TOPLAS 2013), made conservative where that keeps
 * it simple:
 *
 *  - Sources of divergence: work-item ids (llvm.amdgcn.workitem.id.*,
 *    mbcnt), loads from private or flat memory (each lane has its own
 *    scratch), volatile/atomic loads, atomics' results, and any value
 *    computed from a divergent operand.
 *  - Uniform by construction: kernel arguments, workgroup ids, the
 *    dispatch / implicit-argument / kernarg pointers (AMDGPUUsage "Initial
 *    Kernel Execution State": they arrive in SGPRs), readfirstlane, allocas
 *    (private addresses are swizzled per lane by the hardware, the pointer
 *    value itself is the same in every lane), and loads whose address is
 *    uniform in global, constant and LDS memory (one address, one value).
 *  - Sync dependence: a branch on a divergent condition in block B makes
 *    every phi in the blocks reachable from B before its immediate
 *    post-dominator P, and the phis of P, divergent (a superset of the
 *    exact join points; good enough because the region is bounded by P).
 *  - Temporal divergence: if such a region contains a cycle through B (a
 *    loop with a divergent exit or continue), values defined on that cycle
 *    and used outside it are divergent: lanes leave in different
 *    iterations and see different instances.
 *  Marking more values divergent never breaks correctness (a uniform value
 *  in a VGPR is merely wasteful), so every approximation errs that way.
 *
 * Post-dominators: Cooper, Harvey & Kennedy, "A Simple, Fast Dominance
 * Algorithm" (2001), on the reverse CFG with a virtual exit node.
 * Cost: O(values) per fixpoint round, O(blocks) per divergent branch.
 */
#include "isel/divergence.h"

#include <string.h>

#include "util/bitset.h"

typedef struct cfg {
  uint32_t nb;
  LLVMBasicBlockRef *rpo;
  uint32_t *succ_start, *succ; /* CSR successor lists by RPO index */
  uint32_t *pred_start, *pred;
  uint32_t *ipdom;             /* nb = virtual exit */
} cfg;

static uint32_t bidx(const divergence_info *di, LLVMBasicBlockRef bb) {
  return ptrmap_get(&di->bindex, bb);
}

uint32_t divergence_block_index(const divergence_info *di, LLVMBasicBlockRef bb) {
  return bidx(di, bb);
}

/* Reverse post-order by iterative DFS from the entry. */
static void build_cfg(divergence_info *di, LLVMValueRef fn, arena *mem, cfg *g) {
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
  ptrmap_init(&di->bindex, mem, np);
  for (uint32_t i = 0; i < np; i++) {
    g->rpo[i] = post[np - 1 - i];
    ptrmap_put(&di->bindex, g->rpo[i], i);
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
      uint32_t t = bidx(di, LLVMGetSuccessor(term, s));
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
static void build_ipdom(cfg *g, arena *mem) {
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

static bool name_starts(const char *n, size_t len, const char *prefix) {
  size_t pl = strlen(prefix);
  return len >= pl && memcmp(n, prefix, pl) == 0;
}

/* Divergence of an intrinsic call's result apart from its operands:
 * 1 = always divergent, 0 = always uniform, -1 = from the operands. */
static int intrinsic_divergence(LLVMValueRef callee) {
  size_t len;
  const char *n = LLVMGetValueName2(callee, &len);
  if (name_starts(n, len, "llvm.amdgcn.workitem.id") || name_starts(n, len, "llvm.amdgcn.mbcnt"))
    return 1;
  /* buffer atomics: each lane sees another old value (isel_buffer.c) */
  if (name_starts(n, len, "llvm.amdgcn.raw.ptr.buffer.atomic.") || name_starts(n, len, "llvm.amdgcn.struct.ptr.buffer.atomic."))
    return 1;
  if (name_starts(n, len, "llvm.amdgcn.readfirstlane") || name_starts(n, len, "llvm.amdgcn.workgroup.id") ||
      name_starts(n, len, "llvm.amdgcn.dispatch.ptr") || name_starts(n, len, "llvm.amdgcn.implicitarg.ptr") ||
      name_starts(n, len, "llvm.amdgcn.kernarg.segment.ptr") || name_starts(n, len, "llvm.amdgcn.dispatch.id") ||
      name_starts(n, len, "llvm.amdgcn.queue.ptr"))
    return 0;
  if (!LLVMGetIntrinsicID(callee)) return 1; /* a real call: results come back in VGPRs */
  return -1;
}

bool divergence_is_divergent(const divergence_info *di, LLVMValueRef v) {
  uint32_t i = ptrmap_get(&di->index, v);
  return i != UINT32_MAX && bitset_test(di->divergent, i);
}

static bool load_is_divergent(const divergence_info *di, LLVMValueRef ins) {
  LLVMValueRef ptr = LLVMGetOperand(ins, 0);
  if (divergence_is_divergent(di, ptr)) return true;
  if (LLVMGetVolatile(ins) || LLVMGetOrdering(ins) != LLVMAtomicOrderingNotAtomic) return true;
  unsigned as = LLVMGetPointerAddressSpace(LLVMTypeOf(ptr));
  return !(as == 1 || as == 3 || as == 4 || as == 6);
}

/* Marks v divergent; returns true if it was not already. */
static bool mark(divergence_info *di, LLVMValueRef v) {
  uint32_t i = ptrmap_get(&di->index, v);
  if (i == UINT32_MAX || bitset_test(di->divergent, i)) return false;
  bitset_set(di->divergent, i);
  return true;
}

/* A divergent branch at block b: sync and temporal divergence. */
static bool handle_divergent_branch(divergence_info *di, cfg *g, uint32_t b, arena *mem) {
  bool changed = false;
  uint32_t nb = g->nb, stop = g->ipdom[b];
  uint8_t *in = arena_alloc(mem, nb + 1);
  uint32_t *work = arena_alloc(mem, (nb + 1) * sizeof(uint32_t));
  uint32_t nw = 0;
  for (uint32_t e = g->succ_start[b]; e < g->succ_start[b + 1]; e++) {
    uint32_t s = g->succ[e];
    if (s != stop && !in[s]) {
      in[s] = 1;
      work[nw++] = s;
    }
  }
  for (uint32_t k = 0; k < nw; k++) {
    uint32_t n = work[k];
    for (uint32_t e = g->succ_start[n]; e < g->succ_start[n + 1]; e++) {
      uint32_t s = g->succ[e];
      if (s != stop && !in[s]) {
        in[s] = 1;
        work[nw++] = s;
      }
    }
  }
  /* phis in the region and at its end */
  for (uint32_t k = 0; k <= nw; k++) {
    uint32_t n = k < nw ? work[k] : stop;
    if (n >= nb) continue;
    for (LLVMValueRef ins = LLVMGetFirstInstruction(g->rpo[n]); ins && LLVMIsAPHINode(ins);
         ins = LLVMGetNextInstruction(ins))
      changed |= mark(di, ins);
  }
  if (!in[b]) return changed;
  /* The region cycles back to b: find the cycle (blocks of the region that
   * reach b inside it) and mark values defined there and used outside. */
  uint8_t *cyc = arena_alloc(mem, nb + 1);
  uint32_t nc = 0;
  work[nc++] = b;
  cyc[b] = 1;
  for (uint32_t k = 0; k < nc; k++) {
    uint32_t n = work[k];
    for (uint32_t e = g->pred_start[n]; e < g->pred_start[n + 1]; e++) {
      uint32_t p = g->pred[e];
      if (in[p] && !cyc[p]) {
        cyc[p] = 1;
        work[nc++] = p;
      }
    }
  }
  for (uint32_t k = 0; k < nc; k++) {
    for (LLVMValueRef ins = LLVMGetFirstInstruction(g->rpo[work[k]]); ins; ins = LLVMGetNextInstruction(ins)) {
      for (LLVMUseRef u = LLVMGetFirstUse(ins); u; u = LLVMGetNextUse(u)) {
        LLVMValueRef user = LLVMGetUser(u);
        uint32_t ub = bidx(di, LLVMGetInstructionParent(user));
        if (ub == UINT32_MAX || !cyc[ub]) {
          changed |= mark(di, ins);
          break;
        }
      }
    }
  }
  return changed;
}

divergence_info *divergence_analyze(LLVMValueRef fn, arena *mem) {
  divergence_info *di = arena_alloc(mem, sizeof *di);
  cfg g;
  build_cfg(di, fn, mem, &g);
  build_ipdom(&g, mem);
  di->num_blocks = g.nb;
  di->blocks = g.rpo;
  uint32_t nv = LLVMCountParams(fn);
  for (uint32_t b = 0; b < g.nb; b++)
    for (LLVMValueRef ins = LLVMGetFirstInstruction(g.rpo[b]); ins; ins = LLVMGetNextInstruction(ins)) nv++;
  ptrmap_init(&di->index, mem, nv);
  uint32_t k = 0;
  for (LLVMValueRef a = LLVMGetFirstParam(fn); a; a = LLVMGetNextParam(a)) ptrmap_put(&di->index, a, k++);
  for (uint32_t b = 0; b < g.nb; b++)
    for (LLVMValueRef ins = LLVMGetFirstInstruction(g.rpo[b]); ins; ins = LLVMGetNextInstruction(ins))
      ptrmap_put(&di->index, ins, k++);
  di->num_values = nv;
  di->divergent = arena_alloc(mem, BITSET_WORDS(nv + 1) * sizeof(uint64_t));
  di->divergent_branch = arena_alloc(mem, BITSET_WORDS(g.nb + 1) * sizeof(uint64_t));
  /* A non-kernel function's arguments arrive in VGPRs, one value per lane
   * (isel_calls.c). */
  if (LLVMGetFunctionCallConv(fn) != LLVMAMDGPUKERNELCallConv)
    for (LLVMValueRef a = LLVMGetFirstParam(fn); a; a = LLVMGetNextParam(a)) mark(di, a);

  bool changed = true;
  while (changed) {
    changed = false;
    for (uint32_t b = 0; b < g.nb; b++) {
      for (LLVMValueRef ins = LLVMGetFirstInstruction(g.rpo[b]); ins; ins = LLVMGetNextInstruction(ins)) {
        if (divergence_is_divergent(di, ins)) continue;
        LLVMOpcode op = LLVMGetInstructionOpcode(ins);
        bool div = false;
        int n = LLVMGetNumOperands(ins);
        if (op == LLVMLoad) {
          div = load_is_divergent(di, ins);
        } else if (op == LLVMAtomicRMW || op == LLVMAtomicCmpXchg) {
          div = true;
        } else if (op == LLVMCall) {
          LLVMValueRef callee = LLVMGetCalledValue(ins);
          int id = LLVMIsAFunction(callee) ? intrinsic_divergence(callee) : 1;
          if (id >= 0) {
            div = id == 1;
          } else {
            for (int i = 0; i < n - 1 && !div; i++) div = divergence_is_divergent(di, LLVMGetOperand(ins, i));
          }
        } else if (op == LLVMAlloca) {
          div = false;
        } else {
          for (int i = 0; i < n && !div; i++) div = divergence_is_divergent(di, LLVMGetOperand(ins, i));
        }
        if (div) changed |= mark(di, ins);
      }
      LLVMValueRef term = LLVMGetBasicBlockTerminator(g.rpo[b]);
      if (!term || bitset_test(di->divergent_branch, b)) continue;
      LLVMOpcode top = LLVMGetInstructionOpcode(term);
      bool dbr = false;
      if (top == LLVMBr && LLVMIsConditional(term))
        dbr = divergence_is_divergent(di, LLVMGetCondition(term));
      else if (top == LLVMSwitch)
        dbr = divergence_is_divergent(di, LLVMGetOperand(term, 0));
      if (dbr) {
        bitset_set(di->divergent_branch, b);
        handle_divergent_branch(di, &g, b, mem);
        changed = true;
      }
    }
  }
  return di;
}

void divergence_print(const divergence_info *di, LLVMValueRef fn, FILE *out) {
  size_t len;
  const char *fname = LLVMGetValueName2(fn, &len);
  fprintf(out, "divergence of %s:\n", fname);
  for (LLVMValueRef a = LLVMGetFirstParam(fn); a; a = LLVMGetNextParam(a)) {
    char *s = LLVMPrintValueToString(a);
    fprintf(out, "  %s: arg %s\n", divergence_is_divergent(di, a) ? "divergent" : "uniform", s);
    LLVMDisposeMessage(s);
  }
  for (uint32_t b = 0; b < di->num_blocks; b++) {
    const char *bn = LLVMGetBasicBlockName(di->blocks[b]);
    fprintf(out, "block %u%s%s:%s\n", b, *bn ? " " : "", bn,
            bitset_test(di->divergent_branch, b) ? " divergent branch" : "");
    for (LLVMValueRef ins = LLVMGetFirstInstruction(di->blocks[b]); ins; ins = LLVMGetNextInstruction(ins)) {
      if (LLVMGetTypeKind(LLVMTypeOf(ins)) == LLVMVoidTypeKind) continue;
      char *s = LLVMPrintValueToString(ins);
      const char *t = s;
      while (*t == ' ') t++;
      fprintf(out, "  %s: %s\n", divergence_is_divergent(di, ins) ? "divergent" : "uniform", t);
      LLVMDisposeMessage(s);
    }
  }
}
