/* IR pass: loop exits from inside an if of the loop body become flags
 * tested at the top level of the body.
 *
 * The structured selector (isel/isel_struct.c) takes loop exits only from
 * blocks at the top level of the body (blocks that dominate the single
 * latch): there the leaving lanes are taken out of EXEC once
 * (s_andn2_b64 exec) and wait for the others. A `break` or `return` inside
 * an if of the body (or after a `continue`, whose if joins at the latch)
 * is not at the top level, and used to send the whole kernel to masked
 * linearisation. This pass gives such exits the shape the selector takes,
 * as LLVM's StructurizeCFG does with its flow blocks (and ACO with the
 * break flags of NIR's structured loops):
 *
 *   Let T be the latch, D the nearest dominator of exiting block X that
 *   dominates T (the top-level block whose if holds X) and Z the next
 *   top-level block (the one D immediately dominates on the way to T:
 *   every path from X that stays in the loop reaches Z). For all exiting
 *   blocks X of the loop between D and Z (not in an inner loop):
 *     - X's exit edge to E goes to a new block N (only a branch), N to F0;
 *     - F0, F1, … (one per distinct target E_i) are inserted before Z: Z's
 *       predecessors branch to F0, Z's phis move there (undef from the Ns);
 *       F0 holds an i1 phi per target, true from the Ns that leave to it;
 *     - F_i: br flag_i, E_i, F_{i+1} (the last: Z), so F_i is a top-level
 *       exiting block; E_i's phis take the value from X through a phi in
 *       F0 (undef on the other edges).
 *   Values defined between D and Z and read outside the loop lose their
 *   dominance over the reads (the path now runs through F0): they go
 *   through an alloca (store after the definition, load before the read)
 *   and LLVM's SROA (mem2reg's promotion) builds the phis again.
 * Before that, one more shape the selector's regions cannot hold: a small
 * block x (at most MAXDUP instructions, one branch to the loop's join,
 * values read only by the join's phis) that is both the target of a
 * divergent exit of a loop and reached around the loop (a break out of an
 * inner loop whose target is also the other arm of the if guarding it, as
 * LLVM leaves `goto` out of two loops): x gets a copy for the exit edge,
 * so that the exit target is a region of its own (tail duplication).
 * Repeated until no loop has such an exit (each batch moves one region's
 * exits to the top level). Only functions with a divergent branch: the
 * others keep their CFG (the uniform selector takes any shape).
 * Exits of an inner loop that leave the outer loop too are left alone
 * (isel_struct_loop.c's escapes). */
#include "llvm/loop_exit_flags.h"

#include <stdbool.h>
#include <stdlib.h>

#include "llvm/cfg.h"
#include "llvm/divergence.h"
#include "llvm/import.h"
#include "util/bitset.h"

#define NONE UINT32_MAX
#define MAXT 4  /* exit targets per batch */
#define MAXE 32 /* exit edges per batch */

typedef struct batch {
  uint32_t h, T, D, Z;
  uint32_t ne, x[MAXE], k[MAXE], ti[MAXE]; /* exit edges: block, successor index, target */
  uint32_t nt, tgt[MAXT];
} batch;

/* Does block a dominate block b (CFG numbers)? */
static bool dominates(const llvm_cfg *g, uint32_t a, uint32_t b) {
  while (b != a) {
    if (g->idom[b] == b) return false;
    b = g->idom[b];
  }
  return true;
}

/* The single latch of loop h, NONE when there are several. */
static uint32_t latch_of(const llvm_cfg *g, uint32_t h) {
  uint32_t t = NONE;
  for (uint32_t e = g->pred_start[h]; e < g->pred_start[h + 1]; e++) {
    uint32_t p = g->pred[e];
    if (!llvm_cfg_in_loop(g, h, p)) continue;
    if (t != NONE && t != p) return NONE;
    t = p;
  }
  return t;
}

