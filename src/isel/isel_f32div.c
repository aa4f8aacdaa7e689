/* Instruction selection: correctly rounded f32 division and square root.
 *
 *  - division: v_div_scale_f32 (scales operands out
 *    of the denormal/overflow range and sets VCC), v_rcp_f32 refined by
 *    FMAs, v_div_fmas_f32 (undoes the scaling from VCC), v_div_fixup_f32
 *    (special cases: 0, inf, NaN). When the kernel flushes f32 denormals
 *    the refinement FMAs need denormals on (as in llc-19's code), since
 *    their scaled residuals may be denormal: they carry a fixed MODE field
 *    (mir_instr.fpmode) and the MODE pass writes MODE around them.
 *  - square root: see isel_sqrt_scaled below.
 */
#include "isel/isel_internal.h"

/* ---- f32 division ---- */

void isel_div_scale(isel_ctx *c, unsigned op, mir_operand a, mir_operand b, mir_temp *den, mir_temp *num,
                    mir_temp *vcc) {
  unsigned dw = op == ISA_V_DIV_SCALE_F64 ? 2 : 1;
  mir_temp vcc_unused = isel_lane_tmp(c);
  *den = isel_tmp(c, mir_rc_v(dw));
  mir_temp d1[2] = {*den, vcc_unused};
  mir_operand s1[3] = {b, b, a};
  isel_valu(c, op, d1, 2, s1, 3, true);
  *num = isel_tmp(c, mir_rc_v(dw));
  *vcc = isel_lane_tmp(c);
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

/* The ulp bound of an instruction's !fpmath metadata, 0 without one. */
static double fpmath_ulps(isel_ctx *c, LLVMValueRef ins) {
  unsigned fk = LLVMGetMDKindIDInContext(LLVMGetModuleContext(c->mod), "fpmath", 6);
  LLVMValueRef md = LLVMGetMetadata(ins, fk);
  if (!md || LLVMGetMDNodeNumOperands(md) < 1) return 0;
  LLVMValueRef v[1];
  LLVMGetMDNodeOperands(md, v);
  if (!v[0] || !LLVMIsAConstantFP(v[0])) return 0;
  LLVMBool lossy;
  return LLVMConstRealGetDouble(v[0], &lossy);
}

/* a / b within 2.5 ulp (OpenCL's bound for float division, the !fpmath
 * clang writes; llc-19 expands such an fdiv the same way): with
 * a = ma * 2^ea and b = mb * 2^eb (v_frexp_mant/exp, ma, mb in [0.5, 1),
 * exact also for denormals), a / b = ldexp(ma * rcp(mb), ea - eb). rcp is
 * within 1 ulp and the product rounds once (ma * rcp(mb) lies in (0.5, 2],
 * never denormal), so the result is within 1.5 ulp, and v_ldexp is exact
 * unless the result is denormal, where its one rounding (half an ulp of
 * the denormal) dominates. Special operands: frexp passes 0, inf and NaN
 * through with exponent 0, so 0/0 = 0*inf and inf/inf = inf*0 give NaN,
 * x/0 = inf, 0/x = 0, x/inf = 0, with IEEE signs. A numerator of 1.0 needs
 * only the reciprocal: ldexp(rcp(mb), -eb). */
static mir_temp fdiv32_frexp(isel_ctx *c, mir_operand a, mir_operand b) {
  mir_temp mb = isel_v1_1(c, ISA_V_FREXP_MANT_F32, b), eb = isel_v1_1(c, ISA_V_FREXP_EXP_I32_F32, b);
  mir_temp r = isel_v1_1(c, ISA_V_RCP_F32, mir_op_temp(mb));
  if (a.kind == MIR_OPND_CONST && a.imm == 0x3f800000u) {
    mir_temp ne = isel_v1(c, ISA_V_SUB_U32, mir_op_const(0), mir_op_temp(eb));
    return isel_v1(c, ISA_V_LDEXP_F32, mir_op_temp(r), mir_op_temp(ne));
  }
  mir_temp ma = isel_v1_1(c, ISA_V_FREXP_MANT_F32, a), ea = isel_v1_1(c, ISA_V_FREXP_EXP_I32_F32, a);
  mir_temp q = isel_v1(c, ISA_V_MUL_F32, mir_op_temp(ma), mir_op_temp(r));
  mir_temp e = isel_v1(c, ISA_V_SUB_U32, mir_op_temp(ea), mir_op_temp(eb));
  return isel_v1(c, ISA_V_LDEXP_F32, mir_op_temp(q), mir_op_temp(e));
}

mir_temp isel_fdiv32_of(isel_ctx *c, LLVMValueRef ins, mir_operand a, mir_operand b) {
  if (fpmath_ulps(c, ins) >= 2.5) return fdiv32_frexp(c, a, b);
  return fdiv32(c, a, b, true);
}

mir_temp isel_fdiv32_of_halves(isel_ctx *c, mir_operand a, mir_operand b) { return fdiv32(c, a, b, false); }

/* Correctly rounded f16 division (round to nearest in both MODE rounding
 * fields, the default environment), from the operands extended to f32:
 *   r = rcp(b), q0 = a*r, e = fma(-b, q0, a), q1 = fma(e, r, q0),
 *   fixup = v_div_fixup_f32(q1, b, a), then v_cvt_f16_f32.
 * Why it rounds correctly with v_rcp_f32's 1-ulp error: every value stays a
 * normal f32 (|a|, |b| in [2^-24, 65504]), e is exact (a and b*q0 agree to
 * about 22 bits and b*q0 has 35), so q0 + e*r differs from x = a/b by
 * |q0 - x| * |1 - b*r| <= 1.5 * 2^-46 |x|, and q1 is within 2^-24 (1 + 2^-21)
 * |x| of x. A nonzero distance from x to a half rounding boundary m (12
 * significant bits; 11 in the subnormal range) is |a - m*b| / |b|, where
 * a - m*b is a nonzero multiple of the last bit of m*b (23 bits), hence at
 * least 2^-23 |x|: q1 lies on x's side of every boundary, and equals m when
 * x = m. v_div_fixup_f32 gives 0/0, inf/inf, x/0, 0/x, x/inf and NaN
 * operands their IEEE results, as in the full f32 division (whose 14
 * instructions this replaces); no f32 denormal arises, so neither denormal
 * field matters. Not used under a non-default rounding (constrained
 * operations keep isel_fdiv32_of_halves). */
mir_temp isel_fdiv16(isel_ctx *c, mir_operand a16, mir_operand b16) {
  mir_temp a = isel_v1_1(c, ISA_V_CVT_F32_F16, a16), b = isel_v1_1(c, ISA_V_CVT_F32_F16, b16);
  mir_temp r = isel_v1_1(c, ISA_V_RCP_F32, mir_op_temp(b));
  mir_temp q = isel_v1(c, ISA_V_MUL_F32, mir_op_temp(a), mir_op_temp(r));
  mir_operand nb = mir_op_temp(b);
  nb.flags |= MIR_OPND_NEG;
  mir_temp e = isel_v1_3(c, ISA_V_FMA_F32, nb, mir_op_temp(q), mir_op_temp(a));
  q = isel_v1_3(c, ISA_V_FMA_F32, mir_op_temp(e), mir_op_temp(r), mir_op_temp(q));
  mir_temp f = isel_v1_3(c, ISA_V_DIV_FIXUP_F32, mir_op_temp(q), mir_op_temp(b), mir_op_temp(a));
  return isel_v1_1(c, ISA_V_CVT_F16_F32, mir_op_temp(f));
}

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
  /* the scale factors are literals of the VOP2 multiplies (src0) */
  mir_temp xs = isel_v1(c, ISA_V_MUL_F32, mir_op_const(ISEL_SQRT_SCALE), x);
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
  mir_temp down = isel_v1(c, ISA_V_MUL_F32, mir_op_const(ISEL_SQRT_UNSCALE), mir_op_temp(r));
  r = isel_v1_3(c, ISA_V_CNDMASK_B32, mir_op_temp(r), mir_op_temp(down), mir_op_temp(tiny));
  /* +-0 and +inf pass through unchanged (negative inputs and NaN already
   * give NaN above): one v_cmp_class_f32 with the classes -0 (bit 5), +0
   * (bit 6) and +inf (bit 9), as in the f64 sequence */
  mir_temp special = isel_vcmp(c, ISA_V_CMP_CLASS_F32, mir_op_temp(xv), mir_op_const(0x260));
  if (xv_out) *xv_out = xv, *tiny_out = tiny;
  return isel_v1_3(c, ISA_V_CNDMASK_B32, mir_op_temp(r), mir_op_temp(xv), mir_op_temp(special));
}

