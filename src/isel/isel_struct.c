/* Instruction selection: divergent control flow as structured EXEC-mask
 * regions.
 *
 * The kernel is walked as a tree of single-entry single-exit regions over
 * the LLVM CFG (dominators, post-dominators and natural loops from the
 * shared analysis, llvm/cfg.c), and every divergent construct is lowered the way
 * ACO lowers NIR's structured control flow and LLVM's SILowerControlFlow
 * lowers the output of StructurizeCFG:
 *
 *  - if-then at B (join J = ipdom(B)):
 *        B:  saved = s_and_saveexec_b64 cond ; s_cbranch_execz J
 *        T…: then region                     (logical B->T…->J)
 *        J:  exec = s_or_b64 exec, saved
 *    When J has phis, the lanes that go straight from B to J need a block
 *    of their own for their phi copies: F: exec = saved & ~exec (logical
 *    B->F->J). An if-then-else has that block between the arms (linear
 *    only) and the else region after it. Nested regions are selected
 *    recursively; a join that is also the enclosing arm's end gets a block
 *    of its own for the EXEC restore, except in the "then" arm of an
 *    if-then without F (`a && b`): there the inner if only narrows EXEC
 *    (s_and_b64 exec) and skips to the outer restore, which restores its
 *    lanes too. A negated condition ("then" = the false successor) takes
 *    s_andn1_saveexec_b64 (EXEC = ~cond & EXEC), not s_not_b64.
 *  - uniform branches of the same shapes: p_cbranch_scc, no EXEC change.
 *  - natural loop L (one latch, one block outside L entering the header,
 *    exits only at the top level of its body; E = the first post-dominator
 *    of the header outside L, its predecessors all in L unless E ends the
 *    enclosing region, as the join of the loop's guard does):
 *        P:  saved_L = exec   (when an exit is divergent)
 *        H…: body; at an exiting block X (top level of the body):
 *            exec &= ~exit lanes ; s_cbranch_execz E
 *            (when E has phis: exec = exit lanes, a block for their phi
 *            copies, then exec = saved & ~exec)
 *        latch: s_cbranch_execnz H (divergent exit), p_cbranch_scc (uniform)
 *        E:  exec = saved_L
 *    so the lanes that leave wait, inactive, until every lane has left;
 *    values they computed stay in their VGPR lanes (VALU writes of later
 *    iterations leave inactive lanes alone), which is why divergence
 *    analysis makes values used after such a loop divergent.
 *  EXEC is never zero inside a region other than walk_local's (isel_struct_local.c;
 *  every narrowing is followed by s_cbranch_execz past it), so uniform values stay in SGPRs and scalar
 *  loads stay legal everywhere. Lane-mask (i1) phis at a divergent join
 *  go through a VGPR (isel_boolphi.c).
 *  A loop with several exit targets: the lanes leaving to a target other
 *  than the join after the loop are accumulated per target in an SGPR pair
 *  (header phis, linear phis at a landing block where EXEC is restored),
 *  and each such target's region then runs under its lanes, as an if-then
 *  (StructurizeCFG's flow blocks do the same with a predicate per exit).
 *  A target that several exits enter, each through a split edge of its
 *  own (two `return`s of a loop body sharing their tail), is one such
 *  target: each exit's lanes get a block in the loop, under exactly
 *  those lanes, for the target's phi copies (as jx's phis do), and its
 *  region runs once after the loop (isel_struct_loop.c, joined_target).
 *  When every exit is uniform (none from an inner loop or out of the
 *  enclosing loop too) no lane waits: the exits stay p_cbranch_scc straight
 *  to the targets, whose regions follow the loop. Masking them kept a
 *  uniform value of an exiting block, read in its target's region, in an
 *  SGPR that the other exits reached undefined through the landing block;
 *  a loop that still lane-masks such a read is refused (sgpr_live_out).
 *  An exit that leaves the enclosing loop too (a break out of two or
 *  three loops; the inner loop at the top level of the outer's body) is
 *  such a target of the inner loop that "escapes": after the inner loop
 *  its lanes leave the outer loop, as an exit of it (isel_struct_loop.c).
 *  - a divergent region that is not a tree of ifs (a switch's decision
 *    tree whose leaves share blocks, early exits to a common join; no
 *    loop, exit or return inside, phis all divergent): its blocks run one
 *    after the other, each with EXEC = the OR of its incoming edges' lanes,
 *    possibly none (walk_local: masked linearisation of just that region,
 *    no scalar loads in it but in the bodies of blocks skipped when empty;
 *    the rest of the kernel stays structured).
 *
 * Exits from inside an if of a loop body are moved to its top level
 * before selection (the IR pass loop-exit-flags, llvm/loop_exit_flags.c).
 * Any other shape (several latches, returns inside a region outside
 * loops, irreducible control flow) makes
 * isel_structured return -1 before emitting anything, and the
 * kernel goes to the simpler selectors (isel.c, isel_cf.c); so does the
 * function attribute "wavecc-no-structurize" (pass tests of those);
 * wavecc --stats names the line that refused the shape. Two walks of the
 * same recursion: the first only checks the shapes, numbers the machine
 * blocks and chooses walk_local (isel_struct_local.c) where a tree of ifs fails (undoing that
 * attempt), the second emits with every block number known.
 *
 * Logical CFG = the LLVM CFG through these blocks; linear CFG = what the
 * wave executes (the else-entry block and the exit-continue block are
 * linear only). SGPRs are live along the linear CFG, VGPRs along the
 * logical one (src/mir/liveness.c). A value of the loop read after a
 * divergent exit is a VGPR (divergence analysis marks it, isel.c copies
 * forwarded SGPR components); linear VGPRs (SGPR spill lanes) start in the
 * entry block, so they never share a register with such a value.
 */
