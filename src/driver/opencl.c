/* OpenCL C to optimised LLVM bitcode, the way Mesa's clover did it for
 * radeonsi (see wavecc.h, wavecc_opencl_to_bitcode). Until issue 28 these
 * were child processes:
 *
 *   clang-19 -x cl -target amdgcn-amd-amdhsa -mcpu=<mcpu> -nogpulib
 *            -emit-llvm -c -O2 -Xclang -disable-llvm-passes
 *            -Xclang -finclude-default-header -cl-std=CL1.2 <options>
 *   llvm-link-19 --only-needed --internalize input.bc amdgcn--amdhsa.bc
 *   opt-19 -O2
 *   llvm-nm-19 --undefined-only
 *
 * Now the same steps run in this process through clang's and LLVM's
 * libraries (clang_frontend.cpp, a shared object opened on first use,
 * see clang_frontend.h), from the same clang command line (clang_argv).
 * They took 0.85-1.42 s per file, mostly process start-up and reading
 * each tool's input afresh (issue 28).
 *
 * Why these flags:
 * - `-O2 -Xclang -disable-llvm-passes`: clang at the default -O0 marks every
 *   function `optnone`, and opt -O2 would then leave the kernel unoptimised.
 *   -O2 without LLVM passes gives the -O2 front-end output (TBAA, lifetime
 *   markers, no optnone) and leaves all optimisation to the single -O2
 *   run after libclc is linked, so builtins are inlined and simplified with
 *   the kernel.
 * - `--internalize` applies to the modules after the first (libclc): its
 *   functions become internal, so -O2 can delete them once inlined instead
 *   of handing dead library functions to the code generator.
 * - `-cl-std=CL1.2` is the default; a user `-cl-std=` replaces it.
 *
 * Finally the functions still undefined are listed: a call to a builtin
 * that libclc does not provide (libclc 19's amdgcn library lacks a few,
 * e.g. mad_hi) would otherwise surface much later as a linker or loader
 * error; here it is a clear compile error naming the function. */
#include <dlfcn.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "driver/clang_frontend.h"
#include "driver/opencl.h"
#include "util/spawn.h"
#include "wavecc/wavecc.h"

typedef int (*wavecc_clang_compile_fn)(const char *const *, int, const char *, size_t, const char *, const char *,
                                       void **, size_t *, char **, char **);
typedef int (*wavecc_clang_compile_module_fn)(const char *const *, int, const char *, size_t, const char *,
                                              const char *, void **, void **, char **, char **);
typedef int (*wavecc_clang_includes_fn)(const char *const *, int, const char *, size_t, char **, char **, char **);

/* Appends `s` to the malloc'ed string *dst (which may be NULL). Returns 0,
 * or -1 when out of memory (then *dst is unchanged). */
static int str_append(char **dst, const char *s) {
  size_t a = *dst ? strlen(*dst) : 0, b = strlen(s);
  char *p = realloc(*dst, a + b + 1);
  if (!p) return -1;
  memcpy(p + a, s, b + 1);
  *dst = p;
  return 0;
}

/* Returns a malloc'ed copy of `text` with every occurrence of `from`
 * replaced by `to` (so that diagnostics name the user's file, not our
 * temporary copy), and lines mentioning "different target triples"
 * removed. NULL text gives "". */
static char *clean_messages(const char *text, const char *from, const char *to) {
  char *out = strdup("");
  if (!text || !out) return out;
  size_t flen = strlen(from);
  const char *line = text;
  while (*line) {
    const char *nl = strchr(line, '\n');
    size_t len = nl ? (size_t)(nl - line + 1) : strlen(line);
    char *copy = strndup(line, len);
    if (!copy) break;
    if (!strstr(copy, "different target triples")) {
      const char *p = copy;
      const char *hit;
      while (flen && (hit = strstr(p, from))) {
        char *chunk = strndup(p, (size_t)(hit - p));
        if (chunk) { str_append(&out, chunk); free(chunk); }
        str_append(&out, to);
        p = hit + flen;
      }
      str_append(&out, p);
    }
    free(copy);
    line += len;
  }
  return out;
}

