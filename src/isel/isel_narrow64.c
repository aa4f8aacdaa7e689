/* Instruction selection: 64-bit integer add and multiply narrowed by
 * known bits (the 32-bit narrowings of other operations: isel_narrow.c).
 *
 * OpenCL address arithmetic is 64-bit (size_t), but its operands are
 * mostly zero-extended 32-bit values: libclc's get_global_id(0) is
 * zext(group size) * zext(group id) + (zext(offset) + zext(local id)).
 * Selected as general 64-bit operations, each multiply costs four 32-bit
 * multiplies and two adds, and each add carries into upper halves that
 * are known to be zero. When an operand's upper half is provably zero
 * (isel_value_below, the interval analysis of isel_divrange.c):
 *  - mul of two such operands: s_mul_i32 + s_mul_hi_u32 when uniform (the
 *    high product dropped when the product is below 2^32), one
 *    v_mad_u64_u32 a, b, 0 when divergent (v_mul_lo_u32 when below 2^32);
 *    of one such operand b and any x: lo(x) * b in full plus hi(x) * b in
 *    the upper half (three multiplies and an add in SALU, a
 *    v_mad_u64_u32, a v_mul_lo_u32 and an add in VALU, not 4 + 2);
 *  - a divergent add(mul(a, b), x) whose mul has this add as its only use,
 *    in the same block: one v_mad_u64_u32 a, b, x (the mul is selected with
 *    its user: isel_narrow_deferred says so when the selector reaches it;
 *    a consumer that looks through the add to the mul, as a GEP's
 *    index_split does, gets the mul selected at its use: isel_values.c);
 *  - add: the known-zero upper halves are the constant 0 (no register
 *    holding zero is read), and when the sum itself is below 2^32 it is a
 *    32-bit add with a zero upper half.
 * v_mad_u64_u32: D.u64 = S0.u32 * S1.u32 + S2.u64 (Vega ISA guide, VOP3
 * opcode 0x1e8); llc-19 selects the global id the same way.
 */
#include "isel/isel_internal.h"

static bool is_i64(LLVMValueRef v) {
  LLVMTypeRef t = LLVMTypeOf(v);
  return LLVMGetTypeKind(t) == LLVMIntegerTypeKind && LLVMGetIntTypeWidth(t) == 64;
}

static bool hi_zero(LLVMValueRef v) { return is_i64(v) && isel_value_below(v, 1ull << 32); }

/* An i64 constant in -16..64: an inline constant of a 64-bit operand. */
static bool inline_int64(LLVMValueRef v) {
  if (!LLVMIsAConstantInt(v)) return false;
  int64_t k = LLVMConstIntGetSExtValue(v);
  return k >= -16 && k <= 64;
}

/* The low dword of the i64 value v: the source of a zext from i32 (not
 * the zext's own register pair), else its low half. */
static mir_operand lo_of(isel_ctx *c, LLVMValueRef v) {
  if (LLVMIsAZExtInst(v)) {
    LLVMValueRef s = LLVMGetOperand(v, 0);
    LLVMTypeRef st = LLVMTypeOf(s);
    if (LLVMGetTypeKind(st) == LLVMIntegerTypeKind && LLVMGetIntTypeWidth(st) == 32) return isel_get(c, s, 0);
  }
  return isel_get_half(c, v, 0, false);
}

/* Is `m` an i64 mul of two operands below 2^32? */
static bool narrow_mul(LLVMValueRef m) {
  return LLVMIsAInstruction(m) && LLVMGetInstructionOpcode(m) == LLVMMul && is_i64(m) &&
         hi_zero(LLVMGetOperand(m, 0)) && hi_zero(LLVMGetOperand(m, 1));
}

static LLVMValueRef sole_user(LLVMValueRef v) {
  LLVMUseRef u = LLVMGetFirstUse(v);
  return u && !LLVMGetNextUse(u) ? LLVMGetUser(u) : NULL;
}

/* Is `m` an i64 mul of an operand below 2^32 and one that is not (a
 * 64-bit accumulator times a constant, sel_mul_64x32)? */
static bool mul_64x32(LLVMValueRef m) {
  return LLVMIsAInstruction(m) && LLVMGetInstructionOpcode(m) == LLVMMul && is_i64(m) && !narrow_mul(m) &&
         (hi_zero(LLVMGetOperand(m, 0)) || hi_zero(LLVMGetOperand(m, 1)));
}

/* Is v a sign extension of an i32? Its halves are made next to each other
 * (the value and its v_ashrrev_i32 31), so the allocator can put them in
 * the pair v_mad_u64_u32 adds; another 64-bit addend (a zext's halves, a
 * value whose halves sit apart) costs copies to form the pair, more than
 * the v_add_co_u32 + v_addc_co_u32 it saves (f_long_arith,
 * f_call_aggregates). */
