/* Instruction selection: packed FP32 (issue 25). gfx90a and gfx942 compute
 * two f32 lanes in one instruction on a 64-bit register pair:
 * v_pk_add_f32, v_pk_mul_f32, v_pk_fma_f32 (CDNA 2 / CDNA 3 ISA guides,
 * "VOP3P"; the same rounding, denormal and NaN rules as v_add/mul/fma_f32
 * under MODE). A <2 x float> fadd / fsub / fmul / fma / fmuladd is one of
 * them instead of two VALU instructions when every source is already a
 * register pair or a broadcast, so no instruction is added to build a
 * pair:
 *  - a <2 x float> value defined as a pair (a 64-bit load, a packed
 *    result: its "shadow", recorded with isel_pk_f32_record), in order or
 *    through a shufflevector of it: op_sel / op_sel_hi pick each lane's
 *    dword (swapped, both from one dword), as llc-19 does;
 *  - the same scalar in both lanes (a splat): one dword that both lanes
 *    read (mir_vop3p_broadcast; the encoder names the pair around it);
 *  - an fneg of either: neg_lo / neg_hi (fsub is an add of the negation).
 * Anything else (constants, lanes from two different values) keeps the
 * per-element selection: building a pair costs the moves the packed form
 * saves (session 14's try without op_sel made fft_radix4 11% slower).
 * VOP3P takes no literal and, on gfx9, one scalar value (mir_valu_bus_ok);
 * constants are never packed sources (an inline constant's high lane is
 * not the same value on every generation).
 *
 * The result is a v2 temporary (its shadow) and its two dwords are the
 * value's components (p_extract), so scalar users read them in place.
 */
#include <string.h>

#include "isel/isel_internal.h"

static bool is_v2f32(LLVMTypeRef t) {
  return LLVMGetTypeKind(t) == LLVMVectorTypeKind && LLVMGetVectorSize(t) == 2 &&
         LLVMGetTypeKind(LLVMGetElementType(t)) == LLVMFloatTypeKind;
}

static bool pk_f32_target(const isel_ctx *c) { return isa_encoding(c->p->target->encoding, ISA_V_PK_FMA_F32) != NULL; }

void isel_pk_f32_record(isel_ctx *c, LLVMValueRef v, mir_temp t) {
  if (!is_v2f32(LLVMTypeOf(v)) || mir_rc_size(t.rc) != 2 || !pk_f32_target(c)) return;
  if (!c->pkf_map.cap) ptrmap_init(&c->pkf_map, c->mem, 32);
  uint32_t bits;
  memcpy(&bits, &t, sizeof bits);
  ptrmap_put(&c->pkf_map, v, bits);
}

mir_temp isel_pk_f32_shadow(const isel_ctx *c, LLVMValueRef v) {
  mir_temp t = {0};
  if (!c->pkf_map.cap) return t;
  uint32_t bits = ptrmap_get(&c->pkf_map, v);
  if (bits != UINT32_MAX) memcpy(&t, &bits, sizeof t);
  return t;
}

/* A shufflevector of one <2 x float> value with a shadow: the shadow with
 * each lane's select (poison lanes take the other lane's dword). */
static bool shuffle_source(const isel_ctx *c, LLVMValueRef V, mir_operand *out) {
  if (!LLVMIsAShuffleVectorInst(V) || LLVMGetNumMaskElements(V) != 2) return false;
  int m[2] = {LLVMGetMaskValue(V, 0), LLVMGetMaskValue(V, 1)};
  int from = -1; /* 0: operand A (mask 0..1), 1: operand B (2..3) */
  for (unsigned h = 0; h < 2; h++) {
    if (m[h] < 0) continue;
    int f = m[h] >= 2;
    if (from >= 0 && from != f) return false;
    from = f;
    m[h] &= 1;
  }
  if (from < 0) return false;
  if (m[0] < 0) m[0] = m[1];
  if (m[1] < 0) m[1] = m[0];
  LLVMValueRef X = LLVMGetOperand(V, (unsigned)from);
  if (!is_v2f32(LLVMTypeOf(X))) return false;
  mir_temp t = isel_pk_f32_shadow(c, X);
  if (!t.id) return false;
  *out = mir_op_temp(t);
  if (m[0] == 1) out->flags |= MIR_OPND_OPSEL;
  if (m[1] == 0) out->flags |= MIR_OPND_HI_FROM_LO;
  return true;
}

