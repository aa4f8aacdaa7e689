/* Unit tests: arena allocation and bitset operations. */
#include <assert.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "util/arena.h"
#include "util/bitset.h"

static int failures;
#define CHECK(c) do { if (!(c)) { fprintf(stderr, "%s:%d: CHECK failed: %s\n", __FILE__, __LINE__, #c); failures++; } } while (0)

int main(void) {
  arena a;
  arena_init(&a);
  char *prev = NULL;
  for (int i = 0; i < 100000; i++) {
    char *p = arena_alloc(&a, 24);
    CHECK(((uintptr_t)p & 15) == 0);
    CHECK(p[0] == 0 && p[23] == 0);
    memset(p, 0xab, 24);
    if (prev) CHECK(prev[0] == (char)0xab);
    prev = p;
  }
  char *big = arena_alloc(&a, 3u << 20); /* larger than a chunk */
  big[(3u << 20) - 1] = 1;
  CHECK(strcmp(arena_strndup(&a, "lane mask", 4), "lane") == 0);
  arena_free(&a);

  uint64_t s[BITSET_WORDS(200)] = {0}, t[BITSET_WORDS(200)] = {0};
  bitset_set(s, 0); bitset_set(s, 63); bitset_set(s, 64); bitset_set(s, 199);
  CHECK(bitset_test(s, 63) && !bitset_test(s, 62));
  CHECK(bitset_count(s, BITSET_WORDS(200)) == 4);
  uint32_t seen[4], n = 0;
  for (uint32_t i = bitset_next(s, BITSET_WORDS(200), 0); i != UINT32_MAX; i = bitset_next(s, BITSET_WORDS(200), i + 1))
    seen[n++] = i;
  CHECK(n == 4 && seen[0] == 0 && seen[1] == 63 && seen[2] == 64 && seen[3] == 199);
  CHECK(bitset_union(t, s, BITSET_WORDS(200)));
  CHECK(!bitset_union(t, s, BITSET_WORDS(200)));
  bitset_clear(t, 64);
  CHECK(!bitset_test(t, 64) && bitset_count(t, BITSET_WORDS(200)) == 3);

  printf("%s\n", failures ? "FAIL" : "ok");
  return failures != 0;
}
