/* wavecc-run's driver: find the test files, run them (in parallel threads
 * with -j), print one line per test, the known-failures bookkeeping, and
 * the closing "N passed, N failed, N skipped" line (KERNEL-TEST-FORMAT.md,
 * "Results").
 *
 * Output of one file is collected in its own buffer and printed whole, in
 * the order the files were given, so parallel runs read like serial ones
 * (and scripts/update-known-failures.sh can parse them).
 *
 * Result lines: "STATUS PATH: TEST[: DETAIL]" with STATUS one of pass,
 * fail, skip, error, xfail, xpass. */
#include <dirent.h>
#include <errno.h>
#include <pthread.h>
#include <regex.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "driver/opencl.h"
#include "runner/runner.h"

/* ---- file discovery ---- */

typedef struct path_list {
  char **v;
  size_t n, cap;
} path_list;

static int path_push(path_list *l, const char *s) {
  if (l->n == l->cap) {
    size_t cap = l->cap ? l->cap * 2 : 64;
    char **v = realloc(l->v, cap * sizeof *v);
    if (!v) return -1;
    l->v = v;
    l->cap = cap;
  }
  l->v[l->n] = strdup(s);
  return l->v[l->n] ? (int)(l->n++, 0) : -1;
}

static void path_list_free(path_list *l) {
  for (size_t i = 0; i < l->n; i++) free(l->v[i]);
  free(l->v);
}

static int is_test_name(const char *name) {
  size_t n = strlen(name);
  return (n > 3 && !strcmp(name + n - 3, ".cl")) || (n > 3 && !strcmp(name + n - 3, ".ll")) ||
         (n > 13 && !strcmp(name + n - 13, ".program_test"));
}

