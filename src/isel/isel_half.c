/* Instruction selection: half precision (f16).
 *
 * A half lives in the low 16 bits of a 32-bit register (the upper bits
 * are undefined, as for i16); vectors of half are one register per
 * element, packed two per dword only in memory (isel_pack_dwords), so
 * vload_half / vstore_half / vloada_half / vstorea_half on every address
 * space are plain 16-bit loads and stores plus the conversions here.
 *
 * Conversions (Vega ISA guide, VOP1 "V_CVT_F32_F16", "V_CVT_F16_F32"):
 *  - half -> float is exact (v_cvt_f32_f16); half -> double goes through
 *    float (exact twice); half -> integer through float (exact), i64 as
 *    the extension of the i32 result (every finite half fits i32).
 *  - float -> half rounds once (v_cvt_f16_f32, round to nearest even:
 *    the MODE register's default); integers -> half through float (i64
 *    correctly rounded to float first): every integer that does not
 *    overflow half (|x| < 65520) is exact in float, the others give inf.
 *  - double -> half must round once: double -> float rounding to odd
 *    (round to nearest, then step toward zero when that went past the
 *    value, then set the last bit when inexact), then float -> half to
 *    nearest even. Rounding to odd with 24 >= 11 + 2 bits makes the
 *    second rounding correct (Boldo & Melquiond, "Emulation of FMA and
 *    correctly rounded sums: proved algorithms using rounding to odd",
 *    IEEE TC 2008).
 * Arithmetic: fadd/fsub/fmul with the VOP2 f16 instructions (correctly
 * rounded); fneg/fabs/copysign on the sign bit; fcmp with v_cmp_*_f16
 * (src1 a VGPR, never the swapped form); floor/ceil/trunc/rint, min/max,
 * class with their f16 instructions; llvm.fmuladd as a multiply and an
 * add (the unfused form it allows); fdiv through f32 (isel_fdiv16: one
 * refinement of a*rcp(b) is enough for a correctly rounded half); sqrt with
 * v_sqrt_f16; fma with v_fma_f16; round, ldexp (exponent clamped to +-64). frem is
 * reported as unsupported.
 * Mixed precision: an f32 fma/fmuladd whose three operands are all
 * extended from half is one v_mad_mix_f32 with f16 sources. That is exact:
 * the product of two halves (11-bit significands) is exact in f32, so the
 * unfused mad rounds once, like fma; and every nonzero result is a
 * multiple of 2^-48 (the smallest half product), never an f32 denormal
 * that a flushing mad could lose. With an f32 addend the result can be
 * an f32 denormal, so that case stays v_cvt + v_fma_f32. Being exact,
 * the fused v_fma_mix_f32 computes the same: it is used on targets
 * without v_mad_mix_f32 (gfx90a, gfx942), as llc-19 does there.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "isel/isel_internal.h"
#include "target/target.h"

uint32_t isel_f16_bits(double v) {
  uint32_t sign = signbit(v) ? 0x8000u : 0;
  double a = fabs(v);
  if (isnan(v)) return sign | 0x7e00u;
  if (isinf(v) || a >= 65520.0) return sign | 0x7c00u;
  if (a == 0) return sign;
  int e;
  double m = frexp(a, &e); /* a = m * 2^e, m in [0.5, 1) */
  if (e - 1 < -14) /* subnormal: units of 2^-24 */
    return sign | (uint32_t)nearbyint(ldexp(a, 24));
  uint32_t frac = (uint32_t)nearbyint(ldexp(m, 11)) - 1024; /* 10 fraction bits */
  if (frac == 1024) { /* rounded up to the next binade */
    frac = 0;
    e++;
  }
  return sign | (uint32_t)(e - 1 + 15) << 10 | frac;
}

static bool is_half(LLVMTypeRef t) { return LLVMGetTypeKind(isel_scalar_type(t)) == LLVMHalfTypeKind; }

static LLVMTypeKind kind(LLVMTypeRef t) { return LLVMGetTypeKind(isel_scalar_type(t)); }

static mir_temp vreg(isel_ctx *c, mir_operand o) { return isel_to_vgpr(c, o, 1); }

