/* Instruction selection: general divergent control flow by masked
 * linearisation.
 *
 * Used for kernels whose divergent branches are not the simple if/else
 * shapes isel.c lowers directly. Algorithm after Karrenberg & Hack,
 * "Whole-Function Vectorization" (CGO 2011), specialised to the EXEC mask:
 *
 *  - Order: reverse post-order, rearranged so that every loop's blocks are
 *    contiguous after its header (reducible CFGs only; loops found from
 *    back edges h <- u with h dominating u, dominators from the shared
 *    CFG analysis in llvm/cfg.c).
 *  - Every block b runs, in that order, with EXEC = M_b, the OR of the
 *    masks of its incoming edges; a conditional branch on c splits M_b into
 *    M_b & c and M_b & ~c (lane masks, SGPR pairs). Every mask is defined
 *    in straight-line (linear) code; VALU and memory instructions under an
 *    empty EXEC do nothing. Scalar loads other than kernel arguments are
 *    not used in this mode (they ignore EXEC).
 *  - Skipping empty blocks: the body of a block b (not the entry, not a
 *    loop header, not holding a barrier, no value used outside its
 *    innermost loop) gets three machine blocks: head (M_b, EXEC, phi
 *    blends; s_cbranch_execz to the tail), body, tail (edge masks). Only
 *    the body is skipped, so the masks later blocks OR together are always
 *    computed (M_b & c is 0 when M_b is); the tail starts with phis
 *    (value from the body, undef from the head) for the body's values that
 *    leave it. Undef is safe: a user runs under a mask that is a subset of
 *    M_b in the same loop iteration (b dominates it and it is in b's loop),
 *    so with M_b empty no lane reads the value; blends choose it only under
 *    an edge mask of b, which is then 0. Loop back edges are decided in
 *    the end block, which is never skipped. Skipping is an optimisation
 *    except for a block that sends a message (s_sendmsg, s_sendmsghalt):
 *    it must not run under an empty mask, and is reported as unsupported
 *    where it cannot be skipped.
 *  - Phis become blends: v_cndmask_b32 (VGPR), s_cselect on "edge mask !=
 *    0" (uniform SGPR values: all lanes of a uniform branch agree), mask
 *    merges for lane masks.
 *  - Loop L with header h: a pre-header block computes the entry mask and
 *    blends the entry values of h's phis; h starts with real phis (mask,
 *    values, one exit accumulator per exit target; EXEC = M_h on entry
 *    from either edge); an end block ORs the back-edge masks into EXEC (the
 *    continuing lanes), blends the back-edge values under it, accumulates
 *    exit masks, and branches back (through a continue block, where phi
 *    copies under that EXEC leave exited lanes alone) unless EXEC is
 *    empty (s_cbranch_execz). An exit that leaves several loops (return or break out
 *    of nested loops) counts as an exit of each: every level's end block
 *    accumulates it, the outer ones from their children's accumulators.
 *    Branches into a loop other than to its header (irreducible control
 *    flow) and continues of an outer loop from an inner one are reported
 *    as unsupported.
 *  Logical and linear CFG coincide in this mode (EXEC is explicit), so
 *  liveness is the conservative linear one.
 */
#include <string.h>

#include <assert.h>

#include "isel/isel_cf.h"
#include "util/bitset.h"
/* ---- code helpers ---- */


static mir_instr *set_exec(isel_ctx *c, mir_temp m) {
  mir_instr *i = isel_emit(c, isel_lane_op(c, WAVECC_LANE_MOV), 1, 1);
  i->ops[0] = mir_op_temp(m);
  i->defs[0] = isel_exec_operand(c);
  return i;
}

/* Does a machine block of first..last (inclusive) hold an instruction
 * other than `except` that writes EXEC? */
static bool writes_exec_in(isel_ctx *c, uint32_t first, uint32_t last, const mir_instr *except) {
  for (uint32_t x = first; x <= last; x++)
    for (uint32_t k = 0; k < c->p->blocks[x].num_instrs; k++) {
      const mir_instr *ins = c->p->blocks[x].instrs[k];
      if (ins != except && mir_writes_exec(ins)) return true;
    }
  return false;
}

/* Does LLVM block bb hold nothing but an unconditional branch? */
static bool only_branch(LLVMBasicBlockRef bb) {
  LLVMValueRef t = LLVMGetBasicBlockTerminator(bb), first = LLVMGetFirstInstruction(bb);
  return first == t && LLVMGetInstructionOpcode(t) == LLVMBr && !LLVMIsConditional(t);
}

static mir_temp mor(isel_ctx *c, mir_temp a, mir_temp b) {
  if (!a.id) return b;
  if (!b.id) return a;
  return isel_lane_s(c, WAVECC_LANE_OR, mir_op_temp(a), mir_op_temp(b));
}

static mir_temp zero_mask(isel_ctx *c) { return isel_lane_const(c, false); }

/* The edge mask of p -> x (successor slot found by block). */
static mir_temp edge_mask(mctx *m, uint32_t p, uint32_t x) {
  LLVMValueRef t = LLVMGetBasicBlockTerminator(m->c->di->blocks[p]);
  unsigned ns = LLVMGetNumSuccessors(t);
  mir_temp r = {0};
  for (unsigned s = 0; s < ns && s < 2; s++)
    if (bi(m->c, LLVMGetSuccessor(t, s)) == x) r = mor(m->c, r, m->edge[p][s]);
  return r;
}

