/* What a test file may ask of the compiler (rt_check_build, runner.h).
 *
 * wavecc-run runs test files from anywhere, and a test file's
 * build_options used to reach clang unchanged: `-fplugin=/x.so` loads and
 * runs a library, `-MD -MF /any/path` writes a file anywhere, and
 * `#include "/etc/passwd"` shows that file in the build error. So:
 *
 * - build_options may hold only the clBuildProgram options the OpenCL
 *   specification defines (OpenCL 3.0 API spec, 5.8.6 "Compiler Options":
 *   preprocessor -D and -I, math and optimisation -cl-*, -w, -Werror,
 *   -cl-std=, -cl-kernel-arg-info, -g); anything else is refused by name.
 *   A relative -I directory is taken relative to the test file's directory
 *   (as program_source_file is), and must lie inside that directory's tree.
 *
 * - Every file the program's preprocessing reads must lie inside the test
 *   file's directory tree. Checking the text of #include lines cannot be
 *   made robust (macros, line splices, digraphs, -I search order, #embed,
 *   #import, symbolic links), so clang itself says what it reads: the
 *   source is preprocessed first, with the very command line of the real
 *   compile, in process (clang's preprocessor with a dependency
 *   collector, see wavecc_opencl_includes), and every file it entered
 *   except the source and clang's own resource headers is resolved
 *   (realpath: "..", links) and must lie below the test file's
 *   directory. When preprocessing fails, the files entered before it
 *   stopped are checked; the compile then reports the error
 *   itself. Only after the check does the real compile run.
 *
 * --allow-outside-sources lifts both directory limits (not the option
 * list). The files could change between the check and the compile; the
 * check guards against hostile test files, not against a concurrent
 * writer of the test tree. */
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "driver/opencl.h"
#include "runner/runner.h"

/* Options of the specification taken as they are. */
static const char *const plain_options[] = {
    "-w", "-Werror", "-g", "-cl-kernel-arg-info", "-cl-opt-disable", "-cl-mad-enable", "-cl-no-signed-zeros",
    "-cl-unsafe-math-optimizations", "-cl-finite-math-only", "-cl-fast-relaxed-math", "-cl-single-precision-constant",
    "-cl-denorms-are-zero", "-cl-fp32-correctly-rounded-divide-sqrt", "-cl-uniform-work-group-size",
    "-cl-no-subgroup-ifp", "-cl-strict-aliasing",
};
static const char *const cl_std_values[] = {"CL1.0", "CL1.1", "CL1.2", "CL2.0", "CL3.0"};

/* 1 when `path` (resolved) is `root` or lies below it. */
static int below(const char *path, const char *root) {
  size_t n = strlen(root);
  return !strncmp(path, root, n) && (path[n] == '/' || path[n] == 0 || (n == 1 && root[0] == '/'));
}

/* The test file's directory, resolved; NULL when it cannot be. */
static char *test_root(const rt_file *f) {
  const char *slash = strrchr(f->path, '/');
  char *dir = slash ? strndup(f->path, (size_t)(slash - f->path + 1)) : strdup(".");
  char *r = dir ? realpath(dir, NULL) : NULL;
  free(dir);
  return r;
}

/* -I DIR: the directory clang should search (relative to the test file's
 * directory), or NULL with *msg. */
static char *include_dir(const char *arg, const char *root, int allow_outside, char **msg) {
  char *full = arg[0] == '/' ? strdup(arg) : rt_fmt("%s/%s", root, arg);
  char *real = full ? realpath(full, NULL) : NULL;
  if (!real) *msg = rt_fmt("build_options: -I %s: %s", arg, full ? strerror(errno) : "out of memory");
  else if (!allow_outside && !below(real, root))
    *msg = rt_fmt("build_options: -I %s lies outside the test file's directory tree (--allow-outside-sources permits it)",
                  arg);
  if (real && !*msg && strpbrk(real, " \t\n"))
    *msg = rt_fmt("build_options: -I %s: directories whose path holds white space are not supported", arg);
  free(full);
  if (*msg) {
    free(real);
    return NULL;
  }
  return real;
}

