/* Instruction selection: VALU forms for operands the IR proves narrow.
 *
 *  - Bitfield extension: ashr (shl x, j), k with j <= k is x's bits
 *    k - j .. B - 1 - j sign-extended (B: the type's width), one
 *    v_bfe_i32 x, k - j, B - k; lshr (shl x, j), k the same
 *    zero-extended, v_bfe_u32.
 *  - 24-bit multiplies: v_mul_u32_u24 / v_mul_i32_i24 read the low 24
 *    bits of each operand (zero- or sign-extended) and give the low 32
 *    bits of the product at full rate, where v_mul_lo_u32 is quarter
 *    rate. They fit an i32 mul whose operands both lie in [0, 2^24) or
 *    both in [-2^23, 2^23): x & m with m < 2^24 (then x itself is the
 *    operand), zext/sext from 24 bits or fewer, ashr (shl x, 8), 8 (then
 *    x), lshr by 8 or more, small constants, values the range analysis
 *    bounds. An i8 or i16 mul needs only the low 8 or 16 product bits,
 *    which v_mul_u32_u24 gives for any operands.
 *  - add (mul24 a, b), c with the mul used only there: v_mad_u32_u24 /
 *    v_mad_i32_i24 a, b, c.
 *
 * Only for divergent results (VALU); uniform ones keep their SALU code.
 * Where the form reads an inner operation's operand (x above), the inner
 * operation is still selected when reached and, when nothing else reads
 * it, the dce pass removes it. Semantics: Vega ISA guide, VOP2 opcodes
 * 0x06/0x08, VOP3 0x1c2/0x1c3 (mad24), 0x1c8/0x1c9 (bfe).
 */
#include "isel/isel_internal.h"

/* Element e of the integer constant v (scalar: e ignored). */
static bool const_u(LLVMValueRef v, unsigned e, uint64_t *k) {
  if (LLVMGetTypeKind(LLVMTypeOf(v)) == LLVMVectorTypeKind && LLVMIsAConstant(v)) v = LLVMGetAggregateElement(v, e);
  if (!v || !LLVMIsAConstantInt(v)) return false;
  *k = LLVMConstIntGetZExtValue(v);
  return true;
}

static bool is_op(LLVMValueRef v, LLVMOpcode op) {
  return v && LLVMIsAInstruction(v) && LLVMGetInstructionOpcode(v) == op;
}

/* Has v a value to read (selected already, or a constant)? */
static bool avail(isel_ctx *c, LLVMValueRef v) { return LLVMIsAConstant(v) || isel_has(c, v); }

/* shl x, j feeding v = ashr/lshr (shl x, j), k with constants j <= k: x,
 * k and j (*j), else NULL. */
static LLVMValueRef shl_of(LLVMValueRef v, unsigned e, uint64_t *k, uint64_t *j) {
  LLVMValueRef s = LLVMGetOperand(v, 0);
  if (!is_op(s, LLVMShl) || !const_u(LLVMGetOperand(s, 1), e, j) || !const_u(LLVMGetOperand(v, 1), e, k) || *j > *k)
    return NULL;
  return LLVMGetOperand(s, 0);
}

enum { N_U24 = 1, N_S24 = 2 };

/* Which 24-bit multiply operand forms fit the i32 value v; *src is what
 * to pass (v, or an operand of v with the same low 24 bits). */
