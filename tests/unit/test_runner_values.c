/* Unit tests: value parsing and comparison of the kernel test runner
 * (src/runner/value.c): integer ranges, floats (hex, nan, inf), half
 * conversion, ulp distance, tolerances, nan matching, vectors with the
 * 3-wide padding slot. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "runner/runner.h"

static int failures;
#define CHECK(c) do { if (!(c)) { fprintf(stderr, "%s:%d: CHECK failed: %s\n", __FILE__, __LINE__, #c); failures++; } } while (0)

static uint32_t fbits(float f) { uint32_t u; memcpy(&u, &f, 4); return u; }
static float bitsf(uint32_t u) { float f; memcpy(&f, &u, 4); return f; }

static int parse_ok(rt_base b, const char *tok, void *dst) {
  char err[200];
  return rt_value_parse(b, tok, dst, err, sizeof err) == 0;
}

static void test_parse(void) {
  int32_t i;
  uint8_t c;
  int64_t l;
  float f;
  double d;
  uint16_t h;
  CHECK(parse_ok(RT_INT, "-1", &i) && i == -1);
  CHECK(parse_ok(RT_INT, "0xffffffff", &i) && i == -1);
  CHECK(parse_ok(RT_UINT, "-1", &i) && (uint32_t)i == 0xffffffffu);
  CHECK(!parse_ok(RT_INT, "0x100000000", &i));
  CHECK(!parse_ok(RT_INT, "-2147483649", &i));
  CHECK(parse_ok(RT_INT, "-2147483648", &i) && i == INT32_MIN);
  CHECK(parse_ok(RT_UCHAR, "255", &c) && c == 255);
  CHECK(!parse_ok(RT_UCHAR, "256", &c));
  CHECK(parse_ok(RT_CHAR, "-128", &c) && c == 0x80);
  CHECK(!parse_ok(RT_CHAR, "-129", &c));
  CHECK(parse_ok(RT_LONG, "-9223372036854775808", &l) && l == INT64_MIN);
  CHECK(parse_ok(RT_ULONG, "18446744073709551615", &l) && (uint64_t)l == UINT64_MAX);
  CHECK(!parse_ok(RT_ULONG, "18446744073709551616", &l));
  CHECK(parse_ok(RT_INT, "true", &i) && i == 1);
  CHECK(parse_ok(RT_INT, "FALSE", &i) && i == 0);
  CHECK(!parse_ok(RT_INT, "1.5", &i));
  CHECK(!parse_ok(RT_INT, "", &i));
  CHECK(!parse_ok(RT_INT, "--1", &i));
  CHECK(!parse_ok(RT_INT, "0x", &i));
  CHECK(parse_ok(RT_FLOAT, "0x1.8p3", &f) && f == 12.0f);
  CHECK(parse_ok(RT_FLOAT, "-nan", &f) && isnan(f));
  CHECK(parse_ok(RT_FLOAT, "Infinity", &f) && isinf(f) && f > 0);
  CHECK(parse_ok(RT_FLOAT, "-INF", &f) && isinf(f) && f < 0);
  CHECK(parse_ok(RT_FLOAT, "1e-45", &f) && fbits(f) == 1); /* smallest subnormal */
  CHECK(parse_ok(RT_FLOAT, "true", &f) && f == 1.0f);
  CHECK(!parse_ok(RT_FLOAT, "1.0f", &f));
  CHECK(!parse_ok(RT_FLOAT, "abc", &f));
  CHECK(parse_ok(RT_DOUBLE, "0.1", &d) && d == 0.1);
  CHECK(parse_ok(RT_HALF, "1", &h) && h == 0x3c00);
  CHECK(parse_ok(RT_HALF, "65520", &h) && h == 0x7c00); /* rounds to inf */
  CHECK(parse_ok(RT_HALF, "5.9604645e-8", &h) && h == 0x0001);
  CHECK(parse_ok(RT_HALF, "nan", &h) && (h & 0x7c00) == 0x7c00 && (h & 0x3ff));

  rt_type t;
  CHECK(rt_type_parse("float3", &t) == 0 && t.base == RT_FLOAT && t.width == 3 && rt_type_size(t) == 16);
  CHECK(rt_type_parse("uchar16", &t) == 0 && t.base == RT_UCHAR && rt_type_size(t) == 16);
  CHECK(rt_type_parse("char", &t) == 0 && t.base == RT_CHAR && t.width == 1);
  CHECK(rt_type_parse("double2", &t) == 0 && rt_type_size(t) == 16);
  CHECK(rt_type_parse("int5", &t) != 0);
  CHECK(rt_type_parse("float32", &t) != 0);
  CHECK(rt_type_parse("bool", &t) != 0);
}