/* The path of the in-process front end (clang_frontend.h) into buf:
 * the path in $WAVECC_CLANG_FRONTEND; else the first that exists of:
 * beside the object holding this code (the tool, libwavecc.so or the
 * ICD, found with dladdr) and in ../lib from there (build/tools ->
 * build/lib, bin -> lib), the installed library directory, the build
 * tree. Returns 0, or -1 when none exists. */
static int frontend_path(char *buf, size_t size) {
  const char *env = getenv("WAVECC_CLANG_FRONTEND");
  if (env && *env) {
    snprintf(buf, size, "%s", env);
    return access(buf, R_OK) == 0 ? 0 : -1;
  }
  Dl_info info;
  int dir = -1;
  if (dladdr((void *)frontend_path, &info) && info.dli_fname && strchr(info.dli_fname, '/'))
    dir = (int)(strrchr(info.dli_fname, '/') - info.dli_fname);
  for (int i = 0; i < 4; i++) {
    if (i < 2 && dir < 0) continue;
    if (i == 0) snprintf(buf, size, "%.*s/%s", dir, info.dli_fname, WAVECC_CLANG_FRONTEND_NAME);
    if (i == 1) snprintf(buf, size, "%.*s/../lib/%s", dir, info.dli_fname, WAVECC_CLANG_FRONTEND_NAME);
    if (i == 2) snprintf(buf, size, "%s/%s", WAVECC_INSTALL_LIBDIR, WAVECC_CLANG_FRONTEND_NAME);
    if (i == 3) snprintf(buf, size, "%s/%s", WAVECC_BUILD_LIBDIR, WAVECC_CLANG_FRONTEND_NAME);
    if (access(buf, R_OK) == 0) return 0;
  }
  return -1;
}

/* RTLD_DEEPBIND: the front end and the clang and LLVM libraries it needs
 * bind to each other before to anything already loaded. clang's symbols
 * are not versioned, so in a process that holds another clang (Oclgrind's
 * runtime, preloaded by the `oclgrind` command, exports clang 14's)
 * libclang-cpp.so.19 would otherwise call into that one and crash (seen
 * running wavecc-run under oclgrind, bench/runner-speed). AddressSanitizer
 * refuses RTLD_DEEPBIND, so sanitizer builds do without it. */
#if defined(__SANITIZE_ADDRESS__)
#define FRONTEND_DEEPBIND 0
#else
#define FRONTEND_DEEPBIND RTLD_DEEPBIND
#endif

/* The front end, opened on first use and never closed: unloading LLVM's
 * and clang's libraries is not supported (their static destructors and
 * atexit handlers), and dlopen of an open object only counts a
 * reference, so every call opens it again instead of keeping the handle
 * in global state. NULL with a message in *diag. */
static void *frontend_open(char **diag) {
  char path[4200];
  if (frontend_path(path, sizeof path) != 0) {
    str_append(diag, "error: the OpenCL C front end " WAVECC_CLANG_FRONTEND_NAME " was not found (set "
                     "WAVECC_CLANG_FRONTEND to its path)\n");
    return NULL;
  }
  void *h = dlopen(path, RTLD_NOW | RTLD_LOCAL | FRONTEND_DEEPBIND);
  if (!h) {
    const char *e = dlerror();
    str_append(diag, "error: cannot load the OpenCL C front end: ");
    str_append(diag, e ? e : path);
    str_append(diag, "\n");
    return NULL;
  }
  int (*api)(void) = (int (*)(void))dlsym(h, "wavecc_clang_frontend_api");
  if (api && api() == WAVECC_CLANG_FRONTEND_API) return h;
  str_append(diag, "error: ");
  str_append(diag, path);
  str_append(diag, " is not this version's OpenCL C front end\n");
  return NULL;
}

