/* Instruction selection: LLVM IR kernel -> SSA machine IR.
 *
 * Algorithm: a single walk over the LLVM blocks in reverse post-order (the
 * order divergence analysis computed), one machine block per LLVM block,
 * each instruction expanded by a per-opcode selector (isel_alu.c,
 * isel_mem.c, ...). Values map (isel_values.c) to SSA temporaries whose register class comes
 * from the divergence result: uniform -> SGPR, divergent -> VGPR (lane
 * masks in SGPR pairs for divergent i1). Uniform values the SALU cannot
 * compute (floating point, VMEM loads) live in VGPRs and are read back
 * with v_readfirstlane_b32 where an SGPR is required.
 *
 * Control flow, after Mesa ACO's isel (logical vs linear CFG):
 *  - uniform branch: s_cmp -> p_cbranch_scc; logical = linear edges.
 *  - divergent branches: structured EXEC-mask regions (nested ifs, loops
 *    with divergent exits) by isel_struct.c when the CFG has their shapes;
 *    otherwise the shapes `if-then` and `if-then-else` whose arms are
 *    single blocks are handled here:
 *        B: saved = s_and_saveexec_b64 cond; s_cbranch_execz E
 *        T: then-arm                      (logical B->T->J, linear T->E)
 *        E: exec = saved & ~exec; s_cbranch_execz J   (linear only)
 *        F: else-arm, maybe empty         (logical B->F->J, linear E->F->J)
 *        J: exec |= saved
 *    so copies for J's phis from either arm run under that arm's lanes.
 *  - any other divergent control flow (loops with divergent exits, nested
 *    divergent regions): the whole kernel is lowered by masked
 *    linearisation instead (isel_cf.c). Irreducible control flow and
 *    multi-level loop exits are reported as unsupported, never
 *    miscompiled.
 *
 * The kernel ABI (AMDGPUUsage "Initial Kernel Execution State", "Code
 * Object V5 Metadata"): user SGPRs dispatch ptr (when used) and kernarg
 * segment ptr, system SGPRs workgroup ids, v0..v2 work-item ids; explicit
 * arguments at their ABI size/alignment, hidden arguments after them at an
 * 8-byte-aligned offset, 256 bytes, listed like llc-19 lists them.
 */
#include "isel/isel.h"

#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <llvm-c/Target.h>

#include "isel/isel_internal.h"

#include "util/bitset.h"

/* ---- control flow -------------------------------------------------------- */

typedef struct cf_plan {
  uint32_t *mir;        /* LLVM RPO index -> machine block */
  uint32_t *npreds;     /* LLVM predecessors per block */
  uint8_t *done;        /* selected as part of a divergent if */
  mir_temp *join_saved; /* by LLVM block: exec to restore at its start */
  uint32_t *mir_to_llvm;/* machine block -> LLVM block whose edges it ends (UINT32_MAX: none) */
} cf_plan;

static uint32_t llvm_idx(isel_ctx *c, LLVMBasicBlockRef bb) { return divergence_block_index(c->di, bb); }

/* If-then / if-then-else shape at divergent branch block b: fills T, F
 * (UINT32_MAX for an empty else) and J; true if matched. */
static bool match_if(isel_ctx *c, cf_plan *pl, uint32_t b, uint32_t *T, uint32_t *F, uint32_t *J, bool *invert) {
  LLVMValueRef term = LLVMGetBasicBlockTerminator(c->di->blocks[b]);
  uint32_t s0 = llvm_idx(c, LLVMGetSuccessor(term, 0)), s1 = llvm_idx(c, LLVMGetSuccessor(term, 1));
  if (s0 == UINT32_MAX || s1 == UINT32_MAX || s0 == s1) return false;
  uint32_t succ_of[2] = {UINT32_MAX, UINT32_MAX};
  uint32_t ss[2] = {s0, s1};
  for (int k = 0; k < 2; k++) {
    if (ss[k] <= b || pl->npreds[ss[k]] != 1) continue;
    LLVMValueRef t = LLVMGetBasicBlockTerminator(c->di->blocks[ss[k]]);
    if (LLVMGetInstructionOpcode(t) == LLVMBr && !LLVMIsConditional(t))
      succ_of[k] = llvm_idx(c, LLVMGetSuccessor(t, 0));
  }
  /* if-then-else */
  if (succ_of[0] != UINT32_MAX && succ_of[0] == succ_of[1] && pl->npreds[succ_of[0]] == 2) {
    *invert = s1 < s0; /* the arm first in RPO is "then" */
    *T = *invert ? s1 : s0;
    *F = *invert ? s0 : s1;
    *J = succ_of[0];
    return true;
  }
  for (int k = 0; k < 2; k++) {
    if (succ_of[k] == ss[1 - k] && pl->npreds[ss[1 - k]] == 2) {
      *T = ss[k];
      *F = UINT32_MAX;
      *J = ss[1 - k];
      *invert = k == 1;
      return true;
    }
  }
  return false;
}