static unsigned narrow24(isel_ctx *c, LLVMValueRef v, unsigned e, LLVMValueRef *src) {
  uint64_t k;
  *src = v;
  if (const_u(v, e, &k)) {
    int64_t s = (int64_t)(int32_t)(uint32_t)k;
    return (k < (1u << 24) ? N_U24 : 0) | (s >= -(1 << 23) && s < (1 << 23) ? N_S24 : 0);
  }
  if (!LLVMIsAInstruction(v)) return isel_value_below(v, 1u << 24) ? N_U24 | (isel_value_below(v, 1u << 23) ? N_S24 : 0) : 0;
  switch (LLVMGetInstructionOpcode(v)) {
  case LLVMAnd:
    for (unsigned j = 0; j < 2; j++)
      if (const_u(LLVMGetOperand(v, j), e, &k) && k < (1u << 24)) {
        LLVMValueRef x = LLVMGetOperand(v, 1 - j);
        if (k == 0xffffff && avail(c, x)) *src = x;
        return N_U24 | (k < (1u << 23) ? N_S24 : 0);
      }
    break;
  case LLVMZExt: case LLVMSExt: {
    unsigned sb = isel_type_bits(LLVMTypeOf(LLVMGetOperand(v, 0)));
    if (sb > 24 || sb == 1) break;
    if (LLVMGetInstructionOpcode(v) == LLVMSExt) return N_S24;
    return N_U24 | (sb < 24 ? N_S24 : 0);
  }
  case LLVMLShr:
    if (const_u(LLVMGetOperand(v, 1), e, &k) && k >= 8 && k < 32) return N_U24 | (k > 8 ? N_S24 : 0);
    break;
  case LLVMAShr: {
    uint64_t j;
    LLVMValueRef x = shl_of(v, e, &k, &j);
    if (x && k == 8 && j == 8 && avail(c, x)) *src = x;
    if (const_u(LLVMGetOperand(v, 1), e, &k) && k >= 8 && k < 32) return N_S24;
    break;
  }
  default: break;
  }
  return isel_value_below(v, 1u << 24) ? N_U24 | (isel_value_below(v, 1u << 23) ? N_S24 : 0) : 0;
}

/* The 24-bit form of the i32 (or narrower, bits) mul m: its opcode
 * (ISA_V_MUL_U32_U24 / ISA_V_MUL_I32_I24) and sources; 0 when none. */
static unsigned mul24(isel_ctx *c, LLVMValueRef m, unsigned e, unsigned bits, LLVMValueRef src[2]) {
  if (bits <= 16) {
    src[0] = LLVMGetOperand(m, 0);
    src[1] = LLVMGetOperand(m, 1);
    return ISA_V_MUL_U32_U24;
  }
  unsigned ka = narrow24(c, LLVMGetOperand(m, 0), e, &src[0]), kb = narrow24(c, LLVMGetOperand(m, 1), e, &src[1]);
  if (ka & kb & N_U24) return ISA_V_MUL_U32_U24;
  /* (narrow24 substitutes an inner operand only where it reports one
   * form, so src suits the form chosen) */
  if (ka & kb & N_S24) return ISA_V_MUL_I32_I24;
  return 0;
}

static LLVMValueRef sole_user(LLVMValueRef v) {
  LLVMUseRef u = LLVMGetFirstUse(v);
  if (!u || LLVMGetNextUse(u)) return NULL;
  return LLVMGetUser(u);
}

/* Is the scalar i32 constant k the addend of another divergent full-width
 * mul + add in the block of `ins` (a scalar add whose other operand is a
 * mul used only there)? Then one VGPR pair holding k serves them all. */
static bool shared_addend(isel_ctx *c, LLVMValueRef k, LLVMValueRef ins) {
  LLVMBasicBlockRef bb = LLVMGetInstructionParent(ins);
  for (LLVMUseRef u = LLVMGetFirstUse(k); u; u = LLVMGetNextUse(u)) {
    LLVMValueRef a = LLVMGetUser(u);
    if (a == ins || !is_op(a, LLVMAdd) || LLVMGetInstructionParent(a) != bb || !divergence_is_divergent(c->di, a)) continue;
    for (unsigned j = 0; j < 2; j++) {
      LLVMValueRef m = LLVMGetOperand(a, j);
      if (m != k && is_op(m, LLVMMul) && sole_user(m) == a) return true;
    }
  }
  return false;
}

