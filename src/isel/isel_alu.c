/* Instruction selection: integer and f32 arithmetic and logic,
 * select, vector element operations, and the dispatch of ALU instructions.
 *
 * SALU when the result is uniform and every operand is in an SGPR or a
 * constant, VALU otherwise. i8/i16 live in 32-bit registers whose upper
 * bits are undefined; operations that read them (compares, right shifts,
 * division, extension, conversion) extend first. i64 is an SGPR/VGPR pair
 * split into halves where the ISA has no 64-bit form.
 *
 * Elsewhere: compares in isel_cmp.c, extension and 64-bit add/sub/mul in
 * isel_int64.c, casts and dword packing in isel_cast.c, builders shared
 * by the selectors in isel_build.c, f32 division and square root in
 * isel_f32div.c, integer division and remainder in isel_div64.c.
 */
#include "isel/isel_internal.h"

static bool is_div(isel_ctx *c, LLVMValueRef v) { return divergence_is_divergent(c->di, v); }

/* ---- binary operators ---- */

/* The shift amount operand b (IR value B, element e) of a 32- or 64-bit
 * shift: y for B = y & m where m keeps the low 5 (6) bits, since the
 * hardware shifts read only those (Vega ISA guide, S_LSHL_B32 ..
 * V_ASHRREV_I64); the AND is then left to dce. */
static mir_operand shift_amount(isel_ctx *c, LLVMValueRef B, unsigned e, mir_operand b, unsigned bits) {
  if (!LLVMIsAInstruction(B) || LLVMGetInstructionOpcode(B) != LLVMAnd) return b;
  for (unsigned j = 0; j < 2; j++) {
    LLVMValueRef K = LLVMGetOperand(B, j), Y = LLVMGetOperand(B, 1 - j);
    if (LLVMGetTypeKind(LLVMTypeOf(K)) == LLVMVectorTypeKind && LLVMIsAConstant(K)) K = LLVMGetAggregateElement(K, e);
    if (!K || !LLVMIsAConstantInt(K) || (LLVMConstIntGetZExtValue(K) & (bits - 1)) != bits - 1) continue;
    if (LLVMIsAConstant(Y) || !isel_has(c, Y)) continue;
    mir_operand y = isel_get(c, Y, e);
    /* keep the operand in the same register file as the masked one */
    if (isel_opnd_is_vgpr(&y) != isel_opnd_is_vgpr(&b)) continue;
    return y;
  }
  return b;
}

/* The lo or hi half of a 64-bit operand o (IR value V): a constant when V
 * is a scalar constant (isel_get gives a register for wide literals). */
static mir_operand half_k(isel_ctx *c, LLVMValueRef V, mir_operand o, bool hi) {
  if (LLVMIsAConstantInt(V)) {
    uint64_t k = LLVMConstIntGetZExtValue(V);
    return mir_op_const((uint32_t)(hi ? k >> 32 : k));
  }
  return isel_half_src(c, o, hi);
}

/* Whether a half of the constant k is an identity or absorbing for opc
 * (then the operation costs at most one 32-bit instruction). */
static bool trivial_half(LLVMOpcode opc, uint32_t k) {
  return k == 0 || (opc != LLVMXor && k == 0xffffffffu);
}

/* One half of an i64 and/or/xor (IR operands A, B as a, b; VALU, or SALU
 * when `salu`); a constant half that is an identity (x & ~0, x | 0,
 * x ^ 0) or absorbing (x & 0, x | ~0) costs no instruction. */
static mir_operand logic_half_on(isel_ctx *c, LLVMOpcode opc, LLVMValueRef A, mir_operand a, LLVMValueRef B,
                                 mir_operand b, bool hi, bool salu) {
  mir_operand x = half_k(c, A, a, hi), y = half_k(c, B, b, hi);
  if (x.kind == MIR_OPND_CONST) {
    mir_operand t = x;
    x = y;
    y = t;
  }
  if (y.kind == MIR_OPND_CONST) {
    uint32_t k = y.imm;
    if ((opc == LLVMAnd && k == 0xffffffffu) || (opc != LLVMAnd && k == 0)) return x;
    if ((opc == LLVMAnd && k == 0) || (opc == LLVMOr && k == 0xffffffffu)) return y;
  }
  if (salu) {
    unsigned op = opc == LLVMAnd ? ISA_S_AND_B32 : opc == LLVMOr ? ISA_S_OR_B32 : ISA_S_XOR_B32;
    return mir_op_temp(isel_s(c, op, 1, x, y));
  }
  unsigned op = opc == LLVMAnd ? ISA_V_AND_B32 : opc == LLVMOr ? ISA_V_OR_B32 : ISA_V_XOR_B32;
  return mir_op_temp(isel_v1c(c, op, x, y));
}

static mir_operand logic_half(isel_ctx *c, LLVMOpcode opc, LLVMValueRef A, mir_operand a, LLVMValueRef B,
                              mir_operand b, bool hi) {
  return logic_half_on(c, opc, A, a, B, b, hi, false);
}