/* When the kernel flushes f32 denormals, the round-to-odd f32 step below
 * would turn a nonzero |d| < 2^-126 into 0, and a directed rounding would
 * then give 0 instead of the smallest half denormal. Every nonzero value
 * that small converts to half the same way in each rounding direction (it
 * is far below half of 2^-24), so replace it by +-2^-100, a normal f32
 * with the same sign: v_frexp_exp gives an exponent below -125 exactly for
 * those (0 for zero, infinity and NaN). */
static mir_temp f64_lift_tiny(isel_ctx *c, mir_operand d) {
  mir_temp dv = isel_to_vgpr(c, d, 2);
  mir_temp e = isel_v1_1(c, ISA_V_FREXP_EXP_I32_F64, mir_op_temp(dv));
  mir_temp tiny = isel_lane_tmp(c);
  mir_operand sc[2] = {mir_op_temp(isel_to_vgpr(c, mir_op_const((uint32_t)-125), 1)), mir_op_temp(e)};
  isel_valu(c, ISA_V_CMP_GT_I32, &tiny, 1, sc, 2, true);
  mir_operand hi = isel_half_of(c, mir_op_temp(dv), true), lo = isel_half_of(c, mir_op_temp(dv), false);
  mir_temp lifted = isel_v1_3(c, ISA_V_BFI_B32, mir_op_temp(isel_to_vgpr(c, mir_op_const(0x7fffffffu), 1)),
                              mir_op_temp(isel_to_vgpr(c, mir_op_const(0x39b00000u), 1)), hi); /* 2^-100 */
  mir_temp nhi = isel_v1_3(c, ISA_V_CNDMASK_B32, hi, mir_op_temp(lifted), mir_op_temp(tiny));
  mir_temp nlo = isel_v1_3(c, ISA_V_CNDMASK_B32, lo, mir_op_const(0), mir_op_temp(tiny));
  return isel_create2(c, mir_op_temp(nlo), mir_op_temp(nhi), true);
}

/* double (v2/s2 operand) -> half, rounded once: to odd in f32 (exact
 * whatever MODE's rounding), then by v_cvt_f16_f32 in the f16/f64 field. */
mir_temp isel_f64_to_f16(isel_ctx *c, mir_operand d) {
  if (isel_denorm32_flushed(c)) d = mir_op_temp(f64_lift_tiny(c, d));
  mir_temp f = isel_v1_1(c, ISA_V_CVT_F32_F64, d);
  mir_temp back = isel_tmp(c, mir_rc_v(2));
  mir_operand s1[1] = {mir_op_temp(f)};
  isel_valu(c, ISA_V_CVT_F64_F32, &back, 1, s1, 1, false);
  mir_temp dv = isel_to_vgpr(c, d, 2);
  mir_temp inexact = isel_lane_tmp(c), past = isel_lane_tmp(c);
  mir_operand s2[2] = {mir_op_temp(back), mir_op_temp(dv)};
  isel_valu(c, ISA_V_CMP_NEQ_F64, &inexact, 1, s2, 2, true);
  /* |back| > |d|: compare magnitudes with the sign bits cleared */
  mir_temp m = isel_to_vgpr(c, mir_op_const(0x7fffffffu), 1);
  mir_temp ab = isel_create2(c, isel_half_of(c, mir_op_temp(back), false),
                             mir_op_temp(isel_v1(c, ISA_V_AND_B32, mir_op_temp(m), isel_half_of(c, mir_op_temp(back), true))), true);
  mir_temp ad = isel_create2(c, isel_half_of(c, mir_op_temp(dv), false),
                             mir_op_temp(isel_v1(c, ISA_V_AND_B32, mir_op_temp(m), isel_half_of(c, mir_op_temp(dv), true))), true);
  mir_operand s3[2] = {mir_op_temp(ab), mir_op_temp(ad)};
  isel_valu(c, ISA_V_CMP_GT_F64, &past, 1, s3, 2, true);
  mir_temp step = isel_v1_3(c, ISA_V_CNDMASK_B32, mir_op_const(0), mir_op_const(1), mir_op_temp(past));
  mir_temp tz = isel_v1(c, ISA_V_SUB_U32, mir_op_temp(f), mir_op_temp(step));
  mir_temp odd = isel_v1(c, ISA_V_OR_B32, mir_op_const(1), mir_op_temp(tz));
  mir_temp r = isel_v1_3(c, ISA_V_CNDMASK_B32, mir_op_temp(tz), mir_op_temp(odd), mir_op_temp(inexact));
  return isel_v1_1(c, ISA_V_CVT_F16_F32, mir_op_temp(r));
}

