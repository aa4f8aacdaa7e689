/* Instruction selection: divergent loops as structured EXEC-mask regions
 * (the loop part of isel_struct.c's walk; the algorithm is described
 * there): saving EXEC before the loop, exits at the top level of the body
 * (s_andn2_b64 exec, lanes waiting for the others), exit targets other
 * than the join after the loop accumulated per target and dispatched
 * after it, and exits that leave the enclosing loop too (escapes); a loop
 * with several exit targets whose exits are all uniform keeps them scalar
 * branches (uni).
 */
#include <string.h>

#define ISEL_STRUCT_FILE "isel_struct_loop.c"
#include "isel/isel_struct.h"
#include "util/bitset.h"

static bool walk_loop_in(sctx *s, uint32_t h, uint32_t outer, uint32_t stop, bool top, pend *io, uint32_t *exit,
                         uint32_t P);
static bool exit_lanes(sctx *s, uint32_t via, uint32_t mb, uint32_t h, int ti, mir_temp m, unsigned out,
                       uint32_t latch, pend *io);

/* ---- loops ---- */


/* A linear edge from `from` to the landing block (and its acc versions). */
static bool land(lstate *L, uint32_t from) {
  if (!L->dispatch) return true;
  if (L->nin == 32) return false;
  L->in_blk[L->nin] = from;
  for (uint32_t i = 0; i < L->nt; i++) L->in_acc[L->nin][i] = L->acc[i];
  L->nin++;
  return true;
}

/* The exit edge of the top-level exiting block b (machine block mb) of
 * loop h, successor `out` leaving; `latch` (NONE: none) the LLVM latch
 * when the other successor is h or an empty latch folded into b, whose
 * back edge this block then takes. Adds the continuing edges to `io` (a
 * latch branches back itself). */
bool isel_struct_emit_exit(sctx *s, uint32_t b, uint32_t mb, uint32_t h, unsigned out, uint32_t latch, pend *io) {
  isel_ctx *c = s->c;
  lstate *L = s->lst[h];
  LLVMValueRef t = LLVMGetBasicBlockTerminator(s->di->blocks[b]);
  LLVMValueRef cond = LLVMGetCondition(t);
  uint32_t T = succ_idx(s, t, out), jh = s->mh[L->jx], eh = L->dispatch ? L->lx : jh, next = s->nmb;
  uint32_t via = b; /* jx's predecessor for its phis */
  for (uint32_t i = 0; i < L->nal; i++)
    if (L->al[i] == T) {
      via = T;
      T = L->jx;
    }
  T = exit_target(L, T, &via);
  int ti = -1;
  for (uint32_t i = 0; i < L->nt; i++)
    if (L->tgt[i] == T) ti = (int)i;
  bool div = bitset_test(s->di->divergent_branch, b) || L->dispatch;
  if (!div && ti >= 0) {
    /* uni: straight to the target's region (numbered by the checking walk) */
    eh = s->mh[T];
  } else if (!div && ((via != b && has_phis(s, L->jx)) || L->xstop)) {
    /* a uniform exit through a split edge: its block carries jx's phi
     * copies; when jx ends the enclosing region the caller branches on */
    uint32_t ab = newblk(s, via);
    if (L->xstop) {
      if (!push(&L->xio, ab, PL | PN)) return false;
    } else {
      jump(s, ab, eh, PL | PN);
    }
    eh = ab;
    next = s->nmb;
  }
  if (!div) {
    if (latch != NONE) {
      cbranch_scc(s, mb, cond, out ? s->mh[h] : eh, out ? eh : s->mh[h]);
      edge(s, mb, eh, PL | PN);
      edge(s, mb, s->mh[h], PL | PN);
      return true;
    }
    cbranch_scc(s, mb, cond, out ? next : eh, out ? eh : next);
    edge(s, mb, eh, PL | PN);
    edge(s, mb, next, PL | PN);
    return true;
  }
  mir_temp m = {0};
  if (s->emit) {
    c->cur = mb;
    m = isel_mask_of(c, cond, 0);
  }
  return exit_lanes(s, via, mb, h, ti, m, out, latch, io);
}