static uint32_t succ_of(const llvm_cfg *g, LLVMValueRef term, unsigned k) {
  return llvm_cfg_index(g, LLVMGetSuccessor(term, k));
}

/* Is successor k of block x an exit edge of x's innermost loop that this
 * pass moves (x not at the top level of the body)? Sets *T. */
static bool nested_exit(const llvm_cfg *g, uint32_t x, unsigned k, uint32_t *T) {
  uint32_t h = g->loop_of[x];
  if (h == NONE) return false;
  LLVMValueRef term = LLVMGetBasicBlockTerminator(g->rpo[x]);
  if (!term || LLVMGetInstructionOpcode(term) != LLVMBr || !LLVMIsConditional(term)) return false;
  uint32_t e = succ_of(g, term, k), o = succ_of(g, term, 1 - k);
  if (e == NONE || o == NONE || e == o || llvm_cfg_in_loop(g, h, e)) return false;
  *T = latch_of(g, h);
  return *T != NONE && !dominates(g, x, *T);
}

/* The first loop region with nested exits, and all its exits; false when
 * there is none. */
static bool find_batch(const llvm_cfg *g, batch *bt) {
  for (uint32_t x = 0; x < g->nb; x++)
    for (unsigned k = 0; k < 2; k++) {
      uint32_t T;
      if (!nested_exit(g, x, k, &T)) continue;
      uint32_t D = x;
      while (!dominates(g, D, T)) D = g->idom[D];
      if (D == T) continue; /* cannot happen in a loop with one latch */
      uint32_t Z = T;
      while (g->idom[Z] != D) Z = g->idom[Z];
      *bt = (batch){.h = g->loop_of[x], .T = T, .D = D, .Z = Z};
      for (uint32_t y = x; y < g->nb; y++)
        for (unsigned j = 0; j < 2; j++) {
          uint32_t T2;
          if (!nested_exit(g, y, j, &T2) || g->loop_of[y] != bt->h || !dominates(g, D, y) || dominates(g, Z, y))
            continue;
          uint32_t e = succ_of(g, LLVMGetBasicBlockTerminator(g->rpo[y]), j), ti = 0;
          while (ti < bt->nt && bt->tgt[ti] != e) ti++;
          if (ti == bt->nt && bt->nt == MAXT) continue;
          if (bt->ne == MAXE) continue;
          if (ti == bt->nt) bt->tgt[bt->nt++] = e;
          bt->x[bt->ne] = y;
          bt->k[bt->ne] = j;
          bt->ti[bt->ne++] = ti;
        }
      return true;
    }
  return false;
}

static LLVMValueRef first_non_phi(LLVMBasicBlockRef bb) {
  LLVMValueRef i = LLVMGetFirstInstruction(bb);
  while (i && LLVMIsAPHINode(i)) i = LLVMGetNextInstruction(i);
  return i;
}

/* Is block bb (numbered in g, or new: then in the loop) outside loop h? */
static bool outside(const llvm_cfg *g, uint32_t h, LLVMBasicBlockRef bb) {
  uint32_t i = llvm_cfg_index(g, bb);
  return i != NONE && !llvm_cfg_in_loop(g, h, i);
}

/* Reads of `ins` (defined between D and Z) outside loop h go through an
 * alloca; returns whether any did. */
