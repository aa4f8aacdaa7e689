/* Instruction selection: arithmetic, logic, compares, casts, select,
 * vectors and intrinsics.
 *
 * SALU when the result is uniform and every operand is in an SGPR or a
 * constant, VALU otherwise. i8/i16 live in 32-bit registers whose upper
 * bits are undefined; operations that read them (compares, right shifts,
 * division, extension, conversion) extend first. i64 is an SGPR/VGPR pair
 * split into halves where the ISA has no 64-bit form.
 *
 * Expansions follow the Vega ISA guide and AMD's published sequences:
 *  - integer division and remainder: isel_div64.c (32 and 64 bits).
 *  - f32 division, correctly rounded: v_div_scale_f32 (scales operands out
 *    of the denormal/overflow range and sets VCC), v_rcp_f32 refined by
 *    FMAs, v_div_fmas_f32 (undoes the scaling from VCC), v_div_fixup_f32
 *    (special cases: 0, inf, NaN). When the kernel flushes f32 denormals
 *    the refinement FMAs need denormals on (as in llc-19's code), since
 *    their scaled residuals may be denormal: they carry a fixed MODE field
 *    (mir_instr.fpmode) and the MODE pass writes MODE around them.
 */
#include <string.h>

#include "isel/isel_internal.h"

static bool is_div(isel_ctx *c, LLVMValueRef v) { return divergence_is_divergent(c->di, v); }

bool isel_all_salu(isel_ctx *c, mir_operand *ops, unsigned n) {
  (void)c;
  for (unsigned i = 0; i < n; i++)
    if (isel_opnd_is_vgpr(&ops[i])) return false;
  return true;
}

/* VOP2 with commuting operands: keep a VGPR in src1. */
mir_temp isel_v1c(isel_ctx *c, unsigned op, mir_operand a, mir_operand b) {
  if (!isel_opnd_is_vgpr(&b) && isel_opnd_is_vgpr(&a)) return isel_v1(c, op, b, a);
  return isel_v1(c, op, a, b);
}

mir_temp isel_as_temp(isel_ctx *c, mir_operand o, bool vgpr, unsigned dw) {
  if (o.kind == MIR_OPND_TEMP && mir_rc_is_vgpr((mir_rc)o.temp.rc) == vgpr) return o.temp;
  return vgpr ? isel_to_vgpr(c, o, dw) : isel_to_sgpr(c, o, dw);
}

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

