/* Instruction selection: integer division and remainder, 32 and 64 bits,
 * in SALU when the result is uniform and in VALU otherwise.
 *
 * Algorithm (the float-reciprocal method AMD's compilers use; the
 * mathematics is the textbook Newton-Raphson reciprocal, written here
 * from its derivation):
 *  - 32 bits: z ~ 2^32 / b from v_rcp_iflag_f32 scaled by 2^32 - 512 (an
 *    underestimate), one integer Newton step z += mulhi(z, -b * z), the
 *    quotient estimate q = mulhi(a, z) and two "if (r >= b) q++, r -= b"
 *    corrections.
 *  - 64 bits: R ~ 2^64 / d from one f32 reciprocal of float(d) scaled by
 *    2^64 - 2^43 (0x5f7ffff8: the estimate stays below 2^64 / d, so
 *    d * R < 2^64, even when v_rcp_f32 is off by 2 ulp either way: checked
 *    on 10^8 inputs by a host model; 2^64 - 2^42 fails at +1 ulp),
 *    split into two u32 halves with trunc/fma (exact), refined by two
 *    integer Newton steps R += mulhi64(R, -d * R mod 2^64) (error 2^-21 ->
 *    2^-42 -> below the truncation of mulhi64, and R stays below 2^64 / d
 *    because x(2 - x) <= 1), then q = mulhi64(n, R), r = n - q * d and two
 *    corrections. The corrections in 64 bits test the borrow of r - d.
 *  - Constant divisors (32 and 64 bits): a multiply by a magic number
 *    and a shift (Granlund & Montgomery, "Division by Invariant Integers
 *    using Multiplication", PLDI 1994, Theorem 4.2 and Figure 4.1), powers
 *    of two as a shift or an AND; see udivrem32_const.
 *  - Signed forms divide magnitudes and fix the signs ((x ^ s) - s); a
 *    constant divisor's sign is folded at compile time.
 *  - The float steps are VALU (gfx9 SALU has no float ops); on uniform
 *    operands their results are read back with v_readfirstlane_b32 and the
 *    integer steps run in SALU with SCC carry chains. Invariant: no
 *    SCC-writing instruction is emitted between an SCC def and its uses.
 *
 *  - Operands below 2^21 (divisor not constant; uniform ones read back
 *    with v_readfirstlane, vectors of small elements element by element):
 *    one f32 reciprocal, a truncated quotient estimate and one correction
 *    from an exact FMA residual (udivrem_f32, isel_divrem_small), for any
 *    width; about half the instructions of the 32-bit sequence. Signed
 *    operands of magnitude below 2^21 (i8, i16, sign-extended values) the
 *    same way with the quotient's sign (sdivrem_f32).
 *
 * isel_divrem64 first narrows: a signed range analysis of the IR
 * (isel_divrange.c) proves when both operands of an i64 division lie in
 * [0, 2^32), and the 32-bit sequence on the low halves is exact then.
 * Division by zero is undefined in LLVM IR; the sequences give some value.
 * Not done: a run-time test for operands below 2^32 (llc-19 branches to
 * the 32-bit sequence): it needs a block split inside selection, which
 * isel.c's up-front block numbering does not offer yet.
 */
#include "isel/isel_internal.h"

/* The emitter: SALU (uniform) or VALU words. */
typedef struct dv {
  isel_ctx *c;
  bool v;
  /* the largest value an unsigned dividend may have (0: any 32-bit one) */
  uint32_t nmax;
} dv;

typedef struct w64 {
  mir_operand lo, hi;
} w64;

static mir_operand T(mir_temp t) { return mir_op_temp(t); }

static void salu_legal(dv *x, mir_operand *a, mir_operand *b) {
  if (isel_opnd_is_vgpr(a)) *a = T(isel_to_sgpr(x->c, *a, 1));
  if (isel_opnd_is_vgpr(b)) *b = T(isel_to_sgpr(x->c, *b, 1));
  if (a->kind == MIR_OPND_CONST && b->kind == MIR_OPND_CONST && !isel_is_inline_const(a->imm) &&
      !isel_is_inline_const(b->imm))
    *a = T(isel_to_sgpr(x->c, *a, 1));
}

/* A 32-bit op with no SCC use: sop for SALU, vop (VOP2 keeps a VGPR in
 * src1 when `commutes`) for VALU. */
static mir_operand op2(dv *x, unsigned sop, unsigned vop, mir_operand a, mir_operand b, bool commutes) {
  if (!x->v) {
    salu_legal(x, &a, &b);
    return T(isel_s(x->c, sop, 1, a, b));
  }
  if (commutes && !isel_opnd_is_vgpr(&b) && isel_opnd_is_vgpr(&a)) return T(isel_v1(x->c, vop, b, a));
  return T(isel_v1(x->c, vop, a, b));
}