static bool demote(const llvm_cfg *g, uint32_t h, uint32_t D, LLVMValueRef ins, LLVMBuilderRef b) {
  LLVMValueRef *users = NULL;
  unsigned *ops = NULL, n = 0, cap = 0;
  for (LLVMUseRef u = LLVMGetFirstUse(ins); u; u = LLVMGetNextUse(u)) {
    LLVMValueRef user = LLVMGetUser(u);
    unsigned no = (unsigned)LLVMGetNumOperands(user);
    for (unsigned k = 0; k < no; k++) {
      if (LLVMGetOperand(user, k) != ins) continue;
      LLVMBasicBlockRef at = LLVMIsAPHINode(user) ? LLVMGetIncomingBlock(user, k) : LLVMGetInstructionParent(user);
      bool dup = false;
      for (unsigned q = 0; q < n; q++) dup |= users[q] == user && ops[q] == k;
      if (!dup && outside(g, h, at)) {
        if (n == cap) {
          cap = cap ? 2 * cap : 8;
          users = realloc(users, cap * sizeof *users);
          ops = realloc(ops, cap * sizeof *ops);
        }
        users[n] = user;
        ops[n++] = k;
      }
    }
  }
  if (!n) return false; /* users/ops untouched */
  LLVMBasicBlockRef here = LLVMGetInstructionParent(ins);
  LLVMValueRef fn = LLVMGetBasicBlockParent(here);
  LLVMPositionBuilderBefore(b, LLVMGetFirstInstruction(LLVMGetEntryBasicBlock(fn)));
  LLVMValueRef slot = LLVMBuildAlloca(b, LLVMTypeOf(ins), "exit.val");
  LLVMPositionBuilderBefore(b, LLVMIsAPHINode(ins) ? first_non_phi(here) : LLVMGetNextInstruction(ins));
  LLVMBuildStore(b, ins, slot);
  /* undef again in every iteration before the region: the value is not
   * carried around the loop (no header phi for it) */
  LLVMPositionBuilderBefore(b, LLVMGetBasicBlockTerminator(g->rpo[D]));
  LLVMBuildStore(b, LLVMGetUndef(LLVMTypeOf(ins)), slot);
  for (unsigned q = 0; q < n; q++) {
    LLVMValueRef user = users[q];
    if (LLVMIsAPHINode(user))
      LLVMPositionBuilderBefore(b, LLVMGetBasicBlockTerminator(LLVMGetIncomingBlock(user, ops[q])));
    else
      LLVMPositionBuilderBefore(b, user);
    LLVMSetOperand(user, ops[q], LLVMBuildLoad2(b, LLVMTypeOf(ins), slot, ""));
  }
  free(users);
  free(ops);
  return true;
}

