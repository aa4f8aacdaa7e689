/* Instruction selection: integer extension and 64-bit integer arithmetic.
 *
 * i8/i16 live in 32-bit registers whose upper bits are undefined and
 * i33..i63 in 64-bit pairs; the extenders normalise them before an
 * operation that reads those bits. i64 add, subtract and multiply are
 * split into 32-bit halves (the ISA has no 64-bit form of them):
 * s_add_u32/s_addc_u32 or v_add_co_u32/v_addc_co_u32 for the sum, and
 * the schoolbook product of the halves (the high-by-high term falls
 * outside 64 bits).
 */
#include "isel/isel_internal.h"

/* Zero- or sign-extend a small int (bits < 32) held in a 32-bit operand. */
mir_operand isel_extend32(isel_ctx *c, mir_operand o, unsigned bits, bool sign, bool salu) {
  if (bits >= 32 || (!sign && bits > 1 && isel_upper_bits_zero(c, o, bits))) return o;
  if (o.kind == MIR_OPND_CONST) {
    uint32_t m = bits == 32 ? 0xffffffffu : ((1u << bits) - 1);
    uint32_t v = o.imm & m;
    if (sign && (v >> (bits - 1)) & 1) v |= ~m;
    return mir_op_const(v);
  }
  if (bits == 1) {
    /* booleans are kept as 0/1 */
    if (!sign) return o;
    if (salu) return mir_op_temp(isel_s(c, ISA_S_SUB_I32, 1, mir_op_const(0), o));
    return mir_op_temp(isel_v1(c, ISA_V_SUB_U32, mir_op_const(0), o));
  }
  if (salu) {
    /* a uniform value may live in a VGPR (a sub-dword load: gfx9 has no
     * scalar byte load); SOP1 reads SGPRs only */
    if (isel_opnd_is_vgpr(&o)) o = mir_op_temp(isel_to_sgpr(c, o, 1));
    if (sign) {
      mir_temp d = isel_tmp(c, mir_rc_s(1));
      mir_instr *ins = isel_emit(c, bits == 8 ? ISA_S_SEXT_I32_I8 : ISA_S_SEXT_I32_I16, 1, 1);
      ins->ops[0] = o;
      ins->defs[0] = mir_op_temp(d);
      if (bits == 8 || bits == 16) return mir_op_temp(d);
      return mir_op_temp(isel_s(c, ISA_S_ASHR_I32, 1,
                                mir_op_temp(isel_s(c, ISA_S_LSHL_B32, 1, o, mir_op_const(32 - bits))),
                                mir_op_const(32 - bits)));
    }
    return mir_op_temp(isel_s(c, ISA_S_AND_B32, 1, o, mir_op_const((1u << bits) - 1)));
  }
  if (sign) return mir_op_temp(isel_v1_3(c, ISA_V_BFE_I32, o, mir_op_const(0), mir_op_const(bits)));
  return mir_op_temp(isel_v1c(c, ISA_V_AND_B32, mir_op_const((1u << bits) - 1), o));
}

bool isel_extend_shifted(isel_ctx *c, mir_operand o, unsigned bits, bool sign, mir_operand *out) {
  mir_operand x;
  unsigned k;
  if (bits >= 32 || !isel_shifted_from(c, o, &x, &k)) return false;
  /* o = x >> k: its low `bits` are x's field at k (the upper bits zero
   * from k + bits >= 32 on, and then the sign bit too when past 32) */
  if (k + bits > 32 || (!sign && k + bits == 32)) *out = o;
  else if (k + bits == 32) *out = mir_op_temp(isel_v1(c, ISA_V_ASHRREV_I32, mir_op_const(k), x));
  else *out = mir_op_temp(isel_v1_3(c, sign ? ISA_V_BFE_I32 : ISA_V_BFE_U32, x, mir_op_const(k), mir_op_const(bits)));
  return true;
}

