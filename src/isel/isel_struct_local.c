/* Instruction selection of divergent acyclic regions that are not a tree
 * of ifs (a switch's decision tree whose leaves share blocks, early exits
 * to a common join): masked linearisation of just that region, each block
 * under the OR of its incoming edges' lanes. The region shapes it takes
 * and the rest of the structured walk are described in isel_struct.c. */
#include <assert.h>
#include <string.h>

#define ISEL_STRUCT_FILE "isel_struct_local.c"
#include "isel/isel_struct.h"
#include "util/bitset.h"

/* The blocks between divergent branch b and its join J (exclusive), in
 * RPO order, into r (at most nb); 0 when the region is not one walk_local
 * takes: a loop, an exit, a return, a call, an entry from outside, a uniform
 * (SGPR) phi (its copies would not follow the lanes), J the end of the
 * enclosing region or J's phis fed from outside. */
static uint32_t local_region(const sctx *s, uint32_t b, uint32_t J, uint32_t stop, uint32_t loop, uint32_t *r) {
  const divergence_info *di = s->di;
  uint32_t n = 0;
  if (J == stop) return 0;
  /* blocks reachable from b without passing J; RPO order = index order */
  for (uint32_t x = b + 1; x < J; x++) {
    uint32_t nin = 0, np = 0;
    for (uint32_t e = di->pred_start[x]; e < di->pred_start[x + 1]; e++, np++) {
      uint32_t p = di->pred[e];
      bool pin = p == b;
      for (uint32_t k = 0; k < n && !pin; k++) pin = r[k] == p;
      nin += pin;
    }
    if (nin && nin != np) return 0; /* also entered from outside the region */
    if (nin) r[n++] = x;
  }
  for (uint32_t k = 0; k <= n; k++) {
    uint32_t x = k < n ? r[k] : J;
    if (s->visited[x] || is_header(s, x) || !in_loop(s, loop, x)) return 0;
    for (LLVMValueRef i = LLVMGetFirstInstruction(di->blocks[x]); i && LLVMIsAPHINode(i); i = LLVMGetNextInstruction(i))
      if (!divergence_is_divergent(di, i)) return 0;
    if (k == n) break;
    /* no calls (a callee's own regions assume a non-empty EXEC), and no
     * intrinsic whose effect EXEC does not mask (s_sendmsghalt, s_setreg,
     * s_barrier, ...): the blocks here may run with no lane
     * (tests/kernels/f_exec_zero_effects.ll) */
    for (LLVMValueRef i = LLVMGetFirstInstruction(di->blocks[x]); i; i = LLVMGetNextInstruction(i))
      if (isel_call_needs_lanes(i)) return 0;
    LLVMValueRef t = LLVMGetBasicBlockTerminator(di->blocks[x]);
    if (LLVMGetInstructionOpcode(t) != LLVMBr) return 0;
    for (uint32_t e = di->succ_start[x]; e < di->succ_start[x + 1]; e++) {
      uint32_t y = di->succ[e];
      bool ok = y == J;
      for (uint32_t q = 0; q < n && !ok; q++) ok = r[q] == y;
      if (!ok) return 0;
    }
  }
  for (uint32_t e = di->pred_start[J]; e < di->pred_start[J + 1]; e++) {
    bool ok = di->pred[e] == b;
    for (uint32_t q = 0; q < n && !ok; q++) ok = r[q] == di->pred[e];
    if (!ok) return 0;
  }
  return n;
}

/* walk_local's lane masks while it emits: acc[y], the lanes entering
 * region block y so far (LLVM block index), and a log of every change (y
 * and the value before it), from which a skip's phis find each mask as it
 * was where the skip branched. */
typedef struct lmask {
  mir_temp *acc;
  uint32_t *log_y;
  mir_temp *log_old;
  uint32_t nlog, cap;
} lmask;

/* A skip: s_cbranch_execz at the end of machine block src, past the
 * blocks its region block dominates, to the block of order index `to`
 * (n: the join), taken with the masks of log position pos. */
typedef struct lskip {
  uint32_t src, to, pos;
} lskip;