/* libclc's pre-split form (clang_frontend.h, wavecc_clang_split_libclc)
 * into buf: $WAVECC_LIBCLC_SPLIT when set (empty: none, the front end
 * reads libclc whole), else WAVECC_LIBCLC_SPLIT_NAME beside the front
 * end's object, where the build and `cmake --install` put it. An absent
 * or stale file is no error: the front end checks it and falls back. */
static void libclc_split_path(char *buf, size_t size) {
  const char *env = getenv("WAVECC_LIBCLC_SPLIT");
  buf[0] = 0;
  if (env) snprintf(buf, size, "%s", env);
  else if (frontend_path(buf, size) == 0 && strrchr(buf, '/'))
    snprintf(strrchr(buf, '/') + 1, size - (size_t)(strrchr(buf, '/') + 1 - buf), "%s", WAVECC_LIBCLC_SPLIT_NAME);
  else buf[0] = 0;
}

void driver_key_stat(sha256 *s, const struct stat *st) {
  long long v[5] = {(long long)st->st_size, (long long)st->st_mtim.tv_sec, (long long)st->st_mtim.tv_nsec,
                    (long long)st->st_ino, (long long)st->st_dev};
  sha256_field(s, v, sizeof v);
}

int driver_opencl_identity(sha256 *s) {
  char path[4200], clang[4200];
  if (frontend_path(path, sizeof path) != 0) return -1;
  llvm_tool_path(clang, sizeof clang, "clang");
  char libs[2][4300], split[4200];
  snprintf(libs[0], sizeof libs[0], "%s/../lib/libclang-cpp.so", WAVECC_LLVM_BINDIR);
  snprintf(libs[1], sizeof libs[1], "%s/../lib/libLLVM.so", WAVECC_LLVM_BINDIR);
  libclc_split_path(split, sizeof split);
  const char *files[] = {path, WAVECC_LIBCLC, clang, libs[0], libs[1], split};
  for (size_t i = 0; i < sizeof files / sizeof *files; i++) {
    struct stat st;
    sha256_field(s, files[i], strlen(files[i]));
    if (stat(files[i], &st) == 0) driver_key_stat(s, &st); /* stat follows links: the real files */
    else sha256_field(s, "missing", 7);
  }
  return 0;
}

/* The front end linked into this program (the tools of a build without
 * sanitizers, WAVECC_STATIC_FRONTEND in src/CMakeLists.txt): weak
 * references, NULL where it is not linked in (libwavecc.so, the ICD),
 * which then open libwavecc-clang.so. */
#pragma weak wavecc_clang_frontend_init
#pragma weak wavecc_clang_compile
#pragma weak wavecc_clang_includes
#pragma weak wavecc_clang_compile_module

/* The linked-in front end's function `name`, or NULL. */
static void *frontend_linked(const char *name) {
  if (!strcmp(name, "wavecc_clang_frontend_init")) return (void *)wavecc_clang_frontend_init;
  if (!strcmp(name, "wavecc_clang_compile")) return (void *)wavecc_clang_compile;
  if (!strcmp(name, "wavecc_clang_includes")) return (void *)wavecc_clang_includes;
  if (!strcmp(name, "wavecc_clang_compile_module")) return (void *)wavecc_clang_compile_module;
  return NULL;
}

/* The front end's function `name` (linked in, else frontend_open), or
 * NULL with *diag. */
static void *frontend_symbol(const char *name, char **diag) {
  void *linked = frontend_linked(name);
  if (linked) return linked;
  void *h = frontend_open(diag);
  void *f = h ? dlsym(h, name) : NULL;
  if (h && !f) {
    str_append(diag, "error: the OpenCL C front end lacks ");
    str_append(diag, name);
    str_append(diag, "\n");
  }
  return f;
}

void driver_opencl_preload(void) {
  char *msg = NULL;
  void (*init)(void) = (void (*)(void))frontend_symbol("wavecc_clang_frontend_init", &msg);
  free(msg);
  if (init) init();
}

/* Where the source seems to lie for clang. It is handed over in memory,
 * so no file is written; the directory does not exist and cannot be
 * made (a directory of /proc/self), so a quoted #include finds nothing
 * beside it, as in the private temporary directory of earlier versions.
 * Messages name the user's file instead (clean_messages). */
