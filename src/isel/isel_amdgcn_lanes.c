/* Instruction selection of more intrinsics llc-19 selects for gfx900
 * (issue 26), each a few instructions: v_alignbyte_b32, the legacy f32
 * multiply (0 * anything = 0), frexp mantissa and exponent, rsq.clamp and
 * fdiv.fast (llc-19's expansions: SIISelLowering lowerFDIV_FAST, the
 * clamp to +-FLT_MAX), the cross-lane DS operations (ds_permute_b32,
 * ds_bpermute_b32, ds_swizzle_b32), readlane, llvm.bitreverse,
 * llvm.convert.from.fp16 / convert.to.fp16 on f32, and the
 * amdgcn.unreachable hint. Instructions: Vega ISA guide chapters 6
 * ("Vector ALU"), 11 ("LDS": DS_PERMUTE/BPERMUTE/SWIZZLE) and 12; the
 * choice of instructions is llc-19's (AMDGPUUsage "LLVM IR Intrinsics").
 */
#include "isel/isel_internal.h"
#include "target/target.h"

#define LANE_INTRINSICS(X)                                                                                             \
  X(ALIGNBYTE, "llvm.amdgcn.alignbyte") X(FMUL_LEGACY, "llvm.amdgcn.fmul.legacy")                                      \
  X(FREXP_MANT, "llvm.amdgcn.frexp.mant") X(FREXP_EXP, "llvm.amdgcn.frexp.exp") X(RSQ_CLAMP, "llvm.amdgcn.rsq.clamp")  \
  X(FDIV_FAST, "llvm.amdgcn.fdiv.fast") X(DS_PERMUTE, "llvm.amdgcn.ds.permute")                                        \
  X(DS_BPERMUTE, "llvm.amdgcn.ds.bpermute") X(DS_SWIZZLE, "llvm.amdgcn.ds.swizzle") X(READLANE, "llvm.amdgcn.readlane") \
  X(UNREACHABLE, "llvm.amdgcn.unreachable") X(BITREVERSE, "llvm.bitreverse")                                           \
  X(FROM_FP16, "llvm.convert.from.fp16") X(TO_FP16, "llvm.convert.to.fp16") X(ICMP, "llvm.amdgcn.icmp")            \
  X(FCMP, "llvm.amdgcn.fcmp") X(BALLOT, "llvm.amdgcn.ballot")

typedef enum lane_intr {
  L_NONE,
#define L_ENUM(e, name) L_##e,
  LANE_INTRINSICS(L_ENUM)
#undef L_ENUM
  L_NUM
} lane_intr;

static const char *const l_names[L_NUM] = {
    NULL,
#define L_NAME(e, name) name,
    LANE_INTRINSICS(L_NAME)
#undef L_NAME
};

static lane_intr key_of(unsigned id) { return (lane_intr)isel_intrinsic_key(l_names, L_NUM, id); }

/* Result d (a VGPR) of `ins`: read back to an SGPR when `ins` is uniform,
 * as users of uniform values expect. */
static void set_result(isel_ctx *c, LLVMValueRef ins, mir_temp d, unsigned dw) {
  if (!divergence_is_divergent(c->di, ins)) d = isel_to_sgpr(c, mir_op_temp(d), dw);
  isel_set(c, ins, 0, d);
}

static unsigned kind_bits(LLVMTypeRef t) {
  switch (LLVMGetTypeKind(t)) {
  case LLVMHalfTypeKind: return 16;
  case LLVMFloatTypeKind: return 32;
  case LLVMDoubleTypeKind: return 64;
  case LLVMIntegerTypeKind: return LLVMGetIntTypeWidth(t);
  default: return 0;
  }
}

/* A DS cross-lane operation: d = op(addr, data) with the 16-bit offset
 * `off` (ds_swizzle: its pattern, no address). */
