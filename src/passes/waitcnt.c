/* s_waitcnt insertion (see passes.h). */
#include "passes/passes.h"

/* gfx9 layout (Vega ISA guide, SOPP S_WAITCNT): vmcnt[3:0] and
 * vmcnt[5:4] at bits [15:14], expcnt [6:4], lgkmcnt [11:8]. */
uint16_t mir_waitcnt_encode(unsigned vmcnt, unsigned expcnt, unsigned lgkmcnt) {
  return (uint16_t)((vmcnt & 0xf) | ((vmcnt >> 4) & 3) << 14 | (expcnt & 7) << 4 | (lgkmcnt & 0xf) << 8);
}

void mir_waitcnt_decode(uint16_t imm, unsigned *vmcnt, unsigned *expcnt, unsigned *lgkmcnt) {
  *vmcnt = (imm & 0xfu) | ((imm >> 14) & 3u) << 4;
  *expcnt = (imm >> 4) & 7u;
  *lgkmcnt = (imm >> 8) & 0xfu;
}
