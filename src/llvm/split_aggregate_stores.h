/* IR pass: stores of struct and array values split into their members
 * (see the .c file). */
#ifndef WAVECC_LLVM_SPLIT_AGGREGATE_STORES_H
#define WAVECC_LLVM_SPLIT_AGGREGATE_STORES_H

#include <llvm-c/Core.h>

/* Rewrites every `store` of a first-class aggregate (struct or array) in
 * `mod` into stores of its members at their DataLayout offsets, recursively,
 * keeping volatility and the alignment known at each offset, as LLVM's
 * SelectionDAG splits them for llc-19; stores of vectors of odd-width
 * integers (<3 x i15>) as one integer store of the packed bits. Cannot
 * fail; returns the number of stores rewritten. */
int wir_split_aggregate_stores(LLVMModuleRef mod);

#endif
