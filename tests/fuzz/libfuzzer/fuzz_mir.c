/* libFuzzer harness: the machine IR text parser (src/mir/parse.c) and the
 * verifier and printer behind it.
 *
 * Input: text machine IR (the .mir files of tests/passes seed it).
 * Properties:
 * - mir_parse returns a program, or NULL with a non-empty "line N: ..."
 *   message; no host memory error (ASan/UBSan).
 * - mir_verify (before and after register allocation) reports problems of
 *   a parsed program and never crashes on one: the parser accepts
 *   programs the verifier rejects, such as uses without definitions.
 * - Printing is the parser's inverse: print(parse(print(p))) is
 *   print(p) byte for byte (print.c and parse.c describe one syntax). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mir/mir.h"
#include "util/arena.h"

static char *print_to_string(const mir_program *p, size_t *len) {
  char *buf = NULL;
  FILE *out = open_memstream(&buf, len);
  if (!out) abort();
  mir_print(p, out);
  fclose(out);
  return buf;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  char *text = malloc(size + 1);
  if (!text) return 0;
  memcpy(text, data, size);
  text[size] = 0;
  arena mem;
  arena_init(&mem);
  char err[256] = "";
  mir_program *p = mir_parse(&mem, text, err, sizeof err);
  if (!p) {
    if (!err[0]) abort();
  } else {
    FILE *null = fopen("/dev/null", "w");
    if (!null) abort();
    mir_verify(p, false, "fuzz", null);
    mir_verify(p, true, "fuzz", null);
    fclose(null);
    size_t n1 = 0, n2 = 0;
    char *once = print_to_string(p, &n1);
    arena mem2;
    arena_init(&mem2);
    mir_program *q = mir_parse(&mem2, once, err, sizeof err);
    if (!q) {
      fprintf(stderr, "printed machine IR does not parse back: %s\n%s", err, once);
      abort();
    }
    char *twice = print_to_string(q, &n2);
    if (n1 != n2 || memcmp(once, twice, n1) != 0) {
      fprintf(stderr, "print(parse(print(p))) differs from print(p):\n%s\n----\n%s", once, twice);
      abort();
    }
    free(once);
    free(twice);
    arena_free(&mem2);
  }
  arena_free(&mem);
  free(text);
  return 0;
}