static void emit_branch(isel_ctx *c, uint32_t target) {
  mir_instr *br = isel_emit(c, MIR_P_BRANCH, 1, 0);
  br->ops[0] = mir_op_block(target);
}

static void edge(isel_ctx *c, uint32_t from, uint32_t to, bool logical, bool linear) {
  if (logical) mir_add_logical_edge(c->p, from, to);
  if (linear) mir_add_linear_edge(c->p, from, to);
}


/* Does the VALU compute v, a uniform float or double, in a VGPR (FP
 * arithmetic: the SALU has none on these targets)? */
static bool fp_valu_result(LLVMValueRef v) {
  LLVMTypeKind k = LLVMGetTypeKind(LLVMTypeOf(v));
  if ((k != LLVMFloatTypeKind && k != LLVMDoubleTypeKind) || !LLVMIsAInstruction(v)) return false;
  switch (LLVMGetInstructionOpcode(v)) {
  case LLVMFAdd: case LLVMFSub: case LLVMFMul: case LLVMFDiv: case LLVMSIToFP: case LLVMUIToFP: case LLVMFPExt:
  case LLVMFPTrunc:
    return true;
  case LLVMCall: {
    LLVMValueRef f = LLVMGetCalledValue(v);
    size_t len;
    const char *n = f && LLVMIsAFunction(f) ? LLVMGetValueName2(f, &len) : "";
    static const char *const valu[] = {"llvm.fma.", "llvm.fmuladd.", "llvm.maxnum.", "llvm.minnum.", "llvm.sqrt."};
    for (unsigned i = 0; i < sizeof valu / sizeof *valu; i++)
      if (!strncmp(n, valu[i], strlen(valu[i]))) return true;
    return false;
  }
  default: return false;
  }
}

/* A uniform float/double phi with an incoming value the VALU computes
 * (an FP accumulator of a uniform loop) lives in VGPRs, as llc-19 keeps
 * it: an SGPR phi costs a v_readfirstlane_b32 on the back edge and a
 * v_mov_b32 before the next VALU use (the atomic optimizer's lane loop:
 * 14 instructions per lane where llc-19 has 10, f_atomic_wave_combine.ll).
 * Readers that need an SGPR read it back with v_readfirstlane_b32. */
static bool uniform_phi_in_vgpr(LLVMValueRef phi) {
  unsigned n = LLVMCountIncoming(phi);
  for (unsigned i = 0; i < n; i++)
    if (fp_valu_result(LLVMGetIncomingValue(phi, i))) return true;
  return false;
}

/* Phis of LLVM block b as p_phi placeholders (operands filled at the end). */
void isel_create_phis(isel_ctx *c, uint32_t b) {
  for (LLVMValueRef ins = LLVMGetFirstInstruction(c->di->blocks[b]); ins && LLVMIsAPHINode(ins);
       ins = LLVMGetNextInstruction(ins)) {
    LLVMTypeRef t = LLVMTypeOf(ins);
    unsigned nc = isel_num_comps(t), bits = isel_type_bits(t);
    bool div = divergence_is_divergent(c->di, ins);
    if (isel_is_rsrc_type(t) && !div) { /* buffer resource: s4 (isel_buffer.c) */
      isel_set(c, ins, 0, isel_tmp(c, mir_rc_s(4)));
      continue;
    }
    if (bits == 0 || bits > 64 || nc > ISEL_MAX_COMPS) {
      isel_unsupported(c, ins, "phi type");
      return;
    }
    if (isel_vidx_tuple_phi(c, ins)) continue; /* one phi of a VGPR tuple indexed in place */
    for (unsigned e = 0; e < nc; e++) {
      if (bits == 1 && div) {
        isel_set(c, ins, e, isel_lane_tmp(c));
        continue;
      }
      mir_rc rc;
      if (bits == 1) rc = mir_rc_s(1);
      else if (div || (nc == 1 && uniform_phi_in_vgpr(ins))) rc = mir_rc_v(bits > 32 ? 2 : 1);
      else rc = mir_rc_s(bits > 32 ? 2 : 1);
      isel_set(c, ins, e, isel_tmp(c, rc));
    }
  }
}

