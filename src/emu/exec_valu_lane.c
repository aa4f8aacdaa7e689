/* What one lane of a vector ALU instruction computes, by family: compares
 * and class tests, integer and bit ops, f32, f64 and f16 arithmetic and
 * conversions. exec_valu.c reads the operands, applies the modifiers and
 * EXEC, and writes the results.
 *
 * Semantics: AMD "Vega Instruction Set Architecture" reference guide,
 * chapter 6 "Vector ALU Operations" and the opcode tables of chapter 12;
 * gem5's Vega model was a second opinion for corner cases. Denormal
 * flushing follows the MODE fields passed in `fpenv` (see exec_valu.c). */
#include <float.h>
#include <math.h>
#include <string.h>

#include "emu/valu_lane.h"

static uint32_t qnan32(float x) { return emu_u32(x) | 0x400000u; }

static int exp32(float x) { return (int)((emu_u32(x) >> 23) & 0xff); }
static int exp64(double x) { return (int)((emu_u64(x) >> 52) & 0x7ff); }

static float fmin_ieee(float a, float b) {
  if (isnan(a)) return isnan(b) ? emu_f32(qnan32(a)) : b;
  if (isnan(b)) return a;
  if (a == b) return signbit(a) ? a : b;
  return a < b ? a : b;
}
static float fmax_ieee(float a, float b) {
  if (isnan(a)) return isnan(b) ? emu_f32(qnan32(a)) : b;
  if (isnan(b)) return a;
  if (a == b) return signbit(a) ? b : a;
  return a > b ? a : b;
}
/* V_CUBEID/SC/TC/MA_F32 of the direction (x, y, z) (Vega ISA guide, VOP3;
 * the face order and signs of LLVM's constant folding of
 * llvm.amdgcn.cube*): the major axis is z when |z| >= |x|, |y|, else y when
 * |y| >= |x|, else x. which: 0 face id, 1 s coordinate, 2 t coordinate,
 * 3 twice the major axis. */
static float cube(int which, float x, float y, float z) {
  float ax = fabsf(x), ay = fabsf(y), az = fabsf(z), id, sc, tc, ma;
  if (az >= ax && az >= ay) {
    id = signbit(z) ? 5.0f : 4.0f; sc = signbit(z) ? -x : x; tc = -y; ma = z;
  } else if (ay >= ax) {
    id = signbit(y) ? 3.0f : 2.0f; sc = x; tc = signbit(y) ? -z : z; ma = y;
  } else {
    id = signbit(x) ? 1.0f : 0.0f; sc = signbit(x) ? z : -z; tc = -y; ma = x;
  }
  return which == 0 ? id : which == 1 ? sc : which == 2 ? tc : 2.0f * ma;
}

/* The absolute difference of byte (or 16-bit field) k of a and b. */
static uint32_t absdiff_field(uint32_t a, uint32_t b, unsigned k, unsigned bits) {
  uint32_t m = (1u << bits) - 1, x = (a >> (bits * k)) & m, y = (b >> (bits * k)) & m;
  return x > y ? x - y : y - x;
}

/* v_sad_u8 / v_sad_hi_u8 / v_msad_u8 / v_sad_u16 / v_lerp_u8 (Vega ISA
 * guide, VOP3): byte-wise sums of absolute differences (msad skips the
 * bytes whose S1, the reference, is 0) added to S2; lerp averages the
 * bytes of S0 and S1, rounding by bit 8k of S2. */
static uint32_t sad_op(unsigned op, uint32_t a, uint32_t b, uint32_t c) {
  uint32_t s = 0;
  switch (op) {
  case ISA_V_SAD_U16: return absdiff_field(a, b, 0, 16) + absdiff_field(a, b, 1, 16) + c;
  case ISA_V_LERP_U8:
    for (unsigned k = 0; k < 4; k++)
      s |= ((((a >> (8 * k)) & 0xff) + ((b >> (8 * k)) & 0xff) + ((c >> (8 * k)) & 1)) >> 1) << (8 * k);
    return s;
  default:
    for (unsigned k = 0; k < 4; k++)
      if (op != ISA_V_MSAD_U8 || ((b >> (8 * k)) & 0xff)) s += absdiff_field(a, b, k, 8);
    return op == ISA_V_SAD_HI_U8 ? (s << 16) + c : s + c;
  }
}

static float med3f(float a, float b, float c) {
  if (isnan(a) || isnan(b) || isnan(c)) return fmin_ieee(fmin_ieee(a, b), c);
  float mx = fmax_ieee(fmax_ieee(a, b), c);
  if (mx == a) return fmax_ieee(b, c);
  if (mx == b) return fmax_ieee(a, c);
  return fmax_ieee(a, b);
}

static int fcmp(unsigned c, double a, double b) {
  int un = isnan(a) || isnan(b);
  switch (c) {
  case 0: return 0;
  case 1: return a < b;
  case 2: return a == b;
  case 3: return a <= b;
  case 4: return a > b;
  case 5: return a < b || a > b;
  case 6: return a >= b;
  case 7: return !un;
  case 8: return un;
  case 9: return !(a >= b);
  case 10: return !(a < b || a > b);
  case 11: return !(a > b);
  case 12: return !(a <= b);
  case 13: return !(a == b);
  case 14: return !(a < b);
  default: return 1;
  }
}
static int icmp(unsigned c, int64_t sa, int64_t sb, uint64_t ua, uint64_t ub, int sgn) {
  switch (c) {
  case 0: return 0;
  case 1: return sgn ? sa < sb : ua < ub;
  case 2: return ua == ub;
  case 3: return sgn ? sa <= sb : ua <= ub;
  case 4: return sgn ? sa > sb : ua > ub;
  case 5: return ua != ub;
  case 6: return sgn ? sa >= sb : ua >= ub;
  default: return 1;
  }
}
static int fclass(double x, int den, uint32_t mask, int quiet_bit) {
  int bit;
  if (isnan(x)) bit = quiet_bit ? 1 : 0;
  else if (isinf(x)) bit = signbit(x) ? 2 : 9;
  else if (x == 0) bit = signbit(x) ? 5 : 6;
  else if (den) bit = signbit(x) ? 4 : 7;
  else bit = signbit(x) ? 3 : 8;
  return (mask >> bit) & 1;
}

static int32_t cvt_i32(double x) {
  if (isnan(x)) return 0;
  if (x >= 2147483647.0) return 2147483647;
  if (x <= -2147483648.0) return (int32_t)0x80000000u;
  return (int32_t)x;
}
static uint32_t cvt_u32(double x) {
  if (isnan(x) || x <= 0) return 0;
  if (x >= 4294967295.0) return 0xffffffffu;
  return (uint32_t)x;
}