/* Class of a phi's components (see create_phis in isel.c). */
static mir_rc phi_rc(isel_ctx *c, LLVMValueRef phi) {
  unsigned bits = isel_type_bits(LLVMTypeOf(phi));
  bool div = divergence_is_divergent(c->di, phi);
  if (isel_is_rsrc_type(LLVMTypeOf(phi))) { /* a V#: s4, uniform only (isel_buffer.c) */
    if (div) isel_unsupported(c, phi, "divergent buffer resource (waterfall loops are not implemented)");
    return mir_rc_s(4);
  }
  if (bits == 1) return div ? isel_lane_rc(c) : mir_rc_s(1);
  unsigned dw = bits > 32 ? 2 : 1;
  return div ? mir_rc_v(dw) : mir_rc_s(dw);
}

/* One incoming value of a phi as an operand of class rc. */
/* is_bool: an i1 phi; is_mask: a divergent one, held as a lane mask (phi_rc). */
static mir_operand phi_input(isel_ctx *c, LLVMValueRef v, unsigned comp, mir_rc rc, bool is_bool, bool is_mask) {
  if (isel_is_rsrc_type(LLVMTypeOf(v))) return mir_op_temp(isel_buffer_rsrc(c, v));
  if (is_mask) return mir_op_temp(isel_mask_of(c, v, comp));
  mir_operand o = isel_get(c, v, comp);
  if (is_bool) {
    if (isel_is_lane_mask(c, &o)) {
      mir_temp scc;
      isel_lane_s_scc(c, WAVECC_LANE_AND, o, isel_exec_operand(c), &scc);
      return mir_op_temp(isel_scc_to_bool(c, scc));
    }
    return mir_op_temp(isel_to_sgpr(c, o, 1));
  }
  if (mir_rc_is_vgpr(rc)) return mir_op_temp(isel_to_vgpr(c, o, mir_rc_size(rc)));
  return mir_op_temp(isel_to_sgpr(c, o, mir_rc_size(rc)));
}

/* d = lanes in mask take v, others keep d. */
static mir_temp blend(isel_ctx *c, mir_temp d, mir_operand v, mir_temp mask, mir_rc rc, bool is_mask) {
  if (is_mask) {
    mir_temp a = isel_lane_s(c, WAVECC_LANE_ANDN2, mir_op_temp(d), mir_op_temp(mask));
    mir_temp b = isel_lane_s(c, WAVECC_LANE_AND, v, mir_op_temp(mask));
    return isel_lane_s(c, WAVECC_LANE_OR, mir_op_temp(a), mir_op_temp(b));
  }
  if (mir_rc_is_vgpr(rc)) {
    if (mir_rc_size(rc) == 1) return isel_v1_3(c, ISA_V_CNDMASK_B32, mir_op_temp(d), v, mir_op_temp(mask));
    mir_temp lo = isel_v1_3(c, ISA_V_CNDMASK_B32, isel_half_of(c, mir_op_temp(d), false), isel_half_of(c, v, false),
                            mir_op_temp(mask));
    mir_temp hi = isel_v1_3(c, ISA_V_CNDMASK_B32, isel_half_of(c, mir_op_temp(d), true), isel_half_of(c, v, true),
                            mir_op_temp(mask));
    return isel_create2(c, mir_op_temp(lo), mir_op_temp(hi), true);
  }
  /* uniform: every active lane came the same way */
  mir_temp scc = isel_scmp(c, isel_lane_op(c, WAVECC_LANE_CMP_LG), mir_op_temp(mask), mir_op_const(0));
  unsigned dw = mir_rc_size(rc);
  if (dw == 4) return isel_buffer_cselect(c, v.temp, d, scc); /* a V# */
  mir_temp r = isel_tmp(c, mir_rc_s(dw));
  mir_instr *cs = isel_emit(c, dw == 2 ? ISA_S_CSELECT_B64 : ISA_S_CSELECT_B32, 3, 1);
  cs->ops[0] = v;
  cs->ops[1] = mir_op_temp(d);
  cs->ops[2] = isel_scc_operand(scc);
  cs->defs[0] = mir_op_temp(r);
  return r;
}

/* A lane-mask phi input known at selection time: KNOWN_NO (unknown),
 * 0 (false), 1 (true), KNOWN_UNDEF (undef or poison: any value). */
enum { KNOWN_NO = -1, KNOWN_UNDEF = 2 };
static int known_bool(LLVMValueRef v) {
  if (LLVMIsUndef(v) || LLVMIsPoison(v)) return KNOWN_UNDEF;
  if (LLVMIsAConstantInt(v)) return LLVMConstIntGetZExtValue(v) != 0;
  return KNOWN_NO;
}

/* blend() of lane masks where d or v is known (*dk, vk: known_bool):
 * (d & ~m) | (v & m) in one instruction or none. The masked selector's
 * phis of a switch or a loop exit flag are mostly constants (a phi of
 * false, false, true: f_masked_cf_goto_switch's loop had 21 SALU
 * instructions per iteration for two such phis). An undef input may take
 * the other input's lanes. *dk receives the result's known value. */