/* Rewrites one batch (see the file comment). */
static void rewrite(const llvm_cfg *g, const batch *bt, LLVMContextRef ctx, LLVMBuilderRef b) {
  LLVMBasicBlockRef Z = g->rpo[bt->Z], F[MAXT], N[MAXE];
  LLVMTypeRef i1 = LLVMInt1TypeInContext(ctx);
  for (uint32_t i = 0; i < bt->nt; i++) F[i] = LLVMInsertBasicBlockInContext(ctx, Z, "loop.flow");
  /* Z's predecessors (with repeats, one phi entry per edge) now reach F0 */
  uint32_t p0 = g->pred_start[bt->Z], np = g->pred_start[bt->Z + 1] - p0;
  for (uint32_t e = 0; e < np; e++) {
    LLVMValueRef t = LLVMGetBasicBlockTerminator(g->rpo[g->pred[p0 + e]]);
    for (unsigned k = 0; k < LLVMGetNumSuccessors(t); k++)
      if (LLVMGetSuccessor(t, k) == Z) LLVMSetSuccessor(t, k, F[0]);
  }
  for (uint32_t q = 0; q < bt->ne; q++) {
    N[q] = LLVMInsertBasicBlockInContext(ctx, F[0], "loop.break");
    LLVMPositionBuilderAtEnd(b, N[q]);
    LLVMBuildBr(b, F[0]);
  }
  LLVMPositionBuilderAtEnd(b, F[0]);
  /* Z's phis move to F0 */
  for (LLVMValueRef p = LLVMGetFirstInstruction(Z); p && LLVMIsAPHINode(p);) {
    LLVMValueRef next = LLVMGetNextInstruction(p);
    LLVMValueRef np2 = LLVMBuildPhi(b, LLVMTypeOf(p), "");
    unsigned ni = LLVMCountIncoming(p);
    for (unsigned k = 0; k < ni; k++) {
      LLVMValueRef v = LLVMGetIncomingValue(p, k);
      LLVMBasicBlockRef from = LLVMGetIncomingBlock(p, k);
      LLVMAddIncoming(np2, &v, &from, 1);
    }
    LLVMValueRef u = LLVMGetUndef(LLVMTypeOf(p));
    for (uint32_t q = 0; q < bt->ne; q++) LLVMAddIncoming(np2, &u, &N[q], 1);
    LLVMReplaceAllUsesWith(p, np2);
    LLVMInstructionEraseFromParent(p);
    p = next;
  }
  /* a flag per target, and the values the targets' phis take from X */
  LLVMValueRef flag[MAXT], t0 = LLVMConstInt(i1, 1, false), f0 = LLVMConstInt(i1, 0, false);
  for (uint32_t i = 0; i < bt->nt; i++) {
    flag[i] = LLVMBuildPhi(b, i1, "exit.flag");
    for (uint32_t e = 0; e < np; e++) {
      LLVMBasicBlockRef from = g->rpo[g->pred[p0 + e]];
      LLVMAddIncoming(flag[i], &f0, &from, 1);
    }
    for (uint32_t q = 0; q < bt->ne; q++) LLVMAddIncoming(flag[i], bt->ti[q] == i ? &t0 : &f0, &N[q], 1);
    LLVMBasicBlockRef E = g->rpo[bt->tgt[i]];
    /* E's phis as they were: the replacements are inserted after them
     * (before the first non-phi), so walking to the next instruction would
     * reach the replacements and rewrite them again, forever (E with two
     * phis or more: LCSSA phis, or LSR's induction variables) */
    unsigned nph = 0;
    for (LLVMValueRef p = LLVMGetFirstInstruction(E); p && LLVMIsAPHINode(p); p = LLVMGetNextInstruction(p)) nph++;
    LLVMValueRef *phis = malloc((nph + 1) * sizeof *phis);
    nph = 0;
    for (LLVMValueRef p = LLVMGetFirstInstruction(E); p && LLVMIsAPHINode(p); p = LLVMGetNextInstruction(p))
      phis[nph++] = p;
    for (unsigned pi = 0; pi < nph; pi++) {
      LLVMValueRef p = phis[pi];
      LLVMTypeRef ty = LLVMTypeOf(p);
      LLVMValueRef u = LLVMGetUndef(ty);
      LLVMPositionBuilderAtEnd(b, F[0]);
      LLVMValueRef pv = LLVMBuildPhi(b, ty, "exit.val");
      for (uint32_t e = 0; e < np; e++) {
        LLVMBasicBlockRef from = g->rpo[g->pred[p0 + e]];
        LLVMAddIncoming(pv, &u, &from, 1);
      }
      for (uint32_t q = 0; q < bt->ne; q++) {
        LLVMValueRef v = u;
        for (unsigned k = 0; k < LLVMCountIncoming(p) && bt->ti[q] == i; k++)
          if (LLVMGetIncomingBlock(p, k) == g->rpo[bt->x[q]]) v = LLVMGetIncomingValue(p, k);
        LLVMAddIncoming(pv, &v, &N[q], 1);
      }
      LLVMPositionBuilderBefore(b, first_non_phi(E));
      LLVMValueRef np2 = LLVMBuildPhi(b, ty, "");
      for (unsigned k = 0; k < LLVMCountIncoming(p); k++) {
        LLVMBasicBlockRef from = LLVMGetIncomingBlock(p, k);
        bool moved = false;
        for (uint32_t q = 0; q < bt->ne; q++) moved |= bt->ti[q] == i && from == g->rpo[bt->x[q]];
        if (moved) continue;
        LLVMValueRef v = LLVMGetIncomingValue(p, k);
        LLVMAddIncoming(np2, &v, &from, 1);
      }
      LLVMAddIncoming(np2, &pv, &F[i], 1);
      LLVMReplaceAllUsesWith(p, np2);
      LLVMInstructionEraseFromParent(p);
      LLVMPositionBuilderAtEnd(b, F[0]);
    }
    free(phis);
  }
  /* X's exit edges to the Ns; the flow blocks' branches */
  for (uint32_t q = 0; q < bt->ne; q++)
    LLVMSetSuccessor(LLVMGetBasicBlockTerminator(g->rpo[bt->x[q]]), bt->k[q], N[q]);
  for (uint32_t i = 0; i < bt->nt; i++) {
    LLVMPositionBuilderAtEnd(b, F[i]);
    LLVMBuildCondBr(b, flag[i], g->rpo[bt->tgt[i]], i + 1 < bt->nt ? F[i + 1] : Z);
  }
}