static mir_operand mul_lo(dv *x, mir_operand a, mir_operand b) {
  return op2(x, ISA_S_MUL_I32, ISA_V_MUL_LO_U32, a, b, true);
}
static mir_operand mul_hi(dv *x, mir_operand a, mir_operand b) {
  return op2(x, ISA_S_MUL_HI_U32, ISA_V_MUL_HI_U32, a, b, true);
}
static mir_operand add32(dv *x, mir_operand a, mir_operand b) { return op2(x, ISA_S_ADD_U32, ISA_V_ADD_U32, a, b, true); }
static mir_operand sub32(dv *x, mir_operand a, mir_operand b) {
  if (x->v && !isel_opnd_is_vgpr(&b) && isel_opnd_is_vgpr(&a)) return T(isel_v1(x->c, ISA_V_SUBREV_U32, b, a));
  return op2(x, ISA_S_SUB_U32, ISA_V_SUB_U32, a, b, false);
}
static mir_operand xor32(dv *x, mir_operand a, mir_operand b) { return op2(x, ISA_S_XOR_B32, ISA_V_XOR_B32, a, b, true); }
static mir_operand sign_of(dv *x, mir_operand a) {
  if (!x->v) return op2(x, ISA_S_ASHR_I32, 0, a, mir_op_const(31), false);
  return T(isel_v1(x->c, ISA_V_ASHRREV_I32, mir_op_const(31), a));
}

/* d[0..n) = a + b (sub: a - b) with the carry (borrow) rippling through
 * the words; returns the final carry: an SCC temp (SALU) or a lane mask
 * (VALU), 1 where the sum overflowed (the difference borrowed). */
static mir_temp chain(dv *x, bool sub, unsigned n, const mir_operand *a, const mir_operand *b, mir_operand *d) {
  mir_temp carry = {0};
  for (unsigned i = 0; i < n; i++) {
    mir_operand s0 = a[i], s1 = b[i];
    if (!x->v) {
      salu_legal(x, &s0, &s1);
      unsigned op = i == 0 ? (sub ? ISA_S_SUB_U32 : ISA_S_ADD_U32) : (sub ? ISA_S_SUBB_U32 : ISA_S_ADDC_U32);
      mir_temp r = isel_tmp(x->c, mir_rc_s(1)), co = isel_tmp(x->c, mir_rc_s(1));
      mir_instr *ins = isel_emit(x->c, op, i == 0 ? 2 : 3, 2);
      ins->ops[0] = s0;
      ins->ops[1] = s1;
      if (i) ins->ops[2] = isel_scc_operand(carry);
      ins->defs[0] = T(r);
      ins->defs[1] = isel_scc_operand(co);
      carry = co;
      d[i] = T(r);
      continue;
    }
    if (!sub && !isel_opnd_is_vgpr(&s1) && isel_opnd_is_vgpr(&s0)) {
      mir_operand t = s0;
      s0 = s1;
      s1 = t;
    }
    unsigned op = i == 0 ? (sub ? ISA_V_SUB_CO_U32 : ISA_V_ADD_CO_U32) : (sub ? ISA_V_SUBB_CO_U32 : ISA_V_ADDC_CO_U32);
    mir_temp defs[2] = {isel_tmp(x->c, mir_rc_v(1)), isel_lane_tmp(x->c)};
    mir_operand srcs[3] = {s0, s1, i ? T(carry) : mir_op_const(0)};
    isel_valu(x->c, op, defs, 2, srcs, i ? 3 : 2, true);
    carry = defs[1];
    d[i] = T(defs[0]);
  }
  return carry;
}

static w64 add64(dv *x, w64 a, w64 b, bool sub) {
  mir_operand sa[2] = {a.lo, a.hi}, sb[2] = {b.lo, b.hi}, d[2];
  chain(x, sub, 2, sa, sb, d);
  return (w64){d[0], d[1]};
}

/* cond ? t : f, cond from chain() or cmp_ge(). */
static mir_operand sel(dv *x, mir_temp cond, mir_operand t, mir_operand f) {
  if (x->v && t.kind == MIR_OPND_CONST && f.kind == MIR_OPND_CONST && isel_is_inline_const(t.imm) &&
      isel_is_inline_const(f.imm)) {
    /* the VOP3 form takes inline constants in both sources (isel_valu
     * would move src1 to a VGPR, as the VOP2 form needs) */
    mir_temp d = isel_tmp(x->c, mir_rc_v(1));
    mir_instr *ins = isel_emit(x->c, ISA_V_CNDMASK_B32, 3, 1);
    ins->ops[0] = f;
    ins->ops[1] = t;
    ins->ops[2] = T(cond);
    ins->defs[0] = T(d);
    ins->enc_flags |= MIR_ENC_VOP3;
    return T(d);
  }
  if (x->v) return T(isel_v1_3(x->c, ISA_V_CNDMASK_B32, f, t, T(cond)));
  salu_legal(x, &t, &f);
  mir_temp d = isel_tmp(x->c, mir_rc_s(1));
  mir_instr *ins = isel_emit(x->c, ISA_S_CSELECT_B32, 3, 1);
  ins->ops[0] = t;
  ins->ops[1] = f;
  ins->ops[2] = isel_scc_operand(cond);
  ins->defs[0] = T(d);
  return T(d);
}

static mir_temp cmp_ge(dv *x, mir_operand a, mir_operand b) {
  if (x->v) return isel_vcmp(x->c, ISA_V_CMP_GE_U32, a, b);
  salu_legal(x, &a, &b);
  return isel_scmp(x->c, ISA_S_CMP_GE_U32, a, b);
}

/* A VALU result as an emitter word (read back for SALU). */
static mir_operand from_valu(dv *x, mir_temp t) { return x->v ? T(t) : T(isel_uniform_to_sgpr(x->c, T(t), 1)); }

/* {lo, 0} as a VGPR pair: the 64-bit addend of v_mad_u64_u32 */
static mir_operand zext_pair(dv *x, mir_operand lo) {
  return T(isel_create2(x->c, lo, mir_op_const(0), true));
}