/* The packed source for <2 x float> value V, if it needs no instruction
 * (see the header); `neg` follows one fneg. */
static bool pk_source(isel_ctx *c, LLVMValueRef V, bool neg_ok, mir_operand *out) {
  if (neg_ok && LLVMIsAInstruction(V) && LLVMGetInstructionOpcode(V) == LLVMFNeg) {
    if (!pk_source(c, LLVMGetOperand(V, 0), false, out)) return false;
    out->flags ^= MIR_OPND_NEG | MIR_OPND_NEG_HI;
    return true;
  }
  mir_temp t = isel_pk_f32_shadow(c, V);
  if (t.id) {
    *out = mir_op_temp(t);
    return true;
  }
  if (shuffle_source(c, V, out)) return true;
  if (LLVMIsAConstant(V)) return false;
  mir_operand a = isel_get(c, V, 0), b = isel_get(c, V, 1);
  if (a.kind != MIR_OPND_TEMP || b.kind != MIR_OPND_TEMP || a.temp.id != b.temp.id || a.flags ||
      mir_rc_size((mir_rc)a.temp.rc) != 1)
    return false;
  *out = a; /* a broadcast dword (mir_vop3p_broadcast) */
  return true;
}

/* ---- which values stay pairs (a prediction over the IR, no emission) ----
 * A pair whose two dwords are also read one by one (an fabs, a scalar
 * use, an operation selected per element) needs its dwords in other
 * registers while it stays live: the allocator copies them (two v_mov,
 * more than the packed instruction saves; measured on f_cdna_pk_math.cl).
 * So a packed source must be used only as a pair, and a packed result
 * either only as a pair or only element by element. Uses as a pair: a
 * store of the whole value, an operation this file selects (predicted:
 * its operands are loads, splats, shuffles, fnegs or such operations),
 * shuffles and fnegs used only so. Answers per operation are kept
 * (c->pkf_pred), so a chain is looked at once; PREDICT_DEPTH bounds the
 * recursion (past it: "not a pair use", the per-element selection). */
enum { PREDICT_DEPTH = 48 };

static bool is_fma_call(LLVMValueRef v) {
  if (!LLVMIsACallInst(v)) return false;
  LLVMValueRef f = LLVMGetCalledValue(v);
  if (!f || !LLVMIsAFunction(f)) return false;
  size_t n;
  const char *name = LLVMGetValueName2(f, &n);
  return (n >= 9 && !strncmp(name, "llvm.fma.", 9)) || (n >= 14 && !strncmp(name, "llvm.fmuladd.", 13));
}

static bool is_pk_op(LLVMValueRef v) {
  if (!LLVMIsAInstruction(v) || !is_v2f32(LLVMTypeOf(v))) return false;
  LLVMOpcode o = LLVMGetInstructionOpcode(v);
  return o == LLVMFAdd || o == LLVMFSub || o == LLVMFMul || is_fma_call(v);
}

/* Both lanes one value (a shufflevector with one index, poison aside):
 * a broadcast or a select of one dword of a pair. */
static bool is_splat(LLVMValueRef v) {
  if (!LLVMIsAShuffleVectorInst(v) || LLVMGetNumMaskElements(v) != 2) return false;
  int a = LLVMGetMaskValue(v, 0), b = LLVMGetMaskValue(v, 1);
  return (a >= 0 || b >= 0) && (a < 0 || b < 0 || a == b) && !LLVMIsAConstant(LLVMGetOperand(v, (a >= 0 ? a : b) >= 2));
}

