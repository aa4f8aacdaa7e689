/* Instruction selection of the overflow intrinsics isel_intrinsics.c's
 * call_overflow does not take: llvm.{s,u}mul.with.overflow on i8, i16 and
 * i64 (i32 there) and llvm.{s,u}shl.sat on i8, i16, i32 and i64. Vectors
 * of them reach selection one element at a time
 * (scalarize_vector_intrinsics.c). Everything is VALU, as the other
 * overflow families: a uniform call is rare (llvm-stress, CLsmith).
 *
 * Semantics (LLVM LangRef, "Arithmetic with Overflow Intrinsics" and
 * "Saturation Arithmetic Intrinsics"):
 *  - {s,u}mul.with.overflow(a, b) = {a * b mod 2^N, the exact product
 *    (signed / unsigned) does not fit N bits};
 *  - ushl.sat(a, b) = a << b, or 2^N - 1 when bits shifted out were not
 *    all zero; sshl.sat(a, b) = a << b, or INT_MIN (a < 0) / INT_MAX
 *    (a >= 0) when the shift changed the value read as signed. A shift
 *    amount >= N is poison: any result will do.
 * Sub-dword values keep undefined bits above their width in the register
 * (isel_extend32 clears or sign-fills them where they matter); results
 * may leave them undefined, as the i8/i16 add/sub forms do.
 *
 * Instructions (Vega, CDNA and RDNA ISA guides): v_mul_{i32_i24,u32_u24}
 * (low 32 bits of the 24 x 24-bit product), v_mad_u64_u32 (D.u64 =
 * S0.u32 * S1.u32 + S2.u64, the carry out of that add in SDST),
 * v_lshlrev_b64 / v_lshrrev_b64 / v_ashrrev_i64 (amount in S0[5:0]).
 */
#include "isel/isel_internal.h"

#define OV_INTRINSICS(X)                                                                                               \
  X(SMUL_OV, "llvm.smul.with.overflow") X(UMUL_OV, "llvm.umul.with.overflow") X(SSHL_SAT, "llvm.sshl.sat")           \
  X(USHL_SAT, "llvm.ushl.sat")

typedef enum ov_intr {
  O_NONE,
#define O_ENUM(e, name) O_##e,
  OV_INTRINSICS(O_ENUM)
#undef O_ENUM
  O_NUM
} ov_intr;

static const char *const o_names[O_NUM] = {
    NULL,
#define O_NAME(e, name) name,
    OV_INTRINSICS(O_NAME)
#undef O_NAME
};

/* A 64-bit constant zero operand. */
static mir_operand zero64(void) {
  mir_operand z = mir_op_const(0);
  z.size = 2;
  return z;
}

/* v_mad_u64_u32: a * b + addend (a, b: one dword; addend: two), the
 * add's carry out in *carry (a lane mask) when carry is not NULL. */
static mir_temp mad_u64(isel_ctx *c, mir_operand a, mir_operand b, mir_operand addend, mir_temp *carry) {
  mir_temp d[2] = {isel_tmp(c, mir_rc_v(2)), isel_lane_tmp(c)};
  mir_operand s[3] = {a, b, addend};
  isel_valu(c, ISA_V_MAD_U64_U32, d, 2, s, 3, true);
  if (carry) *carry = d[1];
  return d[0];
}

/* i8/i16: the operands extended to 32 bits fit 24 bits and their exact
 * product 32 (|a * b| <= 2^30 signed, < 2^32 unsigned), so one 24-bit
 * multiply gives it; it overflowed when it differs from the extension of
 * its own low w bits. */
static int mul_ov_narrow(isel_ctx *c, LLVMValueRef ins, unsigned w, bool sign) {
  mir_operand a = isel_extend32(c, isel_get(c, LLVMGetOperand(ins, 0), 0), w, sign, false);
  mir_operand b = isel_extend32(c, isel_get(c, LLVMGetOperand(ins, 1), 0), w, sign, false);
  mir_temp r = isel_v1c(c, sign ? ISA_V_MUL_I32_I24 : ISA_V_MUL_U32_U24, a, b);
  mir_temp x = isel_v1_3(c, sign ? ISA_V_BFE_I32 : ISA_V_BFE_U32, mir_op_temp(r), mir_op_const(0), mir_op_const(w));
  isel_set(c, ins, 0, r);
  isel_set(c, ins, 1, isel_vcmp(c, ISA_V_CMP_NE_U32, mir_op_temp(x), mir_op_temp(r)));
  return 1;
}

