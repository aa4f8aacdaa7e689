/* Instruction selection: double precision (f64).
 *
 * A double lives in a 64-bit register pair (v2, or s2 when a uniform
 * constant or argument); f64 arithmetic is VALU-only (VOP3 encodings), so
 * every result is a VGPR pair. Sign operations (fneg, fabs, copysign) work
 * on the high dword alone.
 *
 * Sequences (the facts from the Vega ISA guide's descriptions of the
 * instructions; the algorithms are the standard ones AMD's compilers use):
 *  - fdiv, correctly rounded (OpenCL requires it for double):
 *    v_div_scale_f64 scales the denominator and numerator out of the ranges
 *    where the reciprocal iteration would lose accuracy (and sets VCC when
 *    the result needs scaling back), v_rcp_f64 refined by two Newton-Raphson
 *    steps in FMAs, quotient and residual, v_div_fmas_f64 applies the last
 *    correction and undoes the scaling (VCC), v_div_fixup_f64 handles
 *    0, inf, NaN and overflow.
 *  - sqrt, correctly rounded: inputs below 2^-767 are scaled by 2^256;
 *    y = rsq(x), then Goldschmidt: g = x*y, h = y/2, r = 1/2 - h*g,
 *    g += g*r, h += h*r, then two steps d = x - g*g, g += d*h; scale back
 *    by 2^-128; +-0 and +inf pass through (v_cmp_class).
 *  - i64 -> f64: hi * 2^32 (exact, ldexp) + lo (exact): one rounding.
 *    f64 -> i64: t = trunc(x), hi = floor(t * 2^-32), lo = t - hi * 2^32
 *    (exact FMA), each converted with v_cvt_{i,u}32_f64.
 *  - round (half away from zero): trunc(x) plus copysign(1, x) when
 *    |x - trunc(x)| >= 1/2 (the subtraction is exact), with x's sign.
 * Compares use v_cmp_*_f64 with src1 in a VGPR (never the swapped form).
 */
#include <string.h>

#include "isel/isel_internal.h"

/* ---- operand helpers ---- */

/* o in a VGPR pair, keeping its VOP3 source modifiers. */
static mir_operand vpair(isel_ctx *c, mir_operand o) {
  uint8_t mods = o.flags & (MIR_OPND_NEG | MIR_OPND_ABS);
  o.flags &= (uint8_t)~mods;
  mir_operand v = mir_op_temp(isel_to_vgpr(c, o, 2));
  v.flags |= mods;
  return v;
}

/* Element e of the f64 value V as a VOP3 source: fneg and llvm.fabs.f64
 * around it become the neg and abs source modifiers (outermost first: an
 * fneg inside a fabs has no effect), as llc-19 folds them. Only for
 * instructions that read the operand as f64 in a VOP3a encoding (not
 * v_div_scale, whose VOP3b form has no abs bits). The fneg/fabs itself is
 * still selected and left to dce when unused. */
static mir_operand fsrc(isel_ctx *c, LLVMValueRef V, unsigned e) {
  uint8_t mods = 0;
  LLVMValueRef V0 = V;
  for (;;) {
    if (LLVMIsAInstruction(V) && LLVMGetInstructionOpcode(V) == LLVMFNeg) {
      if (!(mods & MIR_OPND_ABS)) mods ^= MIR_OPND_NEG;
    } else if (LLVMIsACallInst(V) && LLVMIsAFunction(LLVMGetCalledValue(V))) {
      size_t n;
      const char *name = LLVMGetValueName2(LLVMGetCalledValue(V), &n);
      if (strcmp(name, "llvm.fabs.f64") != 0) break;
      mods |= MIR_OPND_ABS;
    } else {
      break;
    }
    V = LLVMGetOperand(V, 0);
  }
  mir_operand o = isel_get(c, V, e);
  if (o.kind != MIR_OPND_TEMP) return isel_get(c, V0, e); /* constants: the selected fneg/fabs */
  o.flags |= mods;
  return o;
}

/* A double constant for an f64 source: +-0.5, +-1, +-2, +-4 and 0 are
 * inline constants of a 64-bit operand (written as the f32 bit pattern
 * with size 2, see encode.c), others an SGPR pair. Only for operands the
 * instruction reads as f64 (never split into halves). */
