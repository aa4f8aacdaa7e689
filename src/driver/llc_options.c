/* llc-19's -mtriple and -mattr values checked against what wavecc
 * compiles for (llc_options.h). Sources: LLVM's Triple::normalize (which
 * forms name the same triple), AMDGPUUsage "Target Triples" and "Target
 * Features" / "Target ID". */
#include "driver/llc_options.h"

#include <stdbool.h>
#include <stdio.h>
#include <string.h>

/* Copies the `sep`-separated component at *s (up to the next `sep` or
 * end) into out[0..64) and advances *s past it and its separator; false
 * when no component is left. */
static bool next_part(const char **s, char sep, char out[64]) {
  if (!*s) return false;
  const char *end = strchr(*s, sep);
  size_t len = end ? (size_t)(end - *s) : strlen(*s);
  if (len >= 64) len = 63;
  memcpy(out, *s, len);
  out[len] = 0;
  *s = end ? end + 1 : NULL;
  return true;
}

/* A triple's next '-'-separated component. */
static bool next_component(const char **s, char out[64]) { return next_part(s, '-', out); }

int llc_triple_check(const char *triple, char *why, size_t n) {
  char arch[64], c1[64] = "", c2[64] = "", env[64] = "", extra[64];
  const char *s = triple ? triple : "";
  next_component(&s, arch);
  next_component(&s, c1);
  next_component(&s, c2);
  next_component(&s, env);
  bool more = next_component(&s, extra);
  /* "amdgcn-amdhsa": Triple::normalize moves a recognised OS to its place. */
  const char *vendor = c1, *os = c2;
  if (!strcmp(c1, "amdhsa") && !*c2) vendor = "", os = c1;
  if (strcmp(arch, "amdgcn") != 0) {
    snprintf(why, n, "'%s' is not an amdgcn triple (wavecc compiles for amdgcn-amd-amdhsa)", triple ? triple : "");
    return -1;
  }
  if (strcmp(os, "amdhsa") != 0) {
    snprintf(why, n, "'%s': OS '%s' is not amdhsa (wavecc writes HSA code objects only: amdgcn-amd-amdhsa)",
             triple, os);
    return -1;
  }
  if ((*vendor && strcmp(vendor, "amd") && strcmp(vendor, "unknown")) || *env || more) {
    snprintf(why, n, "'%s': wavecc writes the target ID amdgcn-amd-amdhsa--<cpu>; no other vendor or environment",
             triple);
    return -1;
  }
  return 0;
}

int llc_mattr_check(const wavecc_target *t, const char *mattr, char *why, size_t n) {
  char no[256];
  if (wavecc_target_with_features(t, mattr, no, sizeof no)) return 0;
  snprintf(why, n, "-mattr %s", no);
  return -1;
}

/* An -mattr list's next ','-separated entry; false at the end. */
static bool next_feature(const char **s, char feat[64]) { return *s && **s && next_part(s, ',', feat); }

void llc_mattr_target_id(const wavecc_target *t, const char *mattr, int8_t *xnack, int8_t *sramecc) {
  *xnack = *sramecc = 0;
  const char *s = mattr;
  char feat[64];
  while (next_feature(&s, feat)) {
    if (feat[0] != '+' && feat[0] != '-') continue;
    int8_t v = feat[0] == '+' ? 1 : -1;
    if (!strcmp(feat + 1, "xnack") && t->has_xnack) *xnack = v; /* the last one wins, as in LLVM */
    if (!strcmp(feat + 1, "sramecc") && t->has_sramecc) *sramecc = v;
  }
}

void llc_mattr_warn(const wavecc_target *t, const char *mattr, diag *d) {
  const char *s = mattr;
  char feat[64];
  while (next_feature(&s, feat)) {
    if (feat[0] != '+' && feat[0] != '-') continue;
    bool absent = (!strcmp(feat + 1, "sramecc") && !t->has_sramecc) || (!strcmp(feat + 1, "xnack") && !t->has_xnack);
    if (absent) /* llc-19: "xnack 'On' was requested for a processor that does not support it!" */
      diag_warning(d, NULL, "%s '%s' was requested for a processor that does not support it (%s); ignored, as llc-19 does",
                   feat + 1, feat[0] == '+' ? "On" : "Off", t->name);
  }
}