static void select_terminator(isel_ctx *c, uint32_t b, cf_plan *pl) {
  LLVMValueRef term = LLVMGetBasicBlockTerminator(c->di->blocks[b]);
  uint32_t mb = pl->mir[b];
  LLVMOpcode op = LLVMGetInstructionOpcode(term);
  if (op == LLVMRet || op == LLVMUnreachable) {
    isel_emit_exit(c, term);
    return;
  }
  if (op != LLVMBr) {
    isel_unsupported(c, term, "terminator");
    return;
  }
  if (!LLVMIsConditional(term)) {
    uint32_t t = llvm_idx(c, LLVMGetSuccessor(term, 0));
    emit_branch(c, pl->mir[t]);
    edge(c, mb, pl->mir[t], true, true);
    return;
  }
  LLVMValueRef cond = LLVMGetCondition(term);
  uint32_t s0 = llvm_idx(c, LLVMGetSuccessor(term, 0)), s1 = llvm_idx(c, LLVMGetSuccessor(term, 1));
  if (!bitset_test(c->di->divergent_branch, b)) {
    mir_temp scc = isel_branch_scc(c, cond);
    mir_instr *br = isel_emit(c, MIR_P_CBRANCH_SCC, 3, 0);
    br->ops[0] = isel_scc_operand(scc);
    br->ops[1] = mir_op_block(pl->mir[s0]);
    br->ops[2] = mir_op_block(pl->mir[s1]);
    edge(c, mb, pl->mir[s0], true, true);
    edge(c, mb, pl->mir[s1], true, true);
    return;
  }
  uint32_t T, F, J;
  bool invert;
  if (!match_if(c, pl, b, &T, &F, &J, &invert)) {
    isel_unsupported(c, term, "divergent control flow (only if-then/if-then-else with single-block arms so far)");
    return;
  }
  /* B: exec &= cond, saved = old exec */
  mir_temp mask = isel_mask_of(c, cond, 0);
  uint32_t tb = pl->mir[T], eb = tb + 1, fb = tb + 2;
  mir_temp saved = isel_lane_tmp(c);
  /* inverted: EXEC = ~cond & EXEC */
  mir_instr *se = isel_emit(c, isel_lane_op(c, invert ? WAVECC_LANE_ANDN1_SAVEEXEC : WAVECC_LANE_AND_SAVEEXEC), 1, 1);
  se->ops[0] = mir_op_temp(mask);
  se->defs[0] = mir_op_temp(saved);
  mir_instr *bz = isel_emit(c, ISA_S_CBRANCH_EXECZ, 1, 0);
  bz->ops[0] = mir_op_block(eb);
  emit_branch(c, tb);
  c->p->blocks[mb].flags |= MIR_BLOCK_DIVERGENT_BRANCH;
  edge(c, mb, tb, true, true);
  edge(c, mb, fb, true, false);
  edge(c, mb, eb, false, true);

  /* T: then-arm */
  c->cur = tb;
  pl->mir_to_llvm[tb] = T;
  pl->done[T] = 1;
  isel_create_phis(c, T);
  isel_select_body(c, T);
  emit_branch(c, eb);
  edge(c, tb, pl->mir[J], true, false);
  edge(c, tb, eb, false, true);

  /* E: exec = saved & ~exec (the else lanes) */
  c->cur = eb;
  mir_instr *inv = isel_emit(c, isel_lane_op(c, WAVECC_LANE_ANDN2), 2, 1);
  inv->ops[0] = mir_op_temp(saved);
  inv->ops[1] = isel_exec_operand(c);
  inv->defs[0] = isel_exec_operand(c);
  mir_instr *ez = isel_emit(c, ISA_S_CBRANCH_EXECZ, 1, 0);
  ez->ops[0] = mir_op_block(pl->mir[J]);
  emit_branch(c, fb);
  edge(c, eb, fb, false, true);
  edge(c, eb, pl->mir[J], false, true);

  /* F: else-arm or empty */
  c->cur = fb;
  if (F != UINT32_MAX) {
    pl->mir_to_llvm[fb] = F;
    pl->done[F] = 1;
    isel_create_phis(c, F);
    isel_select_body(c, F);
  } else {
    pl->mir_to_llvm[fb] = b;
  }
  emit_branch(c, pl->mir[J]);
  edge(c, fb, pl->mir[J], true, true);
  pl->join_saved[J] = saved;
}

/* A divergent value whose components a selector forwarded from uniform
 * operands (insertelement, shufflevector, ...) gets VGPR copies: a value
 * read after a loop that lanes leave in different iterations must keep
 * each lane's own iteration's value, which only VGPR writes (under EXEC)
 * do; an SGPR holds the last iteration's. */
static void divergent_in_vgprs(isel_ctx *c, LLVMValueRef ins) {
  uint32_t vi = ptrmap_get(&c->vmap, ins);
  LLVMTypeRef t0 = LLVMTypeOf(ins);
  LLVMTypeKind k = LLVMGetTypeKind(t0);
  /* lane masks (i1) and aggregates (cmpxchg's {value, i1}) stay as they are */
  if (vi == UINT32_MAX || k == LLVMStructTypeKind || k == LLVMArrayTypeKind ||
      isel_type_bits(isel_scalar_type(t0)) == 1 || isel_is_rsrc_type(t0))
    return;
  for (unsigned e = 0; e < c->vals[vi].n; e++) {
    mir_temp t = c->vals[vi].t[e];
    unsigned dw = mir_rc_size((mir_rc)t.rc);
    if (t.id && !mir_rc_is_vgpr((mir_rc)t.rc) && dw <= 2) c->vals[vi].t[e] = isel_to_vgpr(c, mir_op_temp(t), dw);
  }
}