bool isel_bool_logic(isel_ctx *c, LLVMValueRef ins, LLVMOpcode opc, unsigned e, bool div) {
  LLVMValueRef A = LLVMGetOperand(ins, 0), B = LLVMGetOperand(ins, 1);
  wavecc_lane_opkind lop;
  /* i1 arithmetic wraps modulo 2 (LangRef): add and sub are xor, mul is
   * and (LSR's i1 induction variables, `add i1 %iv, true`, reach here
   * after the IR passes that would canonicalise them; and -O0/-O1) */
  if (opc == LLVMAdd || opc == LLVMSub) opc = LLVMXor;
  if (opc == LLVMMul) opc = LLVMAnd;
  switch (opc) {
  case LLVMAnd: lop = WAVECC_LANE_AND; break;
  case LLVMOr: lop = WAVECC_LANE_OR; break;
  case LLVMXor: lop = WAVECC_LANE_XOR; break;
  default: return false;
  }
  mir_operand a = isel_get(c, A, e), b = isel_get(c, B, e);
  bool bools = (a.kind != MIR_OPND_TEMP || (mir_rc_size((mir_rc)a.temp.rc) == 1 && !isel_is_lane_mask(c, &a))) &&
               (b.kind != MIR_OPND_TEMP || (mir_rc_size((mir_rc)b.temp.rc) == 1 && !isel_is_lane_mask(c, &b))) && !div;
  if (bools) {
    unsigned op32 = lop == WAVECC_LANE_AND ? ISA_S_AND_B32 : lop == WAVECC_LANE_OR ? ISA_S_OR_B32 : ISA_S_XOR_B32;
    isel_set(c, ins, e, isel_s(c, op32, 1, a, b));
  } else if (opc == LLVMXor && (a.kind == MIR_OPND_CONST || b.kind == MIR_OPND_CONST)) {
    /* xor with true (LLVM's not) or false: s_not_b64 or nothing, not
     * a materialised -1 and s_xor_b64 */
    bool bk = b.kind == MIR_OPND_CONST;
    mir_temp mx = isel_mask_of(c, bk ? A : B, e);
    if ((bk ? b.imm : a.imm) != 0) {
      mir_temp d = isel_lane_tmp(c);
      mir_instr *ni = isel_emit(c, isel_lane_op(c, WAVECC_LANE_NOT), 1, 1);
      ni->ops[0] = mir_op_temp(mx);
      ni->defs[0] = mir_op_temp(d);
      mx = d;
    }
    isel_set(c, ins, e, mx);
  } else {
    mir_temp ma = isel_mask_of(c, A, e), mb = isel_mask_of(c, B, e);
    isel_set(c, ins, e, isel_lane_s(c, lop, mir_op_temp(ma), mir_op_temp(mb)));
  }
  return true;
}

/* Element e of an f32 fadd/fmul/fsub/fdiv, operands a and b. */
static bool binop_f32(isel_ctx *c, LLVMValueRef ins, LLVMOpcode opc, unsigned e, mir_operand a, mir_operand b) {
  mir_temp d;
  switch (opc) {
  case LLVMFAdd: d = isel_v1c(c, ISA_V_ADD_F32, a, b); break;
  case LLVMFMul: d = isel_v1c(c, ISA_V_MUL_F32, a, b); break;
  case LLVMFSub:
    d = (!isel_opnd_is_vgpr(&b) && isel_opnd_is_vgpr(&a)) ? isel_v1(c, ISA_V_SUBREV_F32, b, a)
                                                          : isel_v1(c, ISA_V_SUB_F32, a, b);
    break;
  case LLVMFDiv: d = isel_fdiv32_of(c, ins, a, b); break; /* isel_f32div.c */
  default: return false;
  }
  isel_set(c, ins, e, d);
  return true;
}

/* Element e of an integer operation on i33..i64, operands a and b; SALU
 * when `salu`. */
/* A 64-bit integer constant A that is a double inline constant (llc-19:
 * `v_lshlrev_b64 v[0:1], v2, 0.5`) as the shifted source *x, instead of
 * an SGPR pair built by two s_mov_b32. Scalar constants only. */
static bool f64_inline_source(LLVMValueRef A, unsigned e, mir_operand *x) {
  if (e || x->kind != MIR_OPND_TEMP || !LLVMIsAConstantInt(A) || LLVMGetIntTypeWidth(LLVMTypeOf(A)) != 64) return false;
  return isel_f64_inline_const(LLVMConstIntGetZExtValue(A), x);
}

/* a + K, K + a or a - K (element e) for a 64-bit integer constant K that
 * is not an inline constant, on targets whose VOP3 takes a literal
 * (GFX10+): K's halves as literals of the two halves' adds (s_add_u32 /
 * s_addc_u32 or v_add_co_u32 / v_add_co_ci_u32), as llc-19 selects them,
 * instead of an SGPR pair built by two s_mov_b32 first; a - K as
 * a + (-K). False (nothing emitted) for other operands. */
static bool literal_add64(isel_ctx *c, LLVMValueRef A, LLVMValueRef B, unsigned e, bool sub, mir_operand a,
                          mir_operand b, bool salu, mir_temp *d) {
  if (!c->p->target->vop3_literal) return false;
  LLVMValueRef K = LLVMIsAConstantInt(B) ? B : (!sub && LLVMIsAConstantInt(A)) ? A : NULL;
  if (e || !K || LLVMGetIntTypeWidth(LLVMTypeOf(K)) > 64) return false;
  uint64_t k = LLVMConstIntGetZExtValue(K);
  if (sub) k = 0 - k;
  int64_t sk = (int64_t)k;
  if (sk >= -16 && sk <= 64) return false; /* an inline constant: isel_add64 keeps it in the instruction */
  mir_operand x = K == B ? a : b;
  *d = isel_add64_halves(c, isel_half_of(c, x, false), isel_half_of(c, x, true), mir_op_const((uint32_t)k),
                         mir_op_const((uint32_t)(k >> 32)), !salu);
  return true;
}