static mir_operand half(dv *x, mir_temp t, bool hi) { return isel_half_of(x->c, T(t), hi); }

/* low 64 bits of a * b; in VALU the low product's two halves come from
 * one v_mad_u64_u32 and the cross products are summed by v_add3_u32
 * (4 instructions, not 6) */
static w64 mul64_lo(dv *x, w64 a, w64 b) {
  if (x->v) {
    mir_operand z = mir_op_const(0);
    z.size = 2;
    mir_temp p = isel_mad_u64(x->c, a.lo, b.lo, z);
    mir_operand h1 = mul_lo(x, a.lo, b.hi), h2 = mul_lo(x, a.hi, b.lo);
    return (w64){half(x, p, false), T(isel_v1_3(x->c, ISA_V_ADD3_U32, half(x, p, true), h1, h2))};
  }
  mir_operand lo = mul_lo(x, a.lo, b.lo), h0 = mul_hi(x, a.lo, b.lo);
  mir_operand h1 = mul_lo(x, a.lo, b.hi), h2 = mul_lo(x, a.hi, b.lo);
  return (w64){lo, add32(x, add32(x, h0, h1), h2)};
}

/* high 64 bits of the 128-bit a * b: the partial products summed by
 * columns, all multiplies first so the SALU carry chains stay unbroken. */
static w64 mul64_hi(dv *x, w64 a, w64 b) {
  if (x->v) {
    /* X = a.lo * b.hi + hi(a.lo * b.lo), Y = a.hi * b.lo + lo(X) and
     * Z = a.hi * b.hi + hi(X) each fit in 64 bits (v_mad_u64_u32 with a
     * zero-extended addend); the result is Z + hi(Y): 9 instructions
     * with the addends' zero halves, not 14 */
    mir_operand h00 = mul_hi(x, a.lo, b.lo);
    mir_temp X = isel_mad_u64(x->c, a.lo, b.hi, zext_pair(x, h00));
    mir_temp Y = isel_mad_u64(x->c, a.hi, b.lo, zext_pair(x, half(x, X, false)));
    mir_temp Z = isel_mad_u64(x->c, a.hi, b.hi, zext_pair(x, half(x, X, true)));
    return add64(x, (w64){half(x, Z, false), half(x, Z, true)}, (w64){half(x, Y, true), mir_op_const(0)}, false);
  }
  mir_operand h00 = mul_hi(x, a.lo, b.lo);
  mir_operand l01 = mul_lo(x, a.lo, b.hi), h01 = mul_hi(x, a.lo, b.hi);
  mir_operand l10 = mul_lo(x, a.hi, b.lo), h10 = mul_hi(x, a.hi, b.lo);
  mir_operand l11 = mul_lo(x, a.hi, b.hi), h11 = mul_hi(x, a.hi, b.hi);
  mir_operand z = mir_op_const(0), t[3];
  /* X = h00 + a.lo * b.hi (fits in 64 bits) */
  mir_operand xa[2] = {h00, z}, xb[2] = {l01, h01};
  chain(x, false, 2, xa, xb, t);
  /* Y = X + a.hi * b.lo; its high word and carry out (as a word) */
  mir_operand ya[2] = {t[0], t[1]}, yb[2] = {l10, h10}, y[2];
  mir_temp cy = chain(x, false, 2, ya, yb, y);
  mir_operand ch = sel(x, cy, mir_op_const(1), z);
  return add64(x, (w64){y[1], ch}, (w64){l11, h11}, false);
}

/* q = n / d, r = n % d (unsigned, 32 bits); either output may be NULL. */
static void udivrem32(dv *x, mir_operand n, mir_operand d, mir_operand *qo, mir_operand *ro) {
  isel_ctx *c = x->c;
  mir_temp fb = isel_v1_1(c, ISA_V_CVT_F32_U32, d);
  mir_temp rc = isel_v1_1(c, ISA_V_RCP_IFLAG_F32, T(fb));
  /* 0x4f7ffffe = 2^32 - 512 as float: keeps the estimate below 2^32/d */
  mir_temp sc = isel_v1(c, ISA_V_MUL_F32, mir_op_const(0x4f7ffffeu), T(rc));
  mir_operand z = from_valu(x, isel_v1_1(c, ISA_V_CVT_U32_F32, T(sc)));
  mir_operand e = mul_lo(x, sub32(x, mir_op_const(0), d), z);
  z = add32(x, z, mul_hi(x, z, e));
  mir_operand q = mul_hi(x, n, z);
  mir_operand r = sub32(x, n, mul_lo(x, q, d));
  for (int step = 0; step < 2; step++) {
    bool last = step == 1;
    mir_operand q1 = qo ? add32(x, q, mir_op_const(1)) : q;
    mir_operand r1 = (ro || !last) ? sub32(x, r, d) : r;
    mir_temp ge = cmp_ge(x, r, d);
    if (qo) q = sel(x, ge, q1, q);
    if (ro || !last) r = sel(x, ge, r1, r);
  }
  if (qo) *qo = q;
  if (ro) *ro = r;
}