static mir_temp ds_lanes(isel_ctx *c, unsigned op, mir_operand addr, mir_operand data, uint32_t off, bool has_addr) {
  mir_temp d = isel_tmp(c, mir_rc_v(1));
  /* the operands' moves to VGPRs come before the instruction */
  mir_temp va = has_addr ? isel_to_vgpr(c, addr, 1) : (mir_temp){0}, vd = isel_to_vgpr(c, data, 1);
  mir_instr *in = isel_emit(c, op, has_addr ? 2 : 1, 1);
  if (has_addr) in->ops[0] = mir_op_temp(va);
  in->ops[has_addr ? 1 : 0] = mir_op_temp(vd);
  in->defs[0] = mir_op_temp(d);
  in->offset = (int32_t)(off & 0xffff);
  return d;
}

/* s_brev_b32 of a (an SGPR value: read back first if in a VGPR). */
static mir_temp s_brev(isel_ctx *c, mir_operand a) {
  if (isel_opnd_is_vgpr(&a)) a = mir_op_temp(isel_to_sgpr(c, a, 1));
  mir_temp d = isel_tmp(c, mir_rc_s(1));
  mir_instr *in = isel_emit(c, ISA_S_BREV_B32, 1, 1);
  in->ops[0] = a;
  in->defs[0] = mir_op_temp(d);
  return d;
}

/* bitreverse of an i8/i16/i32/i64 value: v_bfrev_b32 (s_brev_b32 when
 * uniform) per dword, the dwords swapped, narrow types shifted down. */
static bool bitreverse(isel_ctx *c, LLVMValueRef ins, mir_operand a, unsigned bits) {
  bool div = divergence_is_divergent(c->di, ins);
  if (bits == 64) {
    mir_operand lo = isel_half_of(c, a, false), hi = isel_half_of(c, a, true);
    mir_temp rl = div ? isel_v1_1(c, ISA_V_BFREV_B32, hi) : s_brev(c, hi);
    mir_temp rh = div ? isel_v1_1(c, ISA_V_BFREV_B32, lo) : s_brev(c, lo);
    isel_set(c, ins, 0, isel_create2(c, mir_op_temp(rl), mir_op_temp(rh), div));
    return true;
  }
  if (bits != 8 && bits != 16 && bits != 32) return false;
  mir_temp r = div ? isel_v1_1(c, ISA_V_BFREV_B32, a) : s_brev(c, a);
  if (bits < 32) /* the reversed bits sit at the top */
    r = div ? isel_v1(c, ISA_V_LSHRREV_B32, mir_op_const(32 - bits), mir_op_temp(r))
            : isel_s(c, ISA_S_LSHR_B32, 1, mir_op_temp(r), mir_op_const(32 - bits));
  isel_set(c, ins, 0, r);
  return true;
}

/* fdiv.fast(a, b) as llc-19 lowers it: a tiny 1/b is kept out of the
 * denormal range by scaling b down by 2^-32 when |b| > 2^96, and the
 * quotient back: s * (a * rcp(b * s)). */
static void fdiv_fast(isel_ctx *c, LLVMValueRef ins, mir_operand a, mir_operand b) {
  mir_temp ab = isel_v1c(c, ISA_V_AND_B32, mir_op_const(0x7fffffff), b);
  mir_temp big = isel_vcmp(c, ISA_V_CMP_GT_F32, mir_op_temp(ab), mir_op_const(0x6f800000));
  mir_temp s = isel_v1_3(c, ISA_V_CNDMASK_B32, mir_op_const(0x3f800000), mir_op_const(0x2f800000), mir_op_temp(big));
  mir_temp bs = isel_v1(c, ISA_V_MUL_F32, b, mir_op_temp(s));
  mir_temp r = isel_v1_1(c, ISA_V_RCP_F32, mir_op_temp(bs));
  mir_temp q = isel_v1(c, ISA_V_MUL_F32, a, mir_op_temp(r));
  isel_set(c, ins, 0, isel_v1(c, ISA_V_MUL_F32, mir_op_temp(s), mir_op_temp(q)));
}

/* Arithmetic ones: alignbyte, fmul.legacy, frexp, rsq.clamp, fdiv.fast,
 * bitreverse, the fp16 conversions. */
