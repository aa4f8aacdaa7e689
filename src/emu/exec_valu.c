/* Vector ALU: VOP1, VOP2, VOPC, VOP3 (a and b), VOP3P.
 *
 * Semantics: AMD "Vega Instruction Set Architecture" reference guide,
 * chapter 6 "Vector ALU Operations" and the opcode tables of chapter 12;
 * gem5's Vega model was a second opinion for corner cases. Each lane of
 * EXEC computes independently (v_readlane/v_writelane/v_readfirstlane
 * ignore EXEC). Inputs go through VOP3 abs/neg (and VOP3P neg/neg_hi,
 * op_sel) modifiers; results through omod and clamp.
 *
 * MODE (Vega ISA 3.x "MODE register"): bits 1:0 f32 rounding, 3:2 f64/f16
 * rounding (0 nearest even, 1 +inf, 2 -inf, 3 toward zero), bits 5:4 f32
 * denormals, 7:6 f64/f16 denormals (bit 0 of each pair allows input
 * denormals, bit 1 output denormals), bit 8 DX10_CLAMP, bit 9 IEEE. The
 * rounding mode is applied with fesetround() around the host's IEEE
 * arithmetic; denormal flushing is done explicitly on inputs and results
 * (f16 inputs and results by the f16/f64 field, in every f16 VALU and
 * VOP3P instruction, compares included; v_cmp_class and v_div_fixup read
 * raw bits).
 *
 * v_div_scale / v_div_fmas / v_div_fixup follow the guide's pseudo code:
 * div_scale scales the numerator or denominator by 2^64 (2^128 for f64)
 * and sets VCC when the final quotient must be rescaled; div_fmas applies
 * 2^+-64 (2^+-128) depending on the exponent of its third operand. */
#include <fenv.h>
#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "emu/emu_internal.h"

/* ------------------------------------------------------------ op facts */

void emu_valu_init(wemu_device *dev) {
  static const char *const fc[] = {"f", "lt", "eq", "le", "gt", "lg", "ge", "o", "u", "nge", "nlg", "ngt", "nle", "neq", "nlt", "tru"};
  static const char *const ic[] = {"f", "lt", "eq", "le", "gt", "ne", "ge", "t"};
  static const char *const ty[] = {"", "f16", "f32", "f64", "i16", "u16", "i32", "u32", "i64", "u64"};
  for (unsigned i = 0; i < ISA_NUM_OPS; i++) {
    const char *mn = isa_table[i].mnemonic;
    emu_vinfo *vi = &dev->vinfo[i];
    memset(vi, 0, sizeof *vi);
    isa_format f = isa_table[i].format;
    if (f != ISA_FMT_VOP1 && f != ISA_FMT_VOP2 && f != ISA_FMT_VOPC && f != ISA_FMT_VOP3 && f != ISA_FMT_VOP3P) continue;
    if (f == ISA_FMT_VOPC) {
      const char *p = mn + 5; /* after "v_cmp" */
      if (*p == 'x') { vi->cmpx = 1; p++; }
      p++; /* '_' */
      if (!strncmp(p, "class_", 6)) {
        vi->cmptype = !strcmp(p + 6, "f16") ? 10 : !strcmp(p + 6, "f32") ? 11 : 12;
      } else {
        const char *us = strrchr(p, '_');
        if (!us) continue;
        for (unsigned t = 1; t < 10; t++) if (!strcmp(us + 1, ty[t])) vi->cmptype = (uint8_t)t;
        size_t cl = (size_t)(us - p);
        const char *const *tab = vi->cmptype <= 3 ? fc : ic;
        unsigned n = vi->cmptype <= 3 ? 16 : 8;
        for (unsigned c = 0; c < n; c++) if (strlen(tab[c]) == cl && !strncmp(p, tab[c], cl)) vi->cmp = (uint8_t)c;
      }
    }
    size_t L = strlen(mn);
    const char *tail = L >= 3 ? mn + L - 3 : mn;
    int has16 = strstr(mn, "f16") || strstr(mn, "i16") || strstr(mn, "u16") || strstr(mn, "b16");
    if (f == ISA_FMT_VOP3P) continue;
    /* 16-bit sources: ops whose name ends in a 16-bit type, and the f16 -> x conversions. */
    if ((!strcmp(tail, "f16") || !strcmp(tail, "i16") || !strcmp(tail, "u16") || !strcmp(tail, "b16")) && strncmp(mn, "v_cvt_f16_", 10) != 0 && strncmp(mn, "v_cvt_pk", 8) != 0 && strncmp(mn, "v_cvt_norm", 10) != 0)
      vi->src16 = 1;
    if (!strncmp(mn, "v_cvt_f32_f16", 13) || !strncmp(mn, "v_cvt_u16_f16", 13) || !strncmp(mn, "v_cvt_i16_f16", 13) || !strncmp(mn, "v_cvt_norm", 10) || !strcmp(mn, "v_cvt_f16_u16") || !strcmp(mn, "v_cvt_f16_i16") || !strcmp(mn, "v_frexp_exp_i16_f16") || !strcmp(mn, "v_pack_b32_f16"))
      vi->src16 = 1;
    if (!strcmp(mn, "v_mad_u32_u16") || !strcmp(mn, "v_mad_i32_i16")) vi->src16 = 1;
    vi->dst16 = has16 && !strstr(mn, "f32") && strcmp(mn, "v_pack_b32_f16") && strcmp(mn, "v_mad_u32_u16") && strcmp(mn, "v_mad_i32_i16") && strncmp(mn, "v_cvt_pk", 8) && f != ISA_FMT_VOPC;
    if (!strcmp(mn, "v_cvt_f32_f16")) vi->dst16 = 0;
    if (strstr(mn, "f64") && strncmp(mn, "v_cvt_f64_", 10) && strcmp(mn, "v_frexp_exp_i32_f64") == 0) vi->fsrc = 64;
    if (strstr(mn, "f64")) vi->fsrc = 64;
    else if (strstr(mn, "f32")) vi->fsrc = 32;
    else if (strstr(mn, "f16")) vi->fsrc = 16;
    if (!strcmp(mn, "v_cvt_f64_f32") || !strcmp(mn, "v_cvt_f64_i32") || !strcmp(mn, "v_cvt_f64_u32")) vi->fsrc = 32;
    if (!strcmp(mn, "v_cvt_f32_f16") || !strcmp(mn, "v_cvt_pkrtz_f16_f32") || !strcmp(mn, "v_cvt_f16_f32")) vi->fsrc = !strcmp(mn, "v_cvt_f32_f16") ? 16 : 32;
    if (vi->fsrc == 0 && !vi->src16) vi->fsrc = 32; /* integer ops: abs/neg act on bit 31 if ever set */
  }
}

