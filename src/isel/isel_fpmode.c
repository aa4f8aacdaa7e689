/* Floating-point mode of a kernel: the FLOAT_MODE byte of its descriptor
 * (COMPUTE_PGM_RSRC1 bits 19:12) from the function attributes, and the
 * helpers instruction selection uses to keep FP expansions right under the
 * kernel's denormal mode. A leaf: the expansions (isel_f32div.c,
 * isel_f64.c, isel_half.c) read these facts, and the rounding intrinsics
 * that call those expansions are in isel_rounding.c.
 *
 * Source: AMDGPUUsage, "Floating Point Mode" and "Kernel Descriptor"
 * (FLOAT_ROUND_MODE_32/16_64, FLOAT_DENORM_MODE_32/16_64); LLVM LangRef
 * "denormal-fp-math" ("OUTPUT,INPUT" with ieee, preserve-sign,
 * positive-zero, dynamic); the Vega ISA guide, "MODE" register (bits 1:0
 * f32 rounding, 3:2 f16/f64 rounding, 5:4 f32 denormals, 7:6 f16/f64
 * denormals; in a denormal pair bit 0 allows input denormals, bit 1
 * output denormals). Choices follow llc-19 for gfx900, checked on its
 * output: rounding is always round-to-nearest-even; only "preserve-sign"
 * flushes (the hardware has no positive-zero flush, so "positive-zero"
 * and "dynamic" keep denormals, as llc-19 does); "denormal-fp-math-f32"
 * overrides "denormal-fp-math" for f32; both absent: denormals on.
 */
#include <string.h>

#include "isel/isel_internal.h"

/* Denormal mode value of the MODE register for one attribute value: 3 keep
 * both, 2 flush inputs only, 1 flush outputs only, 0 flush both. */
static unsigned denorm_value(const char *v, unsigned len) {
  const char *comma = memchr(v, ',', len);
  unsigned olen = comma ? (unsigned)(comma - v) : len;
  const char *in = comma ? comma + 1 : v;
  unsigned ilen = comma ? len - olen - 1 : len;
  static const char ps[] = "preserve-sign";
  bool out_flush = olen == sizeof ps - 1 && memcmp(v, ps, olen) == 0;
  bool in_flush = ilen == sizeof ps - 1 && memcmp(in, ps, ilen) == 0;
  return (out_flush ? 0u : 2u) | (in_flush ? 0u : 1u);
}

static bool attr_value(LLVMValueRef fn, const char *name, unsigned *out) {
  LLVMAttributeRef at = LLVMGetStringAttributeAtIndex(fn, LLVMAttributeFunctionIndex, name, (unsigned)strlen(name));
  if (!at) return false;
  unsigned len;
  const char *v = LLVMGetStringAttributeValue(at, &len);
  *out = denorm_value(v, len);
  return true;
}

uint32_t isel_fp_mode_of(LLVMValueRef fn) {
  unsigned d64 = 3, d32;
  attr_value(fn, "denormal-fp-math", &d64);
  if (!attr_value(fn, "denormal-fp-math-f32", &d32)) d32 = d64;
  return isa_mode_set(isa_mode_set(0, ISA_MODE_DENORM32, d32), ISA_MODE_DENORM16_64, d64);
}

uint32_t isel_fpmode_begin(const isel_ctx *c) { return c->p->blocks[c->cur].num_instrs; }

void isel_fpmode_end(isel_ctx *c, uint32_t start, isa_mode_field f, unsigned value) {
  mir_block *b = &c->p->blocks[c->cur];
  for (uint32_t i = start; i < b->num_instrs; i++) b->instrs[i]->fpmode = mir_fpmode_fix(b->instrs[i]->fpmode, f, value);
}

bool isel_denorm32_flushed(const isel_ctx *c) { return isa_mode_get(c->p->abi.float_mode, ISA_MODE_DENORM32) != 3; }
