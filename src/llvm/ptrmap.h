/* Open-addressing hash map from pointers (LLVM values, blocks) to 32-bit
 * indices, allocated from an arena. The LLVM-C API has no per-value user
 * data, so every pass that numbers values keeps one of these. Linear
 * probing, power-of-two capacity, load factor <= 1/2; no deletion. */
#ifndef WAVECC_LLVM_PTRMAP_H
#define WAVECC_LLVM_PTRMAP_H

#include <stdint.h>
#include <string.h>

#include "util/arena.h"

typedef struct ptrmap {
  const void **keys;
  uint32_t *vals;
  uint32_t cap, n;
  arena *mem;
} ptrmap;

static inline uint32_t ptrmap_hash(const void *p) {
  uint64_t x = (uint64_t)(uintptr_t)p;
  x ^= x >> 33;
  x *= 0xff51afd7ed558ccdull;
  x ^= x >> 33;
  return (uint32_t)x;
}

/* Prepares a map for about `expected` keys. */
static inline void ptrmap_init(ptrmap *m, arena *mem, uint32_t expected) {
  uint32_t cap = 16;
  while (cap < expected * 2 + 2) cap *= 2;
  m->mem = mem;
  m->cap = cap;
  m->n = 0;
  m->keys = (const void **)arena_alloc(mem, cap * sizeof *m->keys);
  m->vals = (uint32_t *)arena_alloc(mem, cap * sizeof *m->vals);
}

/* Value for `key`, or UINT32_MAX when absent. */
static inline uint32_t ptrmap_get(const ptrmap *m, const void *key) {
  uint32_t mask = m->cap - 1;
  for (uint32_t i = ptrmap_hash(key) & mask;; i = (i + 1) & mask) {
    if (m->keys[i] == key) return m->vals[i];
    if (!m->keys[i]) return UINT32_MAX;
  }
}

static inline void ptrmap_put(ptrmap *m, const void *key, uint32_t val);

static inline void ptrmap_grow(ptrmap *m) {
  const void **ok = m->keys;
  uint32_t *ov = m->vals, oc = m->cap;
  m->cap *= 2;
  m->n = 0;
  m->keys = (const void **)arena_alloc(m->mem, m->cap * sizeof *m->keys);
  m->vals = (uint32_t *)arena_alloc(m->mem, m->cap * sizeof *m->vals);
  for (uint32_t i = 0; i < oc; i++)
    if (ok[i]) ptrmap_put(m, ok[i], ov[i]);
}

/* Inserts or overwrites. */
static inline void ptrmap_put(ptrmap *m, const void *key, uint32_t val) {
  if ((m->n + 1) * 2 > m->cap) ptrmap_grow(m);
  uint32_t mask = m->cap - 1;
  for (uint32_t i = ptrmap_hash(key) & mask;; i = (i + 1) & mask) {
    if (m->keys[i] == key) {
      m->vals[i] = val;
      return;
    }
    if (!m->keys[i]) {
      m->keys[i] = key;
      m->vals[i] = val;
      m->n++;
      return;
    }
  }
}

#endif