/* Element e of the 32-bit add `ins` whose operand j is the mul m (full
 * width: not a 24-bit product) as the low dword of v_mad_u64_u32 m0, m1,
 * x64 (as llc-19 selects a divergent mul + add): the low 32 bits of the
 * 64-bit sum are the 32-bit sum whatever x64's high dword holds (carries
 * only move up). The addend x is an inline constant (x64: the 64-bit
 * inline constant, same low dword), a VGPR value used only here, in
 * this block (x64: a pair of x and an undefined high half, which the
 * allocator builds in place around x as it places x in the pair's slot;
 * a value live on would be copied), or a literal constant that other
 * such adds of the block read too (x64: one v_mov_b32 of it and an
 * undefined high half, which cse shares: per add one v_mad_u64_u32 for
 * v_mul_lo_u32 + v_add_u32, as llc-19's murmur3 rounds). Other addends
 * (an SGPR takes the constant bus from the mul's operands) keep
 * v_mul_lo_u32 + v_add_u32. With emit, select it. */
static bool mad64_elem(isel_ctx *c, LLVMValueRef ins, LLVMValueRef m, unsigned j, unsigned e, bool emit) {
  LLVMValueRef a = LLVMGetOperand(m, 0), b = LLVMGetOperand(m, 1), x = LLVMGetOperand(ins, 1 - j);
  if (!avail(c, a) || !avail(c, b) || !avail(c, x)) return false;
  bool fresh = LLVMIsAInstruction(x) && sole_user(x) == ins && LLVMGetInstructionParent(x) == LLVMGetInstructionParent(ins) &&
               divergence_is_divergent(c->di, x) && isel_num_comps(LLVMTypeOf(x)) == 1;
  mir_operand k = isel_get(c, x, e);
  bool literal = k.kind == MIR_OPND_CONST && !isel_is_inline_const(k.imm) && LLVMIsAConstantInt(x) && shared_addend(c, x, ins);
  if (!(k.kind == MIR_OPND_CONST && isel_is_inline_const(k.imm)) && !(fresh && isel_opnd_is_vgpr(&k)) && !literal) return false;
  if (!emit) return true;
  if (literal) k = mir_op_temp(isel_to_vgpr(c, k, 1));
  if (k.kind == MIR_OPND_CONST) {
    k.size = 2; /* read as the 64-bit inline constant of the same value */
  } else {
    mir_temp pair = isel_tmp(c, mir_rc_v(2));
    mir_instr *cv = isel_emit(c, MIR_P_CREATE_VECTOR, 2, 1);
    cv->ops[0] = k;
    cv->ops[1] = (mir_operand){.kind = MIR_OPND_UNDEF, .preg = MIR_PREG_NONE};
    cv->ops[1].temp.rc = mir_rc_v(1);
    cv->defs[0] = mir_op_temp(pair);
    k = mir_op_temp(pair);
  }
  mir_temp d = isel_mad_u64(c, isel_get(c, a, e), isel_get(c, b, e), k);
  isel_set(c, ins, e, isel_extract(c, d, 0, 1));
  return true;
}

/* Element e of instruction ins (bits wide): has it a narrow form? With
 * emit, select it. */
