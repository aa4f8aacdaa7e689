/* libFuzzer harness: the public C API's argument checks (include/wavecc,
 * issue 22), beyond the fixed cases of tests/unit/test_capi_args.c.
 *
 * Input bytes choose, per call: which pointers are NULL, every numeric
 * option (opt_level, output, input_kind, assembler, budgets, counts) over
 * its whole range, a wavecc_parse_option string,
 * and a sequence of emulator calls (wemu_alloc, wemu_write, wemu_read,
 * wemu_load, wemu_dispatch) with fuzzed sizes, addresses and dimensions.
 * The compiled program is a fixed one-store kernel (LLVM IR), so a run is
 * fast; valid options that would run a tool (OpenCL input: clang; the
 * llvm-mc assembler) are only checked, never compiled.
 *
 * Property: no crash, no sanitizer report; wavecc_compile with an option
 * out of its documented range fails with a message, with valid options it
 * succeeds; emulator calls fail cleanly (-1 / 0 / NULL) on bad arguments. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "wavecc/emu.h"
#include "wavecc/wavecc.h"

static const char ll[] =
    "target triple = \"amdgcn-amd-amdhsa\"\n"
    "define amdgpu_kernel void @k(ptr addrspace(1) %p) {\n  store i32 1, ptr addrspace(1) %p\n  ret void\n}\n";

typedef struct reader {
  const uint8_t *p;
  size_t n;
} reader;

static uint32_t take(reader *r, unsigned bytes) {
  uint32_t v = 0;
  for (unsigned i = 0; i < bytes; i++) v = v << 8 | (r->n ? (r->n--, *r->p++) : 0);
  return v;
}

static void fuzz_compile(reader *r) {
  wavecc_options o;
  wavecc_options_init(&o);
  o.opt_level = (int)(int8_t)take(r, 1);
  o.output = (wavecc_output_kind)(int8_t)take(r, 1);
  o.input_kind = (wavecc_input_kind)(int8_t)take(r, 1);
  o.assembler = (int8_t)take(r, 1);
  o.max_vgprs = take(r, 2) % 300;
  o.max_sgprs = take(r, 1) % 120;
  uint32_t flags = take(r, 1);
  static const char *const cl[] = {"-DX=1", NULL, "-DY"}; /* as many as num_cl_options can ask for */
  o.cl_options = flags & 1 ? cl : NULL;
  o.num_cl_options = (int)(int8_t)take(r, 1) % 4;
  if (flags & 16) o.input_kind = WAVECC_INPUT_LLVM;
  int valid = o.opt_level >= 0 && o.opt_level <= 3 && (o.output == WAVECC_OUTPUT_OBJ || o.output == WAVECC_OUTPUT_ASM || o.output == WAVECC_OUTPUT_RELOC) &&
              o.input_kind >= WAVECC_INPUT_AUTO && o.input_kind <= WAVECC_INPUT_LLVM && o.assembler >= WAVECC_ASSEMBLER_BUILTIN && o.assembler <= WAVECC_ASSEMBLER_CHECK &&
              o.max_vgprs <= 256 && o.max_sgprs <= 102 &&
              o.num_cl_options >= 0 && (o.num_cl_options == 0 || o.cl_options);
  const char *name = flags & 2 ? NULL : (flags & 4 ? "k.cl" : "k.ll");
  const void *data = flags & 8 ? NULL : ll;
  size_t size = flags & 32 ? 0 : sizeof ll - 1;
  int runs_clang = name && (o.input_kind == WAVECC_INPUT_OPENCL || (o.input_kind == WAVECC_INPUT_AUTO && !strcmp(name, "k.cl")));
  /* Budgets under what this kernel needs make a (reported) budget error. */
  int tight = (o.max_vgprs && o.max_vgprs < 4) || (o.max_sgprs && o.max_sgprs < 16);
  int good = valid && name && (data || !size);
  if (good && (runs_clang || o.assembler != WAVECC_ASSEMBLER_BUILTIN)) return; /* would run clang or llvm-mc */
  wavecc_result *res = wavecc_compile(name, data, size, &o);
  if (!res) abort();
  if (!good && res->status == 0) abort(); /* a bad argument accepted */
  if (res->status != 0 && (!res->diagnostics || !*res->diagnostics)) abort();
  if (good && data && size && !tight && !o.max_vgprs && !o.max_sgprs && res->status != 0) abort();
  wavecc_result_free(res);
}

