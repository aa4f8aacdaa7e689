/* A function's denormal mode from its IR attributes, for instruction
 * selection's FLOAT_MODE (isel_fpmode.c) and for the IR passes that must
 * know whether a function flushes (expand_atomics.c). */
#ifndef WAVECC_LLVM_DENORMAL_ATTRS_H
#define WAVECC_LLVM_DENORMAL_ATTRS_H

#include <llvm-c/Core.h>
#include <stdbool.h>

/* The MODE register's denormal value for function `fn`'s f32 (f32 true)
 * or f16/f64 operations: 3 keep both, 2 flush inputs only, 1 flush
 * outputs only, 0 flush both. From "denormal-fp-math" ("OUTPUT,INPUT" or
 * one value for both; LLVM LangRef), which "denormal-fp-math-f32"
 * overrides for f32; only "preserve-sign" flushes (the hardware has no
 * positive-zero flush, so "positive-zero" and "dynamic" keep denormals,
 * as llc-19 does); no attribute: 3. */
unsigned wir_denorm_mode(LLVMValueRef fn, bool f32);

#endif