/* Checks one option (and its separate value at opts[*i + 1]); appends the
 * form to pass on to *out. NULL or a message. */
static char *check_option(char **opts, int n, int *i, const char *root, int allow_outside, rt_text *out) {
  const char *a = opts[*i];
  if (!strcmp(a, "-D") || !strcmp(a, "-I")) {
    if (*i + 1 >= n) return rt_fmt("build_options: %s needs a value", a);
    if (a[1] == 'D') {
      rt_text_printf(out, " -D %s", opts[++*i]);
      return NULL;
    }
    a = opts[++*i];
  } else if (!strncmp(a, "-D", 2)) {
    rt_text_printf(out, " %s", a);
    return NULL;
  } else if (!strncmp(a, "-I", 2)) {
    a += 2;
  } else {
    for (size_t k = 0; k < sizeof plain_options / sizeof *plain_options; k++)
      if (!strcmp(a, plain_options[k])) {
        rt_text_printf(out, " %s", a);
        return NULL;
      }
    if (!strncmp(a, "-cl-std=", 8)) {
      for (size_t k = 0; k < sizeof cl_std_values / sizeof *cl_std_values; k++)
        if (!strcmp(a + 8, cl_std_values[k])) {
          rt_text_printf(out, " %s", a);
          return NULL;
        }
      return rt_fmt("build_options: unknown OpenCL C version in '%s' (CL1.0, CL1.1, CL1.2, CL2.0 or CL3.0)", a);
    }
    return rt_fmt("build_options: '%s' is not a clBuildProgram option of the OpenCL specification, refused "
                  "(see wavecc-run --help)", a);
  }
  /* -I DIR */
  char *msg = NULL;
  char *dir = include_dir(a, root, allow_outside, &msg);
  if (dir) rt_text_printf(out, " -I%s", dir);
  free(dir);
  return msg;
}

/* The first file of `files` (lines) outside `root`, as a message. */
static char *outside_include(const char *files, const char *root) {
  for (const char *l = files; *l;) {
    size_t len = strcspn(l, "\n");
    char *p = strndup(l, len);
    if (p && !below(p, root)) {
      char *m = rt_fmt("the program reads %s (#include or #embed), outside the test file's directory tree; refused "
                       "(--allow-outside-sources permits it)", p);
      free(p);
      return m;
    }
    free(p);
    l += len + (l[len] == '\n');
  }
  return NULL;
}

/* 0 when no preprocessing directive of `src` can read a file, so the
 * preprocessing check may be skipped (it cost a tenth of an uncached run:
 * clang set up a second time and opencl-c.h read again). The directives
 * and pragmas that enter a file all have "include", "import" or "embed"
 * in their name (#include, #include_next, #import, #embed,
 * #pragma clang module import, __has_include and __has_embed only test),
 * and a directive name is never a macro expansion: its letters stand in
 * the source, separated at most by line splices (a backslash or the
 * trigraph ??/, optional white space, a newline). So with every
 * backslash, '?', '/' and white-space byte deleted, such a name would read
 * contiguously, and a source in which none of the three words appears in
 * any letter case (comments and strings included: this errs towards
 * checking) cannot enter a file. This proves an absence and does not try
 * to read #include lines, which cannot be done robustly (the top).
 *
 * The byte-by-byte scan of that rule (window_has_word) cost ~25
 * instructions a byte, 8.9 million on app_transpose's 354 KB (test values
 * included), 8 % of its whole --no-cache run (callgrind, 2026-11-29). Each
 * of the three words holds a 'd' or an 'm' (any case), so only windows
 * around those bytes are scanned: blocks of 64 bytes without one are
 * passed over with a loop the C compiler vectorises, and around each
 * 'd'/'m' the same rule runs from six kept bytes before it (a word is at
 * most seven letters) to six kept bytes after. Same answer, proved above;
 * tests/unit/test_runner_build_check.c compares the two on generated
 * sources. */
static int is_dropped(unsigned char c) {
  return c == '\\' || c == '?' || c == '/' || c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f';
}

/* The rule itself on src[from, to): 1 when a word reads contiguously
 * among the kept bytes of that range. */