static mir_temp blend_mask(isel_ctx *c, mir_temp d, int *dk, mir_operand v, int vk, mir_temp mask) {
  if (vk == KNOWN_UNDEF || (vk != KNOWN_NO && vk == *dk)) return d;
  if (*dk == KNOWN_UNDEF) {
    *dk = vk;
    return v.temp;
  }
  int k = *dk;
  *dk = KNOWN_NO;
  if (k == 0) return vk == 1 ? mask : isel_lane_s(c, WAVECC_LANE_AND, v, mir_op_temp(mask));
  if (k == 1) return vk == 0 ? isel_lane_s(c, WAVECC_LANE_ANDN2, mir_op_temp(d), mir_op_temp(mask))
                             : isel_lane_s(c, WAVECC_LANE_ORN2, v, mir_op_temp(mask));
  if (vk == 0) return isel_lane_s(c, WAVECC_LANE_ANDN2, mir_op_temp(d), mir_op_temp(mask));
  if (vk == 1) return isel_lane_s(c, WAVECC_LANE_OR, mir_op_temp(d), mir_op_temp(mask));
  return blend(c, d, v, mask, isel_lane_rc(c), true);
}

/* Blends phi `phi` over the predecessors selected by `want(pred)`. */
typedef bool (*pred_filter)(mctx *m, uint32_t block, uint32_t pred);
static bool is_entry_pred(mctx *m, uint32_t h, uint32_t p) { return !in_loop(m, m->is_header[h] - 1, p); }
static bool is_back_pred(mctx *m, uint32_t h, uint32_t p) { return in_loop(m, m->is_header[h] - 1, p); }
static bool any_pred(mctx *m, uint32_t h, uint32_t p) { (void)m; (void)h; (void)p; return true; }

/* Mask of the edge p -> b as seen from b (exit accumulators for exits:
 * those of the outermost loop the edge leaves, which run last). */
static mir_temp incoming_mask(mctx *m, uint32_t p, uint32_t b) {
  uint32_t lp_ = m->loop_of[p];
  if (lp_ != m->loop_of[b] && lp_ != UINT32_MAX && !in_loop(m, lp_, b)) {
    while (m->loops[lp_].parent != UINT32_MAX && !in_loop(m, m->loops[lp_].parent, b)) lp_ = m->loops[lp_].parent;
    lp *L = &m->loops[lp_];
    for (uint32_t k = 0; k < L->nexit; k++)
      if (L->exit_target[k] == b) return L->acc_next[k];
  }
  return edge_mask(m, p, b);
}

/* M_b of a block b that is not a loop header, the OR of its incoming
 * masks, and (set_exec) EXEC = M_b; *set gets the instruction that writes
 * EXEC (NULL without set_exec).
 *  - When the mask EXEC holds (m->exec_holds, left by the item before,
 *    which falls into b) is one of them, EXEC is ORed with the rest
 *    (llc-19's `s_or_b64 exec, exec, saved` at an if's join), and M_b is
 *    read back from EXEC (a copy DCE deletes when nothing needs it), so
 *    the split's own mask need not live until here: a loop's mask phi
 *    then dies in its header (no copy on the back edge).
 *  - When both edge masks of one block p reach b (p's two successors join
 *    at b, directly or through blocks with one predecessor and an
 *    unconditional branch, whose masks are the same temporaries), they
 *    partition M_p and their OR is M_p itself (no s_or). Repeated for
 *    nested splits. */
static mir_temp join_mask(mctx *m, uint32_t b, bool set_exec_too, mir_instr **set) {
  isel_ctx *c = m->c;
  uint32_t n = m->pred_start[b + 1] - m->pred_start[b];
  mir_temp *in = arena_alloc(c->mem, (n + 1) * sizeof(mir_temp));
  for (uint32_t e = 0; e < n; e++) in[e] = incoming_mask(m, m->pred[m->pred_start[b] + e], b);
  bool from_exec = false;
  for (uint32_t e = 0; e < n && set_exec_too && m->exec_holds.id && !from_exec; e++)
    if (in[e].id == m->exec_holds.id) {
      from_exec = true;
      for (uint32_t f = 0; f < n; f++)
        if (in[f].id == m->exec_holds.id) in[f] = (mir_temp){0};
    }
  for (bool again = true; again;) {
    again = false;
    for (uint32_t x = 0; x < n && !again; x++)
      for (uint32_t y = 0; y < n && !again; y++) {
        if (x == y || !in[x].id || !in[y].id) continue;
        /* in[x] and in[y] the two edge masks of one block p */
        for (uint32_t p = 0; p < m->nb && !again; p++) {
          if (!m->edge[p][0].id || !m->edge[p][1].id || m->edge[p][0].id != in[x].id || m->edge[p][1].id != in[y].id)
            continue;
          in[x] = m->mask[p];
          in[y] = (mir_temp){0};
          again = true;
        }
      }
  }
  mir_temp bm = {0};
  for (uint32_t e = 0; e < n; e++) bm = mor(c, bm, in[e]);
  *set = NULL;
  if (from_exec) {
    if (bm.id) {
      mir_instr *o = isel_emit(c, isel_lane_op(c, WAVECC_LANE_OR), 2, 1);
      o->ops[0] = isel_exec_operand(c);
      o->ops[1] = mir_op_temp(bm);
      o->defs[0] = isel_exec_operand(c);
      *set = o;
    }
    mir_temp r = isel_lane_tmp(c);
    mir_instr *mv = isel_emit(c, isel_lane_op(c, WAVECC_LANE_MOV), 1, 1);
    mv->ops[0] = isel_exec_operand(c);
    mv->defs[0] = mir_op_temp(r);
    return r;
  }
  if (!bm.id) bm = zero_mask(c);
  if (set_exec_too) *set = set_exec(c, bm);
  return bm;
}

