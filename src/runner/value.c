/* Types, value parsing and value comparison for kernel test files
 * (KERNEL-TEST-FORMAT.md, "Arguments"). All data is little-endian, as on
 * both the AMDGPU target and the x86-64 host PoCL runs on. */
#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "runner/runner.h"

static const struct { const char *name; rt_base base; } base_names[] = {
  {"char", RT_CHAR},   {"uchar", RT_UCHAR}, {"short", RT_SHORT}, {"ushort", RT_USHORT},
  {"int", RT_INT},     {"uint", RT_UINT},   {"long", RT_LONG},   {"ulong", RT_ULONG},
  {"half", RT_HALF},   {"float", RT_FLOAT}, {"double", RT_DOUBLE},
};

int rt_type_parse(const char *s, rt_type *t) {
  for (size_t i = 0; i < sizeof base_names / sizeof base_names[0]; i++) {
    size_t n = strlen(base_names[i].name);
    if (strncmp(s, base_names[i].name, n) != 0) continue;
    const char *w = s + n;
    unsigned width = 1;
    if (*w) {
      if (!strcmp(w, "2")) width = 2;
      else if (!strcmp(w, "3")) width = 3;
      else if (!strcmp(w, "4")) width = 4;
      else if (!strcmp(w, "8")) width = 8;
      else if (!strcmp(w, "16")) width = 16;
      else continue; /* "uchar" must not match as "char"+"..." etc. */
    }
    t->base = base_names[i].base;
    t->width = width;
    return 0;
  }
  return -1;
}

size_t rt_base_size(rt_base b) {
  switch (b) {
  case RT_CHAR: case RT_UCHAR: return 1;
  case RT_SHORT: case RT_USHORT: case RT_HALF: return 2;
  case RT_INT: case RT_UINT: case RT_FLOAT: return 4;
  case RT_LONG: case RT_ULONG: case RT_DOUBLE: return 8;
  }
  return 0;
}

unsigned rt_type_slots(rt_type t) { return t.width == 3 ? 4 : t.width; }

size_t rt_type_size(rt_type t) { return rt_base_size(t.base) * rt_type_slots(t); }

int rt_base_is_float(rt_base b) { return b == RT_HALF || b == RT_FLOAT || b == RT_DOUBLE; }

static int base_is_signed(rt_base b) {
  return b == RT_CHAR || b == RT_SHORT || b == RT_INT || b == RT_LONG;
}

const char *rt_type_name(rt_type t, char *buf, size_t size) {
  const char *n = "?";
  for (size_t i = 0; i < sizeof base_names / sizeof base_names[0]; i++)
    if (base_names[i].base == t.base) n = base_names[i].name;
  if (t.width == 1) snprintf(buf, size, "%s", n);
  else snprintf(buf, size, "%s%u", n, t.width);
  return buf;
}

/* binary16: 1 sign, 5 exponent (bias 15), 10 mantissa bits. */
uint16_t rt_float_to_half(float f) {
  uint32_t x;
  memcpy(&x, &f, 4);
  uint16_t sign = (uint16_t)((x >> 16) & 0x8000);
  uint32_t exp = (x >> 23) & 0xff, man = x & 0x7fffff;
  if (exp == 0xff) /* inf or nan: keep a quiet nan payload bit */
    return (uint16_t)(sign | 0x7c00 | (man ? 0x200 | (man >> 13) : 0));
  int e = (int)exp - 127 + 15;
  if (e >= 31) return (uint16_t)(sign | 0x7c00);
  if (e <= 0) { /* subnormal half (or zero) */
    if (e < -10) return sign;
    man |= 0x800000;
    unsigned shift = (unsigned)(14 - e);
    uint32_t h = man >> shift, rem = man & ((1u << shift) - 1), half = 1u << (shift - 1);
    if (rem > half || (rem == half && (h & 1))) h++;
    return (uint16_t)(sign | h);
  }
  uint32_t h = ((uint32_t)e << 10) | (man >> 13), rem = man & 0x1fff;
  if (rem > 0x1000 || (rem == 0x1000 && (h & 1))) h++; /* may carry into inf: correct */
  return (uint16_t)(sign | h);
}