/* f16 operand / result with the f16/f64 denormal field applied (inside the family functions) */
#define I16(x) H(flush16(e, (x) & 0xffff, 1))
#define O16(x) flush16(e, (x), 2)

/* The operands of one lane as the families read them: raw bits, and the
 * float views with input denormals flushed by the op's float width. */
#define LANE_OPERANDS                                                                \
  uint64_t a = io->s[0], b = io->s[1], c = io->s[2];                                 \
  uint32_t a32 = (uint32_t)a, b32 = (uint32_t)b, c32 = (uint32_t)c;                  \
  float fa = 0, fb = 0, fc = 0;                                                      \
  double da = 0, db = 0, dc = 0;                                                     \
  if (vi->fsrc == 32) { fa = in32(e, F(a)); fb = in32(e, F(b)); fc = in32(e, F(c)); } \
  if (vi->fsrc == 64) { da = in64(e, D(a)); db = in64(e, D(b)); dc = in64(e, D(c)); } \
  (void)a32; (void)b32; (void)c32; (void)fa; (void)fb; (void)fc; (void)da; (void)db; (void)dc; (void)rnd16

/* VOPC compares and class tests: the condition bit in io->cout. */
static int lane_cmp(const emu_vinfo *vi, const fpenv *e, int rnd16, lane_io *io) {
  LANE_OPERANDS;
  int r;
  switch (vi->cmptype) {
  case 1: r = fcmp(vi->cmp, I16(a), I16(b)); break;
  case 2: r = fcmp(vi->cmp, fa, fb); break;
  case 3: r = fcmp(vi->cmp, da, db); break;
  case 4: r = icmp(vi->cmp, (int16_t)a, (int16_t)b, (uint16_t)a, (uint16_t)b, 1); break;
  case 5: r = icmp(vi->cmp, 0, 0, (uint16_t)a, (uint16_t)b, 0); break;
  case 6: r = icmp(vi->cmp, (int32_t)a32, (int32_t)b32, a32, b32, 1); break;
  case 7: r = icmp(vi->cmp, 0, 0, a32, b32, 0); break;
  case 8: r = icmp(vi->cmp, (int64_t)a, (int64_t)b, a, b, 1); break;
  case 9: r = icmp(vi->cmp, 0, 0, a, b, 0); break;
  case 10: r = fclass(H(a), ((a >> 10) & 31) == 0 && (a & 0x3ff), b32, (a >> 9) & 1); break;
  case 11: r = fclass(F(a), is_den32(a32), b32, (a32 >> 22) & 1); break;
  default: r = fclass(D(a), is_den64(a), b32, (a >> 51) & 1); break;
  }
  io->cout = r;
  return 0;
}