/* The divergent part of emit_exit: lanes m (out = 0) or EXEC & ~m (out =
 * 1) leave loop h from LLVM block `via` (jx's predecessor for its phis)
 * through machine block mb, to dispatch target ti (-1: to jx). Also the
 * exit of an inner loop's lanes that leave h too (escape). */
static bool exit_lanes(sctx *s, uint32_t via, uint32_t mb, uint32_t h, int ti, mir_temp m, unsigned out,
                       uint32_t latch, pend *io) {
  isel_ctx *c = s->c;
  lstate *L = s->lst[h];
  uint32_t jh = s->mh[L->jx], eh = L->dispatch ? L->lx : jh;
  c->cur = mb;
  if (ti >= 0 ? !L->multi[ti] : !has_phis(s, L->jx)) {
    /* exec = the lanes that stay (a dispatch target's lanes accumulate) */
    if (latch != NONE) s->m2l[mb] = latch;
    if (s->emit && ti >= 0) {
      mir_temp el = isel_lane_s(c, out ? WAVECC_LANE_ANDN2 : WAVECC_LANE_AND, isel_exec_operand(c), mir_op_temp(m));
      L->acc[ti] = isel_lane_s(c, WAVECC_LANE_OR, mir_op_temp(L->acc[ti]), mir_op_temp(el));
      exec_set(c, WAVECC_LANE_ANDN2, isel_exec_operand(c), mir_op_temp(el));
    } else if (s->emit) {
      exec_set(c, out ? WAVECC_LANE_AND : WAVECC_LANE_ANDN2, isel_exec_operand(c), mir_op_temp(m));
    }
    /* The leaving lanes' logical edge goes straight to where they run
     * next: jx, or the block that starts a dispatch target's lanes after
     * the landing block (not lx, which every exit reaches: a value of
     * this block read by the target would not dominate its use). Other
     * code in between runs under other lanes and leaves theirs alone. */
    uint32_t lt = ti >= 0 ? L->dblk[ti] : jh;
    if (latch != NONE) {
      sopp(s, mb, ISA_S_CBRANCH_EXECNZ, s->mh[h]);
      edge(s, mb, s->mh[h], PL | PN);
      edge(s, mb, lt, PL);
      jump(s, mb, eh, PN);
      return land(L, mb);
    }
    sopp(s, mb, ISA_S_CBRANCH_EXECZ, eh);
    edge(s, mb, lt, PL);
    edge(s, mb, eh, PN);
    push(io, mb, PL | PN);
    return land(L, mb);
  }
  /* jx's phis (or those of a target several exits enter) need a block
   * that runs with exactly the leaving lanes */
  uint32_t xb = newblk(s, via), xc = newblk(s, latch);
  mir_temp saved = {0};
  if (s->emit) {
    c->cur = mb;
    /* EXEC = the leaving lanes (~cond & EXEC when the false edge leaves) */
    saved = sop1(c, out ? WAVECC_LANE_ANDN1_SAVEEXEC : WAVECC_LANE_AND_SAVEEXEC, mir_op_temp(m));
    if (ti >= 0) L->acc[ti] = isel_lane_s(c, WAVECC_LANE_OR, mir_op_temp(L->acc[ti]), isel_exec_operand(c));
  }
  sopp(s, mb, ISA_S_CBRANCH_EXECZ, xc);
  edge(s, mb, xc, PN);
  jump(s, mb, xb, PL | PN);
  jump(s, xb, xc, PN);
  /* the target's first block (numbered by the checking walk): its phis
   * take their values from these blocks, the dispatch block before it
   * is linear only */
  edge(s, xb, ti >= 0 ? s->mh[L->tgt[ti]] : jh, PL);
  if (s->emit) {
    c->cur = xc;
    exec_set(c, WAVECC_LANE_ANDN2, mir_op_temp(saved), isel_exec_operand(c));
  }
  if (latch != NONE) {
    edge(s, mb, xc, PL);
    sopp(s, xc, ISA_S_CBRANCH_EXECNZ, s->mh[h]);
    edge(s, xc, s->mh[h], PL | PN);
    jump(s, xc, eh, PN);
    return land(L, xc);
  }
  sopp(s, xc, ISA_S_CBRANCH_EXECZ, eh);
  edge(s, xc, eh, PN);
  push(io, xc, PN);
  push(io, mb, PL);
  return land(L, xc);
}