static bool sext_of_i32(LLVMValueRef v) {
  if (!LLVMIsASExtInst(v)) return false;
  LLVMTypeRef t = LLVMTypeOf(LLVMGetOperand(v, 0));
  return LLVMGetTypeKind(t) == LLVMIntegerTypeKind && LLVMGetIntTypeWidth(t) == 32;
}

/* The operand of the divergent i64 add `a` that is a narrow or 64x32 mul
 * used only by `a` in a's block (*other: the addend), or NULL. */
static LLVMValueRef mad_operand(isel_ctx *c, LLVMValueRef a, LLVMValueRef *other) {
  if (LLVMGetInstructionOpcode(a) != LLVMAdd || !is_i64(a) || !divergence_is_divergent(c->di, a)) return NULL;
  for (unsigned k = 0; k < 2; k++) {
    LLVMValueRef m = LLVMGetOperand(a, k);
    /* a uniform 64x32 product stays SALU (s_mul_i32, s_mul_hi_u32): into
     * a VGPR v_mad_u64_u32 it would need its operands copied to VGPRs
     * (app_reduce's group size * group id + local id: 2 -> 5) */
    LLVMValueRef y = LLVMGetOperand(a, 1 - k);
    /* an inline constant addend is the v_mad_u64_u32's src2 itself
     * (collatz's 3 * v + 1: v_add_co_u32 + v_addc_co_u32 after the
     * product before, as llc-19 folds it) */
    bool wide = mul_64x32(m) && divergence_is_divergent(c->di, m) && (sext_of_i32(y) || inline_int64(y));
    if ((narrow_mul(m) || wide) && sole_user(m) == a && LLVMGetInstructionParent(m) == LLVMGetInstructionParent(a)) {
      *other = LLVMGetOperand(a, 1 - k);
      return m;
    }
  }
  return NULL;
}

bool isel_narrow_deferred(isel_ctx *c, LLVMValueRef ins) {
  LLVMValueRef u = narrow_mul(ins) || mul_64x32(ins) ? sole_user(ins) : NULL, other;
  return u && LLVMIsAInstruction(u) && mad_operand(c, u, &other) == ins;
}

mir_temp isel_mad_u64(isel_ctx *c, mir_operand a, mir_operand b, mir_operand x) {
  mir_temp d = isel_tmp(c, mir_rc_v(2)), carry = isel_lane_tmp(c);
  mir_temp defs[2] = {d, carry};
  mir_operand srcs[3] = {a, b, x};
  isel_valu(c, ISA_V_MAD_U64_U32, defs, 2, srcs, 3, true);
  return d;
}

static mir_operand zero64(void) {
  mir_operand z = mir_op_const(0);
  z.size = 2;
  return z;
}

static bool sel_mul(isel_ctx *c, LLVMValueRef ins) {
  mir_operand ops[2] = {lo_of(c, LLVMGetOperand(ins, 0)), lo_of(c, LLVMGetOperand(ins, 1))};
  bool small = isel_value_below(ins, 1ull << 32);
  if (!divergence_is_divergent(c->di, ins) && isel_all_salu(c, ops, 2)) {
    mir_temp lo = isel_s(c, ISA_S_MUL_I32, 1, ops[0], ops[1]);
    mir_operand hi = small ? mir_op_const(0) : mir_op_temp(isel_s(c, ISA_S_MUL_HI_U32, 1, ops[0], ops[1]));
    isel_set(c, ins, 0, isel_create2(c, mir_op_temp(lo), hi, false));
  } else if (small) {
    isel_set(c, ins, 0, isel_create2(c, mir_op_temp(isel_v1(c, ISA_V_MUL_LO_U32, ops[0], ops[1])), mir_op_const(0), true));
  } else {
    isel_set(c, ins, 0, isel_mad_u64(c, ops[0], ops[1], zero64()));
  }
  return true;
}

/* A 64-bit x times a `b` below 2^32 (a size_t index times a constant):
 * the product of x's low half and b in full, plus x's high half times b
 * in the upper half; two multiplies fewer than the general product (one
 * v_mad_u32_u24 for the upper half when the range analysis bounds b below
 * 2^24 and x below 2^56, as llc-19 does from known bits). */
