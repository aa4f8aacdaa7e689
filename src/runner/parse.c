/* Parser for kernel test files in the OpenCL program-tester format
 * (../shared/KERNEL-TEST-FORMAT.md; piglit's tests/cl/program/execute).
 *
 * Two steps: find the block (in a .cl file, the comment opened by slash,
 * star, bang and closed by bang, star, slash; in a .ll file, the leading
 * `;` comment lines; a .program_test file is all block), then read it
 * line by line. Physical lines are joined into logical lines at a trailing
 * `\`, and `#` comments are cut before that (except in `program_source:`, whose text is C and may hold `#define`). Every error
 * names the physical line where the logical line started, and the parser
 * stops at the first error: test files are small and one clear message is
 * better than a cascade.
 *
 * Compatibility: piglit's `[program source]` section (the program text up
 * to the next section header) is accepted in .program_test files, as are
 * `platform_regex` and `require_platform_extensions`; `program_binary*`
 * parses but the file's tests are skipped (binaries are not supported). */
#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "runner/runner.h"
#include "util/spawn.h"

/* Parser state for one file. */
typedef struct parser {
  const char *path;
  char *err;            /* first error, malloc'ed */
  rt_file *f;
  int section;          /* 0 none, 1 config, 2 test, 3 program source */
  /* [config] defaults for tests */
  char *kernel_name;
  unsigned dims;
  uint64_t global_size[3], local_size[3], global_offset[3];
  int has_global, has_local, has_offset;
  char *source_text;    /* program_source / [program source] */
  size_t source_len;
  int source_line;
  char *source_file;
  int config_seen;
  /* test being read */
  rt_test *t;
  int t_has_dims, t_has_global, t_has_local, t_has_offset;
} parser;

