/* Instruction selection of a variable-index extractelement / insertelement
 * on a divergent vector with a uniform index, on targets with VGPR index
 * mode (wavecc_target.vgpr_index_mode: gfx9 and CDNA) or M0-relative VGPR
 * moves (vgpr_movrel: RDNA's v_movrels/v_movreld). The vector's
 * components go into one VGPR tuple (p_create_vector, which the allocator
 * makes a no-op when they were computed in place) and the access is one
 * MIR_P_GPR_IDX_READ / WRITE on it, lowered after register allocation to
 * s_set_gpr_idx_on idx, gpr_idx(SRC0|DST) / v_mov_b32 / s_set_gpr_idx_off
 * or to s_mov_b32 m0, idx / v_movrels_b32 or v_movreld_b32
 * (passes/gpr_index.c), as llc-19 selects it (SITargetLowering's
 * indirect register access: "VGPR index mode" on gfx9, movrel on
 * gfx10/gfx11). The
 * compare-and-select chain it replaces costs two VALU instructions per
 * component (mq_private_idx.cl: 3.3x llc-19's executed instructions).
 *
 * A write keeps the vector in place: its operand is a copy used nowhere
 * else (mir_tied_operand), which the allocator coalesces when the old
 * vector dies there. The written tuple is remembered for the value, so a
 * chain of reads and writes on one private array stays in one tuple;
 * its components are p_extracts, deleted when unused.
 *
 * A tuple of 16 VGPRs may not fit a small register budget (the create
 * holds its operands and result at once): the driver then selects the
 * function again without (mir_program.gpr_idx, pipeline.c).
 *
 * In-place arrays (issue 27, bench/real/thomas.cl: 1.26-1.65x llc-19's
 * executed instructions, two whole-array copies per access): a write's
 * result, a loop header's phi of such vectors and a freeze of them are
 * tuple-only values. Their components are not extracted where the value
 * is defined (the extracts kept the tuple's registers apart from the next
 * write's: 16 moves after each) but at each reader that wants one
 * (isel_vidx_component, from isel_get), and a phi of them is one phi of
 * the whole tuple (isel_vidx_tuple_phi), so a loop-carried array stays in
 * one register range, as llc-19 keeps it. Masked linearisation (isel_cf.c)
 * renames components at its tails and keeps the components made at once.
 *
 * The index must stay inside the tuple (an index past it would read or
 * write another register): an index that is not provably below the
 * component count (`and x, C` or `urem x, C`) is clamped first, which is
 * right for the poison an out-of-range index yields in LLVM IR. */
#include <string.h>

#include "isel/isel_internal.h"

/* Tuples built from components are reused only in the block that built
 * them (they need not dominate other uses of the value); a write's tuple
 * is made at the value's definition. */
#define VIDX_DOMINATES (UINT32_MAX - 1)
/* A tuple no block may reuse (isel_vidx_forget). */
#define VIDX_NOWHERE (UINT32_MAX - 2)

static uint32_t temp_bits(mir_temp t) { return t.id | (uint32_t)t.rc << 24; }
static mir_temp bits_temp(uint32_t b) { return (mir_temp){.id = b & 0xffffffu, .rc = b >> 24}; }

static void remember(isel_ctx *c, LLVMValueRef v, mir_temp t, uint32_t block) {
  if (!c->vidx_tuple.cap) {
    ptrmap_init(&c->vidx_tuple, c->mem, 16);
    ptrmap_init(&c->vidx_block, c->mem, 16);
  }
  ptrmap_put(&c->vidx_tuple, v, temp_bits(t));
  ptrmap_put(&c->vidx_block, v, block);
}

void isel_vidx_forget(isel_ctx *c, LLVMValueRef v) {
  if (c->vidx_tuple.cap && ptrmap_get(&c->vidx_tuple, v) != UINT32_MAX) ptrmap_put(&c->vidx_block, v, VIDX_NOWHERE);
}