void isel_select_inst(isel_ctx *c, LLVMValueRef ins) {
  LLVMOpcode op = LLVMGetInstructionOpcode(ins);
  /* the instruction's debug location (clang -g) for the DWARF line table */
  unsigned flen = 0;
  const char *file = LLVMGetDebugLocFilename(ins, &flen);
  c->p->cur_loc = mir_srcloc_add(c->p, file, flen, LLVMGetDebugLocLine(ins), LLVMGetDebugLocColumn(ins));
  c->p->cur_chk = 0; /* a private access sets it (isel_mem.c), llvm.ubsantrap too (isel_amdgcn.c) */
  LLVMTypeRef rt = isel_scalar_type(LLVMTypeOf(ins));
  bool ok;
  if (isel_buffer_claims(ins)) { /* buffer resources (and their i128 forms), isel_buffer.c */
    if (!isel_buffer(c, ins)) isel_unsupported(c, ins, "instruction");
    return;
  }
  if (LLVMGetTypeKind(rt) == LLVMIntegerTypeKind && LLVMGetIntTypeWidth(rt) > 64) {
    isel_unsupported(c, ins, "integer type wider than 64 bits");
    return;
  }
  if (LLVMGetTypeKind(LLVMTypeOf(ins)) == LLVMVectorTypeKind && LLVMGetVectorSize(LLVMTypeOf(ins)) > ISEL_MAX_COMPS) {
    isel_unsupported(c, ins, "vector wider than 256 elements"); /* isel_val's capacity */
    return;
  }
  if (op == LLVMCall) ok = isel_call(c, ins);
  else if (op == LLVMLoad || op == LLVMStore || op == LLVMGetElementPtr || op == LLVMAlloca ||
           op == LLVMAtomicRMW || op == LLVMAtomicCmpXchg || op == LLVMFence)
    ok = isel_mem(c, ins);
  else ok = isel_alu(c, ins);
  if (!ok) isel_unsupported(c, ins, "instruction");
  else if (divergence_is_divergent(c->di, ins)) divergent_in_vgprs(c, ins);
}

void isel_select_body(isel_ctx *c, uint32_t b) {
  LLVMValueRef term = LLVMGetBasicBlockTerminator(c->di->blocks[b]);
  for (LLVMValueRef ins = LLVMGetFirstInstruction(c->di->blocks[b]); ins && ins != term && !c->failed;
       ins = LLVMGetNextInstruction(ins))
    if (!LLVMIsAPHINode(ins)) isel_select_inst(c, ins);
}

/* The linear dominator tree, computed when a VGPR phi first reads an SGPR
 * (isel_finish_phis). */
typedef struct {
  uint32_t *idom;      /* NULL until needed */
  uint32_t *def_block; /* per temporary below num_temps: its defining block, or UINT32_MAX */
  uint32_t num_temps;
} phi_dom;

/* Copies SGPR temporary s (dw dwords) into a new VGPR right after its
 * definition, when that definition does not dominate the VGPR phi's
 * logical predecessor pm in the linear CFG; returns the VGPR, or 0 when
 * the copy belongs at pm as usual. Such an SGPR is defined in a loop with
 * masked exits and read on the phi edge of an exit the loop's lanes take
 * (gen_loop_exits.py 4506 0.6: a uniform latch exit's value after an
 * inner loop's uniform return, both linearised with EXEC masks). The
 * linear path through the other exit reaches pm without the definition,
 * so the SGPR would be live from the kernel's entry -- not SSA on the
 * linear CFG, which the verifier and the allocator assume for SGPRs. A
 * VGPR copy at the definition holds each lane's value of the iteration it
 * left in, and VGPRs need only logical dominance, which the LLVM value
 * has. The copy runs under the definition's EXEC (before any later EXEC
 * change in its block), a superset of the lanes that reach pm. */