static void blend_phis(mctx *m, uint32_t b, pred_filter want, mir_temp *out_vals, unsigned *nout) {
  isel_ctx *c = m->c;
  unsigned k = 0;
  for (LLVMValueRef phi = LLVMGetFirstInstruction(c->di->blocks[b]); phi && LLVMIsAPHINode(phi);
       phi = LLVMGetNextInstruction(phi)) {
    mir_rc rc = phi_rc(c, phi);
    bool is_bool = isel_type_bits(LLVMTypeOf(phi)) == 1;
    bool is_mask = is_bool && divergence_is_divergent(c->di, phi);
    unsigned nc = isel_num_comps(LLVMTypeOf(phi));
    for (unsigned e = 0; e < nc; e++) {
      mir_temp d = {0};
      int dk = KNOWN_NO; /* d's known value (lane masks of scalar i1 phis) */
      bool d_undef = false;
      unsigned ni = LLVMCountIncoming(phi);
      for (unsigned q = 0; q < ni; q++) {
        uint32_t p = bi(c, LLVMGetIncomingBlock(phi, q));
        if (p == UINT32_MAX || !want(m, b, p)) continue;
        /* a block can appear twice (switch-like duplicates): once is enough */
        bool seen = false;
        for (unsigned q2 = 0; q2 < q; q2++) seen |= bi(c, LLVMGetIncomingBlock(phi, q2)) == p;
        if (seen) continue;
        LLVMValueRef in = LLVMGetIncomingValue(phi, q);
        mir_operand v = phi_input(c, in, e, rc, is_bool, is_mask);
        int vk = is_mask && nc == 1 ? known_bool(in) : KNOWN_NO;
        bool undef = LLVMIsUndef(in) || LLVMIsPoison(in);
        if (!d.id) {
          d = v.temp;
          dk = vk;
          d_undef = undef;
          continue;
        }
        /* equal inputs need no blend; an undef input takes the other's */
        if (v.kind == MIR_OPND_TEMP && v.temp.id == d.id) continue;
        if (is_mask) d = blend_mask(c, d, &dk, v, vk, incoming_mask(m, p, b));
        else if (undef) continue;
        else if (d_undef) d = v.temp;
        else d = blend(c, d, v, incoming_mask(m, p, b), rc, is_mask);
        d_undef = false;
      }
      if (!d.id && mir_rc_size(rc) == 4) {
        d = isel_buffer_rsrc(c, LLVMConstNull(LLVMTypeOf(phi)));
      } else if (!d.id) {
        mir_operand u = mir_op_const(0);
        if (mir_rc_size(rc) == 2) u.size = 2;
        d = mir_rc_is_vgpr(rc) ? isel_to_vgpr(c, u, mir_rc_size(rc)) : isel_to_sgpr(c, u, mir_rc_size(rc));
        if (is_mask) isel_lane_mark(c, d);
      }
      out_vals[k++] = d;
    }
  }
  *nout = k;
}

static unsigned count_phi_comps(isel_ctx *c, uint32_t b) {
  unsigned k = 0;
  for (LLVMValueRef phi = LLVMGetFirstInstruction(c->di->blocks[b]); phi && LLVMIsAPHINode(phi);
       phi = LLVMGetNextInstruction(phi))
    k += isel_num_comps(LLVMTypeOf(phi));
  return k;
}

static mir_instr *new_phi(isel_ctx *c, mir_temp d) {
  mir_instr *phi = isel_emit(c, MIR_P_PHI, 2, 1);
  phi->defs[0] = mir_op_temp(d);
  return phi;
}

static void branch_to(isel_ctx *c, uint32_t from, uint32_t to) {
  mir_instr *br = isel_emit(c, MIR_P_BRANCH, 1, 0);
  br->ops[0] = mir_op_block(to);
  mir_add_logical_edge(c->p, from, to);
  mir_add_linear_edge(c->p, from, to);
}

/* ---- skipping empty blocks ---- */

/* Can the body of block b be skipped when its mask is empty? See the file
 * comment for why each excluded case must run. */
static bool skippable(mctx *m, uint32_t b) {
  isel_ctx *c = m->c;
  if (b == 0 || m->is_header[b]) return false;
  LLVMBasicBlockRef bb = c->di->blocks[b];
  LLVMValueRef term = LLVMGetBasicBlockTerminator(bb);
  bool body = false;
  for (LLVMValueRef ins = LLVMGetFirstInstruction(bb); ins; ins = LLVMGetNextInstruction(ins)) {
    if (LLVMIsAPHINode(ins) || ins == term) continue;
    body = true;
    if (LLVMIsACallInst(ins)) {
      /* a barrier must be reached by every wave, whatever its EXEC */
      LLVMValueRef callee = LLVMGetCalledValue(ins);
      size_t len = 0;
      const char *name = callee ? LLVMGetValueName2(callee, &len) : "";
      if (!callee || !LLVMIsAFunction(callee) || strstr(name, "barrier")) return false;
    }
    /* a value read after its loop (temporal divergence) keeps the lanes of
     * earlier iterations: its block must keep running */
    uint32_t l = m->loop_of[b];
    if (l == UINT32_MAX) continue;
    for (LLVMUseRef u = LLVMGetFirstUse(ins); u; u = LLVMGetNextUse(u)) {
      LLVMValueRef user = LLVMGetUser(u);
      if (!LLVMIsAInstruction(user)) return false;
      uint32_t ub = bi(c, LLVMGetInstructionParent(user));
      if (ub == UINT32_MAX || !in_loop(m, l, ub)) return false;
    }
  }
  return body;
}