/* ------------------------------------------------------------ FP helpers */

typedef struct fpenv { int den32, den64, dx10, ieee; } fpenv;

/* The denormal fields, DX10_CLAMP and IEEE bits of the wave's MODE. */
static fpenv fpenv_of(const emu_wave *w) {
  return (fpenv){(int)(w->mode >> 4) & 3, (int)(w->mode >> 6) & 3, (int)(w->mode >> 8) & 1, (int)(w->mode >> 9) & 1};
}

static int is_den32(uint32_t u) { return (u & 0x7f800000u) == 0 && (u & 0x7fffffu) != 0; }
static int is_den64(uint64_t u) { return (u & 0x7ff0000000000000ull) == 0 && (u & 0xfffffffffffffull) != 0; }
static float in32(const fpenv *e, float x) { uint32_t u = emu_u32(x); return (!(e->den32 & 1) && is_den32(u)) ? emu_f32(u & 0x80000000u) : x; }
static float out32(const fpenv *e, float x) { uint32_t u = emu_u32(x); return (!(e->den32 & 2) && is_den32(u)) ? emu_f32(u & 0x80000000u) : x; }
/* f16 denormals follow the f16/f64 field (bit 0 inputs, bit 1 results);
 * applied to the f32 <-> f16 conversions. */
