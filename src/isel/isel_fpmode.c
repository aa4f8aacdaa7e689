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
#include "llvm/denormal_attrs.h"

uint32_t isel_fp_mode_of(LLVMValueRef fn) {
  return isa_mode_set(isa_mode_set(0, ISA_MODE_DENORM32, wir_denorm_mode(fn, true)), ISA_MODE_DENORM16_64,
                      wir_denorm_mode(fn, false));
}

uint32_t isel_fpmode_begin(const isel_ctx *c) { return c->p->blocks[c->cur].num_instrs; }

void isel_fpmode_end(isel_ctx *c, uint32_t start, isa_mode_field f, unsigned value) {
  mir_block *b = &c->p->blocks[c->cur];
  for (uint32_t i = start; i < b->num_instrs; i++) b->instrs[i]->fpmode = mir_fpmode_fix(b->instrs[i]->fpmode, f, value);
}

bool isel_denorm32_flushed(const isel_ctx *c) { return isa_mode_get(c->p->abi.float_mode, ISA_MODE_DENORM32) != 3; }