#define VIRTUAL_SOURCE "/proc/self/wavecc-source/input.cl"

/* The clang-19 command line common to compiling and to listing includes
 * (see the top of this file), without the action and files: into argv,
 * which has room for num_cl_options + 32 entries. Returns the count. */
static int clang_argv(const char **argv, const char *clang, const char *mcpu_flag, const char *const *cl_options,
                      int num_cl_options) {
  int user_std = 0;
  for (int i = 0; i < num_cl_options; i++)
    if (cl_options[i] && !strncmp(cl_options[i], "-cl-std=", 8)) user_std = 1;
  int n = 0;
  argv[n++] = clang;
  argv[n++] = "-x";
  argv[n++] = "cl";
  argv[n++] = "-target";
  argv[n++] = "amdgcn-amd-amdhsa";
  argv[n++] = mcpu_flag;
  argv[n++] = "-nogpulib";
  argv[n++] = "-O2";
  argv[n++] = "-Xclang";
  argv[n++] = "-disable-llvm-passes";
  argv[n++] = "-Xclang";
  argv[n++] = "-finclude-default-header";
  if (!user_std) argv[n++] = "-cl-std=CL1.2";
  for (int i = 0; i < num_cl_options; i++)
    if (cl_options[i] && *cl_options[i]) argv[n++] = cl_options[i];
  return n;
}

int driver_opencl_compile(const char *name, const char *source, size_t size, const char *mcpu,
                          const char *const *cl_options, int num_cl_options, void **bc, size_t *bc_size, void **ctx,
                          void **mod, char **diag, char **deps) {
  if (!bc || !bc_size || !diag || !ctx != !mod) return -1; /* nowhere to put a result or a message */
  *bc = NULL;
  *bc_size = 0;
  *diag = NULL;
  if (mod) *ctx = *mod = NULL;
  if (deps) *deps = NULL;
  if (!name) name = "<input>";
  if (!mcpu) mcpu = "gfx900";
  if ((!source && size) || num_cl_options < 0 || (num_cl_options > 0 && !cl_options)) {
    *diag = strdup("wavecc_opencl_to_bitcode: NULL source with a size, or NULL or negative cl_options\n");
    return -1;
  }
  if (size > WAVECC_MAX_INPUT_BYTES) {
    *diag = strdup("wavecc_opencl_to_bitcode: source larger than " WAVECC_MAX_INPUT_TEXT "\n");
    return -1;
  }
  if (!source) source = "";
  /* The module itself only from the linked-in front end: a dlopen'ed one
   * has its own copy of LLVM (clang_frontend.h). WAVECC_FRONTEND_BITCODE=1
   * takes the bitcode round trip anyway (tests/frontend/test-handoff.sh
   * compares the two). */
  const char *via_bitcode = getenv("WAVECC_FRONTEND_BITCODE");
  wavecc_clang_compile_module_fn compile_module =
      mod && !(via_bitcode && *via_bitcode && strcmp(via_bitcode, "0"))
          ? (wavecc_clang_compile_module_fn)frontend_linked("wavecc_clang_compile_module")
          : NULL;
  wavecc_clang_compile_fn compile =
      compile_module ? NULL : (wavecc_clang_compile_fn)frontend_symbol("wavecc_clang_compile", diag);
  if (!compile && !compile_module) return -1;
  char clang[4200], mcpu_flag[128];
  llvm_tool_path(clang, sizeof clang, "clang");
  snprintf(mcpu_flag, sizeof mcpu_flag, "-mcpu=%s", mcpu);
  const char **argv = calloc((size_t)num_cl_options + 32, sizeof *argv);
  if (!argv) return -1;
  int n = clang_argv(argv, clang, mcpu_flag, cl_options, num_cl_options);
  /* With -g the line tables name the user's file, not the virtual source. */
  char prefix_map[8500];
  snprintf(prefix_map, sizeof prefix_map, "-fdebug-prefix-map=%s=%s", VIRTUAL_SOURCE, name);
  argv[n++] = prefix_map;
  const char *tail[] = {"-emit-llvm", "-c", "-o", "/dev/null", VIRTUAL_SOURCE};
  for (size_t i = 0; i < sizeof tail / sizeof *tail; i++) argv[n++] = tail[i];
  argv[n] = NULL;
  char *msg = NULL, *files = NULL, split[4200];
  libclc_split_path(split, sizeof split);
  int status = compile_module ? compile_module(argv, n, source, size, WAVECC_LIBCLC, split, ctx, mod, &msg, &files)
                              : compile(argv, n, source, size, WAVECC_LIBCLC, split, bc, bc_size, &msg, &files);
  free(argv);
  if (status != 0) {
    char *clean = clean_messages(msg, VIRTUAL_SOURCE, name);
    if (clean) str_append(diag, clean);
    free(clean);
    if (!*diag || !**diag) str_append(diag, "error: OpenCL C compilation failed\n");
  }
  free(msg);
  if (deps && status == 0) *deps = files;
  else free(files);
  return status;
}