#include <assert.h>
#include <string.h>

#define ISEL_STRUCT_FILE "isel_struct.c"
#include "isel/isel_struct.h"
#include "llvm/fatptr_waterfall.h"
#include "util/bitset.h"

/* ---- ifs ---- */

/* A divergent if-then at b (machine block mb, "then" region starting at
 * LLVM block ts, negated condition when tk) whose join is the join of
 * the enclosing if-then's arm: EXEC only narrows, and the lanes that skip
 * or finish go to the enclosing join's exec |= saved, which restores
 * these lanes too (llc does the same for `a && b`). */
static bool walk_if_folded(sctx *s, uint32_t b, uint32_t mb, uint32_t ts, unsigned tk, LLVMValueRef cond,
                           uint32_t loop, pend *io) {
  if (s->emit) {
    isel_ctx *c = s->c;
    c->cur = mb;
    mir_temp m = isel_mask_of(c, cond, 0);
    exec_set(c, tk ? WAVECC_LANE_ANDN2 : WAVECC_LANE_AND, isel_exec_operand(c), mir_op_temp(m));
    c->p->blocks[mb].flags |= MIR_BLOCK_DIVERGENT_BRANCH;
  }
  sopp(s, mb, ISA_S_CBRANCH_EXECZ, s->fold_target);
  edge(s, mb, s->fold_target, PN);
  if (!push(io, mb, PL)) return REJECT(); /* the empty arm's logical edge to J */
  jump(s, mb, s->nmb, PL | PN);
  pend arm = {0};
  if (!isel_struct_walk(s, ts, s->fold_stop, loop, false, &arm) || !arm.n) return REJECT();
  for (uint32_t q = 0; q < arm.n; q++)
    if (!push(io, arm.v[q], arm.f[q])) return REJECT();
  (void)b;
  return true;
}

static bool walk_if_tree(sctx *s, uint32_t b, uint32_t mb, uint32_t J, uint32_t stop, uint32_t loop, pend *io);

/* The if at b (machine block mb) whose join J = ipdom(b): a tree of ifs
 * (walk_if_tree) when it is one, else walk_local (decided by the checking
 * walk, which tries the first and undoes it). */
static bool walk_if(sctx *s, uint32_t b, uint32_t mb, uint32_t J, uint32_t stop, uint32_t loop, pend *io) {
  if (s->emit) return s->lm[b] ? isel_struct_walk_local(s, b, mb, J, stop, loop, io) : walk_if_tree(s, b, mb, J, stop, loop, io);
  if (!bitset_test(s->di->divergent_branch, b)) return walk_if_tree(s, b, mb, J, stop, loop, io);
  uint32_t nmb = s->nmb, nb = s->nb;
  int why = s->why;
  const char *why_file = s->why_file;
  pend io0 = *io;
  uint8_t *vis = arena_alloc(s->c->mem, 2 * (nb + 1));
  memcpy(vis, s->visited, nb + 1);
  memcpy(vis + nb + 1, s->lanejoin, nb + 1);
  if (walk_if_tree(s, b, mb, J, stop, loop, io)) return true;
  int tree_why = s->why;
  const char *tree_file = s->why_file;
  s->nmb = nmb;
  s->why = why;
  s->why_file = why_file;
  *io = io0;
  memcpy(s->visited, vis, nb + 1);
  memcpy(s->lanejoin, vis + nb + 1, nb + 1);
  s->lm[b] = 1;
  if (isel_struct_walk_local(s, b, mb, J, stop, loop, io)) return true;
  /* neither: the tree walk's refusal names the shape better */
  s->why = why ? why : tree_why;
  s->why_file = why ? why_file : tree_file;
  return false;
}