static mir_temp vgpr_at_def(isel_ctx *c, phi_dom *pd, mir_temp s, unsigned dw, uint32_t pm) {
  mir_program *p = c->p;
  if (!pd->idom) { /* once: the CFG is complete, later copies add no blocks */
    pd->idom = arena_alloc(c->mem, p->num_blocks * sizeof(uint32_t));
    uint32_t *rpo = arena_alloc(c->mem, p->num_blocks * sizeof(uint32_t));
    mir_dominators(p, true, c->mem, pd->idom, rpo);
    pd->num_temps = p->num_temps;
    pd->def_block = arena_alloc(c->mem, (pd->num_temps ? pd->num_temps : 1) * sizeof(uint32_t));
    for (uint32_t t = 0; t < pd->num_temps; t++) pd->def_block[t] = UINT32_MAX;
    for (uint32_t b = 0; b < p->num_blocks; b++)
      for (uint32_t i = 0; i < p->blocks[b].num_instrs; i++) {
        const mir_instr *x = p->blocks[b].instrs[i];
        for (unsigned d = 0; d < x->num_defs; d++)
          if (x->defs[d].kind == MIR_OPND_TEMP && x->defs[d].temp.id < pd->num_temps) pd->def_block[x->defs[d].temp.id] = b;
      }
  }
  /* a temporary made after the map (by this fill) is defined in pm */
  uint32_t db = s.id < pd->num_temps ? pd->def_block[s.id] : UINT32_MAX;
  if (db == UINT32_MAX || db == pm || mir_dominates(pd->idom, db, pm)) return (mir_temp){0};
  mir_block *blk = &p->blocks[db];
  uint32_t at = 0;
  for (uint32_t i = 0; i < blk->num_instrs && !at; i++)
    for (unsigned d = 0; d < blk->instrs[i]->num_defs; d++)
      if (blk->instrs[i]->defs[d].kind == MIR_OPND_TEMP && blk->instrs[i]->defs[d].temp.id == s.id) at = i + 1;
  if (!at) return (mir_temp){0};
  while (at < blk->num_instrs && (blk->instrs[at]->opcode == MIR_P_PHI || blk->instrs[at]->opcode == MIR_P_LINEAR_PHI)) at++; /* a phi's copy goes after the phis */
  uint32_t saved_cur = c->cur, n0 = blk->num_instrs;
  c->cur = db;
  mir_temp v = isel_to_vgpr(c, mir_op_temp(s), dw);
  c->cur = saved_cur;
  blk = &p->blocks[db];
  uint32_t added = blk->num_instrs - n0;
  mir_instr *tmp[8];
  assert(added <= 8); /* a copy, or two halves */
  for (uint32_t q = 0; q < added; q++) tmp[q] = blk->instrs[n0 + q];
  memmove(&blk->instrs[at + added], &blk->instrs[at], (n0 - at) * sizeof *blk->instrs);
  for (uint32_t q = 0; q < added; q++) blk->instrs[at + q] = tmp[q];
  return v;
}