/* At the start of loop h's header: the accumulators' phis. */
void isel_struct_loop_head(sctx *s, uint32_t h) {
  lstate *L = s->lst[h];
  isel_ctx *c = s->c;
  for (uint32_t i = 0; i < L->nt && L->dispatch; i++) {
    mir_temp a = L->acc[i]; /* the pre-header's zero */
    L->acc[i] = isel_lane_tmp(c);
    /* linear: an escape's update (dispatch(), after an inner loop) is not
     * on the logical path from the inner loop's exits to the latch */
    L->acc_phi[i] = isel_emit(c, MIR_P_LINEAR_PHI, 2, 1);
    L->acc_phi[i]->defs[0] = mir_op_temp(L->acc[i]);
    L->acc_phi[i]->ops[0] = mir_op_temp(a);
  }
}

/* After loop h: the landing block (accumulators' linear phis, EXEC), then
 * each dispatch target's region under its lanes. Adds to io the edges into
 * jx. */
static bool dispatch(sctx *s, uint32_t h, uint32_t outer, pend *io) {
  lstate *L = s->lst[h];
  isel_ctx *c = s->c;
  uint32_t lx = newblk(s, NONE);
  if (lx != L->lx && s->emit) return false;
  L->lx = lx;
  mir_temp fin[4] = {{0}};
  if (s->emit) {
    c->cur = lx;
    mir_block *blk = &c->p->blocks[lx];
    if (blk->linear_preds.n != L->nin) return false;
    for (uint32_t i = 0; i < L->nt; i++) {
      fin[i] = isel_lane_tmp(c);
      mir_instr *phi = isel_emit(c, MIR_P_LINEAR_PHI, L->nin, 1);
      phi->defs[0] = mir_op_temp(fin[i]);
      for (uint32_t k = 0; k < L->nin; k++) {
        uint32_t q = 0;
        while (q < L->nin && L->in_blk[q] != blk->linear_preds.v[k]) q++;
        if (q == L->nin) return false;
        phi->ops[k] = mir_op_temp(L->in_acc[q][i]);
      }
    }
    mir_instr *mv = isel_emit(c, isel_lane_op(c, WAVECC_LANE_MOV), 1, 1);
    mv->ops[0] = mir_op_temp(L->saved);
    mv->defs[0] = isel_exec_operand(c);
  }
  /* the edges into the next block: linear only, each target's lanes come
   * logically from their exits (exit_lanes) */
  pend chain = {0};
  push(&chain, lx, PN);
  for (uint32_t i = 0; i < L->nt; i++) {
    if (L->esc[i]) {
      /* these lanes leave the enclosing loop too: an exit of `outer` */
      lstate *Lo = s->lst[outer];
      uint32_t e = newblk(s, L->escx[i]), T = L->tgt[i], via = L->escx[i];
      int ti = -1;
      if (s->emit && e != L->dblk[i]) return false;
      L->dblk[i] = e;
      connect(s, &chain, e);
      for (uint32_t k = 0; k < Lo->nal; k++)
        if (Lo->al[k] == T) {
          via = T;
          T = Lo->jx;
        }
      T = exit_target(Lo, T, &via);
      for (uint32_t k = 0; k < Lo->nt; k++)
        if (Lo->tgt[k] == T) ti = (int)k;
      if (!exit_lanes(s, via, e, outer, ti, fin[i], 0, NONE, &chain)) return false;
      /* the lanes that stay in `outer` go on through its own exits and
       * jx, and the next targets' lanes come from their exits: no
       * logical edge on */
      for (uint32_t q = 0; q < chain.n; q++) chain.f[q] &= (uint8_t)~PL;
      continue;
    }
    uint32_t T = L->tgt[i], d = newblk(s, L->multi[i] ? NONE : s->di->pred[s->di->pred_start[T]]);
    if (s->emit && d != L->dblk[i]) return false;
    L->dblk[i] = d;
    connect(s, &chain, d);
    mir_temp saved = {0};
    if (s->emit) {
      c->cur = d;
      saved = sop1(c, WAVECC_LANE_AND_SAVEEXEC, mir_op_temp(fin[i]));
    }
    uint32_t jp = s->djp[T];
    sopp(s, d, ISA_S_CBRANCH_EXECZ, jp);
    edge(s, d, jp, PN);
    /* a target several exits enter has its logical edges from their
     * blocks (exit_lanes) */
    jump(s, d, s->nmb, L->multi[i] ? PN : PL | PN);
    pend arm = {0};
    if (!isel_struct_walk(s, T, L->jx, outer, false, &arm) || !arm.n) return false;
    jp = newblk(s, NONE);
    s->djp[T] = jp;
    for (uint32_t q = 0; q < arm.n; q++) {
      if (arm.f[q] & PN) jump(s, arm.v[q], jp, PN);
      if ((arm.f[q] & PL) && !push(io, arm.v[q], PL)) return false;
    }
    if (s->emit) {
      c->cur = jp;
      exec_set(c, WAVECC_LANE_OR, isel_exec_operand(c), mir_op_temp(saved));
    }
    push(&chain, jp, PN);
  }
  for (uint32_t q = 0; q < chain.n; q++)
    if (chain.f[q] && !push(io, chain.v[q], chain.f[q])) return false;
  return true;
}

