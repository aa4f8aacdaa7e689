/* Unit tests: the kernel test file parser (src/runner/parse.c) on the files
 * under tests/runner-inputs (well-formed and malformed) and on inline text.
 * WAVECC_SRC (set by ctest) is the source tree. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "runner/runner.h"

static int failures;
#define CHECK(c) do { if (!(c)) { fprintf(stderr, "%s:%d: CHECK failed: %s\n", __FILE__, __LINE__, #c); failures++; } } while (0)

static char path_buf[4096];
static const char *input(const char *rel) {
  const char *src = getenv("WAVECC_SRC");
  snprintf(path_buf, sizeof path_buf, "%s/tests/runner-inputs/%s", src ? src : ".", rel);
  return path_buf;
}

/* Loads a malformed file and checks that the error names `line` (0: no
 * line) and contains `needle`. */
static void expect_error(const char *rel, int line, const char *needle) {
  rt_file f;
  char *err = NULL;
  const char *p = input(rel);
  int rc = rt_file_load(p, &f, &err);
  CHECK(rc != 0);
  if (rc == 0) { fprintf(stderr, "  %s parsed without error\n", rel); rt_file_free(&f); return; }
  char want[4300];
  if (line) snprintf(want, sizeof want, "%s:%d: ", p, line);
  else snprintf(want, sizeof want, "%s: ", p);
  if (!err || strncmp(err, want, strlen(want)) != 0 || !strstr(err, needle)) {
    fprintf(stderr, "  %s: got '%s', want prefix '%s' and '%s'\n", rel, err ? err : "(null)", want, needle);
    failures++;
  }
  free(err);
}

static const rt_test *find_test(const rt_file *f, const char *name) {
  for (size_t i = 0; i < f->num_tests; i++)
    if (!strcmp(f->tests[i].name, name)) return &f->tests[i];
  return NULL;
}

static void test_good(void) {
  rt_file f;
  char *err = NULL;
  int rc = rt_file_load(input("good/formats.cl"), &f, &err);
  CHECK(rc == 0);
  if (rc) { fprintf(stderr, "  %s\n", err); free(err); return; }
  CHECK(f.num_tests == 8);
  CHECK(f.src_kind == RT_SRC_OPENCL);
  CHECK(!strcmp(f.name, "runner format corners"));
  const rt_test *t = &f.tests[0];
  CHECK(!strcmp(t->kernel_name, "copy_float")); /* [config] default, comment cut */
  CHECK(t->dims == 1 && t->global_size[0] == 4 && t->global_size[1] == 1 && t->has_local_size && t->local_size[0] == 2);
  CHECK(t->num_args == 2 && t->num_in == 2 && t->num_out == 1);
  float v[4];
  memcpy(v, rt_test_in(t, 0)->data, sizeof v);
  CHECK(v[0] == 1.5f && v[1] < -1e38f && v[2] > 1e38f && v[3] != v[3]);
  t = find_test(&f, "continuation lines and true/false");
  CHECK(t && t->in[0].count == 4);
  if (t) { memcpy(v, t->in[0].data, sizeof v); CHECK(v[0] == 1 && v[1] == 1 && v[2] == 0 && v[3] == 4); }
  t = find_test(&f, "ulp tolerance");
  CHECK(t && t->out[0].tol.kind == RT_TOL_ULP && t->out[0].tol.ulp == 1);
  t = find_test(&f, "absolute tolerance");
  CHECK(t && t->out[0].tol.kind == RT_TOL_ABS && t->out[0].tol.abs == 0.000001);
  CHECK(t && !strcmp(t->kernel_name, "scale"));
  t = find_test(&f, "a wrong expectation, expected to fail");
  CHECK(t && t->expect_fail);
  t = find_test(&f, "int4 and int3 vectors, by-value vector, 3-wide padding");
  if (t) {
    const rt_arg *b = rt_test_out(t, 1);
    CHECK(b->size == 32); /* int3 occupies 16 bytes */
    int32_t w[8];
    memcpy(w, b->data, 32);
    CHECK(w[0] == 11 && w[2] == 33 && w[3] == 0 && w[4] == 15 && w[6] == 37 && w[7] == 0);
    const rt_arg *by = rt_test_in(t, 2);
    CHECK(!by->is_buffer && by->size == 16);
    const rt_arg *u = rt_test_out(t, 3);
    uint32_t uu[2];
    memcpy(uu, u->data, 8);
    CHECK(uu[0] == 0xffffffffu && uu[1] == 0xffffffffu);
    CHECK(t->global_size[0] == 2);
  } else CHECK(!"vector test missing");
  t = find_test(&f, "__local NULL buffer and integer tolerance");
  if (t) {
    const rt_arg *l = rt_test_in(t, 1);
    CHECK(l->is_null && l->size == 4 && !l->data);
  } else CHECK(!"local test missing");
  t = find_test(&f, "random inputs are deterministic and only read");
  if (t) {
    rt_file g;
    char *e2 = NULL;
    CHECK(rt_file_load(input("good/formats.cl"), &g, &e2) == 0);
    const rt_test *t2 = find_test(&g, t->name);
    CHECK(t2 && !memcmp(rt_test_in(t, 0)->data, rt_test_in(t2, 0)->data, 16));
    float r[4];
    memcpy(r, rt_test_in(t, 0)->data, sizeof r);
    CHECK(r[0] >= -1 && r[0] < 1 && r[0] != r[1]);
    rt_file_free(&g);
  } else CHECK(!"random test missing");
  rt_file_free(&f);

  CHECK(rt_file_load(input("good/options.program_test"), &f, &err) == 0);
  CHECK(f.build_options && !strcmp(f.build_options, "-D FACTOR=3"));
  CHECK(f.source && strstr(f.source, "FACTOR"));
  rt_file_free(&f);
  CHECK(rt_file_load(input("good/inline.program_test"), &f, &err) == 0);
  CHECK(f.source && !strncmp(f.source, "#define TWO 2", 13) && strstr(f.source, " \nkernel void twice"));
  CHECK(f.num_tests == 1 && f.tests[0].dims == 2 && f.tests[0].global_size[1] == 2);
  rt_file_free(&f);
  CHECK(rt_file_load(input("good/add.ll"), &f, &err) == 0);
  CHECK(f.src_kind == RT_SRC_LLVM && f.num_tests == 1 && f.tests[0].line == 9);
  rt_file_free(&f);
  CHECK(rt_file_load(input("good/build_fail.cl"), &f, &err) == 0);
  CHECK(f.expect_build_fail && f.num_tests == 0);
  rt_file_free(&f);
  CHECK(rt_file_load(input("good/skip_image.cl"), &f, &err) == 0);
  CHECK(f.num_tests == 2 && f.tests[0].in[0].is_image);
  rt_file_free(&f);
}