float rt_half_to_float(uint16_t h) {
  uint32_t sign = (uint32_t)(h & 0x8000) << 16, exp = (h >> 10) & 0x1f, man = h & 0x3ff, x;
  if (exp == 0x1f) x = sign | 0x7f800000 | (man << 13);
  else if (exp) x = sign | ((exp - 15 + 127) << 23) | (man << 13);
  else if (!man) x = sign;
  else { /* subnormal: normalise */
    int e = -1;
    do { man <<= 1; e++; } while (!(man & 0x400));
    x = sign | ((uint32_t)(127 - 15 - e) << 23) | ((man & 0x3ff) << 13);
  }
  float f;
  memcpy(&f, &x, 4);
  return f;
}

static void store_le(void *dst, uint64_t v, size_t n) {
  unsigned char *d = dst;
  switch (n) { /* constant lengths the C compiler turns into one store */
  case 1: d[0] = (unsigned char)v; return;
  case 2: for (size_t i = 0; i < 2; i++) d[i] = (unsigned char)(v >> (8 * i)); return;
  case 4: for (size_t i = 0; i < 4; i++) d[i] = (unsigned char)(v >> (8 * i)); return;
  case 8: for (size_t i = 0; i < 8; i++) d[i] = (unsigned char)(v >> (8 * i)); return;
  }
  for (size_t i = 0; i < n; i++) d[i] = (unsigned char)(v >> (8 * i));
}

static uint64_t load_le(const void *src, size_t n) {
  const unsigned char *s = src;
  uint64_t v = 0;
  for (size_t i = 0; i < n; i++) v |= (uint64_t)s[i] << (8 * i);
  return v;
}

/* Clinger's fast path ("How to read floating point numbers accurately",
 * PLDI 1990): a plain decimal [+-]DIGITS[.DIGITS][(e|E)[+-]DIGITS] whose
 * digits, read as an integer M, are at most 2^53 and whose decimal
 * exponent E is within [-22, 22] is M * 10^E or M / 10^-E, where M and
 * 10^|E| are both exact doubles: one IEEE operation rounds once, so the
 * result is the correctly rounded double, the one strtod returns. Test
 * files hold hundreds of thousands of such values and strtod's general
 * (multi-precision) path was a tenth of a warm run. Returns 0 and leaves
 * everything else (hex, inf, nan, long or extreme values, malformed
 * text) to strtod. */
static int fast_decimal(const char *s, double *out) {
  static const double pow10[] = {1e0,  1e1,  1e2,  1e3,  1e4,  1e5,  1e6,  1e7,  1e8,  1e9,  1e10, 1e11,
                                 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22};
  int neg = *s == '-';
  if (*s == '-' || *s == '+') s++;
  uint64_t m = 0;
  int seen = 0, significant = 0, e = 0, fraction = 0;
  for (;; s++) {
    if (*s == '.' && !fraction) {
      fraction = 1;
      continue;
    }
    if (*s < '0' || *s > '9') break;
    seen = 1;
    e -= fraction;
    if (m == 0 && *s == '0') continue; /* a leading zero */
    if (++significant > 19) return 0; /* M might not fit 64 bits */
    m = m * 10 + (uint64_t)(*s - '0');
  }
  if (!seen) return 0;
  if (*s == 'e' || *s == 'E') {
    s++;
    int eneg = *s == '-', x = 0;
    if (*s == '-' || *s == '+') s++;
    if (*s < '0' || *s > '9') return 0;
    for (; *s >= '0' && *s <= '9'; s++)
      if ((x = x * 10 + (*s - '0')) > 1000) return 0;
    e += eneg ? -x : x;
  }
  if (*s || m > (UINT64_C(1) << 53) || e < -22 || e > 22) return 0;
  double d = e < 0 ? (double)m / pow10[-e] : (double)m * pow10[e];
  *out = neg ? -d : d;
  return 1;
}

/* strtoull(s, &end, base) for a whole token of at most 19 decimal or 15
 * hexadecimal digits (which cannot overflow); -1 when that does not apply. */
