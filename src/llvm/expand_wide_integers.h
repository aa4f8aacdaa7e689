/* IR pass: integers of 65..128 bits as two i64 halves (see the .c file). */
#ifndef WAVECC_LLVM_EXPAND_WIDE_INTEGERS_H
#define WAVECC_LLVM_EXPAND_WIDE_INTEGERS_H

#include <llvm-c/Core.h>

/* In every function of `mod` whose integers of 65..128 bits are used only
 * by the operations the pass handles, replaces each such value by two
 * i64 values (low and high half, the high one zero-extended past the
 * width). Other functions are left as they are. Cannot fail; returns the
 * number of functions rewritten. */
int wir_expand_wide_integers(LLVMModuleRef mod);

#endif