static void perr(parser *p, int line, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void perr(parser *p, int line, const char *fmt, ...) {
  if (p->err) return;
  char msg[1024];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  size_t n = strlen(p->path) + strlen(msg) + 32;
  p->err = malloc(n);
  if (p->err) {
    if (line > 0) snprintf(p->err, n, "%s:%d: %s", p->path, line, msg);
    else snprintf(p->err, n, "%s: %s", p->path, msg);
  }
}

static char *xstrndup(const char *s, size_t n) {
  char *d = malloc(n + 1);
  if (!d) return NULL;
  memcpy(d, s, n);
  d[n] = 0;
  return d;
}

static char *trim(char *s) {
  while (isspace((unsigned char)*s)) s++;
  size_t n = strlen(s);
  while (n && isspace((unsigned char)s[n - 1])) s[--n] = 0;
  return s;
}

/* Whitespace tokens of `s` (modified in place); at most `max`. Returns count. */
static int tokenize(char *s, char **tok, int max) {
  /* What strtok_r(s, " \t\r\n") gives, without its strspn/strcspn calls
   * per token (values lines hold up to millions of tokens). */
  int n = 0;
  for (;;) {
    while (*s == ' ' || *s == '\t' || *s == '\r' || *s == '\n') s++;
    if (!*s) return n;
    if (n == max) return max + 1;
    tok[n++] = s;
    /* Bytes above ' ' (nearly all of a token) are tested once each; the
     * separators and the end are all at or below it. */
    for (;;) {
      while ((unsigned char)*s > ' ') s++;
      if (!*s || *s == ' ' || *s == '\t' || *s == '\r' || *s == '\n') break;
      s++; /* another control byte: part of the token, as for strtok_r */
    }
    if (!*s) return n;
    *s++ = 0;
  }
}

static int parse_bool(parser *p, int line, const char *key, const char *v) {
  if (!strcasecmp(v, "true") || !strcmp(v, "1")) return 1;
  if (!strcasecmp(v, "false") || !strcmp(v, "0")) return 0;
  perr(p, line, "%s: expected true or false, got '%s'", key, v);
  return 0;
}

static int parse_uint(const char *s, uint64_t *out) {
  if (!*s || *s == '-' || *s == '+') return -1;
  char *end;
  errno = 0;
  unsigned long long v = strtoull(s, &end, 0);
  if (*end || errno) return -1;
  *out = v;
  return 0;
}

/* "global_size: 8 0 0" (1 to 3 integers, missing ones 0; "NULL" allowed
 * where null_ok, returning 0 with *is_null set). */
static int parse_sizes(parser *p, int line, const char *key, char *v, uint64_t out[3], int null_ok,
                       int *is_null) {
  char *tok[8];
  int n = tokenize(v, tok, 3);
  if (is_null) *is_null = 0;
  if (null_ok && n == 1 && !strcasecmp(tok[0], "NULL")) {
    *is_null = 1;
    return 0;
  }
  if (n < 1 || n > 3) {
    perr(p, line, "%s: expected 1 to 3 integers", key);
    return -1;
  }
  out[0] = out[1] = out[2] = 0;
  for (int i = 0; i < n; i++)
    if (parse_uint(tok[i], &out[i]) != 0) {
      perr(p, line, "%s: '%s' is not a non-negative integer", key, tok[i]);
      return -1;
    }
  return 0;
}

/* Deterministic values for `random` (splitmix64), seeded per test and
 * argument so that every back end sees the same inputs. */
static uint64_t splitmix(uint64_t *s) {
  uint64_t z = (*s += UINT64_C(0x9e3779b97f4a7c15));
  z = (z ^ (z >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
  z = (z ^ (z >> 27)) * UINT64_C(0x94d049bb133111eb);
  return z ^ (z >> 31);
}

static void fill_random(rt_arg *a, const char *test_name, size_t test_ordinal) {
  uint64_t seed = UINT64_C(1469598103934665603) ^ test_ordinal;
  for (const char *c = test_name ? test_name : ""; *c; c++) seed = (seed ^ (unsigned char)*c) * UINT64_C(1099511628211);
  seed ^= (uint64_t)a->index * UINT64_C(0x100000001b3);
  size_t sz = rt_base_size(a->type.base), esz = rt_type_size(a->type);
  for (uint64_t i = 0; i < a->count; i++)
    for (unsigned c = 0; c < a->type.width; c++) {
      unsigned char *d = a->data + i * esz + c * sz;
      uint64_t r = splitmix(&seed);
      /* Floats: uniform in [-1, 1), a range every float type represents
       * without overflow; integers: random bits. */
      double x = (double)(r >> 11) / 9007199254740992.0 * 2.0 - 1.0;
      if (a->type.base == RT_DOUBLE) memcpy(d, &x, 8);
      else if (a->type.base == RT_FLOAT) { float f = (float)x; memcpy(d, &f, 4); }
      else if (a->type.base == RT_HALF) { uint16_t h = rt_float_to_half((float)x); d[0] = (unsigned char)h; d[1] = (unsigned char)(h >> 8); }
      else for (size_t k = 0; k < sz; k++) d[k] = (unsigned char)(r >> (8 * k));
    }
}

/* Fills `n` scalars (the buffer's non-padding slots in order) from tokens. */
static int fill_values(parser *p, int line, rt_arg *a, char **tok, int ntok, int repeat) {
  size_t sz = rt_base_size(a->type.base), esz = rt_type_size(a->type);
  uint64_t total = a->count * a->type.width;
  if (ntok == 0) {
    perr(p, line, "argument %u: no values", a->index);
    return -1;
  }
  if (!repeat && (uint64_t)ntok != total) {
    perr(p, line, "argument %u: expected %llu values, got %d", a->index, (unsigned long long)total, ntok);
    return -1;
  }
  /* Parse each distinct token once, then copy. */
  unsigned char vals[16 * 8];
  unsigned char *parsed = (size_t)ntok * sz <= sizeof vals ? vals : malloc((size_t)ntok * sz);
  if (!parsed) { perr(p, line, "out of memory"); return -1; }
  int rc = 0;
  for (int i = 0; i < ntok && !rc; i++) {
    char msg[200];
    if (rt_value_parse(a->type.base, tok[i], parsed + (size_t)i * sz, msg, sizeof msg) != 0) {
      perr(p, line, "argument %u: %s", a->index, msg);
      rc = -1;
    }
  }
  if (!rc && (uint64_t)ntok == total && esz == a->type.width * sz) {
    /* One value per element, no padding (all but 3-vectors): the
     * parsed values are the buffer's bytes. One copy instead of a
     * memcpy call and three divisions per value (~1.5M instructions of
     * app_transpose's 354 KB of values, callgrind 2026-11-29). */
    memcpy(a->data, parsed, total * sz);
  } else if (!rc)
    for (uint64_t k = 0; k < total; k++) {
      uint64_t i = k / a->type.width, c = k % a->type.width;
      memcpy(a->data + i * esz + c * sz, parsed + (k % (uint64_t)ntok) * sz, sz);
    }
  if (parsed != vals) free(parsed);
  return rc;
}

/* arg_in / arg_out: "INDEX TYPE VALUES" or "INDEX buffer TYPE[COUNT] VALUES
 * [tolerance T [ulp]]", or image/sampler (recorded, test skipped). */
static void parse_arg(parser *p, int line, char *v, int is_out) {
  const char *key = is_out ? "arg_out" : "arg_in";
  size_t cap = strlen(v) / 2 + 8;
  char **tok = malloc(cap * sizeof *tok);
  if (!tok) { perr(p, line, "out of memory"); return; }
  int n = tokenize(v, tok, (int)cap);
  rt_arg a;
  memset(&a, 0, sizeof a);
  a.line = line;
  uint64_t idx;
  if (n < 2 || parse_uint(tok[0], &idx) != 0 || idx > 255) {
    perr(p, line, "%s: expected 'INDEX TYPE VALUES' or 'INDEX buffer TYPE[COUNT] VALUES'", key);
    goto out;
  }
  a.index = (unsigned)idx;
  int k = 1;
  if (!strcmp(tok[k], "image") || !strcmp(tok[k], "sampler")) {
    a.is_image = 1;
  } else if (!strcmp(tok[k], "buffer")) {
    a.is_buffer = 1;
    k++;
    char *br = k < n ? strchr(tok[k], '[') : NULL;
    uint64_t count;
    if (!br || br[strlen(br) - 1] != ']') {
      perr(p, line, "%s %u: expected TYPE[COUNT] after 'buffer'", key, a.index);
      goto out;
    }
    *br = 0;
    br[strlen(br + 1)] = 0; /* drop ']' */
    if (rt_type_parse(tok[k], &a.type) != 0) {
      perr(p, line, "%s %u: unknown type '%s'", key, a.index, tok[k]);
      goto out;
    }
    if (parse_uint(br + 1, &count) != 0 || count == 0 || count > (UINT64_C(1) << 26)) {
      perr(p, line, "%s %u: bad element count '%s' (1 to 2^26)", key, a.index, br + 1);
      goto out;
    }
    a.count = count;
    if (count * rt_type_size(a.type) > (UINT64_C(256) << 20)) {
      perr(p, line, "%s %u: buffer larger than 256 MiB", key, a.index);
      goto out;
    }
    k++;
  } else {
    if (rt_type_parse(tok[k], &a.type) != 0) {
      perr(p, line, "%s %u: unknown type '%s'", key, a.index, tok[k]);
      goto out;
    }
    a.count = 1;
    k++;
  }
  if (!a.is_image) {
    a.size = (size_t)a.count * rt_type_size(a.type);
    /* Values run up to "tolerance" (arg_out only). */
    int vend = n;
    for (int i = k; i < n; i++)
      if ((tok[i][0] | 0x20) == 't' && !strcasecmp(tok[i], "tolerance")) { vend = i; break; }
    if (vend < n) {
      if (!is_out) { perr(p, line, "arg_in %u: tolerance is only meaningful on arg_out", a.index); goto out; }
      int rest = n - vend - 1;
      if (rest == 2 && !strcasecmp(tok[vend + 2], "ulp")) {
        uint64_t u;
        if (!rt_base_is_float(a.type.base) || parse_uint(tok[vend + 1], &u) != 0) {
          perr(p, line, "arg_out %u: 'tolerance N ulp' needs a floating-point type and an integer N", a.index);
          goto out;
        }
        a.tol.kind = RT_TOL_ULP;
        a.tol.ulp = u;
      } else if (rest == 1) {
        char *end;
        double t = strtod(tok[vend + 1], &end);
        if (*end || !(t >= 0)) { perr(p, line, "arg_out %u: bad tolerance '%s'", a.index, tok[vend + 1]); goto out; }
        a.tol.kind = RT_TOL_ABS;
        a.tol.abs = t;
      } else {
        perr(p, line, "arg_out %u: expected 'tolerance T' or 'tolerance N ulp'", a.index);
        goto out;
      }
    }
    if (k < vend && vend - k == 1 && !strcmp(tok[k], "NULL")) {
      if (!a.is_buffer) { perr(p, line, "%s %u: NULL needs a buffer argument", key, a.index); goto out; }
      if (is_out) { perr(p, line, "arg_out %u: NULL cannot be checked", a.index); goto out; }
      a.is_null = 1;
    } else if (k < vend && vend - k == 1 && !strcmp(tok[k], "random")) {
      if (is_out) { perr(p, line, "arg_out %u: random is only meaningful for arg_in", a.index); goto out; }
      a.data = calloc(1, a.size);
      if (!a.data) { perr(p, line, "out of memory"); goto out; }
      fill_random(&a, p->t->name, p->f->num_tests);
    } else {
      int repeat = k < vend && !strcmp(tok[k], "repeat");
      if (repeat) k++;
      a.data = calloc(1, a.size ? a.size : 1);
      if (!a.data) { perr(p, line, "out of memory"); goto out; }
      if (fill_values(p, line, &a, tok + k, vend - k, repeat) != 0) goto out;
    }
    if (is_out && !a.is_buffer) { perr(p, line, "arg_out %u: must be a buffer", a.index); goto out; }
  }
  /* Duplicates and in/out consistency. */
  rt_test *t = p->t;
  rt_arg *list = is_out ? t->out : t->in;
  size_t cnt = is_out ? t->num_out : t->num_in;
  for (size_t i = 0; i < cnt; i++)
    if (list[i].index == a.index) {
      perr(p, line, "%s %u given twice (first on line %d)", key, a.index, list[i].line);
      goto out;
    }
  const rt_arg *other = NULL;
  rt_arg *olist = is_out ? t->in : t->out;
  for (size_t i = 0; i < (is_out ? t->num_in : t->num_out); i++)
    if (olist[i].index == a.index) other = &olist[i];
  if (other && !a.is_image && !other->is_image) {
    const rt_arg *in = is_out ? other : &a;
    if (!in->is_buffer || in->is_null) {
      perr(p, line, "argument %u: arg_out needs an arg_in buffer with contents (line %d)", a.index, in->line);
      goto out;
    }
    if (other->size != a.size) {
      perr(p, line, "argument %u: arg_in and arg_out sizes differ (%zu and %zu bytes)", a.index,
           is_out ? other->size : a.size, is_out ? a.size : other->size);
      goto out;
    }
  }
  rt_arg *grown = realloc(list, (cnt + 1) * sizeof *grown);
  if (!grown) { perr(p, line, "out of memory"); goto out; }
  grown[cnt] = a;
  a.data = NULL;
  if (is_out) { t->out = grown; t->num_out++; }
  else { t->in = grown; t->num_in++; }
  if (a.index + 1 > t->num_args) t->num_args = a.index + 1;
out:
  free(a.data);
  free(tok);
}

/* Applies [config] defaults to the test just read and checks it. */
static void finish_test(parser *p) {
  rt_test *t = p->t;
  if (!t || p->err) return;
  if (!t->kernel_name && p->kernel_name) t->kernel_name = strdup(p->kernel_name);
  if (!p->t_has_dims) t->dims = p->dims;
  if (!p->t_has_global && p->has_global) { memcpy(t->global_size, p->global_size, sizeof t->global_size); p->t_has_global = 1; }
  /* piglit's program-tester defaults (tests/cl/program/program-tester.c:
   * work_dimensions 1, global_work_size 1 1 1) when neither [test] nor
   * [config] gives them: piglit's own files rely on it (v2i32-stack.cl,
   * pyrit-wpa-psk.cl, gegl-*.cl run one work-item). */
  if (!p->t_has_dims && !p->dims) t->dims = 1;
  if (!p->t_has_global) {
    for (unsigned d = 0; d < 3; d++) t->global_size[d] = 1;
    p->t_has_global = 1;
  }
  if (!p->t_has_local && p->has_local) { memcpy(t->local_size, p->local_size, sizeof t->local_size); t->has_local_size = 1; }
  if (!p->t_has_offset && p->has_offset) memcpy(t->global_offset, p->global_offset, sizeof t->global_offset);
  if (!t->name) {
    char buf[32];
    snprintf(buf, sizeof buf, "test %zu", p->f->num_tests);
    t->name = strdup(buf);
  }
  if (!t->kernel_name) { perr(p, t->line, "test '%s': no kernel_name (in [test] or [config])", t->name); return; }
  if (t->dims < 1 || t->dims > 3) { perr(p, t->line, "test '%s': dimensions must be 1, 2 or 3", t->name); return; }
  for (unsigned d = 0; d < t->dims; d++) {
    if (t->global_size[d] == 0) { perr(p, t->line, "test '%s': global_size[%u] is 0 within %u dimensions", t->name, d, t->dims); return; }
    if (t->has_local_size && t->local_size[d] == 0) { perr(p, t->line, "test '%s': local_size[%u] is 0 within %u dimensions", t->name, d, t->dims); return; }
  }
  for (unsigned d = t->dims; d < 3; d++) {
    /* Entries past `dimensions` are ignored: normalise them. */
    t->global_size[d] = 1;
    t->local_size[d] = 1;
    t->global_offset[d] = 0;
  }
  for (unsigned i = 0; i < t->num_args; i++)
    if (!rt_test_in(t, i) && !rt_test_out(t, i)) {
      perr(p, t->line, "test '%s': argument %u is missing (arguments are 0..%u)", t->name, i, t->num_args - 1);
      return;
    }
  p->t = NULL;
}

static void start_test(parser *p, int line) {
  finish_test(p);
  if (p->err) return;
  rt_test *grown = realloc(p->f->tests, (p->f->num_tests + 1) * sizeof *grown);
  if (!grown) { perr(p, line, "out of memory"); return; }
  p->f->tests = grown;
  p->t = &grown[p->f->num_tests++];
  memset(p->t, 0, sizeof *p->t);
  p->t->line = line;
  p->t_has_dims = p->t_has_global = p->t_has_local = p->t_has_offset = 0;
}

static void set_str(char **dst, const char *v) {
  free(*dst);
  *dst = strdup(v);
}

/* One logical "key: value" line. */
static void handle_kv(parser *p, int line, char *key, char *v) {
  int in_test = p->section == 2;
  rt_file *f = p->f;
  /* Keys valid in both sections. */
  if (!strcmp(key, "kernel_name")) {
    if (!*v) { perr(p, line, "kernel_name: empty"); return; }
    set_str(in_test ? &p->t->kernel_name : &p->kernel_name, v);
  } else if (!strcmp(key, "dimensions")) {
    uint64_t d;
    if (parse_uint(v, &d) != 0 || d < 1 || d > 3) { perr(p, line, "dimensions: expected 1, 2 or 3, got '%s'", v); return; }
    if (in_test) { p->t->dims = (unsigned)d; p->t_has_dims = 1; }
    else p->dims = (unsigned)d;
  } else if (!strcmp(key, "global_size")) {
    if (parse_sizes(p, line, key, v, in_test ? p->t->global_size : p->global_size, 0, NULL) == 0) {
      if (in_test) p->t_has_global = 1; else p->has_global = 1;
    }
  } else if (!strcmp(key, "local_size")) {
    int is_null;
    if (parse_sizes(p, line, key, v, in_test ? p->t->local_size : p->local_size, 1, &is_null) == 0) {
      if (in_test) { p->t_has_local = 1; p->t->has_local_size = !is_null; }
      else p->has_local = !is_null;
    }
  } else if (!strcmp(key, "global_offset")) {
    if (parse_sizes(p, line, key, v, in_test ? p->t->global_offset : p->global_offset, 0, NULL) == 0) {
      if (in_test) p->t_has_offset = 1; else p->has_offset = 1;
    }
  } else if (!strcmp(key, "name")) {
    set_str(in_test ? &p->t->name : &f->name, v);
  } else if (in_test) {
    if (!strcmp(key, "arg_in")) parse_arg(p, line, v, 0);
    else if (!strcmp(key, "arg_out")) parse_arg(p, line, v, 1);
    else if (!strcmp(key, "expect_test_fail")) p->t->expect_fail = parse_bool(p, line, key, v);
    else perr(p, line, "unknown key '%s' in [test]", key);
  } else {
    if (!strcmp(key, "clc_version_min")) {
      uint64_t c;
      if (parse_uint(v, &c) != 0 || c > 1000) { perr(p, line, "clc_version_min: expected an integer such as 12, got '%s'", v); return; }
      f->clc_version_min = (int)c;
    } else if (!strcmp(key, "build_options")) set_str(&f->build_options, v);
    else if (!strcmp(key, "device_regex")) set_str(&f->device_regex, v);
    else if (!strcmp(key, "platform_regex")) set_str(&f->platform_regex, v);
    else if (!strcmp(key, "require_device_extensions")) set_str(&f->device_extensions, v);
    else if (!strcmp(key, "require_device_features")) set_str(&f->device_features, v);
    else if (!strcmp(key, "require_platform_extensions")) set_str(&f->platform_extensions, v);
    else if (!strcmp(key, "expect_build_fail")) f->expect_build_fail = parse_bool(p, line, key, v);
    else if (!strcmp(key, "program_source_file")) {
      if (!*v) { perr(p, line, "program_source_file: empty"); return; }
      set_str(&p->source_file, v);
      p->source_line = line;
    } else if (!strcmp(key, "program_source")) {
      free(p->source_text);
      p->source_text = strdup(v);
      p->source_len = strlen(v);
      p->source_line = line;
    } else if (!strcmp(key, "program_binary_file") || !strcmp(key, "program_binary")) {
      set_str(&f->binary_note, "program binaries are not supported");
    } else perr(p, line, "unknown key '%s' in [config]", key);
  }
}

static void handle_line(parser *p, int line, char *s) {
  s = trim(s);
  if (!*s) return;
  if (*s == '[') {
    if (!strcmp(s, "[config]")) {
      if (p->config_seen) { perr(p, line, "a second [config] section"); return; }
      if (p->section) { perr(p, line, "[config] must come first"); return; }
      p->config_seen = 1;
      p->section = 1;
    } else if (!strcmp(s, "[test]")) {
      if (!p->config_seen) { perr(p, line, "[test] before [config]"); return; }
      p->section = 2;
      start_test(p, line);
    } else if (!strcmp(s, "[program source]")) {
      if (!p->config_seen) { perr(p, line, "[program source] before [config]"); return; }
      finish_test(p);
      p->section = 3;
      p->source_line = line + 1;
      free(p->source_text);
      p->source_text = strdup("");
      p->source_len = 0;
    } else {
      perr(p, line, "unknown section %s", s);
    }
    return;
  }
  if (!p->section) { perr(p, line, "expected [config] before '%s'", s); return; }
  char *colon = strchr(s, ':');
  if (!colon) { perr(p, line, "expected 'key: value', got '%s'", s); return; }
  *colon = 0;
  char *key = trim(s), *v = trim(colon + 1);
  handle_kv(p, line, key, v);
}

/* Reads the block text: logical lines, comments, continuations. `first`
 * is the file line of the block's first line. */
static void parse_block(parser *p, const char *text, size_t len, int first) {
  char *logical = NULL;
  size_t llen = 0;
  int lstart = 0, raw = 0;
  const char *s = text, *end = text + len;
  int line = first;
  while (s < end && !p->err) {
    const char *nl = memchr(s, '\n', (size_t)(end - s));
    size_t n = nl ? (size_t)(nl - s) : (size_t)(end - s);
    char *phys = xstrndup(s, n);
    if (!phys) { perr(p, line, "out of memory"); break; }
    s += n + (nl ? 1 : 0);
    if (!logical && p->section == 3) {
      /* [program source]: verbatim up to the next section header. */
      char *tmp = strdup(phys), *tt = tmp ? trim(tmp) : NULL;
      int header = tt && (!strcmp(tt, "[test]") || !strcmp(tt, "[config]") || !strcmp(tt, "[program source]"));
      free(tmp);
      if (!header) {
        char *grown = realloc(p->source_text, p->source_len + n + 2);
        if (grown) {
          memcpy(grown + p->source_len, phys, n);
          p->source_len += n;
          grown[p->source_len++] = '\n';
          grown[p->source_len] = 0;
          p->source_text = grown;
        }
        free(phys);
        line++;
        continue;
      }
    }
    if (!logical) {
      lstart = line;
      /* Comments are cut except in program_source, which is C text. */
      const char *k = phys;
      while (isspace((unsigned char)*k)) k++;
      raw = !strncmp(k, "program_source", 14) && (k[14] == ':' || isspace((unsigned char)k[14]));
    }
    if (!raw) {
      char *hash = strchr(phys, '#');
      if (hash) *hash = 0;
    }
    size_t pn = strlen(phys);
    while (pn && isspace((unsigned char)phys[pn - 1])) pn--;
    int cont = pn && phys[pn - 1] == '\\';
    if (cont) pn--;
    char *grown = realloc(logical, llen + pn + 2);
    if (!grown) { free(phys); perr(p, line, "out of memory"); break; }
    logical = grown;
    memcpy(logical + llen, phys, pn);
    llen += pn;
    logical[llen] = 0;
    free(phys);
    line++;
    if (cont) {
      logical[llen++] = '\n'; /* joins as whitespace; keeps program_source's lines */
      logical[llen] = 0;
      continue;
    }
    handle_line(p, lstart, logical);
    free(logical);
    logical = NULL;
    llen = 0;
  }
  if (logical) {
    if (!p->err) handle_line(p, lstart, logical); /* a trailing '\' at end of block */
    free(logical);
  }
  if (!p->err && p->section == 2) finish_test(p);
  if (!p->err && !p->config_seen) perr(p, first, "no [config] section");
}

static const char *ext_of(const char *path) {
  const char *slash = strrchr(path, '/'), *dot = strrchr(path, '.');
  return dot && (!slash || dot > slash) ? dot : "";
}

/* Why program_source_file `rel` (at `full`; `dl` = length of the test
 * file's directory prefix in `path`) lies outside the test file's
 * directory tree, or NULL when it does not: absolute paths, and paths whose
 * resolved location (symbolic links and ".." followed) is not below that
 * directory. */
static const char *outside_dir(const char *path, size_t dl, const char *rel, const char *full) {
  if (rel[0] == '/') return "is an absolute path";
  char *dir = dl ? strndup(path, dl) : strdup(".");
  char *rd = dir ? realpath(dir, NULL) : NULL, *rf = realpath(full, NULL);
  const char *why = NULL;
  if (rd && rf) {
    size_t n = strlen(rd);
    if (strncmp(rf, rd, n) != 0 || (rf[n] != '/' && !(n == 1 && rd[0] == '/'))) why = "lies outside the test file's directory";
  }
  free(dir);
  free(rd);
  free(rf);
  return why; /* an unresolvable path fails when it is read */
}

static const char *read_error(int e) {
  if (e == EINVAL) return "not a regular file";
  if (e == EFBIG) return "larger than " RT_MAX_FILE_TEXT;
  return strerror(e);
}

int rt_file_parse(const char *path, const char *data, size_t size, rt_file *f, char **err) {
  return rt_file_parse_ex(path, data, size, 0, f, err);
}

int rt_file_parse_ex(const char *path, const char *data, size_t size, int allow_outside, rt_file *f, char **err) {
  memset(f, 0, sizeof *f);
  *err = NULL;
  /* A NUL-terminated copy, so that the string functions below stay inside
   * it whatever the caller passed. */
  char *text = xstrndup(data, size);
  if (!text) { *err = strdup("out of memory"); return -1; }
  parser p;
  memset(&p, 0, sizeof p);
  p.path = path;
  p.f = f;
  f->path = strdup(path);
  const char *ext = ext_of(path);
  char *block = NULL;
  size_t blen = 0;
  int first = 1;
  if (memchr(data, 0, size)) {
    perr(&p, 0, "contains NUL bytes: not a text test file");
  } else if (!strcmp(ext, ".cl")) {
    const char *b = strstr(text, "/*!");
    const char *e = b ? strstr(b + 3, "!*/") : NULL;
    if (!b) perr(&p, 0, "no test block: expected a comment starting with /*! and ending with !*/");
    else if (!e) {
      int l = 1;
      for (const char *c = text; c < b; c++) l += *c == '\n';
      perr(&p, l, "the /*! block is not closed with !*/");
    } else {
      for (const char *c = text; c < b; c++) first += *c == '\n';
      block = xstrndup(b + 3, (size_t)(e - b - 3));
      blen = (size_t)(e - b - 3);
    }
    f->src_kind = RT_SRC_OPENCL;
    f->source = xstrndup(text, size);
    f->source_size = size;
    f->source_path = strdup(path);
  } else if (!strcmp(ext, ".ll")) {
    /* The leading ';' lines, prefix removed, line structure kept. Lines
     * before "[config]" are free text (a description). */
    size_t cap = size + 1, n = 0;
    block = malloc(cap);
    const char *s = text;
    int config_line = 0, l = 1;
    while (block && s < text + size) {
      const char *q = s;
      while (q < text + size && (*q == ' ' || *q == '\t')) q++;
      if (q >= text + size || *q != ';') break;
      const char *nl = memchr(q, '\n', (size_t)(text + size - q));
      const char *le = nl ? nl : text + size;
      q++;
      if (q < le && *q == ' ') q++;
      size_t len = (size_t)(le - q);
      char *tmp = xstrndup(q, len), *tt = tmp ? trim(tmp) : NULL;
      if (tt && !config_line && (!strcmp(tt, "[config]") || !strncmp(tt, "/*!", 3))) config_line = l;
      free(tmp);
      if (config_line) memcpy(block + n, q, len), n += len;
      block[n++] = '\n';
      s = nl ? nl + 1 : text + size;
      l++;
    }
    if (!block) perr(&p, 0, "out of memory");
    else if (!config_line) perr(&p, 0, "no test block: the leading ';' comment lines hold no [config]");
    else {
      block[n] = 0;
      blen = n;
      /* The slash-star-bang ... bang-star-slash pair inside the comments
       * delimits the block too; blank what precedes it but keep the newlines for numbering. */
      char *b = strstr(block, "/*!");
      if (b) {
        char *e = strstr(b + 3, "!*/");
        if (e) *e = 0;
        for (char *c = block; c < b + 3; c++)
          if (*c != '\n') *c = ' ';
        blen = strlen(block);
      }
    }
    f->src_kind = RT_SRC_LLVM;
    f->source = xstrndup(text, size);
    f->source_size = size;
    f->source_path = strdup(path);
  } else if (!strcmp(ext, ".program_test")) {
    block = xstrndup(text, size);
    blen = size;
  } else {
    perr(&p, 0, "unknown test file type (expected .cl, .ll or .program_test)");
  }
  if (!p.err && block) parse_block(&p, block, blen, first);
  free(block);
  if (!p.err && !strcmp(ext, ".program_test")) {
    if (p.source_file && p.source_text) perr(&p, p.source_line, "both program_source_file and program_source");
    else if (p.source_file) {
      /* Relative to the test file's directory. */
      const char *slash = strrchr(path, '/');
      size_t dl = slash ? (size_t)(slash - path + 1) : 0;
      size_t need = dl + strlen(p.source_file) + 1;
      char *full = malloc(need);
      if (full) {
        if (p.source_file[0] == '/') snprintf(full, need, "%s", p.source_file);
        else snprintf(full, need, "%.*s%s", (int)dl, path, p.source_file);
        size_t sz;
        const char *why = allow_outside ? NULL : outside_dir(path, dl, p.source_file, full);
        f->source = why ? NULL : file_read_regular(full, RT_MAX_FILE_BYTES, &sz);
        if (why) perr(&p, p.source_line, "program_source_file %s %s (--allow-outside-sources permits it)", full, why);
        else if (!f->source) perr(&p, p.source_line, "cannot read program_source_file %s: %s", full, read_error(errno));
        else {
          f->source_size = sz;
          f->source_path = full;
          full = NULL;
          /* LLVM IR as text (.ll) or bitcode (.bc); anything else is OpenCL C */
          f->src_kind = !strcmp(ext_of(p.source_file), ".ll") || !strcmp(ext_of(p.source_file), ".bc") ? RT_SRC_LLVM : RT_SRC_OPENCL;
        }
        free(full);
      }
    } else if (p.source_text) {
      f->source = p.source_text;
      f->source_size = p.source_len;
      p.source_text = NULL;
      f->source_path = strdup(path);
      f->src_kind = RT_SRC_OPENCL;
    } else if (!f->binary_note) {
      perr(&p, 0, "[config] names neither program_source_file nor program_source");
    }
  } else if (!p.err && (p.source_file || p.source_text)) {
    perr(&p, p.source_line, "program_source/program_source_file only belong in .program_test files");
  }
  if (!p.err && f->num_tests == 0 && !f->expect_build_fail)
    perr(&p, 0, "no [test] sections");
  free(p.kernel_name);
  free(p.source_text);
  free(p.source_file);
  free(text);
  if (p.err) {
    rt_file_free(f);
    *err = p.err ? p.err : strdup("out of memory");
    return -1;
  }
  return 0;
}

int rt_file_load_ex(const char *path, int allow_outside, rt_file *f, char **err) {
  size_t size;
  memset(f, 0, sizeof *f);
  char *text = file_read_regular(path, RT_MAX_FILE_BYTES, &size);
  if (!text) {
    size_t n = strlen(path) + 128;
    *err = malloc(n);
    if (*err) snprintf(*err, n, "%s: cannot read: %s", path, read_error(errno));
    return -1;
  }
  int rc = rt_file_parse_ex(path, text, size, allow_outside, f, err);
  free(text);
  return rc;
}

int rt_file_load(const char *path, rt_file *f, char **err) { return rt_file_load_ex(path, 0, f, err); }