/* Exiting block b of loop h branches to x outside the enclosing loop
 * `outer` too: x becomes a dispatch target of h that escapes (dispatch()
 * lets its lanes leave `outer` as well). Only from a loop at the top level
 * of outer's body, to a block outer's exits know, from one exiting block,
 * and when outer saves EXEC (its lanes wait for the others). */
static bool escape(sctx *s, uint32_t h, uint32_t outer, bool top, uint32_t b, uint32_t x) {
  lstate *L = s->lst[h], *Lo = s->lst[outer];
  if (!top || !Lo || !Lo->masked) return false;
  bool known = x == Lo->jx;
  for (uint32_t i = 0; i < Lo->nt; i++) known |= Lo->tgt[i] == x;
  for (uint32_t i = 0; i < Lo->nal; i++) known |= Lo->al[i] == x;
  for (uint32_t i = 0; i < Lo->nta; i++) known |= Lo->ta[i] == x;
  if (!known) return false;
  for (uint32_t i = 0; i < L->nt; i++)
    if (L->tgt[i] == x) return L->esc[i] && L->escx[i] == b;
  if (L->nt == 4) return false;
  L->esc[L->nt] = true;
  L->escx[L->nt] = b;
  L->tgt[L->nt++] = x;
  return true;
}

/* Does a uniform value of loop h, defined in a block that some exiting
 * block of h is reached without, have a use outside h? A dispatch
 * target's region reads it after the landing block, which every exit
 * reaches on the linear CFG: its SGPR is not defined on all of those
 * paths. Uniform exits of h itself stay scalar branches (uni) and a
 * divergent exit makes such values divergent (temporal divergence,
 * divergence.c); this catches the rest (uniform exits out of an inner
 * loop or out of the enclosing loop too). Uses by jx's phis are read on
 * the exit edge itself. */
