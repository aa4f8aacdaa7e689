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
 * Code objects without the section (llc-19's, wavecc's through llvm-mc)
 * keep the segment-wide bounds check and the v_rcp_iflag_f32 division
 * check (check.c). */
#include <stdlib.h>
#include <string.h>

#include "emu/check_internal.h"

typedef struct note_rec {
  uint64_t addr;
  uint32_t kind, obj_offset, obj_size;
} note_rec;

struct check_notes {
  note_rec *r;
  size_t n;
};

static uint64_t le(const uint8_t *p, unsigned n) {
  uint64_t v = 0;
  for (unsigned i = 0; i < n; i++) v |= (uint64_t)p[i] << (8 * i);
  return v;
}

static int by_addr(const void *a, const void *b) {
  const note_rec *x = a, *y = b;
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
    c->r[i] = (note_rec){le(p, 8), (uint32_t)le(p + 8, 4), (uint32_t)le(p + 12, 4), (uint32_t)le(p + 16, 4)};
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

/* The record of kind `kind` at the instruction w is executing, or NULL. */
static const note_rec *find(const emu_dispatch *d, const emu_wave *w, uint32_t kind) {
  const struct check_notes *c = d->chk->notes;
  if (!c) return NULL;
  uint64_t a = w->pc - d->prog->load_base;
  size_t lo = 0, hi = c->n;
  while (lo < hi) {
    size_t m = (lo + hi) / 2;
    if (c->r[m].addr < a) lo = m + 1;
    else hi = m;
  }
  return lo < c->n && c->r[lo].addr == a && c->r[lo].kind == kind ? &c->r[lo] : NULL;
}

int notes_div_trap(emu_dispatch *d, emu_wave *w, const emu_inst *in) {
  /* the trap's block runs for the lanes whose divisor is 0 (a uniform
   * divisor: all of them); with EXEC = 0 the code should have skipped it,
   * and the trap's own fault says so */
  if (!w->exec || !find(d, w, 1)) return 0;
  return chk_report(d, w, in, "div", __builtin_ctzll(w->exec),
                    "integer division by zero (the divisor of the division or remainder here is 0; wavecc "
                    "-fcheck-div's test)");
}

int notes_private_object(emu_dispatch *d, emu_wave *w, const emu_inst *in, uint64_t off, unsigned n, unsigned lane) {
  const note_rec *r = find(d, w, 2);
  if (!r || (off >= r->obj_offset && off + n <= (uint64_t)r->obj_offset + r->obj_size)) return 0;
  return chk_report(d, w, in, "bounds", (int)lane,
                    "private access of %u bytes at offset %llu is outside its object, the %u-byte private array at "
                    "offset %u (it lands %s; an index out of the array's bounds)",
                    n, (unsigned long long)off, r->obj_size, r->obj_offset,
                    off < r->obj_offset ? "before it" : "past its end, in another private object");
}