/* v_cndmask_b32 (VOP3) of two inline constants: mask ? b : a. isel_valu
 * would move src1 to a VGPR for the VOP2 form. */
static mir_temp cndmask_k(isel_ctx *c, uint32_t a, uint32_t b, mir_temp mask) {
  mir_temp d = isel_tmp(c, mir_rc_v(1));
  mir_instr *cm = isel_emit(c, ISA_V_CNDMASK_B32, 3, 1);
  cm->ops[0] = mir_op_const(a);
  cm->ops[1] = mir_op_const(b);
  cm->ops[2] = mir_op_temp(mask);
  cm->defs[0] = mir_op_temp(d);
  cm->enc_flags |= MIR_ENC_VOP3;
  return d;
}

/* round (half away from zero), as llc-19 selects it: t = trunc(x), then
 * t + copysign(|x - t| >= 1/2 ? 1 : 0, x). The subtraction is exact; the
 * compare takes |x - t| as a source modifier and the cndmask the inline
 * constants 0 and 1.0. Adding a zero with x's sign keeps t's sign (round
 * of -0.3 is -0); a nonzero increment has t's sign too, and NaN and +-inf
 * (x - t is NaN, so no increment) come out of t unchanged. */
mir_temp isel_round32(isel_ctx *c, mir_operand x) {
  mir_temp t = isel_v1_1(c, ISA_V_TRUNC_F32, x);
  mir_operand d = mir_op_temp(isel_v1(c, ISA_V_SUB_F32, x, mir_op_temp(t)));
  d.flags |= MIR_OPND_ABS;
  mir_temp big = isel_vcmp(c, ISA_V_CMP_LE_F32, mir_op_const(0x3f000000u), d);
  mir_temp inc = cndmask_k(c, 0, 0x3f800000u, big);
  mir_temp sinc = isel_v1_3(c, ISA_V_BFI_B32, mir_op_temp(isel_to_vgpr(c, mir_op_const(0x7fffffffu), 1)),
                            mir_op_temp(inc), x);
  return isel_v1(c, ISA_V_ADD_F32, mir_op_temp(t), mir_op_temp(sinc));
}