/* The half value behind `v` when v is `fpext half ... to float`. */
static LLVMValueRef ext_from_half(LLVMValueRef v) {
  if (!LLVMIsAFPExtInst(v)) return NULL;
  LLVMValueRef h = LLVMGetOperand(v, 0);
  return LLVMGetTypeKind(LLVMTypeOf(h)) == LLVMHalfTypeKind ? h : NULL;
}

/* fma / fmuladd on f32 whose three operands all extend halves. */
static bool mad_mix_call(LLVMValueRef v) {
  LLVMValueRef f = LLVMIsACallInst(v) ? LLVMGetCalledValue(v) : NULL;
  size_t n;
  const char *name = f && LLVMIsAFunction(f) ? LLVMGetValueName2(f, &n) : "";
  if (strcmp(name, "llvm.fma.f32") && strcmp(name, "llvm.fmuladd.f32")) return false;
  for (unsigned i = 0; i < 3; i++)
    if (!ext_from_half(LLVMGetOperand(v, i))) return false;
  return true;
}

/* The mixed-precision multiply-add the target has: v_mad_mix_f32, else
 * v_fma_mix_f32 (isa_encoding); ISA_NUM_OPS if neither. */
static isa_op mix_op(const isel_ctx *c) {
  unsigned e = c->p->target->encoding;
  return isa_encoding(e, ISA_V_MAD_MIX_F32) ? ISA_V_MAD_MIX_F32
         : isa_encoding(e, ISA_V_FMA_MIX_F32) ? ISA_V_FMA_MIX_F32 : ISA_NUM_OPS;
}

/* An fpext whose every user is such a call needs no code of its own. */
static bool only_feeds_mad_mix(const isel_ctx *c, LLVMValueRef ext) {
  LLVMUseRef u = LLVMGetFirstUse(ext);
  if (!u || mix_op(c) == ISA_NUM_OPS) return false;
  for (; u; u = LLVMGetNextUse(u))
    if (!mad_mix_call(LLVMGetUser(u))) return false;
  return true;
}

static mir_temp vcmp16(isel_ctx *c, unsigned op, mir_operand a, mir_operand b) {
  mir_temp d = isel_lane_tmp(c);
  mir_operand s[2] = {a, mir_op_temp(vreg(c, b))};
  isel_valu(c, op, &d, 1, s, 2, true);
  return d;
}

static mir_temp to_f32(isel_ctx *c, mir_operand h) { return isel_v1_1(c, ISA_V_CVT_F32_F16, h); }

mir_temp isel_f16_to_f64(isel_ctx *c, mir_operand h) {
  mir_temp d = isel_tmp(c, mir_rc_v(2));
  mir_operand s[1] = {mir_op_temp(to_f32(c, h))};
  isel_valu(c, ISA_V_CVT_F64_F32, &d, 1, s, 1, false);
  return d;
}

/* round half away from zero: trunc(x) + copysign(1, x) when
 * |x - trunc(x)| >= 1/2 (exact in half), with x's sign */
static mir_temp round16(isel_ctx *c, mir_operand x) {
  mir_temp t = isel_v1_1(c, ISA_V_TRUNC_F16, x);
  mir_temp d = isel_v1(c, ISA_V_SUB_F16, x, mir_op_temp(t));
  mir_temp ad = isel_v1(c, ISA_V_AND_B32, mir_op_const(0x7fffu), mir_op_temp(d));
  mir_temp big = vcmp16(c, ISA_V_CMP_LE_F16, mir_op_const(0x3800u) /* 0.5 */, mir_op_temp(ad));
  mir_temp one = isel_v1_3(c, ISA_V_BFI_B32, mir_op_temp(vreg(c, mir_op_const(0x7fffu))),
                           mir_op_temp(vreg(c, mir_op_const(0x3c00u))), x);
  mir_temp inc = isel_v1_3(c, ISA_V_CNDMASK_B32, mir_op_const(0), mir_op_temp(one), mir_op_temp(big));
  mir_temp sum = isel_v1(c, ISA_V_ADD_F16, mir_op_temp(t), mir_op_temp(inc));
  return isel_v1_3(c, ISA_V_BFI_B32, mir_op_temp(vreg(c, mir_op_const(0x7fffu))), mir_op_temp(sum), x);
}