/* Fills the operands of block mb's phis from its logical predecessors. */
static void fill_phis(isel_ctx *c, phi_dom *pd, const uint32_t *mir, const uint32_t *mir_to_llvm, uint32_t b) {
  uint32_t mb = mir[b];
  mir_block *blk = &c->p->blocks[mb];
  uint32_t np = blk->logical_preds.n;
  unsigned k = 0;
  for (LLVMValueRef ins = LLVMGetFirstInstruction(c->di->blocks[b]); ins && LLVMIsAPHINode(ins) && !c->failed;
       ins = LLVMGetNextInstruction(ins)) {
    uint32_t vi = ptrmap_get(&c->vmap, ins);
    isel_val *val = &c->vals[vi];
    /* a loop header's phi keeps a defined value on its entry edge (the
     * corpus' promoted private arrays read such lanes before writing
     * them: f_private_array_registers.ll under wavecc-run's poison check) */
    bool header = false;
    for (unsigned q = 0; q < LLVMCountIncoming(ins); q++)
      header |= llvm_idx(c, LLVMGetIncomingBlock(ins, q)) >= b;
    mir_temp tuple;
    bool whole = isel_vidx_phi_tuple(c, ins, &tuple); /* one phi of a VGPR tuple (isel_vector_index.c) */
    unsigned nphis = whole ? 1 : val->n;
    for (unsigned e = 0; e < nphis; e++, k++) {
      mir_instr *phi = blk->instrs[k];
      mir_temp d = phi->defs[0].temp; /* val->t[e], or its VGPR stand-in (isel_finish_phis) */
      mir_rc rc = (mir_rc)d.rc;
      mir_operand phi_def = mir_op_temp(val->t[e]);
      bool is_bool = isel_type_bits(LLVMTypeOf(ins)) == 1;
      for (uint32_t pi = 0; pi < np; pi++) {
        uint32_t pm = blk->logical_preds.v[pi];
        uint32_t lb = mir_to_llvm[pm];
        LLVMValueRef inc = NULL;
        unsigned ni = LLVMCountIncoming(ins);
        for (unsigned q = 0; q < ni; q++)
          if (llvm_idx(c, LLVMGetIncomingBlock(ins, q)) == lb) inc = LLVMGetIncomingValue(ins, q);
        if (!inc) {
          isel_unsupported(c, ins, "phi (no incoming value for a predecessor)");
          return;
        }
        /* materialise the operand at the end of the predecessor, before
         * its branch instructions */
        mir_block *pb = &c->p->blocks[pm];
        uint32_t save_n = pb->num_instrs;
        uint32_t tail = 0; /* number of trailing control instructions */
        while (tail < pb->num_instrs) {
          unsigned o = pb->instrs[pb->num_instrs - 1 - tail]->opcode;
          if (o == MIR_P_BRANCH || o == MIR_P_CBRANCH_SCC || o == ISA_S_CBRANCH_EXECZ || o == ISA_S_CBRANCH_EXECNZ ||
              o == ISA_S_ENDPGM)
            tail++;
          else break;
        }
        /* emit at the end, then rotate the new instructions before the tail */
        uint32_t saved_cur = c->cur;
        c->cur = pm;
        mir_operand o;
        if (whole && (header || !(LLVMIsUndef(inc) || LLVMIsPoison(inc))))
          o = mir_op_temp(isel_vidx_tuple_of(c, inc, mir_rc_size(rc)));
        else if (!header && !is_bool && !isel_is_rsrc_type(LLVMTypeOf(ins)) && (LLVMIsUndef(inc) || LLVMIsPoison(inc))) {
          /* no copy on that edge: the phi's register keeps whatever it
           * holds (a waterfall loop's result from the lanes that did not
           * match: a v_mov_b32 of 0 under its own EXEC region before) */
          o = (mir_operand){.kind = MIR_OPND_UNDEF, .preg = MIR_PREG_NONE};
          o.temp.rc = rc;
        } else if (isel_is_rsrc_type(LLVMTypeOf(ins))) o = mir_op_temp(isel_buffer_rsrc(c, inc));
        else if (is_bool && isel_is_lane_mask(c, &phi_def)) o = mir_op_temp(isel_mask_of(c, inc, e));
        else if (is_bool) {
          o = isel_get(c, inc, e);
          if (isel_is_lane_mask(c, &o)) {
            mir_temp scc;
            isel_lane_s_scc(c, WAVECC_LANE_AND, o, isel_exec_operand(c), &scc);
            o = mir_op_temp(isel_scc_to_bool(c, scc));
          } else {
            o = mir_op_temp(isel_to_sgpr(c, o, 1));
          }
          if (mir_rc_is_vgpr(rc)) o = mir_op_temp(isel_to_vgpr(c, o, 1));
        } else {
          o = isel_get(c, inc, e);
          unsigned dw = mir_rc_size(rc);
          mir_temp at_def = {0};
          if (mir_rc_is_vgpr(rc) && o.kind == MIR_OPND_TEMP && !mir_rc_is_vgpr((mir_rc)o.temp.rc))
            at_def = vgpr_at_def(c, pd, o.temp, dw, pm);
          if (at_def.id) o = mir_op_temp(at_def);
          else if (mir_rc_is_vgpr(rc)) o = mir_op_temp(isel_to_vgpr(c, o, dw));
          else o = mir_op_temp(isel_to_sgpr(c, o, dw));
        }
        c->cur = saved_cur;
        uint32_t added = pb->num_instrs - save_n;
        if (added && tail) {
          mir_instr *tmp[64];
          if (added > 64 || tail > 64) {
            isel_unsupported(c, ins, "phi operand expansion");
            return;
          }
          for (uint32_t q = 0; q < added; q++) tmp[q] = pb->instrs[save_n + q];
          mir_instr *tl[64];
          for (uint32_t q = 0; q < tail; q++) tl[q] = pb->instrs[save_n - tail + q];
          for (uint32_t q = 0; q < added; q++) pb->instrs[save_n - tail + q] = tmp[q];
          for (uint32_t q = 0; q < tail; q++) pb->instrs[save_n - tail + added + q] = tl[q];
        }
        phi->ops[pi] = o;
      }
    }
  }
}

/* Do two predecessor lists hold the same blocks (with repeats)? */
static bool same_preds(const mir_idx_list *a, const mir_idx_list *b) {
  if (a->n != b->n) return false;
  for (uint32_t i = 0; i < a->n; i++) {
    uint32_t na = 0, nb = 0;
    for (uint32_t j = 0; j < a->n; j++) na += a->v[j] == a->v[i], nb += b->v[j] == a->v[i];
    if (na != nb) return false;
  }
  return true;
}

/* The p_phi instructions of every LLVM block with phis, at the front of
 * its machine block mir[b], one operand per logical predecessor, filled
 * from the LLVM incoming value of the block mir_to_llvm names. */