/* ---- exit targets shared with a path around the loop ---- */

#define MAXDUP 32 /* instructions of a block copied for a loop's exit edge */

/* Is every value of block x read only in x or by the phis of its single
 * successor sb on the edge from x? */
static bool local_values(LLVMBasicBlockRef x, LLVMBasicBlockRef sb) {
  for (LLVMValueRef ins = LLVMGetFirstInstruction(x); ins; ins = LLVMGetNextInstruction(ins))
    for (LLVMUseRef u = LLVMGetFirstUse(ins); u; u = LLVMGetNextUse(u)) {
      LLVMValueRef user = LLVMGetUser(u);
      LLVMBasicBlockRef ub = LLVMGetInstructionParent(user);
      if (ub == x && !LLVMIsAPHINode(user)) continue;
      if (ub != sb || !LLVMIsAPHINode(user)) return false;
      unsigned n = LLVMCountIncoming(user);
      for (unsigned k = 0; k < n; k++)
        if (LLVMGetIncomingValue(user, k) == ins && LLVMGetIncomingBlock(user, k) != x) return false;
    }
  return true;
}

/* The copy of x's value v on the edge from p (v itself when defined
 * elsewhere). */
static LLVMValueRef mapped(LLVMValueRef v, LLVMValueRef *from, LLVMValueRef *to, unsigned n) {
  for (unsigned k = 0; k < n; k++)
    if (from[k] == v) return to[k];
  return v;
}

/* Block x (one unconditional branch to sb, at most MAXDUP instructions,
 * values read only there) is entered by an exit edge p -> x of a loop
 * (see exit_loop_of) and by an edge from outside that loop, so it joins the loop's
 * exit with the path around the loop (a break out of an inner loop whose
 * target is also the outer if's other arm): the selector's regions need
 * a tree. x gets a copy for the edge from p. */
