/* Unit tests: the arithmetic behind isel_div64.c.
 *
 * 1. isel_magic_unsigned: for 32- and 64-bit constant divisors (edge
 *    values, divisors near powers of two, random ones), the multiply-shift
 *    sequence the selector emits gives n / d for edge and random n.
 * 2. A host model of the 64-bit reciprocal division (the same steps and
 *    constants as udivrem64 in isel_div64.c; keep them in step): exact
 *    for edge and random operands even when v_rcp_f32 is off by up to two
 *    ulp either way (the hardware's is within one; the emulator's is
 *    correctly rounded). */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "isel/isel_internal.h"

typedef unsigned __int128 u128;

static int failures;
#define CHECK(c) do { if (!(c)) { fprintf(stderr, "%s:%d: CHECK failed: %s\n", __FILE__, __LINE__, #c); failures++; } } while (0)

static uint64_t rng_state = 0x14064;
static uint64_t rnd(void) { /* splitmix64 */
  uint64_t z = (rng_state += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

static uint64_t magic_div(uint64_t n, isel_magic mg, unsigned bits) {
  uint64_t t = (uint64_t)(((u128)n * mg.m) >> bits);
  if (!mg.add) return t >> mg.shift;
  return (t + ((n - t) >> 1)) >> mg.shift;
}

static void check_magic(uint64_t d, unsigned bits) {
  if (d < 2 || (d & (d - 1)) == 0) return;
  uint64_t top = bits == 64 ? ~0ull : (1ull << bits) - 1;
  isel_magic mg = isel_magic_unsigned(d, bits);
  uint64_t ns[] = {0, 1, d - 1, d, d + 1, 2 * d - 1, top, top - 1, top - d, top / d * d, top / d * d - 1, top >> 1};
  for (unsigned i = 0; i < sizeof ns / sizeof ns[0]; i++) {
    uint64_t n = ns[i] & top;
    if (magic_div(n, mg, bits) != n / d) {
      fprintf(stderr, "magic %u-bit: %llu / %llu\n", bits, (unsigned long long)n, (unsigned long long)d);
      failures++;
      return;
    }
  }
  for (int k = 0; k < 200; k++) {
    uint64_t n = (rnd() >> (rnd() % 64)) & top;
    CHECK(magic_div(n, mg, bits) == n / d);
  }
}

static float bits_f(uint32_t u) { float f; memcpy(&f, &u, 4); return f; }
static uint32_t f_bits(float f) { uint32_t u; memcpy(&u, &f, 4); return u; }
static uint32_t cvt_u32(float f) { return !(f > 0) ? 0 : f >= 4294967296.0f ? 0xffffffffu : (uint32_t)f; }
static uint64_t mulhi64(uint64_t a, uint64_t b) { return (uint64_t)(((u128)a * b) >> 64); }

/* udivrem64's steps with v_rcp_f32 off by `ulp` */
static int model_div(uint64_t n, uint64_t d, int ulp) {
  float fd = fmaf((float)(uint32_t)(d >> 32), bits_f(0x4f800000u), (float)(uint32_t)d);
  float rc = bits_f(f_bits(1.0f / fd) + (uint32_t)ulp);
  float s = bits_f(0x5f7ffff8u) * rc;
  float h = truncf(bits_f(0x2f800000u) * s);
  float l = fmaf(h, bits_f(0xcf800000u), s);
  uint64_t R = (uint64_t)cvt_u32(h) << 32 | cvt_u32(l), nd = 0 - d;
  for (int i = 0; i < 2; i++) R += mulhi64(R, nd * R);
  uint64_t q = mulhi64(n, R), r = n - q * d;
  for (int i = 0; i < 2; i++)
    if (r >= d) q++, r -= d;
  return q == n / d && r == n % d;
}

int main(void) {
  static const uint64_t e64[] = {3, 5, 6, 7, 10, 641, 1000000007, 0xffffffffull, 0x100000001ull, 0xfffffffeull,
                                 0x80000001ull, 0x8000000000000001ull, 0xffffffffffffffffull, 0xfffffffffffffffeull,
                                 0x7fffffffffffffffull, 3ull * 1000000007 * 5, 0x123456789abcdefull};
  for (unsigned i = 0; i < sizeof e64 / sizeof e64[0]; i++) {
    check_magic(e64[i], 64);
    if (e64[i] >> 32 == 0) check_magic(e64[i], 32);
  }
  for (unsigned e = 2; e < 64; e++)
    for (int k = -3; k <= 3; k++) {
      check_magic((1ull << e) + (uint64_t)k, 64);
      if (e < 32) check_magic((1ull << e) + (uint64_t)k, 32);
    }
  for (int k = 0; k < 3000; k++) {
    uint64_t d = rnd() >> (rnd() % 64);
    check_magic(d, 64);
    check_magic(d & 0xffffffffu, 32);
  }

  static const uint64_t edge[] = {0, 1, 2, 3, 0xffffffffull, 1ull << 32, (1ull << 32) + 1, 1ull << 63, (1ull << 63) - 1,
                                  ~0ull, ~0ull - 1, 1ull << 62, (1ull << 62) + 1, 0x123456789abcdef0ull};
  unsigned ne = sizeof edge / sizeof edge[0];
  for (int ulp = -2; ulp <= 2; ulp++) {
    long bad = 0;
    for (unsigned i = 0; i < ne; i++)
      for (unsigned j = 0; j < ne; j++)
        if (edge[j]) bad += !model_div(edge[i], edge[j], ulp);
    for (int k = 0; k < 100000; k++) {
      uint64_t n = rnd() >> (rnd() % 64), d = rnd() >> (rnd() % 64);
      if (d) bad += !model_div(n, d, ulp) + !model_div(~0ull - (uint64_t)k, d, ulp);
    }
    for (unsigned e = 0; e < 64; e++)
      for (int k = -3; k <= 3; k++) {
        uint64_t d = (1ull << e) + (uint64_t)k;
        for (int t = 0; d && t < 20; t++) bad += !model_div(rnd(), d, ulp) + !model_div(~0ull - (uint64_t)t, d, ulp);
      }
    if (bad) fprintf(stderr, "reciprocal model, rcp off by %d ulp: %ld wrong\n", ulp, bad);
    CHECK(bad == 0);
  }
  if (failures) fprintf(stderr, "%d failures\n", failures);
  return failures != 0;
}
