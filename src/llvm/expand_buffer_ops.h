/* IR pass: compare-and-swap loops for atomics on buffer fat pointers that
 * gfx900 has no buffer atomic for (see the .c file). */
#ifndef WAVECC_LLVM_EXPAND_BUFFER_OPS_H
#define WAVECC_LLVM_EXPAND_BUFFER_OPS_H

#include <llvm-c/Core.h>

#include "util/diag.h"

/* Rewrites atomicrmw nand/fadd/fsub/fmax/fmin (and float atomics other
 * than xchg) on ptr addrspace(7) into a load and a cmpxchg loop on the same
 * pointer. Returns 0, or -1 after reporting an atomic it cannot expand
 * (widths other than 32 and 64 bits). */
int wir_expand_buffer_ops(LLVMModuleRef mod, diag *d);

/* Marks `mod` for a processor whose buffer f32/f64 add works on any memory
 * without permission (wavecc_target.fp_atomic_add_any_memory: gfx942, as
 * llc-19 selects buffer_atomic_add_f32/f64 for a fat pointer's atomicrmw
 * fadd with neither attribute nor metadata, at any scope; checked with
 * llc-19 -mcpu=gfx942/gfx90a, 2026-11-29): wir_expand_buffer_ops then
 * leaves those atomics to lower-buffer-fat-pointers, which makes them
 * llvm.amdgcn.raw.ptr.buffer.atomic.fadd. The driver's import hook calls
 * it, before the IR passes run. */
void wir_mark_buffer_fadd(LLVMModuleRef mod);

#endif