/* The VGPR tuple holding vector V's nc components. */
static mir_temp tuple_of(isel_ctx *c, LLVMValueRef V, unsigned nc) {
  if (c->vidx_tuple.cap) {
    uint32_t t = ptrmap_get(&c->vidx_tuple, V), b = ptrmap_get(&c->vidx_block, V);
    if (t != UINT32_MAX && (b == VIDX_DOMINATES || b == c->cur)) return bits_temp(t);
  }
  mir_operand ops[16];
  for (unsigned e = 0; e < nc; e++) {
    ops[e] = isel_get(c, V, e);
    if (!isel_opnd_is_vgpr(&ops[e]) || mir_rc_size(ops[e].temp.rc) != 1) ops[e] = mir_op_temp(isel_to_vgpr(c, ops[e], 1));
  }
  mir_temp d = isel_tmp(c, mir_rc_v(nc));
  mir_instr *cv = isel_emit(c, MIR_P_CREATE_VECTOR, nc, 1);
  for (unsigned e = 0; e < nc; e++) cv->ops[e] = ops[e];
  cv->defs[0] = mir_op_temp(d);
  remember(c, V, d, c->cur);
  return d;
}

/* Do readers extract a tuple's components where they read them (every
 * lowering but masked linearisation, whose tails rename components)? */
static bool lazy_components(const isel_ctx *c) { return c->p->cf_lowering != MIR_CF_MASKED; }

/* V's tuple when it is a tuple-only value (its components extracted at
 * their readers), else false. */
static bool tuple_only(isel_ctx *c, LLVMValueRef V, mir_temp *t) {
  if (!c->vidx_tuple.cap) return false;
  uint32_t b = ptrmap_get(&c->vidx_tuple, V), blk = ptrmap_get(&c->vidx_block, V);
  if (b == UINT32_MAX || blk != VIDX_DOMINATES) return false;
  uint32_t i = ptrmap_get(&c->vmap, V);
  if (i == UINT32_MAX || !c->vals[i].n || c->vals[i].t[0].id) return false;
  *t = bits_temp(b);
  return true;
}

/* Makes v (nc components) a tuple-only value held in tuple t. */
static void set_tuple_only(isel_ctx *c, LLVMValueRef v, mir_temp t, unsigned nc) {
  isel_val *s = isel_val_slot(c->mem, &c->vmap, &c->vals, &c->nvals, &c->capvals, v);
  memset(s, 0, sizeof *s);
  s->n = (uint16_t)nc;
  remember(c, v, t, VIDX_DOMINATES);
}

/* The first reader in a block extracts all components at once (a run of
 * p_extracts, which the allocator and copy-cleanup handle as they handled
 * the extracts made at the definition); unread ones are deleted (dce). */
bool isel_vidx_component(isel_ctx *c, LLVMValueRef v, unsigned comp, mir_temp *out) {
  mir_temp t;
  unsigned nc;
  if (!tuple_only(c, v, &t) || comp >= (nc = mir_rc_size((mir_rc)t.rc))) return false;
  if (!c->vidx_ext.cap) {
    ptrmap_init(&c->vidx_ext, c->mem, 16);
    ptrmap_init(&c->vidx_ext_block, c->mem, 16);
  }
  isel_val *s = isel_val_slot(c->mem, &c->vidx_ext, &c->vidx_comps, &c->nvidx_comps, &c->capvidx_comps, v);
  if (ptrmap_get(&c->vidx_ext_block, v) != c->cur || s->n != nc) {
    mir_instr *sp = isel_emit(c, MIR_P_SPLIT_VECTOR, 1, nc);
    sp->ops[0] = mir_op_temp(t);
    for (unsigned e = 0; e < nc; e++) {
      s->t[e] = isel_tmp(c, mir_rc_v(1));
      sp->defs[e] = mir_op_temp(s->t[e]);
    }
    s->n = (uint16_t)nc;
    ptrmap_put(&c->vidx_ext_block, v, c->cur);
  }
  *out = s->t[comp];
  return true;
}

