/* A parsed kernel test file's lifetime and accessors: freeing an rt_file,
 * looking up a test's argument by index, splitting option strings (the
 * parser itself is parse.c; the format is ../shared/KERNEL-TEST-FORMAT.md). */
#include <stdlib.h>
#include <string.h>

#include "runner/runner.h"

void rt_file_free(rt_file *f) {
  if (!f) return;
  for (size_t i = 0; i < f->num_tests; i++) {
    rt_test *t = &f->tests[i];
    for (size_t k = 0; k < t->num_in; k++) free(t->in[k].data);
    for (size_t k = 0; k < t->num_out; k++) free(t->out[k].data);
    free(t->in);
    free(t->out);
    free(t->name);
    free(t->kernel_name);
  }
  free(f->tests);
  free(f->path);
  free(f->name);
  free(f->source);
  free(f->source_path);
  free(f->build_options);
  free(f->device_regex);
  free(f->platform_regex);
  free(f->device_extensions);
  free(f->device_features);
  free(f->platform_extensions);
  free(f->binary_note);
  free(f->cached_elf);
  free(f->cached_diag);
  memset(f, 0, sizeof *f);
}

char **rt_split_options(const char *s, int *n) {
  *n = 0;
  size_t len = s ? strlen(s) : 0;
  char **v = calloc(len / 2 + 2, sizeof *v);
  if (!v) return NULL;
  char *copy = strdup(s ? s : "");
  if (!copy) { free(v); return NULL; }
  char *save = NULL;
  for (char *w = strtok_r(copy, " \t\r\n", &save); w; w = strtok_r(NULL, " \t\r\n", &save))
    v[(*n)++] = strdup(w);
  free(copy);
  return v;
}

void rt_free_options(char **v) {
  if (!v) return;
  for (char **p = v; *p; p++) free(*p);
  free(v);
}

const rt_arg *rt_test_in(const rt_test *t, unsigned index) {
  for (size_t i = 0; i < t->num_in; i++)
    if (t->in[i].index == index) return &t->in[i];
  return NULL;
}

const rt_arg *rt_test_out(const rt_test *t, unsigned index) {
  for (size_t i = 0; i < t->num_out; i++)
    if (t->out[i].index == index) return &t->out[i];
  return NULL;
}