static void fuzz_parse_option(reader *r) {
  char arg[40];
  unsigned n = take(r, 1) % sizeof arg;
  static const char *const pre[] = {"--max-vgprs=", "--max-sgprs=", "--assembler=", "--spill-sgprs-to-scratch", "-O", ""};
  const char *p = pre[take(r, 1) % 6];
  size_t pl = strlen(p);
  memcpy(arg, p, pl);
  for (unsigned i = pl; i < n && i + 1 < sizeof arg; i++) arg[i] = (char)take(r, 1);
  arg[n > pl ? n : pl] = 0;
  wavecc_options o;
  wavecc_options_init(&o);
  int rc = wavecc_parse_option(take(r, 1) & 1 ? NULL : &o, take(r, 1) & 1 ? NULL : arg);
  if (rc < -1 || rc > 1) abort();
  if (rc == 1 && (o.max_vgprs > 256 || o.max_sgprs > 102 || o.opt_level < 0 || o.opt_level > 3))
    abort();
}

static void fuzz_emu(reader *r, const void *elf, size_t elf_size) {
  wemu_device *d = wemu_create(NULL);
  if (!d) abort();
  wemu_program *prog = NULL;
  uint64_t addrs[4] = {0};
  uint8_t buf[256];
  memset(buf, 0, sizeof buf);
  for (unsigned step = 0; step < 12 && r->n; step++) {
    unsigned op = take(r, 1) % 6;
    uint64_t a = addrs[take(r, 1) % 4] + (uint64_t)(int16_t)take(r, 2);
    uint64_t sz = take(r, 2) % 300;
    wemu_device *dd = take(r, 1) % 16 ? d : NULL;
    void *host = take(r, 1) % 8 ? buf : NULL;
    switch (op) {
    case 0: addrs[step % 4] = wemu_alloc(dd, sz); break;
    case 1: (void)wemu_write(dd, a, host, host ? (sz > sizeof buf ? sizeof buf : sz) : sz); break;
    case 2: (void)wemu_read(dd, a, host, host ? (sz > sizeof buf ? sizeof buf : sz) : sz); break;
    case 3:
      if (!prog) prog = wemu_load(dd, take(r, 1) % 8 ? elf : NULL, elf_size - (take(r, 1) % 4 ? 0 : elf_size / 2));
      break;
    case 4: {
      uint64_t g[3] = {take(r, 2), take(r, 1), take(r, 1)}, l[3] = {take(r, 2) % 2048, 1 + take(r, 1) % 4, 1};
      wemu_arg arg = {NULL, 8, addrs[0]};
      uint32_t dims = take(r, 1) % 5, nargs = take(r, 1) % 3;
      if (g[0] * (g[1] ? g[1] : 1) * (g[2] ? g[2] : 1) > 4096) { /* keep a run short */
        g[0] = 64;
        g[1] = g[2] = 1;
      }
      (void)wemu_dispatch(dd, prog, take(r, 1) % 8 ? "k" : NULL, take(r, 1) % 8 ? &arg : NULL, nargs, dims, g,
                          take(r, 1) % 2 ? l : NULL, NULL, NULL);
      break;
    }
    default: (void)wemu_kernel(prog, take(r, 1) % 4 ? "k" : NULL); break;
    }
    if (!wemu_error(d)) abort();
  }
  wemu_program_free(prog);
  wemu_destroy(d);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  reader r = {data, size};
  unsigned what = take(&r, 1);
  if (what & 1) fuzz_compile(&r);
  if (what & 2) fuzz_parse_option(&r);
  if (what & 4) { /* the fixed kernel's code object */
    wavecc_result *res = wavecc_compile("k.ll", ll, sizeof ll - 1, NULL);
    if (!res || res->status) abort();
    fuzz_emu(&r, res->output, res->output_size);
    wavecc_result_free(res);
  }
  return 0;
}