/* The same for 64 bits (words of n and d). */
static void udivrem64(dv *x, w64 n, w64 d, w64 *qo, w64 *ro) {
  isel_ctx *c = x->c;
  mir_temp flo = isel_v1_1(c, ISA_V_CVT_F32_U32, d.lo), fhi = isel_v1_1(c, ISA_V_CVT_F32_U32, d.hi);
  mir_temp fd = isel_v1_3(c, ISA_V_FMA_F32, T(fhi), mir_op_const(0x4f800000u) /* 2^32 */, T(flo));
  mir_temp rc = isel_v1_1(c, ISA_V_RCP_F32, T(fd));
  mir_temp s = isel_v1(c, ISA_V_MUL_F32, mir_op_const(0x5f7ffff8u) /* 2^64 - 2^43 */, T(rc));
  mir_temp h = isel_v1_1(c, ISA_V_TRUNC_F32, T(isel_v1(c, ISA_V_MUL_F32, mir_op_const(0x2f800000u) /* 2^-32 */, T(s))));
  mir_temp l = isel_v1_3(c, ISA_V_FMA_F32, T(h), mir_op_const(0xcf800000u) /* -2^32 */, T(s));
  w64 R = {from_valu(x, isel_v1_1(c, ISA_V_CVT_U32_F32, T(l))), from_valu(x, isel_v1_1(c, ISA_V_CVT_U32_F32, T(h)))};
  w64 nd = add64(x, (w64){mir_op_const(0), mir_op_const(0)}, d, true);
  for (int it = 0; it < 2; it++) R = add64(x, R, mul64_hi(x, R, mul64_lo(x, nd, R)), false);
  w64 q = mul64_hi(x, n, R);
  w64 r = add64(x, n, mul64_lo(x, q, d), true);
  for (int step = 0; step < 2; step++) {
    bool last = step == 1;
    w64 q1 = qo ? add64(x, q, (w64){mir_op_const(1), mir_op_const(0)}, false) : q;
    mir_operand ra[2] = {r.lo, r.hi}, da[2] = {d.lo, d.hi}, t[2];
    mir_temp borrow = chain(x, true, 2, ra, da, t); /* 1 where r < d */
    if (qo) q = (w64){sel(x, borrow, q.lo, q1.lo), sel(x, borrow, q.hi, q1.hi)};
    if (ro || !last) r = (w64){sel(x, borrow, r.lo, t[0]), sel(x, borrow, r.hi, t[1])};
  }
  if (qo) *qo = q;
  if (ro) *ro = r;
}

/* |a| as words and its sign word (0 or -1). */
static w64 abs64(dv *x, w64 a, mir_operand *sign) {
  *sign = sign_of(x, a.hi);
  w64 m = {xor32(x, a.lo, *sign), xor32(x, a.hi, *sign)};
  return add64(x, m, (w64){*sign, *sign}, true);
}

static w64 apply_sign64(dv *x, w64 a, mir_operand s) {
  return add64(x, (w64){xor32(x, a.lo, s), xor32(x, a.hi, s)}, (w64){s, s}, true);
}

static bool is_signed_op(LLVMOpcode op) { return op == LLVMSDiv || op == LLVMSRem; }
static bool is_quot_op(LLVMOpcode op) { return op == LLVMUDiv || op == LLVMSDiv; }

static mir_operand shr32(dv *x, mir_operand a, unsigned k) {
  if (k == 0) return a;
  if (!x->v) return op2(x, ISA_S_LSHR_B32, 0, a, mir_op_const(k), false);
  return T(isel_v1(x->c, ISA_V_LSHRREV_B32, mir_op_const(k), a));
}

isel_magic isel_magic_unsigned(uint64_t d, unsigned bits) {
  typedef unsigned __int128 u128;
  unsigned l = 0;
  while (l < bits && ((uint64_t)1 << l) < d) l++;
  for (unsigned s = 0; s <= l && bits + s < 128; s++) {
    u128 p = (u128)1 << (bits + s);
    u128 m = (p + d - 1) / d;
    if ((m >> bits) == 0 && m * d - p <= ((u128)1 << s)) return (isel_magic){(uint64_t)m, s, false};
  }
  uint64_t m1 = (uint64_t)((((u128)1 << bits) * (((u128)1 << l) - d)) / d + 1);
  return (isel_magic){m1, l - 1, true};
}

/* A magic number for n / d when n <= nmax (a bound the selection proved,
 * e.g. an i7 value or a masked one): m = ceil(2^(32+s) / d) < 2^32 with
 * e = m * d - 2^(32+s); for n = q * d + r, n * m / 2^(32+s) = n / d +
 * n * e / (d * 2^(32+s)), whose floor is q when n * e < 2^(32+s) (then
 * r + n * e / 2^(32+s) < d). Smallest such s; false when none fits (the
 * full-range isel_magic_unsigned then). For a small nmax this is one
 * v_mul_hi_u32 with no shift and no fix-up (i7 % 7: m = 0x24924925 with
 * s = 0, where the full range needs five instructions). */
static bool magic_below(uint32_t d, uint32_t nmax, uint32_t *m, unsigned *shift) {
  typedef unsigned __int128 u128;
  for (unsigned s = 0; s < 32; s++) {
    u128 p = (u128)1 << (32 + s);
    u128 mm = (p + d - 1) / d;
    if (mm >> 32) return false;
    if ((mm * d - p) * nmax < p) {
      *m = (uint32_t)mm;
      *shift = s;
      return true;
    }
  }
  return false;
}

/* n / d or n % d (unsigned, 32 bits) for a constant d >= 1: a multiply by
 * a magic number (magic_below for a bounded dividend, else
 * isel_magic_unsigned), powers of two as a shift or AND. */