/* Zero- or sign-extend an i33..i63 value held in a 64-bit operand. */
static mir_operand ext64(isel_ctx *c, mir_operand o, unsigned bits, bool sign, bool salu) {
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

mir_temp isel_add64(isel_ctx *c, mir_operand a, mir_operand b, bool vgpr) {
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
    ins->ops[2] = mir_op_temp(scc);
    ins->ops[2].flags |= MIR_OPND_FIXED_REG;
    ins->ops[2].preg = MIR_PREG_SCC;
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
  mir_temp lo = isel_tmp(c, mir_rc_v(1)), carry = isel_tmp(c, mir_rc_s(2));
  mir_temp d1[2] = {lo, carry};
  mir_operand s1[2] = {al, bl};
  isel_valu(c, ISA_V_ADD_CO_U32, d1, 2, s1, 2, true);
  mir_temp hi = isel_tmp(c, mir_rc_v(1)), c2 = isel_tmp(c, mir_rc_s(2));
  mir_temp d2[2] = {hi, c2};
  mir_operand s2[3] = {ah, bh, mir_op_temp(carry)};
  isel_valu(c, ISA_V_ADDC_CO_U32, d2, 2, s2, 3, true);
  return isel_create2(c, mir_op_temp(lo), mir_op_temp(hi), true);
}

mir_temp isel_sub64(isel_ctx *c, mir_operand a, mir_operand b, bool vgpr) {
  mir_operand al = isel_half_of(c, a, false), ah = isel_half_of(c, a, true);
  mir_operand bl = isel_half_of(c, b, false), bh = isel_half_of(c, b, true);
  if (!vgpr) {
    mir_temp scc;
    mir_temp lo = isel_s_scc(c, ISA_S_SUB_U32, 1, al, bl, &scc);
    mir_temp hi = isel_tmp(c, mir_rc_s(1));
    mir_instr *ins = isel_emit(c, ISA_S_SUBB_U32, 3, 1);
    ins->ops[0] = ah;
    ins->ops[1] = bh;
    ins->ops[2] = mir_op_temp(scc);
    ins->ops[2].flags |= MIR_OPND_FIXED_REG;
    ins->ops[2].preg = MIR_PREG_SCC;
    ins->defs[0] = mir_op_temp(hi);
    return isel_create2(c, mir_op_temp(lo), mir_op_temp(hi), false);
  }
  mir_temp lo = isel_tmp(c, mir_rc_v(1)), carry = isel_tmp(c, mir_rc_s(2));
  mir_temp d1[2] = {lo, carry};
  mir_operand s1[2] = {al, bl};
  isel_valu(c, ISA_V_SUB_CO_U32, d1, 2, s1, 2, true);
  mir_temp hi = isel_tmp(c, mir_rc_v(1)), c2 = isel_tmp(c, mir_rc_s(2));
  mir_temp d2[2] = {hi, c2};
  mir_operand s2[3] = {ah, bh, mir_op_temp(carry)};
  isel_valu(c, ISA_V_SUBB_CO_U32, d2, 2, s2, 3, true);
  return isel_create2(c, mir_op_temp(lo), mir_op_temp(hi), true);
}

static mir_temp mul64(isel_ctx *c, mir_operand a, mir_operand b, bool vgpr) {
  mir_operand al = isel_half_of(c, a, false), ah = isel_half_of(c, a, true);
  mir_operand bl = isel_half_of(c, b, false), bh = isel_half_of(c, b, true);
  mir_temp lo, hi;
  if (!vgpr) {
    lo = isel_s(c, ISA_S_MUL_I32, 1, al, bl);
    mir_temp h0 = isel_s(c, ISA_S_MUL_HI_U32, 1, al, bl);
    mir_temp h1 = isel_s(c, ISA_S_MUL_I32, 1, al, bh);
    mir_temp h2 = isel_s(c, ISA_S_MUL_I32, 1, ah, bl);
    hi = isel_s(c, ISA_S_ADD_U32, 1, mir_op_temp(h0), mir_op_temp(h1));
    hi = isel_s(c, ISA_S_ADD_U32, 1, mir_op_temp(hi), mir_op_temp(h2));
  } else {
    lo = isel_v1(c, ISA_V_MUL_LO_U32, al, bl);
    mir_temp h0 = isel_v1(c, ISA_V_MUL_HI_U32, al, bl);
    mir_temp h1 = isel_v1(c, ISA_V_MUL_LO_U32, al, bh);
    mir_temp h2 = isel_v1(c, ISA_V_MUL_LO_U32, ah, bl);
    hi = isel_v1(c, ISA_V_ADD_U32, mir_op_temp(h0), mir_op_temp(h1));
    hi = isel_v1(c, ISA_V_ADD_U32, mir_op_temp(hi), mir_op_temp(h2));
  }
  return isel_create2(c, mir_op_temp(lo), mir_op_temp(hi), vgpr);
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

/* ---- f32 division ---- */

void isel_div_scale(isel_ctx *c, unsigned op, mir_operand a, mir_operand b, mir_temp *den, mir_temp *num,
                    mir_temp *vcc) {
  unsigned dw = op == ISA_V_DIV_SCALE_F64 ? 2 : 1;
  mir_temp vcc_unused = isel_tmp(c, mir_rc_s(2));
  *den = isel_tmp(c, mir_rc_v(dw));
  mir_temp d1[2] = {*den, vcc_unused};
  mir_operand s1[3] = {b, b, a};
  isel_valu(c, op, d1, 2, s1, 3, true);
  *num = isel_tmp(c, mir_rc_v(dw));
  *vcc = isel_tmp(c, mir_rc_s(2));
  mir_temp d2[2] = {*num, *vcc};
  mir_operand s2[3] = {a, b, a};
  mir_instr *ds = isel_valu(c, op, d2, 2, s2, 3, true);
  ds->defs[1].flags |= MIR_OPND_FIXED_REG;
  ds->defs[1].preg = MIR_PREG_VCC;
}

static mir_temp fdiv32(isel_ctx *c, mir_operand a, mir_operand b, bool denormal_region) {
  mir_temp den, num, vcc;
  isel_div_scale(c, ISA_V_DIV_SCALE_F32, a, b, &den, &num, &vcc);
  mir_temp r = isel_v1_1(c, ISA_V_RCP_F32, mir_op_temp(den));
  /* The refinement needs denormals: its scaled residuals can be tiny. */
  uint32_t region = isel_fpmode_begin(c);
  mir_operand nden = mir_op_temp(den);
  nden.flags |= MIR_OPND_NEG;
  mir_temp t = isel_v1_3(c, ISA_V_FMA_F32, nden, mir_op_temp(r), mir_op_const(0x3f800000u));
  r = isel_v1_3(c, ISA_V_FMA_F32, mir_op_temp(t), mir_op_temp(r), mir_op_temp(r));
  mir_temp q = isel_v1(c, ISA_V_MUL_F32, mir_op_temp(num), mir_op_temp(r));
  mir_temp t2 = isel_v1_3(c, ISA_V_FMA_F32, nden, mir_op_temp(q), mir_op_temp(num));
  q = isel_v1_3(c, ISA_V_FMA_F32, mir_op_temp(t2), mir_op_temp(r), mir_op_temp(q));
  mir_temp t3 = isel_v1_3(c, ISA_V_FMA_F32, nden, mir_op_temp(q), mir_op_temp(num));
  if (denormal_region && isel_denorm32_flushed(c)) isel_fpmode_end(c, region, ISA_MODE_DENORM32, 3);
  mir_temp f = isel_div_fmas(c, ISA_V_DIV_FMAS_F32, t3, r, q, vcc);
  return isel_v1_3(c, ISA_V_DIV_FIXUP_F32, mir_op_temp(f), b, a);
}

mir_temp isel_fdiv32(isel_ctx *c, mir_operand a, mir_operand b) { return fdiv32(c, a, b, true); }

mir_temp isel_fdiv32_of_halves(isel_ctx *c, mir_operand a, mir_operand b) { return fdiv32(c, a, b, false); }

mir_temp isel_div_fmas(isel_ctx *c, unsigned op, mir_temp e, mir_temp r, mir_temp q, mir_temp vcc) {
  mir_temp f = isel_tmp(c, mir_rc_v(op == ISA_V_DIV_FMAS_F64 ? 2 : 1));
  mir_instr *fm = isel_emit(c, op, 4, 1);
  fm->ops[0] = mir_op_temp(e);
  fm->ops[1] = mir_op_temp(r);
  fm->ops[2] = mir_op_temp(q);
  fm->ops[3] = mir_op_temp(vcc);
  fm->ops[3].flags |= MIR_OPND_FIXED_REG;
  fm->ops[3].preg = MIR_PREG_VCC;
  fm->defs[0] = mir_op_temp(f);
  return f;
}

/* ---- compares ---- */

static bool icmp_ops(LLVMIntPredicate pr, unsigned *sop, unsigned *vop32, unsigned *vop64, bool *sign) {
  *sign = pr == LLVMIntSGT || pr == LLVMIntSGE || pr == LLVMIntSLT || pr == LLVMIntSLE;
  switch (pr) {
  case LLVMIntEQ: *sop = ISA_S_CMP_EQ_U32; *vop32 = ISA_V_CMP_EQ_U32; *vop64 = ISA_V_CMP_EQ_U64; return true;
  case LLVMIntNE: *sop = ISA_S_CMP_LG_U32; *vop32 = ISA_V_CMP_NE_U32; *vop64 = ISA_V_CMP_NE_U64; return true;
  case LLVMIntUGT: *sop = ISA_S_CMP_GT_U32; *vop32 = ISA_V_CMP_GT_U32; *vop64 = ISA_V_CMP_GT_U64; return true;
  case LLVMIntUGE: *sop = ISA_S_CMP_GE_U32; *vop32 = ISA_V_CMP_GE_U32; *vop64 = ISA_V_CMP_GE_U64; return true;
  case LLVMIntULT: *sop = ISA_S_CMP_LT_U32; *vop32 = ISA_V_CMP_LT_U32; *vop64 = ISA_V_CMP_LT_U64; return true;
  case LLVMIntULE: *sop = ISA_S_CMP_LE_U32; *vop32 = ISA_V_CMP_LE_U32; *vop64 = ISA_V_CMP_LE_U64; return true;
  case LLVMIntSGT: *sop = ISA_S_CMP_GT_I32; *vop32 = ISA_V_CMP_GT_I32; *vop64 = ISA_V_CMP_GT_I64; return true;
  case LLVMIntSGE: *sop = ISA_S_CMP_GE_I32; *vop32 = ISA_V_CMP_GE_I32; *vop64 = ISA_V_CMP_GE_I64; return true;
  case LLVMIntSLT: *sop = ISA_S_CMP_LT_I32; *vop32 = ISA_V_CMP_LT_I32; *vop64 = ISA_V_CMP_LT_I64; return true;
  case LLVMIntSLE: *sop = ISA_S_CMP_LE_I32; *vop32 = ISA_V_CMP_LE_I32; *vop64 = ISA_V_CMP_LE_I64; return true;
  default: return false;
  }
}

static bool sel_icmp(isel_ctx *c, LLVMValueRef ins) {
  LLVMValueRef A = LLVMGetOperand(ins, 0), B = LLVMGetOperand(ins, 1);
  LLVMIntPredicate pr = LLVMGetICmpPredicate(ins);
  unsigned bits = isel_type_bits(LLVMTypeOf(A)), nc = isel_num_comps(LLVMTypeOf(A));
  unsigned sop, vop32, vop64;
  bool sign;
  if (!icmp_ops(pr, &sop, &vop32, &vop64, &sign) || bits > 64) return false;
  for (unsigned e = 0; e < nc; e++) {
    if (bits == 1) {
      /* i1 compares: eq = xnor, ne = xor on masks */
      if (pr != LLVMIntEQ && pr != LLVMIntNE) return false;
      mir_temp ma = isel_mask_of(c, A, e), mb = isel_mask_of(c, B, e);
      mir_temp x = isel_s(c, pr == LLVMIntEQ ? ISA_S_XNOR_B64 : ISA_S_XOR_B64, 2, mir_op_temp(ma), mir_op_temp(mb));
      isel_set(c, ins, e, x);
      continue;
    }
    mir_operand a = isel_get(c, A, e), b = isel_get(c, B, e);
    mir_operand ops[2] = {a, b};
    bool salu = !is_div(c, ins) && isel_all_salu(c, ops, 2);
    if (bits > 32) {
      if (bits < 64) {
        a = ext64(c, a, bits, sign, salu);
        b = ext64(c, b, bits, sign, salu);
      }
      if (salu && (pr == LLVMIntEQ || pr == LLVMIntNE)) {
        mir_operand x = a, y = b;
        if (x.kind == MIR_OPND_CONST && x.size != 2) x = mir_op_temp(isel_to_sgpr(c, x, 2));
        if (y.kind == MIR_OPND_CONST && y.size != 2) y = mir_op_temp(isel_to_sgpr(c, y, 2));
        mir_temp scc = isel_scmp(c, pr == LLVMIntEQ ? ISA_S_CMP_EQ_U64 : ISA_S_CMP_LG_U64, x, y);
        isel_set(c, ins, e, isel_scc_to_bool(c, scc));
        continue;
      }
      if (a.kind == MIR_OPND_CONST && a.size != 2) a = mir_op_temp(isel_to_vgpr(c, a, 2));
      if (b.kind == MIR_OPND_CONST && b.size != 2) b = mir_op_temp(isel_to_vgpr(c, b, 2));
      isel_set(c, ins, e, isel_vcmp(c, vop64, a, b));
      continue;
    }
    if (bits < 32) {
      a = isel_extend32(c, a, bits, sign, salu);
      b = isel_extend32(c, b, bits, sign, salu);
    }
    if (salu) {
      mir_temp scc = isel_scmp(c, sop, a, b);
      isel_set(c, ins, e, isel_scc_to_bool(c, scc));
    } else {
      isel_set(c, ins, e, isel_vcmp(c, vop32, a, b));
    }
  }
  return true;
}

static bool sel_fcmp(isel_ctx *c, LLVMValueRef ins) {
  LLVMValueRef A = LLVMGetOperand(ins, 0), B = LLVMGetOperand(ins, 1);
  if (isel_type_bits(LLVMTypeOf(A)) != 32) return false;
  unsigned op;
  switch (LLVMGetFCmpPredicate(ins)) {
  case LLVMRealOEQ: op = ISA_V_CMP_EQ_F32; break;
  case LLVMRealOGT: op = ISA_V_CMP_GT_F32; break;
  case LLVMRealOGE: op = ISA_V_CMP_GE_F32; break;
  case LLVMRealOLT: op = ISA_V_CMP_LT_F32; break;
  case LLVMRealOLE: op = ISA_V_CMP_LE_F32; break;
  case LLVMRealONE: op = ISA_V_CMP_LG_F32; break;
  case LLVMRealORD: op = ISA_V_CMP_O_F32; break;
  case LLVMRealUNO: op = ISA_V_CMP_U_F32; break;
  case LLVMRealUEQ: op = ISA_V_CMP_NLG_F32; break;
  case LLVMRealUGT: op = ISA_V_CMP_NLE_F32; break;
  case LLVMRealUGE: op = ISA_V_CMP_NLT_F32; break;
  case LLVMRealULT: op = ISA_V_CMP_NGE_F32; break;
  case LLVMRealULE: op = ISA_V_CMP_NGT_F32; break;
  case LLVMRealUNE: op = ISA_V_CMP_NEQ_F32; break;
  case LLVMRealPredicateTrue: op = 0; break;
  default: op = 1; break; /* false */
  }
  unsigned nc = isel_num_comps(LLVMTypeOf(A));
  for (unsigned e = 0; e < nc; e++) {
    if (op <= 1) {
      mir_operand k = mir_op_const(op == 0 ? 0xffffffffu : 0);
      k.size = 2;
      isel_set(c, ins, e, isel_to_sgpr(c, k, 2));
      continue;
    }
    isel_set(c, ins, e, isel_vcmp(c, op, isel_get(c, A, e), isel_get(c, B, e)));
  }
  return true;
}

/* ---- binary operators ---- */

static bool sel_binop(isel_ctx *c, LLVMValueRef ins, LLVMOpcode opc) {
  LLVMValueRef A = LLVMGetOperand(ins, 0), B = LLVMGetOperand(ins, 1);
  LLVMTypeRef ty = LLVMTypeOf(ins);
  unsigned bits = isel_type_bits(ty), nc = isel_num_comps(ty);
  LLVMTypeKind sk = LLVMGetTypeKind(isel_scalar_type(ty));
  if (bits > 64) return false;
  bool div = is_div(c, ins);
  for (unsigned e = 0; e < nc; e++) {
    if (bits == 1) {
      unsigned sop;
      switch (opc) {
      case LLVMAnd: sop = ISA_S_AND_B64; break;
      case LLVMOr: sop = ISA_S_OR_B64; break;
      case LLVMXor: sop = ISA_S_XOR_B64; break;
      default: return false;
      }
      mir_operand a = isel_get(c, A, e), b = isel_get(c, B, e);
      bool bools = (a.kind != MIR_OPND_TEMP || mir_rc_size((mir_rc)a.temp.rc) == 1) &&
                   (b.kind != MIR_OPND_TEMP || mir_rc_size((mir_rc)b.temp.rc) == 1) && !div;
      if (bools) {
        unsigned op32 = sop == ISA_S_AND_B64 ? ISA_S_AND_B32 : sop == ISA_S_OR_B64 ? ISA_S_OR_B32 : ISA_S_XOR_B32;
        isel_set(c, ins, e, isel_s(c, op32, 1, a, b));
      } else {
        mir_temp ma = isel_mask_of(c, A, e), mb = isel_mask_of(c, B, e);
        isel_set(c, ins, e, isel_s(c, sop, 2, mir_op_temp(ma), mir_op_temp(mb)));
      }
      continue;
    }
    mir_operand a = isel_get(c, A, e), b = isel_get(c, B, e);
    mir_operand ops[2] = {a, b};
    bool salu = !div && isel_all_salu(c, ops, 2);
    if (sk == LLVMFloatTypeKind) {
      mir_temp d;
      switch (opc) {
      case LLVMFAdd: d = isel_v1c(c, ISA_V_ADD_F32, a, b); break;
      case LLVMFMul: d = isel_v1c(c, ISA_V_MUL_F32, a, b); break;
      case LLVMFSub:
        d = (!isel_opnd_is_vgpr(&b) && isel_opnd_is_vgpr(&a)) ? isel_v1(c, ISA_V_SUBREV_F32, b, a)
                                                              : isel_v1(c, ISA_V_SUB_F32, a, b);
        break;
      case LLVMFDiv: d = isel_fdiv32(c, a, b); break;
      default: return false;
      }
      isel_set(c, ins, e, d);
      continue;
    }
    if (sk != LLVMIntegerTypeKind) return false;
    if (bits > 32) {
      mir_temp d;
      if (bits < 64 && (opc == LLVMLShr || opc == LLVMAShr)) a = ext64(c, a, bits, opc == LLVMAShr, salu);
      switch (opc) {
      case LLVMAdd: d = isel_add64(c, a, b, !salu); break;
      case LLVMSub: d = isel_sub64(c, a, b, !salu); break;
      case LLVMMul: d = mul64(c, a, b, !salu); break;
      case LLVMAnd: case LLVMOr: case LLVMXor: {
        if (salu) {
          unsigned op = opc == LLVMAnd ? ISA_S_AND_B64 : opc == LLVMOr ? ISA_S_OR_B64 : ISA_S_XOR_B64;
          mir_operand x = a, y = b;
          if (x.kind == MIR_OPND_CONST && x.size != 2) x = mir_op_temp(isel_to_sgpr(c, x, 2));
          if (y.kind == MIR_OPND_CONST && y.size != 2) y = mir_op_temp(isel_to_sgpr(c, y, 2));
          d = isel_s(c, op, 2, x, y);
        } else {
          unsigned op = opc == LLVMAnd ? ISA_V_AND_B32 : opc == LLVMOr ? ISA_V_OR_B32 : ISA_V_XOR_B32;
          mir_temp lo = isel_v1c(c, op, isel_half_of(c, a, false), isel_half_of(c, b, false));
          mir_temp hi = isel_v1c(c, op, isel_half_of(c, a, true), isel_half_of(c, b, true));
          d = isel_create2(c, mir_op_temp(lo), mir_op_temp(hi), true);
        }
        break;
      }
      case LLVMShl: case LLVMLShr: case LLVMAShr: {
        mir_operand amt = isel_half_of(c, b, false);
        if (salu) {
          unsigned op = opc == LLVMShl ? ISA_S_LSHL_B64 : opc == LLVMLShr ? ISA_S_LSHR_B64 : ISA_S_ASHR_I64;
          mir_operand x = a;
          if (x.kind == MIR_OPND_CONST) x = mir_op_temp(isel_to_sgpr(c, x, 2));
          d = isel_s(c, op, 2, x, amt);
        } else {
          unsigned op = opc == LLVMShl ? ISA_V_LSHLREV_B64 : opc == LLVMLShr ? ISA_V_LSHRREV_B64 : ISA_V_ASHRREV_I64;
          mir_operand x = a;
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
      continue;
    }
    /* 32-bit and narrower */
    mir_temp d;
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
    case LLVMLShr:
      a = isel_extend32(c, a, bits, false, salu);
      d = salu ? isel_s(c, ISA_S_LSHR_B32, 1, a, b) : isel_v1(c, ISA_V_LSHRREV_B32, b, a);
      break;
    case LLVMAShr:
      a = isel_extend32(c, a, bits, true, salu);
      d = salu ? isel_s(c, ISA_S_ASHR_I32, 1, a, b) : isel_v1(c, ISA_V_ASHRREV_I32, b, a);
      break;
    case LLVMUDiv: case LLVMURem:
      a = isel_extend32(c, a, bits, false, !div);
      b = isel_extend32(c, b, bits, false, !div);
      d = isel_divrem32(c, opc, a, b, !div);
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
  }
  return true;
}

/* ---- casts ---- */

static mir_temp f32_to_i64(isel_ctx *c, mir_operand x, bool sign);

static bool sel_cast(isel_ctx *c, LLVMValueRef ins, LLVMOpcode opc) {
  LLVMValueRef A = LLVMGetOperand(ins, 0);
  LLVMTypeRef st = LLVMTypeOf(A), dt = LLVMTypeOf(ins);
  unsigned sb = isel_type_bits(st), db = isel_type_bits(dt), nc = isel_num_comps(dt);
  bool div = is_div(c, ins);
  if (sb == 0 || db == 0 || sb > 64 || db > 64) return false;
  if (opc == LLVMBitCast && (isel_num_comps(st) != nc || sb != db)) {
    mir_operand dws[32];
    unsigned ndw;
    if (!isel_pack_dwords(c, A, dws, &ndw)) return false;
    return isel_unpack_dwords(c, ins, dws, ndw);
  }
  if (opc == LLVMBitCast && isel_num_comps(st) != nc) {
    /* i64 <-> <2 x i32> / <2 x float> */
    unsigned snc = isel_num_comps(st);
    if (sb * snc != db * nc) return false;
    if (sb == 64 && snc == 1 && db == 32 && nc == 2) {
      mir_operand o = isel_get(c, A, 0);
      for (unsigned e = 0; e < 2; e++) {
        mir_operand h = isel_half_of(c, o, e == 1);
        isel_set(c, ins, e, isel_as_temp(c, h, isel_opnd_is_vgpr(&o), 1));
      }
      return true;
    }
    if (db == 64 && nc == 1 && sb == 32 && snc == 2) {
      mir_operand lo = isel_get(c, A, 0), hi = isel_get(c, A, 1);
      bool v = isel_opnd_is_vgpr(&lo) || isel_opnd_is_vgpr(&hi);
      isel_set(c, ins, 0, isel_create2(c, lo, hi, v));
      return true;
    }
    return false;
  }
  for (unsigned e = 0; e < nc; e++) {
    mir_operand a = isel_get(c, A, e);
    bool salu = !div && !isel_opnd_is_vgpr(&a);
    mir_temp d;
    switch (opc) {
    case LLVMBitCast: case LLVMPtrToInt: case LLVMIntToPtr: case LLVMAddrSpaceCast: {
      if (opc == LLVMAddrSpaceCast) {
        unsigned fa = LLVMGetPointerAddressSpace(isel_scalar_type(st));
        unsigned ta = LLVMGetPointerAddressSpace(isel_scalar_type(dt));
        if (fa == 3 && ta == 0) {
          d = isel_lds_to_flat(c, a);
          break;
        }
        bool ok = (fa == 0 || fa == 1 || fa == 4) && (ta == 0 || ta == 1 || ta == 4);
        if (!ok) return false;
      }
      if (sb == db) {
        d = isel_as_temp(c, a, isel_opnd_is_vgpr(&a) || (a.kind == MIR_OPND_CONST && div), (db + 31) / 32);
      } else if (sb > 32 && db <= 32) {
        mir_operand lo = isel_half_of(c, a, false);
        d = isel_as_temp(c, lo, isel_opnd_is_vgpr(&lo), 1);
      } else if (sb <= 32 && db > 32) {
        d = isel_create2(c, a, mir_op_const(0), isel_opnd_is_vgpr(&a));
      } else {
        return false;
      }
      break;
    }
    case LLVMTrunc:
      if (db == 1) {
        mir_operand lo = sb > 32 ? isel_half_of(c, a, false) : a;
        if (salu && !isel_opnd_is_vgpr(&lo)) {
          d = isel_s(c, ISA_S_AND_B32, 1, lo, mir_op_const(1));
        } else {
          mir_temp t = isel_v1c(c, ISA_V_AND_B32, mir_op_const(1), lo);
          d = isel_vcmp(c, ISA_V_CMP_NE_U32, mir_op_const(0), mir_op_temp(t));
        }
      } else if (sb > 32) {
        mir_operand lo = isel_half_of(c, a, false);
        d = isel_as_temp(c, lo, isel_opnd_is_vgpr(&lo), 1);
      } else {
        d = isel_as_temp(c, a, isel_opnd_is_vgpr(&a), 1);
      }
      break;
    case LLVMZExt: case LLVMSExt: {
      bool sign = opc == LLVMSExt;
      mir_operand lo;
      if (sb > 32) {
        /* i33..i63 -> i64: normalise the upper bits */
        mir_operand x = ext64(c, a, sb, sign, salu);
        d = x.kind == MIR_OPND_TEMP ? x.temp : isel_as_temp(c, x, div, 2);
        break;
      }
      if (sb == 1) {
        mir_operand o = a;
        if (o.kind == MIR_OPND_TEMP && mir_rc_size((mir_rc)o.temp.rc) == 2) {
          lo = mir_op_temp(isel_bool_to_vgpr(c, A, e, sign ? 0xffffffffu : 1));
        } else if (o.kind == MIR_OPND_CONST) {
          lo = mir_op_const(o.imm ? (sign ? 0xffffffffu : 1) : 0);
        } else {
          lo = isel_extend32(c, o, 1, sign, !isel_opnd_is_vgpr(&o));
        }
      } else {
        lo = isel_extend32(c, a, sb, sign, salu);
      }
      if (db <= 32) {
        d = isel_as_temp(c, lo, isel_opnd_is_vgpr(&lo) || (lo.kind == MIR_OPND_CONST && div), 1);
        break;
      }
      bool v = isel_opnd_is_vgpr(&lo);
      mir_operand hi;
      if (!sign) hi = mir_op_const(0);
      else if (lo.kind == MIR_OPND_CONST) hi = mir_op_const((int32_t)lo.imm < 0 ? 0xffffffffu : 0);
      else if (v) hi = mir_op_temp(isel_v1(c, ISA_V_ASHRREV_I32, mir_op_const(31), lo));
      else hi = mir_op_temp(isel_s(c, ISA_S_ASHR_I32, 1, lo, mir_op_const(31)));
      d = isel_create2(c, lo, hi, v || (div && lo.kind == MIR_OPND_CONST));
      break;
    }
    case LLVMSIToFP: case LLVMUIToFP: {
      bool sign = opc == LLVMSIToFP;
      if (db == 32 && sb == 64) {
        d = isel_i64_to_f32(c, a, sign);
        break;
      }
      if (db != 32 || sb > 32) return false;
      if (sb == 1) {
        mir_temp m = isel_mask_of(c, A, e);
        d = isel_v1_3(c, ISA_V_CNDMASK_B32, mir_op_const(0), mir_op_const(sign ? 0xbf800000u : 0x3f800000u),
                      mir_op_temp(m));
        break;
      }
      a = isel_extend32(c, a, sb, sign, salu);
      d = isel_v1_1(c, sign ? ISA_V_CVT_F32_I32 : ISA_V_CVT_F32_U32, a);
      break;
    }
    case LLVMFPToSI: case LLVMFPToUI:
      if (sb == 32 && db == 64) {
        d = f32_to_i64(c, a, opc == LLVMFPToSI);
        break;
      }
      if (sb != 32 || db > 32 || db == 1) return false;
      d = isel_v1_1(c, opc == LLVMFPToSI ? ISA_V_CVT_I32_F32 : ISA_V_CVT_U32_F32, a);
      break;
    default:
      return false;
    }
    isel_set(c, ins, e, d);
  }
  return true;
}

mir_temp isel_lds_to_flat(isel_ctx *c, mir_operand a) {
  /* the shared aperture's high half from SH_MEM_BASES[31:16]
   * (s_getreg_b32 hwreg(15, 16, 16) << 16); the LDS null pointer (-1)
   * becomes the generic null */
  mir_temp ap = isel_tmp(c, mir_rc_s(1));
  mir_instr *gr = isel_emit(c, ISA_S_GETREG_B32, 0, 1);
  gr->offset = 15 | (16 << 6) | (15 << 11);
  gr->defs[0] = mir_op_temp(ap);
  mir_temp hi = isel_s(c, ISA_S_LSHL_B32, 1, mir_op_temp(ap), mir_op_const(16));
  mir_temp lo = isel_to_vgpr(c, a, 1);
  mir_temp nn = isel_vcmp(c, ISA_V_CMP_NE_U32, mir_op_const(0xffffffffu), mir_op_temp(lo));
  mir_temp rlo = isel_v1_3(c, ISA_V_CNDMASK_B32, mir_op_const(0), mir_op_temp(lo), mir_op_temp(nn));
  mir_temp rhi = isel_v1_3(c, ISA_V_CNDMASK_B32, mir_op_const(0), mir_op_temp(isel_to_vgpr(c, mir_op_temp(hi), 1)),
                           mir_op_temp(nn));
  return isel_create2(c, mir_op_temp(rlo), mir_op_temp(rhi), true);
}

/* u64/i64 -> f32, correctly rounded: normalise so the leading one is in
 * bit 63, convert the high word with a sticky bit for everything below
 * it (so v_cvt_f32_u32 rounds exactly as the full value would), scale
 * back with ldexp. Signed: convert |x|, then set the sign. */
mir_temp isel_i64_to_f32(isel_ctx *c, mir_operand a, bool sign) {
  mir_temp x = isel_v64(c, a), s = {0};
  if (sign) {
    s = isel_v1(c, ISA_V_ASHRREV_I32, mir_op_const(31), mir_op_temp(isel_extract(c, x, 1, 1)));
    x = isel_neg64_if(c, x, s);
  }
  mir_temp hi = isel_extract(c, x, 1, 1);
  mir_temp sh = isel_v1c(c, ISA_V_MIN_U32, mir_op_const(32), mir_op_temp(isel_v1_1(c, ISA_V_FFBH_U32, mir_op_temp(hi))));
  mir_temp nx = isel_tmp(c, mir_rc_v(2));
  mir_operand srcs[2] = {mir_op_temp(sh), mir_op_temp(x)};
  isel_valu(c, ISA_V_LSHLREV_B64, &nx, 1, srcs, 2, true);
  mir_temp nz = isel_vcmp(c, ISA_V_CMP_NE_U32, mir_op_const(0), mir_op_temp(isel_extract(c, nx, 0, 1)));
  mir_temp sticky = isel_v1_3(c, ISA_V_CNDMASK_B32, mir_op_const(0), mir_op_const(1), mir_op_temp(nz));
  mir_temp m = isel_v1c(c, ISA_V_OR_B32, mir_op_temp(isel_extract(c, nx, 1, 1)), mir_op_temp(sticky));
  mir_temp f = isel_v1_1(c, ISA_V_CVT_F32_U32, mir_op_temp(m));
  mir_temp e = isel_v1(c, ISA_V_SUB_U32, mir_op_const(32), mir_op_temp(sh));
  mir_temp r = isel_v1(c, ISA_V_LDEXP_F32, mir_op_temp(f), mir_op_temp(e));
  if (sign) {
    mir_temp sbit = isel_v1c(c, ISA_V_AND_B32, mir_op_temp(isel_to_vgpr(c, mir_op_const(0x80000000u), 1)), mir_op_temp(s));
    r = isel_v1c(c, ISA_V_OR_B32, mir_op_temp(sbit), mir_op_temp(r));
  }
  return r;
}

/* f32 -> i64/u64 (in range; out of range is poison in LLVM): split the
 * truncated value into 2^32 * floor(t / 2^32) + remainder, both exact in
 * f32 arithmetic with FMA. */
static mir_temp f32_to_i64(isel_ctx *c, mir_operand x, bool sign) {
  mir_temp sgn = {0};
  if (sign) {
    /* convert |x| (the split is exact only for non-negative values), then
     * negate where x was negative */
    sgn = isel_v1(c, ISA_V_ASHRREV_I32, mir_op_const(31), x);
    x = mir_op_temp(isel_v1c(c, ISA_V_AND_B32, mir_op_temp(isel_to_vgpr(c, mir_op_const(0x7fffffffu), 1)), x));
  }
  mir_temp t = isel_v1_1(c, ISA_V_TRUNC_F32, x);
  mir_temp k = isel_v1(c, ISA_V_MUL_F32, mir_op_temp(isel_to_vgpr(c, mir_op_const(0x2f800000u), 1)), mir_op_temp(t));
  mir_temp fl = isel_v1_1(c, ISA_V_FLOOR_F32, mir_op_temp(k));
  mir_temp lo = isel_v1_3(c, ISA_V_FMA_F32, mir_op_temp(fl), mir_op_temp(isel_to_vgpr(c, mir_op_const(0xcf800000u), 1)),
                          mir_op_temp(t));
  mir_temp hi = isel_v1_1(c, ISA_V_CVT_U32_F32, mir_op_temp(fl));
  mir_temp lu = isel_v1_1(c, ISA_V_CVT_U32_F32, mir_op_temp(lo));
  mir_temp r = isel_create2(c, mir_op_temp(lu), mir_op_temp(hi), true);
  return sign ? isel_neg64_if(c, r, sgn) : r;
}

/* ---- select ---- */

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
      mir_temp m = isel_mask_of(c, C, ce), mt = isel_mask_of(c, T, e), mf = isel_mask_of(c, F, e);
      mir_temp x = isel_s(c, ISA_S_AND_B64, 2, mir_op_temp(mt), mir_op_temp(m));
      mir_temp y = isel_s(c, ISA_S_ANDN2_B64, 2, mir_op_temp(mf), mir_op_temp(m));
      isel_set(c, ins, e, isel_s(c, ISA_S_OR_B64, 2, mir_op_temp(x), mir_op_temp(y)));
      continue;
    }
    mir_operand t = isel_get(c, T, e), f = isel_get(c, F, e);
    mir_operand ops[3] = {co, t, f};
    bool cbool = co.kind == MIR_OPND_TEMP && mir_rc_size((mir_rc)co.temp.rc) == 1 && !mir_rc_is_vgpr((mir_rc)co.temp.rc);
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
      cs->ops[2] = mir_op_temp(scc);
      cs->ops[2].flags |= MIR_OPND_FIXED_REG;
      cs->ops[2].preg = MIR_PREG_SCC;
      cs->defs[0] = mir_op_temp(d);
      isel_set(c, ins, e, d);
      continue;
    }
    mir_temp m = isel_mask_of(c, C, ce);
    if (bits > 32) {
      mir_temp lo = isel_v1_3(c, ISA_V_CNDMASK_B32, isel_half_of(c, f, false), isel_half_of(c, t, false), mir_op_temp(m));
      mir_temp hi = isel_v1_3(c, ISA_V_CNDMASK_B32, isel_half_of(c, f, true), isel_half_of(c, t, true), mir_op_temp(m));
      isel_set(c, ins, e, isel_create2(c, mir_op_temp(lo), mir_op_temp(hi), true));
    } else {
      isel_set(c, ins, e, isel_v1_3(c, ISA_V_CNDMASK_B32, f, t, mir_op_temp(m)));
    }
  }
  return true;
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
    if (bits == 1 || bits > 32) return false;
    mir_operand idx = isel_get(c, I, 0);
    if (isel_type_bits(LLVMTypeOf(I)) > 32) idx = isel_half_of(c, idx, false);
    mir_operand x = isel_get(c, X, 0);
    for (unsigned e = 0; e < nc; e++) {
      mir_temp m = isel_vcmp(c, ISA_V_CMP_EQ_U32, mir_op_const(e), idx);
      isel_set(c, ins, e, isel_v1_3(c, ISA_V_CNDMASK_B32, isel_get(c, V, e), x, mir_op_temp(m)));
    }
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
    if (idx >= nc || nc > 16) return false;
    for (unsigned e = 0; e < nc; e++) isel_set(c, ins, e, e == idx ? comp_temp(c, X, 0, div) : comp_temp(c, V, e, div));
    return true;
  }
  if (opc == LLVMShuffleVector) {
    LLVMValueRef A = LLVMGetOperand(ins, 0), B = LLVMGetOperand(ins, 1);
    unsigned na = isel_num_comps(LLVMTypeOf(A)), n = LLVMGetNumMaskElements(ins);
    if (n > 16) return false;
    for (unsigned e = 0; e < n; e++) {
      int m = LLVMGetMaskValue(ins, e);
      if (m < 0) m = 0;
      isel_set(c, ins, e, (unsigned)m < na ? comp_temp(c, A, (unsigned)m, div) : comp_temp(c, B, (unsigned)m - na, div));
    }
    return true;
  }
  return false;
}

