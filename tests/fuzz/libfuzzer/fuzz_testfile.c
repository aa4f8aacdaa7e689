/* libFuzzer harness: the kernel test-file parser (src/runner/parse.c).
 *
 * Input: the bytes of a test file. The file kind follows the content the
 * way a user's file name would: a test block opened by slash, star, bang
 * makes it a .cl file, a leading `;` a .ll file, anything else a
 * .program_test file, so that the files of tests/kernels and
 * tests/runner-inputs seed it as they are. The path lies in a directory that does not exist, so a
 * program_source_file line is an error and never reads a host file.
 *
 * Property: rt_file_parse_ex returns 0, or -1 with a non-empty message,
 * never touching memory outside its buffers (ASan/UBSan watch that), and
 * a parsed file frees cleanly (LeakSanitizer). */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "runner/runner.h"

static const char *path_for(const uint8_t *data, size_t size) {
  if (size >= 3 && memmem(data, size, "/*!", 3)) return "/nonexistent-wavecc-fuzz/t.cl";
  if (size >= 1 && data[0] == ';') return "/nonexistent-wavecc-fuzz/t.ll";
  return "/nonexistent-wavecc-fuzz/t.program_test";
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  rt_file f;
  char *err = NULL;
  if (rt_file_parse_ex(path_for(data, size), (const char *)data, size, 0, &f, &err) == 0) {
    if (err) abort(); /* success leaves no message */
    rt_file_free(&f);
  } else {
    if (!err || !err[0]) abort(); /* every failure says why */
    free(err);
  }
  return 0;
}