static int window_has_word(const char *src, size_t from, size_t to) {
  /* The last kept bytes, lower case, newest in the low byte; each word as
   * such a value ("include": 'i' in bits 48-55 ... 'e' in bits 0-7). */
  const uint64_t include = 0x696e636c756465, import = 0x696d706f7274, embed = 0x656d626564;
  uint64_t last = 0;
  for (size_t i = from; i < to; i++) {
    unsigned char c = (unsigned char)src[i];
    if (is_dropped(c)) continue;
    last = last << 8 | (c >= 'A' && c <= 'Z' ? c + 32u : c);
    if ((last & 0xffffffffffffff) == include || (last & 0xffffffffffff) == import || (last & 0xffffffffff) == embed)
      return 1;
  }
  return 0;
}

int rt_source_may_include_slow(const char *src, size_t n) { return window_has_word(src, 0, n); }

/* The start of the window around a 'd' or 'm' at `at`: six kept bytes
 * before it (or the start). */
static size_t window_from(const char *src, size_t at) {
  size_t i = at;
  for (int kept = 0; i > 0 && kept < 6;)
    if (!is_dropped((unsigned char)src[--i])) kept++;
  return i;
}

/* The end of that window: just after the sixth kept byte after `at` (or
 * the end). */
static size_t window_to(const char *src, size_t n, size_t at) {
  size_t i = at + 1;
  for (int kept = 0; i < n && kept < 6; i++)
    if (!is_dropped((unsigned char)src[i])) kept++;
  return i;
}

int rt_source_may_include(const char *src, size_t n) {
  const unsigned char *s = (const unsigned char *)src;
  size_t i = 0;
  while (i < n) {
    if (n - i >= 64) { /* no 'd', 'D', 'm' or 'M' in the block: next */
      unsigned hit = 0;
      for (size_t k = 0; k < 64; k++) hit |= (unsigned)((s[i + k] | 0x20) == 'd') | (unsigned)((s[i + k] | 0x20) == 'm');
      if (!hit) {
        i += 64;
        continue;
      }
    }
    size_t end = n - i >= 64 ? i + 64 : n;
    for (; i < end; i++)
      if (((s[i] | 0x20) == 'd' || (s[i] | 0x20) == 'm') && window_has_word(src, window_from(src, i), window_to(src, n, i)))
        return 1;
  }
  return 0;
}

char *rt_check_build(const rt_config *cfg, rt_file *f, char **options) {
  *options = NULL;
  char *root = test_root(f);
  if (!root) return rt_fmt("cannot resolve the test file's directory: %s", strerror(errno));
  int n = 0;
  char **opts = rt_split_options(f->build_options, &n);
  rt_text out = {0};
  char *msg = opts ? NULL : strdup("out of memory");
  for (int i = 0; i < n && !msg; i++) msg = check_option(opts, n, &i, root, cfg->allow_outside_sources, &out);
  rt_free_options(opts);
  /* A compile that will be a cache hit reads no file (rt_emu_cached):
   * nothing to check, and no need to load clang for the preprocessing
   * (most of a warm run's time, issue 28). */
  rt_file checked_f = *f;
  char none[1] = "";
  checked_f.build_options = out.p ? out.p + (*out.p == ' ') : none;
  if (!msg && f->src_kind == RT_SRC_OPENCL && !cfg->allow_outside_sources &&
      !rt_emu_cached(cfg, &checked_f, &f->cached_elf, &f->cached_elf_size, &f->cached_diag) &&
      rt_source_may_include(f->source, f->source_size)) {
    int m = 0;
    char **checked = rt_split_options(out.p ? out.p : "", &m);
    char *files = NULL;
    int complete = 0;
    if (!checked ||
        wavecc_opencl_includes(f->source, f->source_size, rt_mcpu(cfg), (const char *const *)checked, m, &files, &complete) != 0)
      msg = strdup("cannot preprocess the program to check which files it includes");
    else
      msg = outside_include(files, root);
    free(files);
    rt_free_options(checked);
  }
  if (!msg) *options = strdup(out.p ? out.p + (*out.p == ' ') : "");
  if (!msg && !*options) msg = strdup("out of memory");
  rt_text_free(&out);
  free(root);
  return msg;
}