static int fast_unsigned(const char *s, int base, unsigned long long *out) {
  unsigned long long v = 0;
  int n = 0;
  if (base == 10) { /* the common case, one test per digit */
    unsigned d;
    for (; (d = (unsigned)(unsigned char)*s - '0') < 10; s++, n++) v = v * 10 + d;
    if (*s || n == 0 || n > 19) return -1;
    *out = v;
    return 0;
  }
  for (; *s; s++, n++) {
    unsigned c = (unsigned char)*s, d;
    if (c - '0' < 10) d = c - '0';
    else if (base == 16 && (c | 0x20) - 'a' < 6) d = (c | 0x20) - 'a' + 10;
    else return -1;
    v = v * (unsigned)base + d;
  }
  if (n == 0 || n > (base == 16 ? 15 : 19)) return -1;
  *out = v;
  return 0;
}

/* "true" or "false" in any case: 1 or 0, else -1. */
static int bool_token(const char *tok) {
  int c = *tok | 0x20;
  if (c == 't' && !strcasecmp(tok, "true")) return 1;
  if (c == 'f' && !strcasecmp(tok, "false")) return 0;
  return -1;
}

int rt_value_parse(rt_base b, const char *tok, void *dst, char *err, size_t errsize) {
  size_t n = rt_base_size(b);
  int bool_value = bool_token(tok), is_bool = bool_value >= 0;
  if (rt_base_is_float(b)) {
    double d;
    if (is_bool) d = bool_value;
    else if (!fast_decimal(tok, &d)) {
      char *end;
      errno = 0;
      d = strtod(tok, &end);
      /* ERANGE on underflow to a subnormal is fine; an empty or partial
       * parse is not. */
      if (end == tok || *end) {
        snprintf(err, errsize, "'%s' is not a floating-point value", tok);
        return -1;
      }
    }
    if (b == RT_DOUBLE) memcpy(dst, &d, 8);
    else if (b == RT_FLOAT) { float f = (float)d; memcpy(dst, &f, 4); }
    else store_le(dst, rt_float_to_half((float)d), 2);
    return 0;
  }
  uint64_t bits;
  if (is_bool) bits = (uint64_t)bool_value;
  else {
    const char *p = tok;
    int neg = 0;
    if (*p == '-' || *p == '+') { neg = *p == '-'; p++; }
    int base = 10;
    if (p[0] == '0' && (p[1] == 'x' || p[1] == 'X')) { base = 16; p += 2; }
    if (!*p || *p == '-' || *p == '+' || *p == ' ') {
      snprintf(err, errsize, "'%s' is not an integer", tok);
      return -1;
    }
    char *end = NULL;
    int range = 0;
    unsigned long long mag;
    if (fast_unsigned(p, base, &mag) != 0) {
      errno = 0;
      mag = strtoull(p, &end, base);
      range = errno == ERANGE;
    }
    if ((end && *end) || range) {
      snprintf(err, errsize, "'%s' is not an integer%s", tok, range ? " in range" : "");
      return -1;
    }
    unsigned bitsz = (unsigned)(8 * n);
    /* Accept anything that fits the signed or the unsigned type of this
     * width: [-2^(bits-1), 2^bits - 1]. */
    uint64_t umax = bitsz == 64 ? UINT64_MAX : (UINT64_C(1) << bitsz) - 1;
    uint64_t nmax = UINT64_C(1) << (bitsz - 1); /* largest magnitude of a negative */
    if ((!neg && mag > umax) || (neg && mag > nmax)) {
      char tn[16];
      rt_type t = {b, 1};
      snprintf(err, errsize, "%s does not fit in %s", tok, rt_type_name(t, tn, sizeof tn));
      return -1;
    }
    bits = neg ? (uint64_t)0 - (uint64_t)mag : (uint64_t)mag;
  }
  store_le(dst, bits, n);
  return 0;
}

static double load_float(rt_base b, const void *src) {
  if (b == RT_DOUBLE) { double d; memcpy(&d, src, 8); return d; }
  if (b == RT_FLOAT) { float f; memcpy(&f, src, 4); return f; }
  return rt_half_to_float((uint16_t)load_le(src, 2));
}