static void test_half(void) {
  /* Every half round-trips through float exactly. */
  for (uint32_t h = 0; h < 0x10000; h++) {
    float f = rt_half_to_float((uint16_t)h);
    if (isnan(f)) continue;
    if (rt_float_to_half(f) != h) { CHECK(!"half round trip"); break; }
  }
  CHECK(rt_half_to_float(0x0001) == ldexpf(1, -24));
  CHECK(rt_float_to_half(1.0f + ldexpf(1, -11)) == 0x3c00);      /* tie to even */
  CHECK(rt_float_to_half(1.0f + 3 * ldexpf(1, -11)) == 0x3c02);  /* tie to even (up) */
}

static void test_compare(void) {
  rt_tolerance none = {RT_TOL_NONE, 0, 0}, ulp1 = {RT_TOL_ULP, 0, 1}, abs01 = {RT_TOL_ABS, 0.1, 0};
  float a = 1.0f, b = bitsf(fbits(1.0f) + 1), c = bitsf(fbits(1.0f) + 2);
  CHECK(rt_ulp_distance(RT_FLOAT, fbits(a), fbits(b)) == 1);
  CHECK(rt_ulp_distance(RT_FLOAT, fbits(0.0f), fbits(-0.0f)) == 0);
  CHECK(rt_ulp_distance(RT_FLOAT, fbits(bitsf(1)), fbits(-bitsf(1))) == 2); /* across zero */
  CHECK(rt_scalar_matches(RT_FLOAT, &a, &a, &none));
  CHECK(!rt_scalar_matches(RT_FLOAT, &a, &b, &none));
  CHECK(rt_scalar_matches(RT_FLOAT, &a, &b, &ulp1));
  CHECK(!rt_scalar_matches(RT_FLOAT, &a, &c, &ulp1));
  float pz = 0.0f, nz = -0.0f;
  CHECK(rt_scalar_matches(RT_FLOAT, &pz, &nz, &none));
  float x = 1.05f, y = 1.2f;
  CHECK(rt_scalar_matches(RT_FLOAT, &a, &x, &abs01));
  CHECK(!rt_scalar_matches(RT_FLOAT, &a, &y, &abs01));
  float qnan = NAN, nnan = -NAN, inf = INFINITY, big = 3.4028235e38f;
  CHECK(rt_scalar_matches(RT_FLOAT, &qnan, &nnan, &none));  /* expected nan: any nan */
  CHECK(!rt_scalar_matches(RT_FLOAT, &qnan, &a, &abs01));
  CHECK(!rt_scalar_matches(RT_FLOAT, &a, &qnan, &abs01));   /* actual nan: never */
  CHECK(!rt_scalar_matches(RT_FLOAT, &inf, &big, &ulp1));   /* inf only matches inf */
  CHECK(rt_scalar_matches(RT_FLOAT, &inf, &inf, &abs01));
  double da = 1.0, db;
  uint64_t u;
  memcpy(&u, &da, 8);
  u += 3;
  memcpy(&db, &u, 8);
  rt_tolerance ulp3 = {RT_TOL_ULP, 0, 3};
  CHECK(rt_scalar_matches(RT_DOUBLE, &da, &db, &ulp3) && !rt_scalar_matches(RT_DOUBLE, &da, &db, &ulp1));
  uint16_t h1 = 0x3c00, h2 = 0x3c01;
  CHECK(rt_scalar_matches(RT_HALF, &h1, &h2, &ulp1) && !rt_scalar_matches(RT_HALF, &h1, &h2, &none));
  int32_t i1 = -5, i2 = -3;
  rt_tolerance abs2 = {RT_TOL_ABS, 2, 0};
  CHECK(rt_scalar_matches(RT_INT, &i1, &i2, &abs2) && !rt_scalar_matches(RT_INT, &i1, &i2, &none));
  int64_t l1 = INT64_MIN, l2 = INT64_MAX;
  CHECK(!rt_scalar_matches(RT_LONG, &l1, &l2, &abs2)); /* no overflow in the difference */
  uint32_t u1 = 0, u2 = 0xffffffffu;
  CHECK(!rt_scalar_matches(RT_UINT, &u1, &u2, &abs2));

  /* int3: the padding slot (index 3 of each element) is never compared. */
  rt_type t3 = {RT_INT, 3};
  int32_t e3[8] = {1, 2, 3, 0, 4, 5, 6, 0}, a3[8] = {1, 2, 3, 99, 4, 5, 6, -7};
  rt_mismatch m;
  CHECK(rt_compare(t3, 2, e3, a3, &none, &m) == 0);
  a3[5] = 50;
  a3[6] = 60;
  CHECK(rt_compare(t3, 2, e3, a3, &none, &m) == 2);
  CHECK(m.index == 1 && m.component == 1 && m.count == 2 && !strcmp(m.expected, "5") && !strcmp(m.actual, "50"));
  rt_type f4 = {RT_FLOAT, 4};
  float ef[4] = {1, 2, 3, 4}, af[4] = {1, 2, 3, 4.5f};
  CHECK(rt_compare(f4, 1, ef, af, &none, &m) == 1 && m.component == 3 && strstr(m.actual, "4.5"));
  rt_type u8 = {RT_UCHAR, 1};
  uint8_t eu[3] = {1, 2, 255}, au[3] = {1, 2, 255};
  CHECK(rt_compare(u8, 3, eu, au, &none, &m) == 0);
  char buf[96];
  int8_t sc = -3;
  rt_value_format(RT_CHAR, &sc, buf, sizeof buf);
  CHECK(!strcmp(buf, "-3"));
  rt_value_format(RT_FLOAT, &a, buf, sizeof buf);
  CHECK(!strcmp(buf, "1 (0x3f800000)"));
}