void isel_finish_phis(isel_ctx *c, const uint32_t *mir, const uint32_t *mir_to_llvm) {
  const divergence_info *di = c->di;
  uint32_t nb = di->num_blocks;
  for (uint32_t b = 0; b < nb && !c->failed; b++) {
    LLVMValueRef first = LLVMGetFirstInstruction(di->blocks[b]);
    if (!first || !LLVMIsAPHINode(first)) continue;
    uint32_t mb = mir[b];
    uint32_t np = c->p->blocks[mb].logical_preds.n;
    if (np > MIR_MAX_OPERANDS) {
      isel_unsupported(c, first, "a phi with more than 65535 incoming edges");
      return;
    }
    uint32_t pos = 0;
    bool merge = !same_preds(&c->p->blocks[mb].logical_preds, &c->p->blocks[mb].linear_preds);
    uint32_t nread = 0;
    for (LLVMValueRef ins = first; ins && LLVMIsAPHINode(ins); ins = LLVMGetNextInstruction(ins)) {
      isel_val *v = &c->vals[ptrmap_get(&c->vmap, ins)];
      mir_temp tuple;
      if (isel_vidx_phi_tuple(c, ins, &tuple)) { /* one phi of the whole VGPR tuple */
        mir_instr *phi = mir_instr_create(c->p, MIR_P_PHI, np, 1);
        phi->defs[0] = mir_op_temp(tuple);
        mir_block_insert(c->p, &c->p->blocks[mb], pos++, phi);
        continue;
      }
      for (unsigned e = 0; e < v->n; e++) {
        mir_instr *phi = mir_instr_create(c->p, MIR_P_PHI, np, 1);
        mir_temp d = v->t[e];
        /* A uniform phi where the logical and linear predecessors differ
         * (after divergent control flow, e.g. a value every lane leaving a
         * loop with divergent exits carries out the same): its operands
         * are copied at the end of the logical predecessors, and an SGPR
         * written there is not kept by the allocator along the linear path
         * to this block (the flow blocks reuse it: wrong sums on
         * tests/kernels/f_loop_exit_join.ll k_exit_nest). The phi is a VGPR
         * one (each lane's copy kept), read back from the first active
         * lane after the phis. Lane masks have their own lowering. */
        if (merge && !mir_rc_is_vgpr((mir_rc)d.rc) && !isel_lane_marked(c, d) && !isel_is_rsrc_type(LLVMTypeOf(ins))) {
          mir_temp vt = isel_tmp(c, mir_rc_v(mir_rc_size((mir_rc)d.rc)));
          uint32_t saved_cur = c->cur, n0 = c->p->blocks[mb].num_instrs;
          c->cur = mb;
          mir_temp st = isel_to_sgpr(c, mir_op_temp(vt), mir_rc_size((mir_rc)d.rc));
          mir_instr *cp = isel_emit(c, MIR_P_COPY, 1, 1);
          cp->ops[0] = mir_op_temp(st);
          cp->defs[0] = mir_op_temp(d);
          c->cur = saved_cur;
          /* the read-back goes after the phis, in front of the block's code */
          mir_block *blk = &c->p->blocks[mb];
          uint32_t added = blk->num_instrs - n0, at = pos + nread;
          mir_instr *tmp[8];
          assert(added <= 8);
          for (uint32_t q = 0; q < added; q++) tmp[q] = blk->instrs[n0 + q];
          memmove(&blk->instrs[at + added], &blk->instrs[at], (n0 - at) * sizeof *blk->instrs);
          for (uint32_t q = 0; q < added; q++) blk->instrs[at + q] = tmp[q];
          nread += added;
          d = vt;
        }
        phi->defs[0] = mir_op_temp(d);
        mir_block_insert(c->p, &c->p->blocks[mb], pos++, phi);
      }
    }
  }
  phi_dom pd = {0};
  for (uint32_t b = 0; b < nb && !c->failed; b++) {
    LLVMValueRef first = LLVMGetFirstInstruction(di->blocks[b]);
    if (first && LLVMIsAPHINode(first)) fill_phis(c, &pd, mir, mir_to_llvm, b);
  }
  isel_sink_stack_args(c); /* last: the phis read values at the ends of blocks */
}

/* The selectors the value map and the control-flow lowerings reach
 * through c->hooks (isel_internal.h). */
static const isel_hooks hooks = {
    .select_inst = isel_select_inst,
    .select_body = isel_select_body,
    .create_phis = isel_create_phis,
    .finish_phis = isel_finish_phis,
    .fuse_deferred = isel_fuse_deferred,
    .narrow_deferred = isel_narrow_deferred,
    .function_address = isel_function_address,
    .data_address = isel_data_address,
    .const_expr = isel_const_expr_value,
};