bool isel_alu(isel_ctx *c, LLVMValueRef ins) {
  LLVMOpcode opc = LLVMGetInstructionOpcode(ins);
  LLVMTypeRef ty = LLVMTypeOf(ins);
  if (LLVMGetTypeKind(ty) == LLVMVectorTypeKind && LLVMGetVectorSize(ty) > 16) {
    isel_unsupported(c, ins, "vector wider than 16 elements");
    return true;
  }
  int sel = isel_f64_inst(c, ins);
  if (sel < 0) sel = isel_half_inst(c, ins);
  if (sel >= 0) return sel;
  switch (opc) {
  case LLVMAdd: case LLVMSub: case LLVMMul: case LLVMAnd: case LLVMOr: case LLVMXor:
  case LLVMShl: case LLVMLShr: case LLVMAShr: case LLVMUDiv: case LLVMSDiv: case LLVMURem: case LLVMSRem:
  case LLVMFAdd: case LLVMFSub: case LLVMFMul: case LLVMFDiv:
    if (isel_fuse_deferred(c, ins) || isel_fuse(c, ins)) return true;
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
    if (isel_narrow_deferred(c, ins) || isel_narrow64(c, ins)) return true; /* isel_narrow.c */
    return sel_binop(c, ins, opc);
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
  case LLVMICmp: return sel_icmp(c, ins);
  case LLVMFCmp: return sel_fcmp(c, ins);
  case LLVMTrunc: case LLVMZExt: case LLVMSExt: case LLVMBitCast: case LLVMPtrToInt: case LLVMIntToPtr:
  case LLVMAddrSpaceCast: case LLVMSIToFP: case LLVMUIToFP: case LLVMFPToSI: case LLVMFPToUI:
    return sel_cast(c, ins, opc);
  case LLVMSelect: return sel_select(c, ins);
  case LLVMExtractElement: case LLVMInsertElement: case LLVMShuffleVector: return sel_vector(c, ins, opc);
  case LLVMExtractValue: {
    /* structs of scalars (cmpxchg, *.with.overflow): one component each */
    LLVMValueRef A = LLVMGetOperand(ins, 0);
    if (LLVMGetNumIndices(ins) != 1) return false;
    unsigned idx = LLVMGetIndices(ins)[0];
    uint32_t vi = ptrmap_get(&c->vmap, A);
    if (vi == UINT32_MAX || idx >= c->vals[vi].n) return false;
    isel_set(c, ins, 0, c->vals[vi].t[idx]);
    return true;
  }
  case LLVMFreeze: {
    LLVMValueRef A = LLVMGetOperand(ins, 0);
    for (unsigned e = 0; e < isel_num_comps(ty); e++) isel_set(c, ins, e, comp_temp(c, A, e, is_div(c, ins)));
    return true;
  }
  default:
    return false;
  }
}