/* Is index I provably below n? */
static bool index_in_range(LLVMValueRef I, unsigned n) {
  if (LLVMIsAZExtInst(I)) I = LLVMGetOperand(I, 0);
  if (!LLVMIsAInstruction(I)) return false;
  LLVMOpcode op = LLVMGetInstructionOpcode(I);
  if (op != LLVMAnd && op != LLVMURem) return false;
  for (unsigned k = 0; k < 2; k++) {
    LLVMValueRef C = LLVMGetOperand(I, k);
    if (!LLVMIsAConstantInt(C) || (op == LLVMURem && k == 0)) continue;
    uint64_t v = LLVMConstIntGetZExtValue(C);
    if (op == LLVMAnd ? v < n : v >= 1 && v <= n) return true;
  }
  return false;
}

/* The index as an SGPR below n. */
static mir_operand index_operand(isel_ctx *c, LLVMValueRef I, unsigned n) {
  mir_operand idx = isel_get(c, I, 0);
  if (isel_type_bits(LLVMTypeOf(I)) > 32) idx = isel_half_of(c, idx, false);
  idx = mir_op_temp(isel_to_sgpr(c, idx, 1));
  if (index_in_range(I, n)) return idx;
  if ((n & (n - 1)) == 0) return mir_op_temp(isel_s(c, ISA_S_AND_B32, 1, idx, mir_op_const(n - 1)));
  return mir_op_temp(isel_s(c, ISA_S_MIN_U32, 1, idx, mir_op_const(n - 1)));
}

/* May vectors of type t live in VGPR tuples indexed in place here? */
static bool tuple_type_ok(isel_ctx *c, LLVMTypeRef t) {
  if (!c->p->target->vgpr_index_mode && !c->p->target->vgpr_movrel) return false;
  /* the driver's retry when the tuples did not fit the register budget */
  if (LLVMGetStringAttributeAtIndex(c->fn, LLVMAttributeFunctionIndex, "wavecc-no-gpr-idx", 17)) return false;
  if (LLVMGetTypeKind(t) != LLVMVectorTypeKind) return false;
  unsigned nc = isel_num_comps(t);
  return nc >= 4 && nc <= 16 && isel_type_bits(isel_scalar_type(t)) == 32;
}

/* Does isel_vector_index select ins (an extractelement or insertelement)? */
static bool accepts(isel_ctx *c, LLVMValueRef ins) {
  LLVMOpcode opc = LLVMGetInstructionOpcode(ins);
  if (opc != LLVMExtractElement && opc != LLVMInsertElement) return false;
  LLVMValueRef V = LLVMGetOperand(ins, 0), I = LLVMGetOperand(ins, opc == LLVMExtractElement ? 1 : 2);
  if (LLVMIsAConstant(I) || divergence_is_divergent(c->di, I) || !divergence_is_divergent(c->di, ins)) return false;
  return tuple_type_ok(c, LLVMTypeOf(V));
}

/* Is ins a variable-index access of a divergent vector that may live in a
 * VGPR tuple (a divergent index too: the compare-and-select chain then
 * reads the tuple's components and builds the written one, see
 * isel_vidx_rebuilt)? */
static bool indexed_access(isel_ctx *c, LLVMValueRef ins) {
  LLVMOpcode opc = LLVMGetInstructionOpcode(ins);
  LLVMValueRef V = LLVMGetOperand(ins, 0), I = LLVMGetOperand(ins, opc == LLVMExtractElement ? 1 : 2);
  return !LLVMIsAConstant(I) && divergence_is_divergent(c->di, V) && tuple_type_ok(c, LLVMTypeOf(V));
}

/* Is phi one of a web of vector values (phis, freezes, inserts) that an
 * indexed access reads or writes? Then it is one phi of a VGPR tuple
 * (isel_vidx_tuple_phi): as components, the loop around such an access
 * copies the whole array into a tuple and back each iteration. Looks at
 * most 32 values far. */