/* Zero- or sign-extend an i33..i63 value held in a 64-bit operand. */
mir_operand isel_ext64(isel_ctx *c, mir_operand o, unsigned bits, bool sign, bool salu) {
  if (bits >= 64 || bits <= 32) return o;
  if (o.kind == MIR_OPND_CONST) {
    if (sign || (int32_t)o.imm >= 0) return o; /* constants are sign-extended already */
    o = mir_op_temp(isel_to_sgpr(c, o, 2));
  }
  mir_operand lo = isel_half_of(c, o, false), hi = isel_half_of(c, o, true);
  unsigned hb = bits - 32;
  if (salu && !isel_opnd_is_vgpr(&hi)) {
    if (sign) hi = mir_op_temp(isel_s(c, ISA_S_ASHR_I32, 1, mir_op_temp(isel_s(c, ISA_S_LSHL_B32, 1, hi, mir_op_const(32 - hb))),
                                      mir_op_const(32 - hb)));
    else hi = mir_op_temp(isel_s(c, ISA_S_AND_B32, 1, hi, mir_op_const((1u << hb) - 1)));
    return mir_op_temp(isel_create2(c, lo, hi, false));
  }
  if (sign) hi = mir_op_temp(isel_v1_3(c, ISA_V_BFE_I32, hi, mir_op_const(0), mir_op_const(hb)));
  else hi = mir_op_temp(isel_v1c(c, ISA_V_AND_B32, mir_op_const((1u << hb) - 1), hi));
  return mir_op_temp(isel_create2(c, lo, hi, true));
}

/* ---- 64-bit helpers ---- */

/* A VGPR pair {al op_lo bl, ah op_hi bh + carry}: the low half's carry
 * (borrow) out, an SGPR pair, feeds the high half (VOP3 forms). */
static mir_temp valu_carry_pair(isel_ctx *c, unsigned op_lo, unsigned op_hi, mir_operand al, mir_operand ah,
                                mir_operand bl, mir_operand bh) {
  mir_temp lo = isel_tmp(c, mir_rc_v(1)), carry = isel_lane_tmp(c);
  mir_temp d1[2] = {lo, carry};
  mir_operand s1[2] = {al, bl};
  isel_valu(c, op_lo, d1, 2, s1, 2, true);
  mir_temp hi = isel_tmp(c, mir_rc_v(1)), c2 = isel_lane_tmp(c);
  mir_temp d2[2] = {hi, c2};
  mir_operand s2[3] = {ah, bh, mir_op_temp(carry)};
  isel_valu(c, op_hi, d2, 2, s2, 3, true);
  return isel_create2(c, mir_op_temp(lo), mir_op_temp(hi), true);
}

/* A 64-bit register operand (a v2 or s2 temporary). */
static bool is_reg64(const mir_operand *o) { return o->kind == MIR_OPND_TEMP && mir_rc_size((mir_rc)o->temp.rc) == 2; }

/* A 64-bit inline constant (-16..64 sign-extended; isel_gep's and
 * isel_get's size-2 constants): no register, no literal needed. */
static bool is_inline64(const mir_operand *o) {
  return o->kind == MIR_OPND_CONST && o->size == 2 && (int32_t)o->imm >= -16 && (int32_t)o->imm <= 64;
}

mir_temp isel_add64(isel_ctx *c, mir_operand a, mir_operand b, bool vgpr) {
  /* gfx942: one v_lshl_add_u64 d, a, 0, b (a << 0 + b) for the carry pair,
   * as llc-19 selects it (FeatureLshlAddU64Inst); b may be an inline
   * constant (a pointer induction variable's step: v_lshl_add_u64 v, v, 0, 4) */
  if (is_inline64(&a) && is_reg64(&b)) {
    mir_operand t = a;
    a = b;
    b = t;
  }
  if (vgpr && is_reg64(&a) && (is_reg64(&b) || is_inline64(&b)) &&
      isa_encoding(c->p->target->encoding, ISA_V_LSHL_ADD_U64)) {
    if (!isel_opnd_is_vgpr(&b) && isel_opnd_is_vgpr(&a) && b.kind != MIR_OPND_CONST) {
      mir_operand t = a;
      a = b;
      b = t;
    }
    mir_temp d = isel_tmp(c, mir_rc_v(2));
    mir_operand srcs[3] = {a, mir_op_const(0), b};
    isel_valu(c, ISA_V_LSHL_ADD_U64, &d, 1, srcs, 3, true);
    return d;
  }
  return isel_add64_halves(c, isel_half_of(c, a, false), isel_half_of(c, a, true), isel_half_of(c, b, false),
                           isel_half_of(c, b, true), vgpr);
}