static uint64_t flush16(const fpenv *e, uint64_t h, int bit) {
  return (!(e->den64 & bit) && (h & 0x7c00) == 0 && (h & 0x3ff)) ? (h & 0x8000) : h;
}
static double in64(const fpenv *e, double x) { uint64_t u = emu_u64(x); return (!(e->den64 & 1) && is_den64(u)) ? emu_f64(u & (1ull << 63)) : x; }
static double out64(const fpenv *e, double x) { uint64_t u = emu_u64(x); return (!(e->den64 & 2) && is_den64(u)) ? emu_f64(u & (1ull << 63)) : x; }
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
static double dmin_ieee(double a, double b) {
  if (isnan(a)) return b;
  if (isnan(b)) return a;
  if (a == b) return signbit(a) ? a : b;
  return a < b ? a : b;
}
static double dmax_ieee(double a, double b) {
  if (isnan(a)) return b;
  if (isnan(b)) return a;
  if (a == b) return signbit(a) ? b : a;
  return a > b ? a : b;
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

static const int fe_modes[4] = {FE_TONEAREST, FE_UPWARD, FE_DOWNWARD, FE_TOWARDZERO};

/* ------------------------------------------------------------ the lane op */

typedef struct lane_io {
  uint64_t s[3];
  uint64_t d;
  int cin, cout;    /* carry in/out, compare result, div_scale VCC */
  unsigned lane;
} lane_io;

static float F(uint64_t x) { return emu_f32((uint32_t)x); }
static uint64_t UF(float f) { return emu_u32(f); }
static double D(uint64_t x) { return emu_f64(x); }
static double H(uint64_t x) { return emu_h2f((uint16_t)x); }
/* f16 operand / result with the f16/f64 denormal field applied (inside lane_op) */
#define I16(x) H(flush16(e, (x) & 0xffff, 1))
#define O16(x) flush16(e, (x), 2)

/* Computes one lane. Returns 0, or -1 for an op the emulator lacks. */
static int lane_op(isa_op op, const emu_vinfo *vi, const fpenv *e, int rnd16, lane_io *io) {
  uint64_t a = io->s[0], b = io->s[1], c = io->s[2];
  uint32_t a32 = (uint32_t)a, b32 = (uint32_t)b, c32 = (uint32_t)c;
  float fa = 0, fb = 0, fc = 0;
  double da = 0, db = 0, dc = 0;
  if (vi->fsrc == 32) { fa = in32(e, F(a)); fb = in32(e, F(b)); fc = in32(e, F(c)); }
  if (vi->fsrc == 64) { da = in64(e, D(a)); db = in64(e, D(b)); dc = in64(e, D(c)); }
  if (vi->cmptype) {
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
  uint64_t r = 0;
  switch (op) {
  /* moves and bit ops */
  case ISA_V_MOV_B32: r = a32; break;
  case ISA_V_CNDMASK_B32: r = io->cin ? b32 : a32; break;
  case ISA_V_NOT_B32: r = ~a32; break;
  case ISA_V_BFREV_B32: { uint32_t y = 0; for (int i = 0; i < 32; i++) y |= ((a32 >> i) & 1u) << (31 - i); r = y; break; }
  case ISA_V_FFBH_U32: r = a32 ? (uint32_t)__builtin_clz(a32) : 0xffffffffu; break;
  case ISA_V_FFBL_B32: r = a32 ? (uint32_t)__builtin_ctz(a32) : 0xffffffffu; break;
  case ISA_V_FFBH_I32: { uint32_t x = (int32_t)a32 < 0 ? ~a32 : a32; r = (a32 == 0 || a32 == 0xffffffffu) ? 0xffffffffu : (uint32_t)__builtin_clz(x); break; }
  case ISA_V_AND_B32: r = a32 & b32; break;
  case ISA_V_OR_B32: r = a32 | b32; break;
  case ISA_V_XOR_B32: r = a32 ^ b32; break;
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
  /* |S0 - S1| + S2 on unsigned operands (llc-19 selects it for
   * umax(a, b) - umin(a, b) + c, e.g. OpenCL abs_diff plus an addend) */
  case ISA_V_SAD_U32: r = (uint32_t)((a32 > b32 ? a32 - b32 : b32 - a32) + c32); break;
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
  /* f32 arithmetic */
  case ISA_V_ADD_F32: r = UF(fa + fb); break;
  case ISA_V_SUB_F32: r = UF(fa - fb); break;
  case ISA_V_SUBREV_F32: r = UF(fb - fa); break;
  case ISA_V_MUL_F32: r = UF(fa * fb); break;
  case ISA_V_MUL_LEGACY_F32: r = UF((fa == 0 || fb == 0) && !isnan(fa) && !isnan(fb) ? 0.0f * (signbit(fa) != signbit(fb) ? -1.0f : 1.0f) : fa * fb); break;
  case ISA_V_MAD_LEGACY_F32: { float p = (fa == 0 || fb == 0) && !isnan(fa) && !isnan(fb) ? 0.0f : in32(e, fa * fb); r = UF(p + fc); break; }
  case ISA_V_MAC_F32: case ISA_V_MAD_F32: case ISA_V_MADMK_F32: case ISA_V_MADAK_F32: {
    /* MAD is not fused: the product is rounded (and denormals flushed) first. */
    volatile float p = fa * fb;
    r = UF(in32(e, p) + fc);
    break;
  }
  case ISA_V_FMA_F32: r = UF(fmaf(fa, fb, fc)); break;
  case ISA_V_MIN_F32: r = UF(fmin_ieee(fa, fb)); break;
  case ISA_V_MAX_F32: r = UF(fmax_ieee(fa, fb)); break;
  case ISA_V_MIN3_F32: r = UF(fmin_ieee(fmin_ieee(fa, fb), fc)); break;
  case ISA_V_MAX3_F32: r = UF(fmax_ieee(fmax_ieee(fa, fb), fc)); break;
  case ISA_V_MED3_F32: r = UF(med3f(fa, fb, fc)); break;
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
  /* f64 */
  case ISA_V_ADD_F64: r = emu_u64(da + db); break;
  case ISA_V_MUL_F64: r = emu_u64(da * db); break;
  case ISA_V_FMA_F64: r = emu_u64(fma(da, db, dc)); break;
  case ISA_V_MIN_F64: r = emu_u64(dmin_ieee(da, db)); break;
  case ISA_V_MAX_F64: r = emu_u64(dmax_ieee(da, db)); break;
  case ISA_V_LDEXP_F64: r = emu_u64(ldexp(da, (int32_t)b32 > 3000 ? 3000 : (int32_t)b32 < -3000 ? -3000 : (int32_t)b32)); break;
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
  case ISA_V_FMA_F16: case ISA_V_FMA_LEGACY_F16: r = O16(emu_f2h(fma(I16(a), I16(b), I16(c)), rnd16)); break;
  case ISA_V_MAX_F16: r = O16(emu_f2h(dmax_ieee(I16(a), I16(b)), 0)); break;
  case ISA_V_MIN_F16: r = O16(emu_f2h(dmin_ieee(I16(a), I16(b)), 0)); break;
  case ISA_V_MAX3_F16: r = O16(emu_f2h(dmax_ieee(dmax_ieee(I16(a), I16(b)), I16(c)), 0)); break;
  case ISA_V_MIN3_F16: r = O16(emu_f2h(dmin_ieee(dmin_ieee(I16(a), I16(b)), I16(c)), 0)); break;
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

/* ------------------------------------------------------------ operands */

static int vgpr_index(const emu_wave *w, unsigned v, int which /* 0..2 src, 3 dst */) {
  if (w->gpr_idx_on && ((w->gpr_idx_mode >> which) & 1)) v += w->gpr_idx;
  return (int)v;
}

/* Reads source `i` of width ndw into vals[lane] for lanes in `lanes`. */
static int read_src(emu_dispatch *d, emu_wave *w, const emu_inst *in, unsigned i, unsigned code, unsigned ndw,
                    uint64_t lanes, const emu_vinfo *vi, uint64_t *vals) {
  if (code >= OPC_VGPR0) {
    int r = vgpr_index(w, code - OPC_VGPR0, (int)i);
    if (r < 0 || emu_vrange(d, w, in, (unsigned)r, ndw, "reads")) return r < 0 ? emu_fault(d, w, in, "VGPR index %d", r) : -1;
    if (i == 2 && ndw == 2 && (in->op == ISA_V_MAD_U64_U32 || in->op == ISA_V_MAD_I64_I32)) {
      /* llc feeds an undefined high half to v_mad_u64_u32 when only the low
       * 32 bits of the result are used: do not report that as an uninit read. */
      int save = d->dev->opt.check_uninit;
      if (emu_vcheck(d, w, in, (unsigned)r, 1, lanes)) return -1;
      d->dev->opt.check_uninit = 0;
      int bad = emu_vcheck(d, w, in, (unsigned)r + 1, 1, lanes);
      d->dev->opt.check_uninit = save;
      if (bad) return -1;
    } else if (emu_vcheck(d, w, in, (unsigned)r, ndw, lanes)) return -1;
    for (unsigned l = 0; l < EMU_WAVE; l++) {
      if (!((lanes >> l) & 1)) continue;
      uint64_t x = w->v[r][l];
      if (ndw > 1) x |= (uint64_t)w->v[r + 1][l] << 32;
      vals[l] = x;
    }
    return 0;
  }
  int err = 0;
  uint64_t x;
  if (code >= OPC_FLT_FIRST && code <= OPC_FLT_LAST && (vi->fsrc == 16 || (vi->src16 && vi->fsrc != 32))) {
    static const uint16_t h[] = {0x3800, 0xb800, 0x3c00, 0xbc00, 0x4000, 0xc000, 0x4400, 0xc400, 0x3118};
    x = h[code - OPC_FLT_FIRST];
  } else if (ndw > 1) {
    x = emu_sread64(d, w, in, code, &err);
  } else if (code >= OPC_FLT_FIRST && code <= OPC_FLT_LAST && vi->fsrc == 64) {
    int ok; x = emu_const64(in, code, 1, 0, &ok) >> 32; /* only reached for 1-dword sources of f64 ops */
  } else {
    x = emu_sread(d, w, in, code, &err);
  }
  if (err) return -1;
  for (unsigned l = 0; l < EMU_WAVE; l++) vals[l] = x;
  return 0;
}

/* ------------------------------------------------------------ VOP3P */

/* v_mad_mix_f32 (gfx9): D.f32 = S0 * S1 + S2, each source an f32, or an
 * f16 (its op_sel_hi bit set) from the low or high half (its op_sel bit);
 * neg and abs (the neg_hi field) per source. Not fused: like v_mad_f32 the
 * product is rounded to f32 (denormals per MODE) before the add. f16
 * sources follow the f16/f64 denormal field as v_cvt_f32_f16 does.
 * v_mad_mixlo_f16 / v_mad_mixhi_f16 compute the same f32 value and write
 * it converted to f16 (v_cvt_f16_f32's rounding and flushing) into the low
 * or high half of D, keeping the other half. */
static int exec_mad_mix(emu_dispatch *d, emu_wave *w, const emu_inst *in) {
  uint64_t lanes = w->exec;
  uint64_t buf[3][EMU_WAVE];
  emu_vinfo vi = {0};
  fpenv e = fpenv_of(w);
  int rnd16 = (w->mode >> 2) & 3, half = in->op == ISA_V_MAD_MIXHI_F16 ? 2 : in->op == ISA_V_MAD_MIXLO_F16 ? 1 : 0;
  for (unsigned i = 0; i < 3; i++)
    if (read_src(d, w, in, i, in->src[i], 1, lanes, &vi, buf[i])) return -1;
  if (emu_vrange(d, w, in, in->dst, 1, "writes")) return -1;
  int old_rnd = fegetround();
  fesetround(fe_modes[w->mode & 3]);
  for (unsigned l = 0; l < EMU_WAVE; l++) {
    if (!((lanes >> l) & 1)) continue;
    float x[3];
    for (unsigned i = 0; i < 3; i++) {
      uint32_t raw = (uint32_t)buf[i][l];
      if ((in->opsel_hi >> i) & 1)
        x[i] = (float)emu_h2f((uint16_t)flush16(&e, (raw >> (((in->opsel >> i) & 1) ? 16 : 0)) & 0xffff, 1));
      else x[i] = in32(&e, emu_f32(raw));
      if ((in->neg_hi >> i) & 1) x[i] = fabsf(x[i]);
      if ((in->neg >> i) & 1) x[i] = -x[i];
    }
    volatile float p = x[0] * x[1];
    uint32_t r = emu_u32(out32(&e, in32(&e, p) + x[2]));
    if (half) {
      uint32_t h = (uint32_t)flush16(&e, emu_f2h(emu_f32(r), rnd16), 2);
      r = half == 1 ? (w->v[in->dst][l] & 0xffff0000u) | h : (w->v[in->dst][l] & 0xffffu) | h << 16;
    }
    emu_vwrite(d, w, in->dst, l, r);
  }
  fesetround(old_rnd);
  emu_trace_vwrite(d, w, in->dst, 1);
  return 0;
}

static int exec_vop3p(emu_dispatch *d, emu_wave *w, const emu_inst *in) {
  if (in->op == ISA_V_MAD_MIX_F32 || in->op == ISA_V_MAD_MIXLO_F16 || in->op == ISA_V_MAD_MIXHI_F16)
    return exec_mad_mix(d, w, in);
  uint64_t lanes = w->exec;
  uint64_t *s[3];
  uint64_t buf[3][EMU_WAVE];
  const emu_opshape *sh = &d->dev->shape[in->op];
  emu_vinfo vi = {0};
  vi.fsrc = strstr(isa_table[in->op].mnemonic, "f16") ? 16 : 0;
  vi.src16 = 1;
  for (unsigned i = 0; i < 3; i++) {
    s[i] = buf[i];
    memset(buf[i], 0, sizeof buf[i]);
    if (i < sh->nuses && read_src(d, w, in, i, in->src[i], 1, lanes, &vi, buf[i])) return -1;
  }
  if (emu_vrange(d, w, in, in->dst, 1, "writes")) return -1;
  int rnd = (w->mode >> 2) & 3;
  fpenv e = fpenv_of(w);
  for (unsigned l = 0; l < EMU_WAVE; l++) {
    if (!((lanes >> l) & 1)) continue;
    uint32_t out = 0;
    for (int h = 0; h < 2; h++) {
      uint16_t x[3];
      for (int i = 0; i < 3; i++) {
        int hi = h ? (in->opsel_hi >> i) & 1 : (in->opsel >> i) & 1;
        x[i] = (uint16_t)(s[i][l] >> (hi ? 16 : 0));
        int ng = h ? (in->neg_hi >> i) & 1 : (in->neg >> i) & 1;
        if (ng) x[i] = vi.fsrc ? (uint16_t)(x[i] ^ 0x8000) : (uint16_t)(-(int)x[i]);
      }
      uint32_t r;
      /* f16 inputs and results: denormals per the f16/f64 field */
      int f16 = vi.fsrc == 16;
      double A = emu_h2f(f16 ? (uint16_t)flush16(&e, x[0], 1) : x[0]), B = emu_h2f(f16 ? (uint16_t)flush16(&e, x[1], 1) : x[1]);
      double C = emu_h2f(f16 ? (uint16_t)flush16(&e, x[2], 1) : x[2]);
      switch (in->op) {
      case ISA_V_PK_ADD_F16: r = emu_f2h(A + B, rnd); break;
      case ISA_V_PK_MUL_F16: r = emu_f2h(A * B, rnd); break;
      case ISA_V_PK_FMA_F16: r = emu_f2h(fma(A, B, C), rnd); break;
      case ISA_V_PK_MIN_F16: r = emu_f2h(dmin_ieee(A, B), 0); break;
      case ISA_V_PK_MAX_F16: r = emu_f2h(dmax_ieee(A, B), 0); break;
      /* clamp saturates the packed integer add/sub (unsigned or signed per opcode). */
      case ISA_V_PK_ADD_U16: { int t = x[0] + x[1]; r = (uint16_t)(in->clamp && t > 0xffff ? 0xffff : t); break; }
      case ISA_V_PK_SUB_U16: { int t = x[0] - x[1]; r = (uint16_t)(in->clamp && t < 0 ? 0 : t); break; }
      case ISA_V_PK_ADD_I16: case ISA_V_PK_SUB_I16: {
        int t = in->op == ISA_V_PK_ADD_I16 ? (int16_t)x[0] + (int16_t)x[1] : (int16_t)x[0] - (int16_t)x[1];
        if (in->clamp) t = t > 32767 ? 32767 : t < -32768 ? -32768 : t;
        r = (uint16_t)t; break;
      }
      case ISA_V_PK_MUL_LO_U16: r = (uint16_t)(x[0] * x[1]); break;
      case ISA_V_PK_MAD_U16: r = (uint16_t)(x[0] * x[1] + x[2]); break;
      case ISA_V_PK_MAD_I16: r = (uint16_t)((int16_t)x[0] * (int16_t)x[1] + (int16_t)x[2]); break;
      case ISA_V_PK_LSHLREV_B16: r = (uint16_t)(x[1] << (x[0] & 15)); break;
      case ISA_V_PK_LSHRREV_B16: r = (uint16_t)(x[1] >> (x[0] & 15)); break;
      case ISA_V_PK_ASHRREV_I16: r = (uint16_t)((int16_t)x[1] >> (x[0] & 15)); break;
      case ISA_V_PK_MAX_I16: r = (uint16_t)((int16_t)x[0] > (int16_t)x[1] ? x[0] : x[1]); break;
      case ISA_V_PK_MIN_I16: r = (uint16_t)((int16_t)x[0] < (int16_t)x[1] ? x[0] : x[1]); break;
      case ISA_V_PK_MAX_U16: r = x[0] > x[1] ? x[0] : x[1]; break;
      case ISA_V_PK_MIN_U16: r = x[0] < x[1] ? x[0] : x[1]; break;
      default: return emu_fault(d, w, in, "VOP3P instruction not implemented by the emulator");
      }
      if (f16) r = (uint32_t)flush16(&e, r, 2);
      if (in->clamp && vi.fsrc == 16) { double f = emu_h2f((uint16_t)r); r = emu_f2h(isnan(f) ? 0.0 : f < 0 ? 0.0 : f > 1 ? 1.0 : f, 0); }
      out |= (r & 0xffff) << (16 * h);
    }
    emu_vwrite(d, w, in->dst, l, out);
  }
  emu_trace_vwrite(d, w, in->dst, 1);
  return 0;
}

/* ------------------------------------------------------------ main entry */

static int valu_hazard(emu_dispatch *d, emu_wave *w, const emu_inst *in, unsigned code, unsigned need, const char *what) {
  if (code >= EMU_NUM_SGPR) return 0;
  uint64_t t = w->valu_sgpr_write[code];
  if (!t) return 0;
  uint64_t between = w->ws - t - 1;
  if (between < need)
    return emu_fault(d, w, in, "hazard: %s needs %u wait states, only %llu present (insert s_nop)", what, need, (unsigned long long)between);
  return 0;
}

int emu_exec_valu(emu_dispatch *d, emu_wave *w, const emu_inst *in) {
  isa_op op = in->op;
  const emu_opshape *sh = &d->dev->shape[op];
  const emu_vinfo *vi = &d->dev->vinfo[op];
  const char *mn = isa_table[op].mnemonic;
  uint64_t exec = w->exec;
  int err = 0;

  if (in->fmt == ISA_FMT_VOP3P) return exec_vop3p(d, w, in);
  if (op == ISA_V_NOP) return 0;

  /* Cross-lane ops that ignore EXEC. */
  if (op == ISA_V_READFIRSTLANE_B32 || op == ISA_V_READLANE_B32) {
    unsigned lane = 0;
    if (op == ISA_V_READLANE_B32) {
      if (valu_hazard(d, w, in, in->src[1], 4, "VALU write of an SGPR used as v_readlane lane select")) return -1;
      lane = emu_sread(d, w, in, in->src[1], &err) & 63;
      if (err) return -1;
    } else if (exec) {
      lane = (unsigned)__builtin_ctzll(exec);
    } else if (d->dev->opt.check_uninit) {
      return emu_fault(d, w, in, "EXEC = 0 (undefined on hardware)");
    }
    uint32_t v;
    if (in->src[0] >= OPC_VGPR0) {
      int r = vgpr_index(w, in->src[0] - OPC_VGPR0, 0);
      if (d->dev->opt.check_uninit && w->vexec0[r])
        return emu_fault(d, w, in, "reads v%d, last written by a load that ran with EXEC = 0 (it loaded nothing)", r);
      if (emu_vcheck(d, w, in, (unsigned)r, 1, 1ull << lane)) return -1;
      v = w->v[r][lane];
    } else { v = emu_sread(d, w, in, in->src[0], &err); if (err) return -1; }
    if (emu_swrite(d, w, in, in->dst, v)) return -1;
    w->valu_sgpr_write[in->dst & 127] = w->ws;
    return 0;
  }
  if (op == ISA_V_WRITELANE_B32) {
    if (valu_hazard(d, w, in, in->src[1], 4, "VALU write of an SGPR used as v_writelane lane select")) return -1;
    uint32_t v = emu_sread(d, w, in, in->src[0], &err);
    if (err) return -1;
    unsigned lane = emu_sread(d, w, in, in->src[1], &err) & 63;
    if (err) return -1;
    if (emu_vrange(d, w, in, in->dst, 1, "writes")) return -1;
    emu_vwrite(d, w, in->dst, lane, v);
    emu_trace_vwrite(d, w, in->dst, 1);
    return 0;
  }
  if (op == ISA_V_SWAP_B32) {
    unsigned x = in->dst, y = in->src[0] - OPC_VGPR0;
    if (in->src[0] < OPC_VGPR0) return emu_fault(d, w, in, "v_swap_b32 needs a VGPR source");
    if (emu_vcheck(d, w, in, x, 1, exec) || emu_vcheck(d, w, in, y, 1, exec)) return -1;
    for (unsigned l = 0; l < EMU_WAVE; l++) if ((exec >> l) & 1) { uint32_t t = w->v[x][l]; emu_vwrite(d, w, x, l, w->v[y][l]); emu_vwrite(d, w, y, l, t); }
    emu_trace_vwrite(d, w, x, 1); emu_trace_vwrite(d, w, y, 1);
    return 0;
  }

  int is_cmp = isa_table[op].format == ISA_FMT_VOPC;
  unsigned nsrc = sh->nuses > 3 ? 3 : sh->nuses;
  int uses_carry = strstr(mn, "addc_co") || strstr(mn, "subb") || op == ISA_V_CNDMASK_B32 || op == ISA_V_DIV_FMAS_F32 || op == ISA_V_DIV_FMAS_F64;
  int writes_carry = strstr(mn, "_co_u32") != NULL || op == ISA_V_DIV_SCALE_F32 || op == ISA_V_DIV_SCALE_F64 || op == ISA_V_MAD_U64_U32 || op == ISA_V_MAD_I64_I32;
  unsigned dw = sh->ndefs ? sh->defw[0] : 1;

  uint64_t (*src)[EMU_WAVE] = calloc(3, sizeof *src);
  if (!src) return emu_fault(d, w, in, "out of memory");
  unsigned codes[3] = {in->src[0], in->src[1], in->src[2]};
  unsigned widths[3] = {1, 1, 1};
  for (unsigned i = 0; i < nsrc; i++) widths[i] = sh->usew[i];
  /* VOP2 special shapes: madmk D = S0 * K + S1, madak D = S0 * S1 + K, mac D = S0 * S1 + D. */
  int lit_as = -1;
  if (op == ISA_V_MADMK_F32 || op == ISA_V_MADMK_F16) { codes[2] = codes[1]; codes[1] = OPC_LITERAL; nsrc = 3; lit_as = 1; }
  if (op == ISA_V_MADAK_F32 || op == ISA_V_MADAK_F16) { codes[2] = OPC_LITERAL; nsrc = 3; lit_as = 2; }
  if (op == ISA_V_MAC_F32 || op == ISA_V_MAC_F16) { codes[2] = OPC_VGPR0 + in->dst; nsrc = 3; }
  if (op == ISA_V_CVT_PK_U8_F32 || op == ISA_V_ALIGNBIT_B32) { }
  if (uses_carry && op != ISA_V_CNDMASK_B32 && nsrc > 2 && in->fmt != ISA_FMT_VOP3) nsrc = 2;
  if (strstr(mn, "addc_co") || strstr(mn, "subb")) nsrc = 2;
  if (op == ISA_V_CNDMASK_B32) nsrc = 2;
  (void)lit_as;
  uint64_t blend_unset = 0; /* v_cndmask_b32: lanes that selected a never-written VGPR */
  /* Carry-in / lane mask: VCC for the 32-bit encoding, SGPR pair src2 in VOP3. */
  uint64_t cin = 0;
  if (uses_carry) {
    unsigned cc = (in->fmt == ISA_FMT_VOP3 && op != ISA_V_DIV_FMAS_F32 && op != ISA_V_DIV_FMAS_F64) ? in->src[2] : OPC_VCC_LO;
    if (op == ISA_V_DIV_FMAS_F32 || op == ISA_V_DIV_FMAS_F64)
      if (valu_hazard(d, w, in, OPC_VCC_LO, 4, "VALU write of VCC followed by v_div_fmas")) { free(src); return -1; }
    cin = emu_sread64(d, w, in, cc, &err);
    if (err) { free(src); return -1; }
  }
  for (unsigned i = 0; i < nsrc; i++) {
    unsigned wd = widths[i] ? widths[i] : 1;
    /* v_cndmask_b32 reads, in each lane, only the source its mask bit
     * selects. A blend (masked linearisation's phis) may select a value
     * never written in some lanes when a later blend replaces it there:
     * under --check-uninit those lanes of the result stay never-written
     * (blend_unset) and a real use of them is reported, not the blend. */
    uint64_t lanes = exec;
    if (op == ISA_V_CNDMASK_B32) {
      lanes = i ? exec & cin : exec & ~cin;
      int save = d->dev->opt.check_uninit, bad;
      d->dev->opt.check_uninit = 0;
      bad = read_src(d, w, in, i, codes[i], wd, lanes, vi, src[i]);
      d->dev->opt.check_uninit = save;
      if (bad) { free(src); return -1; }
      if (codes[i] >= OPC_VGPR0) blend_unset |= lanes & ~w->vinit[vgpr_index(w, codes[i] - OPC_VGPR0, (int)i)];
    } else if (read_src(d, w, in, i, codes[i], wd, lanes, vi, src[i])) { free(src); return -1; }
    if (in->sdwa && i < 2 && in->src_sel[i] != 6) {
      unsigned sel = in->src_sel[i];
      for (unsigned l = 0; l < EMU_WAVE; l++) {
        uint32_t x = (uint32_t)src[i][l];
        if (sel < 4) { x = (x >> (8 * sel)) & 0xff; if (in->src_sext[i] && (x & 0x80)) x |= 0xffffff00u; }
        else { x = (x >> (16 * (sel - 4))) & 0xffff; if (in->src_sext[i] && (x & 0x8000)) x |= 0xffff0000u; }
        src[i][l] = x;
      }
    }
    /* 16-bit operand select (VOP3 op_sel) */
    if (vi->src16 && in->fmt == ISA_FMT_VOP3 && ((in->opsel >> i) & 1))
      for (unsigned l = 0; l < EMU_WAVE; l++) src[i][l] >>= 16;
    if (vi->src16) for (unsigned l = 0; l < EMU_WAVE; l++) src[i][l] &= 0xffff;
    /* abs / neg */
    if ((in->fmt == ISA_FMT_VOP3 || in->sdwa) && (((in->abs | in->neg) >> i) & 1)) {
      uint64_t sb = vi->src16 ? 0x8000 : (vi->fsrc == 64 && wd == 2) ? 1ull << 63 : 0x80000000u;
      for (unsigned l = 0; l < EMU_WAVE; l++) {
        if ((in->abs >> i) & 1) src[i][l] &= ~sb;
        if ((in->neg >> i) & 1) src[i][l] ^= sb;
      }
    }
  }

  /* MODE */
  fpenv e = fpenv_of(w);
  int rnd32 = w->mode & 3, rnd64 = (w->mode >> 2) & 3;
  int is64 = (isa_table[op].flags & ISA_F_F64) != 0;
  int is_f16 = vi->fsrc == 16 || (vi->dst16 && strstr(mn, "f16"));
  int rnd = (is64 || is_f16) ? rnd64 : rnd32;
  if (op == ISA_V_RNDNE_F32 || op == ISA_V_RNDNE_F64 || op == ISA_V_RNDNE_F16) rnd = 0;
  int old_rnd = fegetround();
  int isfloat = (isa_table[op].flags & ISA_F_FLOAT) != 0;
  if (isfloat) fesetround(fe_modes[rnd]);

  uint64_t cmask = 0, cout_mask = 0;
  int res = 0;
  uint64_t *dst = calloc(EMU_WAVE, sizeof *dst);
  if (!dst) { fesetround(old_rnd); free(src); return emu_fault(d, w, in, "out of memory"); }
  for (unsigned l = 0; l < EMU_WAVE; l++) {
    if (!((exec >> l) & 1)) continue;
    lane_io io = {{src[0][l], src[1][l], src[2][l]}, 0, (int)((cin >> l) & 1), 0, l};
    if (lane_op(op, vi, &e, rnd64, &io)) { res = -1; break; }
    uint64_t r = io.d;
    if (is_cmp) { if (io.cout) cmask |= 1ull << l; continue; }
    if (io.cout) cout_mask |= 1ull << l;
    /* Output modifiers and denormal flushing of float results. */
    if (isfloat && !vi->dst16 && dw == 1 && vi->fsrc != 0 && !strstr(mn, "_i32_") && !strstr(mn, "_u32_") && strncmp(mn, "v_cvt_i32", 9) && strncmp(mn, "v_cvt_u32", 9) && strncmp(mn, "v_frexp_exp", 11) && strncmp(mn, "v_cvt_pk", 8) && op != ISA_V_CVT_F16_F32 && op != ISA_V_CVT_FLR_I32_F32 && op != ISA_V_CVT_RPI_I32_F32) {
      float f = F(r);
      if (in->omod) f = in->omod == 1 ? f * 2 : in->omod == 2 ? f * 4 : f * 0.5f;
      f = out32(&e, f);
      if (in->clamp) f = isnan(f) ? 0.0f : f < 0 ? 0.0f : f > 1 ? 1.0f : f;
      r = UF(f);
    } else if (isfloat && dw == 2 && vi->fsrc == 64) {
      double f = D(r);
      if (in->omod) f = in->omod == 1 ? f * 2 : in->omod == 2 ? f * 4 : f * 0.5;
      f = out64(&e, f);
      if (in->clamp) f = isnan(f) ? 0.0 : f < 0 ? 0.0 : f > 1 ? 1.0 : f;
      r = emu_u64(f);
    } else if (isfloat && vi->dst16 && in->clamp) {
      double f = emu_h2f((uint16_t)r);
      f = isnan(f) ? 0.0 : f < 0 ? 0.0 : f > 1 ? 1.0 : f;
      r = emu_f2h(f, 0);
    } else if (in->clamp && !isfloat) {
      /* Integer clamp saturates (gfx9 v_add_u32/v_sub_u32/..._co_u32/u16). */
      if (op == ISA_V_ADD_U32 || op == ISA_V_ADD_CO_U32 || op == ISA_V_ADDC_CO_U32) { if (io.cout) r = 0xffffffffu; }
      else if (op == ISA_V_SUB_U32 || op == ISA_V_SUBREV_U32 || op == ISA_V_SUB_CO_U32 || op == ISA_V_SUBREV_CO_U32 || op == ISA_V_SUBB_CO_U32) { if (io.cout) r = 0; }
      else if (op == ISA_V_ADD_I32 || op == ISA_V_SUB_I32) {
        int64_t t = op == ISA_V_ADD_I32 ? (int64_t)(int32_t)src[0][l] + (int32_t)src[1][l] : (int64_t)(int32_t)src[0][l] - (int32_t)src[1][l];
        r = (uint32_t)(t > INT32_MAX ? INT32_MAX : t < INT32_MIN ? INT32_MIN : t);
      } else if (op == ISA_V_ADD_U16) { if ((src[0][l] & 0xffff) + (src[1][l] & 0xffff) > 0xffff) r = 0xffff; }
      else if (op == ISA_V_ADD_I16 || op == ISA_V_SUB_I16) {
        int32_t t = op == ISA_V_ADD_I16 ? (int16_t)src[0][l] + (int16_t)src[1][l] : (int16_t)src[0][l] - (int16_t)src[1][l];
        r = (uint16_t)(t > 32767 ? 32767 : t < -32768 ? -32768 : t);
      }
      else if (op == ISA_V_SUB_U16) { if ((src[1][l] & 0xffff) > (src[0][l] & 0xffff)) r = 0; }
    }
    dst[l] = r;
  }
  if (isfloat) fesetround(old_rnd);
  free(src);
  if (res) { free(dst); return emu_fault(d, w, in, "vector instruction not implemented by the emulator"); }

  if (is_cmp) {
    /* Inactive lanes write 0 to the mask (Vega ISA 6.x: VOPC results for disabled lanes are cleared). */
    unsigned sd = (in->vop3 || in->sdwa) ? in->sdst : OPC_VCC_LO;
    free(dst);
    if (emu_swrite64(d, w, in, sd, cmask)) return -1;
    w->valu_sgpr_write[sd & 127] = w->ws; w->valu_sgpr_write[(sd + 1) & 127] = w->ws;
    if (vi->cmpx) w->exec = cmask;
    return 0;
  }
  /* Write the VGPR result. */
  int dreg = vgpr_index(w, in->dst, 3);
  if (dreg < 0 || emu_vrange(d, w, in, (unsigned)dreg, dw, "writes")) {
    free(dst);
    return dreg < 0 ? emu_fault(d, w, in, "VGPR index %d", dreg) : -1;
  }
  for (unsigned i = 0; i < dw; i++)
    if ((w->vpend[dreg + i] & exec) && !d->dev->opt.lax_waitcnt) {
      free(dst);
      return emu_fault(d, w, in, "overwrites v%u while a load into it is outstanding (missing vmcnt/lgkmcnt wait)", (unsigned)dreg + i);
    }
  for (unsigned l = 0; l < EMU_WAVE; l++) {
    if (!((exec >> l) & 1)) continue;
    uint64_t r = dst[l];
    if (in->sdwa && in->dst_sel != 6) {
      unsigned sel = in->dst_sel, sh = sel < 4 ? 8 * sel : 16 * (sel - 4), bits = sel < 4 ? 8 : 16;
      uint32_t fm = ((1u << bits) - 1) << sh, old = w->v[dreg][l], v = ((uint32_t)r << sh) & fm;
      if (in->dst_unused == 2) v |= old & ~fm;
      else if (in->dst_unused == 1 && ((v >> (sh + bits - 1)) & 1)) v |= ~((1u << (sh + bits)) - 1) & 0xffffffffu;
      r = v;
    } else if (vi->dst16 && !in->sdwa) {
      /* gfx9 zeroes the high half of a 16-bit result, except VOP3 op_sel[3] writes the high half. */
      if (in->fmt == ISA_FMT_VOP3 && (in->opsel & 8)) r = (w->v[dreg][l] & 0xffff) | (r & 0xffff) << 16;
      else r &= 0xffff;
    }
    emu_vwrite(d, w, (unsigned)dreg, l, (uint32_t)r);
    if (dw > 1) emu_vwrite(d, w, (unsigned)dreg + 1, l, (uint32_t)(r >> 32));
  }
  free(dst);
  if (d->dev->opt.check_uninit) w->vinit[dreg] &= ~blend_unset;
  emu_trace_vwrite(d, w, (unsigned)dreg, dw);
  if (writes_carry) {
    unsigned sd = in->fmt == ISA_FMT_VOP3 ? in->sdst : OPC_VCC_LO;
    if (emu_swrite64(d, w, in, sd, cout_mask & exec)) return -1;
    w->valu_sgpr_write[sd & 127] = w->ws; w->valu_sgpr_write[(sd + 1) & 127] = w->ws;
  }
  return 0;
}