/* zext(x) | K (either order) for a 64-bit K whose low dword is 0, such
 * as the high bits a 32-bit constant address gets (cast-through-integers):
 * the halves do not overlap, so the result is the pair (zext's low
 * dword, K's high dword), no s_or_b64 and no zero high dword first.
 * False (nothing emitted) for other operands. */
static bool or_disjoint_halves(isel_ctx *c, LLVMValueRef A, mir_operand a, LLVMValueRef B, mir_operand b,
                               bool salu, mir_temp *d) {
  if (LLVMIsAConstantInt(A)) {
    LLVMValueRef T = A;
    mir_operand t = a;
    A = B, B = T, a = b, b = t;
  }
  if (!LLVMIsAConstantInt(B) || LLVMGetIntTypeWidth(LLVMTypeOf(B)) != 64 || !LLVMIsAZExtInst(A)) return false;
  uint64_t k = LLVMConstIntGetZExtValue(B);
  LLVMTypeRef st = LLVMTypeOf(LLVMGetOperand(A, 0));
  if ((uint32_t)k || LLVMGetTypeKind(st) != LLVMIntegerTypeKind || LLVMGetIntTypeWidth(st) > 32) return false;
  *d = isel_create2(c, isel_half_src(c, a, false), mir_op_const((uint32_t)(k >> 32)), !salu);
  return true;
}

static bool binop_64(isel_ctx *c, LLVMValueRef ins, LLVMOpcode opc, unsigned e, unsigned bits, mir_operand a,
                     mir_operand b, bool salu) {
  LLVMValueRef A = LLVMGetOperand(ins, 0), B = LLVMGetOperand(ins, 1);
  mir_temp d;
  if (bits < 64 && (opc == LLVMLShr || opc == LLVMAShr)) a = isel_ext64(c, a, bits, opc == LLVMAShr, salu);
  if (((opc == LLVMAdd || opc == LLVMSub) && literal_add64(c, A, B, e, opc == LLVMSub, a, b, salu, &d)) ||
      (opc == LLVMOr && !e && or_disjoint_halves(c, A, a, B, b, salu, &d))) {
    isel_set(c, ins, e, d);
    return true;
  }
  switch (opc) {
  case LLVMAdd: d = isel_add64(c, a, b, !salu); break;
  case LLVMSub: d = isel_sub64(c, a, b, !salu); break;
  case LLVMMul: d = isel_mul64(c, A, B, a, b, !salu); break;
  case LLVMAnd: case LLVMOr: case LLVMXor: {
    LLVMValueRef K = LLVMIsAConstantInt(B) ? B : LLVMIsAConstantInt(A) ? A : NULL;
    uint64_t kv = K ? LLVMConstIntGetZExtValue(K) : 0;
    if (salu && K && (trivial_half(opc, (uint32_t)kv) || trivial_half(opc, (uint32_t)(kv >> 32)))) {
      /* a constant with an identity or absorbing half (widen-odd-integers'
       * mask 2^W - 1 of an i33..i63, x & 0xffff_ffff_ffff): one s_and_b32
       * of the other half, not the constant's pair moved into SGPRs and
       * s_and_b64 */
      mir_operand lo = logic_half_on(c, opc, A, a, B, b, false, true), hi = logic_half_on(c, opc, A, a, B, b, true, true);
      d = isel_create2(c, lo, hi, false);
    } else if (salu) {
      unsigned op = opc == LLVMAnd ? ISA_S_AND_B64 : opc == LLVMOr ? ISA_S_OR_B64 : ISA_S_XOR_B64;
      mir_operand x = a, y = b;
      if (x.kind == MIR_OPND_CONST && x.size != 2) x = mir_op_temp(isel_to_sgpr(c, x, 2));
      if (y.kind == MIR_OPND_CONST && y.size != 2) y = mir_op_temp(isel_to_sgpr(c, y, 2));
      d = isel_s(c, op, 2, x, y);
    } else {
      mir_operand lo = logic_half(c, opc, A, a, B, b, false), hi = logic_half(c, opc, A, a, B, b, true);
      d = isel_create2(c, lo, hi, true);
    }
    break;
  }
  case LLVMShl: case LLVMLShr: case LLVMAShr: {
    mir_operand amt = isel_half_of(c, bits == 64 ? shift_amount(c, B, e, b, 64) : b, false);
    /* by 32..63: one 32-bit shift of a half (none by 32); uniform too,
     * where the 64-bit SALU shift of x >> 32 then only a trunc reads
     * cost an instruction the half itself does not */
    if (amt.kind == MIR_OPND_CONST && amt.imm >= 32 && amt.imm < 64) {
      d = isel_shift64_hi(c, opc, a, amt.imm - 32, !salu);
    } else if (salu) {
      unsigned op = opc == LLVMShl ? ISA_S_LSHL_B64 : opc == LLVMLShr ? ISA_S_LSHR_B64 : ISA_S_ASHR_I64;
      mir_operand x = a;
      if (!f64_inline_source(A, e, &x) && x.kind == MIR_OPND_CONST) x = mir_op_temp(isel_to_sgpr(c, x, 2));
      d = isel_s(c, op, 2, x, amt);
    } else {
      unsigned op = opc == LLVMShl ? ISA_V_LSHLREV_B64 : opc == LLVMLShr ? ISA_V_LSHRREV_B64 : ISA_V_ASHRREV_I64;
      mir_operand x = a;
      f64_inline_source(A, e, &x);
      if (x.kind == MIR_OPND_CONST && x.size != 2) x = mir_op_temp(isel_to_vgpr(c, x, 2));
      d = isel_tmp(c, mir_rc_v(2));
      mir_operand s[2] = {amt, x};
      isel_valu(c, op, &d, 1, s, 2, true);
    }
    break;
  }
  default:
    return false;
  }
  isel_set(c, ins, e, d);
  return true;
}

