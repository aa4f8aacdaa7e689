/* Bit-cast helpers and IEEE half precision conversions. f32/f64 rounding
 * modes and denormal control are applied by exec_valu.c with fesetround()
 * around host operations (the host's SSE arithmetic is IEEE-754 correctly
 * rounded in every rounding mode); half conversion is done exactly in
 * software here. */
#include <math.h>
#include <string.h>

#include "emu/emu_internal.h"


float emu_h2f(uint16_t h) {
  uint32_t s = (uint32_t)(h >> 15) << 31, e = (h >> 10) & 31, m = h & 0x3ff;
  if (e == 31) return emu_f32(s | 0x7f800000u | (m << 13) | (m ? 0x400000u : 0));
  if (e == 0) {
    float f = ldexpf((float)m, -24);
    return s ? -f : f;
  }
  return emu_f32(s | ((e + 112) << 23) | (m << 13));
}

/* f64 (or f32) -> f16 with rounding mode `round` (0 nearest-even, 1 +inf, 2 -inf, 3 zero). */
uint16_t emu_f2h(double f, int round) {
  uint64_t u = emu_u64(f);
  uint16_t s = (uint16_t)((u >> 48) & 0x8000);
  if (isnan(f)) return s | 0x7e00 | (uint16_t)((u >> 42) & 0x3ff);
  if (isinf(f)) return s | 0x7c00;
  double a = fabs(f);
  if (a == 0) return s;
  /* Scale into an integer count of the unit in the last place. */
  int e;
  frexp(a, &e);          /* a = m * 2^e, m in [0.5, 1) */
  int q = e - 11;        /* ulp exponent for normal halves (11 significant bits) */
  if (q < -24) q = -24;  /* subnormal ulp */
  double n = ldexp(a, -q);
  double fl = floor(n), rem = n - fl;
  int neg = s != 0;
  int up;
  switch (round) {
  case 1: up = !neg && rem > 0; break;
  case 2: up = neg && rem > 0; break;
  case 3: up = 0; break;
  default: up = rem > 0.5 || (rem == 0.5 && fmod(fl, 2) != 0); break;
  }
  double r = ldexp(fl + up, q);
  if (r >= 65536.0 || (r > 65504.0)) {
    /* overflow: infinity unless the mode rounds toward zero for this sign */
    if (round == 3 || (round == 1 && neg) || (round == 2 && !neg)) return s | 0x7bff;
    return s | 0x7c00;
  }
  if (r < ldexp(1, -14)) return s | (uint16_t)(r * 16777216.0); /* subnormal */
  int he;
  double m = frexp(r, &he); /* r = m * 2^he */
  uint16_t exp = (uint16_t)(he - 1 + 15);
  uint16_t man = (uint16_t)((m * 2 - 1) * 1024);
  return s | (uint16_t)(exp << 10) | man;
}
