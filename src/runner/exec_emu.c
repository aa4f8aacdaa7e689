/* The emulator back ends of wavecc-run: build a test file's program into a
 * code object for --mcpu (gfx900 by default), with wavecc in-process (wavecc_compile,
 * WAVECC_OUTPUT_OBJ) or with LLVM's own code generator (llc-19 -O2, then
 * ld.lld-19 -shared, as the ROCm runtime expects a shared object), and run
 * each [test] on a fresh emulator device (include/wavecc/emu.h).
 *
 * A fresh device per test keeps tests independent: memory left by one test
 * cannot hide an out-of-bounds access in the next. Loading a code object is
 * cheap next to compiling it, which happens once per file. */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "driver/cache.h"
#include "runner/runner.h"
#include "util/spawn.h"
#include "wavecc/emu.h"
#include "wavecc/wavecc.h"

/* What the emulated gfx900 offers to test files. Extensions: the ones
 * clang enables for gfx900 and that the hardware (hence the emulator, which
 * implements the gfx900 instruction set including the f64 and f16 VALU ops
 * and the 32/64-bit global and LDS atomics) supports. Images and samplers
 * are not (no image instructions). OpenCL C: 1.2 by default, and clang 19
 * compiles 2.0 for amdgcn when a file asks with -cl-std=CL2.0 (generic
 * address space = flat); a libclc builtin missing in 2.0 form shows up as an
 * "undefined function" build error, not as a silent skip. */
void rt_emu_facts(rt_device_facts *d) {
  d->device_name = "gfx900";
  d->platform_name = "wavecc";
  d->extensions =
      "cl_khr_fp64 cl_khr_fp16 cl_khr_byte_addressable_store "
      "cl_khr_global_int32_base_atomics cl_khr_global_int32_extended_atomics "
      "cl_khr_local_int32_base_atomics cl_khr_local_int32_extended_atomics "
      "cl_khr_int64_base_atomics cl_khr_int64_extended_atomics";
  d->platform_extensions = "";
  d->clc_version = 20;
  /* HSA dispatches handle a partial last workgroup natively. */
  d->non_uniform_groups = 1;
}

void rt_text_printf(rt_text *t, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  int n = vsnprintf(NULL, 0, fmt, ap);
  va_end(ap);
  if (n < 0) return;
  if (t->cap - t->n < (size_t)n + 1) {
    size_t cap = t->cap ? t->cap : 256;
    while (cap - t->n < (size_t)n + 1) cap *= 2;
    char *p = realloc(t->p, cap);
    if (!p) return;
    t->p = p;
    t->cap = cap;
  }
  va_start(ap, fmt);
  vsnprintf(t->p + t->n, t->cap - t->n, fmt, ap);
  va_end(ap);
  t->n += (size_t)n;
}

void rt_text_free(rt_text *t) {
  free(t->p);
  memset(t, 0, sizeof *t);
}

void rt_emu_program_free(rt_emu_program *p) {
  free(p->elf);
  memset(p, 0, sizeof *p);
}

static char *xstrdup_or(const char *s, const char *fallback) {
  return strdup(s && *s ? s : fallback);
}

/* The file's OpenCL build options plus, for each -mattr feature, clang's
 * "-Xclang -target-feature -Xclang F", so the bitcode's functions carry
 * the features llc-19 is given (+wavefrontsize64 on RDNA: otherwise
 * clang's default wave32 feature and llc's -mattr clash). malloc'ed. */
static char *cl_options_with_features(const char *build_options, const char *mattr, int debug_info) {
  size_t n = (build_options ? strlen(build_options) : 0) + 4 + (mattr ? 40 * (strlen(mattr) + 1) : 0);
  char *s = malloc(n);
  if (!s) return NULL;
  /* wavecc-run -g: clang's debug information (DWARF line tables in the code object) */
  size_t len = (size_t)snprintf(s, n, "%s%s", build_options ? build_options : "", debug_info ? " -g" : "");
  for (const char *m = mattr; m && *m;) {
    const char *comma = strchr(m, ',');
    size_t fl = comma ? (size_t)(comma - m) : strlen(m);
    if (fl) len += (size_t)snprintf(s + len, n - len, " -Xclang -target-feature -Xclang %.*s", (int)fl, m);
    m = comma ? comma + 1 : NULL;
  }
  return s;
}