/* i64: the 128-bit product from the four 32 x 32-bit partial products
 * (a = ah:al, b = bh:bl):
 *   p0 = al*bl,  q1 = al*bh + hi(p0)         (< 2^64, no carry)
 *   q2 = ah*bl + q1 (carry c2 = bit 64),      low 64 = lo(p0) : lo(q2)
 *   H  = ah*bh + hi(q2) + c2 * 2^32           the unsigned high 64 bits
 * (ah*bh + 2^33 < 2^64: H's add cannot carry). Unsigned overflow: H != 0.
 * Signed: the signed high half is H - (a < 0 ? b : 0) - (b < 0 ? a : 0)
 * (mod 2^64), and the product fits when it equals the sign of the low 64
 * bits repeated. */
static int mul_ov64(isel_ctx *c, LLVMValueRef ins, bool sign) {
  mir_operand a = isel_get(c, LLVMGetOperand(ins, 0), 0), b = isel_get(c, LLVMGetOperand(ins, 1), 0);
  mir_operand al = isel_half_src(c, a, false), ah = isel_half_src(c, a, true);
  mir_operand bl = isel_half_src(c, b, false), bh = isel_half_src(c, b, true);
  mir_temp p0 = mad_u64(c, al, bl, zero64(), NULL);
  mir_temp q1 = mad_u64(c, al, bh, mir_op_temp(isel_create2(c, isel_half_of(c, mir_op_temp(p0), true), mir_op_const(0), true)), NULL);
  mir_temp c2;
  mir_temp q2 = mad_u64(c, ah, bl, mir_op_temp(q1), &c2);
  mir_operand q2hi = isel_half_of(c, mir_op_temp(q2), true);
  mir_temp cw = isel_v1_3(c, ISA_V_CNDMASK_B32, mir_op_const(0), mir_op_const(1), mir_op_temp(c2));
  mir_temp h = mad_u64(c, ah, bh, mir_op_temp(isel_create2(c, q2hi, mir_op_temp(cw), true)), NULL);
  mir_operand lo = isel_half_of(c, mir_op_temp(p0), false), hi = isel_half_of(c, mir_op_temp(q2), false);
  isel_set(c, ins, 0, isel_create2(c, lo, hi, true));
  if (!sign) {
    isel_set(c, ins, 1, isel_vcmp(c, ISA_V_CMP_NE_U64, zero64(), mir_op_temp(h)));
    return 1;
  }
  mir_temp ma = isel_v1(c, ISA_V_ASHRREV_I32, mir_op_const(31), ah), mb = isel_v1(c, ISA_V_ASHRREV_I32, mir_op_const(31), bh);
  mir_temp tl = isel_v1c(c, ISA_V_AND_B32, bl, mir_op_temp(ma)), th = isel_v1c(c, ISA_V_AND_B32, bh, mir_op_temp(ma));
  mir_temp ul = isel_v1c(c, ISA_V_AND_B32, al, mir_op_temp(mb)), uh = isel_v1c(c, ISA_V_AND_B32, ah, mir_op_temp(mb));
  mir_temp t = isel_add64_halves(c, mir_op_temp(tl), mir_op_temp(th), mir_op_temp(ul), mir_op_temp(uh), true);
  mir_temp hs = isel_sub64(c, mir_op_temp(h), mir_op_temp(t), true);
  mir_temp e = isel_v1(c, ISA_V_ASHRREV_I32, mir_op_const(31), hi);
  mir_temp ee = isel_create2(c, mir_op_temp(e), mir_op_temp(e), true);
  isel_set(c, ins, 1, isel_vcmp(c, ISA_V_CMP_NE_U64, mir_op_temp(ee), mir_op_temp(hs)));
  return 1;
}

/* shl.sat on i8/i16: the operand extended to 32 bits shifted by less than
 * w is exact in 32 bits, so saturating is clamping to the type's range.
 * The amount needs no extension: v_lshlrev_b32 reads its bits 4:0, all
 * inside the w-bit value. */
static mir_temp shl_sat_narrow(isel_ctx *c, mir_operand a, mir_operand s, unsigned w, bool sign) {
  a = isel_extend32(c, a, w, sign, false);
  mir_temp r = isel_v1(c, ISA_V_LSHLREV_B32, s, a);
  if (!sign) return isel_v1c(c, ISA_V_MIN_U32, mir_op_const((1u << w) - 1), mir_op_temp(r));
  r = isel_v1c(c, ISA_V_MIN_I32, mir_op_const((1u << (w - 1)) - 1), mir_op_temp(r));
  return isel_v1c(c, ISA_V_MAX_I32, mir_op_const((uint32_t) - (int32_t)(1u << (w - 1))), mir_op_temp(r));
}

