/* wavecc-run's library: kernel test files in the OpenCL program-tester
 * format (../shared/KERNEL-TEST-FORMAT.md, after piglit's program-tester),
 * their values and comparisons, and running them with wavecc, llc-19 (both
 * on the wave emulator) or PoCL.
 *
 * Errors in test files are reported as "file:line: message" strings that
 * the caller frees; nothing here exits or aborts on bad input. */
#ifndef WAVECC_RUNNER_RUNNER_H
#define WAVECC_RUNNER_RUNNER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

/* ---- Types and values (value.c) ---- */

typedef enum rt_base {
  RT_CHAR, RT_UCHAR, RT_SHORT, RT_USHORT, RT_INT, RT_UINT,
  RT_LONG, RT_ULONG, RT_HALF, RT_FLOAT, RT_DOUBLE,
} rt_base;

/* A scalar or vector type: `width` is 1, 2, 3, 4, 8 or 16. */
typedef struct rt_type {
  rt_base base;
  unsigned width;
} rt_type;

/* Parses "float", "int4", "uchar16", ...; returns 0 or -1 (unknown). */
int rt_type_parse(const char *s, rt_type *t);
/* Bytes of one scalar of `b`. */
size_t rt_base_size(rt_base b);
/* Bytes of one element of `t` in memory: a 3-wide vector occupies 4
 * slots, as in OpenCL (sizeof(float3) == 16). */
size_t rt_type_size(rt_type t);
/* Slots per element in memory (width, or 4 for width 3). */
unsigned rt_type_slots(rt_type t);
/* "float4" etc. into buf; returns buf. */
const char *rt_type_name(rt_type t, char *buf, size_t size);
int rt_base_is_float(rt_base b);

/* IEEE binary16 conversions (round to nearest even). */
uint16_t rt_float_to_half(float f);
float rt_half_to_float(uint16_t h);

/* Parses one value token for a scalar of `b` and stores it little-endian at
 * `dst` (rt_base_size(b) bytes). Integers: decimal or 0x hex, in the range
 * of either the signed or the unsigned type of that width (so -1 and
 * 0xffffffff both fill an int); floats: strtod syntax (decimal, hex float,
 * nan, -nan, inf, infinity, any case); true/false are 1/0 for both.
 * Returns 0, or -1 with a message in err. */
int rt_value_parse(rt_base b, const char *tok, void *dst, char *err, size_t errsize);

/* Writes the scalar at `src` as text ("%.9g" for float, plus the hex bits
 * for floats so that ulp differences are visible). */
void rt_value_format(rt_base b, const void *src, char *buf, size_t size);

typedef enum rt_tol_kind { RT_TOL_NONE, RT_TOL_ABS, RT_TOL_ULP } rt_tol_kind;

typedef struct rt_tolerance {
  rt_tol_kind kind;
  double abs;   /* RT_TOL_ABS: allowed |actual - expected| */
  uint64_t ulp; /* RT_TOL_ULP: allowed units in the last place */
} rt_tolerance;

/* Compares one scalar. Integers: exact, or within an absolute tolerance.
 * Floats: an expected NaN matches any NaN; an expected infinity only the
 * same infinity; otherwise the difference must be 0 ulp (so +0 == -0)
 * without a tolerance, <= abs with an absolute one, <= N ulp with an ulp
 * one. Returns 1 when equal within tolerance. */
int rt_scalar_matches(rt_base b, const void *expected, const void *actual, const rt_tolerance *tol);

/* Distance in ulps between two floats of kind `b` (half, float, double)
 * given as bit patterns, on the ordered-integer line where +0 and -0
 * coincide. Undefined for NaNs (callers handle them first). */
uint64_t rt_ulp_distance(rt_base b, uint64_t a_bits, uint64_t b_bits);

/* The first mismatch of a buffer comparison. */
typedef struct rt_mismatch {
  uint64_t index;      /* element index in the buffer */
  unsigned component;  /* vector component (0 for scalars) */
  uint64_t count;      /* total mismatching scalars */
  char expected[96], actual[96];
} rt_mismatch;

/* Compares `count` elements of type `t` (padded layout, rt_type_size each)
 * at `expected` and `actual`, skipping the padding slot of 3-vectors.
 * Returns the number of mismatching scalars (0 = match) and fills *m with
 * the first one. */