/* sqrt within 1 ulp (!fpmath, afn): v_sqrt_f32, whose 1-ulp bound does
 * not cover denormal inputs, so when the kernel keeps f32 denormals an
 * input below 2^-126 is scaled by 2^32 and the root by 2^-16 (exact powers
 * of two), as llc-19 lowers it; a flushing kernel takes v_sqrt_f32 alone.
 * Negative inputs, +-0, inf and NaN pass through the scaling unchanged in
 * kind (ldexp keeps them). */
mir_temp isel_sqrt_1ulp(isel_ctx *c, mir_operand x) {
  if (isel_denorm32_flushed(c)) return isel_v1_1(c, ISA_V_SQRT_F32, x);
  mir_temp small = isel_vcmp(c, ISA_V_CMP_GT_F32, mir_op_temp(isel_to_vgpr(c, mir_op_const(0x00800000u), 1)), x);
  mir_temp up = cndmask_k(c, 0, 32, small);
  mir_temp s = isel_v1_1(c, ISA_V_SQRT_F32, mir_op_temp(isel_v1(c, ISA_V_LDEXP_F32, x, mir_op_temp(up))));
  mir_temp down = cndmask_k(c, 0, (uint32_t)-16, small);
  return isel_v1(c, ISA_V_LDEXP_F32, mir_op_temp(s), mir_op_temp(down));
}