/* The first call of LLVM block bb to an intrinsic whose wave-level effect
 * EXEC does not mask (isel_call_needs_lanes: s_sendmsg(halt), s_sethalt,
 * s_setreg, a trap, ...), or NULL. Unlike a barrier (run in every wave
 * here), such an effect must not happen under an empty EXEC (llc's
 * hasUnwantedEffectsWhenEXECEmpty keeps the s_cbranch_execz around it): a
 * wave whose lanes do not reach it must not halt, interrupt or change
 * its MODE (tests/kernels/f_exec_zero_effects.ll). Calls of functions
 * test EXEC themselves (isel_calls.c). */
static LLVMValueRef sends_message(LLVMBasicBlockRef bb) {
  for (LLVMValueRef ins = LLVMGetFirstInstruction(bb); ins; ins = LLVMGetNextInstruction(ins)) {
    LLVMValueRef callee = LLVMIsACallInst(ins) ? LLVMGetCalledValue(ins) : NULL;
    if (!callee || !LLVMIsAFunction(callee) || !LLVMGetIntrinsicID(callee)) continue;
    size_t len = 0;
    if (isel_call_needs_lanes(ins) && !strstr(LLVMGetValueName2(callee, &len), "barrier")) return ins;
  }
  return NULL;
}

/* In the tail block (current): a phi of t from the body and undef from
 * the head (a lane mask stays one); returns its result. */
static mir_temp tail_phi(isel_ctx *c, mir_temp t) {
  mir_temp d = isel_tmp(c, (mir_rc)t.rc);
  if (isel_lane_marked(c, t)) isel_lane_mark(c, d);
  mir_instr *phi = isel_emit(c, MIR_P_PHI, 2, 1);
  phi->defs[0] = mir_op_temp(d);
  phi->ops[0].kind = MIR_OPND_UNDEF;
  phi->ops[0].temp.rc = t.rc;
  phi->ops[1] = mir_op_temp(t);
  return d;
}

/* Is ins (in bb) read outside bb's body: by another block, by the
 * terminator (edge masks), or through an extension, add or or in bb that
 * is? A GEP's index selection looks through ext(add(x, k)) to x
 * (isel_gep.c index_split), so x must reach the reader too
 * (f_loop_goto_exits.cl at gfx900 -O0: a zext's operand read after the
 * tail). depth bounds the walk. */
static bool leaves_body(LLVMBasicBlockRef bb, LLVMValueRef term, LLVMValueRef ins, unsigned depth) {
  for (LLVMUseRef u = LLVMGetFirstUse(ins); u; u = LLVMGetNextUse(u)) {
    LLVMValueRef user = LLVMGetUser(u);
    if (!LLVMIsAInstruction(user) || LLVMGetInstructionParent(user) != bb || user == term) return true;
    LLVMOpcode op = LLVMGetInstructionOpcode(user);
    if (depth < 2 && (op == LLVMZExt || op == LLVMSExt || op == LLVMAdd || op == LLVMOr) &&
        leaves_body(bb, term, user, depth + 1))
      return true;
  }
  return false;
}

/* In the tail block (current): phis for the values of LLVM block b that
 * are read outside its body (other blocks, or its terminator through the
 * edge masks); `head` is the skipping predecessor (undef), `body` the
 * other. The value map then names the phis. */
static void tail_phis(mctx *m, uint32_t b) {
  isel_ctx *c = m->c;
  LLVMBasicBlockRef bb = c->di->blocks[b];
  LLVMValueRef term = LLVMGetBasicBlockTerminator(bb);
  for (LLVMValueRef ins = LLVMGetFirstInstruction(bb); ins && ins != term; ins = LLVMGetNextInstruction(ins)) {
    if (LLVMIsAPHINode(ins)) continue;
    bool out = leaves_body(bb, term, ins, 0);
    uint32_t vi = ptrmap_get(&c->vmap, ins);
    if (!out || vi == UINT32_MAX) continue;
    unsigned n = c->vals[vi].n;
    for (unsigned e = 0; e < n; e++) {
      mir_temp t = c->vals[vi].t[e];
      if (!t.id) continue;
      isel_set(c, ins, e, tail_phi(c, t));
    }
    /* The packed shadows of the same value (<N x i8>/<N x i16> dwords,
     * a <2 x float> pair) are read instead of the components by stores
     * and VOP3P users: they need their phis too, or a reader after the
     * tail is not dominated by the body's definition (stress seed 63798
     * at -O0: a <2 x i8> load in a skipped block stored after a loop). */
    for (unsigned w = 0; w < ISEL_MAX_COMPS; w++) {
      mir_temp t = isel_packed_word(c, ins, w);
      if (t.id) isel_packed_record(c, ins, w, tail_phi(c, t));
    }
    mir_temp pair = isel_pk_f32_shadow(c, ins);
    if (pair.id) isel_pk_f32_record(c, ins, tail_phi(c, pair));
    /* So is the VGPR tuple a variable-index insertelement wrote (a later
     * insert or extract on the value reads it whole): forgotten, a reader
     * after the tail builds it again from the component phis (stress seed
     * 60246 at -O0: an insertelement in a skipped block, the next one on
     * its result after a loop). */
    isel_vidx_forget(c, ins);
  }
}

