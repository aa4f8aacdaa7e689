/* What wavecc tells the bug checks about its code: the .wavecc.checks
 * section (src/emit/debug_line.c, mc_check_section) of a code object,
 * kept by the loader (emu_keep_debug_section). Records by instruction
 * address:
 *   kind 1  an s_trap that wavecc -fcheck-div put before an integer
 *           division or remainder, reached only when the divisor is 0
 *           (src/llvm/check_div.c): the div check reports it;
 *   kind 2  a private (scratch) access to the kernel's stack object of
 *           obj_size bytes at lane offset obj_offset (isel's frame layout,
 *           isel_abi.c): the bounds check reports a lane whose access
 *           leaves that object, though it stays in the private segment
 *           (an off-by-one index into the next array).
 * This file only reads the records; check.c reports.
 * Code objects without the section (llc-19's, wavecc's through llvm-mc)
 * keep the segment-wide bounds check and the v_rcp_iflag_f32 division
 * check (check.c). */
#include <stdlib.h>
#include <string.h>

#include "emu/check_internal.h"

struct check_notes {
  check_note *r;
  size_t n;
};

static uint64_t le(const uint8_t *p, unsigned n) {
  uint64_t v = 0;
  for (unsigned i = 0; i < n; i++) v |= (uint64_t)p[i] << (8 * i);
  return v;
}

static int by_addr(const void *a, const void *b) {
  const check_note *x = a, *y = b;
  return x->addr < y->addr ? -1 : x->addr > y->addr;
}

struct check_notes *notes_load(const wemu_program *prog) {
  const uint8_t *s = prog->wcc_checks;
  size_t size = prog->wcc_checks_size;
  if (!s || size < 12 || memcmp(s, "WCCK", 4) || le(s + 4, 4) != 1) return NULL; /* unknown: ignored */
  uint64_t n = le(s + 8, 4);
  if (n > (size - 12) / 20) return NULL;
  struct check_notes *c = calloc(1, sizeof *c);
  if (!c || !(c->r = calloc(n ? n : 1, sizeof *c->r))) { free(c); return NULL; }
  for (uint64_t i = 0; i < n; i++) {
    const uint8_t *p = s + 12 + 20 * i;
    c->r[i] = (check_note){le(p, 8), (uint32_t)le(p + 8, 4), (uint32_t)le(p + 12, 4), (uint32_t)le(p + 16, 4)};
  }
  c->n = n;
  qsort(c->r, n, sizeof *c->r, by_addr);
  return c;
}

void notes_free(struct check_notes *c) {
  if (!c) return;
  free(c->r);
  free(c);
}

const check_note *notes_find(const struct check_notes *c, uint64_t addr, uint32_t kind) {
  if (!c) return NULL;
  size_t lo = 0, hi = c->n;
  while (lo < hi) {
    size_t m = (lo + hi) / 2;
    if (c->r[m].addr < addr) lo = m + 1;
    else hi = m;
  }
  return lo < c->n && c->r[lo].addr == addr && c->r[lo].kind == kind ? &c->r[lo] : NULL;
}