/* The VOPC condition of fcmp predicate p (ISA_CMP_NONE if none). */
static isa_cmp cmp_kind(LLVMRealPredicate p) {
  static const uint8_t k[] = {
      [LLVMRealPredicateFalse] = ISA_CMP_F_F, [LLVMRealOEQ] = ISA_CMP_F_EQ,  [LLVMRealOGT] = ISA_CMP_F_GT,  [LLVMRealOGE] = ISA_CMP_F_GE,
      [LLVMRealOLT] = ISA_CMP_F_LT,           [LLVMRealOLE] = ISA_CMP_F_LE,  [LLVMRealONE] = ISA_CMP_F_LG,  [LLVMRealORD] = ISA_CMP_F_O,
      [LLVMRealUNO] = ISA_CMP_F_U,            [LLVMRealUEQ] = ISA_CMP_F_NLG, [LLVMRealUGT] = ISA_CMP_F_NLE, [LLVMRealUGE] = ISA_CMP_F_NLT,
      [LLVMRealULT] = ISA_CMP_F_NGE,          [LLVMRealULE] = ISA_CMP_F_NGT, [LLVMRealUNE] = ISA_CMP_F_NEQ, [LLVMRealPredicateTrue] = ISA_CMP_F_TRU,
  };
  return (unsigned)p < sizeof k / sizeof k[0] ? (isa_cmp)k[p] : ISA_CMP_NONE;
}

/* One element of a conversion to or from half; false if not handled. */
static bool convert(isel_ctx *c, LLVMValueRef ins, LLVMOpcode opc, unsigned e, mir_temp *d) {
  LLVMValueRef A = LLVMGetOperand(ins, 0);
  LLVMTypeRef st = LLVMTypeOf(A), dt = LLVMTypeOf(ins);
  mir_operand a = isel_get(c, A, e);
  unsigned sb = isel_type_bits(st), db = isel_type_bits(dt);
  switch (opc) {
  case LLVMFPExt:
    if (kind(dt) == LLVMFloatTypeKind) *d = to_f32(c, a);
    else if (kind(dt) == LLVMDoubleTypeKind) *d = isel_f16_to_f64(c, a);
    else return false;
    return true;
  case LLVMFPTrunc:
    if (kind(st) == LLVMFloatTypeKind) *d = isel_v1_1(c, ISA_V_CVT_F16_F32, a);
    else if (kind(st) == LLVMDoubleTypeKind) *d = isel_f64_to_f16(c, a);
    else return false;
    return true;
  case LLVMFPToSI: case LLVMFPToUI: {
    /* every finite half fits i32 (|x| <= 65504): i64 is its extension */
    if ((db > 32 && db != 64) || db == 1) return false;
    *d = isel_v1_1(c, opc == LLVMFPToSI ? ISA_V_CVT_I32_F32 : ISA_V_CVT_U32_F32, mir_op_temp(to_f32(c, a)));
    if (db == 64) {
      mir_operand hi = opc == LLVMFPToSI ? mir_op_temp(isel_v1(c, ISA_V_ASHRREV_I32, mir_op_const(31), mir_op_temp(*d)))
                                         : mir_op_const(0);
      *d = isel_create2(c, mir_op_temp(*d), hi, true);
    }
    return true;
  }
  case LLVMSIToFP: case LLVMUIToFP: {
    bool sign = opc == LLVMSIToFP;
    if (sb == 64) {
      /* correctly rounded to f32: exact below 65520, and anything larger
       * is +-inf in half either way */
      *d = isel_v1_1(c, ISA_V_CVT_F16_F32, mir_op_temp(isel_i64_to_f32(c, a, sign)));
      return true;
    }
    if (sb > 32 || sb == 1) return false;
    if (sb < 32) a = mir_op_temp(isel_v1_3(c, sign ? ISA_V_BFE_I32 : ISA_V_BFE_U32, a, mir_op_const(0), mir_op_const(sb)));
    mir_temp f = isel_v1_1(c, sign ? ISA_V_CVT_F32_I32 : ISA_V_CVT_F32_U32, a);
    *d = isel_v1_1(c, ISA_V_CVT_F16_F32, mir_op_temp(f));
    return true;
  }
  default:
    return false;
  }
}