/* ---- driver ---- */

/* Item i of the order, the preheader of loop l: the mask entering the
 * loop, the blended values of the header's phis from outside, and the
 * header's phis (mask, exit accumulators, values), operand 0 filled. */
static void item_pre(mctx *m, uint32_t i, uint32_t l, const uint32_t *base, mir_instr ***hphis) {
  isel_ctx *c = m->c;
  lp *L = &m->loops[l];
  uint32_t h = L->header;
  mir_temp em = {0};
  for (uint32_t e = m->pred_start[h]; e < m->pred_start[h + 1]; e++) {
    uint32_t p = m->pred[e];
    if (!in_loop(m, l, p)) em = mor(c, em, incoming_mask(m, p, h));
  }
  if (!em.id) em = zero_mask(c);
  set_exec(c, em);
  m->exec_holds = em;
  unsigned nv = count_phi_comps(c, h), k;
  mir_temp *vals = arena_alloc(c->mem, (nv + 1) * sizeof(mir_temp));
  blend_phis(m, h, is_entry_pred, vals, &k);
  mir_temp *zeros = arena_alloc(c->mem, (L->nexit + 1) * sizeof(mir_temp));
  for (uint32_t x = 0; x < L->nexit; x++) zeros[x] = zero_mask(c);
  branch_to(c, base[i], base[i + 1]);
  /* header phis, created in the header block now: operand 0 from here */
  c->cur = m->mir[h];
  L->mask_phi_t = isel_lane_tmp(c);
  L->mask_phi = new_phi(c, L->mask_phi_t);
  L->mask_phi->ops[0] = mir_op_temp(em);
  for (uint32_t x = 0; x < L->nexit; x++) {
    L->acc[x] = isel_lane_tmp(c);
    L->acc_phi[x] = new_phi(c, L->acc[x]);
    L->acc_phi[x]->ops[0] = mir_op_temp(zeros[x]);
  }
  hphis[h] = arena_alloc(c->mem, (nv + 1) * sizeof(mir_instr *));
  k = 0;
  for (LLVMValueRef phi = LLVMGetFirstInstruction(c->di->blocks[h]); phi && LLVMIsAPHINode(phi);
       phi = LLVMGetNextInstruction(phi)) {
    mir_rc rc = phi_rc(c, phi);
    for (unsigned e = 0; e < isel_num_comps(LLVMTypeOf(phi)); e++, k++) {
      mir_temp d = isel_tmp(c, rc);
      if (isel_type_bits(LLVMTypeOf(phi)) == 1 && divergence_is_divergent(c->di, phi)) isel_lane_mark(c, d);
      isel_set(c, phi, e, d);
      hphis[h][k] = new_phi(c, d);
      hphis[h][k]->ops[0] = mir_op_temp(vals[k]);
    }
  }
  m->mask[h] = L->mask_phi_t;
}

/* Item i, the end of loop l: the back-edge mask, the exit accumulators and
 * the header phis' operand 1, then the branch back (to the continue item)
 * while any lane stays. */
static void item_end(mctx *m, uint32_t i, uint32_t l, const uint32_t *base, mir_instr ***hphis) {
  isel_ctx *c = m->c;
  lp *L = &m->loops[l];
  uint32_t h = L->header;
  mir_temp bm = {0};
  for (uint32_t e = m->pred_start[h]; e < m->pred_start[h + 1]; e++) {
    uint32_t p = m->pred[e];
    if (in_loop(m, l, p)) bm = mor(c, bm, edge_mask(m, p, h));
  }
  if (!bm.id) bm = zero_mask(c);
  L->back_mask = bm;
  /* EXEC = the lanes that go round again: the blends below (the back
   * values of the header's phis) matter only for them, the exit test is
   * s_cbranch_execz on it (llc-19: s_andn2_b64 exec, exec, exits), and the
   * header and the continue block find it in EXEC already */
  set_exec(c, bm);
  m->exec_holds = bm;
  for (uint32_t x = 0; x < L->nexit; x++) {
    mir_temp a = L->acc[x];
    uint32_t tgt = L->exit_target[x];
    for (uint32_t e = m->pred_start[tgt]; e < m->pred_start[tgt + 1]; e++) {
      uint32_t p = m->pred[e];
      if (m->loop_of[p] == l) a = mor(c, a, edge_mask(m, p, tgt));
    }
    /* lanes that left through a child loop straight past this one */
    for (uint32_t cl = 0; cl < m->nloops; cl++) {
      if (m->loops[cl].parent != l) continue;
      for (uint32_t k = 0; k < m->loops[cl].nexit; k++)
        if (m->loops[cl].exit_target[k] == tgt) a = mor(c, a, m->loops[cl].acc_next[k]);
    }
    L->acc_next[x] = a;
    L->acc_phi[x]->ops[1] = mir_op_temp(a);
  }
  unsigned nv = count_phi_comps(c, h), k;
  mir_temp *vals = arena_alloc(c->mem, (nv + 1) * sizeof(mir_temp));
  blend_phis(m, h, is_back_pred, vals, &k);
  for (unsigned q = 0; q < k; q++) hphis[h][q]->ops[1] = mir_op_temp(vals[q]);
  L->mask_phi->ops[1] = mir_op_temp(bm);
  mir_instr *ez = isel_emit(c, ISA_S_CBRANCH_EXECZ, 1, 0);
  ez->ops[0] = mir_op_block(base[i + 2]);
  mir_add_logical_edge(c->p, base[i], base[i + 2]);
  mir_add_linear_edge(c->p, base[i], base[i + 2]);
  branch_to(c, base[i], L->cont);
}