static int call_arith(isel_ctx *c, LLVMValueRef ins, lane_intr k) {
  LLVMTypeRef t = LLVMTypeOf(ins);
  unsigned n = (unsigned)LLVMGetNumArgOperands(ins), bits = kind_bits(t);
  mir_operand a[3];
  for (unsigned i = 0; i < n && i < 3; i++) a[i] = isel_get(c, LLVMGetOperand(ins, i), 0);
  unsigned in_bits = n ? kind_bits(LLVMTypeOf(LLVMGetOperand(ins, 0))) : 0;
  switch (k) {
  case L_ALIGNBYTE: set_result(c, ins, isel_v1_3(c, ISA_V_ALIGNBYTE_B32, a[0], a[1], a[2]), 1); return 1;
  case L_FMUL_LEGACY: isel_set(c, ins, 0, isel_v1(c, ISA_V_MUL_LEGACY_F32, a[0], a[1])); return 1;
  case L_FREXP_MANT: case L_FREXP_EXP: {
    bool mant = k == L_FREXP_MANT;
    if (in_bits != 32 && in_bits != 64) return 0; /* the f16 forms: not yet */
    if (!mant && bits != 32) return 0;
    unsigned op = in_bits == 64 ? (mant ? ISA_V_FREXP_MANT_F64 : ISA_V_FREXP_EXP_I32_F64)
                                : (mant ? ISA_V_FREXP_MANT_F32 : ISA_V_FREXP_EXP_I32_F32);
    unsigned dw = mant && in_bits == 64 ? 2 : 1;
    mir_temp d = isel_tmp(c, mir_rc_v(dw));
    isel_valu(c, op, &d, 1, a, 1, false);
    if (mant) isel_set(c, ins, 0, d);
    else set_result(c, ins, d, 1);
    return 1;
  }
  case L_RSQ_CLAMP: {
    /* gfx9 has no v_rsq_clamp: rsq, then clamped to [-FLT_MAX, FLT_MAX] */
    if (bits == 64) {
      mir_temp r = isel_tmp(c, mir_rc_v(2)), lo = isel_tmp(c, mir_rc_v(2)), hi = isel_tmp(c, mir_rc_v(2));
      isel_valu(c, ISA_V_RSQ_F64, &r, 1, a, 1, false);
      mir_operand m[2] = {mir_op_temp(r), mir_op_temp(isel_create2(c, mir_op_const(0xffffffff), mir_op_const(0x7fefffff), false))};
      isel_valu(c, ISA_V_MIN_F64, &lo, 1, m, 2, true);
      mir_operand x[2] = {mir_op_temp(lo), mir_op_temp(isel_create2(c, mir_op_const(0xffffffff), mir_op_const(0xffefffff), false))};
      isel_valu(c, ISA_V_MAX_F64, &hi, 1, x, 2, true);
      isel_set(c, ins, 0, hi);
      return 1;
    }
    if (bits != 32) return 0;
    mir_temp r = isel_v1_1(c, ISA_V_RSQ_F32, a[0]);
    r = isel_v1(c, ISA_V_MIN_F32, mir_op_const(0x7f7fffff), mir_op_temp(r));
    isel_set(c, ins, 0, isel_v1(c, ISA_V_MAX_F32, mir_op_const(0xff7fffff), mir_op_temp(r)));
    return 1;
  }
  case L_FDIV_FAST: fdiv_fast(c, ins, a[0], a[1]); return 1;
  case L_BITREVERSE: return bitreverse(c, ins, a[0], bits) ? 1 : 0;
  case L_FROM_FP16: {
    if (in_bits != 16 || (bits != 32 && bits != 64)) return 0;
    mir_temp f = isel_v1_1(c, ISA_V_CVT_F32_F16, a[0]);
    if (bits == 64) { /* exact: every half is a float */
      mir_temp d = isel_tmp(c, mir_rc_v(2));
      mir_operand s = mir_op_temp(f);
      isel_valu(c, ISA_V_CVT_F64_F32, &d, 1, &s, 1, false);
      f = d;
    }
    isel_set(c, ins, 0, f);
    return 1;
  }
  case L_TO_FP16:
    /* f64 -> f16 through f32 would round twice: only the f32 form */
    if (in_bits != 32 || bits != 16) return 0;
    isel_set(c, ins, 0, isel_v1_1(c, ISA_V_CVT_F16_F32, a[0]));
    return 1;
  default: return -1;
  }
}

