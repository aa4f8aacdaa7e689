/* OpenCL C to optimised LLVM bitcode through the LLVM 19 tools, the way
 * Mesa's clover did it for radeonsi (see wavecc.h, wavecc_opencl_to_bitcode):
 *
 *   clang-19 -x cl -target amdgcn-amd-amdhsa -mcpu=<mcpu> -nogpulib
 *            -emit-llvm -c -O2 -Xclang -disable-llvm-passes
 *            -Xclang -finclude-default-header -cl-std=CL1.2 <options>
 *   llvm-link-19 --only-needed --internalize input.bc amdgcn--amdhsa.bc
 *   opt-19 -O2
 *
 * Why these flags:
 * - `-O2 -Xclang -disable-llvm-passes`: clang at the default -O0 marks every
 *   function `optnone`, and opt -O2 would then leave the kernel unoptimised.
 *   -O2 without LLVM passes gives the -O2 front-end output (TBAA, lifetime
 *   markers, no optnone) and leaves all optimisation to the single opt -O2
 *   run after libclc is linked, so builtins are inlined and simplified with
 *   the kernel.
 * - `--internalize` applies to the modules after the first (libclc): its
 *   functions become internal, so opt can delete them once inlined instead
 *   of handing dead library functions to the code generator.
 * - `-cl-std=CL1.2` is the default; a user `-cl-std=` replaces it.
 *
 * libclc's module says "amdgcn-unknown-amdhsa", ours "amdgcn-amd-amdhsa";
 * llvm-link warns about the mismatch, which is harmless (same target), so
 * that one warning is filtered out of the messages.
 *
 * Finally llvm-nm-19 lists the functions still undefined: a call to a
 * builtin that libclc does not provide (libclc 19's amdgcn library lacks a
 * few, e.g. mad_hi) would otherwise surface much later as a linker or
 * loader error; here it is a clear compile error naming the function. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "driver/opencl.h"
#include "util/spawn.h"
#include "wavecc/wavecc.h"

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

/* Runs one tool; on failure appends a "<tool> failed" message plus its
 * stderr to *diag and returns -1. */
static int run_tool(char *const argv[], const char *tmp_src, const char *name, char **diag) {
  char *err = NULL;
  int rc = spawn_capture(argv, NULL, NULL, &err);
  if (rc == 0) {
    free(err);
    return 0;
  }
  char *msg = clean_messages(err, tmp_src, name);
  free(err);
  if (msg && !*msg) {
    char line[600];
    snprintf(line, sizeof line, "%s: %s exited with status %d\n", name, argv[0], rc);
    str_append(&msg, line);
  }
  if (msg) { str_append(diag, msg); free(msg); }
  return -1;
}

/* Fails (with one message per symbol in *diag) when the optimised module
 * at `bc_path` still declares functions other than LLVM intrinsics. */
static int check_undefined(const char *bc_path, const char *name, char **diag) {
  char nm[4200];
  llvm_tool_path(nm, sizeof nm, "llvm-nm");
  char *const argv[] = {nm, "--undefined-only", "--demangle", "--format=just-symbols", (char *)bc_path, NULL};
  char *out = NULL, *err = NULL;
  int rc = spawn_capture(argv, &out, NULL, &err);
  free(err);
  if (rc != 0) { /* no verdict: let the code generator report it */
    free(out);
    return 0;
  }
  int bad = 0;
  for (char *line = out, *next; line && *line; line = next) {
    next = strchr(line, '\n');
    if (next) *next++ = 0;
    while (*line == ' ') line++;
    if (!*line || !strncmp(line, "llvm.", 5)) continue;
    char msg[1200];
    snprintf(msg, sizeof msg, "%s: error: undefined function '%s' (not defined in the program or in libclc)\n", name, line);
    str_append(diag, msg);
    bad = 1;
  }
  free(out);
  return bad ? -1 : 0;
}

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

