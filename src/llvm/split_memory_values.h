/* IR pass: stores of struct and array values split into their members,
 * loads and stores of odd-width integer vectors as packed integers (see
 * the .c file). */
#ifndef WAVECC_LLVM_SPLIT_MEMORY_VALUES_H
#define WAVECC_LLVM_SPLIT_MEMORY_VALUES_H

#include <llvm-c/Core.h>

/* Rewrites every `store` of a first-class aggregate (struct or array) in
 * `mod` into stores of its members at their DataLayout offsets, recursively,
 * keeping volatility and the alignment known at each offset, as LLVM's
 * SelectionDAG splits them for llc-19; stores of vectors of odd-width
 * integers (<3 x i15>) as integer stores of the packed bits, and loads of
 * them (<8 x i4>) as an integer load split by shifts. Cannot fail;
 * returns the number of loads and stores rewritten. */
int wir_split_memory_values(LLVMModuleRef mod);

#endif