static bool predict_op(isel_ctx *c, LLVMValueRef u, unsigned depth);

static bool predict_source(isel_ctx *c, LLVMValueRef v, unsigned depth, bool *pair) {
  if (depth > PREDICT_DEPTH || !LLVMIsAInstruction(v)) return false;
  if (LLVMGetInstructionOpcode(v) == LLVMFNeg) return predict_source(c, LLVMGetOperand(v, 0), depth + 1, pair);
  if (is_splat(v)) return true;
  *pair = true;
  if (LLVMIsALoadInst(v)) return true;
  if (LLVMIsAShuffleVectorInst(v) && LLVMGetNumMaskElements(v) == 2) {
    int a = LLVMGetMaskValue(v, 0), b = LLVMGetMaskValue(v, 1);
    if ((a >= 2) != (b >= 2) && a >= 0 && b >= 0) return false;
    bool p = false;
    return predict_source(c, LLVMGetOperand(v, (a >= 0 ? a : b) >= 2), depth + 1, &p) && p;
  }
  return is_pk_op(v) && predict_op(c, v, depth + 1);
}

static bool predict_op(isel_ctx *c, LLVMValueRef u, unsigned depth) {
  if (depth > PREDICT_DEPTH || !is_pk_op(u)) return false;
  if (!c->pkf_pred.cap) ptrmap_init(&c->pkf_pred, c->mem, 32);
  uint32_t known = ptrmap_get(&c->pkf_pred, u);
  if (known != UINT32_MAX) return known;
  unsigned n = is_fma_call(u) ? 3 : 2;
  bool pair = false, ok = true;
  for (unsigned k = 0; k < n && ok; k++) ok = predict_source(c, LLVMGetOperand(u, k), depth, &pair);
  ptrmap_put(&c->pkf_pred, u, ok && pair);
  return ok && pair;
}

/* Are all uses of <2 x float> value x uses as a pair (*pair_uses: any)
 * and/or element by element (*elem_uses)? */
static void classify_uses(isel_ctx *c, LLVMValueRef x, unsigned depth, bool *pair_uses, bool *elem_uses) {
  for (LLVMUseRef use = LLVMGetFirstUse(x); use; use = LLVMGetNextUse(use)) {
    LLVMValueRef u = LLVMGetUser(use);
    bool as_pair = false;
    if (LLVMIsAStoreInst(u)) {
      as_pair = LLVMGetOperand(u, 0) == x;
    } else if (depth < PREDICT_DEPTH && ((LLVMIsAShuffleVectorInst(u) && is_v2f32(LLVMTypeOf(u)) && !is_splat(u)) ||
                                         (LLVMIsAInstruction(u) && LLVMGetInstructionOpcode(u) == LLVMFNeg))) {
      bool p = false, e = false;
      classify_uses(c, u, depth + 1, &p, &e);
      as_pair = !e;
    } else {
      as_pair = is_splat(u) || predict_op(c, u, depth + 1);
    }
    if (as_pair) *pair_uses = true;
    else *elem_uses = true;
  }
}

/* The <2 x float> value a packed source reads as a pair (through fneg and
 * shufflevector), or NULL for a broadcast. */
static LLVMValueRef pair_value(isel_ctx *c, LLVMValueRef v) {
  for (unsigned i = 0; i < 4 && v; i++) {
    if (isel_pk_f32_shadow(c, v).id) return v;
    if (LLVMIsAInstruction(v) && LLVMGetInstructionOpcode(v) == LLVMFNeg) v = LLVMGetOperand(v, 0);
    else if (LLVMIsAShuffleVectorInst(v)) v = LLVMGetOperand(v, LLVMGetMaskValue(v, 0) >= 2 || LLVMGetMaskValue(v, 1) >= 2);
    else return NULL;
  }
  return NULL;
}

/* Are both lanes of x read? (Every use an extractelement of one lane:
 * one v_*_f32 computes it, and no pair is held.) */
