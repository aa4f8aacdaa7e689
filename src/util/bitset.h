/* Fixed-size bitsets over 64-bit words, allocated by the caller (usually
 * from an arena). Used for liveness sets and register masks. */
#ifndef WAVECC_UTIL_BITSET_H
#define WAVECC_UTIL_BITSET_H

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#define BITSET_WORDS(n) (((n) + 63) / 64)

static inline void bitset_set(uint64_t *b, uint32_t i) { b[i >> 6] |= 1ull << (i & 63); }
static inline void bitset_clear(uint64_t *b, uint32_t i) { b[i >> 6] &= ~(1ull << (i & 63)); }
static inline bool bitset_test(const uint64_t *b, uint32_t i) { return (b[i >> 6] >> (i & 63)) & 1; }
/* dst |= src over `words` words; returns true if dst changed. */
static inline bool bitset_union(uint64_t *dst, const uint64_t *src, uint32_t words) {
  uint64_t changed = 0;
  for (uint32_t w = 0; w < words; w++) {
    uint64_t n = dst[w] | src[w];
    changed |= n ^ dst[w];
    dst[w] = n;
  }
  return changed != 0;
}
static inline void bitset_copy(uint64_t *dst, const uint64_t *src, uint32_t words) {
  memcpy(dst, src, words * sizeof(uint64_t));
}
static inline uint32_t bitset_count(const uint64_t *b, uint32_t words) {
  uint32_t n = 0;
  for (uint32_t w = 0; w < words; w++) n += (uint32_t)__builtin_popcountll(b[w]);
  return n;
}
/* Iterate set bits: for (uint32_t i = bitset_next(b, words, 0); i != UINT32_MAX; i = bitset_next(b, words, i + 1)) */
static inline uint32_t bitset_next(const uint64_t *b, uint32_t words, uint32_t from) {
  uint32_t w = from >> 6;
  if (w >= words) return UINT32_MAX;
  uint64_t cur = b[w] & (~0ull << (from & 63));
  while (!cur) {
    if (++w >= words) return UINT32_MAX;
    cur = b[w];
  }
  return w * 64 + (uint32_t)__builtin_ctzll(cur);
}

#endif
