/* IR pass: conversions and atomics done through a wider integer (see the .c file). */
#ifndef WAVECC_LLVM_CAST_THROUGH_INTEGERS_H
#define WAVECC_LLVM_CAST_THROUGH_INTEGERS_H

#include <llvm-c/Core.h>

/* Rewrites in `mod`: fptosi/fptoui to i1 (or <N x i1>) as the conversion
 * to i32 truncated; sitofp/uitofp from i1 as the conversion from the i32
 * extension; atomicrmw xchg of float/double/half or of a pointer as the xchg
 * of the same-width integer. Cannot fail; returns the number of
 * instructions rewritten. */
int wir_cast_through_integers(LLVMModuleRef mod);

#endif