static bool indexed_web(isel_ctx *c, LLVMValueRef phi) {
  LLVMValueRef work[32];
  unsigned n = 0, seen = 0;
  work[n++] = phi;
  while (seen < n) {
    LLVMValueRef v = work[seen++];
    if (LLVMIsAPHINode(v))
      for (unsigned q = 0; q < LLVMCountIncoming(v); q++) {
        LLVMValueRef in = LLVMGetIncomingValue(v, q);
        if (LLVMIsAInstruction(in) && LLVMGetInstructionOpcode(in) == LLVMInsertElement && indexed_access(c, in))
          return true; /* an indexed write's tuple flows in */
      }
    for (LLVMUseRef u = LLVMGetFirstUse(v); u; u = LLVMGetNextUse(u)) {
      LLVMValueRef user = LLVMGetUser(u);
      if (!LLVMIsAInstruction(user)) continue;
      LLVMOpcode op = LLVMGetInstructionOpcode(user);
      if ((op == LLVMExtractElement || op == LLVMInsertElement) && LLVMGetOperand(user, 0) == v && indexed_access(c, user))
        return true;
      bool through = op == LLVMPHI || op == LLVMFreeze || (op == LLVMInsertElement && LLVMGetOperand(user, 0) == v);
      if (!through || n == 32) continue;
      bool dup = false;
      for (unsigned k = 0; k < n; k++) dup |= work[k] == user;
      if (!dup) work[n++] = user;
    }
  }
  return false;
}

/* Does v come as a tuple to a phi (root) that would be one: an indexed
 * write at a uniform index (always a tuple), one at a divergent index into
 * such a value (isel_vidx_rebuilt), a freeze of one, the phi itself or a
 * tuple phi, a constant? Values built from components (shuffles, selects,
 * loads) would be packed into a tuple on every such edge, and taken apart
 * again by their component readers (f_private_array.cl's insertion sort:
 * 2.4x llc-19's executed instructions when its join phis were tuples).
 * Looks at most 8 values deep. */
static bool comes_as_tuple(isel_ctx *c, LLVMValueRef root, LLVMValueRef v, unsigned depth) {
  mir_temp t;
  if (v == root || LLVMIsAConstant(v)) return true;
  if (!LLVMIsAInstruction(v) || depth > 8) return false;
  switch (LLVMGetInstructionOpcode(v)) {
  case LLVMInsertElement:
    if (accepts(c, v)) return true;
    return indexed_access(c, v) && comes_as_tuple(c, root, LLVMGetOperand(v, 0), depth + 1);
  case LLVMFreeze: return comes_as_tuple(c, root, LLVMGetOperand(v, 0), depth + 1);
  case LLVMPHI: return tuple_only(c, v, &t);
  default: return false;
  }
}

bool isel_vidx_tuple_phi(isel_ctx *c, LLVMValueRef phi) {
  LLVMTypeRef t = LLVMTypeOf(phi);
  if (!lazy_components(c) || !divergence_is_divergent(c->di, phi) || !tuple_type_ok(c, t) || !indexed_web(c, phi))
    return false;
  /* a quarter of the VGPR budget at most (as promote-private-arrays shares
   * it among arrays): a whole tuple live across a loop under a small budget
   * spills more than its components (f_spill_slot_loop_exit.ll at 10 VGPRs:
   * 554 -> 1519 executed instructions) */
  unsigned budget = c->p->abi.num_vgprs_budget;
  if (budget && budget < 4 * isel_num_comps(t)) return false;
  /* every value on an edge that can repeat comes as a tuple; a loop's entry
   * value (an edge into the header from before it) is packed once */
  uint32_t b = divergence_block_index(c->di, LLVMGetInstructionParent(phi));
  bool header = false;
  for (unsigned q = 0; q < LLVMCountIncoming(phi); q++)
    header |= divergence_block_index(c->di, LLVMGetIncomingBlock(phi, q)) >= b;
  for (unsigned q = 0; q < LLVMCountIncoming(phi); q++) {
    bool entry = header && divergence_block_index(c->di, LLVMGetIncomingBlock(phi, q)) < b;
    if (!entry && !comes_as_tuple(c, phi, LLVMGetIncomingValue(phi, q), 0)) return false;
  }
  unsigned nc = isel_num_comps(t);
  c->p->gpr_idx = true; /* a tuple: the driver's retry without, if it does not fit the budget */
  set_tuple_only(c, phi, isel_tmp(c, mir_rc_v(nc)), nc);
  return true;
}