/* Correctly rounded f32 square root: scale inputs below 2^-80 up by 2^96,
 * take the hardware estimate s, test its neighbours s-1ulp and s+1ulp with
 * exact FMA residuals x - s'*s, pick the right one, undo the scaling
 * (2^-48), and pass +-0 and +inf through. The scaled x is at least 2^-80
 * (2^-53 for denormal inputs), so a nonzero residual is a multiple of
 * about x * 2^-46 >= 2^-126: never denormal, and the sequence needs no
 * MODE change when the kernel flushes f32 denormals. */
mir_temp isel_sqrt_exact(isel_ctx *c, mir_operand x) {
  return isel_sqrt_scaled(c, x, NULL, NULL);
}

mir_temp isel_sqrt_scaled(isel_ctx *c, mir_operand x, mir_temp *xv_out, mir_temp *tiny_out) {
  mir_temp tiny = isel_vcmp(c, ISA_V_CMP_GT_F32, mir_op_temp(isel_to_vgpr(c, mir_op_const(ISEL_SQRT_TINY), 1)), x);
  mir_temp xs = isel_v1(c, ISA_V_MUL_F32, mir_op_temp(isel_to_vgpr(c, mir_op_const(ISEL_SQRT_SCALE), 1)), x);
  mir_temp xv = isel_v1_3(c, ISA_V_CNDMASK_B32, x, mir_op_temp(xs), mir_op_temp(tiny));
  mir_temp sq = isel_v1_1(c, ISA_V_SQRT_F32, mir_op_temp(xv));
  mir_temp dn = isel_v1(c, ISA_V_ADD_U32, mir_op_const(0xffffffffu), mir_op_temp(sq));
  mir_temp up = isel_v1(c, ISA_V_ADD_U32, mir_op_const(1), mir_op_temp(sq));
  mir_operand ndn = mir_op_temp(dn), nup = mir_op_temp(up);
  ndn.flags |= MIR_OPND_NEG;
  nup.flags |= MIR_OPND_NEG;
  mir_temp rdn = isel_v1_3(c, ISA_V_FMA_F32, ndn, mir_op_temp(sq), mir_op_temp(xv));
  mir_temp rup = isel_v1_3(c, ISA_V_FMA_F32, nup, mir_op_temp(sq), mir_op_temp(xv));
  mir_temp use_dn = isel_vcmp(c, ISA_V_CMP_GE_F32, mir_op_const(0), mir_op_temp(rdn));
  mir_temp r = isel_v1_3(c, ISA_V_CNDMASK_B32, mir_op_temp(sq), mir_op_temp(dn), mir_op_temp(use_dn));
  mir_temp use_up = isel_vcmp(c, ISA_V_CMP_LT_F32, mir_op_const(0), mir_op_temp(rup));
  r = isel_v1_3(c, ISA_V_CNDMASK_B32, mir_op_temp(r), mir_op_temp(up), mir_op_temp(use_up));
  mir_temp down = isel_v1(c, ISA_V_MUL_F32, mir_op_temp(isel_to_vgpr(c, mir_op_const(ISEL_SQRT_UNSCALE), 1)), mir_op_temp(r));
  r = isel_v1_3(c, ISA_V_CNDMASK_B32, mir_op_temp(r), mir_op_temp(down), mir_op_temp(tiny));
  /* +-0 and +inf pass through unchanged (negative inputs and NaN already
   * give NaN above); two compares rather than v_cmp_class keep this to
   * the plainest instructions */
  mir_temp z = isel_vcmp(c, ISA_V_CMP_EQ_F32, mir_op_const(0), mir_op_temp(xv));
  mir_temp inf = isel_vcmp(c, ISA_V_CMP_EQ_F32, mir_op_temp(isel_to_vgpr(c, mir_op_const(0x7f800000u), 1)), mir_op_temp(xv));
  mir_temp special = isel_s(c, ISA_S_OR_B64, 2, mir_op_temp(z), mir_op_temp(inf));
  if (xv_out) *xv_out = xv, *tiny_out = tiny;
  return isel_v1_3(c, ISA_V_CNDMASK_B32, mir_op_temp(r), mir_op_temp(xv), mir_op_temp(special));
}

