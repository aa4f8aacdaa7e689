/* Placeholder until the compiler pipeline lands (issue 3): reports that
 * nothing is compiled yet, as a user error. */
#include <stdlib.h>
#include <string.h>

#include "wavecc/wavecc.h"

void wavecc_options_init(wavecc_options *o) {
  memset(o, 0, sizeof *o);
  o->mcpu = "gfx900";
  o->opt_level = 2;
}

wavecc_result *wavecc_compile(const char *name, const void *data, size_t size, const wavecc_options *opts) {
  (void)data; (void)size; (void)opts;
  wavecc_result *r = calloc(1, sizeof *r);
  r->status = 1;
  const char *msg = ": error: the compiler pipeline is not built yet\n";
  r->diagnostics = malloc(strlen(name) + strlen(msg) + 1);
  strcpy(r->diagnostics, name);
  strcat(r->diagnostics, msg);
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
