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

#endif