int wavecc_opencl_to_bitcode(const char *name, const char *source, size_t size, const char *mcpu,
                             const char *const *cl_options, int num_cl_options, void **bc, size_t *bc_size,
                             char **diag) {
  return driver_opencl_compile(name, source, size, mcpu, cl_options, num_cl_options, bc, bc_size, NULL, NULL, diag,
                               NULL);
}

/* Appends the resolved form of `path` (relative paths are relative to
 * our working directory, as clang, which inherits it, wrote them) as one
 * line to *list, unless it is the source `src` or lies under `resource`
 * (clang's resource directory, resolved). */
static void add_include(char **list, const char *path, const char *src, const char *resource) {
  char *real = realpath(path, NULL);
  const char *p = real ? real : path;
  size_t rl = strlen(resource);
  if (strcmp(p, src) != 0 && !(rl && !strncmp(p, resource, rl) && p[rl] == '/')) {
    str_append(list, p);
    str_append(list, "\n");
  }
  free(real);
}

int wavecc_opencl_includes(const char *source, size_t size, const char *mcpu, const char *const *cl_options,
                           int num_cl_options, char **files, int *complete) {
  if (!files || !complete) return -1;
  *files = NULL;
  *complete = 0;
  if ((!source && size) || num_cl_options < 0 || (num_cl_options > 0 && !cl_options)) return -1;
  char *msg = NULL;
  wavecc_clang_includes_fn includes = (wavecc_clang_includes_fn)frontend_symbol("wavecc_clang_includes", &msg);
  free(msg);
  msg = NULL;
  if (!includes) return -1;
  char clang[4200], mcpu_flag[128];
  llvm_tool_path(clang, sizeof clang, "clang");
  snprintf(mcpu_flag, sizeof mcpu_flag, "-mcpu=%s", mcpu ? mcpu : "gfx900");
  const char **argv = calloc((size_t)num_cl_options + 32, sizeof *argv);
  if (!argv) return -1;
  int n = clang_argv(argv, clang, mcpu_flag, cl_options, num_cl_options);
  const char *tail[] = {"-E", "-o", "/dev/null", VIRTUAL_SOURCE};
  for (size_t i = 0; i < sizeof tail / sizeof *tail; i++) argv[n++] = tail[i];
  argv[n] = NULL;
  char *deps = NULL, *res = NULL;
  int rc = includes(argv, n, source ? source : "", size, &deps, &res, &msg);
  free(argv);
  free(msg);
  char *resource = res ? realpath(res, NULL) : NULL;
  if (rc >= 0) {
    *files = strdup("");
    *complete = rc == 0;
    for (char *line = deps, *next; line && *line && *files; line = next) {
      next = strchr(line, '\n');
      if (next) *next++ = 0;
      if (*line) add_include(files, line, VIRTUAL_SOURCE, resource ? resource : res ? res : "");
    }
  }
  free(deps);
  free(res);
  free(resource);
  return *files ? 0 : -1;
}
