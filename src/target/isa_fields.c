/* Field widths of the encodings that instruction selection must respect:
 * the immediate offset ranges per format and family. Sources: Vega ISA
 * guide chapter 12 and RDNA 2 / RDNA 3 ISA guides "Microcode Formats";
 * checked with llvm-mc-19 (gfx1030: "expected a 11-bit unsigned offset"
 * for FLAT, "12-bit signed" for GLOBAL/SCRATCH; gfx1100 and gfx900 accept
 * 0..4095 and -4096..4095). */
#include "target/isa.h"
#include "target/target.h"

void isa_offset_range(unsigned e, isa_format f, int64_t *lo, int64_t *hi) {
  bool gfx10 = e == WAVECC_ENC_GFX10, rdna = gfx10 || e == WAVECC_ENC_GFX11;
  switch (f) {
  case ISA_FMT_FLAT: *lo = 0; *hi = gfx10 ? 2047 : 4095; return;
  case ISA_FMT_GLOBAL: case ISA_FMT_SCRATCH: *lo = gfx10 ? -2048 : -4096; *hi = gfx10 ? 2047 : 4095; return;
  case ISA_FMT_MUBUF: case ISA_FMT_MTBUF: *lo = 0; *hi = 4095; return;
  case ISA_FMT_DS: *lo = 0; *hi = 65535; return;
  case ISA_FMT_SMEM: /* 20-bit unsigned bytes on GFX9, 21-bit signed on RDNA */
    *lo = rdna ? -(1 << 20) : 0;
    *hi = (1 << 20) - 1;
    return;
  default: *lo = *hi = 0; return;
  }
}