mir_temp isel_add64_halves(isel_ctx *c, mir_operand al, mir_operand ah, mir_operand bl, mir_operand bh, bool vgpr) {
  if (!vgpr) {
    mir_temp scc;
    mir_temp lo = isel_s_scc(c, ISA_S_ADD_U32, 1, al, bl, &scc);
    mir_temp hi = isel_tmp(c, mir_rc_s(1));
    mir_operand x = ah, y = bh;
    if (x.kind == MIR_OPND_TEMP && mir_rc_is_vgpr((mir_rc)x.temp.rc)) x = mir_op_temp(isel_to_sgpr(c, x, 1));
    if (y.kind == MIR_OPND_TEMP && mir_rc_is_vgpr((mir_rc)y.temp.rc)) y = mir_op_temp(isel_to_sgpr(c, y, 1));
    mir_instr *ins = isel_emit(c, ISA_S_ADDC_U32, 3, 1);
    ins->ops[0] = x;
    ins->ops[1] = y;
    ins->ops[2] = isel_scc_operand(scc);
    ins->defs[0] = mir_op_temp(hi);
    return isel_create2(c, mir_op_temp(lo), mir_op_temp(hi), false);
  }
  /* src1 of v_add_co/v_addc_co is a VGPR: each half puts a VGPR operand
   * there, else a register (a known-zero half, the constant 0, stays in
   * src0: no register holds it) */
  if (!isel_opnd_is_vgpr(&bl) && (isel_opnd_is_vgpr(&al) || bl.kind == MIR_OPND_CONST)) {
    mir_operand t = al;
    al = bl;
    bl = t;
  }
  if (!isel_opnd_is_vgpr(&bh) && (isel_opnd_is_vgpr(&ah) || bh.kind == MIR_OPND_CONST)) {
    mir_operand t = ah;
    ah = bh;
    bh = t;
  }
  return valu_carry_pair(c, ISA_V_ADD_CO_U32, ISA_V_ADDC_CO_U32, al, ah, bl, bh);
}

mir_temp isel_sub64(isel_ctx *c, mir_operand a, mir_operand b, bool vgpr) {
  /* gfx942: a - K for an inline constant -K as a + (-K), one v_lshl_add_u64 */
  if (vgpr && is_reg64(&a) && b.kind == MIR_OPND_CONST && b.size == 2 &&
      isa_encoding(c->p->target->encoding, ISA_V_LSHL_ADD_U64)) {
    mir_operand nk = mir_op_const(0u - b.imm);
    nk.size = 2;
    if (is_inline64(&nk)) return isel_add64(c, a, nk, true);
  }
  mir_operand al = isel_half_of(c, a, false), ah = isel_half_of(c, a, true);
  mir_operand bl = isel_half_of(c, b, false), bh = isel_half_of(c, b, true);
  if (!vgpr) {
    mir_temp scc;
    mir_temp lo = isel_s_scc(c, ISA_S_SUB_U32, 1, al, bl, &scc);
    mir_temp hi = isel_tmp(c, mir_rc_s(1));
    mir_instr *ins = isel_emit(c, ISA_S_SUBB_U32, 3, 1);
    ins->ops[0] = ah;
    ins->ops[1] = bh;
    ins->ops[2] = isel_scc_operand(scc);
    ins->defs[0] = mir_op_temp(hi);
    return isel_create2(c, mir_op_temp(lo), mir_op_temp(hi), false);
  }
  return valu_carry_pair(c, ISA_V_SUB_CO_U32, ISA_V_SUBB_CO_U32, al, ah, bl, bh);
}

/* isel_half_of, looking through a p_create_vector of two dwords emitted
 * shortly before in the current block: the half itself, with no extract
 * and no 2-dword temporary kept live for it (fewer aligned pairs for the
 * allocator to find). */
mir_operand isel_half_src(isel_ctx *c, mir_operand o, bool hi) {
  if (o.kind == MIR_OPND_TEMP && mir_rc_size((mir_rc)o.temp.rc) == 2) {
    const mir_block *b = &c->p->blocks[c->cur];
    for (uint32_t i = b->num_instrs, n = 0; i-- > 0 && n < 32; n++) {
      const mir_instr *in = b->instrs[i];
      if (in->num_defs != 1 || in->defs[0].kind != MIR_OPND_TEMP || in->defs[0].temp.id != o.temp.id) continue;
      if (in->opcode == MIR_P_CREATE_VECTOR && in->num_ops == 2 && in->ops[hi].kind == MIR_OPND_TEMP &&
          mir_rc_size((mir_rc)in->ops[hi].temp.rc) == 1 && !(in->ops[hi].flags & MIR_OPND_FIXED_REG))
        return in->ops[hi];
      break;
    }
  }
  return isel_half_of(c, o, hi);
}