/* Moves, bit operations, 32- and 16-bit integer arithmetic. Returns 0, or -1 for an op outside this family. */
static int lane_int(isa_op op, const emu_vinfo *vi, const fpenv *e, int rnd16, lane_io *io) {
  LANE_OPERANDS;
  uint64_t r = 0;
  switch (op) {
  /* moves and bit ops */
  case ISA_V_MOV_B32: case ISA_V_ACCVGPR_MOV_B32: case ISA_V_ACCVGPR_READ_B32: case ISA_V_ACCVGPR_WRITE_B32: r = a32; break;
  case ISA_V_MOV_B64: r = a; break;
  /* CDNA 3 ISA guide: D.u64 = (S0.u64 << S1.u[2:0]) + S2.u64 */
  case ISA_V_LSHL_ADD_U64: r = (a << (b32 & 7)) + c; break;
  case ISA_V_CNDMASK_B32: r = io->cin ? b32 : a32; break;
  case ISA_V_NOT_B32: r = ~a32; break;
  case ISA_V_BFREV_B32: { uint32_t y = 0; for (int i = 0; i < 32; i++) y |= ((a32 >> i) & 1u) << (31 - i); r = y; break; }
  case ISA_V_FFBH_U32: r = a32 ? (uint32_t)__builtin_clz(a32) : 0xffffffffu; break;
  case ISA_V_FFBL_B32: r = a32 ? (uint32_t)__builtin_ctz(a32) : 0xffffffffu; break;
  case ISA_V_FFBH_I32: { uint32_t x = (int32_t)a32 < 0 ? ~a32 : a32; r = (a32 == 0 || a32 == 0xffffffffu) ? 0xffffffffu : (uint32_t)__builtin_clz(x); break; }
  case ISA_V_AND_B32: r = a32 & b32; break;
  case ISA_V_OR_B32: r = a32 | b32; break;
  case ISA_V_XOR_B32: r = a32 ^ b32; break;
  case ISA_V_XNOR_B32: r = ~(a32 ^ b32); break;
  case ISA_V_LSHLREV_B32: r = (uint32_t)(b32 << (a32 & 31)); break;
  case ISA_V_LSHRREV_B32: r = b32 >> (a32 & 31); break;
  case ISA_V_ASHRREV_I32: r = (uint32_t)((int32_t)b32 >> (a32 & 31)); break;
  case ISA_V_LSHLREV_B64: r = b << (a32 & 63); break;
  case ISA_V_LSHRREV_B64: r = b >> (a32 & 63); break;
  case ISA_V_ASHRREV_I64: r = (uint64_t)((int64_t)b >> (a32 & 63)); break;
  case ISA_V_BFE_U32: { unsigned o = b32 & 31, w = c32 & 31; r = w ? (a32 >> o) & ((1u << w) - 1) : 0; break; }
  case ISA_V_BFE_I32: { unsigned o = b32 & 31, w = c32 & 31; if (!w) { r = 0; break; } uint32_t x = (a32 >> o) & (w == 32 ? ~0u : (1u << w) - 1); if ((x >> (w - 1)) & 1) x |= w == 32 ? 0 : ~0u << w; r = x; break; }
  case ISA_V_BFI_B32: r = (a32 & b32) | (~a32 & c32); break;
  case ISA_V_BFM_B32: r = (uint32_t)(((1ull << (a32 & 31)) - 1) << (b32 & 31)); break;
  case ISA_V_ALIGNBIT_B32: r = (uint32_t)((((uint64_t)a32 << 32) | b32) >> (c32 & 31)); break;
  case ISA_V_ALIGNBYTE_B32: r = (uint32_t)((((uint64_t)a32 << 32) | b32) >> (8 * (c32 & 3))); break;
  case ISA_V_PERM_B32: {
    uint64_t data = ((uint64_t)a32 << 32) | b32;
    uint32_t out = 0;
    for (int i = 0; i < 4; i++) {
      unsigned sel = (c32 >> (8 * i)) & 0xff, byte;
      if (sel < 8) byte = (data >> (8 * sel)) & 0xff;
      else if (sel < 12) { static const int bit[] = {15, 31, 47, 63}; byte = ((data >> bit[sel - 8]) & 1) ? 0xff : 0; }
      else if (sel == 12) byte = 0;
      else byte = 0xff;
      out |= byte << (8 * i);
    }
    r = out; break;
  }
  case ISA_V_BCNT_U32_B32: r = (uint32_t)__builtin_popcount(a32) + b32; break;
  case ISA_V_MBCNT_LO_U32_B32: { uint32_t m = io->lane >= 32 ? 0xffffffffu : (uint32_t)((1ull << io->lane) - 1); r = (uint32_t)__builtin_popcount(a32 & m) + b32; break; }
  case ISA_V_MBCNT_HI_U32_B32: { uint32_t m = io->lane < 32 ? 0 : (uint32_t)((1ull << (io->lane - 32)) - 1); r = (uint32_t)__builtin_popcount(a32 & m) + b32; break; }
  case ISA_V_LSHL_ADD_U32: r = (uint32_t)((a32 << (b32 & 31)) + c32); break;
  case ISA_V_ADD_LSHL_U32: r = (uint32_t)((a32 + b32) << (c32 & 31)); break;
  case ISA_V_ADD3_U32: r = (uint32_t)(a32 + b32 + c32); break;
  case ISA_V_LSHL_OR_B32: r = (uint32_t)(a32 << (b32 & 31)) | c32; break;
  case ISA_V_AND_OR_B32: r = (a32 & b32) | c32; break;
  case ISA_V_OR3_B32: r = a32 | b32 | c32; break;
  case ISA_V_XAD_U32: r = (uint32_t)((a32 ^ b32) + c32); break;
  case ISA_V_XOR3_B32: r = a32 ^ b32 ^ c32; break;
  /* |S0 - S1| + S2 on unsigned operands (llc-19 selects it for
   * umax(a, b) - umin(a, b) + c, e.g. OpenCL abs_diff plus an addend) */
  case ISA_V_SAD_U32: r = (uint32_t)((a32 > b32 ? a32 - b32 : b32 - a32) + c32); break;
  case ISA_V_SAD_U8: case ISA_V_SAD_HI_U8: case ISA_V_SAD_U16: case ISA_V_MSAD_U8: case ISA_V_LERP_U8:
    r = sad_op(op, a32, b32, c32); break;
  /* integer arithmetic */
  case ISA_V_ADD_U32: case ISA_V_ADD_I32: r = (uint64_t)a32 + b32; io->cout = (int)(r >> 32); r &= 0xffffffffu; break;
  case ISA_V_SUB_U32: case ISA_V_SUB_I32: r = (uint32_t)(a32 - b32); io->cout = b32 > a32; break;
  case ISA_V_SUBREV_U32: r = (uint32_t)(b32 - a32); io->cout = a32 > b32; break;
  case ISA_V_ADD_CO_U32: r = (uint64_t)a32 + b32; io->cout = (int)(r >> 32); r &= 0xffffffffu; break;
  case ISA_V_SUB_CO_U32: r = (uint32_t)(a32 - b32); io->cout = b32 > a32; break;
  case ISA_V_SUBREV_CO_U32: r = (uint32_t)(b32 - a32); io->cout = a32 > b32; break;
  case ISA_V_ADDC_CO_U32: r = (uint64_t)a32 + b32 + (unsigned)io->cin; io->cout = (int)(r >> 32); r &= 0xffffffffu; break;
  case ISA_V_SUBB_CO_U32: { uint64_t t = (uint64_t)b32 + (unsigned)io->cin; r = (uint32_t)(a32 - t); io->cout = t > a32; break; }
  case ISA_V_SUBBREV_CO_U32: { uint64_t t = (uint64_t)a32 + (unsigned)io->cin; r = (uint32_t)(b32 - t); io->cout = t > b32; break; }
  case ISA_V_MUL_LO_U32: r = (uint32_t)((uint64_t)a32 * b32); break;
  case ISA_V_MUL_HI_U32: r = ((uint64_t)a32 * b32) >> 32; break;
  case ISA_V_MUL_HI_I32: r = (uint32_t)(((int64_t)(int32_t)a32 * (int32_t)b32) >> 32); break;
  case ISA_V_MUL_I32_I24: r = (uint32_t)((int64_t)((int32_t)(a32 << 8) >> 8) * ((int32_t)(b32 << 8) >> 8)); break;
  case ISA_V_MUL_HI_I32_I24: r = (uint32_t)(((int64_t)((int32_t)(a32 << 8) >> 8) * ((int32_t)(b32 << 8) >> 8)) >> 32); break;
  case ISA_V_MUL_U32_U24: r = (uint32_t)((uint64_t)(a32 & 0xffffff) * (b32 & 0xffffff)); break;
  case ISA_V_MUL_HI_U32_U24: r = ((uint64_t)(a32 & 0xffffff) * (b32 & 0xffffff)) >> 32; break;
  case ISA_V_MAD_U32_U24: r = (uint32_t)((uint64_t)(a32 & 0xffffff) * (b32 & 0xffffff) + c32); break;
  case ISA_V_MAD_I32_I24: r = (uint32_t)((int64_t)((int32_t)(a32 << 8) >> 8) * ((int32_t)(b32 << 8) >> 8) + (int32_t)c32); break;
  case ISA_V_MAD_U64_U32: { unsigned __int128 t = (unsigned __int128)a32 * b32 + c; r = (uint64_t)t; io->cout = (int)(t >> 64) & 1; break; }
  case ISA_V_MAD_I64_I32: { __int128 t = (__int128)(int32_t)a32 * (int32_t)b32 + (__int128)(int64_t)c; r = (uint64_t)t; io->cout = t != (__int128)(int64_t)r; break; }
  case ISA_V_MIN_I32: r = (int32_t)a32 < (int32_t)b32 ? a32 : b32; break;
  case ISA_V_MAX_I32: r = (int32_t)a32 > (int32_t)b32 ? a32 : b32; break;
  case ISA_V_MIN_U32: r = a32 < b32 ? a32 : b32; break;
  case ISA_V_MAX_U32: r = a32 > b32 ? a32 : b32; break;
  case ISA_V_MIN3_I32: { int32_t x = (int32_t)a32, y = (int32_t)b32, z = (int32_t)c32, m = x < y ? x : y; r = (uint32_t)(m < z ? m : z); break; }
  case ISA_V_MAX3_I32: { int32_t x = (int32_t)a32, y = (int32_t)b32, z = (int32_t)c32, m = x > y ? x : y; r = (uint32_t)(m > z ? m : z); break; }
  case ISA_V_MIN3_U32: { uint32_t m = a32 < b32 ? a32 : b32; r = m < c32 ? m : c32; break; }
  case ISA_V_MAX3_U32: { uint32_t m = a32 > b32 ? a32 : b32; r = m > c32 ? m : c32; break; }
  /* VOP2 dot products accumulating into the destination (c, the tied operand) */
  case ISA_V_DOT4C_I32_I8: case ISA_V_DOT8C_I32_I4: case ISA_V_DOT2C_I32_I16: case ISA_V_DOT2C_F32_F16: {
    emu_dot_mods mo = {0, 3, 0, 0, false};
    uint32_t d = 0;
    emu_dot_lane(op, &mo, e, a32, b32, c32, &d);
    r = d; break;
  }
  /* GFX11 (RDNA 3 ISA guide): maxmin = min(max(S0, S1), S2), minmax = max(min(S0, S1), S2) */
  case ISA_V_MAXMIN_I32: { int32_t m = (int32_t)a32 > (int32_t)b32 ? (int32_t)a32 : (int32_t)b32; r = (uint32_t)(m < (int32_t)c32 ? m : (int32_t)c32); break; }
  case ISA_V_MINMAX_I32: { int32_t m = (int32_t)a32 < (int32_t)b32 ? (int32_t)a32 : (int32_t)b32; r = (uint32_t)(m > (int32_t)c32 ? m : (int32_t)c32); break; }
  case ISA_V_MAXMIN_U32: { uint32_t m = a32 > b32 ? a32 : b32; r = m < c32 ? m : c32; break; }
  case ISA_V_MINMAX_U32: { uint32_t m = a32 < b32 ? a32 : b32; r = m > c32 ? m : c32; break; }
  case ISA_V_MED3_I32: { int32_t x = (int32_t)a32, y = (int32_t)b32, z = (int32_t)c32; int32_t mx = x > y ? x : y, mn = x < y ? x : y; r = (uint32_t)(z > mx ? mx : z < mn ? mn : z); break; }
  case ISA_V_MED3_U32: { uint32_t mx = a32 > b32 ? a32 : b32, mn = a32 < b32 ? a32 : b32; r = c32 > mx ? mx : c32 < mn ? mn : c32; break; }
  case ISA_V_CVT_PK_U16_U32: r = (a32 > 0xffff ? 0xffff : a32) | (uint64_t)(b32 > 0xffff ? 0xffff : b32) << 16; break;
  case ISA_V_CVT_PK_I16_I32: { int32_t x = (int32_t)a32, y = (int32_t)b32; x = x > 32767 ? 32767 : x < -32768 ? -32768 : x; y = y > 32767 ? 32767 : y < -32768 ? -32768 : y; r = ((uint32_t)x & 0xffff) | ((uint32_t)y & 0xffff) << 16; break; }
  /* 16-bit integer */
  case ISA_V_ADD_U16: case ISA_V_ADD_I16: r = (a + b) & 0xffff; break;
  case ISA_V_SUB_U16: case ISA_V_SUB_I16: r = (a - b) & 0xffff; break;
  case ISA_V_SUBREV_U16: r = (b - a) & 0xffff; break;
  case ISA_V_MUL_LO_U16: r = (a * b) & 0xffff; break;
  case ISA_V_LSHLREV_B16: r = (b << (a & 15)) & 0xffff; break;
  case ISA_V_LSHRREV_B16: r = (b & 0xffff) >> (a & 15); break;
  case ISA_V_ASHRREV_I16: r = (uint16_t)((int16_t)b >> (a & 15)); break;
  case ISA_V_MAX_U16: r = (uint16_t)a > (uint16_t)b ? (uint16_t)a : (uint16_t)b; break;
  case ISA_V_MIN_U16: r = (uint16_t)a < (uint16_t)b ? (uint16_t)a : (uint16_t)b; break;
  case ISA_V_MAX_I16: r = (uint16_t)((int16_t)a > (int16_t)b ? a : b); break;
  case ISA_V_MIN_I16: r = (uint16_t)((int16_t)a < (int16_t)b ? a : b); break;
  case ISA_V_MAD_U16: case ISA_V_MAD_LEGACY_U16: r = (a * b + c) & 0xffff; break;
  case ISA_V_MAD_I16: case ISA_V_MAD_LEGACY_I16: r = (uint16_t)((int16_t)a * (int16_t)b + (int16_t)c); break;
  case ISA_V_MAD_U32_U16: r = (uint32_t)((a & 0xffff) * (b & 0xffff) + c32); break;
  case ISA_V_MAD_I32_I16: r = (uint32_t)((int32_t)(int16_t)a * (int16_t)b + (int32_t)c32); break;
  case ISA_V_MIN3_I16: case ISA_V_MAX3_I16: case ISA_V_MED3_I16: {
    int x = (int16_t)a, y = (int16_t)b, z = (int16_t)c;
    int mn = x < y ? x : y, mx = x > y ? x : y;
    r = (uint16_t)(op == ISA_V_MIN3_I16 ? (mn < z ? mn : z) : op == ISA_V_MAX3_I16 ? (mx > z ? mx : z) : (z > mx ? mx : z < mn ? mn : z));
    break;
  }
  case ISA_V_MIN3_U16: case ISA_V_MAX3_U16: case ISA_V_MED3_U16: {
    unsigned x = (uint16_t)a, y = (uint16_t)b, z = (uint16_t)c;
    unsigned mn = x < y ? x : y, mx = x > y ? x : y;
    r = op == ISA_V_MIN3_U16 ? (mn < z ? mn : z) : op == ISA_V_MAX3_U16 ? (mx > z ? mx : z) : (z > mx ? mx : z < mn ? mn : z);
    break;
  }
  default:
    return -1;
  }
  io->d = r;
  return 0;
}