/* Item i, LLVM block b (machine blocks from base[i]; three when skip[i]):
 * its mask and phis, its body, its edge masks and the branch to item
 * i + 1 (the exit after the last of ni). False after reporting. */
static bool item_block(mctx *m, uint32_t i, uint32_t b, const uint32_t *base, const uint8_t *skip, uint32_t ni,
                       const item *next) {
  isel_ctx *c = m->c;
  mir_instr *set = NULL;
  bool exec_set = b == 0 || m->is_header[b]; /* EXEC = M_b from here */
  if (m->is_header[b]) m->exec_holds = m->mask[b];
  if (b == 0) {
    isel_setup_abi(c);
    mir_temp all = isel_lane_tmp(c);
    mir_instr *mv = isel_emit(c, isel_lane_op(c, WAVECC_LANE_MOV), 1, 1);
    mv->ops[0] = isel_exec_operand(c);
    mv->defs[0] = mir_op_temp(all);
    m->mask[0] = all;
  } else if (!m->is_header[b]) {
    /* a block that only branches runs nothing under EXEC: every block
     * after it sets its own (or, a loop header, finds its mask there) */
    bool ob = only_branch(c->di->blocks[b]);
    m->mask[b] = join_mask(m, b, !ob, &set);
    if (!ob) exec_set = true;
    unsigned nv = count_phi_comps(c, b), k;
    mir_temp *vals = arena_alloc(c->mem, (nv + 1) * sizeof(mir_temp));
    blend_phis(m, b, any_pred, vals, &k);
    k = 0;
    for (LLVMValueRef phi = LLVMGetFirstInstruction(c->di->blocks[b]); phi && LLVMIsAPHINode(phi);
         phi = LLVMGetNextInstruction(phi))
      for (unsigned e = 0; e < isel_num_comps(LLVMTypeOf(phi)); e++) isel_set(c, phi, e, vals[k++]);
  }
  /* a loop header runs with EXEC = M_h already: set by the preheader
   * (the mask phi's entry value) and by the loop's end block (its back
   * value, the continuing lanes) */
  if (skip[i]) {
    /* head -> tail when EXEC is empty (tail first: its phis' order) */
    uint32_t head = base[i], tail = base[i] + 2;
    mir_instr *ez = isel_emit(c, ISA_S_CBRANCH_EXECZ, 1, 0);
    ez->ops[0] = mir_op_block(tail);
    mir_add_logical_edge(c->p, head, tail);
    mir_add_linear_edge(c->p, head, tail);
    branch_to(c, head, head + 1);
    c->cur = head + 1;
  }
  c->hooks->select_body(c, b);
  if (c->failed) return false;
  /* EXEC still M_b after the body: it stayed in the block(s) planned for
   * it and wrote EXEC nowhere (for a skipped body, a tail reached by the
   * skip has EXEC = M_b = 0). Then the edge masks read EXEC, not M_b, so
   * M_b (a loop's mask phi, above all) is not kept live to the block's
   * end, and coalesces with the next mask (no copy on the back edge). */
  bool exec_is_mask = exec_set && c->cur == base[i] + (skip[i] ? 1u : 0u) && !writes_exec_in(c, base[i], c->cur, set);
  if (exec_is_mask) m->exec_holds = m->mask[b];
  else if (exec_set || c->cur != base[i] || writes_exec_in(c, base[i], c->cur, NULL)) m->exec_holds = (mir_temp){0};
  if (skip[i]) {
    branch_to(c, c->cur, base[i] + 2);
    c->cur = base[i] + 2;
    tail_phis(m, b);
  }
  /* edge masks */
  LLVMValueRef t = LLVMGetBasicBlockTerminator(c->di->blocks[b]);
  LLVMOpcode op = LLVMGetInstructionOpcode(t);
  if (op == LLVMBr && LLVMIsConditional(t)) {
    mir_temp cm = isel_mask_of(c, LLVMGetCondition(t), 0);
    mir_operand mb = exec_is_mask ? isel_exec_operand(c) : mir_op_temp(m->mask[b]);
    /* the mask the next item sets EXEC to last (the successor that item
     * runs, or the back edge before the loop's end block; through blocks
     * that only branch, which set no EXEC): exec-cleanup
     * can then make its s_and_b64 / s_andn2_b64 write EXEC itself, the
     * other one having read EXEC before */
    unsigned last = 0;
    for (unsigned k = 0; k < 2 && next; k++) {
      uint32_t x = bi(c, LLVMGetSuccessor(t, k));
      for (unsigned hop = 0; hop < 8 && x != UINT32_MAX && x && !m->is_header[x] && only_branch(c->di->blocks[x]); hop++)
        x = bi(c, LLVMGetSuccessor(LLVMGetBasicBlockTerminator(c->di->blocks[x]), 0));
      if ((next->kind == IT_BLOCK && next->x == x) || (next->kind == IT_END && m->loops[next->x].header == x)) last = k;
    }
    if (last == 0) m->edge[b][1] = isel_lane_s(c, WAVECC_LANE_ANDN2, mb, mir_op_temp(cm));
    m->edge[b][0] = isel_lane_s(c, WAVECC_LANE_AND, mb, mir_op_temp(cm));
    if (last == 1) m->edge[b][1] = isel_lane_s(c, WAVECC_LANE_ANDN2, mb, mir_op_temp(cm));
  } else if (op == LLVMBr) {
    m->edge[b][0] = m->mask[b];
  } else if (op != LLVMRet && op != LLVMUnreachable) {
    isel_unsupported(c, t, "terminator");
    return false;
  }
  if (i + 1 < ni) {
    branch_to(c, c->cur, base[i + 1]);
  } else {
    isel_emit_exit(c, t);
  }
  return true;
}

