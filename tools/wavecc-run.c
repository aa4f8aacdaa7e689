/* wavecc-run: runs kernel test files (OpenCL program-tester format,
 * ../shared/KERNEL-TEST-FORMAT.md) with wavecc or llc-19 on the wave
 * emulator, or with the system OpenCL (PoCL), and checks the results.
 * Exit status: 0 all passed (or skipped / known failures), 1 something
 * failed, 2 usage error. */
#include <errno.h>
#include <malloc.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <sys/mman.h>
#include <sys/stat.h>

#include "runner/runner.h"
#include "target/target.h"
#include "wavecc/emu.h"
#include "wavecc/wavecc.h"
#include "tool_exit.h"

static void usage(FILE *f) {
  fputs(
      "usage: wavecc-run [options] FILE|DIR...\n"
      "Runs .cl, .ll and .program_test kernel test files (directories are searched\n"
      "recursively) and checks every arg_out. Prints one line per test and ends with\n"
      "'N passed, N failed, N skipped'; exits 1 if anything failed.\n"
      "\n"
      "  --compiler=wavecc      compile with libwavecc in-process, run on the emulator (default)\n"
      "  --compiler=llc         compile with clang/llc-19 + ld.lld-19, run on the emulator\n"
      "  --compiler=pocl        build and run with the system OpenCL (PoCL); .ll files are skipped\n"
      "  --compiler=icd         the same through the OpenCL loader's wavecc platform (libwavecc_icd.so:\n"
      "                         wavecc + the emulator; OCL_ICD_VENDORS defaults to the build's icd/vendors)\n"
      "  -j N, --jobs=N         run N files in parallel (default 1)\n"
      "  --differential         compile each file with wavecc and with llc-19, run both on the\n"
      "                         same inputs and compare every global buffer byte for byte\n"
      "                         (arg_out values are not needed; skip = a compiler cannot\n"
      "                         build the file or both codes fault)\n"
      "  --reg-budget=V,S       the same register budget for every compiler: wavecc as with\n"
      "                         --max-vgprs=V --max-sgprs=S, llc-19 through \"amdgpu-num-vgpr\"\n"
      "                         and \"amdgpu-num-sgpr\" added to every kernel's IR\n"
      "  --max-steps=N          a wave that executes N instructions ends the test with 'did\n"
      "                         not finish' (default 20000000)\n"
      "  --timeout=SECONDS      wall-clock limit per test on the emulator (default 60, 0 none)\n"
      "  --total-timeout=SECONDS  wall-clock limit of the whole run (default 0, none): files\n"
      "                         not finished by then are stopped, their tests reported as\n"
      "                         'cut', listed in the summary and counted as failed\n"
      "  --stack-size=BYTES     stack room per work-item the emulator adds for a kernel with a\n"
      "                         dynamic stack (recursion, indirect calls; default 16384); a\n"
      "                         deeper stack faults with 'stack overflow at call depth N'\n"
      "  --allow-outside-sources  a .program_test's program_source_file, and the files a\n"
      "                         .cl file #includes (or build_options' -I names), may be\n"
      "                         absolute paths or lie outside the test file's directory tree\n"
      "  --known-failures=FILE  files listed in FILE (one per line, # comments) that fail are\n"
      "                         'xfail' and not counted; a listed file that passes is 'xpass'\n"
      "                         and counts as failed\n"
      "  -Xwavecc OPTION        pass OPTION to wavecc for every file it compiles (repeatable):\n"
      "                         --max-vgprs=N, --max-sgprs=N (forced register budgets), -O0..-O3\n"
      "                         (-O3 runs the -O2 pipeline, as llc-19's -O3 does)\n"
      "  --no-cache             compile OpenCL C afresh, never reading or writing wavecc's\n"
      "                         code-object cache (also: WAVECC_NO_CACHE=1; the cache is in\n"
      "                         $WAVECC_CACHE_DIR, else $XDG_CACHE_HOME/wavecc or ~/.cache/wavecc;\n"
      "                         WAVECC_CACHE_MAX_SIZE caps it, default 512M, least recently used first)\n"
      "  --stats                per kernel: emulator dynamic statistics and wavecc's stats\n"
      "  --threads=N            emulator threads running the work-groups of a dispatch in parallel\n"
      "                         (default: the CPUs divided by -j, at least 1); results equal a\n"
      "                         serial run's unless work-groups race on global memory (--trace: 1);\n"
      "                         the other threads start once a dispatch has run 16384 wave-instructions\n"
      "  --schedule-seed=N      interleave the waves of a work-group pseudo-randomly, reproducibly\n"
      "                         from N (default 0: round-robin, one instruction each)\n"
      "  --trace                per-instruction emulator trace (stderr; with the file's\n"
      "                         output when -j > 1)\n"
      "  --check=LIST           kernel bug checks to add (comma-separated; 'all': all but uninit,\n"
      "                         align; 'none': clears the list, including the default poison).\n"
      "                         Default: poison (about 1.2x the emulation time)\n"
      "                         poison  undefined data (never-written registers, LDS, private memory)\n"
      "                                 deciding a branch, an address or a global store\n"
      "                         race    LDS / global accesses of different waves or work-groups that\n"
      "                                 no barrier or atomic orders\n"
      "                         barrier s_barrier reached by part of a group, different barriers, a\n"
      "                                 wave ending while others wait\n"
      "                         align   an N-byte access not aligned to min(N, 4) (compiler-merged\n"
      "                                 accesses of smaller alignment are reported too)\n"
      "                         bounds  a private access past the private segment\n"
      "                         div     integer division by zero\n"
      "                         uninit  every read of a never-written register (the compiler oracle)\n"
      "                         Reports name the check, PC, instruction, source line (code objects\n"
      "                         with DWARF .debug_line), address, lane, work-item and work-group\n"
      "  --no-check=LIST        turn checks off (--no-check=poison: none at all by default)\n"
      "  --check-uninit         the same as --check=uninit\n"
      "  -g                     compile with debug information (clang -g; wavecc and llc-19 write DWARF\n"
      "                         .debug_line), so check reports and faults name file:line:column\n"
      "  --xnack-replay         report code an XNACK replay would get wrong (code objects with xnack any\n"
      "                         or on): a soft clause writing a register it reads, an unaligned\n"
      "                         multi-dword scalar load overwriting its address\n"
      "  --keep-temps           keep temporary files and code objects, print where\n"
      "  --mcpu=CPU             compile for and emulate CPU (default gfx900; wavecc -mcpu=help\n"
      "                         lists them); both compilers get it, the code object must match\n"
      "  --mattr=+F,-F,...      llc-19 target features for both compilers (e.g. +wavefrontsize64)\n"
      "  --code-object=FILE     run FILE (a linked code object for --mcpu, e.g. wavecc's and\n"
      "                         llc's code linked by ld.lld) instead of compiling each file\n"
      "  --progress, --no-progress  force the progress line on or off (default: on when\n"
      "                         stdout is a terminal and there are 10 files or more)\n"
      "  -v, --verbose          build logs, commands, full diagnostics\n"
      "\n"
      "Each file is compiled and run in its own worker process: a compiler abort or\n"
      "crash (say, LLVM's on malformed bitcode) is an error for that file only\n"
      "(--compiler=pocl runs in-process). A test file's build_options may hold only\n"
      "the clBuildProgram options of the OpenCL specification: -D NAME[=VALUE],\n"
      "-I DIR (inside the test's tree), -w, -Werror, -cl-std=CLx.y, -cl-opt-disable,\n"
      "-cl-mad-enable, -cl-no-signed-zeros, -cl-unsafe-math-optimizations,\n"
      "-cl-finite-math-only, -cl-fast-relaxed-math, -cl-single-precision-constant,\n"
      "-cl-denorms-are-zero, -cl-fp32-correctly-rounded-divide-sqrt,\n"
      "-cl-uniform-work-group-size, -cl-no-subgroup-ifp, -cl-kernel-arg-info, -g;\n"
      "anything else is refused (clang options such as -fplugin= run code).\n"
      "  -h, --help             this text\n",
      f);
}