bool isel_f64_inline_const(uint64_t bits, mir_operand *out) {
  static const uint32_t inl[] = {0x3f000000u, 0xbf000000u, 0x3f800000u, 0xbf800000u,
                                 0x40000000u, 0xc0000000u, 0x40800000u, 0xc0800000u};
  for (unsigned k = 0; k < sizeof inl / sizeof inl[0]; k++) {
    float f;
    memcpy(&f, &inl[k], sizeof f);
    double d = f;
    uint64_t db;
    memcpy(&db, &d, sizeof db);
    if (db == bits) {
      *out = mir_op_const(inl[k]);
      out->size = 2;
      return true;
    }
  }
  return false;
}

static mir_operand kf64(isel_ctx *c, uint64_t bits) {
  mir_operand o;
  if (isel_f64_inline_const(bits, &o)) return o;
  if (!bits) {
    mir_operand o = mir_op_const(0);
    o.size = 2;
    return o;
  }
  return mir_op_temp(isel_create2(c, mir_op_const((uint32_t)bits), mir_op_const((uint32_t)(bits >> 32)), false));
}

static mir_operand negated(isel_ctx *c, mir_operand o) {
  mir_operand v = vpair(c, o);
  v.flags ^= MIR_OPND_NEG;
  return v;
}

static mir_temp v2(isel_ctx *c, unsigned op, mir_operand a, mir_operand b) {
  mir_temp d = isel_tmp(c, mir_rc_v(2));
  mir_operand s[2] = {a, b};
  isel_valu(c, op, &d, 1, s, 2, true);
  return d;
}

static mir_temp v2_3(isel_ctx *c, unsigned op, mir_operand a, mir_operand b, mir_operand x) {
  mir_temp d = isel_tmp(c, mir_rc_v(2));
  mir_operand s[3] = {a, b, x};
  isel_valu(c, op, &d, 1, s, 3, true);
  return d;
}

static mir_temp v2_1(isel_ctx *c, unsigned op, mir_operand a) {
  mir_temp d = isel_tmp(c, mir_rc_v(2));
  mir_operand s[1] = {a};
  isel_valu(c, op, &d, 1, s, 1, false);
  return d;
}

static mir_temp fma64(isel_ctx *c, mir_operand a, mir_operand b, mir_operand x) { return v2_3(c, ISA_V_FMA_F64, a, b, x); }

/* v_cmp_*_f64 / v_cmp_class_f64 -> lane mask; src1 always a VGPR. */
static mir_temp vcmp64(isel_ctx *c, unsigned op, mir_operand a, mir_operand b) {
  mir_temp d = isel_lane_tmp(c);
  unsigned dw = op == ISA_V_CMP_CLASS_F64 ? 1 : 2;
  mir_operand s[2] = {a, dw == 2 ? vpair(c, b) : mir_op_temp(isel_to_vgpr(c, b, dw))};
  isel_valu(c, op, &d, 1, s, 2, true);
  return d;
}

/* Builds a pair from a new high dword and the old low dword. */
static mir_temp with_hi(isel_ctx *c, mir_operand x, mir_temp hi) {
  return isel_create2(c, isel_half_of(c, x, false), mir_op_temp(hi), true);
}

static mir_temp fneg64(isel_ctx *c, mir_operand x) {
  return with_hi(c, x, isel_v1(c, ISA_V_XOR_B32, mir_op_const(0x80000000u), isel_half_of(c, x, true)));
}

static mir_temp fabs64(isel_ctx *c, mir_operand x) {
  return with_hi(c, x, isel_v1(c, ISA_V_AND_B32, mir_op_const(0x7fffffffu), isel_half_of(c, x, true)));
}

/* magnitude of x, sign of y */
static mir_temp copysign64(isel_ctx *c, mir_operand x, mir_operand y) {
  mir_temp m = isel_to_vgpr(c, mir_op_const(0x7fffffffu), 1);
  return with_hi(c, x, isel_v1_3(c, ISA_V_BFI_B32, mir_op_temp(m), isel_half_of(c, x, true), isel_half_of(c, y, true)));
}

/* ---- sequences ---- */

