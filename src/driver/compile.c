/* libwavecc entry points (wavecc.h): input kind detection, OpenCL C
 * through clang (wavecc_opencl_to_bitcode), then the pipeline. */
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "driver/cache.h"
#include "driver/llc_options.h"
#include "driver/opencl.h"
#include "driver/pipeline.h"
#include "target/target.h"
#include "util/diag.h"
#include "wavecc/wavecc.h"

int wavecc_options_init(wavecc_options *o) {
  if (!o) return -1;
  memset(o, 0, sizeof *o);
  o->mcpu = NULL; /* gfx900, or the kernels' "target-cpu" (driver_module_target) */
  o->opt_level = 2;
  o->output = WAVECC_OUTPUT_OBJ;
  return 0;
}

static int parse_count(const char *s, unsigned max, unsigned *out) {
  char *end;
  long v = strtol(s, &end, 10);
  if (!*s || *end || v < 1 || v > (long)max) return -1;
  *out = (unsigned)v;
  return 1;
}

int wavecc_parse_option(wavecc_options *o, const char *a) {
  if (!o || !a) return -1;
  /* Bounded by the default target's register files (-mcpu may come
   * later); check_arguments checks against the chosen target. */
  const wavecc_target *t = &wavecc_target_gfx900;
  if (!strncmp(a, "--max-vgprs=", 12)) return parse_count(a + 12, t->vgprs, &o->max_vgprs);
  if (!strncmp(a, "--max-sgprs=", 12)) return parse_count(a + 12, t->addressable_sgprs, &o->max_sgprs);
  if (!strcmp(a, "--spill-sgprs-to-scratch")) return o->spill_sgprs_to_scratch = 1;
  if (!strcmp(a, "--no-cache")) return o->no_cache = 1;
  if (!strcmp(a, "--no-llc-ir-passes")) return o->no_llc_ir_passes = 1;
  if (!strcmp(a, "-fcheck-div")) return o->check_div = 1;
  if (!strncmp(a, "--assembler=", 12)) {
    static const char *const names[] = {"builtin", "llvm-mc", "check"};
    for (int i = 0; i < 3; i++)
      if (!strcmp(a + 12, names[i])) {
        o->assembler = i;
        return 1;
      }
    return -1;
  }
  if (!strcmp(a, "-O0") || !strcmp(a, "-O1") || !strcmp(a, "-O2") || !strcmp(a, "-O3")) {
    o->opt_level = a[2] - '0'; /* -O3 as llc-19: the -O2 pipeline (pipeline.c) */
    return 1;
  }
  return 0;
}

static bool ends_with(const char *s, const char *suf) {
  size_t a = strlen(s), b = strlen(suf);
  return a >= b && strcmp(s + a - b, suf) == 0;
}

/* The first bad argument of wavecc_compile (see wavecc.h), reported in
 * `d`; 0 when all are valid. */
static int check_arguments(const char *name, const void *data, size_t size, const wavecc_options *o, diag *d) {
  if (!name) return diag_error(d, NULL, "wavecc_compile: NULL name"), -1;
  if (!data && size) return diag_error(d, NULL, "wavecc_compile: NULL data of %zu bytes", size), -1;
  if (size > WAVECC_MAX_INPUT_BYTES)
    return diag_error(d, NULL, "input of %zu bytes is larger than " WAVECC_MAX_INPUT_TEXT, size), -1;
  const wavecc_target *t = o->mcpu ? wavecc_target_by_name(o->mcpu) : &wavecc_target_gfx900;
  if (!t) return diag_error(d, NULL, "unsupported -mcpu=%s (wavecc targets gfx900)", o->mcpu), -1;
  if (o->opt_level < 0 || o->opt_level > 3) return diag_error(d, NULL, "opt_level %d is not 0..3", o->opt_level), -1;
  if (o->output != WAVECC_OUTPUT_OBJ && o->output != WAVECC_OUTPUT_ASM && o->output != WAVECC_OUTPUT_RELOC)
    return diag_error(d, NULL, "output kind %d is not WAVECC_OUTPUT_OBJ, _ASM or _RELOC", (int)o->output), -1;
  if (o->input_kind != WAVECC_INPUT_AUTO && o->input_kind != WAVECC_INPUT_OPENCL && o->input_kind != WAVECC_INPUT_LLVM)
    return diag_error(d, NULL, "input kind %d is not WAVECC_INPUT_AUTO, _OPENCL or _LLVM", (int)o->input_kind), -1;
  if (o->num_cl_options < 0 || (o->num_cl_options > 0 && !o->cl_options))
    return diag_error(d, NULL, "cl_options NULL or num_cl_options %d negative", o->num_cl_options), -1;
  if (o->assembler < WAVECC_ASSEMBLER_BUILTIN || o->assembler > WAVECC_ASSEMBLER_CHECK)
    return diag_error(d, NULL, "assembler %d is not WAVECC_ASSEMBLER_BUILTIN, _LLVM_MC or _CHECK", o->assembler), -1;
  if (o->max_vgprs > t->vgprs) return diag_error(d, NULL, "max_vgprs %u is not 0..%u", o->max_vgprs, t->vgprs), -1;
  if (o->max_sgprs > t->addressable_sgprs)
    return diag_error(d, NULL, "max_sgprs %u is not 0..%u", o->max_sgprs, t->addressable_sgprs), -1;
  char why[256];
  if (o->triple && llc_triple_check(o->triple, why, sizeof why)) return diag_error(d, NULL, "-mtriple=%s", why), -1;
  if (o->mattr && llc_mattr_check(t, o->mattr, why, sizeof why)) return diag_error(d, NULL, "%s", why), -1;
  if (o->mattr) llc_mattr_warn(t, o->mattr, d);
  return 0;
}