/* The largest value an unsigned dividend v of `bits` (<= 32) bits can
 * have: below 2^bits, or below the smallest power of two the range
 * analysis proves (isel_value_below: a masked or zero-extended value);
 * 0 when it may be any 32-bit value. */
static uint32_t dividend_max(LLVMValueRef v, unsigned bits) {
  for (unsigned k = 1; k < bits && k < 32; k++)
    if (isel_value_below(v, 1ull << k)) return (uint32_t)((1ull << k) - 1);
  return bits < 32 ? (uint32_t)((1ull << bits) - 1) : 0;
}

/* Element e of an integer operation on i32 and narrower, operands a and
 * b; SALU when `salu` (division: when uniform). */
static bool binop_32(isel_ctx *c, LLVMValueRef ins, LLVMOpcode opc, unsigned e, unsigned bits, mir_operand a,
                     mir_operand b, bool salu, bool div) {
  LLVMValueRef B = LLVMGetOperand(ins, 1);
  mir_temp d;
  if (bits == 32 && (opc == LLVMShl || opc == LLVMLShr || opc == LLVMAShr)) b = shift_amount(c, B, e, b, 32);
  switch (opc) {
  case LLVMAdd: d = salu ? isel_s(c, ISA_S_ADD_U32, 1, a, b) : isel_v1c(c, ISA_V_ADD_U32, a, b); break;
  case LLVMSub:
    d = salu ? isel_s(c, ISA_S_SUB_U32, 1, a, b)
             : ((!isel_opnd_is_vgpr(&b) && isel_opnd_is_vgpr(&a)) ? isel_v1(c, ISA_V_SUBREV_U32, b, a)
                                                                   : isel_v1(c, ISA_V_SUB_U32, a, b));
    break;
  case LLVMMul: d = salu ? isel_s(c, ISA_S_MUL_I32, 1, a, b) : isel_v1(c, ISA_V_MUL_LO_U32, a, b); break;
  case LLVMAnd: d = salu ? isel_s(c, ISA_S_AND_B32, 1, a, b) : isel_v1c(c, ISA_V_AND_B32, a, b); break;
  case LLVMOr: d = salu ? isel_s(c, ISA_S_OR_B32, 1, a, b) : isel_v1c(c, ISA_V_OR_B32, a, b); break;
  case LLVMXor: d = salu ? isel_s(c, ISA_S_XOR_B32, 1, a, b) : isel_v1c(c, ISA_V_XOR_B32, a, b); break;
  case LLVMShl:
    d = salu ? isel_s(c, ISA_S_LSHL_B32, 1, a, b) : isel_v1(c, ISA_V_LSHLREV_B32, b, a);
    break;
  case LLVMLShr: case LLVMAShr:
    if (bits < 32 && b.kind == MIR_OPND_CONST && b.imm > 0 && b.imm < bits &&
        (opc == LLVMAShr || !isel_upper_bits_zero(c, a, bits))) {
      /* iN >> k with the bits above N unknown: one bit-field extract of
       * bits k .. N-1 instead of clearing (sign-extending) and shifting */
      bool sg = opc == LLVMAShr;
      uint32_t w = bits - b.imm;
      d = salu ? isel_s(c, sg ? ISA_S_BFE_I32 : ISA_S_BFE_U32, 1, a, mir_op_const(b.imm | w << 16))
               : isel_v1_3(c, sg ? ISA_V_BFE_I32 : ISA_V_BFE_U32, a, b, mir_op_const(w));
      break;
    }
    if (opc == LLVMAShr) {
      a = isel_extend32(c, a, bits, true, salu);
      d = salu ? isel_s(c, ISA_S_ASHR_I32, 1, a, b) : isel_v1(c, ISA_V_ASHRREV_I32, b, a);
      break;
    }
    a = isel_extend32(c, a, bits, false, salu);
    d = salu ? isel_s(c, ISA_S_LSHR_B32, 1, a, b) : isel_v1(c, ISA_V_LSHRREV_B32, b, a);
    break;
  case LLVMUDiv: case LLVMURem:
    a = isel_extend32(c, a, bits, false, !div);
    b = isel_extend32(c, b, bits, false, !div);
    d = isel_udivrem32_below(c, opc, a, b, !div, b.kind == MIR_OPND_CONST ? dividend_max(LLVMGetOperand(ins, 0), bits) : 0);
    /* of zero-extended operands: the quotient is at most the dividend,
     * the remainder below the divisor */
    isel_mark_zero_above(c, d, bits);
    break;
  case LLVMSDiv: case LLVMSRem:
    a = isel_extend32(c, a, bits, true, !div);
    b = isel_extend32(c, b, bits, true, !div);
    d = isel_divrem32(c, opc, a, b, !div);
    break;
  default:
    return false;
  }
  isel_set(c, ins, e, d);
  return true;
}

