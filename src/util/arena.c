/* Arena allocator (see arena.h). Chunks double in size up to 1 MiB so a
 * small function costs one malloc and a large one O(log n) of them. */
#include "util/arena.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct arena_chunk {
  arena_chunk *next;
  size_t size;
  _Alignas(16) char data[];
};

void arena_init(arena *a) { memset(a, 0, sizeof *a); }

void *arena_alloc(arena *a, size_t size) {
  size = (size + 15) & ~(size_t)15;
  if (size == 0) size = 16;
  if ((size_t)(a->end - a->cur) < size || !a->cur) {
    size_t want = a->head ? a->head->size * 2 : 16384;
    if (want > (1u << 20)) want = 1u << 20;
    if (want < size) want = size;
    arena_chunk *c = malloc(sizeof *c + want);
    if (!c) {
      fprintf(stderr, "wavecc: out of memory\n");
      abort();
    }
    c->next = a->head;
    c->size = want;
    a->head = c;
    a->cur = c->data;
    a->end = c->data + want;
    a->total += want;
  }
  void *p = a->cur;
  a->cur += size;
  memset(p, 0, size);
  return p;
}

char *arena_strndup(arena *a, const char *s, size_t n) {
  char *d = arena_alloc(a, n + 1);
  memcpy(d, s, n);
  d[n] = 0;
  return d;
}

void *arena_grow(arena *a, const void *old, size_t old_n, size_t new_cap, size_t elem) {
  void *p = arena_alloc(a, new_cap * elem);
  if (old_n) memcpy(p, old, old_n * elem);
  return p;
}

void arena_free(arena *a) {
  arena_chunk *c = a->head;
  while (c) {
    arena_chunk *n = c->next;
    free(c);
    c = n;
  }
  memset(a, 0, sizeof *a);
}