/* llc-19 + ld.lld-19: bitcode (or the .ll itself) to a shared object. */
static int build_llc(const rt_config *cfg, const rt_file *f, rt_emu_program *p, char **diag, rt_text *log) {
  char dir[4096];
  if (tempdir_create(dir, sizeof dir) != 0) {
    *diag = strdup("cannot create a temporary directory");
    return -1;
  }
  char in[4200], obj[4200], so[4200], llc[4200], lld[4200];
  int rc = -1;
  char *err = NULL;
  void *bc = NULL;
  size_t bc_size = 0;
  snprintf(obj, sizeof obj, "%s/kernel.o", dir);
  snprintf(so, sizeof so, "%s/kernel.hsaco", dir);
  llvm_tool_path(llc, sizeof llc, "llc");
  llvm_tool_path(lld, sizeof lld, "ld.lld");
  if (f->src_kind == RT_SRC_OPENCL) {
    int nopt;
    char *with_features = cl_options_with_features(f->build_options, cfg->mattr, cfg->debug_info);
    char **opts = rt_split_options(with_features, &nopt);
    free(with_features);
    if (!opts) { *diag = strdup("out of memory"); goto done; }
    int st = wavecc_opencl_to_bitcode(f->source_path, f->source, f->source_size, rt_mcpu(cfg),
                                      (const char *const *)opts, nopt, &bc, &bc_size, diag);
    rt_free_options(opts);
    if (st != 0) goto done;
    snprintf(in, sizeof in, "%s/kernel.bc", dir);
    if (file_write_all(in, bc, bc_size) != 0) { *diag = strdup("cannot write a temporary file"); goto done; }
  } else {
    snprintf(in, sizeof in, "%s/kernel.ll", dir);
    if (file_write_all(in, f->source, f->source_size) != 0) { *diag = strdup("cannot write a temporary file"); goto done; }
  }
  if (cfg->reg_vgprs || cfg->reg_sgprs) { /* the budget as kernel attributes, as llc reads it */
    size_t n = 0;
    void *ir = file_read_regular(in, WAVECC_MAX_INPUT_BYTES, &n), *out = NULL;
    size_t out_size = 0;
    int st = ir ? wavecc_ir_set_budget(ir, n, cfg->reg_vgprs, cfg->reg_sgprs, &out, &out_size, diag) : -1;
    free(ir);
    if (st != 0) { if (!*diag) *diag = strdup("cannot read the LLVM IR"); goto done; }
    snprintf(in, sizeof in, "%s/kernel-budget.bc", dir);
    st = file_write_all(in, out, out_size);
    free(out);
    if (st != 0) { *diag = strdup("cannot write a temporary file"); goto done; }
  }
  char mcpu_arg[128], mattr_arg[512];
  snprintf(mcpu_arg, sizeof mcpu_arg, "-mcpu=%s", rt_mcpu(cfg));
  snprintf(mattr_arg, sizeof mattr_arg, "-mattr=%s", cfg->mattr ? cfg->mattr : "");
  char *const llc_argv[] = {llc, "-O2", "-mtriple=amdgcn-amd-amdhsa", mcpu_arg, "-filetype=obj", in, "-o", obj,
                            cfg->mattr ? mattr_arg : NULL, NULL};
  if (cfg->verbose)
    rt_text_printf(log, "  $ %s -O2 -mtriple=amdgcn-amd-amdhsa %s -filetype=obj %s -o %s %s\n", llc, mcpu_arg, in, obj,
                   cfg->mattr ? mattr_arg : "");
  if (spawn_capture(llc_argv, NULL, NULL, &err) != 0) {
    *diag = xstrdup_or(err, "llc-19 failed");
    goto done;
  }
  free(err);
  err = NULL;
  char *const lld_argv[] = {lld, "-shared", obj, "-o", so, NULL};
  if (spawn_capture(lld_argv, NULL, NULL, &err) != 0) {
    *diag = xstrdup_or(err, "ld.lld-19 failed");
    goto done;
  }
  p->elf = file_read_regular(so, WEMU_MAX_CODE_OBJECT_BYTES, &p->elf_size);
  if (!p->elf) { *diag = strdup("cannot read the linked code object"); goto done; }
  rc = 0;
done:
  free(err);
  free(bc);
  if (cfg->keep_temps) rt_text_printf(log, "  temporaries kept in %s\n", dir);
  else tempdir_remove(dir);
  return rc;
}