/* A binary operator, element by element (false: a form wavecc does not
 * select). */
static bool sel_binop(isel_ctx *c, LLVMValueRef ins, LLVMOpcode opc) {
  LLVMValueRef A = LLVMGetOperand(ins, 0), B = LLVMGetOperand(ins, 1);
  LLVMTypeRef ty = LLVMTypeOf(ins);
  unsigned bits = isel_type_bits(ty), nc = isel_num_comps(ty);
  LLVMTypeKind sk = LLVMGetTypeKind(isel_scalar_type(ty));
  if (bits > 64) return false;
  bool div = is_div(c, ins);
  for (unsigned e = 0; e < nc; e++) {
    if (bits == 1) {
      if (!isel_bool_logic(c, ins, opc, e, div)) return false;
      continue;
    }
    mir_operand a = isel_get(c, A, e), b = isel_get(c, B, e);
    mir_operand ops[2] = {a, b};
    bool salu = !div && isel_all_salu(c, ops, 2);
    bool ok;
    if (sk == LLVMFloatTypeKind) ok = binop_f32(c, ins, opc, e, a, b);
    else if (sk != LLVMIntegerTypeKind) return false;
    else if (bits > 32) ok = binop_64(c, ins, opc, e, bits, a, b, salu);
    else ok = binop_32(c, ins, opc, e, bits, a, b, salu, div);
    if (!ok) return false;
  }
  return true;
}

/* ---- select ---- */

/* A number or a vector of numbers (not an address: isel_get gives those
 * their segment's form), whose dwords isel_get_half reads. */
static bool plain_const(LLVMValueRef v) {
  return LLVMIsAConstantInt(v) || LLVMIsAConstantFP(v) || LLVMIsAConstantDataVector(v);
}

static bool sel_select(isel_ctx *c, LLVMValueRef ins) {
  LLVMValueRef C = LLVMGetOperand(ins, 0), T = LLVMGetOperand(ins, 1), F = LLVMGetOperand(ins, 2);
  LLVMTypeRef ty = LLVMTypeOf(ins);
  unsigned bits = isel_type_bits(ty), nc = isel_num_comps(ty);
  bool vec_cond = LLVMGetTypeKind(LLVMTypeOf(C)) == LLVMVectorTypeKind;
  if (bits > 64) return false;
  for (unsigned e = 0; e < nc; e++) {
    unsigned ce = vec_cond ? e : 0;
    mir_operand co = isel_get(c, C, ce);
    if (co.kind == MIR_OPND_CONST) {
      LLVMValueRef pick = co.imm ? T : F;
      mir_operand o = isel_get(c, pick, e);
      unsigned dw = bits > 32 ? 2 : 1;
      bool v = isel_opnd_is_vgpr(&o) || is_div(c, ins);
      if (bits == 1) isel_set(c, ins, e, o.kind == MIR_OPND_TEMP ? o.temp : isel_mask_of(c, pick, e));
      else isel_set(c, ins, e, isel_as_temp(c, o, v, dw));
      continue;
    }
    if (bits == 1) {
      /* `a || b` and `a && b` as LLVM writes them (select c, true, b /
       * select c, b, false): one mask operation, not and + andn2 + or */
      mir_operand tc = isel_get(c, T, e), fc = isel_get(c, F, e);
      if (tc.kind == MIR_OPND_CONST || fc.kind == MIR_OPND_CONST) {
        bool on_t = tc.kind == MIR_OPND_CONST;
        bool one = (on_t ? tc.imm : fc.imm) != 0;
        mir_temp m = isel_mask_of(c, C, ce), o = isel_mask_of(c, on_t ? F : T, e);
        /* T const: c | f or f & ~c; F const: t | ~c or t & c */
        wavecc_lane_opkind op =
            on_t ? (one ? WAVECC_LANE_OR : WAVECC_LANE_ANDN2) : (one ? WAVECC_LANE_ORN2 : WAVECC_LANE_AND);
        isel_set(c, ins, e, isel_lane_s(c, op, mir_op_temp(o), mir_op_temp(m)));
        continue;
      }
      mir_temp m = isel_mask_of(c, C, ce), mt = isel_mask_of(c, T, e), mf = isel_mask_of(c, F, e);
      mir_temp x = isel_lane_s(c, WAVECC_LANE_AND, mir_op_temp(mt), mir_op_temp(m));
      mir_temp y = isel_lane_s(c, WAVECC_LANE_ANDN2, mir_op_temp(mf), mir_op_temp(m));
      isel_set(c, ins, e, isel_lane_s(c, WAVECC_LANE_OR, mir_op_temp(x), mir_op_temp(y)));
      continue;
    }
    mir_operand t = isel_get(c, T, e), f = isel_get(c, F, e);
    mir_operand ops[3] = {co, t, f};
    bool cbool = co.kind == MIR_OPND_TEMP && mir_rc_size((mir_rc)co.temp.rc) == 1 && !mir_rc_is_vgpr((mir_rc)co.temp.rc) &&
                 !isel_is_lane_mask(c, &co);
    if (cbool && !is_div(c, ins) && isel_all_salu(c, ops, 3)) {
      mir_temp scc = isel_scmp(c, ISA_S_CMP_LG_U32, co, mir_op_const(0));
      mir_temp d = isel_tmp(c, mir_rc_s(bits > 32 ? 2 : 1));
      if (bits > 32) {
        if (t.kind == MIR_OPND_CONST && t.size != 2) t = mir_op_temp(isel_to_sgpr(c, t, 2));
        if (f.kind == MIR_OPND_CONST && f.size != 2) f = mir_op_temp(isel_to_sgpr(c, f, 2));
      } else if (t.kind == MIR_OPND_CONST && f.kind == MIR_OPND_CONST && !isel_is_inline_const(t.imm) &&
                 !isel_is_inline_const(f.imm)) {
        t = mir_op_temp(isel_to_sgpr(c, t, 1));
      }
      mir_instr *cs = isel_emit(c, bits > 32 ? ISA_S_CSELECT_B64 : ISA_S_CSELECT_B32, 3, 1);
      cs->ops[0] = t;
      cs->ops[1] = f;
      cs->ops[2] = isel_scc_operand(scc);
      cs->defs[0] = mir_op_temp(d);
      isel_set(c, ins, e, d);
      continue;
    }
    mir_temp m = isel_mask_of(c, C, ce);
    if (bits > 32) {
      /* a constant's halves as constants (0 and -1 inline, a literal or a
       * move otherwise: isel_valu), not halves of the SGPR pair isel_get
       * makes of it (llc-19 -mcpu=gfx1030: v_cndmask_b32_e32 v0, 0x7f,
       * v0, vcc and v_cndmask_b32 v1, 0, ...; f_conv_float_sat.cl) */
      bool kf = plain_const(F), kt = plain_const(T);
      mir_operand h[2][2];
      for (unsigned hb = 0; hb < 2; hb++) {
        h[0][hb] = kf ? isel_get_half(c, F, e, hb) : isel_half_of(c, f, hb);
        h[1][hb] = kt ? isel_get_half(c, T, e, hb) : isel_half_of(c, t, hb);
      }
      mir_temp lo = isel_v1_3(c, ISA_V_CNDMASK_B32, h[0][0], h[1][0], mir_op_temp(m));
      mir_temp hi = isel_v1_3(c, ISA_V_CNDMASK_B32, h[0][1], h[1][1], mir_op_temp(m));
      isel_set(c, ins, e, isel_create2(c, mir_op_temp(lo), mir_op_temp(hi), true));
    } else {
      isel_set(c, ins, e, isel_v1_3(c, ISA_V_CNDMASK_B32, f, t, mir_op_temp(m)));
    }
  }
  return true;
}