static mir_operand udivrem32_const(dv *x, bool quot, mir_operand n, uint32_t d) {
  uint32_t m;
  unsigned s;
  unsigned l = 0;
  while (l < 32 && ((uint64_t)1 << l) < d) l++;
  mir_operand q;
  if ((d & (d - 1)) == 0) {
    if (!quot) return op2(x, ISA_S_AND_B32, ISA_V_AND_B32, n, mir_op_const(d - 1), true);
    q = shr32(x, n, l);
  } else if (x->nmax && magic_below(d, x->nmax, &m, &s)) {
    q = shr32(x, mul_hi(x, n, mir_op_const(m)), s);
  } else {
    isel_magic mg = isel_magic_unsigned(d, 32);
    mir_operand t = mul_hi(x, n, mir_op_const((uint32_t)mg.m));
    q = shr32(x, mg.add ? add32(x, t, shr32(x, sub32(x, n, t), 1)) : t, mg.shift);
  }
  if (quot) return q;
  /* q * d <= nmax: both factors below 2^24 take the full-rate
   * v_mul_u32_u24 (v_mul_lo_u32 is a quarter-rate instruction) */
  if (x->v && x->nmax && d < (1u << 24) && x->nmax / d < (1u << 24))
    return sub32(x, n, T(isel_v1c(x->c, ISA_V_MUL_U32_U24, q, mir_op_const(d))));
  return sub32(x, n, mul_lo(x, q, mir_op_const(d)));
}

static mir_operand udivrem32_any(dv *x, bool quot, mir_operand n, mir_operand d) {
  if (d.kind == MIR_OPND_CONST && d.imm != 0) return udivrem32_const(x, quot, n, d.imm);
  mir_operand q, r;
  udivrem32(x, n, d, quot ? &q : NULL, quot ? NULL : &r);
  return quot ? q : r;
}

/* Signed 32-bit division by a constant 2 <= ad < 2^31, not a power of two
 * (Granlund & Montgomery, PLDI 1994, section 5): m = ceil(2^(32+s) / ad)
 * with e = m * ad - 2^(32+s) <= 2^(s+1), m < 2^32, smallest such s. Then
 * for every n, t = floor(n * m / 2^32) (v_mul_hi_i32 with m read as
 * signed, plus n when m >= 2^31) and floor(t / 2^s) is trunc(n / ad)
 * for n >= 0 and trunc(n / ad) - 1 for n < 0: the error term n * e /
 * (ad * 2^(32+s)) stays below 1/ad in size, and it is positive for
 * n < 0 because ad does not divide 2^(32+s). Hence q = (t >> s) + (n >>> 31)
 * (llc-19 adds the sign bit of t >> s, the same bit). Checked against
 * C division on the host for every divisor below 2^12 and edge operands. */
static bool magic_signed32(uint32_t ad, uint32_t *m, unsigned *shift) {
  typedef unsigned __int128 u128;
  for (unsigned s = 0; s < 32; s++) {
    u128 p = (u128)1 << (32 + s);
    u128 mm = (p + ad - 1) / ad;
    if (mm >> 32) return false;
    if (mm * ad - p <= ((u128)1 << (s + 1))) {
      *m = (uint32_t)mm;
      *shift = s;
      return true;
    }
  }
  return false;
}

/* n / d or n % d (signed, 32 bits) for a constant d: |d| a power of two
 * in [2, 2^30] by sdivrem32_pow2; |d| in (2, 2^31) otherwise by the
 * magic multiply of magic_signed32, about six instructions instead of
 * the nine of the magnitude route. False when d does not qualify. */
/* n / d or n % d (signed, 32 bits) for d = +-2^k, 0 < k < 31: the shift
 * rounds toward zero after a bias of 2^k - 1 on negative n (the sign
 * shifted down, n >>> 31 for k = 1), as llc-19 selects it: 3 to 4
 * instructions for the quotient, 4 to 5 for the remainder
 * (n - ((n + bias) & -2^k)), where the magnitude route takes 6
 * (bench/real/imatmul4's K / 4). */
static mir_operand sdivrem32_pow2(dv *x, bool quot, bool neg, mir_operand n, unsigned k) {
  mir_operand bias = k == 1 ? shr32(x, n, 31) : shr32(x, sign_of(x, n), 32 - k);
  mir_operand nb = add32(x, n, bias);
  if (!quot) return sub32(x, n, op2(x, ISA_S_AND_B32, ISA_V_AND_B32, nb, mir_op_const(0u - (1u << k)), true));
  mir_operand q = x->v ? T(isel_v1(x->c, ISA_V_ASHRREV_I32, mir_op_const(k), nb))
                       : op2(x, ISA_S_ASHR_I32, 0, nb, mir_op_const(k), false);
  return neg ? sub32(x, mir_op_const(0), q) : q;
}

static bool sdivrem32_const(dv *x, bool quot, mir_operand n, uint32_t d, mir_operand *out) {
  bool neg = (int32_t)d < 0;
  uint32_t ad = neg ? 0u - d : d, m;
  unsigned s;
  if (ad >= 2 && ad < 0x80000000u && (ad & (ad - 1)) == 0) {
    *out = sdivrem32_pow2(x, quot, neg, n, (unsigned)__builtin_ctz(ad));
    return true;
  }
  if (ad < 3 || ad >= 0x80000000u || (ad & (ad - 1)) == 0 || !magic_signed32(ad, &m, &s)) return false;
  mir_operand t = op2(x, ISA_S_MUL_HI_I32, ISA_V_MUL_HI_I32, n, mir_op_const(m), true);
  if (m >= 0x80000000u) t = add32(x, t, n);
  if (s) t = x->v ? T(isel_v1(x->c, ISA_V_ASHRREV_I32, mir_op_const(s), t))
                  : op2(x, ISA_S_ASHR_I32, 0, t, mir_op_const(s), false);
  if (quot && neg) {
    /* -((t >> s) + (n >>> 31)) = (n >> 31) - (t >> s) */
    *out = sub32(x, sign_of(x, n), t);
    return true;
  }
  mir_operand q = add32(x, t, shr32(x, n, 31));
  *out = quot ? q : sub32(x, n, mul_lo(x, q, mir_op_const(ad)));
  return true;
}