/* f32 arithmetic, conversions to and from f32, and the f32 division helpers. Returns 0, or -1 for an op outside this family. */
static int lane_f32(isa_op op, const emu_vinfo *vi, const fpenv *e, int rnd16, lane_io *io) {
  LANE_OPERANDS;
  uint64_t r = 0;
  switch (op) {
  /* f32 arithmetic */
  case ISA_V_ADD_F32: r = UF(nan_in_order(fa, fb, fa + fb)); break;
  case ISA_V_SUB_F32: r = UF(nan_in_order(fa, fb, fa - fb)); break;
  case ISA_V_SUBREV_F32: r = UF(nan_in_order(fa, fb, fb - fa)); break;
  case ISA_V_MUL_F32: r = UF(nan_in_order(fa, fb, fa * fb)); break;
  case ISA_V_MUL_LEGACY_F32: r = UF((fa == 0 || fb == 0) && !isnan(fa) && !isnan(fb) ? 0.0f * (signbit(fa) != signbit(fb) ? -1.0f : 1.0f) : fa * fb); break;
  case ISA_V_MAD_LEGACY_F32: { float p = (fa == 0 || fb == 0) && !isnan(fa) && !isnan(fb) ? 0.0f : in32(e, fa * fb); r = UF(p + fc); break; }
  case ISA_V_MAC_F32: case ISA_V_MAD_F32: case ISA_V_MADMK_F32: case ISA_V_MADAK_F32: {
    /* MAD is not fused: the product is rounded (and denormals flushed) first. */
    volatile float p = nan_in_order(fa, fb, fa * fb);
    float q = in32(e, p);
    r = UF(nan_in_order(q, fc, q + fc));
    break;
  }
  case ISA_V_FMA_F32: case ISA_V_FMAC_F32: case ISA_V_FMAMK_F32: case ISA_V_FMAAK_F32: r = UF(fmaf(fa, fb, fc)); break;
  case ISA_V_MIN_F32: r = UF(fmin_ieee(fa, fb)); break;
  case ISA_V_MAX_F32: r = UF(fmax_ieee(fa, fb)); break;
  case ISA_V_MIN3_F32: r = UF(fmin_ieee(fmin_ieee(fa, fb), fc)); break;
  case ISA_V_MAX3_F32: r = UF(fmax_ieee(fmax_ieee(fa, fb), fc)); break;
  case ISA_V_MAXMIN_F32: r = UF(fmin_ieee(fmax_ieee(fa, fb), fc)); break;
  case ISA_V_MINMAX_F32: r = UF(fmax_ieee(fmin_ieee(fa, fb), fc)); break;
  case ISA_V_MED3_F32: r = UF(med3f(fa, fb, fc)); break;
  case ISA_V_CUBEID_F32: r = UF(cube(0, fa, fb, fc)); break;
  case ISA_V_CUBESC_F32: r = UF(cube(1, fa, fb, fc)); break;
  case ISA_V_CUBETC_F32: r = UF(cube(2, fa, fb, fc)); break;
  case ISA_V_CUBEMA_F32: r = UF(cube(3, fa, fb, fc)); break;
  case ISA_V_LDEXP_F32: r = UF(ldexpf(fa, (int32_t)b32 > 300 ? 300 : (int32_t)b32 < -300 ? -300 : (int32_t)b32)); break;
  case ISA_V_RCP_F32: case ISA_V_RCP_IFLAG_F32: r = UF(1.0f / fa); break;
  case ISA_V_RSQ_F32: r = UF((float)(1.0 / sqrt((double)fa))); break;
  case ISA_V_SQRT_F32: r = UF(sqrtf(fa)); break;
  case ISA_V_EXP_F32: case ISA_V_EXP_LEGACY_F32: r = UF(exp2f(fa)); break;
  case ISA_V_LOG_F32: case ISA_V_LOG_LEGACY_F32: r = UF(log2f(fa)); break;
  case ISA_V_SIN_F32: r = UF(isinf(fa) ? NAN : (float)sin((double)fa * 6.283185307179586)); break;
  case ISA_V_COS_F32: r = UF(isinf(fa) ? NAN : (float)cos((double)fa * 6.283185307179586)); break;
  case ISA_V_FRACT_F32: { if (isnan(fa) || isinf(fa)) { r = isinf(fa) ? UF(NAN) : UF(fa); break; } float f = fa - floorf(fa); r = UF(f < 0x1.fffffep-1f ? f : 0x1.fffffep-1f); break; }
  case ISA_V_TRUNC_F32: r = UF(truncf(fa)); break;
  case ISA_V_CEIL_F32: r = UF(ceilf(fa)); break;
  case ISA_V_FLOOR_F32: r = UF(floorf(fa)); break;
  case ISA_V_RNDNE_F32: r = UF(nearbyintf(fa)); break; /* caller sets FE_TONEAREST */
  case ISA_V_FREXP_MANT_F32: { int ex; r = (isnan(fa) || isinf(fa)) ? UF(fa) : UF(frexpf(fa, &ex)); break; }
  case ISA_V_FREXP_EXP_I32_F32: { int ex = 0; if (!isnan(fa) && !isinf(fa)) frexpf(fa, &ex); r = (uint32_t)ex; break; }
  case ISA_V_CVT_F32_I32: r = UF((float)(int32_t)a32); break;
  case ISA_V_CVT_F32_U32: r = UF((float)a32); break;
  case ISA_V_CVT_I32_F32: r = (uint32_t)cvt_i32(fa); break;
  case ISA_V_CVT_U32_F32: r = cvt_u32(fa); break;
  case ISA_V_CVT_RPI_I32_F32: r = (uint32_t)cvt_i32(floor((double)fa + 0.5)); break;
  case ISA_V_CVT_FLR_I32_F32: r = (uint32_t)cvt_i32(floor((double)fa)); break;
  case ISA_V_CVT_F32_UBYTE0: r = UF((float)(a32 & 0xff)); break;
  case ISA_V_CVT_F32_UBYTE1: r = UF((float)((a32 >> 8) & 0xff)); break;
  case ISA_V_CVT_F32_UBYTE2: r = UF((float)((a32 >> 16) & 0xff)); break;
  case ISA_V_CVT_F32_UBYTE3: r = UF((float)(a32 >> 24)); break;
  case ISA_V_CVT_F32_F64: r = UF(out32(e, (float)da)); break;
  case ISA_V_CVT_F64_F32: r = emu_u64((double)in32(e, F(a))); break;
  case ISA_V_CVT_F64_I32: r = emu_u64((double)(int32_t)a32); break;
  case ISA_V_CVT_F64_U32: r = emu_u64((double)a32); break;
  case ISA_V_CVT_I32_F64: r = (uint32_t)cvt_i32(da); break;
  case ISA_V_CVT_U32_F64: r = cvt_u32(da); break;
  case ISA_V_CVT_F16_F32: r = flush16(e, emu_f2h(in32(e, F(a)), rnd16), 2); break;
  case ISA_V_CVT_F32_F16: r = UF((float)H(flush16(e, a & 0xffff, 1))); break;
  case ISA_V_CVT_PKRTZ_F16_F32: r = emu_f2h(in32(e, F(a)), 3) | (uint64_t)emu_f2h(in32(e, F(b)), 3) << 16; break;
  case ISA_V_CVT_PKNORM_I16_F32: case ISA_V_CVT_PKNORM_U16_F32: {
    uint32_t out = 0;
    for (int h = 0; h < 2; h++) {
      double x = h ? fb : fa, v;
      if (op == ISA_V_CVT_PKNORM_I16_F32) { x = isnan(x) ? 0 : x > 1 ? 1 : x < -1 ? -1 : x; v = nearbyint(x * 32767.0); out |= ((uint32_t)(int32_t)v & 0xffff) << (16 * h); }
      else { x = isnan(x) ? 0 : x > 1 ? 1 : x < 0 ? 0 : x; v = nearbyint(x * 65535.0); out |= ((uint32_t)v & 0xffff) << (16 * h); }
    }
    r = out; break;
  }
  case ISA_V_CVT_PK_U8_F32: {
    unsigned sh = 8 * (b32 & 3);
    double v = nearbyint((double)fa); v = isnan(v) ? 0 : v < 0 ? 0 : v > 255 ? 255 : v;
    r = (c32 & ~(0xffu << sh)) | ((uint32_t)v << sh); break;
  }
  /* f32 division helpers */
  case ISA_V_DIV_SCALE_F32: {
    float s0 = F(a), s1 = F(b), s2 = F(c); /* no input flushing: the guide tests for denormals */
    float dd = s0;
    io->cout = 0;
    int e1 = exp32(s1), e2 = exp32(s2);
    if (s2 == 0 || s1 == 0) dd = NAN;
    else if (e2 - e1 >= 96) { io->cout = 1; if (a32 == b32) dd = ldexpf(s0, 64); }
    else if (is_den32(emu_u32(s1))) dd = ldexpf(s0, 64);
    /* The guide's pseudo code scales the denominator up here, which
     * overflows (1/S1 denormal means S1 >= 2^126); scaling it down by 2^64
     * is what makes v_div_fmas's 2^-64 (the scaled quotient's exponent is
     * below 127) undo the scaling, so that llc's and our f32 division of a
     * value by a huge one give the correctly rounded denormal quotient. */
    else if (is_den32(emu_u32(1.0f / s1)) && is_den32(emu_u32(s2 / s1))) { io->cout = 1; if (a32 == b32) dd = ldexpf(s0, -64); }
    else if (is_den32(emu_u32(1.0f / s1))) dd = ldexpf(s0, -64);
    else if (is_den32(emu_u32(s2 / s1))) { io->cout = 1; if (a32 == c32) dd = ldexpf(s0, 64); }
    else if (e2 <= 23) dd = ldexpf(s0, 64);
    r = UF(dd); break;
  }
  case ISA_V_DIV_FMAS_F32: {
    /* One rounding of a*b+c scaled by 2^+-64: the FMA in double rounded
     * to odd (toward zero, sticky bit in the last place), the exact scale,
     * then one rounding to f32 in the current mode; round-to-odd with 29
     * extra bits makes that second rounding exact even when the scaled
     * result is an f32 denormal. */
    if (!io->cin) { r = UF(fmaf(F(a), F(b), F(c))); break; }
    int rm = fegetround();
    fesetround(FE_TOWARDZERO);
    feclearexcept(FE_INEXACT);
    double t = fma((double)F(a), (double)F(b), (double)F(c));
    if (fetestexcept(FE_INEXACT)) t = emu_f64(emu_u64(t) | 1);
    fesetround(rm);
    r = UF((float)ldexp(t, exp32(F(c)) > 127 ? 64 : -64)); break;
  }
  case ISA_V_DIV_FIXUP_F32: {
    float s0 = F(a), s1 = F(b), s2 = F(c);
    int neg = signbit(s1) != signbit(s2);
    float res;
    if (isnan(s2)) res = emu_f32(qnan32(s2));
    else if (isnan(s1)) res = emu_f32(qnan32(s1));
    else if (s1 == 0 && s2 == 0) res = emu_f32(0xffc00000u);
    else if (isinf(s1) && isinf(s2)) res = emu_f32(0xffc00000u);
    else if (s1 == 0 || isinf(s2)) res = neg ? -INFINITY : INFINITY;
    else if (isinf(s1) || s2 == 0) res = neg ? -0.0f : 0.0f;
    else if (exp32(s2) - exp32(s1) < -150) res = neg ? -0.0f : 0.0f;
    else if (exp32(s1) == 255) res = neg ? -INFINITY : INFINITY;
    else if (isnan(s0)) res = neg ? -INFINITY : INFINITY;
    else res = neg ? -fabsf(s0) : fabsf(s0);
    r = UF(res); break;
  }
  default:
    return -1;
  }
  io->d = r;
  return 0;
}

