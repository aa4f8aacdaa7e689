/* What one lane of a dot-product instruction computes: the VOP3P
 * v_dot2/dot4/dot8 forms of gfx906+/CDNA/RDNA and the accumulating VOP2
 * v_dot2c/dot4c/dot8c forms (gfx11's v_dot2acc_f32_f16 is v_dot2c).
 *
 * Semantics: AMD "CDNA 2 Instruction Set Architecture" (VOP3P opcodes
 * V_DOT2_F32_F16 .. V_DOT8_U32_U4, VOP2 V_DOT2C_F32_F16, V_DOT2C_I32_I16,
 * V_DOT4C_I32_I8, V_DOT8C_I32_I4),
 * "RDNA 2 ISA" (the same) and "RDNA 3 ISA" (V_DOT4_I32_IU8,
 * V_DOT8_I32_IU4: NEG[0] / NEG[1] make S0 / S1 signed, unsigned
 * otherwise): D = S2 + sum over the packed elements of S0[i] * S1[i]. The
 * integer forms are exact and wrap to 32 bits, or saturate to the signed
 * (i32) or unsigned (u32) range with CLAMP. */
#include <math.h>

#include "emu/valu_lane.h"

int64_t emu_dot_int(uint32_t a, uint32_t b, unsigned bits, bool sa, bool sb) {
  uint32_t m = (1u << bits) - 1;
  int64_t sum = 0;
  for (unsigned i = 0; i < 32 / bits; i++) {
    int64_t x = (a >> (i * bits)) & m, y = (b >> (i * bits)) & m;
    if (sa && (x >> (bits - 1))) x -= (int64_t)1 << bits;
    if (sb && (y >> (bits - 1))) y -= (int64_t)1 << bits;
    sum += x * y;
  }
  return sum;
}

/* The two 16-bit elements of a dot2 source: element 0 the half that
 * op_sel bit i names, element 1 the one op_sel_hi bit i names (VOP3P
 * operand selection; the defaults 0 and 1 give the natural order). */
static uint32_t dot2_elems(uint32_t x, unsigned i, unsigned opsel, unsigned opsel_hi) {
  uint32_t lo = (x >> (((opsel >> i) & 1) ? 16 : 0)) & 0xffff, hi = (x >> (((opsel_hi >> i) & 1) ? 16 : 0)) & 0xffff;
  return lo | hi << 16;
}

int emu_dot_lane(isa_op op, const emu_dot_mods *mo, const fpenv *e, uint32_t a, uint32_t b, uint32_t c, uint32_t *d) {
  unsigned bits;
  bool sgn, sa, sb;
  switch (op) {
  case ISA_V_DOT2_F32_F16: case ISA_V_DOT2C_F32_F16: {
    a = dot2_elems(a, 0, mo->opsel, mo->opsel_hi);
    b = dot2_elems(b, 1, mo->opsel, mo->opsel_hi);
    double x[2], y[2];
    for (unsigned k = 0; k < 2; k++) {
      x[k] = emu_h2f((uint16_t)flush16(e, (a >> (16 * k)) & 0xffff, 1));
      y[k] = emu_h2f((uint16_t)flush16(e, (b >> (16 * k)) & 0xffff, 1));
      if (((k ? mo->neg_hi : mo->neg) >> 0) & 1) x[k] = -x[k];
      if (((k ? mo->neg_hi : mo->neg) >> 1) & 1) y[k] = -y[k];
    }
    double z = in32(e, emu_f32(c));
    if ((mo->neg >> 2) & 1) z = -z;
    /* The f16 products are exact in double; the guide gives no
     * intermediate rounding, so the sum is rounded once to f32 (the
     * double fma rounds only where one term is below 2^-53 of another). */
    float r = (float)fma(x[0], y[0], fma(x[1], y[1], z));
    if (mo->clamp) r = isnan(r) ? 0.0f : r < 0.0f ? 0.0f : r > 1.0f ? 1.0f : r;
    *d = emu_u32(out32(e, r));
    return 0;
  }
  case ISA_V_DOT2_I32_I16: case ISA_V_DOT2C_I32_I16: bits = 16; sgn = sa = sb = true; break;
  case ISA_V_DOT2_U32_U16: bits = 16; sgn = sa = sb = false; break;
  case ISA_V_DOT4_I32_I8: case ISA_V_DOT4C_I32_I8: bits = 8; sgn = sa = sb = true; break;
  case ISA_V_DOT4_U32_U8: bits = 8; sgn = sa = sb = false; break;
  case ISA_V_DOT8_I32_I4: case ISA_V_DOT8C_I32_I4: bits = 4; sgn = sa = sb = true; break;
  case ISA_V_DOT8_U32_U4: bits = 4; sgn = sa = sb = false; break;
  case ISA_V_DOT4_I32_IU8: bits = 8; sgn = true; sa = mo->neg & 1; sb = (mo->neg >> 1) & 1; break;
  case ISA_V_DOT8_I32_IU4: bits = 4; sgn = true; sa = mo->neg & 1; sb = (mo->neg >> 1) & 1; break;
  default: return -1;
  }
  if (bits == 16) {
    a = dot2_elems(a, 0, mo->opsel, mo->opsel_hi);
    b = dot2_elems(b, 1, mo->opsel, mo->opsel_hi);
  }
  int64_t s = emu_dot_int(a, b, bits, sa, sb) + (sgn ? (int64_t)(int32_t)c : (int64_t)c);
  if (mo->clamp) s = sgn ? (s > INT32_MAX ? INT32_MAX : s < INT32_MIN ? INT32_MIN : s) : (s > (int64_t)UINT32_MAX ? (int64_t)UINT32_MAX : s < 0 ? 0 : s);
  *d = (uint32_t)s;
  return 0;
}