/* What the IR proves about a 64-bit multiply operand: its value is a
 * zero-extended (MUL_Z) or sign-extended (MUL_S) 32-bit value. */
enum { MUL_Z = 1, MUL_S = 2 };

static unsigned mul_kind(LLVMValueRef v) {
  if (LLVMIsAConstantInt(v)) {
    uint64_t k = LLVMConstIntGetZExtValue(v);
    return (k >> 32 == 0 ? MUL_Z : 0) | ((uint64_t)(int64_t)(int32_t)k == k ? MUL_S : 0);
  }
  if (!v || !LLVMIsAInstruction(v)) return 0;
  LLVMOpcode op = LLVMGetInstructionOpcode(v);
  if (op == LLVMAnd || op == LLVMLShr || op == LLVMAShr) {
    /* x & 0xffffffff, x >> 32 (logical: zero-extended; arithmetic:
     * sign-extended) */
    LLVMValueRef k = LLVMGetOperand(v, 1);
    if (!LLVMIsAConstantInt(k) || isel_type_bits(LLVMTypeOf(v)) != 64) return 0;
    uint64_t m = LLVMConstIntGetZExtValue(k);
    if (op == LLVMAnd) return m >> 32 == 0 ? MUL_Z | (m >> 31 == 0 ? MUL_S : 0) : 0;
    if (m < 32 || m > 63) return 0;
    return op == LLVMAShr ? MUL_S : MUL_Z | (m > 32 ? MUL_S : 0);
  }
  if (op != LLVMZExt && op != LLVMSExt) return 0;
  unsigned sb = isel_type_bits(LLVMTypeOf(LLVMGetOperand(v, 0)));
  if (sb > 32 || sb == 1) return 0;
  if (op == LLVMSExt) return MUL_S;
  return MUL_Z | (sb < 32 ? MUL_S : 0);
}

static mir_temp mad64(isel_ctx *c, unsigned op, mir_operand a, mir_operand b) {
  mir_temp d[2] = {isel_tmp(c, mir_rc_v(2)), isel_lane_tmp(c)};
  mir_operand zero = mir_op_const(0);
  zero.size = 2;
  mir_operand s[3] = {a, b, zero};
  isel_valu(c, op, d, 2, s, 3, true);
  return d[0];
}

/* Low 64 bits of a * b from the 32-bit halves: al*bl in full, plus the
 * low words of al*bh and ah*bl in the high half (ah*bh lies above bit 63).
 * A half the IR proves zero (or a pure sign extension, for the signed
 * 32x32 product) drops its term. VALU: v_mad_u64_u32 / v_mad_i64_i32 with
 * a zero addend gives al*bl in one instruction; v_add3_u32 sums the
 * cross terms. */