/* v_trig_preop_f64 (Vega ISA guide ch. 12, V_TRIG_PREOP_F64; the same
 * reading as LLVM's amdgcn.trig.preop constant folding): the 53-bit
 * segment of 2/PI starting `shift` bits below the binary point, shift =
 * 53 * src1[4:0] plus (exponent(src0) - 1077) when src0's biased exponent
 * is above 1077, as an integer scaled by 2^(-53 - shift), 2^128 larger
 * when that exponent is at least 1968. A segment that runs past the
 * table gives +0. NaN inputs return themselves quieted. */
static uint64_t trig_preop_f64(uint64_t src0, uint32_t seg) {
  /* 2/PI = 0.a2f9836e 4e441529 ... (binary fraction, 1184 bits) */
  static const uint32_t two_by_pi[37] = {
      0xa2f9836e, 0x4e441529, 0xfc2757d1, 0xf534ddc0, 0xdb629599, 0x3c439041, 0xfe5163ab, 0xdebbc561,
      0xb7246e3a, 0x424dd2e0, 0x06492eea, 0x09d1921c, 0xfe1deb1c, 0xb129a73e, 0xe88235f5, 0x2ebb4484,
      0xe99c7026, 0xb45f7e41, 0x3991d639, 0x835339f4, 0x9c845f8b, 0xbdf9283b, 0x1ff897ff, 0xde05980f,
      0xef2f118b, 0x5a0a6d1f, 0x6d367ecf, 0x27cb09b7, 0x4f463f66, 0x9e5fea2d, 0x7527bac7, 0xebe5f17b,
      0x3d0739f7, 0x8a5292ea, 0x6bfb5fb1, 0x1f8d5d08, 0x56033046};
  if (isnan(emu_f64(src0))) return src0 | (1ull << 51);
  unsigned ex = (unsigned)(src0 >> 52) & 0x7ff;
  unsigned shift = (seg & 31) * 53 + (ex > 1077 ? ex - 1077 : 0);
  /* the hardware's table ends where LLVM's does: 35 dwords of whole segments */
  if ((shift >> 5) + 2 >= sizeof two_by_pi / sizeof two_by_pi[0]) return 0;
  uint64_t m = 0;
  for (unsigned k = shift; k < shift + 53; k++) m = m << 1 | ((two_by_pi[k >> 5] >> (31 - (k & 31))) & 1);
  int scale = -53 - (int)shift + (ex >= 1968 ? 128 : 0);
  return emu_u64(ldexp((double)m, scale));
}