static int cmp_str(const void *a, const void *b) {
  return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Directories already searched, by device and inode: a symbolic link back
 * up the tree (d/self -> .) would otherwise make every file below it appear
 * under 2^depth paths and the search never end. */
typedef struct dir_set {
  struct { dev_t dev; ino_t ino; } *v;
  size_t n, cap;
} dir_set;

/* Adds st's directory to the set; 0 if new, 1 if seen before, -1 when out of memory. */
static int dir_set_add(dir_set *s, const struct stat *st) {
  for (size_t i = 0; i < s->n; i++)
    if (s->v[i].dev == st->st_dev && s->v[i].ino == st->st_ino) return 1;
  if (s->n == s->cap) {
    size_t cap = s->cap ? s->cap * 2 : 32;
    void *v = realloc(s->v, cap * sizeof *s->v);
    if (!v) return -1;
    s->v = v;
    s->cap = cap;
  }
  s->v[s->n].dev = st->st_dev;
  s->v[s->n].ino = st->st_ino;
  s->n++;
  return 0;
}

/* Adds the test files under `dir` (sorted, recursive, hidden entries
 * skipped, each real directory visited once). Returns 0 or -1 if `dir`
 * cannot be read. */
static int scan_dir(const char *dir, path_list *out, int depth, dir_set *seen) {
  struct stat dst;
  if (stat(dir, &dst) != 0) return -1;
  int added = dir_set_add(seen, &dst);
  if (added != 0) return added > 0 ? 0 : -1;
  DIR *d = opendir(dir);
  if (!d) return -1;
  path_list names = {0};
  struct dirent *e;
  while ((e = readdir(d)))
    if (e->d_name[0] != '.') path_push(&names, e->d_name);
  closedir(d);
  if (names.n) qsort(names.v, names.n, sizeof *names.v, cmp_str);
  size_t dl = strlen(dir);
  for (size_t i = 0; i < names.n; i++) {
    char *full = malloc(dl + strlen(names.v[i]) + 2);
    if (!full) continue;
    sprintf(full, "%s%s%s", dir, dl && dir[dl - 1] == '/' ? "" : "/", names.v[i]);
    struct stat st;
    if (stat(full, &st) == 0) {
      if (S_ISDIR(st.st_mode) && depth < 16) scan_dir(full, out, depth + 1, seen);
      else if (S_ISREG(st.st_mode) && is_test_name(names.v[i])) path_push(out, full);
    }
    free(full);
  }
  path_list_free(&names);
  return 0;
}

/* ---- known failures ---- */

/* Reads the list: one file name per line, '#' comments, blank lines. */
static int load_known(const char *path, path_list *out, FILE *err) {
  FILE *f = fopen(path, "r");
  if (!f) {
    fprintf(err, "wavecc-run: %s: cannot read: %s\n", path, strerror(errno));
    return -1;
  }
  char *line = NULL;
  size_t cap = 0;
  while (getline(&line, &cap, f) >= 0) {
    char *h = strchr(line, '#');
    if (h) *h = 0;
    char *s = line;
    while (*s == ' ' || *s == '\t') s++;
    size_t n = strlen(s);
    while (n && (s[n - 1] == '\n' || s[n - 1] == '\r' || s[n - 1] == ' ' || s[n - 1] == '\t')) s[--n] = 0;
    if (n) path_push(out, s);
  }
  free(line);
  fclose(f);
  return 0;
}

/* A list entry names a file when it equals the path or is a suffix of it
 * starting after a '/': "foo.cl" and "kernels/foo.cl" both name
 * "tests/kernels/foo.cl". */
static int is_listed(const path_list *known, const char *path) {
  size_t pl = strlen(path);
  for (size_t i = 0; i < known->n; i++) {
    const char *k = known->v[i];
    size_t kl = strlen(k);
    if (kl > pl) continue;
    if (!strcmp(path + pl - kl, k) && (kl == pl || path[pl - kl - 1] == '/')) return 1;
  }
  return 0;
}

/* ---- one file ---- */

typedef struct file_job {
  const char *path;
  int listed;
  rt_text out;
  rt_counts c;
  int done;
  rt_text cut;            /* "PATH: TEST" lines of the tests --total-timeout cut */
} file_job;

typedef struct run_state {
  const rt_config *cfg;
  rt_pocl *pocl;
  rt_device_facts facts;
  file_job *jobs;
  size_t num_jobs, next;
  double deadline;        /* rt_monotonic_seconds() when --total-timeout ends the run; 0 none */
  pthread_mutex_t mu;
  pthread_cond_t cv;
} run_state;

/* The first line of `s` (up to 400 characters) into buf. */
static const char *first_line(const char *s, char *buf, size_t size) {
  size_t n = strcspn(s ? s : "", "\n");
  if (n >= size) n = size - 1;
  memcpy(buf, s ? s : "", n);
  buf[n] = 0;
  return buf;
}

const char *rt_first_diag(const rt_file *f, const char *diag, char *buf, size_t size) {
  const char *d = diag ? diag : "";
  size_t sl = strlen(f->source_path);
  if (!strncmp(d, f->source_path, sl) && d[sl] == ':') d += sl + 1 + (d[sl + 1] == ' ');
  return first_line(d, buf, size);
}

typedef struct report_ctx {
  file_job *job;
  const rt_config *cfg;
} report_ctx;

/* Prints one result line and counts it. t == NULL: a file-level result. */
static void report(void *vctx, const rt_test *t, rt_status s, const char *msg) {
  report_ctx *ctx = vctx;
  file_job *j = ctx->job;
  const char *word = "pass";
  switch (s) {
  case RT_PASS: word = "pass"; j->c.passed++; break;
  case RT_SKIP: word = "skip"; j->c.skipped++; break;
  case RT_FAIL:
  case RT_ERROR:
    if (j->listed) { word = "xfail"; j->c.xfail++; }
    else {
      word = s == RT_FAIL ? "fail" : "error";
      j->c.failed++;
      if (s == RT_ERROR) j->c.errors++;
    }
    break;
  }
  char line[1024];
  first_line(msg, line, sizeof line);
  rt_text_printf(&j->out, "%-5s %s: %s%s%s\n", word, j->path, t ? t->name : "(file)", *line ? ": " : "", line);
  /* Multi-line messages (build logs) follow, indented, in verbose mode. */
  if (ctx->cfg->verbose && msg && strchr(msg, '\n')) {
    const char *rest = strchr(msg, '\n') + 1;
    while (*rest) {
      size_t n = strcspn(rest, "\n");
      rt_text_printf(&j->out, "      %.*s\n", (int)n, rest);
      rest += n + (rest[n] == '\n');
    }
  }
}

/* Indented compiler messages, at most `max_lines` lines unless verbose. */
static void print_diag(rt_text *out, const char *diag, int verbose) {
  int lines = 0;
  const char *s = diag ? diag : "";
  while (*s) {
    size_t n = strcspn(s, "\n");
    if (!verbose && ++lines > 20) {
      rt_text_printf(out, "      ... (more with -v)\n");
      break;
    }
    rt_text_printf(out, "      %.*s\n", (int)n, s);
    s += n + (s[n] == '\n');
  }
}

/* Whether the space-separated list `have` holds `word` as a whole entry. */
static int has_word(const char *have, const char *word) {
  size_t wl = strlen(word);
  for (const char *h = have; (h = strstr(h, word)); h += wl)
    if ((h == have || h[-1] == ' ') && (h[wl] == 0 || h[wl] == ' ')) return 1;
  return 0;
}

/* piglit's require_device_features (OpenCL C 3.0 optional features named
 * without __opencl_c_, piglit-framework-cl.c check_device_features): the
 * first one the device lacks (malloc'ed), or NULL. int64 is a full-profile
 * device's (every device the runner drives), fp64 comes with cl_khr_fp64;
 * the runner knows no other feature, so those skip. */
static char *missing_feature(const char *features, const char *extensions) {
  if (!features) return NULL;
  int n;
  char **want = rt_split_options(features, &n);
  char *missing = NULL;
  for (int k = 0; k < n && !missing; k++) {
    int ok = !strcmp(want[k], "int64") || (!strcmp(want[k], "fp64") && has_word(extensions, "cl_khr_fp64"));
    if (!ok) missing = strdup(want[k]);
  }
  rt_free_options(want);
  return missing;
}

/* The reason to skip the whole file on this device, or NULL. */
static char *file_skip_reason(const rt_file *f, const rt_device_facts *d, char **error) {
  char buf[512];
  *error = NULL;
  if (f->binary_note) return strdup(f->binary_note);
  if (f->clc_version_min > d->clc_version) {
    snprintf(buf, sizeof buf, "needs OpenCL C %d.%d, the compiler supports %d.%d", f->clc_version_min / 10,
             f->clc_version_min % 10, d->clc_version / 10, d->clc_version % 10);
    return strdup(buf);
  }
  const char *re_src[2] = {f->device_regex, f->platform_regex};
  const char *subject[2] = {d->device_name, d->platform_name};
  for (int i = 0; i < 2; i++) {
    if (!re_src[i]) continue;
    regex_t re;
    if (regcomp(&re, re_src[i], REG_EXTENDED | REG_NOSUB) != 0) {
      snprintf(buf, sizeof buf, "%s: invalid %s '%s'", f->path, i ? "platform_regex" : "device_regex", re_src[i]);
      *error = strdup(buf);
      return NULL;
    }
    int m = regexec(&re, subject[i], 0, NULL, 0) == 0;
    regfree(&re);
    if (!m) {
      snprintf(buf, sizeof buf, "%s '%s' does not match '%s'", i ? "platform_regex" : "device_regex", re_src[i], subject[i]);
      return strdup(buf);
    }
  }
  char *feature = missing_feature(f->device_features, d->extensions);
  if (feature) {
    snprintf(buf, sizeof buf, "device feature __opencl_c_%s is not supported", feature);
    free(feature);
    return strdup(buf);
  }
  const char *req[2] = {f->device_extensions, f->platform_extensions};
  const char *have[2] = {d->extensions, d->platform_extensions};
  for (int i = 0; i < 2; i++) {
    if (!req[i]) continue;
    int n;
    char **want = rt_split_options(req[i], &n);
    char *missing = NULL;
    for (int k = 0; k < n && !missing; k++)
      if (!has_word(have[i], want[k])) missing = want[k];
    if (missing) {
      snprintf(buf, sizeof buf, "%s %s is not supported", i ? "platform extension" : "device extension", missing);
      rt_free_options(want);
      return strdup(buf);
    }
    rt_free_options(want);
  }
  return NULL;
}

static void run_emu_file(run_state *rs, const rt_file *f, report_ctx *rc) {
  const rt_config *cfg = rs->cfg;
  file_job *j = rc->job;
  rt_emu_program prog;
  char *diag = NULL;
  int built = rt_emu_build(cfg, f, &prog, &diag, &j->out) == 0;
  if (f->expect_build_fail) {
    if (!built) report(rc, NULL, RT_PASS, "the build fails as expected");
    else report(rc, NULL, RT_FAIL, "expect_build_fail is set but the program built");
    if (cfg->verbose && diag) print_diag(&j->out, diag, 1);
  } else if (!built) {
    char l[600], msg[700];
    snprintf(msg, sizeof msg, "build failed: %s", rt_first_diag(f, diag, l, sizeof l));
    for (size_t i = 0; i < f->num_tests; i++) report(rc, &f->tests[i], RT_ERROR, msg);
    print_diag(&j->out, diag, cfg->verbose);
  } else {
    for (size_t i = 0; i < f->num_tests; i++) {
      const rt_test *t = &f->tests[i];
      char *msg = NULL;
      rt_text extra = {0}; /* --stats / trace lines, printed after the result line */
      rt_status st = rt_emu_run_test(cfg, f, &prog, t, &msg, &extra);
      report(rc, t, st, msg);
      if (extra.n) rt_text_printf(&j->out, "%s", extra.p);
      rt_text_free(&extra);
      free(msg);
    }
  }
  free(diag);
  if (built) rt_emu_program_free(&prog);
}

static void run_one(run_state *rs, file_job *j) {
  const rt_config *cfg = rs->cfg;
  report_ctx rc = {j, cfg};
  rt_file f;
  char *err = NULL;
  if (rt_file_load_ex(j->path, cfg->allow_outside_sources, &f, &err) != 0) {
    /* Malformed or unreadable: one error for the file. */
    if (j->listed) { j->c.xfail++; rt_text_printf(&j->out, "xfail %s\n", err ? err : j->path); }
    else { j->c.failed++; j->c.errors++; rt_text_printf(&j->out, "error %s\n", err ? err : j->path); }
    free(err);
    goto known;
  }
  char *error = NULL, *options = NULL;
  char *skip = file_skip_reason(&f, &rs->facts, &error);
  if (!error && !skip) error = rt_check_build(cfg, &f, &options);
  if (error) {
    report(&rc, NULL, RT_ERROR, error);
  } else if (skip) {
    for (size_t i = 0; i < f.num_tests; i++) report(&rc, &f.tests[i], RT_SKIP, skip);
    if (!f.num_tests) report(&rc, NULL, RT_SKIP, skip);
  } else {
    /* Tests with image or sampler arguments are skipped, never run. */
    rt_file run = f;
    run.build_options = options;
    rt_test *keep = calloc(f.num_tests + 1, sizeof *keep);
    size_t nkeep = 0;
    for (size_t i = 0; keep && i < f.num_tests; i++) {
      int image = 0;
      for (size_t k = 0; k < f.tests[i].num_in; k++) image |= f.tests[i].in[k].is_image;
      for (size_t k = 0; k < f.tests[i].num_out; k++) image |= f.tests[i].out[k].is_image;
      if (image) report(&rc, &f.tests[i], RT_SKIP, "image and sampler arguments are not supported");
      else keep[nkeep++] = f.tests[i];
    }
    run.tests = keep;
    run.num_tests = nkeep;
    if (!keep) report(&rc, NULL, RT_ERROR, "out of memory");
    else if (nkeep || f.expect_build_fail) {
      if (cfg->differential) rt_differential_file(cfg, &run, report, &rc, &j->out);
      else if (cfg->compiler == RT_POCL || cfg->compiler == RT_ICD) rt_pocl_run_file(cfg, rs->pocl, &run, report, &rc, &j->out);
      else run_emu_file(rs, &run, &rc);
    }
    free(keep);
  }
  free(skip);
  free(error);
  free(options);
  rt_file_free(&f);
known:
  /* Only a file that ran and passed is an xpass: one whose tests were all
   * skipped (say, the emulator is missing) proves nothing either way. */
  if (j->listed && j->c.xfail == 0 && j->c.passed > 0) {
    rt_text_printf(&j->out, "xpass %s: listed in the known failures but nothing failed; remove it from %s\n", j->path,
                   cfg->known_failures);
    j->c.xpass++;
    j->c.failed++;
  }
}

/* --total-timeout ended the run before file j finished: one "cut" line per
 * test (names from a fresh parse of the file; the file's partial output
 * died with its worker), counted as failed. */
static void cut_file(run_state *rs, file_job *j) {
  rt_file f;
  char *err = NULL;
  char when[64];
  snprintf(when, sizeof when, "--total-timeout=%g", rs->cfg->total_timeout_seconds);
  rt_text_free(&j->out);
  memset(&j->c, 0, sizeof j->c);
  if (rt_file_load_ex(j->path, rs->cfg->allow_outside_sources, &f, &err) == 0 && f.num_tests) {
    for (size_t i = 0; i < f.num_tests; i++) {
      rt_text_printf(&j->out, "cut   %s: %s: not finished within %s\n", j->path, f.tests[i].name, when);
      rt_text_printf(&j->cut, "  %s: %s\n", j->path, f.tests[i].name);
      j->c.cut++;
    }
    rt_file_free(&f);
  } else {
    rt_text_printf(&j->out, "cut   %s: (file): not finished within %s\n", j->path, when);
    rt_text_printf(&j->cut, "  %s\n", j->path);
    j->c.cut++;
  }
  free(err);
  j->c.failed += j->c.cut;
}

typedef struct child_arg {
  run_state *rs;
  file_job *j;
} child_arg;

/* In the worker process: run the file and hand back its output. */
static void child_run(void *varg, rt_text *out, rt_counts *c) {
  child_arg *a = varg;
  run_one(a->rs, a->j);
  *out = a->j->out;
  *c = a->j->c;
}

/* Files run in worker processes (isolate.c), at most cfg->jobs at a time,
 * driven from this one thread: an abort, crash or exit while compiling or
 * running a file is one error for that file, and --total-timeout can stop
 * it. Marks each job done; `ready` is called after every round so that
 * finished files print in order. */
static void run_workers(run_state *rs, void (*ready)(run_state *, void *), void *ctx) {
  size_t n = (size_t)(rs->cfg->jobs < 1 ? 1 : rs->cfg->jobs), next = 0, busy = 0;
  rt_worker *w = calloc(n, sizeof *w);
  rt_worker **live = calloc(n, sizeof *live);
  size_t *job = calloc(n, sizeof *job);
  char *msg = NULL;
  if (!w || !live || !job) n = 0;
  for (;;) {
    int late = rs->deadline > 0 && rt_monotonic_seconds() >= rs->deadline;
    for (size_t k = 0; k < n && next < rs->num_jobs; k++) {
      if (job[k]) continue; /* job[k] = 1 + the job index of a busy slot */
      while (next < rs->num_jobs && rs->jobs[next].done) next++;
      if (next >= rs->num_jobs) break;
      file_job *j = &rs->jobs[next];
      child_arg a = {rs, j};
      if (late) cut_file(rs, j);
      else if (rt_worker_start(&w[k], child_run, &a, &msg) == 0) {
        job[k] = ++next;
        busy++;
        continue;
      } else {
        report_ctx rc = {j, rs->cfg};
        report(&rc, NULL, RT_ERROR, msg);
        free(msg);
        msg = NULL;
      }
      j->done = 1;
      next++;
      k--; /* this slot is still free */
    }
    if (!busy) {
      if (next >= rs->num_jobs || !n) break;
      continue;
    }
    size_t nl = 0;
    for (size_t k = 0; k < n; k++)
      if (job[k]) live[nl++] = &w[k];
    int ms = 100;
    if (rs->deadline > 0) {
      double left = rs->deadline - rt_monotonic_seconds();
      ms = left <= 0 ? 0 : left * 1000 < ms ? (int)(left * 1000) + 1 : ms;
    }
    rt_workers_wait(live, nl, ms);
    late = rs->deadline > 0 && rt_monotonic_seconds() >= rs->deadline;
    for (size_t k = 0; k < n; k++) {
      if (!job[k] || !(rt_worker_done(&w[k]) || late)) continue;
      file_job *j = &rs->jobs[job[k] - 1];
      rt_isolate_status st = rt_worker_finish(&w[k], late, &j->out, &j->c, &msg);
      if (st == RT_ISOLATE_CUT) cut_file(rs, j);
      else if (st == RT_ISOLATE_DIED) {
        report_ctx rc = {j, rs->cfg};
        report(&rc, NULL, RT_ERROR, msg);
      }
      free(msg);
      msg = NULL;
      j->done = 1;
      job[k] = 0;
      busy--;
    }
    ready(rs, ctx);
  }
  /* Out of memory for the pool: run what is left in this process. */
  for (; next < rs->num_jobs; next++)
    if (!rs->jobs[next].done) {
      run_one(rs, &rs->jobs[next]);
      rs->jobs[next].done = 1;
    }
  free(w);
  free(live);
  free(job);
}

static void *worker(void *arg) {
  run_state *rs = arg;
  for (;;) {
    pthread_mutex_lock(&rs->mu);
    size_t i = rs->next < rs->num_jobs ? rs->next++ : rs->num_jobs;
    pthread_mutex_unlock(&rs->mu);
    if (i >= rs->num_jobs) return NULL;
    if (rs->deadline > 0 && rt_monotonic_seconds() >= rs->deadline) cut_file(rs, &rs->jobs[i]);
    else run_one(rs, &rs->jobs[i]);
    pthread_mutex_lock(&rs->mu);
    rs->jobs[i].done = 1;
    pthread_cond_broadcast(&rs->cv);
    pthread_mutex_unlock(&rs->mu);
  }
}

/* Prints finished files in order (each file's output whole) and adds up
 * their counts; the progress line names the next file. */
typedef struct printer {
  FILE *out;
  rt_counts *counts;
  int progress;
  size_t printed;
} printer;

static void print_ready(run_state *rs, void *vctx) {
  printer *p = vctx;
  for (; p->printed < rs->num_jobs && rs->jobs[p->printed].done; p->printed++) {
    file_job *j = &rs->jobs[p->printed];
    if (p->progress) fprintf(p->out, "\r\033[K");
    if (j->out.n) fwrite(j->out.p, 1, j->out.n, p->out);
    rt_counts *c = p->counts;
    c->passed += j->c.passed;
    c->failed += j->c.failed;
    c->skipped += j->c.skipped;
    c->errors += j->c.errors;
    c->xfail += j->c.xfail;
    c->xpass += j->c.xpass;
    c->cut += j->c.cut;
    rt_text_free(&j->out);
  }
  if (p->progress && p->printed < rs->num_jobs)
    fprintf(p->out, "\r\033[K[%zu/%zu] %s", p->printed + 1, rs->num_jobs, rs->jobs[p->printed].path);
  fflush(p->out);
}

/* PoCL: the OpenCL platform is opened once in this process, so its files
 * run here, in threads with -j (OpenCL objects are thread-safe). */
static void run_threads(run_state *rs, printer *pr) {
  pthread_mutex_init(&rs->mu, NULL);
  pthread_cond_init(&rs->cv, NULL);
  int nthreads = rs->cfg->jobs < 1 ? 1 : rs->cfg->jobs;
  if ((size_t)nthreads > rs->num_jobs) nthreads = rs->num_jobs ? (int)rs->num_jobs : 1;
  pthread_t *th = calloc((size_t)nthreads, sizeof *th);
  int started = 0;
  if (nthreads > 1 && th)
    for (int i = 0; i < nthreads; i++)
      if (pthread_create(&th[i], NULL, worker, rs) == 0) started++;
  for (size_t i = 0; i < rs->num_jobs; i++) {
    file_job *j = &rs->jobs[i];
    if (!started && !j->done) { /* serial (or threads could not start) */
      if (rs->deadline > 0 && rt_monotonic_seconds() >= rs->deadline) cut_file(rs, j);
      else run_one(rs, j);
      j->done = 1;
    } else {
      pthread_mutex_lock(&rs->mu);
      while (!j->done) pthread_cond_wait(&rs->cv, &rs->mu);
      pthread_mutex_unlock(&rs->mu);
    }
    print_ready(rs, pr);
  }
  for (int i = 0; i < started; i++) pthread_join(th[i], NULL);
  free(th);
  pthread_mutex_destroy(&rs->mu);
  pthread_cond_destroy(&rs->cv);
}

int rt_run(const rt_config *cfg, const char *const *paths, int num_paths, FILE *out, FILE *err,
           rt_counts *counts) {
  memset(counts, 0, sizeof *counts);
  path_list files = {0}, known = {0}, missing = {0};
  dir_set seen = {0};
  int rc = 2;
  run_state rs;
  memset(&rs, 0, sizeof rs);
  rs.cfg = cfg;
  if (cfg->known_failures && load_known(cfg->known_failures, &known, err) != 0) goto out;
  for (int i = 0; i < num_paths; i++) {
    struct stat st;
    if (stat(paths[i], &st) == 0 && S_ISDIR(st.st_mode)) {
      size_t before = files.n;
      /* An unreadable or empty directory is an error: a corpus that
       * vanished must not pass as "0 failed". */
      if (scan_dir(paths[i], &files, 0, &seen) != 0 || files.n == before) path_push(&missing, paths[i]);
    } else {
      /* Files (and missing paths, which then fail with a clear message). */
      path_push(&files, paths[i]);
    }
  }
  if (cfg->compiler == RT_POCL || cfg->compiler == RT_ICD) {
    char *e = NULL;
    if (cfg->compiler == RT_ICD) {
      rt_icd_vendors_default();
      rt_icd_checks_default(cfg->checks);
    }
    rs.pocl = rt_pocl_open(cfg->compiler == RT_ICD ? "wavecc" : NULL, &e);
    if (!rs.pocl) {
      fprintf(err, "wavecc-run: --compiler=%s: %s\n", cfg->compiler == RT_ICD ? "icd" : "pocl",
              e ? e : "cannot open OpenCL");
      free(e);
      goto out;
    }
    rt_pocl_facts(rs.pocl, &rs.facts);
  } else {
    rt_emu_facts(&rs.facts);
    rs.facts.device_name = rt_mcpu(cfg);
  }
  rs.num_jobs = files.n + missing.n;
  rs.jobs = calloc(rs.num_jobs + 1, sizeof *rs.jobs);
  if (!rs.jobs) goto out;
  for (size_t i = 0; i < files.n; i++) {
    rs.jobs[i].path = files.v[i];
    rs.jobs[i].listed = is_listed(&known, files.v[i]);
  }
  for (size_t i = 0; i < missing.n; i++) {
    file_job *j = &rs.jobs[files.n + i];
    j->path = missing.v[i];
    j->done = 1;
    j->c.failed = j->c.errors = 1;
    rt_text_printf(&j->out, "error %s: cannot read the directory, or it holds no .cl, .ll or .program_test files\n", j->path);
  }
  rs.next = 0;
  if (cfg->total_timeout_seconds > 0) rs.deadline = rt_monotonic_seconds() + cfg->total_timeout_seconds;
  int progress = cfg->progress < 0 ? (isatty(fileno(out)) && rs.num_jobs >= 10) : cfg->progress;
  printer pr = {out, counts, progress, 0};
  /* PoCL: threads sharing its context. The ICD is not thread-safe: forked
   * workers (each its own copy of the context; the ICD starts no threads,
   * so forking after opening it is safe). */
  if (cfg->compiler == RT_POCL && !cfg->differential) run_threads(&rs, &pr);
  else {
    /* OpenCL C is compiled in the workers (wavecc, llc) and checked
     * (build_check.c) through the in-process front end: loaded once here,
     * the forked workers inherit it. */
    int opencl = 0;
    for (size_t i = 0; i < files.n; i++) {
      size_t n = strlen(files.v[i]);
      opencl += n < 3 || strcmp(files.v[i] + n - 3, ".ll") != 0;
    }
    /* One file: its worker opens the front end only if it compiles (a
     * cache hit does not: loading clang and LLVM costs ~25 ms of CPU, most
     * of a warm run's). */
    if (opencl > 1 && !cfg->code_object) driver_opencl_preload();
    run_workers(&rs, print_ready, &pr);
  }
  print_ready(&rs, &pr);
  if (counts->cut) {
    fprintf(out, "%u test%s cut by --total-timeout=%g (not run or not finished, counted as failed):\n", counts->cut,
            counts->cut == 1 ? "" : "s", cfg->total_timeout_seconds);
    for (size_t i = 0; i < rs.num_jobs; i++)
      if (rs.jobs[i].cut.n) fwrite(rs.jobs[i].cut.p, 1, rs.jobs[i].cut.n, out);
  }
  if (cfg->known_failures)
    fprintf(out, "%u xfail, %u xpass (known failures: %s)\n", counts->xfail, counts->xpass, cfg->known_failures);
  fprintf(out, "%u passed, %u failed, %u skipped\n", counts->passed, counts->failed, counts->skipped);
  fflush(out);
  rc = counts->failed ? 1 : 0;
out:
  for (size_t i = 0; rs.jobs && i < rs.num_jobs; i++) rt_text_free(&rs.jobs[i].cut);
  free(rs.jobs);
  rt_pocl_close(rs.pocl);
  path_list_free(&files);
  path_list_free(&known);
  path_list_free(&missing);
  free(seen.v);
  return rc;
}