static void acc_set(arena *mem, lmask *L, uint32_t y, mir_temp v) {
  if (L->nlog == L->cap) {
    uint32_t cap = L->cap ? 2 * L->cap : 64;
    uint32_t *ly = arena_alloc(mem, cap * sizeof *ly);
    mir_temp *lo = arena_alloc(mem, cap * sizeof *lo);
    if (L->nlog) {
      memcpy(ly, L->log_y, L->nlog * sizeof *ly);
      memcpy(lo, L->log_old, L->nlog * sizeof *lo);
    }
    L->log_y = ly;
    L->log_old = lo;
    L->cap = cap;
  }
  L->log_y[L->nlog] = y;
  L->log_old[L->nlog++] = L->acc[y];
  L->acc[y] = v;
}

/* Lanes of LLVM block x on its successor edges: M & cond or M & ~cond
 * (M: the lanes in x), ORed at once into acc[y], the lanes entering each
 * successor y of x inside the region (not J). Accumulating at the edge,
 * not at y, keeps one mask per block still to come live instead of one
 * per edge: the leaves of a wide switch's decision tree all branch to its
 * default block, and a 300-case divergent switch had ~300 pairs live at
 * once (issue 22). */
static void local_edges(sctx *s, uint32_t x, mir_temp M, uint32_t J, lmask *L) {
  isel_ctx *c = s->c;
  LLVMValueRef t = LLVMGetBasicBlockTerminator(s->di->blocks[x]);
  mir_temp em[2] = {M, M};
  if (LLVMIsConditional(t)) {
    mir_temp m = isel_mask_of(c, LLVMGetCondition(t), 0);
    em[0] = isel_lane_s(c, WAVECC_LANE_AND, mir_op_temp(M), mir_op_temp(m));
    em[1] = isel_lane_s(c, WAVECC_LANE_ANDN2, mir_op_temp(M), mir_op_temp(m));
  }
  for (unsigned q = 0; q < LLVMGetNumSuccessors(t); q++) {
    uint32_t y = succ_idx(s, t, q);
    if (y == J) continue;
    mir_temp in = em[q];
    acc_set(c->mem, L, y,
            L->acc[y].id ? isel_lane_s(c, WAVECC_LANE_OR, mir_op_temp(L->acc[y]), mir_op_temp(in)) : in);
  }
}

/* Reorders the region's blocks r[0..n) (RPO order on entry; every one
 * dominated by b) into a preorder of their dominator tree, children in
 * RPO order, and sets end[k] to one past the last block r[k] dominates.
 * Still a topological order of the acyclic region: for an edge u -> v,
 * idom(v) = w dominates u, and u is w itself or lies in the subtree of a
 * child of w that precedes v in RPO (it dominates u, and u precedes v).
 * Each block's dominated blocks are then contiguous, so one branch skips
 * them all. */
static void local_order(const sctx *s, uint32_t b, uint32_t *r, uint32_t n, uint32_t *end) {
  arena *mem = s->c->mem;
  uint32_t *pos = arena_alloc(mem, (s->nb + 1) * sizeof *pos);
  memset(pos, 0xff, (s->nb + 1) * sizeof *pos); /* outside the region: none */
  uint32_t *kid = arena_alloc(mem, (n + 1) * sizeof *kid), *sib = arena_alloc(mem, (n + 1) * sizeof *sib);
  uint32_t *pre = arena_alloc(mem, n * sizeof *pre), *stack = arena_alloc(mem, (n + 1) * sizeof *stack);
  uint32_t *par = arena_alloc(mem, n * sizeof *par), *size = arena_alloc(mem, (n + 1) * sizeof *size);
  for (uint32_t k = 0; k < n; k++) pos[r[k]] = k;
  for (uint32_t k = 0; k <= n; k++) kid[k] = NONE;
  for (uint32_t k = n; k-- > 0;) { /* backwards: each child list in RPO order */
    uint32_t d = s->di->idom[r[k]];
    par[k] = d == b ? n : pos[d]; /* n: b, the root */
    assert(d == b || (pos[d] < k && r[pos[d]] == d));
    sib[k] = kid[par[k]];
    kid[par[k]] = k;
  }
  uint32_t np = 0, sp = 0;
  stack[sp++] = n;
  while (sp) {
    uint32_t v = stack[--sp];
    if (v != n) pre[np++] = v;
    uint32_t m = 0;
    for (uint32_t ch = kid[v]; ch != NONE; ch = sib[ch]) m++;
    sp += m; /* children pushed in reverse so the first pops first */
    for (uint32_t ch = kid[v], q = sp; ch != NONE; ch = sib[ch]) stack[--q] = ch;
  }
  assert(np == n);
  for (uint32_t k = 0; k <= n; k++) size[k] = 1;
  for (uint32_t q = n; q-- > 0;) size[par[pre[q]]] += size[pre[q]];
  uint32_t *old = arena_alloc(mem, n * sizeof *old);
  memcpy(old, r, n * sizeof *old);
  for (uint32_t q = 0; q < n; q++) {
    r[q] = old[pre[q]];
    end[q] = q + size[pre[q]];
  }
}