static bool narrow_elem(isel_ctx *c, LLVMValueRef ins, unsigned e, unsigned bits, bool emit) {
  LLVMOpcode op = LLVMGetInstructionOpcode(ins);
  LLVMValueRef src[2];
  if (op == LLVMAShr || op == LLVMLShr) {
    /* (x << j) >> k, j <= k < bits: x's bits k - j .. bits - 1 - j,
     * sign- or zero-extended (the llvm idot tests' nibbles) */
    uint64_t k, j;
    LLVMValueRef x = shl_of(ins, e, &k, &j);
    if (!x || k == 0 || k >= bits || !avail(c, x)) return false;
    if (emit)
      isel_set(c, ins, e,
               isel_v1_3(c, op == LLVMAShr ? ISA_V_BFE_I32 : ISA_V_BFE_U32, isel_get(c, x, e),
                         mir_op_const((unsigned)(k - j)), mir_op_const(bits - (unsigned)k)));
    return true;
  }
  if (op == LLVMMul) {
    unsigned mop = mul24(c, ins, e, bits, src);
    if (!mop) return false;
    if (emit) isel_set(c, ins, e, isel_v1c(c, mop, isel_get(c, src[0], e), isel_get(c, src[1], e)));
    return true;
  }
  if (op != LLVMAdd || bits != 32) return false;
  for (unsigned j = 0; j < 2; j++) {
    LLVMValueRef m = LLVMGetOperand(ins, j);
    if (!is_op(m, LLVMMul) || sole_user(m) != ins || LLVMGetInstructionParent(m) != LLVMGetInstructionParent(ins) ||
        !divergence_is_divergent(c->di, m))
      continue;
    unsigned mop = mul24(c, m, e, bits, src);
    if (!mop) {
      if (mad64_elem(c, ins, m, j, e, emit)) return true;
      continue;
    }
    if (!avail(c, src[0]) || !avail(c, src[1])) continue;
    if (!emit) return true;
    unsigned mad = mop == ISA_V_MUL_U32_U24 ? ISA_V_MAD_U32_U24 : ISA_V_MAD_I32_I24;
    mir_operand z = isel_get(c, LLVMGetOperand(ins, 1 - j), e);
    isel_set(c, ins, e, isel_v1_3(c, mad, isel_get(c, src[0], e), isel_get(c, src[1], e), z));
    return true;
  }
  return false;
}

bool isel_narrow_mad(isel_ctx *c, LLVMValueRef ins) {
  /* from the IR alone (not whether the product's operands are selected
   * yet, which narrow_elem also asks): isel_fuse asks it both where it
   * defers an operand and where it selects the user, and the two answers
   * must agree */
  LLVMTypeRef ty = LLVMTypeOf(ins);
  if (LLVMGetTypeKind(ty) != LLVMIntegerTypeKind || LLVMGetIntTypeWidth(ty) != 32 ||
      LLVMGetInstructionOpcode(ins) != LLVMAdd || !divergence_is_divergent(c->di, ins))
    return false;
  for (unsigned j = 0; j < 2; j++) {
    LLVMValueRef m = LLVMGetOperand(ins, j), src[2];
    /* a product of two values (a constant factor, a literal, would need
     * an s_mov_b32 in the VOP3 form on gfx9, where v_mul_u32_u24_e32
     * takes it: f_call_many_args' sums stay v_add3_u32) */
    if (is_op(m, LLVMMul) && sole_user(m) == ins && LLVMGetInstructionParent(m) == LLVMGetInstructionParent(ins) &&
        !LLVMIsAConstant(LLVMGetOperand(m, 0)) && !LLVMIsAConstant(LLVMGetOperand(m, 1)) &&
        divergence_is_divergent(c->di, m) && mul24(c, m, 0, 32, src))
      return true;
  }
  return false;
}

int isel_narrow(isel_ctx *c, LLVMValueRef ins) {
  LLVMTypeRef ty = LLVMTypeOf(ins);
  if (!divergence_is_divergent(c->di, ins)) return -1;
  LLVMTypeRef st = isel_scalar_type(ty);
  if (LLVMGetTypeKind(st) != LLVMIntegerTypeKind) return -1;
  unsigned bits = LLVMGetIntTypeWidth(st), nc = isel_num_comps(ty);
  if (bits > 32 || bits < 8) return -1;
  LLVMOpcode op = LLVMGetInstructionOpcode(ins);
  if (op != LLVMAShr && op != LLVMLShr && op != LLVMMul && op != LLVMAdd) return -1;
  /* every element or none (a vector is selected as one instruction) */
  for (unsigned e = 0; e < nc; e++)
    if (!narrow_elem(c, ins, e, bits, false)) return -1;
  for (unsigned e = 0; e < nc; e++) narrow_elem(c, ins, e, bits, true);
  return 1;
}