int isel_half_inst(isel_ctx *c, LLVMValueRef ins) {
  LLVMOpcode opc = LLVMGetInstructionOpcode(ins);
  LLVMTypeRef dt = LLVMTypeOf(ins);
  LLVMValueRef A = LLVMGetNumOperands(ins) > 0 ? LLVMGetOperand(ins, 0) : NULL;
  LLVMTypeRef st = A ? LLVMTypeOf(A) : NULL;
  bool mine;
  switch (opc) {
  case LLVMFAdd: case LLVMFSub: case LLVMFMul: case LLVMFDiv: case LLVMFRem: case LLVMFNeg:
  case LLVMFPTrunc: case LLVMSIToFP: case LLVMUIToFP:
    mine = is_half(dt);
    break;
  case LLVMFCmp: case LLVMFPExt: case LLVMFPToSI: case LLVMFPToUI:
    mine = is_half(st);
    break;
  default:
    mine = false;
  }
  if (!mine) return -1;
  if (opc == LLVMFPExt && kind(dt) == LLVMFloatTypeKind && only_feeds_mad_mix(c, ins)) return 1;
  unsigned nc = isel_num_comps(dt);
  for (unsigned e = 0; e < nc; e++) {
    mir_temp d;
    mir_operand a = isel_get(c, A, e);
    switch (opc) {
    case LLVMFAdd: case LLVMFSub: case LLVMFMul: {
      mir_operand b = isel_get(c, LLVMGetOperand(ins, 1), e);
      unsigned op = opc == LLVMFAdd ? ISA_V_ADD_F16 : opc == LLVMFSub ? ISA_V_SUB_F16 : ISA_V_MUL_F16;
      d = isel_v1(c, op, a, mir_op_temp(vreg(c, b)));
      break;
    }
    case LLVMFNeg: d = isel_v1(c, ISA_V_XOR_B32, mir_op_const(0x8000u), mir_op_temp(vreg(c, a))); break;
    case LLVMFCmp: {
      isa_op op = isa_cmp_find(cmp_kind(LLVMGetFCmpPredicate(ins)), ISA_T_F16);
      if (op == ISA_NUM_OPS) return 0;
      d = vcmp16(c, op, a, isel_get(c, LLVMGetOperand(ins, 1), e));
      break;
    }
    case LLVMFDiv: {
      d = isel_fdiv16(c, a, isel_get(c, LLVMGetOperand(ins, 1), e));
      break;
    }
    case LLVMFRem: return 0;
    default:
      if (!convert(c, ins, opc, e, &d)) return 0;
    }
    isel_set(c, ins, e, d);
  }
  return 1;
}

/* v_sqrt_f16 of H; llvm.fabs.f16 around H becomes the abs source modifier
 * (VOP3 form), as llc-19 selects it. */
static mir_temp sqrt16(isel_ctx *c, LLVMValueRef H) {
  LLVMValueRef f = LLVMIsACallInst(H) ? LLVMGetCalledValue(H) : NULL;
  size_t n;
  if (!f || !LLVMIsAFunction(f) || strcmp(LLVMGetValueName2(f, &n), "llvm.fabs.f16") != 0)
    return isel_v1_1(c, ISA_V_SQRT_F16, isel_get(c, H, 0));
  mir_operand x = isel_get(c, LLVMGetOperand(H, 0), 0);
  if (x.kind != MIR_OPND_TEMP) return isel_v1_1(c, ISA_V_SQRT_F16, isel_get(c, H, 0));
  x.flags |= MIR_OPND_ABS;
  mir_temp d = isel_tmp(c, mir_rc_v(1));
  isel_valu(c, ISA_V_SQRT_F16, &d, 1, &x, 1, true);
  return d;
}