uint64_t rt_compare(rt_type t, uint64_t count, const void *expected, const void *actual,
                    const rt_tolerance *tol, rt_mismatch *m);

/* ---- Test files (parse.c) ---- */

/* One arg_in or arg_out line. */
typedef struct rt_arg {
  int line;               /* line in the test file */
  unsigned index;         /* kernel argument index */
  int is_buffer;          /* `buffer TYPE[COUNT]` rather than by-value */
  int is_null;            /* buffer value NULL: __local of that size, or a null global pointer */
  int is_image;           /* image/sampler argument: the test is skipped */
  rt_type type;
  uint64_t count;         /* buffer elements (1 for by-value) */
  unsigned char *data;    /* count * rt_type_size(type) bytes, padding zero; NULL if is_null */
  size_t size;            /* bytes (also set when is_null) */
  rt_tolerance tol;       /* arg_out only */
} rt_arg;

typedef struct rt_test {
  char *name;
  int line;
  char *kernel_name;
  unsigned dims;
  uint64_t global_size[3], local_size[3], global_offset[3];
  int has_local_size;
  int expect_fail;        /* expect_test_fail: a mismatch is the expected outcome */
  rt_arg *in, *out;
  size_t num_in, num_out;
  unsigned num_args;      /* 1 + the largest argument index */
} rt_test;

typedef enum rt_src_kind { RT_SRC_OPENCL, RT_SRC_LLVM } rt_src_kind;

typedef struct rt_file {
  char *path;             /* as given */
  char *name;             /* [config] name, or NULL */
  rt_src_kind src_kind;
  char *source;           /* program text (NUL-terminated) */
  size_t source_size;
  char *source_path;      /* file the program came from (for diagnostics) */
  char *build_options;    /* may be NULL */
  char *device_regex, *platform_regex; /* may be NULL */
  char *device_extensions, *platform_extensions; /* space-separated, may be NULL */
  char *device_features;  /* require_device_features: OpenCL C 3.0 feature names without the
                             __opencl_c_ prefix (int64, fp64), space-separated, may be NULL */
  int clc_version_min;    /* x10, 0 if absent */
  int expect_build_fail;
  char *binary_note;      /* program_binary*: not supported, tests are skipped */
  rt_test *tests;
  size_t num_tests;
  /* wavecc's code object and messages from its code-object cache, read by
   * rt_check_build (rt_emu_cached) for rt_emu_build; NULL: compile */
  void *cached_elf;
  size_t cached_elf_size;
  char *cached_diag;
} rt_file;

/* Reads and parses a test file (.cl, .ll, .program_test by extension).
 * Returns 0, or -1 with *err = "path:line: message" (malloc'ed). On error
 * `f` is left freed. */
int rt_file_load(const char *path, rt_file *f, char **err);
/* Parses `text` as the file `path` (the extension selects where the block
 * is); for tests and for callers that already hold the text. A
 * program_source_file is read relative to `path`'s directory. */
int rt_file_parse(const char *path, const char *text, size_t size, rt_file *f, char **err);
/* Test files and program_source_file are read only when they are regular
 * files of at most RT_MAX_FILE_BYTES (never a device or a FIFO); a
 * program_source_file must lie inside the test file's directory tree
 * unless `allow_outside` (wavecc-run --allow-outside-sources). The plain
 * functions above are these with allow_outside = 0. */
#define RT_MAX_FILE_BYTES (64u << 20)
#define RT_MAX_FILE_TEXT "64 MiB"
int rt_file_load_ex(const char *path, int allow_outside, rt_file *f, char **err);
int rt_file_parse_ex(const char *path, const char *text, size_t size, int allow_outside, rt_file *f, char **err);
void rt_file_free(rt_file *f);

/* Splits a build_options string on whitespace (no quoting) into a
 * malloc'ed, NULL-terminated array of malloc'ed strings; *n = count. */
char **rt_split_options(const char *s, int *n);
void rt_free_options(char **v);

/* ---- Running (run.c, exec_emu.c, exec_pocl.c) ---- */

struct rt_config;
/* What f may ask of the compiler (build_check.c): its build_options only
 * from the clBuildProgram options of the OpenCL specification, -I
 * directories and every file the program's preprocessing reads (#include,
 * #embed) inside the test file's directory tree unless
 * cfg->allow_outside_sources. Returns NULL and *options (malloc'ed: the
 * build options to compile with, a relative -I made absolute from the
 * test file's directory), or a malloc'ed message refusing the file. A
 * compile that is a cache hit needs no include check: its code object
 * goes to f->cached_elf (rt_emu_cached). */