static bool used_outside(const sctx *s, uint32_t h, uint32_t jx, LLVMValueRef v, unsigned depth) {
  const divergence_info *di = s->di;
  for (LLVMUseRef u = LLVMGetFirstUse(v); u; u = LLVMGetNextUse(u)) {
    LLVMValueRef user = LLVMGetUser(u);
    if (!LLVMIsAInstruction(user)) continue;
    /* a uniform freeze (loop-exit-copies) selects to its operand's SGPR */
    if (LLVMGetInstructionOpcode(user) == LLVMFreeze && !divergence_is_divergent(di, user)) {
      if (depth > 8 || used_outside(s, h, jx, user, depth + 1)) return true;
      continue;
    }
    uint32_t ub = divergence_block_index(di, LLVMGetInstructionParent(user));
    if (ub < s->nb && !in_loop(s, h, ub) && !(ub == jx && LLVMIsAPHINode(user))) return true;
  }
  return false;
}

static bool sgpr_live_out(const sctx *s, uint32_t h, uint32_t jx) {
  const divergence_info *di = s->di;
  for (uint32_t b = 0; b < s->nb; b++) {
    if (!in_loop(s, h, b)) continue;
    bool all = true;
    for (uint32_t x = 0; x < s->nb && all; x++) {
      bool exiting = false;
      for (uint32_t e = di->succ_start[x]; e < di->succ_start[x + 1] && in_loop(s, h, x); e++)
        exiting |= !in_loop(s, h, di->succ[e]);
      uint32_t d = x;
      while (exiting && d != b && di->idom[d] != d) d = di->idom[d];
      all = !exiting || d == b;
    }
    if (all) continue;
    for (LLVMValueRef ins = LLVMGetFirstInstruction(di->blocks[b]); ins; ins = LLVMGetNextInstruction(ins))
      if (LLVMGetInstructionOpcode(ins) != LLVMFreeze && !divergence_is_divergent(di, ins) &&
          used_outside(s, h, jx, ins, 0))
        return true;
  }
  return false;
}

/* The block T that exit target x of loop h (inside `outer`, joining at
 * jx) enters when x is a split edge (empty_to) into a block other exits
 * of h enter too, through split edges of their own: T is then one
 * dispatch target of h, its phis copied in a block of each exit (issue
 * 27: tests/kernels/f_loop_exits_fz24_4442.cl, two `return`s of a loop
 * body sharing their store). NONE when x is not such an edge. */
static uint32_t joined_target(const sctx *s, uint32_t h, uint32_t outer, uint32_t jx, uint32_t x) {
  const divergence_info *di = s->di;
  LLVMValueRef t = LLVMGetBasicBlockTerminator(di->blocks[x]);
  if (LLVMGetFirstInstruction(di->blocks[x]) != t || LLVMIsConditional(t) || npreds(s, x) != 1) return NONE;
  uint32_t T = succ_idx(s, t, 0);
  if (T == NONE || T == jx || is_header(s, T) || in_loop(s, h, T) || !in_loop(s, outer, T) || npreds(s, T) < 2)
    return NONE;
  for (uint32_t e = di->pred_start[T]; e < di->pred_start[T + 1]; e++) {
    uint32_t p = di->pred[e];
    if (!empty_to(s, p, T) || !in_loop(s, h, di->pred[di->pred_start[p]])) return NONE;
  }
  return T;
}

/* Loop headed by h inside loop `outer` and the region ending at `stop`,
 * entered from the blocks in io. *exit: the block the region continues
 * with (io: the edges into it). */
bool isel_struct_walk_loop(sctx *s, uint32_t h, uint32_t outer, uint32_t stop, bool top, pend *io, uint32_t *exit) {
  const divergence_info *di = s->di;
  uint32_t nlatch = 0, nout = 0, P = NONE;
  for (uint32_t e = di->pred_start[h]; e < di->pred_start[h + 1]; e++) {
    uint32_t p = di->pred[e];
    if (in_loop(s, h, p)) nlatch++;
    else {
      nout++;
      P = p;
    }
  }
  if (nlatch != 1 || nout != 1) return REJECT();
  /* regions inside and after the loop have restores of their own */
  uint32_t fs = s->fold_stop, ft = s->fold_target;
  s->fold_stop = NONE;
  bool ok = walk_loop_in(s, h, outer, stop, top, io, exit, P);
  s->fold_stop = fs;
  s->fold_target = ft;
  return ok;
}

