/* Bump-pointer arena: many small allocations, one free. Compiler passes
 * allocate per function from one arena; nothing is freed one at a time. */
#ifndef WAVECC_UTIL_ARENA_H
#define WAVECC_UTIL_ARENA_H

#include <stddef.h>

typedef struct arena_chunk arena_chunk;
typedef struct arena {
  arena_chunk *head;
  char *cur, *end;
  size_t total; /* bytes obtained from malloc, for statistics */
} arena;

void arena_init(arena *a);
/* Returns `size` bytes aligned to 16, zero-filled. Aborts only when the
 * host is out of memory (an invariant, not a user error). */
void *arena_alloc(arena *a, size_t size);
/* Copies `n` bytes of `s` plus a NUL into the arena. */
char *arena_strndup(arena *a, const char *s, size_t n);
/* Grows an array: returns a new array of `new_cap` elements holding the
 * `old_n` elements of `old` (which stays valid until the arena dies). */
void *arena_grow(arena *a, const void *old, size_t old_n, size_t new_cap, size_t elem);
void arena_free(arena *a);

#endif
