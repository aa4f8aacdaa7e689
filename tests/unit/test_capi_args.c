/* Bad arguments to every public function of include/wavecc (wavecc.h, emu.h) (issue 22):
 * each must return the error its header documents, never dereference a
 * NULL pointer or accept an out-of-range option with status 0. Run under
 * ASan/UBSan in CI, where a NULL dereference is a report, not a silent
 * pass. On main, 11 of these calls crashed (NULL name, NULL data with a
 * size, cl_options NULL with a count, wavecc_options_init(NULL),
 * wavecc_parse_option with NULL, wavecc_opencl_to_bitcode with NULL
 * source or out pointers, wemu_alloc(NULL), wemu_read into NULL) and 5
 * out-of-range options returned status 0. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "wavecc/emu.h"
#include "wavecc/wavecc.h"

static int failures, cases;
#define CHECK(c, ...) \
  do { \
    cases++; \
    if (!(c)) { \
      fprintf(stderr, "FAIL %s:%d: %s: ", __FILE__, __LINE__, #c); \
      fprintf(stderr, __VA_ARGS__); \
      fputc('\n', stderr); \
      failures++; \
    } \
  } while (0)

static const char ll[] =
    "target triple = \"amdgcn-amd-amdhsa\"\n"
    "define amdgpu_kernel void @k(ptr addrspace(1) %p) {\n  store i32 1, ptr addrspace(1) %p\n  ret void\n}\n";

/* wavecc_compile with `o` must fail with a message containing `needle`. */
static void compile_fails(const char *what, const char *name, const void *data, size_t size, const wavecc_options *o,
                          const char *needle) {
  wavecc_result *r = wavecc_compile(name, data, size, o);
  CHECK(r != NULL, "%s: no result", what);
  if (!r) return;
  CHECK(r->status != 0, "%s: status 0", what);
  CHECK(r->output == NULL, "%s: output despite the error", what);
  CHECK(r->diagnostics && strstr(r->diagnostics, needle), "%s: message lacks \"%s\": %s", what, needle,
        r->diagnostics ? r->diagnostics : "(none)");
  wavecc_result_free(r);
}

/* Options each out of range in one field: case i of `bad_option`. */
static const char *bad_option(int i, wavecc_options *o) {
  wavecc_options_init(o);
  static const char *const cpu = "gfx1200";
  switch (i) {
  case 0: o->opt_level = 99; return "opt_level 99";
  case 1: o->opt_level = -1; return "opt_level -1";
  case 2: o->output = (wavecc_output_kind)7; return "output kind 7";
  case 3: o->input_kind = (wavecc_input_kind)9; return "input kind 9";
  case 4: o->assembler = 42; return "assembler 42";
  case 5: o->max_vgprs = 100000; return "max_vgprs 100000";
  case 6: o->max_sgprs = 103; return "max_sgprs 103";
  case 7: o->num_cl_options = 3; return "cl_options NULL"; /* cl_options stays NULL */
  case 8: o->num_cl_options = -2; return "num_cl_options -2";
  case 9: o->mcpu = cpu; return "unsupported -mcpu=gfx1200";
  case 10: o->triple = "amdgcn-amd-amdpal"; return "OS 'amdpal' is not amdhsa";
  case 11: o->triple = "r600--"; return "is not an amdgcn triple";
  default: return NULL;
  }
}