char *rt_check_build(const struct rt_config *cfg, rt_file *f, char **options);
/* 0 when no preprocessing directive of the source src[0, n) can read a
 * file (no "include", "import" or "embed" in any letter case once every
 * backslash, '?', '/' and white-space byte is deleted), so rt_check_build
 * may skip preprocessing it; 1 when one might. The _slow form scans every
 * byte (the rule as written, for tests). build_check.c. */
int rt_source_may_include(const char *src, size_t n);
int rt_source_may_include_slow(const char *src, size_t n);

/* RT_ICD: the system OpenCL loader's "wavecc" platform (libwavecc_icd.so,
 * src/icd), i.e. wavecc and the emulator behind the OpenCL API. */
typedef enum rt_compiler { RT_WAVECC, RT_LLC, RT_POCL, RT_ICD } rt_compiler;

typedef struct rt_config { /* wavecc-run's options */
  rt_compiler compiler;
  int jobs;               /* files in parallel, >= 1 */
  int verbose, stats, trace, check_uninit, keep_temps;
  unsigned threads;        /* --threads: wemu_options.threads; 0: the CPUs divided by jobs */
  uint64_t schedule_seed;  /* --schedule-seed: wemu_options.schedule_seed */
  int xnack_replay; /* wemu_options.xnack_replay: fail code an XNACK replay would get wrong */
  unsigned checks;  /* --check=LIST: wemu_options.checks (WEMU_CHECK_*) */
  int debug_info;   /* -g: compile with debug information (DWARF line tables: check reports name source lines) */
  const char *known_failures; /* file name, or NULL */
  int progress;           /* -1 auto (stdout is a terminal and many files), 0 off, 1 on */
  int differential;       /* compile with wavecc and llc-19, compare every buffer byte for byte */
  uint64_t max_steps;     /* emulator: instructions per wave before "did not finish"; 0 default */
  double timeout_seconds; /* emulator: wall-clock seconds per test; 0 none */
  int allow_outside_sources; /* program_source_file may leave the test file's directory */
  const char *const *wavecc_opts; /* -Xwavecc OPTION, in order (wavecc_parse_option), for every wavecc build */
  int num_wavecc_opts;
  unsigned reg_vgprs, reg_sgprs; /* --reg-budget: the same register budget for every compiler (0: none) */
  const char *code_object; /* --code-object: run this prebuilt code object instead of compiling (emulator) */
  uint32_t stack_bytes;    /* --stack-size: emulator stack room per work-item for dynamic-stack kernels; 0 default */
  const char *mcpu;        /* --mcpu: processor compiled for and emulated (NULL: gfx900) */
  const char *mattr;       /* --mattr: llc-19 target features for both compilers (NULL: none) */
  double total_timeout_seconds; /* --total-timeout: wall-clock limit of the whole run; 0 none */
} rt_config;

/* The processor a run compiles for and emulates (--mcpu, default gfx900). */
static inline const char *rt_mcpu(const rt_config *cfg) { return cfg->mcpu ? cfg->mcpu : "gfx900"; }

/* Counts of a run. Errors are counted in `failed` (and in `errors`). */
typedef struct rt_counts {
  unsigned passed, failed, skipped, errors, xfail, xpass;
  unsigned cut;           /* tests not run or not finished within --total-timeout (also in failed) */
} rt_counts;

/* Runs every test file named in `paths` (files, or directories searched
 * recursively for .cl, .ll and .program_test files), writing one line per
 * test to `out` and the closing "N passed, N failed, N skipped" line.
 * Returns 0 when nothing failed, 1 otherwise, 2 on a usage error (message
 * on `err`). */
int rt_run(const rt_config *cfg, const char *const *paths, int num_paths, FILE *out, FILE *err,
           rt_counts *counts);

/* Per-file execution, shared by the back ends. */

/* Result of one test. */
typedef enum rt_status { RT_PASS, RT_FAIL, RT_SKIP, RT_ERROR } rt_status;