mir_temp isel_fdiv64(isel_ctx *c, mir_operand a, mir_operand b) {
  mir_temp den, num, vcc;
  isel_div_scale(c, ISA_V_DIV_SCALE_F64, a, b, &den, &num, &vcc);
  mir_operand one = kf64(c, 0x3ff0000000000000ull), nden = negated(c, mir_op_temp(den));
  mir_temp r = v2_1(c, ISA_V_RCP_F64, mir_op_temp(den));
  for (int k = 0; k < 2; k++) {
    mir_temp t = fma64(c, nden, mir_op_temp(r), one);
    r = fma64(c, mir_op_temp(r), mir_op_temp(t), mir_op_temp(r));
  }
  mir_temp q = v2(c, ISA_V_MUL_F64, mir_op_temp(num), mir_op_temp(r));
  mir_temp e = fma64(c, nden, mir_op_temp(q), mir_op_temp(num));
  mir_temp f = isel_div_fmas(c, ISA_V_DIV_FMAS_F64, e, r, q, vcc);
  return v2_3(c, ISA_V_DIV_FIXUP_F64, mir_op_temp(f), b, a);
}

static mir_temp sqrt64(isel_ctx *c, mir_operand x) { return isel_sqrt64_scaled(c, x, NULL, NULL); }

mir_temp isel_sqrt64_scaled(isel_ctx *c, mir_operand x, mir_temp *xs_out, mir_temp *gs_out) {
  mir_temp small = vcmp64(c, ISA_V_CMP_GT_F64, kf64(c, 0x1000000000000000ull) /* 2^-767 */, x);
  mir_temp up = isel_v1_3(c, ISA_V_CNDMASK_B32, mir_op_const(0), mir_op_temp(isel_to_vgpr(c, mir_op_const(256), 1)),
                          mir_op_temp(small));
  mir_temp xs = v2(c, ISA_V_LDEXP_F64, x, mir_op_temp(up));
  mir_temp y = v2_1(c, ISA_V_RSQ_F64, mir_op_temp(xs));
  mir_temp g = v2(c, ISA_V_MUL_F64, mir_op_temp(xs), mir_op_temp(y));
  mir_temp h = v2(c, ISA_V_MUL_F64, kf64(c, 0x3fe0000000000000ull), mir_op_temp(y));
  mir_temp r = fma64(c, negated(c, mir_op_temp(h)), mir_op_temp(g), kf64(c, 0x3fe0000000000000ull));
  g = fma64(c, mir_op_temp(g), mir_op_temp(r), mir_op_temp(g));
  h = fma64(c, mir_op_temp(h), mir_op_temp(r), mir_op_temp(h));
  for (int k = 0; k < 2; k++) {
    mir_temp d = fma64(c, negated(c, mir_op_temp(g)), mir_op_temp(g), mir_op_temp(xs));
    g = fma64(c, mir_op_temp(d), mir_op_temp(h), mir_op_temp(g));
  }
  if (xs_out) *xs_out = xs, *gs_out = g;
  mir_temp down = isel_v1_3(c, ISA_V_CNDMASK_B32, mir_op_const(0), mir_op_const((uint32_t)-128), mir_op_temp(small));
  g = v2(c, ISA_V_LDEXP_F64, mir_op_temp(g), mir_op_temp(down));
  /* class bits: -0 (5), +0 (6), +inf (9) */
  mir_temp special = vcmp64(c, ISA_V_CMP_CLASS_F64, mir_op_temp(xs), mir_op_const(0x260));
  mir_temp lo = isel_v1_3(c, ISA_V_CNDMASK_B32, isel_half_of(c, mir_op_temp(g), false),
                          isel_half_of(c, mir_op_temp(xs), false), mir_op_temp(special));
  mir_temp hi = isel_v1_3(c, ISA_V_CNDMASK_B32, isel_half_of(c, mir_op_temp(g), true),
                          isel_half_of(c, mir_op_temp(xs), true), mir_op_temp(special));
  return isel_create2(c, mir_op_temp(lo), mir_op_temp(hi), true);
}

