/* The per-lane semantics of the vector ALU, shared by exec_valu.c (operand
 * reading, modifiers, EXEC, result writing) and exec_valu_lane.c (what one
 * lane computes). Private to the emulator.
 *
 * Source: AMD "Vega Instruction Set Architecture" reference guide, chapter 6
 * "Vector ALU Operations"; MODE register fields in section 3.x. */
#ifndef WAVECC_EMU_VALU_LANE_H
#define WAVECC_EMU_VALU_LANE_H

#include <fenv.h>

#include "emu/emu_internal.h"

typedef struct fpenv { int den32, den64, dx10, ieee; } fpenv;

/* The denormal fields, DX10_CLAMP and IEEE bits of the wave's MODE. */
static inline fpenv fpenv_of(const emu_wave *w) {
  return (fpenv){(int)(w->mode >> 4) & 3, (int)(w->mode >> 6) & 3, (int)(w->mode >> 8) & 1, (int)(w->mode >> 9) & 1};
}

static inline int is_den32(uint32_t u) { return (u & 0x7f800000u) == 0 && (u & 0x7fffffu) != 0; }
static inline int is_den64(uint64_t u) { return (u & 0x7ff0000000000000ull) == 0 && (u & 0xfffffffffffffull) != 0; }
static inline float in32(const fpenv *e, float x) { uint32_t u = emu_u32(x); return (!(e->den32 & 1) && is_den32(u)) ? emu_f32(u & 0x80000000u) : x; }
static inline float out32(const fpenv *e, float x) { uint32_t u = emu_u32(x); return (!(e->den32 & 2) && is_den32(u)) ? emu_f32(u & 0x80000000u) : x; }
/* R, the host's result of an f32 operation on X then Y (the instruction's
 * source order), with the NaN it returns pinned: when R is NaN and a
 * source is, the first NaN source, quieted. The host's SSE returns its
 * first operand's NaN, and a C compiler may swap the operands of + and *,
 * so without this the payload depended on the build (gcc -O0 and -O1 gave
 * different NaNs for v_mul_f32 qNaN, -qNaN). The ISA guides leave the
 * payload open; src0 first is what the emulator has always produced at
 * -O0. */
static inline float nan_in_order(float x, float y, float r) {
  if (!isnan(r)) return r;
  if (isnan(x)) return emu_f32(emu_u32(x) | 0x00400000u);
  if (isnan(y)) return emu_f32(emu_u32(y) | 0x00400000u);
  return r;
}
/* f16 denormals follow the f16/f64 field (bit 0 inputs, bit 1 results);
 * applied to the f32 <-> f16 conversions. */
static inline uint64_t flush16(const fpenv *e, uint64_t h, int bit) {
  return (!(e->den64 & bit) && (h & 0x7c00) == 0 && (h & 0x3ff)) ? (h & 0x8000) : h;
}
static inline double in64(const fpenv *e, double x) { uint64_t u = emu_u64(x); return (!(e->den64 & 1) && is_den64(u)) ? emu_f64(u & (1ull << 63)) : x; }
static inline double out64(const fpenv *e, double x) { uint64_t u = emu_u64(x); return (!(e->den64 & 2) && is_den64(u)) ? emu_f64(u & (1ull << 63)) : x; }

/* IEEE minNum/maxNum on doubles (also used for packed f16 min/max). */
static inline double dmin_ieee(double a, double b) {
  if (isnan(a)) return b;
  if (isnan(b)) return a;
  if (a == b) return signbit(a) ? a : b;
  return a < b ? a : b;
}
static inline double dmax_ieee(double a, double b) {
  if (isnan(a)) return b;
  if (isnan(b)) return a;
  if (a == b) return signbit(a) ? b : a;
  return a > b ? a : b;
}

/* Raw bits <-> host floats: f32, f64, f16 (widened to double). */
static inline float F(uint64_t x) { return emu_f32((uint32_t)x); }
static inline uint64_t UF(float f) { return emu_u32(f); }
static inline double D(uint64_t x) { return emu_f64(x); }
static inline double H(uint64_t x) { return emu_h2f((uint16_t)x); }

/* Host rounding modes for the MODE register's 2-bit round fields
 * (0 nearest even, 1 +inf, 2 -inf, 3 toward zero). */
static const int emu_fe_modes[4] = {FE_TONEAREST, FE_UPWARD, FE_DOWNWARD, FE_TOWARDZERO};

/* One lane's operands and results: s[] are the sources after modifiers
 * (16-, 32- or 64-bit values in the low bits), d the result, cin the carry
 * or condition input (VCC / an SGPR pair bit), cout the carry out, compare
 * result or v_div_scale's VCC bit, lane the lane number (0..63). */
typedef struct lane_io {
  uint64_t s[3];
  uint64_t d;
  int cin, cout;
  unsigned lane;
} lane_io;

/* The family of lane semantics an op belongs to (emu_vinfo.family, the
 * ISA table's domain column, which isa-sem-gen fills by probing with
 * emu_valu_lane_family). */
enum { EMU_LANE_NONE = ISA_DOM_NONE, EMU_LANE_CMP = ISA_DOM_CMP, EMU_LANE_INT = ISA_DOM_INT, EMU_LANE_F32 = ISA_DOM_F32, EMU_LANE_F64 = ISA_DOM_F64, EMU_LANE_F16 = ISA_DOM_F16 };

/* Which family computes `op` (EMU_LANE_NONE: the emulator lacks it). */
uint8_t emu_valu_lane_family(isa_op op, const emu_vinfo *vi);

/* Computes one lane of `op` under the float environment `e` and the
 * f16/f64 rounding mode rnd16 (the f32 mode is the host's, set by the
 * caller with fesetround). Returns 0, or -1 for an op the emulator lacks. */
int emu_valu_lane(isa_op op, const emu_vinfo *vi, const fpenv *e, int rnd16, lane_io *io);

/* The VOP3P modifiers a dot product reads (bit i for source i). */
typedef struct emu_dot_mods { unsigned opsel, opsel_hi, neg, neg_hi; bool clamp; } emu_dot_mods;

/* The sum of the products of the packed `bits`-bit elements (4, 8 or 16)
 * of a and b, each element signed if sa (of a) / sb (of b); exact
 * (exec_dot.c). */
int64_t emu_dot_int(uint32_t a, uint32_t b, unsigned bits, bool sa, bool sb);

/* One lane of the dot product `op` (v_dot2/dot4/dot8 VOP3P forms and the
 * VOP2 dot4c/dot8c, whose S2 is the old destination): 32-bit sources a,
 * b, c, result in *d. Returns 0, or -1 if op is not a dot product
 * (exec_dot.c; ISA guides cited there). */
int emu_dot_lane(isa_op op, const emu_dot_mods *mo, const fpenv *e, uint32_t a, uint32_t b, uint32_t c, uint32_t *d);

#endif