/* Whether the comma-separated check list names "none". */
static int check_list_has_none(const char *list) {
  for (const char *s = list; *s;) {
    size_t n = strcspn(s, ",");
    if (n == 4 && !strncmp(s, "none", 4)) return 1;
    s += n;
    if (*s == ',') s++;
  }
  return 0;
}

/* One command-line argument, argv[*i] (and the value after it for -Xwavecc
 * and -j N, which advance *i), into cfg (a -Xwavecc option appended to
 * xopts, cfg->wavecc_opts), or a path into paths[*npaths].
 * Returns 0 to go on, 1 after --help (printed to stdout), 2 after a
 * message on stderr for a bad option or value. */
static int parse_arg(rt_config *cfg, const char **xopts, int argc, char **argv, int *i, const char **paths, int *npaths) {
  const char *a = argv[*i];
  const char *jobs = NULL;
  if (!strcmp(a, "-h") || !strcmp(a, "--help")) { usage(stdout); return 1; }
  else if (!strcmp(a, "-v") || !strcmp(a, "--verbose")) cfg->verbose = 1;
  else if (!strcmp(a, "--stats")) cfg->stats = 1;
  else if (!strncmp(a, "--reg-budget=", 13)) {
    char *e = NULL;
    unsigned long v = strtoul(a + 13, &e, 10), s = e && *e == ',' ? strtoul(e + 1, &e, 10) : 0;
    if (!v || v > 256 || !s || s > 102 || *e) {
      fprintf(stderr, "wavecc-run: --reg-budget=VGPRS,SGPRS needs 1..256 and 1..102, got '%s'\n", a + 13);
      return 2;
    }
    cfg->reg_vgprs = (unsigned)v;
    cfg->reg_sgprs = (unsigned)s;
  }
  else if (!strcmp(a, "--no-cache")) xopts[cfg->num_wavecc_opts++] = "--no-cache";
  else if (!strcmp(a, "-Xwavecc")) {
    wavecc_options probe;
    wavecc_options_init(&probe);
    if (*i + 1 >= argc || wavecc_parse_option(&probe, argv[*i + 1]) != 1) {
      fprintf(stderr, "wavecc-run: -Xwavecc needs a wavecc option it knows (--max-vgprs=N, --max-sgprs=N, --spill-sgprs-to-scratch, -ON), got '%s'\n",
              *i + 1 < argc ? argv[*i + 1] : "");
      return 2;
    }
    xopts[cfg->num_wavecc_opts++] = argv[++*i];
  }
  else if (!strncmp(a, "--stack-size=", 13)) {
    char *e = NULL;
    unsigned long v = strtoul(a + 13, &e, 10);
    if (!a[13] || *e || v < 1 || v > 131056) {
      fprintf(stderr, "wavecc-run: --stack-size=BYTES needs 1..131056, got '%s'\n", a + 13);
      return 2;
    }
    cfg->stack_bytes = (uint32_t)v;
  }
  else if (!strncmp(a, "--threads=", 10) || !strncmp(a, "--schedule-seed=", 16)) {
    int thr = a[2] == 't';
    const char *v = strchr(a, '=') + 1;
    char *e = NULL;
    unsigned long long n = strtoull(v, &e, 10);
    if (!*v || *e || *v == '-' || (thr && (n < 1 || n > 256))) {
      fprintf(stderr, "wavecc-run: bad value in '%s' (%s)\n", a, thr ? "1 to 256 threads" : "a whole number");
      return 2;
    }
    if (thr) cfg->threads = (unsigned)n;
    else cfg->schedule_seed = n;
  }
  else if (!strcmp(a, "--trace")) cfg->trace = 1;
  else if (!strcmp(a, "--check-uninit")) cfg->check_uninit = 1;
  else if (!strcmp(a, "-g")) cfg->debug_info = 1;
  else if (!strncmp(a, "--check=", 8) || !strncmp(a, "--no-check=", 11)) {
    int off = a[2] == 'n';
    const char *list = strchr(a, '=') + 1;
    unsigned v = 0;
    if (wemu_check_parse(list, &v)) {
      fprintf(stderr, "wavecc-run: %s takes poison,race,barrier,align,bounds,div,uninit, all or none, got '%s'\n",
              off ? "--no-check=LIST" : "--check=LIST", list);
      return 2;
    }
    /* --check adds to the default (poison); 'none' in its list first
     * clears every check; --no-check removes. */
    if (off) cfg->checks &= ~v;
    else cfg->checks = (check_list_has_none(list) ? 0 : cfg->checks) | v;
  }
  else if (!strcmp(a, "--xnack-replay")) cfg->xnack_replay = 1;
  else if (!strcmp(a, "--keep-temps")) cfg->keep_temps = 1;
  else if (!strncmp(a, "--code-object=", 14)) cfg->code_object = a + 14;
  else if (!strncmp(a, "--mcpu=", 7)) {
    if (!wavecc_target_by_name(a + 7)) {
      fprintf(stderr, "wavecc-run: unsupported --mcpu=%s (wavecc -mcpu=help lists the processors)\n", a + 7);
      return 2;
    }
    cfg->mcpu = a + 7;
  } else if (!strncmp(a, "--mattr=", 8) && a[8]) cfg->mattr = a + 8;
  else if (!strcmp(a, "--progress")) cfg->progress = 1;
  else if (!strcmp(a, "--no-progress")) cfg->progress = 0;
  else if (!strcmp(a, "--differential")) cfg->differential = 1;
  else if (!strcmp(a, "--allow-outside-sources")) cfg->allow_outside_sources = 1;
  else if (!strncmp(a, "--max-steps=", 12) || !strncmp(a, "--timeout=", 10) || !strncmp(a, "--total-timeout=", 16)) {
    int steps = a[2] == 'm', total = a[2] == 't' && a[3] == 'o';
    const char *v = strchr(a, '=') + 1;
    char *end;
    double n = strtod(v, &end);
    if (!*v || *end || n < 0 || n > 1e15 || (steps && (n < 1 || n != (double)(uint64_t)n))) {
      fprintf(stderr, "wavecc-run: bad value in '%s' (%s)\n", a, steps ? "a whole number of instructions >= 1" : "seconds >= 0");
      return 2;
    }
    if (steps) cfg->max_steps = (uint64_t)n;
    else if (total) cfg->total_timeout_seconds = n;
    else cfg->timeout_seconds = n;
  } else if (!strncmp(a, "--compiler=", 11)) {
    const char *c = a + 11;
    if (!strcmp(c, "wavecc")) cfg->compiler = RT_WAVECC;
    else if (!strcmp(c, "llc")) cfg->compiler = RT_LLC;
    else if (!strcmp(c, "pocl")) cfg->compiler = RT_POCL;
    else if (!strcmp(c, "icd")) cfg->compiler = RT_ICD;
    else { fprintf(stderr, "wavecc-run: unknown compiler '%s' (wavecc, llc, pocl or icd)\n", c); return 2; }
  } else if (!strncmp(a, "--known-failures=", 17) && a[17]) cfg->known_failures = a + 17;
  else if (!strcmp(a, "-j") || !strcmp(a, "--jobs")) {
    if (*i + 1 >= argc) { fprintf(stderr, "wavecc-run: %s needs a number\n", a); return 2; }
    jobs = argv[++*i];
  } else if (!strncmp(a, "--jobs=", 7)) jobs = a + 7;
  else if (!strncmp(a, "-j", 2)) jobs = a + 2;
  else if (a[0] == '-' && a[1]) {
    fprintf(stderr, "wavecc-run: unknown option '%s' (see --help)\n", a);
    return 2;
  } else paths[(*npaths)++] = a;
  if (jobs) {
    char *end;
    long n = strtol(jobs, &end, 10);
    if (*end || n < 1 || n > 256) { fprintf(stderr, "wavecc-run: bad job count '%s' (1 to 256)\n", jobs); return 2; }
    cfg->jobs = (int)n;
  }
  return 0;
}

