/* Unit test: the include-directive screen of the test runner
 * (src/runner/build_check.c, rt_source_may_include) gives the answer of
 * the byte-by-byte rule (rt_source_may_include_slow) on written cases
 * (splices, trigraphs, letter case, words across 64-byte blocks, at the
 * ends) and on generated sources built from the words' letters, splice
 * bytes and filler. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "runner/runner.h"

static int failures;

static int positives; /* generated sources that hold a word */

static void check(const char *src, size_t n, int want) {
  int fast = rt_source_may_include(src, n), slow = rt_source_may_include_slow(src, n);
  if (fast != slow || (want >= 0 && fast != want)) {
    fprintf(stderr, "mismatch (fast %d, slow %d, want %d) on %zu bytes: %.*s\n", fast, slow, want, n, (int)n, src);
    failures++;
  }
}

static void check_str(const char *src, int want) { check(src, strlen(src), want); }

static unsigned long long rng = 88172645463325252ull;
static unsigned next(void) {
  rng ^= rng << 13;
  rng ^= rng >> 7;
  rng ^= rng << 17;
  return (unsigned)(rng >> 11);
}

int main(void) {
  check_str("", 0);
  check_str("kernel void k(global int *p) { p[0] = 1; }", 0);
  check_str("#include \"a.h\"", 1);
  check_str("#INCLUDE <a>", 1);
  check_str("# inc\\\nlude \"x\"", 1);
  check_str("#inc?\?/\nlude", 1);
  check_str("#im/port", 1);
  check_str("#em  bed", 1);
  check_str("include", 1);
  check_str("includ", 0);
  check_str("mbed", 0);
  check_str("imp0rt", 0);
  check_str("d", 0);
  check_str("m", 0);
  /* Words across the 64-byte blocks the fast form skips, at every offset. */
  for (int off = 0; off < 140; off++) {
    char buf[256];
    memset(buf, '1', sizeof buf);
    const char *words[] = {"include", "import", "embed", "In \\\n Clu? DE", "emb/ed"};
    for (size_t w = 0; w < sizeof words / sizeof *words; w++) {
      memset(buf, '1', sizeof buf);
      size_t len = strlen(words[w]);
      memcpy(buf + off, words[w], len);
      check(buf, (size_t)off + len, 1);
      check(buf, sizeof buf, 1);
      check(buf, (size_t)off + len - 1, -1); /* cut before its last letter */
    }
  }
  /* Generated: letters of the words, splice and white-space bytes, digits. */
  const char alphabet[] = "includeimportembedINCLUDEMBED \\?/\n\t1,x";
  for (int t = 0; t < 200000; t++) {
    char buf[300];
    size_t n = next() % sizeof buf;
    int sparse = next() % 4 == 0; /* long runs of filler with few letters */
    for (size_t i = 0; i < n; i++)
      buf[i] = sparse && next() % 16 ? "0123456789 ,\n"[next() % 13] : alphabet[next() % (sizeof alphabet - 1)];
    /* Half the time a word's letters planted with splices between them. */
    if (n > 20 && next() % 2) {
      const char *w = (const char *[]){"include", "import", "embed"}[next() % 3];
      for (size_t i = next() % (n - 20); *w && i < n; w++) {
        buf[i++] = next() % 3 ? *w : (char)(*w - 32);
        while (i < n && next() % 3 == 0) buf[i++] = " \\?/\n"[next() % 5];
      }
    }
    positives += rt_source_may_include_slow(buf, n);
    check(buf, n, -1);
  }
  if (positives < 50000) {
    fprintf(stderr, "only %d generated sources hold a word\n", positives);
    failures++;
  }
  if (failures) fprintf(stderr, "%d failures\n", failures);
  else printf("ok\n");
  return failures != 0;
}