/* 32-bit a op b on emitter words; signed forms through magnitudes. */
static mir_operand divrem32_words(dv *x, LLVMOpcode op, mir_operand a, mir_operand b) {
  bool quot = is_quot_op(op);
  if (!is_signed_op(op)) return udivrem32_any(x, quot, a, b);
  mir_operand fast;
  if (b.kind == MIR_OPND_CONST && sdivrem32_const(x, quot, a, b.imm, &fast)) return fast;
  mir_operand sa = sign_of(x, a), sb, ab;
  mir_operand aa = xor32(x, add32(x, a, sa), sa);
  if (b.kind == MIR_OPND_CONST && b.imm != 0) {
    bool neg = (int32_t)b.imm < 0;
    ab = mir_op_const(neg ? 0u - b.imm : b.imm);
    sb = mir_op_const(neg ? 0xffffffffu : 0);
  } else {
    sb = sign_of(x, b);
    ab = xor32(x, add32(x, b, sb), sb);
  }
  mir_operand res = udivrem32_any(x, quot, aa, ab);
  mir_operand s = !quot || (sb.kind == MIR_OPND_CONST && sb.imm == 0) ? sa : xor32(x, sa, sb);
  return sub32(x, xor32(x, res, s), s);
}

/* A constant word: an SGPR for VALU use when it is a literal (VOP3 takes
 * no literal; one SGPR per instruction is free), else the constant. */
static mir_operand konst(dv *x, uint32_t v) {
  if (x->v && !isel_is_inline_const(v)) return T(isel_to_sgpr(x->c, mir_op_const(v), 1));
  return mir_op_const(v);
}

static w64 konst64(dv *x, uint64_t v) { return (w64){konst(x, (uint32_t)v), konst(x, (uint32_t)(v >> 32))}; }

static w64 shr64(dv *x, w64 a, unsigned k) {
  if (k == 0) return a;
  if (k >= 32) return (w64){shr32(x, a.hi, k - 32), mir_op_const(0)};
  mir_operand lo;
  if (x->v) lo = T(isel_v1_3(x->c, ISA_V_ALIGNBIT_B32, a.hi, a.lo, mir_op_const(k)));
  else lo = op2(x, ISA_S_OR_B32, 0, shr32(x, a.lo, k), op2(x, ISA_S_LSHL_B32, 0, a.hi, mir_op_const(32 - k), false), true);
  return (w64){lo, shr32(x, a.hi, k)};
}

/* The 64-bit form of udivrem32_const. */
static w64 udivrem64_const(dv *x, bool quot, w64 n, uint64_t d) {
  unsigned l = 0;
  while (l < 64 && ((uint64_t)1 << l) < d) l++;
  w64 q;
  if ((d & (d - 1)) == 0) {
    if (!quot)
      return (w64){op2(x, ISA_S_AND_B32, ISA_V_AND_B32, n.lo, konst(x, (uint32_t)(d - 1)), true),
                   op2(x, ISA_S_AND_B32, ISA_V_AND_B32, n.hi, konst(x, (uint32_t)((d - 1) >> 32)), true)};
    q = shr64(x, n, l);
  } else {
    isel_magic mg = isel_magic_unsigned(d, 64);
    w64 t = mul64_hi(x, n, konst64(x, mg.m));
    q = shr64(x, mg.add ? add64(x, t, shr64(x, add64(x, n, t, true), 1), false) : t, mg.shift);
  }
  if (quot) return q;
  return add64(x, n, mul64_lo(x, q, konst64(x, d)), true);
}

static bool const64(w64 a, uint64_t *v) {
  if (a.lo.kind != MIR_OPND_CONST || a.hi.kind != MIR_OPND_CONST) return false;
  *v = (uint64_t)a.hi.imm << 32 | a.lo.imm;
  return true;
}

static w64 udivrem64_any(dv *x, bool quot, w64 n, w64 d) {
  uint64_t k;
  if (const64(d, &k) && k != 0) return udivrem64_const(x, quot, n, k);
  w64 q, r;
  udivrem64(x, n, d, quot ? &q : NULL, quot ? NULL : &r);
  return quot ? q : r;
}

/* 64-bit a op b on emitter words; signed forms through magnitudes. */
static w64 divrem64_words(dv *x, LLVMOpcode op, w64 a, w64 b) {
  bool quot = is_quot_op(op);
  if (!is_signed_op(op)) return udivrem64_any(x, quot, a, b);
  mir_operand sa, sb;
  w64 aa = abs64(x, a, &sa), ab;
  uint64_t k;
  if (const64(b, &k) && k != 0) {
    bool neg = (int64_t)k < 0;
    uint64_t m = neg ? 0 - k : k;
    ab = (w64){mir_op_const((uint32_t)m), mir_op_const((uint32_t)(m >> 32))};
    sb = mir_op_const(neg ? 0xffffffffu : 0);
  } else {
    ab = abs64(x, b, &sb);
  }
  w64 res = udivrem64_any(x, quot, aa, ab);
  mir_operand s = !quot || (sb.kind == MIR_OPND_CONST && sb.imm == 0) ? sa : xor32(x, sa, sb);
  return apply_sign64(x, res, s);
}