/* The V_CMP opcode of llvm.amdgcn.icmp/fcmp predicate `pr` (LLVM's
 * CmpInst numbering: FCMP_* 0..15, ICMP_* 32..41) on operands of `bits`
 * (f16, f32, f64, i16, i32, i64); ISA_NUM_OPS for the others (llc-19: undefined). */
static unsigned cmp_op(bool fp, unsigned pr, unsigned bits, bool *sign) {
  static const unsigned f32[16] = {ISA_NUM_OPS, ISA_V_CMP_EQ_F32, ISA_V_CMP_GT_F32, ISA_V_CMP_GE_F32,
                                   ISA_V_CMP_LT_F32, ISA_V_CMP_LE_F32, ISA_V_CMP_LG_F32, ISA_V_CMP_O_F32,
                                   ISA_V_CMP_U_F32, ISA_V_CMP_NLG_F32, ISA_V_CMP_NLE_F32, ISA_V_CMP_NLT_F32,
                                   ISA_V_CMP_NGE_F32, ISA_V_CMP_NGT_F32, ISA_V_CMP_NEQ_F32, ISA_NUM_OPS};
  static const unsigned i32[10] = {ISA_V_CMP_EQ_U32, ISA_V_CMP_NE_U32, ISA_V_CMP_GT_U32, ISA_V_CMP_GE_U32,
                                   ISA_V_CMP_LT_U32, ISA_V_CMP_LE_U32, ISA_V_CMP_GT_I32, ISA_V_CMP_GE_I32,
                                   ISA_V_CMP_LT_I32, ISA_V_CMP_LE_I32};
  static const unsigned i64[10] = {ISA_V_CMP_EQ_U64, ISA_V_CMP_NE_U64, ISA_V_CMP_GT_U64, ISA_V_CMP_GE_U64,
                                   ISA_V_CMP_LT_U64, ISA_V_CMP_LE_U64, ISA_V_CMP_GT_I64, ISA_V_CMP_GE_I64,
                                   ISA_V_CMP_LT_I64, ISA_V_CMP_LE_I64};
  static const unsigned f16[16] = {ISA_NUM_OPS, ISA_V_CMP_EQ_F16, ISA_V_CMP_GT_F16, ISA_V_CMP_GE_F16,
                                   ISA_V_CMP_LT_F16, ISA_V_CMP_LE_F16, ISA_V_CMP_LG_F16, ISA_V_CMP_O_F16,
                                   ISA_V_CMP_U_F16, ISA_V_CMP_NLG_F16, ISA_V_CMP_NLE_F16, ISA_V_CMP_NLT_F16,
                                   ISA_V_CMP_NGE_F16, ISA_V_CMP_NGT_F16, ISA_V_CMP_NEQ_F16, ISA_NUM_OPS};
  static const unsigned f64[16] = {ISA_NUM_OPS, ISA_V_CMP_EQ_F64, ISA_V_CMP_GT_F64, ISA_V_CMP_GE_F64,
                                   ISA_V_CMP_LT_F64, ISA_V_CMP_LE_F64, ISA_V_CMP_LG_F64, ISA_V_CMP_O_F64,
                                   ISA_V_CMP_U_F64, ISA_V_CMP_NLG_F64, ISA_V_CMP_NLE_F64, ISA_V_CMP_NLT_F64,
                                   ISA_V_CMP_NGE_F64, ISA_V_CMP_NGT_F64, ISA_V_CMP_NEQ_F64, ISA_NUM_OPS};
  *sign = !fp && pr >= 38 && pr <= 41;
  if (fp) return pr >= 16 ? ISA_NUM_OPS : bits == 32 ? f32[pr] : bits == 16 ? f16[pr] : bits == 64 ? f64[pr] : ISA_NUM_OPS;
  if (pr < 32 || pr > 41 || (bits != 32 && bits != 64 && bits != 16)) return ISA_NUM_OPS;
  return bits == 64 ? i64[pr - 32] : i32[pr - 32];
}