static int64_t load_signed(rt_base b, const void *src) {
  size_t n = rt_base_size(b);
  uint64_t v = load_le(src, n);
  if (n < 8 && (v >> (8 * n - 1)) & 1) v |= ~UINT64_C(0) << (8 * n);
  return (int64_t)v;
}

void rt_value_format(rt_base b, const void *src, char *buf, size_t size) {
  size_t n = rt_base_size(b);
  uint64_t bits = load_le(src, n);
  if (rt_base_is_float(b)) {
    double d = load_float(b, src);
    int digits = b == RT_DOUBLE ? 17 : b == RT_FLOAT ? 9 : 5;
    snprintf(buf, size, "%.*g (0x%0*" PRIx64 ")", digits, d, (int)(2 * n), bits);
  } else if (base_is_signed(b)) {
    snprintf(buf, size, "%" PRId64, load_signed(b, src));
  } else {
    snprintf(buf, size, "%" PRIu64, bits);
  }
}

/* Maps a float's bits onto a line where consecutive floats are consecutive
 * integers and -0 and +0 are both 0. */
static int64_t ordered(uint64_t bits, unsigned nbits) {
  uint64_t sign = UINT64_C(1) << (nbits - 1);
  uint64_t mag = bits & (sign - 1);
  return (bits & sign) ? -(int64_t)mag : (int64_t)mag;
}

uint64_t rt_ulp_distance(rt_base b, uint64_t a_bits, uint64_t b_bits) {
  unsigned nbits = (unsigned)(8 * rt_base_size(b));
  int64_t x = ordered(a_bits, nbits), y = ordered(b_bits, nbits);
  /* Both lie within +-2^63 - 1 (sign bit excluded), so compute the gap in
   * unsigned arithmetic to avoid signed overflow. */
  return x > y ? (uint64_t)x - (uint64_t)y : (uint64_t)y - (uint64_t)x;
}

int rt_scalar_matches(rt_base b, const void *expected, const void *actual, const rt_tolerance *tol) {
  size_t n = rt_base_size(b);
  uint64_t eb = load_le(expected, n), ab = load_le(actual, n);
  if (rt_base_is_float(b)) {
    double e = load_float(b, expected), a = load_float(b, actual);
    if (isnan(e)) return isnan(a);
    if (isnan(a)) return 0;
    if (isinf(e) || isinf(a)) return e == a;
    if (tol && tol->kind == RT_TOL_ABS) return fabs(a - e) <= tol->abs;
    uint64_t allowed = tol && tol->kind == RT_TOL_ULP ? tol->ulp : 0;
    return rt_ulp_distance(b, eb, ab) <= allowed;
  }
  if (eb == ab) return 1;
  if (!tol || tol->kind != RT_TOL_ABS) return 0;
  /* Integer tolerance: the magnitude of the difference, without overflow. */
  uint64_t diff;
  if (base_is_signed(b)) {
    int64_t x = load_signed(b, expected), y = load_signed(b, actual);
    diff = x > y ? (uint64_t)x - (uint64_t)y : (uint64_t)y - (uint64_t)x;
  } else {
    diff = eb > ab ? eb - ab : ab - eb;
  }
  return (double)diff <= tol->abs;
}

uint64_t rt_compare(rt_type t, uint64_t count, const void *expected, const void *actual,
                    const rt_tolerance *tol, rt_mismatch *m) {
  size_t sz = rt_base_size(t.base), esz = rt_type_size(t);
  const unsigned char *e = expected, *a = actual;
  uint64_t bad = 0;
  memset(m, 0, sizeof *m);
  for (uint64_t i = 0; i < count; i++) {
    for (unsigned c = 0; c < t.width; c++) {
      size_t off = (size_t)i * esz + c * sz;
      if (rt_scalar_matches(t.base, e + off, a + off, tol)) continue;
      if (!bad++) {
        m->index = i;
        m->component = c;
        rt_value_format(t.base, e + off, m->expected, sizeof m->expected);
        rt_value_format(t.base, a + off, m->actual, sizeof m->actual);
      }
    }
  }
  m->count = bad;
  return bad;
}