wavecc_result *wavecc_compile(const char *name, const void *data, size_t size, const wavecc_options *opts) {
  wavecc_result *r = calloc(1, sizeof *r);
  if (!r) return NULL;
  wavecc_options defaults;
  if (!opts) {
    wavecc_options_init(&defaults);
    opts = &defaults;
  }
  diag d = {.file = name ? name : "<input>"};
  if (check_arguments(name, data, size, opts, &d) != 0) {
    r->status = 1;
    r->diagnostics = diag_take(&d);
    return r;
  }
  if (!data) data = "";
  wavecc_input_kind kind = opts->input_kind;
  if (kind == WAVECC_INPUT_AUTO) kind = ends_with(name, ".cl") ? WAVECC_INPUT_OPENCL : WAVECC_INPUT_LLVM;
  const char *ir = data;
  size_t ir_size = size;
  void *bc = NULL;
  char *cache = NULL; /* the cache file of this compile (cache.c), or NULL */
  wir_given given = {0}; /* the front end's module, when it hands it over (opencl.c) */
  if (kind == WAVECC_INPUT_OPENCL) {
    cache = driver_cache_path(name, data, size, opts);
    if (cache && driver_cache_load(cache, r)) {
      free(cache);
      return r;
    }
    char *msg = NULL, *deps = NULL;
    void *fe_ctx = NULL, *fe_mod = NULL;
    size_t bc_size = 0;
    /* clang needs a NUL-terminated source */
    char *src = malloc(size + 1);
    memcpy(src, data, size);
    src[size] = 0;
    int rc = driver_opencl_compile(name, src, size, opts->mcpu ? opts->mcpu : "gfx900", opts->cl_options,
                                   opts->num_cl_options, &bc, &bc_size, &fe_ctx, &fe_mod, &msg, &deps);
    free(src);
    if (rc) {
      diag_error(&d, NULL, "OpenCL C compilation failed:\n%s", msg ? msg : "");
      free(msg);
      free(bc);
      free(cache);
      r->status = 1;
      r->diagnostics = diag_take(&d);
      return r;
    }
    /* The headers the program includes are not in the key: not cached. */
    if (deps && *deps) {
      free(cache);
      cache = NULL;
    }
    free(deps);
    free(msg);
    ir = bc;
    ir_size = bc_size;
    given = (wir_given){.ctx = fe_ctx, .mod = fe_mod};
  }
  /* -O3 (accepted as llc-19 accepts it) runs the -O2 pipeline: wavecc has
   * no more aggressive passes. */
  wavecc_options level = *opts;
  if (level.opt_level > 2) level.opt_level = 2;
  int rc = wavecc_pipeline(ir, ir_size, given.mod ? &given : NULL, &level, &d, r);
  free(bc);
  if (rc || d.errors) {
    r->status = 1;
    free(r->output);
    r->output = NULL;
    r->output_size = 0;
  }
  r->diagnostics = diag_take(&d);
  if (cache && r->status == 0) driver_cache_store(cache, r);
  free(cache);
  return r;
}

void wavecc_result_free(wavecc_result *r) {
  if (!r) return;
  free(r->diagnostics);
  free(r->report);
  free(r->output);
  free(r->kernels);
  free(r);
}