/* Does branch t carry the waterfall pass's mark (its condition holds a
 * lane of the EXEC it runs with, WAVECC_MD_FIRST_LANE)? */
static bool first_lane_branch(LLVMValueRef t) {
  LLVMValueRef m = LLVMGetCondition(t);
  LLVMContextRef ctx = LLVMGetTypeContext(LLVMTypeOf(m));
  if (!LLVMGetMetadata(t, LLVMGetMDKindIDInContext(ctx, WAVECC_MD_FIRST_LANE, sizeof WAVECC_MD_FIRST_LANE - 1)))
    return false;
  /* still the pass's and-chain of equality compares in t's block (a later
   * rewrite that negated or moved it loses the guarantee) */
  while (LLVMIsAInstruction(m) && LLVMGetInstructionOpcode(m) == LLVMAnd) m = LLVMGetOperand(m, 0);
  return LLVMIsAICmpInst(m) && LLVMGetICmpPredicate(m) == LLVMIntEQ &&
         LLVMGetInstructionParent(m) == LLVMGetInstructionParent(t);
}

/* An if whose arms are regions of their own (nested ifs and loops). */
static bool walk_if_tree(sctx *s, uint32_t b, uint32_t mb, uint32_t J, uint32_t stop, uint32_t loop, pend *io) {
  isel_ctx *c = s->c;
  LLVMValueRef t = LLVMGetBasicBlockTerminator(s->di->blocks[b]);
  LLVMValueRef cond = LLVMGetCondition(t);
  uint32_t sk[2] = {succ_idx(s, t, 0), succ_idx(s, t, 1)};
  bool div = bitset_test(s->di->divergent_branch, b);
  bool jphis = has_phis(s, J);
  for (int k = 0; k < 2; k++)
    if (sk[k] != J && !is_header(s, sk[k]) && npreds(s, sk[k]) != 1) return REJECT();
  uint32_t jentry = J == stop ? NONE : s->mh[J]; /* known in the emitting walk */
  pend out = {0};
  if (!div) {
    if (J == stop && (sk[0] == J || sk[1] == J)) {
      /* an empty arm ending the region gets a block: it carries b's edge */
      uint32_t ea = newblk(s, b);
      s->aux[b] = ea;
      uint32_t other = sk[0] == J ? sk[1] : sk[0];
      cbranch_scc(s, mb, cond, sk[0] == J ? ea : s->nmb, sk[0] == J ? s->nmb : ea);
      edge(s, mb, ea, PL | PN);
      edge(s, mb, s->nmb, PL | PN);
      push(&out, ea, PL | PN);
      pend arm = {0};
      if (!isel_struct_walk(s, other, J, loop, false, &arm) || !arm.n) return REJECT();
      for (uint32_t q = 0; q < arm.n; q++)
        if (!push(&out, arm.v[q], arm.f[q])) return REJECT();
    } else {
      uint32_t a0 = sk[0] == J ? jentry : s->nmb;
      uint32_t a1 = sk[1] == J ? jentry : NONE;
      /* a1 of a non-empty second arm is known once the first is walked:
       * take it from the checking walk's numbering */
      if (sk[1] != J) a1 = is_header(s, sk[1]) ? s->pre[sk[1]] : s->mh[sk[1]];
      cbranch_scc(s, mb, cond, a0, a1);
      for (int k = 0; k < 2; k++) {
        if (sk[k] == J) {
          edge(s, mb, jentry, PL | PN);
          continue;
        }
        edge(s, mb, s->nmb, PL | PN);
        pend arm = {0};
        if (!isel_struct_walk(s, sk[k], J, loop, false, &arm) || !arm.n) return REJECT();
        for (uint32_t q = 0; q < arm.n; q++)
          if (!push(&out, arm.v[q], arm.f[q])) return REJECT();
      }
    }
    if (J == stop) {
      *io = out;
      return true;
    }
    connect(s, &out, s->nmb);
    return true;
  }
  s->lanejoin[J] = 1;
  /* divergent: "then" is the first non-empty arm; an arm that is only an
   * edge to J (or a block split off such an edge) needs no block of its
   * own unless J's phis need its lanes' copies */
  unsigned tk = sk[0] == J || (empty_to(s, sk[0], J) && sk[1] != J) ? 1 : 0;
  uint32_t ts = sk[tk], es = sk[1 - tk];
  bool eempty = empty_to(s, es, J), need_f = !eempty || jphis;
  uint32_t ellvm = es == J ? b : es; /* J's predecessor on the empty arm */
  if (eempty && es != J) s->visited[es] = 1;
  if (!need_f && J == stop && J == s->fold_stop) return walk_if_folded(s, b, mb, ts, tk, cond, loop, io);
  mir_temp saved = {0};
  if (s->emit) {
    c->cur = mb;
    /* a negated condition (the "then" is the false successor): EXEC =
     * ~cond & EXEC in the same instruction, no s_not */
    mir_temp m = isel_mask_of(c, cond, 0);
    saved = sop1(c, tk ? WAVECC_LANE_ANDN1_SAVEEXEC : WAVECC_LANE_AND_SAVEEXEC, mir_op_temp(m));
    c->p->blocks[mb].flags |= MIR_BLOCK_DIVERGENT_BRANCH;
    if (!tk && first_lane_branch(t)) c->p->blocks[mb].flags |= MIR_BLOCK_FIRST_LANE;
  }
  /* where the lanes of an empty or finished "then" go: F, J or J' */
  uint32_t skip_to = need_f ? s->aux[b] : (J == stop ? s->jp[b] : jentry);
  sopp(s, mb, ISA_S_CBRANCH_EXECZ, skip_to);
  edge(s, mb, skip_to, PN);
  if (eempty && !need_f) push(&out, mb, PL); /* J has no phis: b stands for ellvm */
  jump(s, mb, s->nmb, PL | PN);
  pend arm = {0};
  uint32_t fs = s->fold_stop, ft = s->fold_target;
  if (!need_f) {
    s->fold_stop = J;
    s->fold_target = skip_to;
  }
  bool arm_ok = isel_struct_walk(s, ts, J, loop, false, &arm);
  s->fold_stop = fs;
  s->fold_target = ft;
  if (!arm_ok || !arm.n) return REJECT();
  if (need_f) {
    uint32_t f = newblk(s, eempty ? ellvm : NONE);
    s->aux[b] = f;
    if (eempty && es != J) s->mh[es] = f;
    for (uint32_t q = 0; q < arm.n; q++) {
      if (arm.f[q] & PN) jump(s, arm.v[q], f, PN);
      if ((arm.f[q] & PL) && !push(&out, arm.v[q], PL)) return REJECT();
    }
    if (s->emit) {
      c->cur = f;
      exec_set(c, WAVECC_LANE_ANDN2, mir_op_temp(saved), isel_exec_operand(c));
    }
    if (eempty) {
      edge(s, mb, f, PL);
      push(&out, f, PL | PN);
    } else {
      /* a join that ends the region gets its J' block after the else arm:
       * numbered by the checking walk */
      uint32_t skip2 = J == stop ? s->jp[b] : jentry;
      sopp(s, f, ISA_S_CBRANCH_EXECZ, skip2);
      edge(s, f, skip2, PN);
      jump(s, f, s->nmb, PN);
      edge(s, mb, s->nmb, PL);
      pend arm2 = {0};
      if (!isel_struct_walk(s, es, J, loop, false, &arm2) || !arm2.n) return REJECT();
      for (uint32_t q = 0; q < arm2.n; q++)
        if (!push(&out, arm2.v[q], arm2.f[q])) return REJECT();
    }
  } else {
    for (uint32_t q = 0; q < arm.n; q++)
      if (!push(&out, arm.v[q], arm.f[q])) return REJECT();
  }
  if (J == stop) {
    /* the EXEC restore gets a block of its own on the linear path; the
     * arms' logical edges (and phi copies) go on to the caller's join */
    uint32_t jp = newblk(s, NONE);
    s->jp[b] = jp;
    for (uint32_t q = 0; q < out.n; q++) {
      if (out.f[q] & PN) jump(s, out.v[q], jp, PN);
      if ((out.f[q] & PL) && !push(io, out.v[q], PL)) return REJECT();
    }
    if (s->emit) {
      c->cur = jp;
      exec_set(c, WAVECC_LANE_OR, isel_exec_operand(c), mir_op_temp(saved));
    }
    if (!push(io, jp, PN)) return REJECT();
    return true;
  }
  s->join_saved[J] = saved;
  connect(s, &out, s->nmb);
  return true;
}

