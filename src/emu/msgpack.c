/* MessagePack reader; see msgpack.h. */
#include "emu/msgpack.h"

#include <string.h>

static int need(mp_cursor *c, size_t n) {
  if ((size_t)(c->end - c->p) < n) { c->error = 1; return -1; }
  return 0;
}
static uint64_t be(const uint8_t *p, int n) {
  uint64_t v = 0;
  for (int i = 0; i < n; i++) v = v << 8 | p[i];
  return v;
}

int mp_next(mp_cursor *c, mp_val *v) {
  memset(v, 0, sizeof *v);
  if (need(c, 1)) return -1;
  uint8_t t = *c->p++;
  int n = 0;
  if (t <= 0x7f) { v->kind = MP_UINT; v->u = t; return 0; }
  if (t >= 0xe0) { v->kind = MP_INT; v->u = (uint64_t)(int64_t)(int8_t)t; return 0; }
  if ((t & 0xf0) == 0x80) { v->kind = MP_MAP; v->len = t & 15; return 0; }
  if ((t & 0xf0) == 0x90) { v->kind = MP_ARRAY; v->len = t & 15; return 0; }
  if ((t & 0xe0) == 0xa0) { v->kind = MP_STR; v->len = t & 31; goto bytes; }
  switch (t) {
  case 0xc0: v->kind = MP_NIL; return 0;
  case 0xc2: case 0xc3: v->kind = MP_BOOL; v->u = t & 1; return 0;
  case 0xc4: case 0xc5: case 0xc6:
    n = 1 << (t - 0xc4); if (need(c, n)) return -1;
    v->kind = MP_BIN; v->len = (uint32_t)be(c->p, n); c->p += n; goto bytes;
  case 0xd9: case 0xda: case 0xdb:
    n = 1 << (t - 0xd9); if (need(c, n)) return -1;
    v->kind = MP_STR; v->len = (uint32_t)be(c->p, n); c->p += n; goto bytes;
  case 0xcc: case 0xcd: case 0xce: case 0xcf:
    n = 1 << (t - 0xcc); if (need(c, n)) return -1;
    v->kind = MP_UINT; v->u = be(c->p, n); c->p += n; return 0;
  case 0xd0: case 0xd1: case 0xd2: case 0xd3: {
    n = 1 << (t - 0xd0); if (need(c, n)) return -1;
    uint64_t x = be(c->p, n); c->p += n;
    if (n < 8 && (x >> (n * 8 - 1)) & 1) x |= ~0ull << (n * 8);
    v->kind = MP_INT; v->u = x; return 0;
  }
  case 0xca: { if (need(c, 4)) return -1; uint32_t x = (uint32_t)be(c->p, 4); float f; memcpy(&f, &x, 4); c->p += 4; v->kind = MP_FLOAT; v->f = f; return 0; }
  case 0xcb: { if (need(c, 8)) return -1; uint64_t x = be(c->p, 8); double f; memcpy(&f, &x, 8); c->p += 8; v->kind = MP_FLOAT; v->f = f; return 0; }
  case 0xdc: case 0xdd:
    n = t == 0xdc ? 2 : 4; if (need(c, n)) return -1;
    v->kind = MP_ARRAY; v->len = (uint32_t)be(c->p, n); c->p += n; return 0;
  case 0xde: case 0xdf:
    n = t == 0xde ? 2 : 4; if (need(c, n)) return -1;
    v->kind = MP_MAP; v->len = (uint32_t)be(c->p, n); c->p += n; return 0;
  case 0xd4: case 0xd5: case 0xd6: case 0xd7: case 0xd8:
    v->kind = MP_EXT; v->len = 1u << (t - 0xd4); if (need(c, 1)) return -1; c->p++; goto bytes;
  case 0xc7: case 0xc8: case 0xc9:
    n = 1 << (t - 0xc7); if (need(c, n + 1)) return -1;
    v->kind = MP_EXT; v->len = (uint32_t)be(c->p, n); c->p += n + 1; goto bytes;
  default: c->error = 1; return -1;
  }
bytes:
  if (need(c, v->len)) return -1;
  v->str = (const char *)c->p;
  c->p += v->len;
  return 0;
}

static int skip_depth(mp_cursor *c, int depth) {
  mp_val v;
  if (depth > 64 || mp_next(c, &v)) { c->error = 1; return -1; }
  uint64_t n = v.kind == MP_ARRAY ? v.len : v.kind == MP_MAP ? 2ull * v.len : 0;
  for (uint64_t i = 0; i < n; i++)
    if (skip_depth(c, depth + 1)) return -1;
  return 0;
}

int mp_skip(mp_cursor *c) { return skip_depth(c, 0); }

int mp_streq(const mp_val *v, const char *s) {
  size_t n = strlen(s);
  return v->kind == MP_STR && v->len == n && memcmp(v->str, s, n) == 0;
}