/* Regions of fewer blocks skip only heavy subtrees (LOCAL_SKIP_HEAVY):
 * in the smaller ones of the corpus (libclc's conversions, early exits,
 * switches of a dozen cases) most blocks have lanes, and the skips'
 * branches and phi copies cost more than they save (gfx900, executed
 * instructions with skips of 3 instructions in every region:
 * tests/kernels/f_half_vload_vstore.cl +0.7 %, f_loop_nested_break.cl
 * +1.3 %, f_switch.cl +2.3 %, whose 12 cases all have lanes in each wave).
 * A wide switch's decision tree has hundreds of blocks, most without lanes
 * in a wave (f_switch_wide.ll: 300 cases). */
enum { LOCAL_SKIP_BLOCKS = 64 };

/* In a region of fewer than LOCAL_SKIP_BLOCKS blocks, a block skips what
 * it dominates when that weighs at least this much (local_weight): then
 * one s_cbranch_execz costs little beside what it saves whenever the
 * subtree has no lane. A loop's early exit (loop-exit-flags) guarded by a
 * rarely true divergent compare, with two divisions behind it, ran empty
 * 7 times in 9 at 75 instructions a time (tests/kernels/
 * f_loop_exits_sgpr_phi_move.cl: 1.30x llc-19's executed instructions,
 * which skips it). */
enum { LOCAL_SKIP_HEAVY = 24 };

/* Machine instructions a 32-bit integer division or remainder by a
 * non-constant expands to, about (isel_alu.c: reciprocal, two
 * corrections). */
enum { LOCAL_DIV_WEIGHT = 16 };

/* The weight of LLVM block bb's instructions for local_skips: one per
 * instruction (phis and the terminator aside); heavy: a division or
 * remainder by a non-constant counts LOCAL_DIV_WEIGHT. */
static uint32_t local_weight(LLVMBasicBlockRef bb, bool heavy) {
  uint32_t m = 0;
  for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i)) {
    if (LLVMIsAPHINode(i) || LLVMIsATerminatorInst(i)) continue;
    LLVMOpcode op = LLVMGetInstructionOpcode(i);
    bool div = op == LLVMUDiv || op == LLVMSDiv || op == LLVMURem || op == LLVMSRem;
    m += heavy && div && !LLVMIsAConstant(LLVMGetOperand(i, 1)) ? LOCAL_DIV_WEIGHT : 1;
  }
  return m;
}