int isel_half_call(isel_ctx *c, LLVMValueRef ins, const char *n) {
  if (!strstr(n, ".f16")) return -1;
  if (LLVMGetTypeKind(LLVMTypeOf(ins)) == LLVMVectorTypeKind) return 0;
  unsigned nargs = (unsigned)LLVMGetNumArgOperands(ins);
  mir_operand a[2] = {{0}};
  for (unsigned i = 0; i < nargs && i < 2; i++) a[i] = isel_get(c, LLVMGetOperand(ins, i), 0);
  static const struct { const char *name; unsigned op; } un[] = {
      {"llvm.floor.f16", ISA_V_FLOOR_F16}, {"llvm.ceil.f16", ISA_V_CEIL_F16},      {"llvm.trunc.f16", ISA_V_TRUNC_F16},
      {"llvm.rint.f16", ISA_V_RNDNE_F16},  {"llvm.nearbyint.f16", ISA_V_RNDNE_F16}, {"llvm.roundeven.f16", ISA_V_RNDNE_F16},
      /* the hardware's f16 forms of the llvm.amdgcn ones, as llc-19
       * selects them (AMDGPUUsage "LLVM IR Intrinsics"; Vega ISA guide,
       * VOP1); frexp.exp.i16 is the low half of the result */
      {"llvm.amdgcn.rcp.f16", ISA_V_RCP_F16},     {"llvm.amdgcn.rsq.f16", ISA_V_RSQ_F16},
      {"llvm.amdgcn.sqrt.f16", ISA_V_SQRT_F16},   {"llvm.amdgcn.sin.f16", ISA_V_SIN_F16},
      {"llvm.amdgcn.cos.f16", ISA_V_COS_F16},     {"llvm.amdgcn.fract.f16", ISA_V_FRACT_F16},
      {"llvm.amdgcn.exp2.f16", ISA_V_EXP_F16},    {"llvm.amdgcn.log.f16", ISA_V_LOG_F16},
      {"llvm.amdgcn.frexp.mant.f16", ISA_V_FREXP_MANT_F16},
      {"llvm.amdgcn.frexp.exp.i16.f16", ISA_V_FREXP_EXP_I16_F16},
  };
  /* three-source ones: the f16 median, the division fixup and the
   * unfused multiply-add (fmad.ftz; v_mad_f16 rounds the product, then
   * the sum, as llc-19's v_mad/v_mac_f16) */
  static const struct { const char *name; unsigned op; } tri[] = {
      {"llvm.amdgcn.fmed3.f16", ISA_V_MED3_F16},
      {"llvm.amdgcn.div.fixup.f16", ISA_V_DIV_FIXUP_F16},
      {"llvm.amdgcn.fmad.ftz.f16", ISA_V_MAD_F16},
  };
  for (unsigned k = 0; k < sizeof tri / sizeof tri[0]; k++)
    if (!strcmp(n, tri[k].name)) {
      isel_set(c, ins, 0, isel_v1_3(c, tri[k].op, a[0], a[1], isel_get(c, LLVMGetOperand(ins, 2), 0)));
      return 1;
    }
  /* the compare's lane mask: isel_amdgcn_lanes.c */
  if (!strncmp(n, "llvm.amdgcn.fcmp.", 17)) return -1;
  for (unsigned k = 0; k < sizeof un / sizeof un[0]; k++)
    if (!strcmp(n, un[k].name)) {
      isel_set(c, ins, 0, isel_v1_1(c, un[k].op, a[0]));
      return 1;
    }
  mir_temp d;
  if (!strcmp(n, "llvm.fabs.f16")) {
    d = isel_v1(c, ISA_V_AND_B32, mir_op_const(0x7fffu), mir_op_temp(vreg(c, a[0])));
  } else if (!strcmp(n, "llvm.copysign.f16")) {
    d = isel_v1_3(c, ISA_V_BFI_B32, mir_op_temp(vreg(c, mir_op_const(0x7fffu))), a[0], a[1]);
  } else if (!strcmp(n, "llvm.minnum.f16") || !strcmp(n, "llvm.maxnum.f16")) {
    d = isel_v1(c, !strcmp(n, "llvm.minnum.f16") ? ISA_V_MIN_F16 : ISA_V_MAX_F16, a[0], mir_op_temp(vreg(c, a[1])));
  } else if (!strcmp(n, "llvm.fmuladd.f16")) {
    /* fmuladd allows the unfused form: two correctly rounded steps */
    mir_temp p = isel_v1(c, ISA_V_MUL_F16, a[0], mir_op_temp(vreg(c, a[1])));
    d = isel_v1(c, ISA_V_ADD_F16, isel_get(c, LLVMGetOperand(ins, 2), 0), mir_op_temp(p));
  } else if (!strcmp(n, "llvm.fma.f16")) {
    /* v_fma_f16: fused, one rounding in the f16/f64 field */
    d = isel_v1_3(c, ISA_V_FMA_F16, a[0], a[1], isel_get(c, LLVMGetOperand(ins, 2), 0));
  } else if (!strcmp(n, "llvm.sqrt.f16")) {
    /* v_sqrt_f16, as llc-19 selects it (ISD::FSQRT f16 is legal on GFX8+):
     * taken as correctly rounded in the f16/f64 rounding field */
    d = sqrt16(c, LLVMGetOperand(ins, 0));
  } else if (!strcmp(n, "llvm.sin.f16") || !strcmp(n, "llvm.cos.f16")) {
    /* v_sin/v_cos_f16 take turns: x * 1/(2 pi) (0x3118 in half) first, as
     * llc-19 does; the constant from a VGPR, as the other f16 constants
     * here (a literal 0x3118 on an f16 operand is the inline constant 248
     * to the assembler, which the encoder does not pick) */
    mir_temp t = isel_v1(c, ISA_V_MUL_F16, a[0], mir_op_temp(vreg(c, mir_op_const(0x3118u))));
    d = isel_v1_1(c, !strcmp(n, "llvm.sin.f16") ? ISA_V_SIN_F16 : ISA_V_COS_F16, mir_op_temp(t));
  } else if (!strcmp(n, "llvm.round.f16")) {
    d = round16(c, a[0]);
  } else if (!strcmp(n, "llvm.ldexp.f16.i32")) {
    /* v_ldexp_f16 takes an i16 exponent: clamp to +-64, beyond which any
     * nonzero half overflows or underflows to 0 just the same */
    mir_temp k = isel_v1_3(c, ISA_V_MED3_I32, a[1], mir_op_const((uint32_t)-64), mir_op_const(64));
    d = isel_v1(c, ISA_V_LDEXP_F16, a[0], mir_op_temp(k));
  } else if (!strcmp(n, "llvm.canonicalize.f16")) {
    d = isel_v1(c, ISA_V_MAX_F16, a[0], mir_op_temp(vreg(c, a[0])));
  } else if (!strcmp(n, "llvm.is.fpclass.f16") || !strcmp(n, "llvm.amdgcn.class.f16")) {
    mir_operand mk = a[1];
    if (mk.kind == MIR_OPND_CONST) mk = mir_op_const(mk.imm & 0x3ff);
    d = vcmp16(c, ISA_V_CMP_CLASS_F16, a[0], mk);
  } else {
    return 0;
  }
  isel_set(c, ins, 0, d);
  return 1;
}

bool isel_half_mad_mix(isel_ctx *c, LLVMValueRef ins) {
  if (!mad_mix_call(ins) || mix_op(c) == ISA_NUM_OPS) return false;
  LLVMValueRef h[3];
  for (unsigned i = 0; i < 3; i++) h[i] = ext_from_half(LLVMGetOperand(ins, i));
  mir_temp d = isel_tmp(c, mir_rc_v(1));
  mir_instr *m = isel_emit(c, mix_op(c), 3, 1);
  for (unsigned i = 0; i < 3; i++) m->ops[i] = mir_op_temp(vreg(c, isel_get(c, h[i], 0)));
  m->defs[0] = mir_op_temp(d);
  isel_set(c, ins, 0, d);
  return true;
}
