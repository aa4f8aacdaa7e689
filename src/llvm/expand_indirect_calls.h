/* IR pass: indirect calls as loops over the distinct callees of the
 * active lanes (see the .c file). */
#ifndef WAVECC_LLVM_EXPAND_INDIRECT_CALLS_H
#define WAVECC_LLVM_EXPAND_INDIRECT_CALLS_H

#include <llvm-c/Core.h>

#include "util/diag.h"

/* Rewrites every indirect call of `mod` into a loop whose call has a
 * uniform callee (readfirstlane of the pointer). Cannot fail; returns 0. */
int wir_expand_indirect_calls(LLVMModuleRef mod, diag *d);

#endif