static mir_temp round64(isel_ctx *c, mir_operand x) {
  mir_temp t = v2_1(c, ISA_V_TRUNC_F64, x);
  mir_temp d = v2(c, ISA_V_ADD_F64, x, negated(c, mir_op_temp(t)));
  mir_temp ad = fabs64(c, mir_op_temp(d));
  mir_temp big = vcmp64(c, ISA_V_CMP_LE_F64, kf64(c, 0x3fe0000000000000ull), mir_op_temp(ad));
  /* hi dword of copysign(1.0, x) when big, else 0 (the lo dword is 0 either way) */
  mir_temp one_hi = isel_v1_3(c, ISA_V_BFI_B32, mir_op_temp(isel_to_vgpr(c, mir_op_const(0x7fffffffu), 1)),
                              mir_op_temp(isel_to_vgpr(c, mir_op_const(0x3ff00000u), 1)), isel_half_of(c, x, true));
  mir_temp inc_hi = isel_v1_3(c, ISA_V_CNDMASK_B32, mir_op_const(0), mir_op_temp(one_hi), mir_op_temp(big));
  mir_temp inc = isel_create2(c, mir_op_const(0), mir_op_temp(inc_hi), true);
  mir_temp sum = v2(c, ISA_V_ADD_F64, mir_op_temp(t), mir_op_temp(inc));
  return copysign64(c, mir_op_temp(sum), x);
}

mir_temp isel_int_to_f64(isel_ctx *c, LLVMValueRef A, unsigned e, unsigned sb, bool sign) {
  if (sb == 1) {
    mir_temp m = isel_mask_of(c, A, e);
    mir_temp hi = isel_v1_3(c, ISA_V_CNDMASK_B32, mir_op_const(0), mir_op_const(sign ? 0xbff00000u : 0x3ff00000u),
                            mir_op_temp(m));
    return isel_create2(c, mir_op_const(0), mir_op_temp(hi), true);
  }
  mir_operand a = isel_get(c, A, e);
  if (sb <= 32) {
    if (sb < 32) a = mir_op_temp(isel_v1_3(c, sign ? ISA_V_BFE_I32 : ISA_V_BFE_U32, a, mir_op_const(0), mir_op_const(sb)));
    return v2_1(c, sign ? ISA_V_CVT_F64_I32 : ISA_V_CVT_F64_U32, a);
  }
  if (sb != 64) return (mir_temp){0};
  mir_temp hi = v2_1(c, sign ? ISA_V_CVT_F64_I32 : ISA_V_CVT_F64_U32, isel_half_of(c, a, true));
  hi = v2(c, ISA_V_LDEXP_F64, mir_op_temp(hi), mir_op_const(32));
  mir_temp lo = v2_1(c, ISA_V_CVT_F64_U32, isel_half_of(c, a, false));
  return v2(c, ISA_V_ADD_F64, mir_op_temp(hi), mir_op_temp(lo));
}

mir_temp isel_f64_to_int(isel_ctx *c, mir_operand x, unsigned db, bool sign) {
  if (db <= 32) return isel_v1_1(c, sign ? ISA_V_CVT_I32_F64 : ISA_V_CVT_U32_F64, x);
  mir_temp t = v2_1(c, ISA_V_TRUNC_F64, x);
  mir_temp hf = v2(c, ISA_V_MUL_F64, mir_op_temp(t), kf64(c, 0x3df0000000000000ull) /* 2^-32 */);
  hf = v2_1(c, ISA_V_FLOOR_F64, mir_op_temp(hf));
  mir_temp lf = fma64(c, mir_op_temp(hf), kf64(c, 0xc1f0000000000000ull) /* -2^32 */, mir_op_temp(t));
  mir_temp hi = isel_v1_1(c, sign ? ISA_V_CVT_I32_F64 : ISA_V_CVT_U32_F64, mir_op_temp(hf));
  mir_temp lo = isel_v1_1(c, ISA_V_CVT_U32_F64, mir_op_temp(lf));
  return isel_create2(c, mir_op_temp(lo), mir_op_temp(hi), true);
}

/* ---- instructions ---- */

static unsigned fcmp_op(LLVMRealPredicate p) {
  switch (p) {
  case LLVMRealOEQ: return ISA_V_CMP_EQ_F64;
  case LLVMRealOGT: return ISA_V_CMP_GT_F64;
  case LLVMRealOGE: return ISA_V_CMP_GE_F64;
  case LLVMRealOLT: return ISA_V_CMP_LT_F64;
  case LLVMRealOLE: return ISA_V_CMP_LE_F64;
  case LLVMRealONE: return ISA_V_CMP_LG_F64;
  case LLVMRealORD: return ISA_V_CMP_O_F64;
  case LLVMRealUNO: return ISA_V_CMP_U_F64;
  case LLVMRealUEQ: return ISA_V_CMP_NLG_F64;
  case LLVMRealUGT: return ISA_V_CMP_NLE_F64;
  case LLVMRealUGE: return ISA_V_CMP_NLT_F64;
  case LLVMRealULT: return ISA_V_CMP_NGE_F64;
  case LLVMRealULE: return ISA_V_CMP_NGT_F64;
  case LLVMRealUNE: return ISA_V_CMP_NEQ_F64;
  case LLVMRealPredicateTrue: return ISA_V_CMP_TRU_F64;
  default: return ISA_V_CMP_F_F64;
  }
}