/* The packed 16-bit shadow of shufflevector `ins` (isel_packed.c): result
 * dword w is a source's packed dword u when the mask takes that source's
 * elements 2u and 2u + 1 into elements 2w and 2w + 1 (a concatenation of
 * two loaded <2 x half>, as clang writes an MFMA's <4 x half> A operand),
 * so packing the result for a store or an MFMA reuses the loaded dword
 * instead of splitting and re-joining its halves. Only on the targets
 * with matrix cores (AGPRs) for now: the shadow changes gfx900's code too
 * (f_fatptr_wide.ll 204 -> 180 lines, f_vec_packed16.cl 520 -> 518,
 * f_half_fp16.cl 779 -> 781), which issue 25's session kept unchanged;
 * enabling it everywhere is issue 27's to measure. */
static void shuffle_packed_words(isel_ctx *c, LLVMValueRef ins, unsigned na, unsigned n) {
  if (isel_type_bits(LLVMTypeOf(ins)) != 16 || !c->p->target->agprs) return;
  LLVMValueRef A = LLVMGetOperand(ins, 0), B = LLVMGetOperand(ins, 1);
  for (unsigned w = 0; 2 * w + 1 < n; w++) {
    int m0 = LLVMGetMaskValue(ins, 2 * w), m1 = LLVMGetMaskValue(ins, 2 * w + 1);
    if (m0 < 0 || m1 != m0 + 1 || (m0 & 1) || ((unsigned)m0 < na) != ((unsigned)m1 < na)) continue;
    LLVMValueRef S = (unsigned)m0 < na ? A : B;
    unsigned u = ((unsigned)m0 < na ? (unsigned)m0 : (unsigned)m0 - na) / 2;
    mir_temp t = isel_packed_word(c, S, u);
    if (t.id) isel_packed_record(c, ins, w, t);
  }
}

/* ---- vectors ---- */

static mir_temp comp_temp(isel_ctx *c, LLVMValueRef v, unsigned e, bool div) {
  LLVMTypeRef st = isel_scalar_type(LLVMTypeOf(v));
  unsigned bits = isel_type_bits(st);
  if (bits == 1) return isel_mask_of(c, v, e);
  mir_operand o = isel_get(c, v, e);
  if (o.kind == MIR_OPND_TEMP) return o.temp;
  return isel_as_temp(c, o, div, bits > 32 ? 2 : 1);
}