bool isel_masked(isel_ctx *c) {
  mctx m = {0};
  m.c = c;
  m.nb = c->di->num_blocks;
  c->masked = true;
  isel_cf_build_preds(&m);
  m.idom = c->di->idom; /* the shared CFG analysis (llvm/cfg.c) */
  if (!isel_cf_find_loops(&m) || !isel_cf_check_edges(&m)) return false;
  item *items = arena_alloc(c->mem, (m.nb * 4 + 4) * sizeof(item));
  uint8_t *done = arena_alloc(c->mem, m.nb + 1);
  uint32_t ni = 0;
  isel_cf_order_region(&m, UINT32_MAX, done, items, &ni);
  for (uint32_t b = 0; b < m.nb; b++)
    if (!done[b]) {
      isel_unsupported(c, LLVMGetBasicBlockTerminator(c->di->blocks[b]), "control flow (block not ordered)");
      return false;
    }
  /* machine blocks: one per item, three (head, body, tail) for a block
   * whose body is skipped under an empty mask; base[i] is item i's first */
  m.mir = arena_alloc(c->mem, (m.nb + 1) * sizeof(uint32_t));
  uint32_t *base = arena_alloc(c->mem, (ni + 1) * sizeof(uint32_t));
  uint8_t *skip = arena_alloc(c->mem, ni + 1);
  uint32_t nmb = 0;
  for (uint32_t i = 0; i < ni; i++) {
    base[i] = nmb;
    skip[i] = items[i].kind == IT_BLOCK && skippable(&m, items[i].x);
    LLVMValueRef msg = items[i].kind == IT_BLOCK && !skip[i] && items[i].x ? sends_message(c->di->blocks[items[i].x]) : NULL;
    if (msg) {
      isel_unsupported(c, msg, "message, halt, trap or MODE write in a block masked linearisation runs under any mask "
                       "(loop header, barrier, or values read after its loop)");
      return false;
    }
    for (unsigned k = 0; k < (skip[i] ? 3u : 1u); k++) nmb = mir_add_block(c->p) + 1;
    if (items[i].kind == IT_BLOCK) m.mir[items[i].x] = base[i];
    else if (items[i].kind == IT_PRE) m.loops[items[i].x].pre = base[i];
    else if (items[i].kind == IT_END) m.loops[items[i].x].end = base[i];
    else m.loops[items[i].x].cont = base[i];
  }
  base[ni] = nmb;
  m.mask = arena_alloc(c->mem, (m.nb + 1) * sizeof(mir_temp));
  m.edge = arena_alloc(c->mem, (m.nb + 1) * sizeof *m.edge);
  /* per header: the machine phis of its LLVM phis, and the entry values */
  mir_instr ***hphis = arena_alloc(c->mem, (m.nb + 1) * sizeof(mir_instr **));
  /* the last item may be a CONT/END (a loop ending the kernel, one no lane
   * leaves included): END's fallthrough target base[ni] is a final block,
   * which must exist before END's edges name it */
  uint32_t fin = items[ni - 1].kind != IT_BLOCK ? mir_add_block(c->p) : UINT32_MAX;
  assert(fin == UINT32_MAX || fin == base[ni]);

  for (uint32_t i = 0; i < ni && !c->failed; i++) {
    c->cur = base[i];
    item it = items[i];
    if (it.kind == IT_PRE) {
      item_pre(&m, i, it.x, base, hphis);
    } else if (it.kind == IT_END) {
      item_end(&m, i, it.x, base, hphis);
    } else if (it.kind == IT_CONT) {
      /* EXEC holds the back mask already (item_end): the header's phi
       * copies land here and leave exited lanes alone */
      lp *L = &m.loops[it.x];
      branch_to(c, base[i], m.mir[L->header]);
    } else {
      /* the next item that sets EXEC (one that only branches does not) */
      uint32_t nx = i + 1;
      while (nx < ni && items[nx].kind == IT_BLOCK && items[nx].x && !m.is_header[items[nx].x] &&
             only_branch(c->di->blocks[items[nx].x]))
        nx++;
      if (!item_block(&m, i, it.x, base, skip, ni, nx < ni ? &items[nx] : NULL)) return false;
    }
  }
  if (!c->failed && fin != UINT32_MAX) {
    c->cur = fin;
    isel_emit_exit(c, NULL);
  }
  return !c->failed;
}