/* Byte-growing text buffer for one file's output. */
typedef struct rt_text {
  char *p;
  size_t n, cap;
} rt_text;
void rt_text_printf(rt_text *t, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* printf into a malloc'ed string the caller frees (test-result messages);
 * NULL when out of memory. */
char *rt_fmt(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void rt_text_free(rt_text *t);

/* ---- Worker processes (isolate.c) ---- */

/* wavecc-run's glibc heap settings, applied once before other static
 * constructors run (a priority-101 constructor calls it): no trim, the
 * heap grown 64 MiB at a time and those 64 MiB advised for transparent
 * huge pages; each worker (rt_worker_start) then starts its own
 * allocations on a 2 MiB boundary its parent never touched. Returns 1
 * when applied; 0 when WAVECC_MALLOC_DEFAULTS is set (glibc's defaults,
 * for comparisons) or the C library has no such settings. */
int rt_heap_tune(void);
/* CLOCK_MONOTONIC in seconds. */
double rt_monotonic_seconds(void);
/* Work done in a worker process: appends result lines to `out`, counts to `c`. */
typedef void (*rt_child_fn)(void *arg, rt_text *out, rt_counts *c);
typedef enum rt_isolate_status { RT_ISOLATE_OK, RT_ISOLATE_DIED, RT_ISOLATE_CUT } rt_isolate_status;
/* One worker process and what it sent so far (fields private to isolate.c). */
typedef struct rt_worker {
  int pid, res_fd, err_fd;
  rt_text res, tail, out;
  rt_counts c;
  int got, reaped, status;
} rt_worker;
/* Forks a child that runs fn(arg, ...) and sends back its output and
 * counts. Call from a single-threaded process only (see isolate.c).
 * Returns 0, or -1 with *msg (malloc'ed). */
int rt_worker_start(rt_worker *w, rt_child_fn fn, void *arg, char **msg);
/* Waits up to `ms` milliseconds for any of the n workers, reads what they
 * sent (forwarding their stderr to ours) and reaps those that ended. */
void rt_workers_wait(rt_worker *const *ws, size_t n, int ms);
/* 1 when w's result is complete or w has ended. */
int rt_worker_done(const rt_worker *w);
/* Ends w: kills it first when `stop` and it is not done (RT_ISOLATE_CUT).
 * RT_ISOLATE_OK: *out and *c hold its output and counts; RT_ISOLATE_DIED:
 * it crashed, aborted or exited without a result, *msg (malloc'ed) says
 * how, with the last lines of its stderr (e.g. "LLVM ERROR: out of memory"). */
rt_isolate_status rt_worker_finish(rt_worker *w, int stop, rt_text *out, rt_counts *c, char **msg);

/* The built program of one file for the emulator back ends: an ELF code
 * object (wavecc or llc + ld.lld). */
typedef struct rt_emu_program {
  void *elf;
  size_t elf_size;
} rt_emu_program;

/* Builds f's program with wavecc (in-process) or llc-19 + ld.lld-19.
 * Returns 0 and the ELF, or -1 and the compiler's messages in *diag.
 * Compiler --stats lines go to `log`. */
int rt_emu_build(const rt_config *cfg, const rt_file *f, rt_emu_program *p, char **diag, rt_text *log);
/* Whether rt_emu_build of f (its build_options already checked) is a hit
 * of wavecc's code-object cache: wavecc in-process (not --differential,
 * not --code-object), OpenCL C, an entry present and valid; then the
 * entry's code object and messages are in *ELF, *ELF_SIZE and *DIAG
 * (malloc'ed). A hit reads no file but the entry: the cache keeps only
 * compiles that read no file beside the source and clang's own headers. */
bool rt_emu_cached(const rt_config *cfg, const rt_file *f, void **elf, size_t *elf_size, char **diag);
void rt_emu_program_free(rt_emu_program *p);
/* The contents of a test's global buffers after a run: data[i] holds
 * size[i] bytes for each buffer argument i (NULL for by-value, __local and
 * null-pointer arguments); num = the test's argument count. */
typedef struct rt_emu_outputs {
  unsigned num;
  unsigned char **data;
  size_t *size;
} rt_emu_outputs;
/* Runs test `t` on a fresh emulator device and reads back every global
 * buffer into *outs (freed with rt_emu_outputs_free). Returns RT_PASS when
 * the kernel ran to its end, RT_ERROR with *msg (malloc'ed) when it could
 * not be set up or faulted (outs then empty). No arg_out is checked. */
rt_status rt_emu_exec(const rt_config *cfg, const rt_emu_program *p, const rt_test *t, rt_emu_outputs *outs,
                      char **msg, rt_text *log);
void rt_emu_outputs_free(rt_emu_outputs *o);
/* Runs test `t` on a fresh emulator device; fills *msg (malloc'ed) with the
 * fail/error/skip reason. Extra output (--stats, trace) goes to `log`. */
rt_status rt_emu_run_test(const rt_config *cfg, const rt_file *f, const rt_emu_program *p,
                          const rt_test *t, char **msg, rt_text *log);

/* Device facts used to decide skips. */
typedef struct rt_device_facts {
  const char *device_name, *platform_name;
  const char *extensions;   /* space-separated */
  const char *platform_extensions;
  int clc_version;          /* x10 */
  int non_uniform_groups;   /* local size need not divide global size */
} rt_device_facts;
/* The emulated gfx900 device (see exec_emu.c for the extension list). */
void rt_emu_facts(rt_device_facts *d);

/* PoCL through the OpenCL ICD loader. One instance per run, shared by the
 * worker threads (OpenCL objects are thread-safe; each file makes its own
 * program and queue). */
typedef struct rt_pocl rt_pocl;
/* Opens the OpenCL platform named `platform` (NULL: the first platform
 * with a device other than wavecc's) and its first device; NULL with
 * *err on failure. */
rt_pocl *rt_pocl_open(const char *platform, char **err);
void rt_pocl_close(rt_pocl *p);
/* --compiler=icd from a build tree: when OCL_ICD_VENDORS is not set and
 * <dir of this program>/../icd/vendors/wavecc.icd exists (build/tools ->
 * build/icd), sets OCL_ICD_VENDORS to that directory, so the loader finds
 * the uninstalled ICD. Call before the first OpenCL call. */
void rt_icd_vendors_default(void);
/* Sets WAVECC_CHECK (the ICD's bug checks, src/icd/icd_context.c) to the
 * list of `checks` (WEMU_CHECK_*; "none" when empty) unless it is set:
 * --compiler=icd runs the checks wavecc-run was asked for (poison by
 * default). */
void rt_icd_checks_default(unsigned checks);
void rt_pocl_facts(const rt_pocl *p, rt_device_facts *d);
/* Builds, runs and checks every test of `f` with PoCL, appending result
 * lines through `report` (called once per test). */
typedef void (*rt_report_fn)(void *ctx, const rt_test *t, rt_status s, const char *msg);
void rt_pocl_run_file(const rt_config *cfg, rt_pocl *p, const rt_file *f, rt_report_fn report,
                      void *ctx, rt_text *log);

/* --differential (differential.c): builds `f` with wavecc and with llc-19,
 * runs every test with both on the emulator and compares every global
 * buffer byte for byte; one result per test through `report` (pass:
 * identical; fail: a difference, or only one compiler's code faults;
 * skip: a compiler cannot build the file, or both codes fault). */
void rt_differential_file(const rt_config *cfg, const rt_file *f, rt_report_fn report, void *ctx, rt_text *log);
/* Compares the buffers of two runs of test `t` (w: wavecc's, l: llc-19's)
 * byte for byte. NULL when identical, else a malloc'ed description of the
 * first difference: kernel, argument, element index (typed as the test
 * declares the argument, bytes otherwise) and both values. */
char *rt_compare_runs(const rt_test *t, const rt_emu_outputs *w, const rt_emu_outputs *l);

/* The first line (at most size - 1 characters) of a compiler's messages
 * about file f, without the leading "SOURCE_PATH: " the result lines
 * already show; copied into buf, which is returned. */
const char *rt_first_diag(const rt_file *f, const char *diag, char *buf, size_t size);

/* Shared by the back ends: checks test t's arguments for consistency with
 * a kernel's explicit argument count. Returns NULL or a malloc'ed message. */
char *rt_check_arg_count(const rt_test *t, unsigned kernel_args);
/* The arg_out entry for `index`, or NULL; likewise arg_in. */
const rt_arg *rt_test_out(const rt_test *t, unsigned index);
const rt_arg *rt_test_in(const rt_test *t, unsigned index);
/* Checks every arg_out of `t` against `actual[i]` (the buffer contents of
 * argument i after the run, NULL for non-buffers). Returns RT_PASS or
 * RT_FAIL (honouring expect_test_fail) and a malloc'ed message in *msg. */
rt_status rt_check_outputs(const rt_test *t, unsigned char *const *actual, char **msg);

#endif