/* wavecc in-process: OpenCL C (through wavecc_opencl_to_bitcode inside the
 * compiler) or LLVM IR to a code object. */
/* The wavecc options of f's build into *o, its OpenCL options split into
 * the returned vector (rt_free_options; NULL for LLVM IR). */
static char **wavecc_build_options(const rt_config *cfg, const rt_file *f, wavecc_options *o) {
  wavecc_options_init(o);
  o->output = WAVECC_OUTPUT_OBJ;
  o->input_kind = f->src_kind == RT_SRC_OPENCL ? WAVECC_INPUT_OPENCL : WAVECC_INPUT_LLVM;
  o->stats = cfg->stats;
  o->mcpu = rt_mcpu(cfg);
  o->mattr = cfg->mattr;
  for (int k = 0; k < cfg->num_wavecc_opts; k++) wavecc_parse_option(o, cfg->wavecc_opts[k]);
  /* --check=div: wavecc tests each divisor (-fcheck-div, 64-bit too); in
   * the cache key as every option */
  if (cfg->checks & WEMU_CHECK_DIV) o->check_div = 1;
  if (cfg->reg_vgprs && (!o->max_vgprs || cfg->reg_vgprs < o->max_vgprs)) o->max_vgprs = cfg->reg_vgprs;
  if (cfg->reg_sgprs && (!o->max_sgprs || cfg->reg_sgprs < o->max_sgprs)) o->max_sgprs = cfg->reg_sgprs;
  int nopt = 0;
  char *with_g = cfg->debug_info ? cl_options_with_features(f->build_options, NULL, 1) : NULL;
  char **opts = f->src_kind == RT_SRC_OPENCL ? rt_split_options(with_g ? with_g : f->build_options, &nopt) : NULL;
  free(with_g);
  o->cl_options = (const char *const *)opts;
  o->num_cl_options = nopt;
  return opts;
}

bool rt_emu_cached(const rt_config *cfg, const rt_file *f, void **elf, size_t *elf_size, char **diag) {
  if (cfg->compiler != RT_WAVECC || cfg->differential || cfg->code_object || f->src_kind != RT_SRC_OPENCL) return false;
  wavecc_options o;
  char **opts = wavecc_build_options(cfg, f, &o);
  char *path = driver_cache_path(f->source_path, f->source, f->source_size, &o);
  wavecc_result r;
  memset(&r, 0, sizeof r);
  bool hit = path && driver_cache_load(path, &r) && r.status == 0 && r.output && r.output_size;
  if (hit) {
    *elf = r.output, *elf_size = r.output_size, *diag = r.diagnostics;
    r.output = NULL, r.diagnostics = NULL;
  }
  free(r.diagnostics), free(r.output), free(r.kernels), free(r.report);
  free(path);
  rt_free_options(opts);
  return hit;
}

static int build_wavecc(const rt_config *cfg, const rt_file *f, rt_emu_program *p, char **diag, rt_text *log) {
  if (f->cached_elf) { /* read by rt_check_build */
    p->elf = malloc(f->cached_elf_size);
    if (!p->elf) { *diag = strdup("out of memory"); return -1; }
    memcpy(p->elf, f->cached_elf, f->cached_elf_size);
    p->elf_size = f->cached_elf_size;
    if (cfg->verbose && f->cached_diag && *f->cached_diag) rt_text_printf(log, "%s", f->cached_diag);
    return 0;
  }
  wavecc_options o;
  char **opts = wavecc_build_options(cfg, f, &o);
  wavecc_result *r = wavecc_compile(f->source_path, f->source, f->source_size, &o);
  rt_free_options(opts);
  int rc = -1;
  if (!r) {
    *diag = strdup("wavecc_compile returned no result");
    return -1;
  }
  if (cfg->stats && r->report && *r->report) rt_text_printf(log, "%s%s", r->report, r->report[strlen(r->report) - 1] == '\n' ? "" : "\n");
  if (r->status != 0 || !r->output || !r->output_size) {
    *diag = xstrdup_or(r->diagnostics, "wavecc failed without a message");
  } else {
    p->elf = r->output;
    p->elf_size = r->output_size;
    r->output = NULL;
    rc = 0;
    if (cfg->verbose && r->diagnostics && *r->diagnostics) rt_text_printf(log, "%s", r->diagnostics);
    if (cfg->keep_temps) {
      char dir[4096], path[4200];
      if (tempdir_create(dir, sizeof dir) == 0) {
        snprintf(path, sizeof path, "%s/kernel.hsaco", dir);
        if (file_write_all(path, p->elf, p->elf_size) == 0) rt_text_printf(log, "  code object kept in %s\n", path);
      }
    }
  }
  wavecc_result_free(r);
  return rc;
}