static void test_compile(void) {
  wavecc_options o;
  CHECK(wavecc_options_init(NULL) == -1, "wavecc_options_init(NULL)");
  CHECK(wavecc_options_init(&o) == 0, "wavecc_options_init");
  compile_fails("NULL name", NULL, ll, sizeof ll - 1, &o, "NULL name");
  compile_fails("NULL data with a size", "k.ll", NULL, 10, &o, "NULL data");
  compile_fails("oversized input", "k.ll", ll, (size_t)WAVECC_MAX_INPUT_BYTES + 1, &o, "larger than");
  compile_fails("NULL data, OpenCL", "k.cl", NULL, 5, &o, "NULL data");
  const char *what;
  for (int i = 0; (what = bad_option(i, &o)); i++) compile_fails(what, "k.ll", ll, sizeof ll - 1, &o, what);
  /* The same options with .cl input must fail before clang runs. */
  for (int i = 0; (what = bad_option(i, &o)); i++) compile_fails(what, "k.cl", "kernel void k(){}", 17, &o, what);
  /* Valid corners still work: NULL data of size 0 (an empty module has
   * no kernels: an error, but a reported one), -O3, NULL opts. */
  wavecc_options_init(&o);
  CHECK(wavecc_parse_option(&o, "-O3") == 1 && o.opt_level == 3, "-O3 is accepted as opt_level 3");
  wavecc_result *r = wavecc_compile("k.ll", ll, sizeof ll - 1, &o);
  CHECK(r && r->status == 0 && r->output, "-O3 compiles: %s", r && r->diagnostics ? r->diagnostics : "");
  wavecc_result_free(r);
  r = wavecc_compile("k.ll", ll, sizeof ll - 1, NULL);
  CHECK(r && r->status == 0, "NULL options are the defaults: %s", r && r->diagnostics ? r->diagnostics : "");
  wavecc_result_free(r);
  o.triple = "amdgcn--amdhsa"; /* llc-19's -mtriple forms of amdgcn-amd-amdhsa */
  r = wavecc_compile("k.ll", ll, sizeof ll - 1, &o);
  CHECK(r && r->status == 0, "triple amdgcn--amdhsa compiles: %s", r && r->diagnostics ? r->diagnostics : "");
  wavecc_result_free(r);
  o.triple = NULL;
  r = wavecc_compile("k.ll", NULL, 0, &o);
  CHECK(r && r->status != 0 && r->diagnostics, "NULL data of size 0 is an empty input, reported");
  wavecc_result_free(r);
  wavecc_result_free(NULL);
}

static void test_parse_option(void) {
  wavecc_options o;
  wavecc_options_init(&o);
  CHECK(wavecc_parse_option(NULL, "-O1") == -1, "NULL options");
  CHECK(wavecc_parse_option(&o, NULL) == -1, "NULL argument");
  CHECK(wavecc_parse_option(NULL, NULL) == -1, "both NULL");
  CHECK(wavecc_parse_option(&o, "--max-vgprs=0") == -1, "--max-vgprs=0");
  CHECK(wavecc_parse_option(&o, "--max-vgprs=257") == -1, "--max-vgprs=257");
  CHECK(wavecc_parse_option(&o, "--max-sgprs=103") == -1, "--max-sgprs=103");
  CHECK(wavecc_parse_option(&o, "--max-sgprs=") == -1, "--max-sgprs=");
  CHECK(wavecc_parse_option(&o, "--assembler=gas") == -1, "--assembler=gas");
  CHECK(wavecc_parse_option(&o, "-O4") == 0, "-O4 is not an option");
  CHECK(wavecc_parse_option(&o, "") == 0, "empty");
}