/* f64 arithmetic, conversions and division helpers. Returns 0, or -1 for an op outside this family. */
static int lane_f64(isa_op op, const emu_vinfo *vi, const fpenv *e, int rnd16, lane_io *io) {
  LANE_OPERANDS;
  uint64_t r = 0;
  switch (op) {
  /* f64 */
  case ISA_V_ADD_F64: r = emu_u64(da + db); break;
  case ISA_V_MUL_F64: r = emu_u64(da * db); break;
  case ISA_V_FMA_F64: case ISA_V_FMAC_F64: r = emu_u64(fma(da, db, dc)); break;
  case ISA_V_MIN_F64: r = emu_u64(dmin_ieee(da, db)); break;
  case ISA_V_MAX_F64: r = emu_u64(dmax_ieee(da, db)); break;
  case ISA_V_LDEXP_F64: r = emu_u64(ldexp(da, (int32_t)b32 > 3000 ? 3000 : (int32_t)b32 < -3000 ? -3000 : (int32_t)b32)); break;
  case ISA_V_TRIG_PREOP_F64: r = trig_preop_f64(a, b32); break;
  case ISA_V_RCP_F64: r = emu_u64(1.0 / da); break;
  case ISA_V_RSQ_F64: r = emu_u64(1.0 / sqrt(da)); break;
  case ISA_V_SQRT_F64: r = emu_u64(sqrt(da)); break;
  case ISA_V_TRUNC_F64: r = emu_u64(trunc(da)); break;
  case ISA_V_CEIL_F64: r = emu_u64(ceil(da)); break;
  case ISA_V_FLOOR_F64: r = emu_u64(floor(da)); break;
  case ISA_V_RNDNE_F64: r = emu_u64(nearbyint(da)); break;
  case ISA_V_FRACT_F64: { if (isnan(da) || isinf(da)) { r = emu_u64(isinf(da) ? NAN : da); break; } double f = da - floor(da); r = emu_u64(f < 0x1.fffffffffffffp-1 ? f : 0x1.fffffffffffffp-1); break; }
  case ISA_V_FREXP_MANT_F64: { int ex; r = (isnan(da) || isinf(da)) ? emu_u64(da) : emu_u64(frexp(da, &ex)); break; }
  case ISA_V_FREXP_EXP_I32_F64: { int ex = 0; if (!isnan(da) && !isinf(da)) frexp(da, &ex); r = (uint32_t)ex; break; }
  case ISA_V_DIV_SCALE_F64: {
    double s0 = D(a), s1 = D(b), s2 = D(c), dd = s0;
    io->cout = 0;
    int e1 = exp64(s1), e2 = exp64(s2);
    if (s2 == 0 || s1 == 0) dd = NAN;
    else if (e2 - e1 >= 768) { io->cout = 1; if (a == b) dd = ldexp(s0, 128); }
    else if (is_den64(emu_u64(s1))) dd = ldexp(s0, 128);
    else if (is_den64(emu_u64(1.0 / s1)) && is_den64(emu_u64(s2 / s1))) { io->cout = 1; if (a == b) dd = ldexp(s0, 128); }
    else if (is_den64(emu_u64(1.0 / s1))) dd = ldexp(s0, -128);
    else if (is_den64(emu_u64(s2 / s1))) { io->cout = 1; if (a == c) dd = ldexp(s0, 128); }
    else if (e2 <= 53) dd = ldexp(s0, 128);
    r = emu_u64(dd); break;
  }
  case ISA_V_DIV_FMAS_F64: {
    /* One rounding of a*b+c scaled by 2^+-128, as for f32 above: the FMA
     * in long double (64 significand bits on x86-64) rounded to odd, the
     * exact scale, then one rounding to f64 in the current mode (11 extra
     * bits make it exact also for denormal quotients). */
    if (!io->cin) { r = emu_u64(fma(D(a), D(b), D(c))); break; }
    _Static_assert(LDBL_MANT_DIG >= 55, "v_div_fmas_f64 needs a long double of at least 55 significand bits");
    int rm = fegetround();
    fesetround(FE_TOWARDZERO);
    feclearexcept(FE_INEXACT);
    long double t = fmal((long double)D(a), (long double)D(b), (long double)D(c));
    if (fetestexcept(FE_INEXACT)) {
      int ex;
      long double m = ldexpl(frexpl(t, &ex), LDBL_MANT_DIG); /* the significand as an integer */
      if (fmodl(m, 2) == 0) t = nextafterl(t, t < 0 ? -INFINITY : INFINITY);
    }
    fesetround(rm);
    r = emu_u64((double)ldexpl(t, exp64(D(c)) > 1023 ? 128 : -128)); break;
  }
  case ISA_V_DIV_FIXUP_F64: {
    double s0 = D(a), s1 = D(b), s2 = D(c), res;
    int neg = signbit(s1) != signbit(s2);
    if (isnan(s2)) res = emu_f64(c | (1ull << 51));
    else if (isnan(s1)) res = emu_f64(b | (1ull << 51));
    else if (s1 == 0 && s2 == 0) res = emu_f64(0xfff8000000000000ull);
    else if (isinf(s1) && isinf(s2)) res = emu_f64(0xfff8000000000000ull);
    else if (s1 == 0 || isinf(s2)) res = neg ? -INFINITY : INFINITY;
    else if (isinf(s1) || s2 == 0) res = neg ? -0.0 : 0.0;
    else if (exp64(s2) - exp64(s1) < -1075) res = neg ? -0.0 : 0.0;
    else if (exp64(s1) == 2047) res = neg ? -INFINITY : INFINITY;
    else if (isnan(s0)) res = neg ? -INFINITY : INFINITY;
    else res = neg ? -fabs(s0) : fabs(s0);
    r = emu_u64(res); break;
  }
  default:
    return -1;
  }
  io->d = r;
  return 0;
}