int rt_emu_build(const rt_config *cfg, const rt_file *f, rt_emu_program *p, char **diag, rt_text *log) {
  memset(p, 0, sizeof *p);
  *diag = NULL;
  if (cfg->code_object) { /* prebuilt (interoperability tests): the file gives the tests only */
    p->elf = file_read_regular(cfg->code_object, WEMU_MAX_CODE_OBJECT_BYTES, &p->elf_size);
    if (!p->elf)
      *diag = rt_fmt("cannot read the --code-object file %s: %s", cfg->code_object,
                     errno == EINVAL ? "not a regular file" : errno == EFBIG ? "larger than " WEMU_MAX_CODE_OBJECT_TEXT : strerror(errno));
    return p->elf ? 0 : -1;
  }
  return cfg->compiler == RT_LLC ? build_llc(cfg, f, p, diag, log) : build_wavecc(cfg, f, p, diag, log);
}

char *rt_fmt(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  char *s = NULL;
  if (vasprintf(&s, fmt, ap) < 0) s = NULL;
  va_end(ap);
  return s;
}

char *rt_check_arg_count(const rt_test *t, unsigned kernel_args) {
  if (t->num_args != kernel_args)
    return rt_fmt("kernel %s takes %u arguments, the test gives %u", t->kernel_name, kernel_args, t->num_args);
  return NULL;
}

rt_status rt_check_outputs(const rt_test *t, unsigned char *const *actual, char **msg) {
  *msg = NULL;
  for (size_t i = 0; i < t->num_out; i++) {
    const rt_arg *o = &t->out[i];
    rt_mismatch m;
    if (!actual[o->index]) continue;
    if (rt_compare(o->type, o->count, o->data, actual[o->index], &o->tol, &m) == 0) continue;
    if (t->expect_fail) {
      *msg = rt_fmt("mismatch as expected (expect_test_fail)");
      return RT_PASS;
    }
    char tn[16];
    rt_type_name(o->type, tn, sizeof tn);
    if (o->type.width > 1)
      *msg = rt_fmt("arg %u (%s[%llu]) index %llu.s%x: expected %s, got %s (%llu of %llu values differ)",
                     o->index, tn, (unsigned long long)o->count, (unsigned long long)m.index, m.component,
                     m.expected, m.actual, (unsigned long long)m.count,
                     (unsigned long long)(o->count * o->type.width));
    else
      *msg = rt_fmt("arg %u (%s[%llu]) index %llu: expected %s, got %s (%llu of %llu values differ)",
                     o->index, tn, (unsigned long long)o->count, (unsigned long long)m.index, m.expected,
                     m.actual, (unsigned long long)m.count, (unsigned long long)o->count);
    return RT_FAIL;
  }
  if (t->expect_fail) {
    *msg = rt_fmt("expect_test_fail is set but every output matched");
    return RT_FAIL;
  }
  return RT_PASS;
}