bool isel_vidx_phi_tuple(isel_ctx *c, LLVMValueRef phi, mir_temp *t) {
  return LLVMIsAPHINode(phi) && tuple_only(c, phi, t);
}

mir_temp isel_vidx_tuple_of(isel_ctx *c, LLVMValueRef v, unsigned nc) { return tuple_of(c, v, nc); }

bool isel_vidx_rebuilt(isel_ctx *c, LLVMValueRef ins, const mir_temp *comps, unsigned nc) {
  mir_temp t;
  if (!tuple_only(c, LLVMGetOperand(ins, 0), &t) || mir_rc_size((mir_rc)t.rc) != nc) return false;
  mir_temp d = isel_tmp(c, t.rc);
  mir_instr *cv = isel_emit(c, MIR_P_CREATE_VECTOR, nc, 1);
  for (unsigned e = 0; e < nc; e++) cv->ops[e] = mir_op_temp(comps[e]);
  cv->defs[0] = mir_op_temp(d);
  set_tuple_only(c, ins, d, nc);
  return true;
}

bool isel_vidx_freeze(isel_ctx *c, LLVMValueRef ins) {
  mir_temp t;
  LLVMValueRef A = LLVMGetOperand(ins, 0);
  if (!divergence_is_divergent(c->di, A) || !tuple_only(c, A, &t)) return false;
  set_tuple_only(c, ins, t, isel_num_comps(LLVMTypeOf(ins)));
  return true;
}

bool isel_vector_index(isel_ctx *c, LLVMValueRef ins, LLVMOpcode opc) {
  bool ext = opc == LLVMExtractElement;
  LLVMValueRef V = LLVMGetOperand(ins, 0), I = LLVMGetOperand(ins, ext ? 1 : 2);
  unsigned nc = isel_num_comps(LLVMTypeOf(V));
  if (!accepts(c, ins)) return false;
  c->p->gpr_idx = true;
  mir_temp vec = tuple_of(c, V, nc);
  mir_operand idx = index_operand(c, I, nc);
  if (ext) {
    mir_temp d = isel_tmp(c, mir_rc_v(1));
    mir_instr *r = isel_emit(c, MIR_P_GPR_IDX_READ, 2, 1);
    r->ops[0] = mir_op_temp(vec);
    r->ops[1] = idx;
    r->defs[0] = mir_op_temp(d);
    isel_set(c, ins, 0, d);
    return true;
  }
  mir_operand x = isel_get(c, LLVMGetOperand(ins, 1), 0);
  if (!isel_opnd_is_vgpr(&x)) x = mir_op_temp(isel_to_vgpr(c, x, 1));
  /* the kept vector: a copy used nowhere else (mir_tied_operand) */
  mir_temp kept = isel_tmp(c, vec.rc);
  mir_instr *cp = isel_emit(c, MIR_P_COPY, 1, 1);
  cp->ops[0] = mir_op_temp(vec);
  cp->defs[0] = mir_op_temp(kept);
  mir_temp d = isel_tmp(c, vec.rc);
  mir_instr *w = isel_emit(c, MIR_P_GPR_IDX_WRITE, 3, 1);
  w->ops[0] = mir_op_temp(kept);
  w->ops[1] = idx;
  w->ops[2] = x;
  w->defs[0] = mir_op_temp(d);
  if (lazy_components(c)) {
    set_tuple_only(c, ins, d, nc);
    return true;
  }
  for (unsigned e = 0; e < nc; e++) isel_set(c, ins, e, isel_extract(c, d, e, 1));
  remember(c, ins, d, VIDX_DOMINATES);
  return true;
}