mir_temp isel_mul64(isel_ctx *c, LLVMValueRef A, LLVMValueRef B, mir_operand a, mir_operand b, bool vgpr) {
  unsigned ka = mul_kind(A), kb = mul_kind(B);
  if (!(ka & MUL_Z) && (kb & MUL_Z)) {
    mir_operand t = a;
    a = b;
    b = t;
    unsigned tk = ka;
    ka = kb;
    kb = tk;
  }
  mir_operand al = isel_half_src(c, a, false), bl = isel_half_src(c, b, false);
  bool zz = (ka & MUL_Z) && (kb & MUL_Z), ss = !zz && (ka & MUL_S) && (kb & MUL_S);
  bool z1 = !zz && !ss && (ka & MUL_Z); /* a's high half is zero */
  mir_operand ah = (zz || ss || z1) ? mir_op_const(0) : isel_half_src(c, a, true);
  mir_operand bh = (zz || ss) ? mir_op_const(0) : isel_half_src(c, b, true);
  if (vgpr) {
    if (zz || ss) {
      /* two v1 halves rather than one v2 v_mad: the high half alone is
       * one instruction (mul_hi), and no 2-dword register is needed */
      mir_temp lo = isel_v1(c, ISA_V_MUL_LO_U32, al, bl);
      mir_temp hi = isel_v1(c, ss ? ISA_V_MUL_HI_I32 : ISA_V_MUL_HI_U32, al, bl);
      return isel_create2(c, mir_op_temp(lo), mir_op_temp(hi), true);
    }
    mir_temp p = mad64(c, ISA_V_MAD_U64_U32, al, bl);
    mir_operand plo = mir_op_temp(isel_extract(c, p, 0, 1)), phi = mir_op_temp(isel_extract(c, p, 1, 1));
    mir_temp hi;
    mir_temp t1 = isel_v1(c, ISA_V_MUL_LO_U32, al, bh);
    if (z1) {
      hi = isel_v1c(c, ISA_V_ADD_U32, phi, mir_op_temp(t1));
    } else {
      mir_temp t2 = isel_v1(c, ISA_V_MUL_LO_U32, ah, bl);
      hi = isel_v1_3(c, ISA_V_ADD3_U32, phi, mir_op_temp(t1), mir_op_temp(t2));
    }
    return isel_create2(c, plo, mir_op_temp(hi), true);
  }
  mir_temp lo = isel_s(c, ISA_S_MUL_I32, 1, al, bl);
  mir_temp hi = isel_s(c, ss ? ISA_S_MUL_HI_I32 : ISA_S_MUL_HI_U32, 1, al, bl);
  if (!zz && !ss) {
    hi = isel_s(c, ISA_S_ADD_U32, 1, mir_op_temp(hi), mir_op_temp(isel_s(c, ISA_S_MUL_I32, 1, al, bh)));
    if (!z1) hi = isel_s(c, ISA_S_ADD_U32, 1, mir_op_temp(hi), mir_op_temp(isel_s(c, ISA_S_MUL_I32, 1, ah, bl)));
  }
  return isel_create2(c, mir_op_temp(lo), mir_op_temp(hi), false);
}

/* A 64-bit shift by 32 + k (k < 32) moves one half into the other:
 * one 32-bit shift (none when k == 0) instead of a 64-bit one. Used for
 * VALU only: a uniform s_lshl_b64 is one instruction, and rebuilding the
 * pair from halves costs SGPR moves (more instructions over the corpus). */
mir_temp isel_shift64_hi(isel_ctx *c, LLVMOpcode opc, mir_operand a, unsigned k, bool vgpr) {
  mir_operand src = isel_half_src(c, a, opc != LLVMShl), moved = src, other = mir_op_const(0);
  unsigned op = opc == LLVMShl ? (vgpr ? ISA_V_LSHLREV_B32 : ISA_S_LSHL_B32)
                : opc == LLVMLShr ? (vgpr ? ISA_V_LSHRREV_B32 : ISA_S_LSHR_B32)
                                  : (vgpr ? ISA_V_ASHRREV_I32 : ISA_S_ASHR_I32);
  if (src.kind == MIR_OPND_CONST) src = mir_op_temp(isel_as_temp(c, src, vgpr, 1));
  if (k) moved = mir_op_temp(vgpr ? isel_v1(c, op, mir_op_const(k), src) : isel_s(c, op, 1, src, mir_op_const(k)));
  if (opc == LLVMAShr)
    other = mir_op_temp(vgpr ? isel_v1(c, op, mir_op_const(31), src) : isel_s(c, op, 1, src, mir_op_const(31)));
  if (opc == LLVMShl) return isel_create2(c, other, moved, vgpr);
  return isel_create2(c, moved, other, vgpr);
}

/* ---- 64-bit helpers for the signed forms ---- */

mir_temp isel_v64(isel_ctx *c, mir_operand o) {
  if (o.kind == MIR_OPND_TEMP && mir_rc_is_vgpr((mir_rc)o.temp.rc)) return o.temp;
  mir_operand lo = isel_half_of(c, o, false), hi = isel_half_of(c, o, true);
  return isel_create2(c, lo, hi, true);
}

mir_temp isel_neg64_if(isel_ctx *c, mir_temp x, mir_temp sign) {
  /* (x ^ s) - s with s = 0 or -1 in both halves */
  mir_temp lo = isel_v1c(c, ISA_V_XOR_B32, mir_op_temp(sign), isel_half_of(c, mir_op_temp(x), false));
  mir_temp hi = isel_v1c(c, ISA_V_XOR_B32, mir_op_temp(sign), isel_half_of(c, mir_op_temp(x), true));
  mir_temp s2 = isel_create2(c, mir_op_temp(sign), mir_op_temp(sign), true);
  return isel_sub64(c, mir_op_temp(isel_create2(c, mir_op_temp(lo), mir_op_temp(hi), true)), mir_op_temp(s2), true);
}