static void test_bad(void) {
  expect_error("bad/no_tests.cl", 0, "no [test] sections");
  expect_error("bad/no_block.cl", 0, "no test block");
  expect_error("bad/unclosed.cl", 1, "not closed");
  expect_error("bad/unknown_key.cl", 9, "unknown key 'bogus_key'");
  expect_error("bad/value_count.cl", 9, "expected 4 values, got 3");
  expect_error("bad/out_of_range.cl", 9, "300 does not fit in char");
  expect_error("bad/missing_arg.cl", 7, "argument 0 is missing");
  expect_error("bad/bad_dims.cl", 4, "dimensions");
  expect_error("bad/bad_type.cl", 8, "unknown type 'flot'");
  expect_error("bad/int_ulp.cl", 8, "ulp");
  expect_error("bad/no_source.program_test", 0, "program_source");
  expect_error("bad/missing_source.program_test", 2, "cannot read program_source_file");
  expect_error("bad/source_absolute.program_test", 2, "program_source_file /dev/zero is an absolute path");
  expect_error("bad/source_outside.program_test", 2, "lies outside the test file's directory");
  expect_error("bad/ll_count.ll", 6, "expected 1 values, got 2");
  expect_error("bad/duplicate.cl", 9, "given twice");
  expect_error("bad/test_first.cl", 2, "[test] before [config]");
  expect_error("bad/null_out.cl", 9, "arg_out needs an arg_in buffer with contents");
  expect_error("bad/bad_float.cl", 8, "'1.5x' is not a floating-point value");
  expect_error("bad/does-not-exist.cl", 0, "cannot read");
  expect_error("bad/../README.md", 0, "unknown test file type");
}

/* Inputs that are not regular files are refused without reading or
 * blocking: /dev/zero (it would grow the process without end) and a FIFO
 * (it would block forever), as a test file and as a program_source_file
 * (with --allow-outside-sources for the absolute path). */
static void test_special_files(void) {
  rt_file f;
  char *err = NULL;
  CHECK(rt_file_load_ex("/dev/zero", 1, &f, &err) != 0 && err && strstr(err, "not a regular file"));
  free(err);
  err = NULL;
  const char *text = "[config]\nprogram_source_file: /dev/zero\nkernel_name: k\ndimensions: 1\n"
                     "global_size: 1 0 0\n[test]\narg_out: 0 buffer int[1] 1\n";
  CHECK(rt_file_parse_ex("/tmp/x.program_test", text, strlen(text), 1, &f, &err) != 0 && err &&
        strstr(err, "cannot read program_source_file /dev/zero: not a regular file"));
  free(err);
  err = NULL;
  char dir[] = "/tmp/wavecc-fifo-XXXXXX";
  if (!mkdtemp(dir)) { CHECK(0); return; }
  char fifo[128], test[128];
  snprintf(fifo, sizeof fifo, "%s/k.cl", dir);
  snprintf(test, sizeof test, "%s/t.program_test", dir);
  CHECK(mkfifo(fifo, 0600) == 0);
  const char *t2 = "[config]\nprogram_source_file: k.cl\nkernel_name: k\ndimensions: 1\n"
                   "global_size: 1 0 0\n[test]\narg_out: 0 buffer int[1] 1\n";
  CHECK(rt_file_parse_ex(test, t2, strlen(t2), 0, &f, &err) != 0 && err && strstr(err, "not a regular file"));
  free(err);
  err = NULL;
  CHECK(rt_file_load_ex(fifo, 0, &f, &err) != 0 && err && strstr(err, "not a regular file"));
  free(err);
  unlink(fifo);
  rmdir(dir);
}