/* A closed subtree (every edge leaving it goes to the join) that skips
 * needs no linear phi: the masks of the blocks after it do not depend on
 * it, and the join restores EXEC from the region's entry. So its skip
 * costs the one s_cbranch_execz, as a structured if's does, and it skips
 * when it holds at least this many machine instructions, about (a little
 * over the 12 execz-short keeps an if's branch by, llc-19's skip
 * threshold: tests/kernels/f_branch_shared_blocks.ll's k_chain, 13, has
 * lanes everywhere and ran +6 % executed instructions at 12; nn.cl's
 * region is 21): its LLVM instructions (local_weight), and per block the
 * EXEC write (none in the end in an empty block, one that splits an edge:
 * exec-cleanup drops it) and, on a conditional branch, its two edges'
 * masks. Not by a memory access alone (execz-short's other reason): a
 * store block of a ds_write2 saves one instruction when empty and costs
 * one when not (gfx900, whose one wave per group always has lanes
 * there). The
 * `if (l < s)` of a work-group reduction whose body holds a short-circuit
 * `||` is such a region; with 64-wide groups on wave32 the second wave
 * has no lane below s and ran all of it at every step (bench/real/nn.cl:
 * 1.50x llc-19's executed instructions at gfx1030). */
enum { LOCAL_SKIP_CLOSED = 16 };

/* Which blocks of the ordered region (local_order) skip the blocks they
 * dominate when no lane enters them. heavy false (a region of at least
 * LOCAL_SKIP_BLOCKS blocks): those dominating at least one other whose
 * LLVM instructions (phis and branches aside), their own counted, are at
 * least 3, as in a switch's leaf (compare, and a case of two) and every
 * node above it. Fewer (the empty blocks that split critical edges, a
 * store and a compare) cost about what the s_cbranch_execz would. heavy
 * true: those whose dominated blocks weigh LOCAL_SKIP_HEAVY, and closed
 * subtrees (LOCAL_SKIP_CLOSED). J: the join. Returns whether any skips. */
static bool local_skips(const sctx *s, const uint32_t *r, uint32_t n, const uint32_t *end, uint32_t J, bool heavy,
                        uint8_t *skip) {
  arena *mem = s->c->mem;
  const divergence_info *di = s->di;
  uint32_t *w = arena_alloc(mem, (n + 1) * sizeof *w); /* w[k]: weight of r[0..k) */
  uint32_t *mw = arena_alloc(mem, (n + 1) * sizeof *mw); /* mw[k]: machine estimate of r[0..k) */
  uint32_t *pos = arena_alloc(mem, (s->nb + 1) * sizeof *pos);
  memset(pos, 0xff, (s->nb + 1) * sizeof *pos); /* outside the region: none */
  w[0] = mw[0] = 0;
  for (uint32_t k = 0; k < n; k++) {
    LLVMBasicBlockRef bb = di->blocks[r[k]];
    uint32_t wk = local_weight(bb, heavy);
    w[k + 1] = w[k] + wk;
    mw[k + 1] = mw[k] + wk + (wk > 0) + 2 * LLVMIsConditional(LLVMGetBasicBlockTerminator(bb));
    pos[r[k]] = k;
  }
  bool any = false;
  for (uint32_t k = 0; k < n; k++) {
    uint32_t wk = w[end[k]] - w[k];
    if (!heavy) {
      skip[k] = end[k] - k >= 2 && wk >= 3;
    } else if (wk >= LOCAL_SKIP_HEAVY) {
      skip[k] = 1;
    } else if (mw[end[k]] - mw[k] >= LOCAL_SKIP_CLOSED) {
      bool closed = true;
      for (uint32_t q = k; q < end[k] && closed; q++)
        for (uint32_t e = di->succ_start[r[q]]; e < di->succ_start[r[q] + 1] && closed; e++) {
          uint32_t y = di->succ[e];
          closed = y == J || (pos[y] >= k && pos[y] < end[k] && r[pos[y]] == y);
        }
      skip[k] = closed;
    } else {
      skip[k] = 0;
    }
    any |= skip[k];
  }
  return any;
}

/* At the start of machine block zb, the first of order index kz, reached
 * by the skips to kz as well as by the previous block: a linear phi for
 * every mask a skipped block changed (a skip's lanes are empty, so its
 * value is the one before the skip; 0 where there was none yet). */