/* f16 arithmetic (computed exactly in double, rounded once to half) and f16 conversions. Returns 0, or -1 for an op outside this family. */
static int lane_f16(isa_op op, const emu_vinfo *vi, const fpenv *e, int rnd16, lane_io *io) {
  LANE_OPERANDS;
  uint64_t r = 0;
  switch (op) {
  /* f16 (computed exactly in double, rounded once to half); input and
   * result denormals flushed by the f16/f64 field (I16, O16) */
  case ISA_V_ADD_F16: r = O16(emu_f2h(I16(a) + I16(b), rnd16)); break;
  case ISA_V_SUB_F16: r = O16(emu_f2h(I16(a) - I16(b), rnd16)); break;
  case ISA_V_SUBREV_F16: r = O16(emu_f2h(I16(b) - I16(a), rnd16)); break;
  case ISA_V_MUL_F16: r = O16(emu_f2h(I16(a) * I16(b), rnd16)); break;
  case ISA_V_MAC_F16: case ISA_V_MAD_F16: case ISA_V_MADMK_F16: case ISA_V_MADAK_F16: case ISA_V_MAD_LEGACY_F16:
    r = O16(emu_f2h(H(flush16(e, emu_f2h(I16(a) * I16(b), rnd16), 1)) + I16(c), rnd16)); break;
  /* the double FMA rounds (span above 53 bits) only when one term lies
   * below 2^-30 of the other, far from any half-way point of the f16
   * result: one correct rounding either way */
  case ISA_V_FMA_F16: case ISA_V_FMA_LEGACY_F16: case ISA_V_FMAC_F16: case ISA_V_FMAMK_F16: case ISA_V_FMAAK_F16: r = O16(emu_f2h(fma(I16(a), I16(b), I16(c)), rnd16)); break;
  case ISA_V_MAX_F16: r = O16(emu_f2h(dmax_ieee(I16(a), I16(b)), 0)); break;
  case ISA_V_MIN_F16: r = O16(emu_f2h(dmin_ieee(I16(a), I16(b)), 0)); break;
  case ISA_V_MAX3_F16: r = O16(emu_f2h(dmax_ieee(dmax_ieee(I16(a), I16(b)), I16(c)), 0)); break;
  case ISA_V_MIN3_F16: r = O16(emu_f2h(dmin_ieee(dmin_ieee(I16(a), I16(b)), I16(c)), 0)); break;
  case ISA_V_MAXMIN_F16: r = O16(emu_f2h(dmin_ieee(dmax_ieee(I16(a), I16(b)), I16(c)), 0)); break;
  case ISA_V_MINMAX_F16: r = O16(emu_f2h(dmax_ieee(dmin_ieee(I16(a), I16(b)), I16(c)), 0)); break;
  case ISA_V_MED3_F16: r = O16(emu_f2h(med3f((float)I16(a), (float)I16(b), (float)I16(c)), 0)); break;
  case ISA_V_LDEXP_F16: r = O16(emu_f2h(ldexp(I16(a), (int16_t)b < -100 ? -100 : (int16_t)b > 100 ? 100 : (int16_t)b), rnd16)); break;
  case ISA_V_RCP_F16: r = O16(emu_f2h(1.0 / I16(a), rnd16)); break;
  case ISA_V_SQRT_F16: r = O16(emu_f2h(sqrt(I16(a)), rnd16)); break;
  case ISA_V_RSQ_F16: r = O16(emu_f2h(1.0 / sqrt(I16(a)), rnd16)); break;
  case ISA_V_LOG_F16: r = O16(emu_f2h(log2(I16(a)), rnd16)); break;
  case ISA_V_EXP_F16: r = O16(emu_f2h(exp2(I16(a)), rnd16)); break;
  case ISA_V_SIN_F16: r = O16(emu_f2h(sin(I16(a) * 6.283185307179586), rnd16)); break;
  case ISA_V_COS_F16: r = O16(emu_f2h(cos(I16(a) * 6.283185307179586), rnd16)); break;
  case ISA_V_FLOOR_F16: r = O16(emu_f2h(floor(I16(a)), 0)); break;
  case ISA_V_CEIL_F16: r = O16(emu_f2h(ceil(I16(a)), 0)); break;
  case ISA_V_TRUNC_F16: r = O16(emu_f2h(trunc(I16(a)), 0)); break;
  case ISA_V_RNDNE_F16: r = O16(emu_f2h(nearbyint(I16(a)), 0)); break;
  case ISA_V_FRACT_F16: { double x = I16(a); r = (isnan(x) || isinf(x)) ? (a & 0xffff) : O16(emu_f2h(fmin(x - floor(x), 0x1.ffcp-1), 3)); break; }
  case ISA_V_FREXP_MANT_F16: { int ex; double x = I16(a); r = (isnan(x) || isinf(x)) ? (a & 0xffff) : O16(emu_f2h(frexp(x, &ex), 0)); break; }
  case ISA_V_FREXP_EXP_I16_F16: { int ex = 0; double x = I16(a); if (!isnan(x) && !isinf(x)) frexp(x, &ex); r = (uint16_t)ex; break; }
  case ISA_V_CVT_F16_U16: r = emu_f2h((double)(uint16_t)a, rnd16); break;
  case ISA_V_CVT_F16_I16: r = emu_f2h((double)(int16_t)a, rnd16); break;
  case ISA_V_CVT_U16_F16: { double x = H(a); r = isnan(x) || x <= 0 ? 0 : x >= 65535 ? 65535 : (uint16_t)x; break; }
  case ISA_V_CVT_I16_F16: { double x = H(a); r = (uint16_t)(isnan(x) ? 0 : x >= 32767 ? 32767 : x <= -32768 ? -32768 : (int16_t)x); break; }
  case ISA_V_PACK_B32_F16: r = (a & 0xffff) | (b & 0xffff) << 16; break;
  case ISA_V_DIV_FIXUP_F16: case ISA_V_DIV_FIXUP_LEGACY_F16: {
    double s0 = H(a), s1 = H(b), s2 = H(c), res;
    int neg = signbit(s1) != signbit(s2);
    if (isnan(s2)) res = s2; else if (isnan(s1)) res = s1;
    else if ((s1 == 0 && s2 == 0) || (isinf(s1) && isinf(s2))) res = NAN;
    else if (s1 == 0 || isinf(s2)) res = neg ? -INFINITY : INFINITY;
    else if (isinf(s1) || s2 == 0) res = neg ? -0.0 : 0.0;
    else res = neg ? -fabs(s0) : fabs(s0);
    r = emu_f2h(res, 0); break;
  }
  default:
    return -1;
  }
  io->d = r;
  return 0;
}