/* glibc's heap, tuned before any other static constructor runs (LLVM's
 * and clang's allocate at start-up): rt_heap_tune (isolate.c) says how
 * and why. Not under sanitizers, whose allocator ignores this. */
#if !defined(__SANITIZE_ADDRESS__)
__attribute__((constructor(101))) static void tune_malloc(void) { rt_heap_tune(); }
#endif

int main(int argc, char **argv) {
  rt_config cfg;
  memset(&cfg, 0, sizeof cfg);
  cfg.compiler = RT_WAVECC;
  cfg.jobs = 1;
  cfg.progress = -1;
  cfg.timeout_seconds = 60;
  /* poison is on by default: it costs about 1.2x in emulation time (README
   * "Finding kernel bugs"), under the 2x bar (issue 29). */
  cfg.checks = WEMU_CHECK_POISON;
  const char **paths = calloc((size_t)argc + 1, sizeof *paths);
  int npaths = 0;
  const char **xopts = calloc((size_t)argc + 1, sizeof *xopts);
  if (!paths || !xopts) return 2;
  cfg.wavecc_opts = xopts;
  for (int i = 1; i < argc; i++) {
    int r = parse_arg(&cfg, xopts, argc, argv, &i, paths, &npaths);
    if (r) {
      free(paths); free(xopts);
      return r == 1 ? 0 : 2;
    }
  }
  if (!npaths) {
    usage(stderr);
    free(paths); free(xopts);
    return 2;
  }
  if (cfg.code_object) { /* one message now rather than one per file */
    struct stat st;
    const char *why = stat(cfg.code_object, &st) != 0 ? strerror(errno)
                      : !S_ISREG(st.st_mode)          ? "not a regular file"
                      : (uint64_t)st.st_size > WEMU_MAX_CODE_OBJECT_BYTES ? "larger than " WEMU_MAX_CODE_OBJECT_TEXT
                                                                          : NULL;
    if (why) {
      fprintf(stderr, "wavecc-run: --code-object=%s: %s\n", cfg.code_object, why);
      free(paths); free(xopts);
      return 2;
    }
  }
  rt_counts counts;
  int rc = rt_run(&cfg, paths, npaths, stdout, stderr, &counts);
  free(paths); free(xopts);
  /* PoCL or another OpenCL runtime in the process (or Oclgrind preloaded)
   * may have work at exit (its reports, its cache): a normal exit then. */
  return cfg.compiler == RT_POCL || cfg.compiler == RT_ICD ? rc : exit_now(rc);
}
