/* Instruction selection: casts (trunc, zext/sext, bitcast, pointer
 * casts, int<->float conversions) and packing values to and from 32-bit
 * words (bitcasts between vector layouts, memory access of small
 * elements).
 *
 * SALU when the result is uniform and the operand is in an SGPR or a
 * constant, VALU otherwise.
 */
#include "isel/isel_internal.h"

static bool is_div(isel_ctx *c, LLVMValueRef v) { return divergence_is_divergent(c->di, v); }

/* ---- casts ---- */

static mir_temp f32_to_i64(isel_ctx *c, mir_operand x, bool sign);

/* A generic address as an LDS or private one (AMDGPUUsage, Address
 * Spaces): its low dword, the generic null (0) becoming the segment's
 * null (-1). A VGPR. */
static mir_temp flat_to_segment(isel_ctx *c, mir_operand a) {
  mir_temp v = isel_to_vgpr(c, a, 2);
  mir_temp nn = isel_vcmp(c, ISA_V_CMP_NE_U64, mir_op_const(0), mir_op_temp(v));
  mir_temp lo = isel_extract(c, v, 0, 1);
  return isel_v1_3(c, ISA_V_CNDMASK_B32, mir_op_const(0xffffffffu), mir_op_temp(lo), mir_op_temp(nn));
}