/* shl.sat on i32: the shift overflowed when shifting back (arithmetically
 * for sshl) does not give a again; then the saturated value,
 * 0xffffffff or (a >> 31) ^ INT_MAX. */
static mir_temp shl_sat32(isel_ctx *c, mir_operand a, mir_operand s, bool sign) {
  mir_temp r = isel_v1(c, ISA_V_LSHLREV_B32, s, a);
  mir_temp back = isel_v1(c, sign ? ISA_V_ASHRREV_I32 : ISA_V_LSHRREV_B32, s, mir_op_temp(r));
  mir_temp ov = isel_vcmp(c, ISA_V_CMP_NE_U32, a, mir_op_temp(back));
  mir_operand sat = mir_op_const(0xffffffffu);
  if (sign)
    sat = mir_op_temp(isel_v1c(c, ISA_V_XOR_B32, mir_op_const(0x7fffffffu),
                               mir_op_temp(isel_v1(c, ISA_V_ASHRREV_I32, mir_op_const(31), a))));
  return isel_v1_3(c, ISA_V_CNDMASK_B32, mir_op_temp(r), sat, mir_op_temp(ov));
}

/* shl.sat on i64: as shl_sat32 with the 64-bit shifts; the saturated
 * halves are (-1, -1), or (~m, m ^ INT_MAX) with m = (a >> 63) per half. */
static mir_temp shl_sat64(isel_ctx *c, mir_operand a, mir_operand s, bool sign) {
  mir_temp av = isel_v64(c, a);
  mir_operand amt = isel_half_of(c, s, false);
  mir_temp r = isel_tmp(c, mir_rc_v(2)), back = isel_tmp(c, mir_rc_v(2));
  mir_operand rs[2] = {amt, mir_op_temp(av)};
  isel_valu(c, ISA_V_LSHLREV_B64, &r, 1, rs, 2, true);
  mir_operand bs[2] = {amt, mir_op_temp(r)};
  isel_valu(c, sign ? ISA_V_ASHRREV_I64 : ISA_V_LSHRREV_B64, &back, 1, bs, 2, true);
  mir_temp ov = isel_vcmp(c, ISA_V_CMP_NE_U64, mir_op_temp(av), mir_op_temp(back));
  mir_operand slo = mir_op_const(0xffffffffu), shi = slo;
  if (sign) {
    mir_temp m = isel_v1(c, ISA_V_ASHRREV_I32, mir_op_const(31), isel_half_of(c, mir_op_temp(av), true));
    slo = mir_op_temp(isel_v1c(c, ISA_V_XOR_B32, mir_op_const(0xffffffffu), mir_op_temp(m)));
    shi = mir_op_temp(isel_v1c(c, ISA_V_XOR_B32, mir_op_const(0x7fffffffu), mir_op_temp(m)));
  }
  mir_temp lo = isel_v1_3(c, ISA_V_CNDMASK_B32, isel_half_of(c, mir_op_temp(r), false), slo, mir_op_temp(ov));
  mir_temp hi = isel_v1_3(c, ISA_V_CNDMASK_B32, isel_half_of(c, mir_op_temp(r), true), shi, mir_op_temp(ov));
  return isel_create2(c, mir_op_temp(lo), mir_op_temp(hi), true);
}

int isel_overflow_call(isel_ctx *c, LLVMValueRef ins, unsigned id) {
  ov_intr k = (ov_intr)isel_intrinsic_key(o_names, O_NUM, id);
  if (k == O_NONE) return -1;
  LLVMTypeRef t = LLVMTypeOf(LLVMGetOperand(ins, 0));
  if (LLVMGetTypeKind(t) != LLVMIntegerTypeKind) return 0; /* vectors: scalarised before */
  unsigned w = LLVMGetIntTypeWidth(t);
  bool sign = k == O_SMUL_OV || k == O_SSHL_SAT;
  if (k == O_SMUL_OV || k == O_UMUL_OV) {
    if (w == 8 || w == 16) return mul_ov_narrow(c, ins, w, sign);
    if (w == 64) return mul_ov64(c, ins, sign);
    return 0; /* i32: call_overflow (isel_intrinsics.c), selected before */
  }
  if (w != 8 && w != 16 && w != 32 && w != 64) return 0;
  mir_operand a = isel_get(c, LLVMGetOperand(ins, 0), 0), s = isel_get(c, LLVMGetOperand(ins, 1), 0);
  mir_temp r = w == 64 ? shl_sat64(c, a, s, sign) : w == 32 ? shl_sat32(c, a, s, sign) : shl_sat_narrow(c, a, s, w, sign);
  isel_set(c, ins, 0, r);
  return 1;
}