/* ---- regions ---- */

/* Selects the region from LLVM block b up to (not including) `stop`
 * (num_blocks: the kernel's end) inside the loop headed by `loop` (NONE:
 * none); `top`: b is at the top level of that loop's body (exits and the
 * latch may only be there). io: the blocks that branch into b on input,
 * into `stop` on output (none after a return). False when the shape is
 * not handled (checking walk) or selection failed (emitting walk). */
bool isel_struct_walk(sctx *s, uint32_t b, uint32_t stop, uint32_t loop, bool top, pend *io) {
  isel_ctx *c = s->c;
  const divergence_info *di = s->di;
  bool first = true;
  while (first || b != stop) {
    bool loop_body = first && b == loop;
    first = false;
    if (s->visited[b]) return REJECT();
    if (is_header(s, b) && !loop_body) {
      uint32_t e;
      if (!isel_struct_walk_loop(s, b, loop, stop, top, io, &e)) return REJECT();
      b = e;
      if (b == stop) return true;
      continue;
    }
    s->visited[b] = 1;
    if (!s->emit && has_phis(s, b))
      for (uint32_t k = 0; k < io->n; k++)
        if ((io->f[k] & PL) && s->m2l[io->v[k]] == NONE) return REJECT();
    uint32_t mb = newblk(s, b);
    s->mh[b] = mb;
    connect(s, io, mb);
    if (s->emit) {
      c->cur = mb;
      if (b == 0) isel_setup_abi(c);
      c->hooks->create_phis(c, b);
      if (loop_body) isel_struct_loop_head(s, b);
      if (s->join_saved[b].id) exec_set(c, WAVECC_LANE_OR, isel_exec_operand(c), mir_op_temp(s->join_saved[b]));
      if (s->exit_saved[b].id) {
        mir_instr *i = isel_emit(c, isel_lane_op(c, WAVECC_LANE_MOV), 1, 1);
        i->ops[0] = mir_op_temp(s->exit_saved[b]);
        i->defs[0] = isel_exec_operand(c);
      }
      c->hooks->select_body(c, b);
      if (c->failed || c->cur != mb) return REJECT();
    }
    LLVMValueRef t = LLVMGetBasicBlockTerminator(di->blocks[b]);
    LLVMOpcode op = LLVMGetInstructionOpcode(t);
    if (op == LLVMRet || op == LLVMUnreachable) {
      if (stop != s->nb || loop != NONE) return REJECT();
      if (s->emit) isel_emit_exit(c, t);
      return true;
    }
    if (op != LLVMBr) return REJECT();
    uint32_t s0 = succ_idx(s, t, 0), s1 = LLVMIsConditional(t) ? succ_idx(s, t, 1) : s0;
    if (s0 == NONE || s1 == NONE) return REJECT();
    if (s0 == s1) {
      push(io, mb, PL | PN);
      if (s0 == stop) return true;
      if (!in_loop(s, loop, s0) || (!is_header(s, s0) && npreds(s, s0) != 1)) return REJECT();
      b = s0;
      continue;
    }
    if (loop != NONE) {
      bool in0 = s0 != loop && in_loop(s, loop, s0), in1 = s1 != loop && in_loop(s, loop, s1);
      if (!in0 || !in1) {
        unsigned out = (!in0 && s0 != loop) ? 0 : (!in1 && s1 != loop) ? 1 : 2;
        if (!top || out == 2) return REJECT();
        uint32_t sin = out ? s0 : s1, sout = out ? s1 : s0;
        const struct lstate *ls = s->lst[loop];
        bool known = sout == ls->jx;
        for (uint32_t i = 0; i < ls->nt; i++) known |= ls->tgt[i] == sout;
        for (uint32_t i = 0; i < ls->nal; i++) known |= ls->al[i] == sout;
        for (uint32_t i = 0; i < ls->nta; i++) known |= ls->ta[i] == sout;
        if (!known) return REJECT();
        /* an empty latch after a divergent exit folds into it: one
         * s_cbranch_execnz back instead of s_cbranch_execz + s_branch */
        bool fold = sin != loop && bitset_test(di->divergent_branch, b) && empty_latch(s, sin, loop);
        if (sin == loop || fold) {
          if (stop != loop) return REJECT();
          if (fold) {
            s->visited[sin] = 1;
            s->mh[sin] = mb;
          }
          return isel_struct_emit_exit(s, b, mb, loop, out, fold ? sin : b, io) || REJECT();
        }
        if (!in_loop(s, loop, sin) || (!is_header(s, sin) && npreds(s, sin) != 1)) return REJECT();
        if (!isel_struct_emit_exit(s, b, mb, loop, out, NONE, io)) return REJECT();
        b = sin;
        continue;
      }
    }
    uint32_t J = di->ipdom[b];
    if (J >= s->nb || J == loop || !in_loop(s, loop, J) || is_header(s, J)) return REJECT();
    if (J != stop && s->visited[J]) return REJECT();
    if (!walk_if(s, b, mb, J, stop, loop, io)) return REJECT();
    if (J == stop) return true;
    b = J;
  }
  return true;
}