static bool is_f64(LLVMTypeRef t) { return LLVMGetTypeKind(isel_scalar_type(t)) == LLVMDoubleTypeKind; }

int isel_f64_inst(isel_ctx *c, LLVMValueRef ins) {
  LLVMOpcode opc = LLVMGetInstructionOpcode(ins);
  LLVMTypeRef dt = LLVMTypeOf(ins);
  LLVMValueRef A = LLVMGetNumOperands(ins) > 0 ? LLVMGetOperand(ins, 0) : NULL;
  LLVMTypeRef st = A ? LLVMTypeOf(A) : NULL;
  unsigned nc = isel_num_comps(dt);
  switch (opc) {
  case LLVMFAdd: case LLVMFSub: case LLVMFMul: case LLVMFDiv: case LLVMFNeg: case LLVMFRem:
    if (!is_f64(dt)) return -1;
    break;
  case LLVMFCmp: case LLVMFPToSI: case LLVMFPToUI:
    if (!is_f64(st)) return -1;
    break;
  case LLVMSIToFP: case LLVMUIToFP:
    if (!is_f64(dt)) return -1;
    break;
  case LLVMFPExt:
    if (!is_f64(dt) || LLVMGetTypeKind(isel_scalar_type(st)) != LLVMFloatTypeKind) return -1;
    break;
  case LLVMFPTrunc:
    if (!is_f64(st) || LLVMGetTypeKind(isel_scalar_type(dt)) != LLVMFloatTypeKind) return -1;
    break;
  default:
    return -1;
  }
  /* source modifiers for the VOP3a arithmetic and compares */
  bool mods = opc == LLVMFAdd || opc == LLVMFSub || opc == LLVMFMul || opc == LLVMFCmp;
  for (unsigned e = 0; e < nc; e++) {
    mir_operand a = mods ? fsrc(c, A, e) : isel_get(c, A, e), b = {0};
    if (opc != LLVMFNeg && LLVMGetNumOperands(ins) > 1 && opc != LLVMFPToSI && opc != LLVMFPToUI)
      b = mods ? fsrc(c, LLVMGetOperand(ins, 1), e) : isel_get(c, LLVMGetOperand(ins, 1), e);
    mir_temp d;
    switch (opc) {
    case LLVMFAdd: d = v2(c, ISA_V_ADD_F64, a, b); break;
    case LLVMFSub: d = v2(c, ISA_V_ADD_F64, a, negated(c, b)); break;
    case LLVMFMul: d = v2(c, ISA_V_MUL_F64, a, b); break;
    case LLVMFDiv: d = isel_fdiv64(c, a, b); break;
    case LLVMFNeg: d = fneg64(c, a); break;
    case LLVMFCmp: d = vcmp64(c, fcmp_op(LLVMGetFCmpPredicate(ins)), a, b); break;
    case LLVMFPExt: d = v2_1(c, ISA_V_CVT_F64_F32, a); break;
    case LLVMFPTrunc: d = isel_v1_1(c, ISA_V_CVT_F32_F64, a); break;
    case LLVMSIToFP: case LLVMUIToFP:
      d = isel_int_to_f64(c, A, e, isel_type_bits(st), opc == LLVMSIToFP);
      if (!d.id) return 0;
      break;
    case LLVMFPToSI: case LLVMFPToUI: {
      unsigned db = isel_type_bits(dt);
      if (db == 1 || db > 64 || (db > 32 && db != 64)) return 0;
      d = isel_f64_to_int(c, a, db, opc == LLVMFPToSI);
      break;
    }
    default: return 0; /* frem */
    }
    isel_set(c, ins, e, d);
  }
  return 1;
}