static void skip_phis(sctx *s, lmask *L, const lskip *sk, uint32_t nsk, uint32_t kz, uint32_t zb,
                      const uint32_t *ord, uint32_t *stamp, mir_temp zero) {
  isel_ctx *c = s->c;
  uint32_t from = UINT32_MAX;
  for (uint32_t q = 0; q < nsk; q++)
    if (sk[q].to == kz && sk[q].pos < from) from = sk[q].pos;
  if (from == UINT32_MAX) return;
  const mir_block *blk = &c->p->blocks[zb];
  uint32_t np = blk->linear_preds.n, nlog = L->nlog;
  for (uint32_t e = from; e < nlog; e++) {
    uint32_t y = L->log_y[e];
    if (ord[y] < kz || stamp[y] == kz + 1) continue; /* a skipped block's own mask, or done */
    stamp[y] = kz + 1;
    mir_temp v[np];
    bool same = true;
    for (uint32_t p = 0; p < np; p++) {
      v[p] = L->acc[y];
      for (uint32_t q = 0; q < nsk; q++)
        if (sk[q].to == kz && sk[q].src == blk->linear_preds.v[p]) {
          for (uint32_t e2 = sk[q].pos; e2 < nlog; e2++)
            if (L->log_y[e2] == y) {
              v[p] = L->log_old[e2];
              break;
            }
          break;
        }
      if (!v[p].id) v[p] = zero;
      same &= v[p].id == v[0].id;
    }
    if (same) continue;
    mir_temp d = isel_lane_tmp(c);
    mir_instr *phi = isel_emit(c, MIR_P_LINEAR_PHI, np, 1);
    phi->defs[0] = mir_op_temp(d);
    for (uint32_t p = 0; p < np; p++) phi->ops[p] = mir_op_temp(v[p]);
    acc_set(c->mem, L, y, d);
  }
}

/* The region of divergent branch b (machine block mb) up to its join J
 * when it is not a tree of ifs (a switch's decision tree whose leaves
 * share blocks, early exits to a common join): masked linearisation of
 * just this region. Its blocks run one after the other (local_order),
 * each with EXEC = the OR of its incoming edges' lanes (possibly none: no
 * scalar loads there, but in the body of a block that skips), so SGPRs
 * (masks) are defined on the one linear
 * path; the logical CFG keeps the LLVM edges, and a phi's copies at the
 * end of each predecessor, under that predecessor's lanes, leave every
 * lane the copy of the last block on its own path. J restores EXEC. A
 * block that dominates others gets a head block of its own (phis, EXEC)
 * ending in s_cbranch_execz past them all: no lane reaches them, every
 * mask they would compute is empty, and the masks of the blocks after
 * them are linear phis there (skip_phis), as llc-19's structurized flow
 * blocks skip a switch's empty subtrees (local_skips: in a wide region
 * every such block, in a small one those over heavy subtrees). */
