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

/* Whether `name` is a target-ID feature (AMDGPUUsage "Target ID") that
 * target t does not have: llc-19 accepts it, warns "xnack 'On' was
 * requested for a processor that does not support it!" and ignores it. */
static bool absent_target_id_feature(const wavecc_target *t, const char *name) {
  return (!strcmp(name, "sramecc") && !t->has_sramecc) || (!strcmp(name, "xnack") && !t->has_xnack);
}

/* The verdict on one feature `name` turned on (`on`) for target t: NULL
 * when it matches t's facts (or llc-19 ignores it), else why not (a
 * static string). */
static const char *feature_verdict(const wavecc_target *t, const char *name, bool on) {
  if (!strcmp(name, "wavefrontsize64")) return on == (t->wave_size == 64) ? NULL : "not this processor's wave size";
  if (!strcmp(name, "wavefrontsize32")) return on == (t->wave_size == 32) ? NULL : "not this processor's wave size";
  /* XNACK on (AMDGPUUsage "Target ID"): a scalar load that faults is
   * replayed, so its destination must not overlap its address (LLVM's
   * early-clobber SMEM forms); wavecc's register allocator does not
   * ensure that yet, so it cannot promise xnack+. */
  if (!strcmp(name, "xnack") && on && !absent_target_id_feature(t, name))
    return "xnack+ code objects not supported (wavecc's scalar loads may overwrite their address registers, "
           "which an XNACK replay needs); -xnack is";
  if (!strcmp(name, "sramecc") || !strcmp(name, "xnack")) return NULL; /* target ID (or ignored) */
  return "not a feature wavecc supports";
}

/* An -mattr list's next ','-separated entry; false at the end. */
static bool next_feature(const char **s, char feat[64]) { return *s && **s && next_part(s, ',', feat); }

int llc_mattr_check(const wavecc_target *t, const char *mattr, char *why, size_t n) {
  const char *s = mattr;
  char feat[64];
  while (next_feature(&s, feat)) {
    if (feat[0] != '+' && feat[0] != '-') {
      snprintf(why, n, "-mattr feature '%s' needs a '+' or '-' in front", feat);
      return -1;
    }
    const char *no = feature_verdict(t, feat + 1, feat[0] == '+');
    if (no) {
      snprintf(why, n, "-mattr feature '%s' for %s: %s", feat, t->name, no);
      return -1;
    }
  }
  return 0;
}

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
  while (next_feature(&s, feat))
    if ((feat[0] == '+' || feat[0] == '-') && absent_target_id_feature(t, feat + 1))
      diag_warning(d, NULL, "%s '%s' was requested for a processor that does not support it (%s); ignored, as llc-19 does",
                   feat + 1, feat[0] == '+' ? "On" : "Off", t->name);
}