static mir_temp word_temp(dv *x, mir_operand w) {
  if (w.kind == MIR_OPND_TEMP) return w.temp;
  return x->v ? isel_to_vgpr(x->c, w, 1) : isel_to_sgpr(x->c, w, 1);
}

/* n / d or n % d (quot) for 0 <= n < 2^21 and 1 <= d < 2^21, VALU, from
 * one f32 reciprocal (9 instructions for the quotient, as llc-19's
 * 24-bit expansion; the bound here is tighter so that it holds in every
 * rounding mode). n and d convert exactly; t = n * rcp(d) has relative
 * error at most 2^-22 + 2^-46 (v_rcp_f32 within 1 ulp, the product
 * rounded once), so |t - n/d| < (2^21 / d) * 2^-21.9 < 1/d. With
 * q = floor(n/d): n/d <= q + 1 - 1/d gives t < q + 1, and n/d >= q gives
 * t > q - 1/d, so fq = trunc(t) is q or q - 1. The residual n - fq * d
 * is an integer in [0, 2d), below 2^22 and exact in one FMA; fq was one
 * short where it is >= d. The remainder n - q * d is exact mod 2^32 with
 * v_mul_u32_u24 (q, d < 2^24). */
/* The f32 steps both small divisions share: fd = d, fq = trunc(n *
 * rcp(d)), fr = n - fq * d (one FMA), from n and d converted with cvt. */
typedef struct f32_quot {
  mir_temp fd, fq, fr;
} f32_quot;

static f32_quot quot_estimate(dv *x, unsigned cvt, mir_operand n, mir_operand d) {
  isel_ctx *c = x->c;
  mir_temp fn = isel_v1_1(c, cvt, n), fd = isel_v1_1(c, cvt, d);
  mir_temp r = isel_v1_1(c, ISA_V_RCP_F32, T(fd));
  mir_temp fq = isel_v1_1(c, ISA_V_TRUNC_F32, T(isel_v1(c, ISA_V_MUL_F32, T(fn), T(r))));
  mir_operand nfq = T(fq);
  nfq.flags |= MIR_OPND_NEG;
  return (f32_quot){fd, fq, isel_v1_3(c, ISA_V_FMA_F32, nfq, T(fd), T(fn))};
}

static mir_operand udivrem_f32(dv *x, bool quot, mir_operand n, mir_operand d) {
  isel_ctx *c = x->c;
  f32_quot e = quot_estimate(x, ISA_V_CVT_F32_U32, n, d);
  mir_temp fd = e.fd, fr = e.fr;
  mir_temp q = isel_v1_1(c, ISA_V_CVT_U32_F32, T(e.fq));
  mir_temp up = isel_vcmp(c, ISA_V_CMP_GE_F32, T(fr), T(fd));
  mir_temp q1 = isel_tmp(c, mir_rc_v(1)), co = isel_lane_tmp(c);
  mir_temp dd[2] = {q1, co};
  mir_operand ss[3] = {mir_op_const(0), T(q), T(up)};
  isel_valu(c, ISA_V_ADDC_CO_U32, dd, 2, ss, 3, true);
  if (quot) return T(q1);
  return sub32(x, n, T(isel_v1c(c, ISA_V_MUL_U32_U24, T(q1), d)));
}

/* n / d or n % d (quot), signed, for |n| < 2^21 and 0 < |d| < 2^21, VALU:
 * the quotient truncated toward zero (LLVM's sdiv/srem), as llc-19's
 * signed 24-bit expansion (AMDGPUCodeGenPrepare::expandDivRem24) with
 * udivrem_f32's bound and exact FMA residual. n and d convert exactly;
 * t = n * rcp(d) lies within 1/|d| of n/d (udivrem_f32's bound on the
 * magnitudes), so trunc(t) is the quotient q or one step short of it
 * toward zero (never past it: |t| < |q| + 1 - 1/|d| + 1/|d|), and the
 * residual n - fq * d, an integer of magnitude below 2|d| < 2^22, is
 * exact in one FMA. It is as large as d in magnitude exactly where fq was
 * short: then q = fq + sign(n ^ d) ((n ^ d) >> 31 | 1: -1 or 1). The
 * remainder n - q * d is exact with v_mul_i32_i24 (|q|, |d| < 2^23). */
static mir_operand sdivrem_f32(dv *x, bool quot, mir_operand n, mir_operand d) {
  isel_ctx *c = x->c;
  f32_quot e = quot_estimate(x, ISA_V_CVT_F32_I32, n, d);
  mir_temp q = isel_v1_1(c, ISA_V_CVT_I32_F32, T(e.fq));
  mir_operand afr = T(e.fr), afd = T(e.fd);
  afr.flags |= MIR_OPND_ABS;
  afd.flags |= MIR_OPND_ABS;
  mir_temp up = isel_vcmp(c, ISA_V_CMP_GE_F32, afr, afd);
  mir_operand sx = T(isel_v1(c, ISA_V_XOR_B32, n, d));
  mir_temp js = isel_v1(c, ISA_V_OR_B32, mir_op_const(1), T(isel_v1(c, ISA_V_ASHRREV_I32, mir_op_const(31), sx)));
  mir_temp j = isel_v1_3(c, ISA_V_CNDMASK_B32, mir_op_const(0), T(js), T(up));
  mir_temp q1 = isel_v1c(c, ISA_V_ADD_U32, T(q), T(j));
  if (quot) return T(q1);
  return sub32(x, n, T(isel_v1c(c, ISA_V_MUL_I32_I24, T(q1), d)));
}