/* Sets ins to lane mask m, or to its low half (lanes 0-31) when ins is
 * an i32 on a wave64 target (llc-19's llvm.amdgcn.fcmp.i32 on gfx900). */
static void set_mask(isel_ctx *c, LLVMValueRef ins, mir_temp m, bool low) {
  isel_set(c, ins, 0, low ? isel_as_temp(c, isel_half_of(c, mir_op_temp(m), false), false, 1) : m);
}

/* llvm.amdgcn.icmp / fcmp: the compare's lane mask as an integer of the
 * target's lane-mask width (inactive lanes 0), a uniform value; an i32
 * result on wave64 gets lanes 0-31, as llc-19 gives it. */
static int lane_compare(isel_ctx *c, LLVMValueRef ins, bool fp) {
  LLVMValueRef A = LLVMGetOperand(ins, 0), B = LLVMGetOperand(ins, 1), P = LLVMGetOperand(ins, 2);
  unsigned bits = kind_bits(LLVMTypeOf(A)), mdw = c->p->target->lane_mask_dwords;
  bool low = kind_bits(LLVMTypeOf(ins)) == 32 && mdw == 2;
  if ((kind_bits(LLVMTypeOf(ins)) != 32 * mdw && !low) || !LLVMIsAConstantInt(P)) return 0;
  bool sign;
  uint64_t pr = LLVMConstIntGetZExtValue(P);
  if (!fp && bits == 1 && pr >= 32 && pr <= 41) {
    /* i1 operands (icmp.i1(x, false, ne) is the ballot of x): compared as
     * 0/1, or 0/-1 for the signed predicates, in 32 bits */
    unsigned op32 = cmp_op(false, (unsigned)pr, 32, &sign);
    mir_temp a = isel_bool_to_vgpr(c, A, 0, sign ? 0xffffffffu : 1u);
    mir_temp b = isel_bool_to_vgpr(c, B, 0, sign ? 0xffffffffu : 1u);
    set_mask(c, ins, isel_vcmp(c, op32, mir_op_temp(a), mir_op_temp(b)), low);
    return 1;
  }
  unsigned op = cmp_op(fp, (unsigned)pr, bits, &sign);
  if (op == ISA_NUM_OPS) {
    /* false/true and invalid predicates: no lane, every active lane (llc-19: undefined for invalid ones) */
    bool all = fp && pr == 15;
    mir_operand k = mir_op_const(0);
    k.size = (uint8_t)mdw;
    set_mask(c, ins, all ? isel_to_sgpr(c, isel_exec_operand(c), mdw) : isel_to_sgpr(c, k, mdw), low);
    return 1;
  }
  mir_operand a = isel_get(c, A, 0), b = isel_get(c, B, 0);
  if (bits == 16 && !fp) {
    a = isel_extend32(c, a, 16, sign, false);
    b = isel_extend32(c, b, 16, sign, false);
  }
  unsigned dw = bits == 64 ? 2 : 1;
  if (a.kind == MIR_OPND_CONST && dw == 2) a = mir_op_temp(isel_to_vgpr(c, a, 2));
  if (b.kind == MIR_OPND_CONST && dw == 2) b = mir_op_temp(isel_to_vgpr(c, b, 2));
  set_mask(c, ins, isel_vcmp(c, op, a, b), low);
  return 1;
}

/* Cross-lane ones: ds.permute / ds.bpermute / ds.swizzle, readlane, and
 * the unreachable hint. */
