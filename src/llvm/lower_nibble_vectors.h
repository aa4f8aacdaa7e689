/* IR pass: bitcasts, wide loads and stores of vectors of i2 and i4 through
 * 32-bit words (see the .c file). */
#ifndef WAVECC_LLVM_LOWER_NIBBLE_VECTORS_H
#define WAVECC_LLVM_LOWER_NIBBLE_VECTORS_H

#include <llvm-c/Core.h>

/* Rewrites every bitcast between a vector of i2 or i4 (<N x iK>, N * K a
 * multiple of 8) and another non-pointer type of the same size in `mod`
 * into shifts of the words of <M x iB> (B = 32, 16 or 8 bits) and a
 * bitcast of that word vector, and every plain load and store of such a
 * vector wider than 64 bits into one of <M x iB>. Cannot fail; returns the number of
 * bitcasts rewritten. */
int wir_lower_nibble_vectors(LLVMModuleRef mod);

#endif
