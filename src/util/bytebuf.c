/* A growing byte buffer (see bytebuf.h). */
#include "util/bytebuf.h"

#include <stdlib.h>
#include <string.h>

/* Room for n more bytes, doubling; false (and oom) when malloc fails. */
static bool reserve(bytebuf *e, size_t n) {
  if (e->oom) return false;
  if (e->n + n <= e->cap) return true;
  size_t c = e->cap ? e->cap : 4096;
  while (c < e->n + n) c *= 2;
  uint8_t *b = realloc(e->b, c);
  if (!b) {
    e->oom = true;
    return false;
  }
  e->b = b;
  e->cap = c;
  return true;
}

void bytebuf_put(bytebuf *e, const void *p, size_t n) {
  if (!n || !reserve(e, n)) return;
  memcpy(e->b + e->n, p, n);
  e->n += n;
}

void bytebuf_zero(bytebuf *e, size_t n) {
  if (!n || !reserve(e, n)) return;
  memset(e->b + e->n, 0, n);
  e->n += n;
}

void bytebuf_align(bytebuf *e, size_t a) { bytebuf_zero(e, (a - e->n % a) % a); }

void bytebuf_le(bytebuf *e, uint64_t v, int n) {
  uint8_t t[8];
  bytes_set_le(t, v, n);
  bytebuf_put(e, t, (size_t)n);
}

void bytes_set_le(uint8_t *p, uint64_t v, int n) {
  for (int i = 0; i < n; i++) p[i] = (uint8_t)(v >> (8 * i));
}