static void copy_for_edge(LLVMBasicBlockRef x, LLVMBasicBlockRef sb, LLVMBasicBlockRef p, LLVMContextRef ctx,
                          LLVMBuilderRef b) {
  LLVMValueRef from[MAXDUP], to[MAXDUP];
  unsigned n = 0;
  LLVMBasicBlockRef xd = LLVMAppendBasicBlockInContext(ctx, LLVMGetBasicBlockParent(x), "exit.copy");
  LLVMPositionBuilderAtEnd(b, xd);
  for (LLVMValueRef ins = LLVMGetFirstInstruction(x); ins; ins = LLVMGetNextInstruction(ins)) {
    from[n] = ins;
    if (LLVMIsAPHINode(ins)) {
      for (unsigned k = 0; k < LLVMCountIncoming(ins); k++)
        if (LLVMGetIncomingBlock(ins, k) == p) to[n] = LLVMGetIncomingValue(ins, k);
    } else {
      to[n] = LLVMInstructionClone(ins);
      for (int k = 0; k < LLVMGetNumOperands(ins); k++)
        LLVMSetOperand(to[n], (unsigned)k, mapped(LLVMGetOperand(ins, (unsigned)k), from, to, n));
      LLVMInsertIntoBuilderWithName(b, to[n], "");
    }
    n++;
  }
  for (LLVMValueRef ph = LLVMGetFirstInstruction(sb); ph && LLVMIsAPHINode(ph); ph = LLVMGetNextInstruction(ph))
    for (unsigned k = 0; k < LLVMCountIncoming(ph); k++)
      if (LLVMGetIncomingBlock(ph, k) == x) {
        LLVMValueRef v = mapped(LLVMGetIncomingValue(ph, k), from, to, n);
        LLVMAddIncoming(ph, &v, &xd, 1);
        break;
      }
  /* x's phis lose the edge from p */
  for (LLVMValueRef ph = LLVMGetFirstInstruction(x); ph && LLVMIsAPHINode(ph);) {
    LLVMValueRef next = LLVMGetNextInstruction(ph);
    LLVMPositionBuilderBefore(b, ph);
    LLVMValueRef q = LLVMBuildPhi(b, LLVMTypeOf(ph), "");
    for (unsigned k = 0; k < LLVMCountIncoming(ph); k++) {
      LLVMBasicBlockRef in = LLVMGetIncomingBlock(ph, k);
      LLVMValueRef v = LLVMGetIncomingValue(ph, k);
      if (in != p) LLVMAddIncoming(q, &v, &in, 1);
    }
    LLVMReplaceAllUsesWith(ph, q);
    LLVMInstructionEraseFromParent(ph);
    ph = next;
  }
  LLVMValueRef t = LLVMGetBasicBlockTerminator(p);
  for (unsigned k = 0; k < LLVMGetNumSuccessors(t); k++)
    if (LLVMGetSuccessor(t, k) == x) LLVMSetSuccessor(t, k, xd);
}

/* The loop that edge p -> x leaves: p's loop when x is outside it, or
 * the loop of p's single predecessor when p is a block of its own on that
 * exit edge (break-crit-edges' split, or a block computing the exit's
 * values); NONE otherwise. */
static uint32_t exit_loop_of(const llvm_cfg *g, uint32_t p, uint32_t x) {
  uint32_t h = g->loop_of[p];
  if (h != NONE && !llvm_cfg_in_loop(g, h, x)) return h;
  if (g->pred_start[p + 1] - g->pred_start[p] != 1) return NONE;
  h = g->loop_of[g->pred[g->pred_start[p]]];
  return h != NONE && !llvm_cfg_in_loop(g, h, p) && !llvm_cfg_in_loop(g, h, x) ? h : NONE;
}

/* The first block copy_for_edge applies to, copied; false when none. */
static bool split_shared_exit(const llvm_cfg *g, const divergence_info *di, LLVMContextRef ctx, LLVMBuilderRef b) {
  for (uint32_t x = 0; x < g->nb; x++) {
    LLVMBasicBlockRef xb = g->rpo[x];
    LLVMValueRef t = LLVMGetBasicBlockTerminator(xb);
    if (!t || LLVMGetInstructionOpcode(t) != LLVMBr || LLVMIsConditional(t)) continue;
    unsigned ni = 0;
    for (LLVMValueRef i = LLVMGetFirstInstruction(xb); i; i = LLVMGetNextInstruction(i)) ni++;
    LLVMBasicBlockRef sb = LLVMGetSuccessor(t, 0);
    if (ni > MAXDUP || sb == xb) continue;
    for (uint32_t e = g->pred_start[x]; e < g->pred_start[x + 1]; e++) {
      uint32_t p = g->pred[e], hp = exit_loop_of(g, p, x);
      if (hp == NONE) continue;
      LLVMValueRef pt = LLVMGetBasicBlockTerminator(g->rpo[p]);
      if (LLVMGetNumSuccessors(pt) == 2 && LLVMGetSuccessor(pt, 0) == LLVMGetSuccessor(pt, 1)) continue;
      /* only a divergent exit: uniform regions need no tree */
      uint32_t xb0 = llvm_cfg_in_loop(g, hp, p) ? p : g->pred[g->pred_start[p]];
      LLVMValueRef xt = LLVMGetBasicBlockTerminator(g->rpo[xb0]);
      if (!LLVMIsConditional(xt) || !divergence_is_divergent(di, LLVMGetCondition(xt))) continue;
      /* only where x is an exit target between the loop and its join
       * (the first post-dominator of the header outside the loop), not
       * the join itself: the selector's exit targets are regions ending
       * there */
      uint32_t jx = hp;
      while (jx < g->nb && llvm_cfg_in_loop(g, hp, jx)) jx = g->ipdom[jx];
      if (jx == x || llvm_cfg_index(g, sb) != jx) continue;
      bool around = false;
      for (uint32_t e2 = g->pred_start[x]; e2 < g->pred_start[x + 1]; e2++) {
        uint32_t r = g->pred[e2];
        around |= !llvm_cfg_in_loop(g, hp, r) && exit_loop_of(g, r, x) != hp;
      }
      if (!around || !local_values(xb, sb)) continue;
      copy_for_edge(xb, sb, g->rpo[p], ctx, b);
      return true;
    }
  }
  return false;
}