int wavecc_opencl_to_bitcode(const char *name, const char *source, size_t size,
                             const char *mcpu, const char *const *cl_options,
                             int num_cl_options, void **bc, size_t *bc_size,
                             char **diag) {
  if (!bc || !bc_size || !diag) return -1; /* nowhere to put a result or a message */
  *bc = NULL;
  *bc_size = 0;
  *diag = NULL;
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

  char dir[4096];
  if (tempdir_create(dir, sizeof dir) != 0) {
    str_append(diag, name);
    str_append(diag, ": error: cannot create a temporary directory\n");
    return -1;
  }
  /* Keep the user's base name so that clang's messages read naturally; the
   * directory part is replaced by `name` in clean_messages. */
  char src[4200], in_bc[4200], linked[4200], out[4200];
  snprintf(src, sizeof src, "%s/input.cl", dir);
  snprintf(in_bc, sizeof in_bc, "%s/input.bc", dir);
  snprintf(linked, sizeof linked, "%s/linked.bc", dir);
  snprintf(out, sizeof out, "%s/opt.bc", dir);
  int status = -1;
  const char **argv = NULL;
  if (file_write_all(src, source, size) != 0) {
    str_append(diag, name);
    str_append(diag, ": error: cannot write a temporary file\n");
    goto done;
  }

  char clang[4200], link[4200], opt[4200], mcpu_flag[128];
  llvm_tool_path(clang, sizeof clang, "clang");
  llvm_tool_path(link, sizeof link, "llvm-link");
  llvm_tool_path(opt, sizeof opt, "opt");
  snprintf(mcpu_flag, sizeof mcpu_flag, "-mcpu=%s", mcpu);

  argv = calloc((size_t)(num_cl_options > 0 ? num_cl_options : 0) + 32, sizeof *argv);
  if (!argv) goto done;
  int n = clang_argv(argv, clang, mcpu_flag, cl_options, num_cl_options);
  /* With -g the line tables name the user's file, not the temporary copy. */
  char prefix_map[8500];
  snprintf(prefix_map, sizeof prefix_map, "-fdebug-prefix-map=%s=%s", src, name);
  argv[n++] = prefix_map;
  argv[n++] = "-emit-llvm";
  argv[n++] = "-c";
  argv[n++] = "-o";
  argv[n++] = in_bc;
  argv[n++] = src;
  argv[n] = NULL;
  if (run_tool((char *const *)argv, src, name, diag) != 0) goto done;

  char *const link_argv[] = {link, "--only-needed", "--internalize", in_bc, WAVECC_LIBCLC,
                             "-o", linked, NULL};
  if (run_tool(link_argv, src, name, diag) != 0) goto done;

  char *const opt_argv[] = {opt, "-O2", linked, "-o", out, NULL};
  if (run_tool(opt_argv, src, name, diag) != 0) goto done;

  if (check_undefined(out, name, diag) != 0) goto done;

  *bc = file_read_regular(out, WAVECC_MAX_INPUT_BYTES, bc_size);
  if (!*bc) {
    str_append(diag, name);
    str_append(diag, ": error: cannot read opt's output\n");
    goto done;
  }
  status = 0;
done:
  free(argv);
  tempdir_remove(dir);
  if (status == 0) {
    free(*diag);
    *diag = NULL;
  } else if (!*diag) {
    *diag = strdup("error: OpenCL C compilation failed\n");
  }
  return status;
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

/* The prerequisites of a make rule as clang -M writes it ("t.o: a b \\\n
 * c", spaces in names as "\ ", '$' as "$$"), each through add_include. */
static void parse_make_deps(char **list, const char *text, const char *src, const char *resource) {
  const char *p = strchr(text, ':');
  if (!p) return;
  p++;
  char *tok = malloc(strlen(p) + 1);
  if (!tok) return;
  while (*p) {
    while (*p == ' ' || *p == '\t' || *p == '\n' || (p[0] == '\\' && p[1] == '\n')) p += p[0] == '\\' ? 2 : 1;
    size_t n = 0;
    while (*p && *p != ' ' && *p != '\t' && *p != '\n') {
      if (p[0] == '\\' && p[1] == '\n') break;
      if (p[0] == '\\' && (p[1] == ' ' || p[1] == '#' || p[1] == '\\')) p++;
      else if (p[0] == '$' && p[1] == '$') p++;
      tok[n++] = *p++;
    }
    tok[n] = 0;
    if (n) add_include(list, tok, src, resource);
  }
  free(tok);
}

/* After a failed preprocessing: the files named by -H lines (". path",
 * ".. path", ...) and by diagnostic locations ("path:line:col: ",
 * "In file included from path:line:"). */
static void parse_trace(char **list, const char *text, const char *src, const char *resource) {
  for (const char *line = text; line && *line;) {
    const char *nl = strchr(line, '\n');
    size_t len = nl ? (size_t)(nl - line) : strlen(line);
    char *l = strndup(line, len);
    if (!l) break;
    char *path = NULL;
    if (l[0] == '.') {
      char *q = l;
      while (*q == '.') q++;
      if (*q == ' ') path = q + 1;
    } else {
      char *q = !strncmp(l, "In file included from ", 22) ? l + 22 : !strncmp(l, "                 from ", 22) ? l + 22 : l;
      /* path:LINE: — the last ":digits:" pair ends the path */
      for (char *c = strchr(q, ':'); c; c = strchr(c + 1, ':')) {
        char *d = c + 1;
        while (*d >= '0' && *d <= '9') d++;
        if (d > c + 1 && (*d == ':' || *d == 0)) {
          *c = 0;
          path = q;
          break;
        }
      }
    }
    if (path && *path) add_include(list, path, src, resource);
    free(l);
    line += len + (nl ? 1 : 0);
  }
}

int wavecc_opencl_includes(const char *source, size_t size, const char *mcpu, const char *const *cl_options,
                           int num_cl_options, char **files, int *complete) {
  if (!files || !complete) return -1;
  *files = NULL;
  *complete = 0;
  if ((!source && size) || num_cl_options < 0 || (num_cl_options > 0 && !cl_options)) return -1;
  char dir[4096];
  if (tempdir_create(dir, sizeof dir) != 0) return -1;
  char src[4200], deps[4200], clang[4200], mcpu_flag[128];
  snprintf(src, sizeof src, "%s/input.cl", dir);
  snprintf(deps, sizeof deps, "%s/input.d", dir);
  llvm_tool_path(clang, sizeof clang, "clang");
  snprintf(mcpu_flag, sizeof mcpu_flag, "-mcpu=%s", mcpu ? mcpu : "gfx900");
  const char **argv = calloc((size_t)num_cl_options + 32, sizeof *argv);
  char *out = NULL, *err = NULL, *resource = NULL, *real_src = NULL;
  int status = -1;
  if (!argv || file_write_all(src, source ? source : "", size) != 0) goto done;
  real_src = realpath(src, NULL);
  char *const res_argv[] = {clang, "-print-resource-dir", NULL};
  if (spawn_capture(res_argv, &out, NULL, &err) != 0 || !out) goto done;
  out[strcspn(out, "\n")] = 0;
  resource = realpath(out, NULL);
  if (!resource) resource = strdup(out);
  free(out);
  free(err);
  out = err = NULL;
  int n = clang_argv(argv, clang, mcpu_flag, cl_options, num_cl_options);
  const char *tail[] = {"-E", "-M", "-MF", deps, "-H", "-fno-caret-diagnostics", "-fno-color-diagnostics",
                        "-o", "/dev/null", src};
  for (size_t i = 0; i < sizeof tail / sizeof *tail; i++) argv[n++] = tail[i];
  argv[n] = NULL;
  int rc = spawn_capture((char *const *)argv, NULL, NULL, &err);
  if (rc < 0 && !err) goto done;
  *files = strdup("");
  char *d = rc == 0 ? file_read_regular(deps, 64u << 20, NULL) : NULL;
  const char *sp = real_src ? real_src : src;
  if (d) {
    parse_make_deps(files, d, sp, resource ? resource : "");
    *complete = 1;
  } else {
    parse_trace(files, err, sp, resource ? resource : "");
  }
  free(d);
  status = *files ? 0 : -1;
done:
  free(argv);
  free(out);
  free(err);
  free(resource);
  free(real_src);
  tempdir_remove(dir);
  return status;
}