bool isel_struct_walk_local(sctx *s, uint32_t b, uint32_t mb, uint32_t J, uint32_t stop, uint32_t loop, pend *io) {
  const divergence_info *di = s->di;
  isel_ctx *c = s->c;
  uint32_t nb = s->nb;
  uint32_t *r = arena_alloc(c->mem, (nb + 1) * sizeof *r);
  uint32_t n = local_region(s, b, J, stop, loop, r);
  if (!n) return REJECT();
  uint32_t *end = arena_alloc(c->mem, n * sizeof *end), *first = arena_alloc(c->mem, (n + 1) * sizeof *first);
  uint8_t *skip = arena_alloc(c->mem, n);
  if (n >= LOCAL_SKIP_BLOCKS) {
    local_order(s, b, r, n, end);
    local_skips(s, r, n, end, J, false, skip);
  } else {
    /* the RPO order unless a heavy subtree skips (same code as before) */
    uint32_t *r2 = arena_alloc(c->mem, n * sizeof *r2);
    memcpy(r2, r, n * sizeof *r2);
    local_order(s, b, r2, n, end);
    if (local_skips(s, r2, n, end, J, true, skip))
      memcpy(r, r2, n * sizeof *r);
    else
      memset(skip, 0, n);
  }
  first[0] = s->nmb; /* machine blocks of order index k: first[k], and its body's when it skips */
  for (uint32_t k = 0; k < n; k++) first[k + 1] = first[k] + 1 + skip[k];
  uint32_t *tail = arena_alloc(c->mem, (nb + 1) * sizeof *tail); /* LLVM block -> machine block ending it */
  tail[b] = mb;
  mir_temp saved = {0}, zero = {0};
  lmask L = {0};
  lskip *sk = NULL;
  uint32_t nsk = 0, *ord = NULL, *stamp = NULL;
  if (s->emit) {
    L.acc = arena_alloc(c->mem, (nb + 1) * sizeof *L.acc);
    memset(L.acc, 0, (nb + 1) * sizeof *L.acc);
    sk = arena_alloc(c->mem, n * sizeof *sk);
    ord = arena_alloc(c->mem, (nb + 1) * sizeof *ord);
    stamp = arena_alloc(c->mem, (nb + 1) * sizeof *stamp);
    memset(stamp, 0, (nb + 1) * sizeof *stamp);
    for (uint32_t k = 0; k < n; k++) ord[r[k]] = k;
    c->cur = mb;
    saved = sop1(c, WAVECC_LANE_MOV, isel_exec_operand(c));
    if (first[n] - first[0] > n) zero = sop1(c, WAVECC_LANE_MOV, mir_op_const(0)); /* dead code elimination drops it unused */
    local_edges(s, b, saved, J, &L);
  }
  uint32_t prev = mb;
  for (uint32_t k = 0; k < n; k++) {
    uint32_t x = r[k], hx = newblk(s, x), mx = hx;
    s->visited[x] = 1;
    s->mh[x] = hx;
    s->lanejoin[x] = 1;
    jump(s, prev, hx, PN);
    for (uint32_t e = di->pred_start[x]; e < di->pred_start[x + 1]; e++) {
      bool dup = false;
      for (uint32_t e2 = di->pred_start[x]; e2 < e; e2++) dup |= di->pred[e2] == di->pred[e];
      if (!dup) edge(s, tail[di->pred[e]], hx, PL);
    }
    mir_temp M = {0};
    if (s->emit) {
      c->cur = hx;
      c->hooks->create_phis(c, x);
      skip_phis(s, &L, sk, nsk, k, hx, ord, stamp, zero);
      M = L.acc[x];
      assert(M.id); /* every predecessor came earlier (local_order) */
      mir_instr *mv = isel_emit(c, isel_lane_op(c, WAVECC_LANE_MOV), 1, 1);
      mv->ops[0] = mir_op_temp(M);
      mv->defs[0] = isel_exec_operand(c);
    }
    if (skip[k]) {
      sopp(s, hx, ISA_S_CBRANCH_EXECZ, first[end[k]]);
      edge(s, hx, first[end[k]], PN);
      if (s->emit) sk[nsk++] = (lskip){hx, end[k], L.nlog};
      mx = newblk(s, x);
      jump(s, hx, mx, PL | PN);
    }
    assert(mx + 1 == first[k + 1]);
    tail[x] = prev = mx;
    if (!s->emit) continue;
    c->cur = mx;
    /* a body that is skipped when empty runs only with lanes that reach x:
     * its uniform loads are the program's own, and may be scalar */
    c->no_smem = !skip[k];
    c->hooks->select_body(c, x);
    c->no_smem = false;
    if (c->failed || c->cur != mx) return REJECT();
    local_edges(s, x, M, J, &L);
  }
  /* J comes next: its logical edges from every predecessor (a switch's
   * join may have hundreds, more than a pend holds) and the linear one */
  assert(s->nmb == first[n]);
  for (uint32_t e = di->pred_start[J]; e < di->pred_start[J + 1]; e++) {
    bool dup = false;
    for (uint32_t e2 = di->pred_start[J]; e2 < e; e2++) dup |= di->pred[e2] == di->pred[e];
    if (!dup) jump(s, tail[di->pred[e]], s->nmb, PL);
  }
  jump(s, prev, s->nmb, PN);
  s->lanejoin[J] = 1;
  s->join_saved[J] = saved;
  if (s->emit) c->p->blocks[mb].flags |= MIR_BLOCK_DIVERGENT_BRANCH;
  (void)io;
  return true;
}