/* walk_loop's work, P the block entering the header from outside. */
static bool walk_loop_in(sctx *s, uint32_t h, uint32_t outer, uint32_t stop, bool top, pend *io, uint32_t *exit,
                         uint32_t P) {
  const divergence_info *di = s->di;
  isel_ctx *c = s->c;
  lstate *L = s->lst[h];
  if (!L) L = s->lst[h] = arena_alloc(c->mem, sizeof *L);
  uint32_t lx = L->lx, dblk[4];
  memcpy(dblk, L->dblk, sizeof dblk);
  memset(L, 0, sizeof *L);
  L->lx = lx;
  memcpy(L->dblk, dblk, sizeof dblk); /* numbered by the checking walk */
  /* jx: the first post-dominator of h outside the loop */
  uint32_t jx = h;
  while (jx < s->nb && in_loop(s, h, jx)) jx = di->ipdom[jx];
  if (outer != NONE && top && (jx >= s->nb || !in_loop(s, outer, jx))) {
    /* exits that leave the enclosing loop too (escapes, below) join the
     * others only outside it: jx is then the one exit target inside it */
    jx = NONE;
    for (uint32_t b = 0; b < s->nb; b++)
      for (uint32_t e = di->succ_start[b]; e < di->succ_start[b + 1] && in_loop(s, h, b); e++) {
        uint32_t x = di->succ[e];
        if (in_loop(s, h, x) || !in_loop(s, outer, x) || x == jx) continue;
        if (jx != NONE) return REJECT();
        jx = x;
      }
  }
  if (jx >= s->nb || is_header(s, jx) || !in_loop(s, outer, jx)) return REJECT();
  L->jx = jx;
  bool div_exit = false, inner_exit = false;
  for (uint32_t b = 0; b < s->nb; b++) {
    if (!in_loop(s, h, b)) continue;
    for (uint32_t e = di->succ_start[b]; e < di->succ_start[b + 1]; e++) {
      uint32_t x = di->succ[e];
      if (in_loop(s, h, x)) continue;
      div_exit |= bitset_test(di->divergent_branch, b);
      inner_exit |= di->loop_of[b] != h;
      if (x == jx) continue;
      bool known = false;
      if (outer != NONE && !in_loop(s, outer, x)) {
        if (!escape(s, h, outer, top, b, x)) return REJECT();
        continue;
      }
      if (empty_to(s, x, jx)) {
        for (uint32_t i = 0; i < L->nal; i++) known |= L->al[i] == x;
        if (!known && L->nal == 4) return REJECT();
        if (!known) L->al[L->nal++] = x;
        s->visited[x] = 1;
        continue;
      }
      for (uint32_t i = 0; i < L->nt; i++) known |= L->tgt[i] == x;
      for (uint32_t i = 0; i < L->nta; i++) known |= L->ta[i] == x;
      if (known) continue;
      uint32_t T = joined_target(s, h, outer, jx, x);
      if (T != NONE) {
        /* x is a split edge into T, which other exits enter too */
        uint32_t ti = 0;
        while (ti < L->nt && L->tgt[ti] != T) ti++;
        if (ti == L->nt) {
          if (L->nt == 4) return REJECT();
          L->tgt[L->nt++] = T;
          L->multi[ti] = true;
          s->lanejoin[T] = 1;
        }
        if (L->nta == 8) return REJECT();
        L->ta[L->nta] = x;
        L->tai[L->nta++] = ti;
        s->visited[x] = 1;
        continue;
      }
      if (L->nt == 4 || is_header(s, x) || (has_phis(s, x) && npreds(s, x) != 1)) return REJECT();
      for (uint32_t e2 = di->pred_start[x]; e2 < di->pred_start[x + 1]; e2++)
        if (!in_loop(s, h, di->pred[e2])) return REJECT();
      L->tgt[L->nt++] = x;
    }
  }
  /* a join that ends the enclosing region (the loop's guard) gets the
   * landing block too: the lanes wait there, the caller restores EXEC */
  bool esc = false;
  for (uint32_t i = 0; i < L->nt; i++) esc |= L->esc[i];
  /* Uniform exits to several targets stay scalar branches (uni): lane
   * masked, a uniform value of an exiting block read in its target's
   * region stayed in an SGPR that the other exits reached through the
   * landing block without its definition (SGPRs live along the linear
   * CFG; llvm-stress seed 59805 at gfx1030, verifier after isel). Exits
   * from an inner loop or out of `outer` too need the lanes of `outer`. */
  bool several = L->nt > 0 || jx == stop;
  /* a target entered by several exits needs its lanes' phi copies made in
   * the loop under each exit's lanes: dispatch, not uni */
  bool multi = false;
  for (uint32_t i = 0; i < L->nt; i++) multi |= L->multi[i];
  L->uni = several && !div_exit && !inner_exit && !esc && !multi;
  L->xstop = L->uni && jx == stop;
  L->dispatch = several && !L->uni;
  if (L->dispatch && L->nt > 0 && sgpr_live_out(s, h, jx)) return REJECT();
  L->masked = div_exit || L->dispatch;
  if (div_exit || L->dispatch) s->lanejoin[jx] = 1;
  for (uint32_t e = di->pred_start[jx]; e < di->pred_start[jx + 1] && !several; e++) {
    bool alias = false;
    for (uint32_t i = 0; i < L->nal; i++) alias |= L->al[i] == di->pred[e];
    if (!in_loop(s, h, di->pred[e]) && !alias) return REJECT();
  }
  uint32_t pre = newblk(s, P);
  s->pre[h] = pre;
  connect(s, io, pre);
  if (s->emit && (div_exit || L->dispatch)) {
    c->cur = pre;
    L->saved = sop1(c, WAVECC_LANE_MOV, isel_exec_operand(c));
    /* the accumulators start as an empty lane mask of the wave's width (a
     * 64-bit zero on wave32 fed a 1-dword linear phi: its spill slot was
     * one lane, the 2-dword store overwrote the next slot's lane) */
    for (uint32_t i = 0; i < L->nt; i++) L->acc[i] = isel_lane_const(c, false);
  }
  pend body = {0};
  push(&body, pre, PL | PN);
  if (!isel_struct_walk(s, h, h, h, true, &body)) return REJECT();
  connect(s, &body, s->mh[h]);
  if (s->emit && L->dispatch)
    for (uint32_t i = 0; i < L->nt; i++) L->acc_phi[i]->ops[1] = mir_op_temp(L->acc[i]);
  if (L->uni) {
    /* each target's region after the loop, entered by its exits' branches */
    for (uint32_t i = 0; i < L->nt; i++) {
      pend arm = {0};
      if (!isel_struct_walk(s, L->tgt[i], jx, outer, false, &arm) || !arm.n) return REJECT();
      for (uint32_t q = 0; q < arm.n; q++)
        if (!push(io, arm.v[q], arm.f[q])) return REJECT();
    }
    for (uint32_t q = 0; q < L->xio.n; q++)
      if (!push(io, L->xio.v[q], L->xio.f[q])) return REJECT();
  }
  if (L->dispatch || L->uni) {
    if (L->dispatch && !dispatch(s, h, outer, io)) return REJECT();
    for (uint32_t e = di->pred_start[jx]; e < di->pred_start[jx + 1] && jx != stop; e++)
      if (!in_loop(s, h, di->pred[e]) && !s->visited[di->pred[e]]) return REJECT();
  } else {
    s->exit_saved[jx] = L->saved;
  }
  *exit = jx;
  return true;
}