/* ---- packing to and from 32-bit words ---- */

static bool any_vgpr(const mir_operand *o, unsigned n) {
  for (unsigned i = 0; i < n; i++)
    if (isel_opnd_is_vgpr(&o[i])) return true;
  return false;
}

bool isel_pack_dwords(isel_ctx *c, LLVMValueRef v, mir_operand *out, unsigned *n) {
  LLVMTypeRef t = LLVMTypeOf(v);
  unsigned nc = isel_num_comps(t), bits = isel_type_bits(t);
  if (bits == 0 || bits == 1 || (bits != 8 && bits != 16 && bits != 32 && bits != 64)) return false;
  if ((bits * nc + 31) / 32 > 32) return false;
  *n = (bits * nc + 31) / 32;
  if (bits >= 32) {
    unsigned k = 0;
    for (unsigned e = 0; e < nc; e++) {
      mir_operand o = isel_get(c, v, e);
      if (bits == 32) {
        out[k++] = o;
      } else {
        out[k++] = isel_half_of(c, o, false);
        out[k++] = isel_half_of(c, o, true);
      }
    }
    return true;
  }
  unsigned per = 32 / bits;
  uint32_t mask = (1u << bits) - 1;
  for (unsigned w = 0; w < *n; w++) {
    mir_operand parts[4];
    for (unsigned i = 0; i < per; i++) parts[i] = w * per + i < nc ? isel_get(c, v, w * per + i) : mir_op_const(0);
    bool vg = any_vgpr(parts, per);
    mir_operand acc = mir_op_const(0);
    bool first = true;
    for (unsigned i = 0; i < per; i++) {
      mir_operand p = parts[i];
      if (p.kind == MIR_OPND_CONST) {
        uint32_t k = (p.imm & mask) << (i * bits);
        if (first) {
          acc = mir_op_const(k);
          first = false;
        } else if (k) {
          acc = vg ? mir_op_temp(isel_v1c(c, ISA_V_OR_B32, mir_op_const(k), acc)) : mir_op_temp(isel_s(c, ISA_S_OR_B32, 1, acc, mir_op_const(k)));
        }
        continue;
      }
      mir_operand x = vg ? mir_op_temp(isel_v1c(c, ISA_V_AND_B32, mir_op_const(mask), p)) : mir_op_temp(isel_s(c, ISA_S_AND_B32, 1, p, mir_op_const(mask)));
      if (i) x = vg ? mir_op_temp(isel_v1(c, ISA_V_LSHLREV_B32, mir_op_const(i * bits), x)) : mir_op_temp(isel_s(c, ISA_S_LSHL_B32, 1, x, mir_op_const(i * bits)));
      if (first) {
        acc = x;
        first = false;
      } else {
        acc = vg ? mir_op_temp(isel_v1c(c, ISA_V_OR_B32, acc, x)) : mir_op_temp(isel_s(c, ISA_S_OR_B32, 1, acc, x));
      }
    }
    out[w] = acc;
  }
  return true;
}