static bool sel_vector(isel_ctx *c, LLVMValueRef ins, LLVMOpcode opc) {
  bool div = is_div(c, ins);
  if ((opc == LLVMExtractElement || opc == LLVMInsertElement) && isel_vector_index(c, ins, opc)) return true;
  if (opc == LLVMExtractElement && !LLVMIsAConstantInt(LLVMGetOperand(ins, 1))) {
    /* dynamic index: a chain of selects on idx == e */
    LLVMValueRef V = LLVMGetOperand(ins, 0), I = LLVMGetOperand(ins, 1);
    unsigned nc = isel_num_comps(LLVMTypeOf(V)), bits = isel_type_bits(LLVMTypeOf(ins));
    if (bits == 1 || bits > 64) return false;
    mir_operand idx = isel_get(c, I, 0);
    if (isel_type_bits(LLVMTypeOf(I)) > 32) idx = isel_half_of(c, idx, false);
    unsigned dw = bits > 32 ? 2 : 1;
    mir_temp r = isel_as_temp(c, isel_get(c, V, 0), true, dw);
    for (unsigned e = 1; e < nc; e++) {
      mir_temp m = isel_vcmp(c, ISA_V_CMP_EQ_U32, mir_op_const(e), idx);
      mir_operand x = isel_get(c, V, e);
      if (dw == 1) {
        r = isel_v1_3(c, ISA_V_CNDMASK_B32, mir_op_temp(r), x, mir_op_temp(m));
      } else {
        mir_temp lo = isel_v1_3(c, ISA_V_CNDMASK_B32, isel_half_of(c, mir_op_temp(r), false), isel_half_of(c, x, false), mir_op_temp(m));
        mir_temp hi = isel_v1_3(c, ISA_V_CNDMASK_B32, isel_half_of(c, mir_op_temp(r), true), isel_half_of(c, x, true), mir_op_temp(m));
        r = isel_create2(c, mir_op_temp(lo), mir_op_temp(hi), true);
      }
    }
    isel_set(c, ins, 0, r);
    return true;
  }
  if (opc == LLVMInsertElement && !LLVMIsAConstantInt(LLVMGetOperand(ins, 2))) {
    LLVMValueRef V = LLVMGetOperand(ins, 0), X = LLVMGetOperand(ins, 1), I = LLVMGetOperand(ins, 2);
    unsigned nc = isel_num_comps(LLVMTypeOf(ins)), bits = isel_type_bits(LLVMTypeOf(X));
    if (bits == 1 || bits > 64) return false;
    mir_operand idx = isel_get(c, I, 0);
    if (isel_type_bits(LLVMTypeOf(I)) > 32) idx = isel_half_of(c, idx, false);
    mir_operand x = isel_get(c, X, 0);
    mir_temp comps[ISEL_MAX_COMPS];
    for (unsigned e = 0; e < nc; e++) {
      mir_temp m = isel_vcmp(c, ISA_V_CMP_EQ_U32, mir_op_const(e), idx);
      if (bits <= 32) {
        comps[e] = isel_v1_3(c, ISA_V_CNDMASK_B32, isel_get(c, V, e), x, mir_op_temp(m));
        if (e + 1 == nc && isel_vidx_rebuilt(c, ins, comps, nc)) return true; /* an in-place array stays one tuple */
        continue;
      }
      /* 64-bit elements (<2 x double>): each half selected (as llc-19) */
      mir_operand v = isel_get(c, V, e), h[2];
      for (int k = 0; k < 2; k++)
        h[k] = mir_op_temp(isel_v1_3(c, ISA_V_CNDMASK_B32, isel_half_of(c, v, k), isel_half_of(c, x, k), mir_op_temp(m)));
      isel_set(c, ins, e, isel_create2(c, h[0], h[1], true));
    }
    if (bits <= 32)
      for (unsigned e = 0; e < nc; e++) isel_set(c, ins, e, comps[e]);
    return true;
  }
  if (opc == LLVMExtractElement) {
    LLVMValueRef V = LLVMGetOperand(ins, 0), I = LLVMGetOperand(ins, 1);
    if (!LLVMIsAConstantInt(I)) return false;
    unsigned idx = (unsigned)LLVMConstIntGetZExtValue(I);
    if (idx >= isel_num_comps(LLVMTypeOf(V))) return false;
    isel_set(c, ins, 0, comp_temp(c, V, idx, div));
    return true;
  }
  if (opc == LLVMInsertElement) {
    LLVMValueRef V = LLVMGetOperand(ins, 0), X = LLVMGetOperand(ins, 1), I = LLVMGetOperand(ins, 2);
    if (!LLVMIsAConstantInt(I)) return false;
    unsigned idx = (unsigned)LLVMConstIntGetZExtValue(I), nc = isel_num_comps(LLVMTypeOf(ins));
    if (idx >= nc || nc > ISEL_MAX_COMPS) return false;
    for (unsigned e = 0; e < nc; e++) isel_set(c, ins, e, e == idx ? comp_temp(c, X, 0, div) : comp_temp(c, V, e, div));
    return true;
  }
  if (opc == LLVMShuffleVector) {
    LLVMValueRef A = LLVMGetOperand(ins, 0), B = LLVMGetOperand(ins, 1);
    unsigned na = isel_num_comps(LLVMTypeOf(A)), n = LLVMGetNumMaskElements(ins);
    if (n > ISEL_MAX_COMPS) return false;
    for (unsigned e = 0; e < n; e++) {
      int m = LLVMGetMaskValue(ins, e);
      if (m < 0) m = 0;
      isel_set(c, ins, e, (unsigned)m < na ? comp_temp(c, A, (unsigned)m, div) : comp_temp(c, B, (unsigned)m - na, div));
    }
    shuffle_packed_words(c, ins, na, n);
    isel_packed8_shuffle(c, ins);
    return true;
  }
  return false;
}