static bool sel_mul_64x32(isel_ctx *c, LLVMValueRef ins, LLVMValueRef x, LLVMValueRef b, LLVMValueRef addend) {
  mir_operand ops[3] = {isel_get_half(c, x, 0, false), isel_get_half(c, x, 0, true), lo_of(c, b)};
  if (!addend && !divergence_is_divergent(c->di, ins) && isel_all_salu(c, ops, 3)) {
    mir_temp lo = isel_s(c, ISA_S_MUL_I32, 1, ops[0], ops[2]);
    mir_temp h0 = isel_s(c, ISA_S_MUL_HI_U32, 1, ops[0], ops[2]);
    mir_temp h1 = isel_s(c, ISA_S_MUL_I32, 1, ops[1], ops[2]);
    mir_temp hi = isel_s(c, ISA_S_ADD_U32, 1, mir_op_temp(h0), mir_op_temp(h1));
    isel_set(c, ins, 0, isel_create2(c, mir_op_temp(lo), mir_op_temp(hi), false));
    return true;
  }
  /* with an addend (a divergent add(mul(x, b), y), mad_operand): its
   * 64 bits go into the v_mad_u64_u32, not a 64-bit add after it */
  mir_temp p = isel_mad_u64(c, ops[0], ops[2], addend ? isel_get(c, addend, 0) : zero64()), hi;
  if (isel_value_below(b, 1u << 24) && isel_value_below(x, (uint64_t)1 << 56)) {
    /* b and x's high half below 2^24: their product's low word plus the
     * carry-in half in one full-rate v_mad_u32_u24, not v_mul_lo_u32
     * (quarter rate) and v_add_u32 */
    hi = isel_v1_3(c, ISA_V_MAD_U32_U24, ops[1], ops[2], isel_half_of(c, mir_op_temp(p), true));
  } else {
    mir_temp h1 = isel_v1(c, ISA_V_MUL_LO_U32, ops[1], ops[2]);
    hi = isel_v1c(c, ISA_V_ADD_U32, isel_half_of(c, mir_op_temp(p), true), mir_op_temp(h1));
  }
  isel_set(c, ins, 0, isel_create2(c, isel_half_of(c, mir_op_temp(p), false), mir_op_temp(hi), true));
  return true;
}

static bool sel_add(isel_ctx *c, LLVMValueRef ins) {
  LLVMValueRef A = LLVMGetOperand(ins, 0), B = LLVMGetOperand(ins, 1), X;
  LLVMValueRef m = mad_operand(c, ins, &X);
  if (m && !narrow_mul(m)) {
    LLVMValueRef M0 = LLVMGetOperand(m, 0), M1 = LLVMGetOperand(m, 1);
    bool b1 = hi_zero(M1);
    /* the mul's value is this add's only: selected here, as its result */
    return sel_mul_64x32(c, ins, b1 ? M0 : M1, b1 ? M1 : M0, X);
  }
  if (m) {
    isel_set(c, ins, 0, isel_mad_u64(c, lo_of(c, LLVMGetOperand(m, 0)), lo_of(c, LLVMGetOperand(m, 1)), isel_get(c, X, 0)));
    return true;
  }
  /* gfx942: a divergent x + k for an inline constant k is one
   * v_lshl_add_u64 x, 0, k (isel_add64, through binop_64), not the
   * v_add_co_u32 + v_addc_co_u32 0 pair below; unless x's high half is
   * zero (a zext: the halves below need no register pair, which the
   * 64-bit form would build with two v_mov_b32) */
  if (divergence_is_divergent(c->di, ins) && isa_encoding(c->p->target->encoding, ISA_V_LSHL_ADD_U64) &&
      ((inline_int64(A) && !hi_zero(B)) || (inline_int64(B) && !hi_zero(A))))
    return false;
  bool za = hi_zero(A), zb = hi_zero(B);
  if (!za && !zb) return false;
  mir_operand al = za ? lo_of(c, A) : isel_get_half(c, A, 0, false);
  mir_operand ah = za ? mir_op_const(0) : isel_get_half(c, A, 0, true);
  mir_operand bl = zb ? lo_of(c, B) : isel_get_half(c, B, 0, false);
  mir_operand bh = zb ? mir_op_const(0) : isel_get_half(c, B, 0, true);
  mir_operand ops[4] = {al, ah, bl, bh};
  bool salu = !divergence_is_divergent(c->di, ins) && isel_all_salu(c, ops, 4);
  if (za && zb && isel_value_below(ins, 1ull << 32)) {
    mir_temp lo = salu ? isel_s(c, ISA_S_ADD_U32, 1, al, bl) : isel_v1c(c, ISA_V_ADD_U32, al, bl);
    isel_set(c, ins, 0, isel_create2(c, mir_op_temp(lo), mir_op_const(0), !salu));
    return true;
  }
  isel_set(c, ins, 0, isel_add64_halves(c, al, ah, bl, bh, !salu));
  return true;
}

bool isel_narrow64(isel_ctx *c, LLVMValueRef ins) {
  if (!is_i64(ins)) return false;
  switch (LLVMGetInstructionOpcode(ins)) {
  case LLVMMul: {
    LLVMValueRef A = LLVMGetOperand(ins, 0), B = LLVMGetOperand(ins, 1);
    if (narrow_mul(ins)) return sel_mul(c, ins);
    if (hi_zero(B)) return sel_mul_64x32(c, ins, A, B, NULL);
    if (hi_zero(A)) return sel_mul_64x32(c, ins, B, A, NULL);
    return false;
  }
  case LLVMAdd: return sel_add(c, ins);
  default: return false;
  }
}