bool isel_unpack_dwords(isel_ctx *c, LLVMValueRef dst, const mir_operand *dw, unsigned n) {
  LLVMTypeRef t = LLVMTypeOf(dst);
  unsigned nc = isel_num_comps(t), bits = isel_type_bits(t);
  if (bits == 0 || bits == 1 || (bits != 8 && bits != 16 && bits != 32 && bits != 64)) return false;
  if (bits * nc > n * 32) return false;
  bool div = is_div(c, dst);
  for (unsigned e = 0; e < nc; e++) {
    if (bits == 64) {
      mir_operand lo = dw[2 * e], hi = dw[2 * e + 1];
      mir_operand pair[2] = {lo, hi};
      isel_set(c, dst, e, isel_create2(c, lo, hi, any_vgpr(pair, 2) || div));
      continue;
    }
    mir_operand w = dw[e * bits / 32];
    unsigned sh = (e * bits) % 32;
    bool vg = isel_opnd_is_vgpr(&w) || (div && w.kind == MIR_OPND_CONST);
    if (w.kind == MIR_OPND_CONST) {
      isel_set(c, dst, e, isel_as_temp(c, mir_op_const(w.imm >> sh), vg, 1));
      continue;
    }
    if (!sh) {
      isel_set(c, dst, e, isel_as_temp(c, w, vg, 1));
      continue;
    }
    isel_set(c, dst, e, vg ? isel_v1(c, ISA_V_LSHRREV_B32, mir_op_const(sh), w) : isel_s(c, ISA_S_LSHR_B32, 1, w, mir_op_const(sh)));
  }
  return true;
}