static void test_opencl(void) {
  void *bc = NULL;
  size_t n = 0;
  char *diag = NULL;
  const char *src = "kernel void k(global int *p) { *p = 1; }";
  CHECK(wavecc_opencl_to_bitcode("k.cl", src, strlen(src), NULL, NULL, 0, NULL, &n, &diag) == -1, "NULL bc");
  CHECK(wavecc_opencl_to_bitcode("k.cl", src, strlen(src), NULL, NULL, 0, &bc, NULL, &diag) == -1, "NULL bc_size");
  CHECK(wavecc_opencl_to_bitcode("k.cl", src, strlen(src), NULL, NULL, 0, &bc, &n, NULL) == -1, "NULL diag");
  CHECK(wavecc_opencl_to_bitcode("k.cl", NULL, 10, NULL, NULL, 0, &bc, &n, &diag) == -1 && diag && !bc,
        "NULL source with a size");
  free(diag);
  diag = NULL;
  CHECK(wavecc_opencl_to_bitcode("k.cl", src, strlen(src), NULL, NULL, 3, &bc, &n, &diag) == -1 && diag,
        "cl_options NULL with a count");
  free(diag);
  diag = NULL;
  CHECK(wavecc_opencl_to_bitcode("k.cl", src, strlen(src), NULL, NULL, -1, &bc, &n, &diag) == -1 && diag,
        "negative count");
  free(diag);
  diag = NULL;
  CHECK(wavecc_opencl_to_bitcode("k.cl", src, (size_t)WAVECC_MAX_INPUT_BYTES + 1, NULL, NULL, 0, &bc, &n, &diag) == -1 &&
            diag, "oversized source");
  free(diag);
  diag = NULL;
  /* NULL name and mcpu are documented defaults, and NULL entries skipped. */
  const char *opts[] = {NULL, "-DX=1"};
  CHECK(wavecc_opencl_to_bitcode(NULL, src, strlen(src), NULL, opts, 2, &bc, &n, &diag) == 0 && bc && n,
        "defaults: %s", diag ? diag : "");
  free(bc);
  free(diag);

  bc = NULL;
  diag = NULL;
  CHECK(wavecc_ir_set_budget(ll, sizeof ll - 1, 8, 24, NULL, &n, &diag) == -1, "set_budget NULL bc");
  CHECK(wavecc_ir_set_budget(ll, sizeof ll - 1, 8, 24, &bc, NULL, &diag) == -1, "set_budget NULL bc_size");
  CHECK(wavecc_ir_set_budget(ll, sizeof ll - 1, 8, 24, &bc, &n, NULL) == -1, "set_budget NULL diag");
  CHECK(wavecc_ir_set_budget(NULL, 10, 8, 24, &bc, &n, &diag) == -1 && diag, "set_budget NULL ir");
  free(diag);
  diag = NULL;
  CHECK(wavecc_ir_set_budget(ll, sizeof ll - 1, 300, 24, &bc, &n, &diag) == -1 && diag, "set_budget 300 VGPRs");
  free(diag);
  diag = NULL;
  CHECK(wavecc_ir_set_budget(ll, sizeof ll - 1, 8, 200, &bc, &n, &diag) == -1 && diag, "set_budget 200 SGPRs");
  free(diag);
}

/* A code object of the one-store kernel above, from wavecc. */
static void *code_object(size_t *size) {
  wavecc_result *r = wavecc_compile("k.ll", ll, sizeof ll - 1, NULL);
  void *elf = NULL;
  if (r && r->status == 0) {
    elf = r->output;
    *size = r->output_size;
    r->output = NULL;
  }
  wavecc_result_free(r);
  return elf;
}

