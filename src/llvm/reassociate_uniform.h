/* IR pass: (x op d) op y with x, y uniform and d divergent becomes
 * (x op y) op d, so the uniform part is one SALU instruction (see the .c
 * file). */
#ifndef WAVECC_LLVM_REASSOCIATE_UNIFORM_H
#define WAVECC_LLVM_REASSOCIATE_UNIFORM_H

#include <llvm-c/Core.h>

/* Rewrites every defined function of `mod`; returns the number of
 * instructions rewritten. */
int wir_reassociate_uniform(LLVMModuleRef mod);

#endif