/* Inline texts: things not worth a file each. */
static void test_inline(void) {
  rt_file f;
  char *err = NULL;
  const char *ok = "/*!\n[config]\nkernel_name: k\ndimensions: 1\nglobal_size: 8\n"
                   "[test]\narg_in: 0 buffer half2[2] 1 -2 0.5 65504\narg_in: 1 double 0x1p-1074\n"
                   "arg_in: 2 buffer ulong[1] 0xffffffffffffffff\narg_in: 3 buffer char16[1] repeat -128 127\n!*/\n";
  CHECK(rt_file_parse("x.cl", ok, strlen(ok), &f, &err) == 0);
  if (!err) {
    const rt_arg *h = rt_test_in(&f.tests[0], 0);
    uint16_t hv[4];
    memcpy(hv, h->data, 8);
    CHECK(hv[0] == 0x3c00 && hv[1] == 0xc000 && hv[2] == 0x3800 && hv[3] == 0x7bff);
    double d;
    memcpy(&d, rt_test_in(&f.tests[0], 1)->data, 8);
    CHECK(d > 0 && d < 1e-300);
    CHECK(rt_test_in(&f.tests[0], 3)->size == 16 && (signed char)rt_test_in(&f.tests[0], 3)->data[15] == 127);
    CHECK(f.tests[0].name && !strcmp(f.tests[0].name, "test 1"));
    rt_file_free(&f);
  } else { fprintf(stderr, "  %s\n", err); free(err); err = NULL; }
  const char *nul = "/*!\n[config]\n\0\n!*/";
  CHECK(rt_file_parse("n.cl", nul, 18, &f, &err) != 0 && strstr(err, "NUL"));
  free(err);
  err = NULL;
  const char *zero = "/*!\n[config]\nkernel_name: k\ndimensions: 2\nglobal_size: 8 0 0\n[test]\narg_in: 0 int 1\n!*/";
  CHECK(rt_file_parse("z.cl", zero, strlen(zero), &f, &err) != 0 && strstr(err, "z.cl:6: ") && strstr(err, "global_size[1] is 0"));
  free(err);
  err = NULL;
  /* Values separated by spaces, tabs and CRs; any other byte at or below
   * ' ' (here \f) belongs to its token, as with strtok_r(" \t\r\n"), so
   * "2\f3" is one token and no integer. */
  const char *seps = "/*!\n[config]\nkernel_name: k\ndimensions: 1\nglobal_size: 8\n[test]\n"
                     "arg_in: 0 buffer uint[4] 1\t2\r 3  \t4294967295\n!*/\n";
  CHECK(rt_file_parse("s.cl", seps, strlen(seps), &f, &err) == 0);
  if (!err) {
    uint32_t u[4];
    memcpy(u, rt_test_in(&f.tests[0], 0)->data, sizeof u);
    CHECK(u[0] == 1 && u[1] == 2 && u[2] == 3 && u[3] == 0xffffffffu);
    rt_file_free(&f);
  } else { fprintf(stderr, "  %s\n", err); free(err); err = NULL; }
  const char *ctl = "/*!\n[config]\nkernel_name: k\ndimensions: 1\nglobal_size: 8\n[test]\n"
                    "arg_in: 0 buffer uint[2] 1 2\f3\n!*/\n";
  CHECK(rt_file_parse("c.cl", ctl, strlen(ctl), &f, &err) != 0 && err && strstr(err, "is not an integer"));
  free(err);
  err = NULL;
  const char *trailing = "/*!\n[config]\nkernel_name: k\\";
  CHECK(rt_file_parse("t.cl", trailing, strlen(trailing), &f, &err) != 0);
  free(err);
  err = NULL;
  int n;
  char **o = rt_split_options("  -D A=1   -cl-std=CL1.2\t-DB ", &n);
  CHECK(n == 4 && !strcmp(o[0], "-D") && !strcmp(o[1], "A=1") && !strcmp(o[2], "-cl-std=CL1.2") &&
        !strcmp(o[3], "-DB") && o[4] == NULL);
  rt_free_options(o);
}

int main(void) {
  test_good();
  test_bad();
  test_inline();
  test_special_files();
  if (failures) fprintf(stderr, "%d failure(s)\n", failures);
  return failures ? 1 : 0;
}