bool isel_alu(isel_ctx *c, LLVMValueRef ins) {
  LLVMOpcode opc = LLVMGetInstructionOpcode(ins);
  LLVMTypeRef ty = LLVMTypeOf(ins);
  int sel = isel_packed_inst(c, ins); /* isel_packed.c: <N x i16> as VOP3P */
  if (sel < 0) sel = isel_f64_inst(c, ins);
  if (sel < 0) sel = isel_half_inst(c, ins);
  if (sel >= 0) return sel;
  switch (opc) {
  case LLVMAdd: case LLVMSub: case LLVMMul: case LLVMAnd: case LLVMOr: case LLVMXor:
  case LLVMShl: case LLVMLShr: case LLVMAShr: case LLVMUDiv: case LLVMSDiv: case LLVMURem: case LLVMSRem:
  case LLVMFAdd: case LLVMFSub: case LLVMFMul: case LLVMFDiv:
    if (opc == LLVMAdd && isel_dot_chain(c, ins)) return true; /* isel_dot.c */
    if ((ins != c->on_demand && isel_fuse_deferred(c, ins)) || isel_fuse(c, ins)) return true;
    if (isel_pk_f32_inst(c, ins, false) > 0) return true; /* isel_pk_f32.c: <2 x float> as v_pk_*_f32 */
    if (isel_narrow(c, ins) > 0) return true;
    if ((opc == LLVMUDiv || opc == LLVMSDiv || opc == LLVMURem || opc == LLVMSRem) && isel_divrem_small(c, ins))
      return true;
    if (isel_type_bits(ty) > 32 && (opc == LLVMUDiv || opc == LLVMSDiv || opc == LLVMURem || opc == LLVMSRem)) {
      if (isel_type_bits(ty) != 64) {
        isel_unsupported(c, ins, "integer division of this width");
        return true;
      }
      for (unsigned e = 0; e < isel_num_comps(ty); e++)
        isel_set(c, ins, e, isel_divrem64(c, ins, e));
      return true;
    }
    if (isel_type_bits(ty) > 64) {
      isel_unsupported(c, ins, "integer type wider than 64 bits");
      return true;
    }
    if ((ins != c->on_demand && isel_narrow_deferred(c, ins)) || isel_narrow64(c, ins)) return true; /* isel_narrow64.c */
    if (!sel_binop(c, ins, opc)) return false;
    isel_packed8_binop(c, ins); /* isel_packed8.c: the <N x i8> packed shadow */
    return true;
  case LLVMFNeg: {
    LLVMValueRef A = LLVMGetOperand(ins, 0);
    if (isel_type_bits(ty) != 32) return false;
    for (unsigned e = 0; e < isel_num_comps(ty); e++) {
      mir_operand a = isel_get(c, A, e);
      if (!is_div(c, ins) && !isel_opnd_is_vgpr(&a))
        isel_set(c, ins, e, isel_s(c, ISA_S_XOR_B32, 1, a, mir_op_const(0x80000000u)));
      else
        isel_set(c, ins, e, isel_v1c(c, ISA_V_XOR_B32, mir_op_const(0x80000000u), a));
    }
    return true;
  }
  case LLVMICmp: return isel_icmp(c, ins);
  case LLVMFCmp: return isel_fcmp(c, ins);
  case LLVMTrunc: case LLVMZExt: case LLVMSExt: case LLVMBitCast: case LLVMPtrToInt: case LLVMIntToPtr:
  case LLVMAddrSpaceCast: case LLVMSIToFP: case LLVMUIToFP: case LLVMFPToSI: case LLVMFPToUI:
    return isel_cast(c, ins, opc);
  case LLVMSelect:
    if (!sel_select(c, ins)) return false;
    isel_packed8_select(c, ins);
    return true;
  case LLVMExtractElement: case LLVMInsertElement: case LLVMShuffleVector: return sel_vector(c, ins, opc);
  case LLVMExtractValue: return isel_extract_value(c, ins); /* isel_aggregate.c */
  case LLVMInsertValue: return isel_insert_value(c, ins);
  case LLVMFreeze: {
    /* A divergent freeze of a uniform value is a copy into a VGPR made here
     * (loop_exit_copies.cpp: inside a loop, for its temporally divergent
     * uses after it); otherwise the value itself. */
    LLVMValueRef A = LLVMGetOperand(ins, 0);
    if (isel_vidx_freeze(c, ins)) return true; /* an in-place array stays one tuple */
    unsigned bits = isel_type_bits(isel_scalar_type(ty));
    for (unsigned e = 0; e < isel_num_comps(ty); e++)
      isel_set(c, ins, e, is_div(c, ins) && bits != 1 ? isel_to_vgpr(c, isel_get(c, A, e), bits > 32 ? 2 : 1)
                                                      : comp_temp(c, A, e, is_div(c, ins)));
    return true;
  }
  default:
    return false;
  }
}