static bool name_is(const char *n, const char *p) { return strncmp(n, p, strlen(p)) == 0; }

int isel_f64_call(isel_ctx *c, LLVMValueRef ins, const char *n) {
  if (!strstr(n, ".f64")) return -1;
  unsigned nargs = (unsigned)LLVMGetNumArgOperands(ins);
  if (LLVMGetTypeKind(LLVMTypeOf(ins)) == LLVMVectorTypeKind) return 0;
  mir_operand a[3] = {{0}};
  /* fma, sqrt, min/max and class take fneg/fabs as source modifiers */
  bool mods = !strcmp(n, "llvm.fma.f64") || !strcmp(n, "llvm.fmuladd.f64") || !strcmp(n, "llvm.sqrt.f64") ||
              !strcmp(n, "llvm.minnum.f64") || !strcmp(n, "llvm.maxnum.f64");
  for (unsigned i = 0; i < nargs && i < 3; i++)
    a[i] = mods ? fsrc(c, LLVMGetOperand(ins, i), 0) : isel_get(c, LLVMGetOperand(ins, i), 0);
  static const struct { const char *name; unsigned op; } un[] = {
      {"llvm.floor.f64", ISA_V_FLOOR_F64},       {"llvm.ceil.f64", ISA_V_CEIL_F64},
      {"llvm.trunc.f64", ISA_V_TRUNC_F64},       {"llvm.rint.f64", ISA_V_RNDNE_F64},
      {"llvm.nearbyint.f64", ISA_V_RNDNE_F64},   {"llvm.roundeven.f64", ISA_V_RNDNE_F64},
      {"llvm.amdgcn.rcp.f64", ISA_V_RCP_F64},    {"llvm.amdgcn.rsq.f64", ISA_V_RSQ_F64},
      {"llvm.amdgcn.sqrt.f64", ISA_V_SQRT_F64},
      {"llvm.amdgcn.fract.f64", ISA_V_FRACT_F64}, {"llvm.amdgcn.frexp.mant.f64", ISA_V_FREXP_MANT_F64},
  };
  mir_temp d;
  for (unsigned k = 0; k < sizeof un / sizeof un[0]; k++)
    if (!strcmp(n, un[k].name)) {
      isel_set(c, ins, 0, v2_1(c, un[k].op, a[0]));
      return 1;
    }
  if (!strcmp(n, "llvm.fma.f64") || !strcmp(n, "llvm.fmuladd.f64")) d = fma64(c, a[0], a[1], a[2]);
  else if (!strcmp(n, "llvm.fabs.f64")) d = fabs64(c, a[0]);
  else if (!strcmp(n, "llvm.copysign.f64")) d = copysign64(c, a[0], a[1]);
  else if (!strcmp(n, "llvm.sqrt.f64")) d = sqrt64(c, a[0]);
  else if (!strcmp(n, "llvm.round.f64")) d = round64(c, a[0]);
  else if (!strcmp(n, "llvm.minnum.f64")) d = v2(c, ISA_V_MIN_F64, a[0], a[1]);
  else if (!strcmp(n, "llvm.maxnum.f64")) d = v2(c, ISA_V_MAX_F64, a[0], a[1]);
  else if (!strcmp(n, "llvm.canonicalize.f64")) d = v2(c, ISA_V_MAX_F64, a[0], a[0]);
  else if (name_is(n, "llvm.ldexp.f64.") || !strcmp(n, "llvm.amdgcn.ldexp.f64"))
    d = v2(c, ISA_V_LDEXP_F64, a[0], mir_op_temp(isel_to_vgpr(c, a[1], 1)));
  else if (!strcmp(n, "llvm.amdgcn.frexp.exp.i32.f64")) d = isel_v1_1(c, ISA_V_FREXP_EXP_I32_F64, a[0]);
  else if (!strcmp(n, "llvm.is.fpclass.f64") || !strcmp(n, "llvm.amdgcn.class.f64")) {
    mir_operand mk = a[1];
    if (mk.kind == MIR_OPND_CONST) mk = mir_op_const(mk.imm & 0x3ff);
    d = vcmp64(c, ISA_V_CMP_CLASS_F64, a[0], mk);
  } else
    return -1; /* not one of these: the other families (isel_amdgcn.c: div.scale/fmas/fixup) */
  isel_set(c, ins, 0, d);
  return 1;
}