static void test_emu(void) {
  wemu_options eo;
  memset(&eo, 0, sizeof eo);
  eo.timeout_seconds = -1;
  CHECK(wemu_create(&eo) == NULL, "negative timeout");
  eo.timeout_seconds = NAN;
  CHECK(wemu_create(&eo) == NULL, "NaN timeout");
  wemu_destroy(NULL);
  wemu_program_free(NULL);
  CHECK(wemu_error(NULL) && *wemu_error(NULL), "wemu_error(NULL)");
  CHECK(wemu_alloc(NULL, 16) == 0, "wemu_alloc(NULL)");
  char buf[16] = {0};
  CHECK(wemu_write(NULL, 0x1000, buf, 4) == -1, "wemu_write(NULL dev)");
  CHECK(wemu_read(NULL, 0x1000, buf, 4) == -1, "wemu_read(NULL dev)");
  CHECK(wemu_load(NULL, buf, sizeof buf) == NULL, "wemu_load(NULL dev)");
  CHECK(wemu_kernel(NULL, "k") == NULL, "wemu_kernel(NULL)");
  uint64_t g[3] = {64, 1, 1};
  CHECK(wemu_dispatch(NULL, NULL, "k", NULL, 0, 1, g, NULL, NULL, NULL) == -1, "dispatch NULL dev");

  wemu_device *d = wemu_create(NULL);
  CHECK(d != NULL, "wemu_create(NULL)");
  if (!d) return;
  uint64_t a = wemu_alloc(d, 16);
  CHECK(a != 0, "wemu_alloc");
  CHECK(wemu_alloc(d, (1ull << 34) + 1) == 0 && *wemu_error(d), "wemu_alloc over 16 GiB");
  CHECK(wemu_read(d, a, NULL, 4) == -1 && strstr(wemu_error(d), "NULL"), "wemu_read into NULL");
  CHECK(wemu_write(d, a, NULL, 4) == -1 && strstr(wemu_error(d), "NULL"), "wemu_write from NULL");
  CHECK(wemu_read(d, a, NULL, 0) == 0, "wemu_read of 0 bytes into NULL is fine");
  CHECK(wemu_read(d, a + 8, buf, 16) == -1, "wemu_read past the allocation");
  CHECK(wemu_read(d, 0, buf, 4) == -1, "wemu_read at 0");
  CHECK(wemu_load(d, NULL, 100) == NULL && *wemu_error(d), "wemu_load(NULL elf)");
  CHECK(wemu_load(d, buf, (size_t)WEMU_MAX_CODE_OBJECT_BYTES + 1) == NULL && strstr(wemu_error(d), "larger"),
        "wemu_load of an oversized object: %s", wemu_error(d));
  size_t n = 0;
  void *elf = code_object(&n);
  CHECK(elf != NULL, "code object");
  wemu_program *p = elf ? wemu_load(d, elf, n) : NULL;
  CHECK(p != NULL, "wemu_load: %s", wemu_error(d));
  if (p) {
    CHECK(wemu_kernel(p, NULL) == NULL, "wemu_kernel(NULL name)");
    CHECK(wemu_kernel(p, "k") != NULL, "wemu_kernel");
    wemu_arg arg = {NULL, 8, a};
    CHECK(wemu_dispatch(d, NULL, "k", &arg, 1, 1, g, NULL, NULL, NULL) == -1, "dispatch NULL program");
    CHECK(wemu_dispatch(d, p, NULL, &arg, 1, 1, g, NULL, NULL, NULL) == -1, "dispatch NULL kernel");
    CHECK(wemu_dispatch(d, p, "k", &arg, 1, 1, NULL, NULL, NULL, NULL) == -1, "dispatch NULL global size");
    CHECK(wemu_dispatch(d, p, "k", NULL, 1, 1, g, NULL, NULL, NULL) == -1, "dispatch NULL args");
    CHECK(wemu_dispatch(d, p, "k", &arg, 0, 1, g, NULL, NULL, NULL) == -1, "dispatch wrong arg count");
    CHECK(wemu_dispatch(d, p, "k", &arg, 1, 0, g, NULL, NULL, NULL) == -1, "dispatch 0 dims");
    CHECK(wemu_dispatch(d, p, "k", &arg, 1, 4, g, NULL, NULL, NULL) == -1, "dispatch 4 dims");
    CHECK(wemu_dispatch(d, p, "nope", &arg, 1, 1, g, NULL, NULL, NULL) == -1, "dispatch unknown kernel");
    uint64_t l0[3] = {0, 1, 1}, l2k[3] = {2048, 1, 1}, g0[3] = {0, 1, 1};
    CHECK(wemu_dispatch(d, p, "k", &arg, 1, 1, g, l0, NULL, NULL) == -1, "dispatch local size 0");
    CHECK(wemu_dispatch(d, p, "k", &arg, 1, 1, g, l2k, NULL, NULL) == -1, "dispatch local size 2048");
    CHECK(wemu_dispatch(d, p, "k", &arg, 1, 1, g0, NULL, NULL, NULL) == -1, "dispatch global size 0");
    wemu_device *other = wemu_create(NULL);
    CHECK(wemu_dispatch(other, p, "k", &arg, 1, 1, g, NULL, NULL, NULL) == -1 && strstr(wemu_error(other), "another"),
          "dispatch on another device: %s", wemu_error(other));
    wemu_destroy(other);
    CHECK(wemu_dispatch(d, p, "k", &arg, 1, 1, g, NULL, NULL, NULL) == 0, "a good dispatch still runs: %s",
          wemu_error(d));
    uint32_t v = 0;
    CHECK(wemu_read(d, a, &v, 4) == 0 && v == 1, "the kernel stored 1, got %u", v);
  }
  wemu_program_free(p);
  free(elf);
  wemu_destroy(d);
}

int main(void) {
  test_compile();
  test_parse_option();
  test_opencl();
  test_emu();
  printf("C API bad arguments: %d cases, %d failures\n", cases, failures);
  return failures ? 1 : 0;
}
