/* The s_waitcnt immediate of gfx9 (Vega ISA guide, "SOPP Instructions",
 * S_WAITCNT): vmcnt in bits 3:0 and 15:14 (0..63), expcnt in 6:4 (0..7),
 * lgkmcnt in 11:8 (0..15); a counter at its maximum means "do not wait on
 * it". A target fact, below machine IR: the IR's text form (parse.c,
 * print.c), the waitcnt pass and emission all read it here. */
#ifndef WAVECC_TARGET_WAITCNT_IMM_H
#define WAVECC_TARGET_WAITCNT_IMM_H

#include <stdint.h>

#include "target/target.h"

static inline uint16_t mir_waitcnt_encode(unsigned vmcnt, unsigned expcnt, unsigned lgkmcnt) {
  return (uint16_t)((vmcnt & 0xf) | ((vmcnt >> 4) & 3) << 14 | (expcnt & 7) << 4 | (lgkmcnt & 0xf) << 8);
}

static inline void mir_waitcnt_decode(uint16_t imm, unsigned *vmcnt, unsigned *expcnt, unsigned *lgkmcnt) {
  *vmcnt = (imm & 0xfu) | ((imm >> 14) & 3u) << 4;
  *expcnt = (imm >> 4) & 7u;
  *lgkmcnt = (imm >> 8) & 0xfu;
}

/* The s_waitcnt simm16 of target t that waits for c[k] outstanding events
 * of counter k (each at most wavecc_counter_max; the maximum: no wait),
 * at the target's counter fields (target.h; gfx10 widens lgkmcnt to 6
 * bits, gfx11 moves every field: RDNA 2/3 ISA guides, S_WAITCNT); the
 * other bits 0. The inverse of wavecc_waitcnt_get. */
/* s_waitcnt's simm16 holds the first WAVECC_WAITCNT_FIELDS counters (vm,
 * exp, lgkm); any later one has its own instruction (s_waitcnt_vscnt). */
enum { WAVECC_WAITCNT_FIELDS = 3 };
static inline uint16_t wavecc_waitcnt_make(const wavecc_target *t, const unsigned c[WAVECC_WAITCNT_FIELDS]) {
  uint32_t simm = 0;
  for (unsigned k = 0; k < WAVECC_WAITCNT_FIELDS; k++) {
    const wavecc_counter_field *f = &t->counters[k];
    unsigned v = c[k] & ((1u << f->bits) - 1);
    simm |= (v & ((1u << f->lo_bits) - 1)) << f->lo_shift;
    if (f->bits > f->lo_bits) simm |= (v >> f->lo_bits) << f->hi_shift;
  }
  return (uint16_t)simm;
}

#endif