/* ---- driver ---- */

int isel_structured(isel_ctx *c) {
  const divergence_info *di = c->di;
  uint32_t nb = di->num_blocks;
  bool any = false;
  for (uint32_t b = 0; b < nb; b++) any |= bitset_test(di->divergent_branch, b);
  if (!any || !di->reducible) return -1;
  /* pass tests of the fallbacks ask for them with this attribute */
  if (LLVMGetStringAttributeAtIndex(c->fn, LLVMAttributeFunctionIndex, "wavecc-no-structurize", 21)) return -1;
  sctx s = {.c = c, .di = di, .nb = nb, .fold_stop = NONE};
  arena *mem = c->mem;
  size_t w = (nb + 1) * sizeof(uint32_t);
  s.mh = arena_alloc(mem, w);
  s.pre = arena_alloc(mem, w);
  s.aux = arena_alloc(mem, w);
  s.jp = arena_alloc(mem, w);
  s.djp = arena_alloc(mem, w);
  s.lst = arena_alloc(mem, (nb + 1) * sizeof *s.lst);
  s.m2l = arena_alloc(mem, (6 * nb + 8) * sizeof(uint32_t));
  s.visited = arena_alloc(mem, nb + 1);
  s.join_saved = arena_alloc(mem, (nb + 1) * sizeof(mir_temp));
  s.exit_saved = arena_alloc(mem, (nb + 1) * sizeof(mir_temp));
  s.lanejoin = arena_alloc(mem, nb + 1);
  s.lm = arena_alloc(mem, nb + 1);
  pend io = {0};
  bool ok = isel_struct_walk(&s, 0, nb, NONE, false, &io);
  for (uint32_t b = 0; b < nb && ok; b++)
    if (!s.visited[b]) {
      ok = false;
      s.why = s.why ? s.why : __LINE__;
      s.why_file = s.why_file ? s.why_file : ISEL_STRUCT_FILE;
    }
  if (!ok) {
    c->p->cf_reject_line = (uint16_t)s.why;
    c->p->cf_reject_file = s.why_file;
    return -1;
  }
  uint32_t total = s.nmb;
  for (uint32_t i = 0; i < total; i++) mir_add_block(c->p);
  memset(s.visited, 0, nb + 1);
  s.nmb = 0;
  s.emit = true;
  s.fold_stop = NONE;
  io.n = 0;
  c->cur = 0;
  if (!isel_struct_walk(&s, 0, nb, NONE, false, &io) || c->failed) {
    if (!c->failed) isel_unsupported(c, LLVMGetBasicBlockTerminator(di->blocks[0]), "structured control flow (internal)");
    return 0;
  }
  c->hooks->finish_phis(c, s.mh, s.m2l);
  if (c->failed) return 0;
  for (uint32_t b = 0; b < nb; b++)
    if (s.lanejoin[b]) isel_vgpr_bool_phis(c, s.mh[b]);
  return c->failed ? 0 : 1;
}
