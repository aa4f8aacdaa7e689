/* IR pass: the packed-bit form of i1 and <N x i1> values (memory, bitcasts;
 * see the .c file). */
#ifndef WAVECC_LLVM_LOWER_BOOL_VECTORS_H
#define WAVECC_LLVM_LOWER_BOOL_VECTORS_H

#include <llvm-c/Core.h>

/* Rewrites every non-atomic load and store of i1 or of a vector of i1 in
 * `mod` into one of the integer that holds its bits in memory (i8 for i1,
 * i(8 * ceil(N / 8)) for <N x i1>, N <= 64), and every bitcast between
 * <N x i1> and iN and every variable-index extractelement/insertelement on
 * <N x i1> into bit operations. Cannot fail; returns the number of
 * instructions rewritten. */
int wir_lower_bool_vectors(LLVMModuleRef mod);

#endif
