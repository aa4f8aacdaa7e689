/* A growing byte buffer for the writers of binary formats (the code-object
 * writer and its msgpack metadata note): bytes appended at the end,
 * little-endian integers, zero padding. Memory comes from malloc; the
 * owner frees `b`. An allocation failure sets `oom` and turns every later
 * append into a no-op, so a writer checks `oom` once at the end. */
#ifndef WAVECC_UTIL_BYTEBUF_H
#define WAVECC_UTIL_BYTEBUF_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct bytebuf {
  uint8_t *b;
  size_t n, cap; /* bytes written, bytes allocated */
  bool oom;
} bytebuf;

/* Appends n bytes from p. */
void bytebuf_put(bytebuf *e, const void *p, size_t n);
/* Appends n zero bytes. */
void bytebuf_zero(bytebuf *e, size_t n);
/* Appends zero bytes up to a multiple of `a` bytes (a > 0). */
void bytebuf_align(bytebuf *e, size_t a);
/* Appends the low n bytes (1..8) of v, least significant first. */
void bytebuf_le(bytebuf *e, uint64_t v, int n);
/* Writes the low n bytes (1..8) of v at p, least significant first. */
void bytes_set_le(uint8_t *p, uint64_t v, int n);

#endif