static int call_lanes(isel_ctx *c, LLVMValueRef ins, lane_intr k) {
  switch (k) {
  case L_DS_PERMUTE: case L_DS_BPERMUTE: {
    /* (byte address of the lane, value); gfx9's wave64 addressing */
    mir_operand addr = isel_get(c, LLVMGetOperand(ins, 0), 0), v = isel_get(c, LLVMGetOperand(ins, 1), 0);
    mir_temp d = ds_lanes(c, k == L_DS_PERMUTE ? ISA_DS_PERMUTE_B32 : ISA_DS_BPERMUTE_B32, addr, v, 0, true);
    set_result(c, ins, d, 1);
    return 1;
  }
  case L_DS_SWIZZLE: {
    LLVMValueRef pat = LLVMGetOperand(ins, 1);
    if (!LLVMIsAConstantInt(pat)) return 0;
    mir_operand v = isel_get(c, LLVMGetOperand(ins, 0), 0);
    mir_temp d = ds_lanes(c, ISA_DS_SWIZZLE_B32, v, v, (uint32_t)LLVMConstIntGetZExtValue(pat), false);
    set_result(c, ins, d, 1);
    return 1;
  }
  case L_READLANE: {
    LLVMValueRef src = LLVMGetOperand(ins, 0);
    LLVMTypeRef t = LLVMTypeOf(ins);
    unsigned bits = isel_type_bits(t), dw = bits / 32;
    if (isel_num_comps(t) != 1 || (bits != 32 && bits != 64)) return 0; /* vectors, i16: not yet */
    mir_operand v = isel_get(c, src, 0);
    if (!divergence_is_divergent(c->di, src)) { /* every lane holds it: the value itself */
      isel_set(c, ins, 0, isel_to_sgpr(c, v, dw));
      return 1;
    }
    /* the lane number must be uniform (an SGPR): llc-19 reads a divergent
     * one from the first active lane, as readfirstlane does */
    mir_temp lane = isel_to_sgpr(c, isel_get(c, LLVMGetOperand(ins, 1), 0), 1);
    mir_temp vv = isel_to_vgpr(c, v, dw), part[2];
    for (unsigned i = 0; i < dw; i++) {
      part[i] = isel_tmp(c, mir_rc_s(1));
      mir_temp src_dw = dw == 1 ? vv : isel_extract(c, vv, i, 1); /* before the readlane that reads it */
      mir_instr *in = isel_emit(c, ISA_V_READLANE_B32, 2, 1);
      in->ops[0] = mir_op_temp(src_dw);
      in->ops[1] = mir_op_temp(lane);
      in->defs[0] = mir_op_temp(part[i]);
      in->enc_flags |= MIR_ENC_VOP3;
    }
    isel_set(c, ins, 0, dw == 1 ? part[0] : isel_create2(c, mir_op_temp(part[0]), mir_op_temp(part[1]), false));
    return 1;
  }
  case L_UNREACHABLE: return 1; /* a hint: llc-19 emits nothing for it */
  case L_ICMP: case L_FCMP: return lane_compare(c, ins, k == L_FCMP);
  case L_BALLOT: {
    /* the lanes whose i1 is true, inactive ones 0: an integer of the
     * lane-mask width (ballot.i32 on wave64 is refused) */
    if (kind_bits(LLVMTypeOf(ins)) != 32 * c->p->target->lane_mask_dwords) return 0;
    LLVMValueRef x = LLVMGetOperand(ins, 0);
    if (LLVMIsAConstantInt(x) && LLVMConstIntGetZExtValue(x)) {
      /* ballot(true), the atomic optimizer's active lanes: EXEC itself
       * (one s_mov_b64 of exec, not -1 and'ed with it) */
      mir_temp d = isel_lane_tmp(c);
      mir_instr *mv = isel_emit(c, isel_lane_op(c, WAVECC_LANE_MOV), 1, 1);
      mv->ops[0] = isel_exec_operand(c);
      mv->defs[0] = mir_op_temp(d);
      isel_set(c, ins, 0, d);
      return 1;
    }
    mir_temp m = isel_mask_of(c, x, 0);
    isel_set(c, ins, 0, isel_lane_s(c, WAVECC_LANE_AND, mir_op_temp(m), isel_exec_operand(c)));
    return 1;
  }
  default: return -1;
  }
}

int isel_amdgcn_lanes_call(isel_ctx *c, LLVMValueRef ins, unsigned id) {
  lane_intr k = key_of(id);
  if (k == L_NONE) return -1;
  int sel = call_arith(c, ins, k);
  return sel >= 0 ? sel : call_lanes(c, ins, k);
}