/* Batches of function fn until none is left; returns the number. */
static int run_function(LLVMValueRef fn) {
  LLVMContextRef ctx = LLVMGetModuleContext(LLVMGetGlobalParent(fn));
  LLVMBuilderRef b = LLVMCreateBuilderInContext(ctx);
  arena mem;
  arena_init(&mem);
  /* the divergence of the function as it came: the conditions this pass
   * tests are the original ones (its own flags are not asked about) */
  arena dmem;
  arena_init(&dmem);
  const llvm_cfg *g0 = llvm_cfg_build(fn, &dmem);
  bool loops = false;
  for (uint32_t i = 0; i < g0->nb; i++) loops |= g0->loop_of[i] != NONE;
  divergence_info *di = loops ? divergence_analyze(fn, &dmem) : NULL; /* no loop: nothing to do */
  bool any = false;
  for (uint32_t i = 0; di && i < di->num_blocks; i++) any |= bitset_test(di->divergent_branch, i);
  int n = 0;
  while (any && n < 64) {
    arena_init(&mem);
    const llvm_cfg *g = llvm_cfg_build(fn, &mem);
    batch bt;
    if (g->reducible && split_shared_exit(g, di, ctx, b)) {
      arena_free(&mem);
      n++;
      continue;
    }
    if (!g->reducible || !find_batch(g, &bt)) {
      arena_free(&mem);
      break;
    }
    /* values between D and Z read outside the loop: through allocas */
    for (uint32_t y = 0; y < g->nb; y++) {
      if (!llvm_cfg_in_loop(g, bt.h, y) || y == bt.D || !dominates(g, bt.D, y) || dominates(g, bt.Z, y)) continue;
      for (LLVMValueRef ins = LLVMGetFirstInstruction(g->rpo[y]); ins; ins = LLVMGetNextInstruction(ins))
        if (LLVMGetTypeKind(LLVMTypeOf(ins)) != LLVMVoidTypeKind) demote(g, bt.h, bt.D, ins, b);
    }
    rewrite(g, &bt, ctx, b);
    arena_free(&mem);
    n++;
  }
  arena_free(&dmem);
  LLVMDisposeBuilder(b);
  return n;
}

int wir_loop_exit_flags(LLVMModuleRef mod, diag *d) {
  int batches = 0;
  for (LLVMValueRef fn = LLVMGetFirstFunction(mod); fn; fn = LLVMGetNextFunction(fn))
    batches += LLVMIsDeclaration(fn) ? 0 : run_function(fn);
  return batches ? wir_run_passes(mod, "function(sroa)", d) : 0;
}
