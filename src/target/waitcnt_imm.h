/* The s_waitcnt immediate of gfx9 (Vega ISA guide, "SOPP Instructions",
 * S_WAITCNT): vmcnt in bits 3:0 and 15:14 (0..63), expcnt in 6:4 (0..7),
 * lgkmcnt in 11:8 (0..15); a counter at its maximum means "do not wait on
 * it". A target fact, below machine IR: the IR's text form (parse.c,
 * print.c), the waitcnt pass and emission all read it here. */
#ifndef WAVECC_TARGET_WAITCNT_IMM_H
#define WAVECC_TARGET_WAITCNT_IMM_H

#include <stdint.h>

static inline uint16_t mir_waitcnt_encode(unsigned vmcnt, unsigned expcnt, unsigned lgkmcnt) {
  return (uint16_t)((vmcnt & 0xf) | ((vmcnt >> 4) & 3) << 14 | (expcnt & 7) << 4 | (lgkmcnt & 0xf) << 8);
}

static inline void mir_waitcnt_decode(uint16_t imm, unsigned *vmcnt, unsigned *expcnt, unsigned *lgkmcnt) {
  *vmcnt = (imm & 0xfu) | ((imm >> 14) & 3u) << 4;
  *expcnt = (imm >> 4) & 7u;
  *lgkmcnt = (imm >> 8) & 0xfu;
}

#endif