static bool both_lanes_used(LLVMValueRef x) {
  unsigned lanes = 0;
  for (LLVMUseRef use = LLVMGetFirstUse(x); use && lanes != 3; use = LLVMGetNextUse(use)) {
    LLVMValueRef u = LLVMGetUser(use), i = LLVMIsAExtractElementInst(u) ? LLVMGetOperand(u, 1) : NULL;
    lanes |= i && LLVMIsAConstantInt(i) && LLVMConstIntGetZExtValue(i) < 2 ? 1u << LLVMConstIntGetZExtValue(i) : 3u;
  }
  return lanes == 3;
}

mir_operand isel_pk_f32_elem(isel_ctx *c, LLVMValueRef v, unsigned e) {
  for (unsigned step = 0; step < 16; step++) {
    if (LLVMIsAInsertElementInst(v) && LLVMIsAConstantInt(LLVMGetOperand(v, 2))) {
      if (LLVMConstIntGetZExtValue(LLVMGetOperand(v, 2)) == e) return isel_get(c, LLVMGetOperand(v, 1), 0);
      v = LLVMGetOperand(v, 0);
    } else if (LLVMIsAShuffleVectorInst(v) && e < LLVMGetNumMaskElements(v)) {
      int m = LLVMGetMaskValue(v, e);
      unsigned na = LLVMGetVectorSize(LLVMTypeOf(LLVMGetOperand(v, 0)));
      if (m < 0) break;
      v = LLVMGetOperand(v, (unsigned)m >= na);
      e = (unsigned)m % na;
    } else {
      break;
    }
  }
  return isel_get(c, v, e);
}

int isel_pk_f32_inst(isel_ctx *c, LLVMValueRef ins, bool fma) {
  if (!pk_f32_target(c) || !is_v2f32(LLVMTypeOf(ins)) || !both_lanes_used(ins)) return -1;
  unsigned op, n;
  bool sub = false;
  if (fma) {
    op = ISA_V_PK_FMA_F32, n = 3;
  } else {
    switch (LLVMGetInstructionOpcode(ins)) {
    case LLVMFAdd: op = ISA_V_PK_ADD_F32, n = 2; break;
    case LLVMFSub: op = ISA_V_PK_ADD_F32, n = 2, sub = true; break;
    case LLVMFMul: op = ISA_V_PK_MUL_F32, n = 2; break;
    default: return -1;
    }
  }
  mir_operand src[3];
  unsigned pairs = 0;
  for (unsigned k = 0; k < n; k++) {
    if (!pk_source(c, LLVMGetOperand(ins, k), true, &src[k])) return -1;
    if (mir_rc_size((mir_rc)src[k].temp.rc) == 2) pairs++;
  }
  /* all broadcasts: both lanes compute one value, which the per-element
   * selection (CSE'd IR) does not repeat */
  if (!pairs) return -1;
  /* no pair also read element by element (see "which values stay pairs") */
  bool pu = false, eu = false;
  classify_uses(c, ins, 0, &pu, &eu);
  if (pu && eu) return -1;
  for (unsigned k = 0; k < n; k++) {
    LLVMValueRef x = mir_rc_size((mir_rc)src[k].temp.rc) == 2 ? pair_value(c, LLVMGetOperand(ins, k)) : NULL;
    if (!x) continue;
    pu = eu = false;
    classify_uses(c, x, 0, &pu, &eu);
    if (eu) return -1;
  }
  if (sub) src[1].flags ^= MIR_OPND_NEG | MIR_OPND_NEG_HI;
  if (!mir_valu_bus_ok(c->p->target, op, true, src, n)) return -1;
  mir_temp d = isel_tmp(c, mir_rc_v(2));
  mir_instr *mi = isel_emit(c, op, n, 1);
  for (unsigned k = 0; k < n; k++) mi->ops[k] = src[k];
  mi->defs[0] = mir_op_temp(d);
  isel_pk_f32_record(c, ins, d);
  for (unsigned e = 0; e < 2; e++) isel_set(c, ins, e, isel_extract(c, d, e, 1));
  return 1;
}