rt_status rt_emu_exec(const rt_config *cfg, const rt_emu_program *p, const rt_test *t, rt_emu_outputs *outs,
                      char **msg, rt_text *log) {
  *msg = NULL;
  memset(outs, 0, sizeof *outs);
  wemu_options eo;
  memset(&eo, 0, sizeof eo);
  eo.check_uninit = cfg->check_uninit;
  eo.checks = cfg->checks;
  eo.xnack_replay = cfg->xnack_replay;
  eo.schedule_seed = cfg->schedule_seed;
  /* -j N files already run in parallel: share the CPUs among them */
  long ncpu = sysconf(_SC_NPROCESSORS_ONLN);
  unsigned per_job = ncpu > 0 && cfg->jobs > 0 ? (unsigned)(ncpu / cfg->jobs) : 1;
  eo.threads = cfg->threads ? cfg->threads : per_job ? per_job : 1;
  eo.trace = cfg->trace;
  eo.max_steps = cfg->max_steps;
  eo.timeout_seconds = cfg->timeout_seconds;
  eo.dynamic_stack_bytes = cfg->stack_bytes;
  eo.mcpu = rt_mcpu(cfg);
  /* One file at a time can trace straight to stderr; in parallel runs the
   * trace would interleave, so it is collected with the file's output. */
  char *trace_buf = NULL;
  size_t trace_len = 0;
  FILE *trace_file = NULL;
  if (cfg->trace) {
    if (cfg->jobs > 1) trace_file = open_memstream(&trace_buf, &trace_len);
    eo.trace_file = trace_file ? (void *)trace_file : (void *)stderr;
  }
  wemu_device *dev = wemu_create(&eo);
  rt_status st = RT_ERROR;
  wemu_program *prog = NULL;
  wemu_arg *args = calloc(t->num_args + 1, sizeof *args);
  uint64_t *addr = calloc(t->num_args + 1, sizeof *addr);
  unsigned char **actual = calloc(t->num_args + 1, sizeof *actual);
  size_t *actual_size = calloc(t->num_args + 1, sizeof *actual_size);
  if (!dev || !args || !addr || !actual || !actual_size) { *msg = strdup("out of memory"); goto done; }
  prog = wemu_load(dev, p->elf, p->elf_size);
  if (!prog) { *msg = rt_fmt("cannot load the code object: %s", wemu_error(dev)); goto done; }
  const wemu_kernel_info *ki = wemu_kernel(prog, t->kernel_name);
  if (!ki) { *msg = rt_fmt("no kernel named %s in the code object", t->kernel_name); goto done; }
  if ((*msg = rt_check_arg_count(t, ki->num_explicit_args))) goto done;
  for (unsigned i = 0; i < t->num_args; i++) {
    const rt_arg *in = rt_test_in(t, i), *out = rt_test_out(t, i);
    const rt_arg *a = in ? in : out;
    const wemu_arg_info *ai = &ki->args[i];
    switch (ai->kind) {
    case WEMU_ARG_BY_VALUE:
      if (a->is_buffer) { *msg = rt_fmt("argument %u is by-value in the kernel but a buffer in the test", i); goto done; }
      if (a->size != ai->size) { *msg = rt_fmt("argument %u: the kernel takes %u bytes, the test gives %zu", i, ai->size, a->size); goto done; }
      args[i].data = a->data;
      args[i].size = (uint32_t)a->size;
      break;
    case WEMU_ARG_GLOBAL_BUFFER:
      if ((ai->address_space == 5 || ai->address_space == 2) && !a->is_buffer && a->size == ai->size) {
        /* a private or region pointer (llc-19's metadata: global_buffer of
         * that address space, 4 bytes) is an offset in a segment the host
         * cannot allocate in: the test gives the offset by value */
        uint32_t off = 0;
        memcpy(&off, a->data, sizeof off < a->size ? sizeof off : a->size);
        args[i].address = off;
        break;
      }
      if (!a->is_buffer) { *msg = rt_fmt("argument %u is a pointer in the kernel but by-value in the test", i); goto done; }
      if (a->is_null) break; /* address 0: a null pointer */
      addr[i] = wemu_alloc(dev, a->size);
      if (!addr[i]) { *msg = rt_fmt("argument %u: cannot allocate %zu bytes: %s", i, a->size, wemu_error(dev)); goto done; }
      if (in && wemu_write(dev, addr[i], in->data, in->size) != 0) { *msg = rt_fmt("argument %u: %s", i, wemu_error(dev)); goto done; }
      args[i].address = addr[i];
      break;
    case WEMU_ARG_DYNAMIC_SHARED_POINTER:
      if (!a->is_buffer || !a->is_null) { *msg = rt_fmt("argument %u is __local: the test must give 'buffer TYPE[COUNT] NULL'", i); goto done; }
      if (out) { *msg = rt_fmt("argument %u is __local and cannot be checked", i); goto done; }
      args[i].size = (uint32_t)a->size;
      break;
    default:
      *msg = rt_fmt("argument %u has an unsupported kind (%s)", i, ai->value_kind ? ai->value_kind : "?");
      goto done;
    }
  }
  wemu_stats stats;
  memset(&stats, 0, sizeof stats);
  int rc = wemu_dispatch(dev, prog, t->kernel_name, args, t->num_args, t->dims, t->global_size,
                         t->has_local_size ? t->local_size : NULL, t->global_offset, &stats);
  if (cfg->stats) {
    double util = stats.valu ? 100.0 * (double)stats.active_lanes_sum / (64.0 * (double)stats.valu) : 0.0;
    rt_text_printf(log,
                   "  stats %s [%s]: %llu wave-instructions (salu %llu, valu %llu, smem %llu, vmem %llu, lds %llu, "
                   "branch %llu, other %llu), mode writes %llu, lane utilisation %.1f%%, ~%llu cycles, "
                   "~%llu occupancy-cycles, occupancy %u, %llu waves in %llu workgroups, "
                   "dyn-spills %llu, dyn-reloads %llu, emulated in %.3f ms (CPU %.3f ms)\n",
                   t->kernel_name, t->name, (unsigned long long)stats.wave_instructions,
                   (unsigned long long)stats.salu, (unsigned long long)stats.valu, (unsigned long long)stats.smem,
                   (unsigned long long)stats.vmem, (unsigned long long)stats.lds, (unsigned long long)stats.branch,
                   (unsigned long long)stats.other, (unsigned long long)stats.mode_writes, util, (unsigned long long)stats.cycles_estimate,
                   (unsigned long long)stats.cycles_occupancy, (unsigned)stats.waves_per_simd, (unsigned long long)stats.waves, (unsigned long long)stats.workgroups,
                   (unsigned long long)stats.spill_stores, (unsigned long long)stats.spill_loads, stats.host_seconds * 1e3,
                   stats.host_cpu_seconds * 1e3);
  }
  if (rc != 0) { *msg = rt_fmt("kernel fault: %s", wemu_error(dev)); goto done; }
  /* Every global buffer comes back, not only the arg_out ones: the
   * differential mode compares them all. */
  for (unsigned i = 0; i < t->num_args; i++) {
    if (!addr[i]) continue;
    const rt_arg *in = rt_test_in(t, i), *out = rt_test_out(t, i);
    size_t size = (in ? in : out)->size;
    actual[i] = malloc(size ? size : 1);
    if (!actual[i]) { *msg = strdup("out of memory"); goto done; }
    actual_size[i] = size;
    if (wemu_read(dev, addr[i], actual[i], size) != 0) {
      *msg = rt_fmt("argument %u: cannot read back: %s", i, wemu_error(dev));
      goto done;
    }
  }
  st = RT_PASS;
  outs->num = t->num_args;
  outs->data = actual;
  outs->size = actual_size;
  actual = NULL;
  actual_size = NULL;
done:
  if (prog) wemu_program_free(prog);
  if (dev) wemu_destroy(dev);
  if (trace_file) {
    fclose(trace_file);
    if (trace_buf && trace_len) rt_text_printf(log, "%s", trace_buf);
    free(trace_buf);
  }
  if (actual)
    for (unsigned i = 0; i < t->num_args; i++) free(actual[i]);
  free(actual);
  free(actual_size);
  free(args);
  free(addr);
  if (st == RT_ERROR && !*msg) *msg = strdup("error");
  return st;
}

void rt_emu_outputs_free(rt_emu_outputs *o) {
  if (o->data)
    for (unsigned i = 0; i < o->num; i++) free(o->data[i]);
  free(o->data);
  free(o->size);
  memset(o, 0, sizeof *o);
}

rt_status rt_emu_run_test(const rt_config *cfg, const rt_file *f, const rt_emu_program *p,
                          const rt_test *t, char **msg, rt_text *log) {
  (void)f;
  rt_emu_outputs outs;
  rt_status st = rt_emu_exec(cfg, p, t, &outs, msg, log);
  if (st != RT_PASS) return st;
  st = rt_check_outputs(t, outs.data, msg);
  rt_emu_outputs_free(&outs);
  return st;
}