uint8_t emu_valu_lane_family(isa_op op, const emu_vinfo *vi) {
  if (vi->cmptype) return EMU_LANE_CMP;
  /* Probe each family with zero operands: the family functions are pure. */
  static int (*const fam[])(isa_op, const emu_vinfo *, const fpenv *, int, lane_io *) = {lane_int, lane_f32, lane_f64, lane_f16};
  static const uint8_t id[] = {EMU_LANE_INT, EMU_LANE_F32, EMU_LANE_F64, EMU_LANE_F16};
  fpenv e = {3, 3, 1, 1};
  for (unsigned i = 0; i < sizeof fam / sizeof fam[0]; i++) {
    lane_io io;
    memset(&io, 0, sizeof io);
    if (fam[i](op, vi, &e, 0, &io) == 0) return id[i];
  }
  return EMU_LANE_NONE;
}

int emu_valu_lane(isa_op op, const emu_vinfo *vi, const fpenv *e, int rnd16, lane_io *io) {
  switch (vi->family) {
  case EMU_LANE_CMP: return lane_cmp(vi, e, rnd16, io);
  case EMU_LANE_INT: return lane_int(op, vi, e, rnd16, io);
  case EMU_LANE_F32: return lane_f32(op, vi, e, rnd16, io);
  case EMU_LANE_F64: return lane_f64(op, vi, e, rnd16, io);
  case EMU_LANE_F16: return lane_f16(op, vi, e, rnd16, io);
  default: return -1;
  }
}
