/* The list of target descriptions and the functions over it (target.h):
 * lookup by -mcpu name, the wave-size variants, llc-style feature strings.
 * Sources: AMDGPUUsage "Processors" (which processors, which target
 * features), "Target Features" (wavefrontsize32/64, xnack, sramecc). */
#include "target/target.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* One entry per processor: its default instance (wave32 on RDNA). */
static const wavecc_target *const all_targets[] = {&wavecc_target_gfx900, &wavecc_target_gfx1030,
                                                   &wavecc_target_gfx1100, &wavecc_target_gfx90a,
                                                   &wavecc_target_gfx942};

const wavecc_target *wavecc_target_at(unsigned i) {
  return i < sizeof all_targets / sizeof all_targets[0] ? all_targets[i] : NULL;
}

const wavecc_target *wavecc_target_by_name(const char *name) {
  for (unsigned i = 0; wavecc_target_at(i); i++)
    if (name && strcmp(all_targets[i]->name, name) == 0) return all_targets[i];
  return NULL;
}

unsigned wavecc_processor_generation(const char *name) {
  /* LLVM 19 AMDGPU.td / AMDGPUUsage "Processors": the aliases of gfx6-gfx8 */
  static const struct {
    const char *name;
    unsigned gen;
  } named[] = {{"tahiti", 6},   {"pitcairn", 6}, {"verde", 6},    {"oland", 6},     {"hainan", 6},
               {"bonaire", 7},  {"kaveri", 7},   {"hawaii", 7},   {"kabini", 7},    {"mullins", 7},
               {"iceland", 8},  {"tonga", 8},    {"carrizo", 8},  {"fiji", 8},      {"stoney", 8},
               {"polaris10", 8}, {"polaris11", 8}, {"topaz", 8}};
  if (!name) return 0;
  for (size_t i = 0; i < sizeof named / sizeof named[0]; i++)
    if (!strcmp(name, named[i].name)) return named[i].gen;
  if (strncmp(name, "gfx", 3)) return 0;
  const char *v = name + 3;
  size_t lead = strspn(v, "0123456789");
  if (strstr(v, "-generic")) return lead ? (unsigned)atoi(v) : 0; /* gfx9-generic, gfx10-3-generic */
  /* gfxMMss: the stepping is the last two characters (gfx90a, gfx1030) */
  size_t len = strlen(v);
  if (len < 3 || len > 4 || lead < len - 2 || !isxdigit((unsigned char)v[len - 1]) ||
      !isxdigit((unsigned char)v[len - 2]))
    return 0;
  unsigned gen = 0;
  for (size_t i = 0; i + 2 < len; i++) gen = gen * 10 + (unsigned)(v[i] - '0');
  return gen;
}

const wavecc_target *wavecc_target_variant(const wavecc_target *t, unsigned wave_size) {
  if (!t) return NULL;
  if (t->wave_size == wave_size) return t;
  return t->other_wave && t->other_wave->wave_size == wave_size ? t->other_wave : NULL;
}

/* Applies one feature (`name`, turned on if `on`) to *t; NULL when it
 * fits, else why not (a static string). */
static const char *apply_feature(const wavecc_target **t, const char *name, bool on) {
  bool w64 = !strcmp(name, "wavefrontsize64"), w32 = !strcmp(name, "wavefrontsize32");
  if (w64 || w32) {
    /* -wavefrontsize32 means wave64 as llc reads it (GCNSubtarget: the
     * wave size is whichever feature ends up set) */
    unsigned want = (w64 == on) ? 64 : 32;
    const wavecc_target *v = wavecc_target_variant(*t, want);
    if (!v) return "not this processor's wave size";
    *t = v;
    return NULL;
  }
  /* Target-ID features (AMDGPUUsage "Target ID"): written into the code
   * object's target ID where the processor has them, ignored (llc-19
   * warns) where it has not. XNACK on ("+") and "any" code is kept
   * replay-safe by the xnack-constraints pass and the soft-clause hazard
   * rule (src/ra/xnack_replay.c, src/passes/hazards.c). */
  if (!strcmp(name, "sramecc") || !strcmp(name, "xnack")) return NULL;
  return "not a feature wavecc supports";
}

const wavecc_target *wavecc_target_with_features(const wavecc_target *t, const char *features, char *why, size_t n) {
  const char *s = features;
  while (t && s && *s) {
    const char *comma = strchr(s, ',');
    size_t len = comma ? (size_t)(comma - s) : strlen(s);
    char feat[64];
    if (len >= sizeof feat) len = sizeof feat - 1;
    memcpy(feat, s, len);
    feat[len] = 0;
    s = comma ? comma + 1 : NULL;
    if (feat[0] != '+' && feat[0] != '-') {
      snprintf(why, n, "feature '%s' needs a '+' or '-' in front", feat);
      return NULL;
    }
    const char *no = apply_feature(&t, feat + 1, feat[0] == '+');
    if (no) {
      snprintf(why, n, "feature '%s' for %s: %s", feat, t->name, no);
      return NULL;
    }
  }
  return t;
}

unsigned wavecc_target_max_hazard_wait(const wavecc_target *t) {
  unsigned m = 0;
  for (unsigned i = 0; i < WAVECC_NUM_HAZARDS; i++)
    if (t->hazard_waits[i] > m) m = t->hazard_waits[i];
  return m;
}