/* value.c reads plain decimals without strtod where that is exact
 * (Clinger's fast path) and hands the rest to strtod: every value must
 * come out as strtod's double, bit for bit (and as (float) of it), and
 * every token strtod rejects must be rejected. Decimal strings around the
 * fast path's limits (19 significant digits, 2^53, exponents +-22) and
 * random ones, generated deterministically. */
static uint64_t next_random(uint64_t *s) {
  *s = *s * UINT64_C(6364136223846793005) + UINT64_C(1442695040888963407);
  return *s >> 11;
}

static void check_like_strtod(const char *tok) {
  double d, want;
  float f;
  char *end;
  int ok = parse_ok(RT_DOUBLE, tok, &d);
  want = strtod(tok, &end);
  int want_ok = end != tok && !*end;
  CHECK(ok == want_ok);
  if (ok && want_ok && memcmp(&d, &want, 8) != 0) {
    fprintf(stderr, "'%s': %a, strtod %a\n", tok, d, want);
    failures++;
  }
  if (parse_ok(RT_FLOAT, tok, &f) && want_ok && fbits(f) != fbits((float)want)) {
    fprintf(stderr, "'%s' as float: %a, strtod %a\n", tok, (double)f, (double)(float)want);
    failures++;
  }
}

static void test_parse_like_strtod(void) {
  static const char *fixed[] = {
    "0", "-0", "+0", "0.0", "-0.0", ".5", "5.", ".", "-", "+", "-.", "1e", "1e+", "1e-", "1.5e3", "1.5E-3", "-2.5e+2",
    "9007199254740992", "9007199254740993", "-9007199254740993", "9007199254740991.5", "1234567890123456789",
    "12345678901234567890", "0.0000000000000000000000001", "0000000000000000000000000001", "1e22", "1e23",
    "1e-22", "1e-23", "123456789e-22", "9007199254740992e22", "9007199254740992e-22", "0.1", "0.2", "0.3",
    "3.14159265358979323846", "1.7976931348623157e308", "2.2250738585072014e-308", "4.9e-324", "1e-400",
    "1e400", "0e9999", "1.0.0", "1..0", "1e5x", "1 ", " 1", "0x10", "1f", "1_000", "0.1e1", "100e-2",
  };
  for (size_t i = 0; i < sizeof fixed / sizeof fixed[0]; i++) check_like_strtod(fixed[i]);
  uint64_t seed = 1;
  char tok[64];
  for (int i = 0; i < 200000; i++) {
    uint64_t r = next_random(&seed);
    int ndig = 1 + (int)(r % 20), point = (int)((r >> 5) % (ndig + 2)), n = 0;
    if ((r >> 10) & 1) tok[n++] = '-';
    for (int k = 0; k < ndig; k++) {
      if (k == point) tok[n++] = '.';
      tok[n++] = (char)('0' + next_random(&seed) % 10);
    }
    if ((r >> 11) % 3 == 0) n += snprintf(tok + n, sizeof tok - (size_t)n, "e%d", (int)((r >> 13) % 61) - 30);
    tok[n] = 0;
    check_like_strtod(tok);
  }
}

int main(void) {
  test_parse();
  test_parse_like_strtod();
  test_half();
  test_compare();
  if (failures) fprintf(stderr, "%d failure(s)\n", failures);
  return failures ? 1 : 0;
}
