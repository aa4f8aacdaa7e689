/* IR pass: integer llvm.vector.reduce.* to scalar chains (see the .c file). */
#ifndef WAVECC_LLVM_LOWER_REDUCTIONS_H
#define WAVECC_LLVM_LOWER_REDUCTIONS_H

#include <llvm-c/Core.h>

/* Rewrites every integer vector reduction call in `mod` into
 * extractelement + binary operations (min/max through llvm.{s,u}{min,max}).
 * Cannot fail; returns the number of calls rewritten. */
int wir_lower_reductions(LLVMModuleRef mod);

#endif