bool isel_cast(isel_ctx *c, LLVMValueRef ins, LLVMOpcode opc) {
  LLVMValueRef A = LLVMGetOperand(ins, 0);
  LLVMTypeRef st = LLVMTypeOf(A), dt = LLVMTypeOf(ins);
  unsigned sb = isel_type_bits(st), db = isel_type_bits(dt), nc = isel_num_comps(dt);
  bool div = is_div(c, ins);
  if (sb == 0 || db == 0 || sb > 64 || db > 64) return false;
  if (opc == LLVMBitCast && (isel_num_comps(st) != nc || sb != db)) {
    mir_operand dws[ISEL_MAX_DWORDS];
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
        /* private to generic (fa 5): a load or store through it needs
         * FLAT_SCRATCH, which only a kernel with the cast and no calls
         * sets up (isel_abi.c): refused elsewhere, never silently wrong */
        if ((fa == 3 || (fa == 5 && c->private_flat)) && ta == 0) {
          /* a divergent cast's result stays in VGPRs (isel_segment_to_flat
           * gives an SGPR pair for an SGPR or constant source) */
          if (div && !isel_opnd_is_vgpr(&a)) a = mir_op_temp(isel_to_vgpr(c, a, 1));
          d = isel_segment_to_flat(c, a, fa == 5);
          break;
        }
        if (fa == 0 && (ta == 3 || ta == 5)) {
          d = flat_to_segment(c, a);
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
        mir_operand x = isel_ext64(c, a, sb, sign, salu);
        d = x.kind == MIR_OPND_TEMP ? x.temp : isel_as_temp(c, x, div, 2);
        break;
      }
      if (sb == 1) {
        mir_operand o = a;
        if (isel_is_lane_mask(c, &o)) {
          lo = mir_op_temp(isel_bool_to_vgpr(c, A, e, sign ? 0xffffffffu : 1));
        } else if (o.kind == MIR_OPND_CONST) {
          lo = mir_op_const(o.imm ? (sign ? 0xffffffffu : 1) : 0);
        } else {
          lo = isel_extend32(c, o, 1, sign, !isel_opnd_is_vgpr(&o));
        }
      } else if (salu || LLVMGetNextUse(LLVMGetFirstUse(A)) || !isel_extend_shifted(c, a, sb, sign, &lo)) {
        /* (an element of a vector bitcast from i32 read only here: its
         * field, isel_extend_shifted; with other uses the shift stays) */
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
    mir_temp sbit = isel_v1(c, ISA_V_AND_B32, mir_op_const(0x80000000u), mir_op_temp(s));
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
    x = mir_op_temp(isel_v1(c, ISA_V_AND_B32, mir_op_const(0x7fffffffu), x)); /* literal src0 of the VOP2 */
  }
  mir_temp t = isel_v1_1(c, ISA_V_TRUNC_F32, x);
  mir_temp k = isel_v1(c, ISA_V_MUL_F32, mir_op_const(0x2f800000u), mir_op_temp(t));
  mir_temp fl = isel_v1_1(c, ISA_V_FLOOR_F32, mir_op_temp(k));
  mir_temp lo = isel_v1_3(c, ISA_V_FMA_F32, mir_op_temp(fl), mir_op_temp(isel_to_vgpr(c, mir_op_const(0xcf800000u), 1)),
                          mir_op_temp(t));
  mir_temp hi = isel_v1_1(c, ISA_V_CVT_U32_F32, mir_op_temp(fl));
  mir_temp lu = isel_v1_1(c, ISA_V_CVT_U32_F32, mir_op_temp(lo));
  mir_temp r = isel_create2(c, mir_op_temp(lu), mir_op_temp(hi), true);
  return sign ? isel_neg64_if(c, r, sgn) : r;
}

/* ---- packing to and from 32-bit words ---- */

static bool any_vgpr(const mir_operand *o, unsigned n) {
  for (unsigned i = 0; i < n; i++)
    if (isel_opnd_is_vgpr(&o[i])) return true;
  return false;
}

/* Packed dword w of a 16-bit-element vector v built by insertelement
 * from elements 2u and 2u + 1 of one vector S that has a packed dword u
 * (isel_packed.c; the results of cvt.pkrtz and friends): instcombine
 * turns stores of bitcasts of them into such chains (f_amdgcn_intrinsics
 * k_pack). That dword, else id 0. */
static mir_temp chain_word(isel_ctx *c, LLVMValueRef v, unsigned w) {
  mir_temp none = {0};
  LLVMValueRef e[2] = {NULL, NULL};
  unsigned steps = 0;
  for (LLVMValueRef x = v; x && LLVMIsAInsertElementInst(x) && steps < 64 && !(e[0] && e[1]); x = LLVMGetOperand(x, 0), steps++) {
    LLVMValueRef idx = LLVMGetOperand(x, 2);
    if (!LLVMIsAConstantInt(idx)) return none;
    uint64_t k = LLVMConstIntGetZExtValue(idx);
    for (unsigned i = 0; i < 2; i++)
      if (k == 2 * w + i && !e[i]) e[i] = LLVMGetOperand(x, 1);
  }
  LLVMValueRef S = NULL;
  for (unsigned i = 0; i < 2; i++) {
    while (e[i] && LLVMIsABitCastInst(e[i])) e[i] = LLVMGetOperand(e[i], 0); /* half <-> i16 */
    if (!e[i] || !LLVMIsAExtractElementInst(e[i]) || !LLVMIsAConstantInt(LLVMGetOperand(e[i], 1))) return none;
    LLVMValueRef src = LLVMGetOperand(e[i], 0);
    if (i && src != S) return none;
    S = src;
  }
  uint64_t k0 = LLVMConstIntGetZExtValue(LLVMGetOperand(e[0], 1)), k1 = LLVMConstIntGetZExtValue(LLVMGetOperand(e[1], 1));
  if ((k0 & 1) || k1 != k0 + 1) return none;
  return isel_packed_word(c, S, (unsigned)(k0 / 2));
}

bool isel_pack_dwords(isel_ctx *c, LLVMValueRef v, mir_operand *out, unsigned *n) {
  LLVMTypeRef t = LLVMTypeOf(v);
  unsigned nc = isel_num_comps(t), bits = isel_type_bits(t);
  if (bits == 0 || bits == 1 || (bits != 8 && bits != 16 && bits != 32 && bits != 64)) return false;
  if ((bits * nc + 31) / 32 > ISEL_MAX_DWORDS) return false;
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
    mir_temp pk = bits == 16 || bits == 8 ? isel_packed_word(c, v, w) : (mir_temp){0};
    if (bits == 16 && !pk.id) pk = chain_word(c, v, w);
    if (pk.id) { /* the dword as loaded or computed (isel_packed.c) */
      out[w] = mir_op_temp(pk);
      continue;
    }
    mir_operand parts[4];
    for (unsigned i = 0; i < per; i++) parts[i] = w * per + i < nc ? isel_get(c, v, w * per + i) : mir_op_const(0);
    bool vg = any_vgpr(parts, per);
    if (vg && isel_packed_perm_word(c, parts, per, bits, &out[w])) continue; /* isel_packed.c */
    mir_operand acc = mir_op_const(0);
    bool first = true;
    for (unsigned i = 0; i < per; i++) {
      mir_operand p = parts[i];
      if (p.kind == MIR_OPND_CONST) {
        uint32_t k = (p.imm & mask) << (i * bits);
        if (first) {
          acc = mir_op_const(k);
          first = false;
        } else if (k && acc.kind == MIR_OPND_CONST) {
          acc = mir_op_const((uint32_t)acc.imm | k); /* constant parts fold */
        } else if (k) {
          acc = vg ? mir_op_temp(isel_v1c(c, ISA_V_OR_B32, mir_op_const(k), acc)) : mir_op_temp(isel_s(c, ISA_S_OR_B32, 1, acc, mir_op_const(k)));
        }
        continue;
      }
      if (vg && !first) {
        /* v_lshl_or_b32: the shift and the OR in one; the top part needs
         * no mask (its garbage bits leave through bit 31) */
        mir_operand x = p;
        if (i + 1 < per && !isel_upper_bits_zero(c, p, bits))
          x = mir_op_temp(isel_v1c(c, ISA_V_AND_B32, mir_op_const(mask), p));
        acc = mir_op_temp(isel_v1_3(c, ISA_V_LSHL_OR_B32, x, mir_op_const(i * bits), acc));
        continue;
      }
      if (!vg && !first && per == 2 && i == 1) {
        /* two 16-bit halves: s_pack_ll_b32_b16 (acc: the low part, or a
         * constant below 2^16) */
        acc = mir_op_temp(isel_s(c, ISA_S_PACK_LL_B32_B16, 1, acc, p));
        continue;
      }
      mir_operand x = p;
      /* (s_pack_ll_b32_b16 below reads only the low half) */
      bool packs = !vg && per == 2 && i == 0 && parts[1].kind != MIR_OPND_CONST;
      if (!packs && !(vg && isel_upper_bits_zero(c, p, bits)))
        x = vg ? mir_op_temp(isel_v1c(c, ISA_V_AND_B32, mir_op_const(mask), p)) : mir_op_temp(isel_s(c, ISA_S_AND_B32, 1, p, mir_op_const(mask)));
      if (i) x = vg ? mir_op_temp(isel_v1(c, ISA_V_LSHLREV_B32, mir_op_const(i * bits), x)) : mir_op_temp(isel_s(c, ISA_S_LSHL_B32, 1, x, mir_op_const(i * bits)));
      if (first) {
        acc = x;
        first = false;
      } else {
        acc = mir_op_temp(isel_s(c, ISA_S_OR_B32, 1, acc, x));
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
      if ((bits == 16 || bits == 8) && w.kind == MIR_OPND_TEMP) isel_packed_record(c, dst, e * bits / 32, w.temp);
      continue;
    }
    isel_set(c, dst, e, vg ? isel_v1(c, ISA_V_LSHRREV_B32, mir_op_const(sh), w) : isel_s(c, ISA_S_LSHR_B32, 1, w, mir_op_const(sh)));
  }
  return true;
}