/* An SGPR temporary or a constant (extended on the SALU). */
static bool isel_scalar_operand(const mir_operand *o) {
  return o->kind == MIR_OPND_CONST || (o->kind == MIR_OPND_TEMP && !mir_rc_is_vgpr((mir_rc)o->temp.rc));
}

bool isel_divrem_small(isel_ctx *c, LLVMValueRef ins) {
  LLVMTypeRef ty = LLVMTypeOf(ins), sty = isel_scalar_type(ty);
  LLVMValueRef A = LLVMGetOperand(ins, 0), B = LLVMGetOperand(ins, 1);
  if (LLVMGetTypeKind(sty) != LLVMIntegerTypeKind || LLVMIsAConstant(B)) return false;
  bool divergent = divergence_is_divergent(c->di, ins), vec = LLVMGetTypeKind(ty) == LLVMVectorTypeKind;
  unsigned bits = LLVMGetIntTypeWidth(sty);
  LLVMOpcode op = LLVMGetInstructionOpcode(ins);
  bool sign = op == LLVMSDiv || op == LLVMSRem;
  /* (unsigned operations on types up to 21 bits qualify by their type,
   * vectors element by element; the range analysis works on signed
   * intervals of scalars) */
  bool unsig = (!sign && bits <= 21) || (!vec && isel_div_operands_below(ins, 21));
  /* uniform ones too, read back with v_readfirstlane: unsigned, 9 VALU
   * instructions for the quotient where the SALU sequence takes ~21;
   * signed operands of either sign (i8/i16 and sign-extended values), 13
   * where the 32-bit sequence takes ~35 */
  if (!unsig && !(!vec && sign && bits <= 32 && isel_div_operands_within(ins, 21))) return false;
  dv x = {c, true, 0};
  for (unsigned e = 0; e < isel_num_comps(ty); e++) {
    /* a uniform operand of an unsigned one is zero-extended on the SALU,
     * where it is (the divisor
     * `local_size % n` of a uniform i16: one s_and_b32 that cse shares,
     * not a v_mov_b32 and a v_and_b32 per division: f_lds_neighbor.cl);
     * a signed one stays a v_bfe_i32 of the SGPR (one VALU instruction,
     * f_int_div_signed_small.ll) */
    mir_operand a = isel_get(c, A, e), b = isel_get(c, B, e);
    a = bits > 32 ? isel_get_half(c, A, e, false) : isel_extend32(c, a, bits, !unsig, unsig && isel_scalar_operand(&a));
    b = bits > 32 ? isel_get_half(c, B, e, false) : isel_extend32(c, b, bits, !unsig, unsig && isel_scalar_operand(&b));
    mir_operand r = unsig ? udivrem_f32(&x, is_quot_op(op), a, b) : sdivrem_f32(&x, is_quot_op(op), a, b);
    if (!divergent) r = mir_op_temp(isel_uniform_to_sgpr(c, r, 1));
    mir_temp res = bits > 32 ? isel_create2(c, r, mir_op_const(0), true) : word_temp(&x, r);
    /* unsigned on zero-extended operands: the quotient is at most the
     * dividend, the remainder below the divisor (f_lds_neighbor.cl's
     * `(l + 1) % n` in i16 was masked again with v_and_b32 0xffff) */
    if (unsig && bits < 32) isel_mark_zero_above(c, res, bits);
    isel_set(c, ins, e, res);
  }
  return true;
}

mir_temp isel_divrem32(isel_ctx *c, LLVMOpcode op, mir_operand a, mir_operand b, bool salu) {
  dv x = {c, !salu, 0};
  return word_temp(&x, divrem32_words(&x, op, a, b));
}

mir_temp isel_udivrem32_below(isel_ctx *c, LLVMOpcode op, mir_operand a, mir_operand b, bool salu, uint32_t nmax) {
  dv x = {c, !salu, op == LLVMUDiv || op == LLVMURem ? nmax : 0};
  return word_temp(&x, divrem32_words(&x, op, a, b));
}

mir_temp isel_divrem64(isel_ctx *c, LLVMValueRef ins, unsigned comp) {
  LLVMOpcode op = LLVMGetInstructionOpcode(ins);
  LLVMValueRef A = LLVMGetOperand(ins, 0), B = LLVMGetOperand(ins, 1);
  dv x = {c, divergence_is_divergent(c->di, ins), 0};
  w64 a = {isel_get_half(c, A, comp, false), isel_get_half(c, A, comp, true)};
  w64 b = {isel_get_half(c, B, comp, false), isel_get_half(c, B, comp, true)};
  w64 res;
  if (isel_div_operands_below(ins, 32)) {
    /* both operands in [0, 2^32): unsigned 32-bit division of the low
     * halves, also for sdiv/srem (their operands are non-negative) */
    LLVMOpcode op32 = is_quot_op(op) ? LLVMUDiv : LLVMURem;
    res = (w64){divrem32_words(&x, op32, a.lo, b.lo), mir_op_const(0)};
  } else {
    res = divrem64_words(&x, op, a, b);
  }
  return isel_create2(c, res.lo, res.hi, x.v);
}