mir_program *isel_kernel(LLVMValueRef fn, const divergence_info *di, arena *mem, int opt_level,
                         const isel_call_abi *ca, const struct wavecc_target *target, diag *d) {
  isel_ctx c = {0};
  c.hooks = &hooks;
  c.ca = ca;
  size_t nlen;
  const char *name = LLVMGetValueName2(fn, &nlen);
  c.fname = arena_strndup(mem, name, nlen);
  c.fn = fn;
  c.mod = LLVMGetGlobalParent(fn);
  c.td = LLVMGetModuleDataLayout(c.mod);
  c.di = di;
  c.mem = mem;
  c.d = d;
  c.opt_level = opt_level;
  c.p = mir_program_create(mem, c.fname);
  if (target) c.p->target = target;
  ptrmap_init(&c.vmap, mem, di->num_values);
  /* room for every value the function defines (arguments and
   * instructions) at once: growing by doubling touched twice the memory */
  if (di->num_values > 256) {
    c.vals = arena_grow(mem, NULL, 0, di->num_values, sizeof *c.vals);
    c.capvals = di->num_values;
  }

  uint32_t nb = di->num_blocks;
  cf_plan pl;
  pl.mir = arena_alloc(mem, (nb + 1) * sizeof(uint32_t));
  pl.npreds = arena_alloc(mem, (nb + 1) * sizeof(uint32_t));
  pl.done = arena_alloc(mem, nb + 1);
  pl.join_saved = arena_alloc(mem, (nb + 1) * sizeof(mir_temp));
  for (uint32_t b = 0; b < nb; b++) {
    LLVMValueRef t = LLVMGetBasicBlockTerminator(di->blocks[b]);
    unsigned ns = t ? LLVMGetNumSuccessors(t) : 0;
    for (unsigned s = 0; s < ns; s++) {
      uint32_t si = llvm_idx(&c, LLVMGetSuccessor(t, s));
      if (si != UINT32_MAX) pl.npreds[si]++;
    }
  }
  if (!isel_layout_lds(&c)) return NULL;
  /* Divergent control flow: structured EXEC-mask regions where the CFG
   * has their shape (isel_struct.c), else the simple if/else shapes below,
   * else the whole kernel by masked linearisation (isel_cf.c). */
  int st = isel_structured(&c);
  if (st > 0) {
    c.p->structured = true;
    c.p->cf_lowering = MIR_CF_STRUCTURED;
  }
  if (st >= 0) return st ? c.p : NULL;
  bool need_masked = false, any_div = false;
  for (uint32_t b = 0; b < nb; b++) {
    if (!bitset_test(di->divergent_branch, b)) continue;
    any_div = true;
    uint32_t T, F, J;
    bool inv;
    if (!match_if(&c, &pl, b, &T, &F, &J, &inv)) need_masked = true;
  }
  c.p->cf_lowering = need_masked ? MIR_CF_MASKED : any_div ? MIR_CF_IFELSE : MIR_CF_UNIFORM;
  if (need_masked) {
    if (!isel_masked(&c)) return NULL;
    return c.p;
  }
  /* machine block numbering: divergent ifs get then/invert/else blocks */
  uint32_t next = 0;
  uint8_t *claimed = arena_alloc(mem, nb + 1);
  for (uint32_t b = 0; b < nb; b++) {
    if (claimed[b]) continue;
    pl.mir[b] = next++;
    if (bitset_test(di->divergent_branch, b)) {
      uint32_t T, F, J;
      bool inv;
      if (match_if(&c, &pl, b, &T, &F, &J, &inv)) {
        pl.mir[T] = next;
        claimed[T] = 1;
        if (F != UINT32_MAX) {
          pl.mir[F] = next + 2;
          claimed[F] = 1;
        }
        next += 3;
      }
    }
  }
  for (uint32_t i = 0; i < next; i++) mir_add_block(c.p);
  pl.mir_to_llvm = arena_alloc(mem, (next + 1) * sizeof(uint32_t));
  for (uint32_t i = 0; i < next; i++) pl.mir_to_llvm[i] = UINT32_MAX;
  for (uint32_t b = 0; b < nb; b++)
    if (!claimed[b]) pl.mir_to_llvm[pl.mir[b]] = b;

  c.cur = 0;
  isel_setup_abi(&c);
  for (uint32_t b = 0; b < nb && !c.failed; b++) {
    if (pl.done[b] || claimed[b]) continue;
    c.cur = pl.mir[b];
    isel_create_phis(&c, b);
    if (pl.join_saved[b].id) {
      mir_instr *rs = isel_emit(&c, isel_lane_op(&c, WAVECC_LANE_OR), 2, 1);
      rs->ops[0] = isel_exec_operand(&c);
      rs->ops[1] = mir_op_temp(pl.join_saved[b]);
      rs->defs[0] = isel_exec_operand(&c);
    }
    isel_select_body(&c, b);
    if (!c.failed) select_terminator(&c, b, &pl);
  }
  isel_finish_phis(&c, pl.mir, pl.mir_to_llvm);
  if (c.failed) return NULL;
  return c.p;
}
