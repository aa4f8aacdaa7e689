// C++ only: the expand-frem function pass (expand_frem.cpp).
#ifndef WAVECC_LLVM_EXPAND_FREM_H
#define WAVECC_LLVM_EXPAND_FREM_H

#include "llvm/IR/PassManager.h"

// Rewrites every frem (half, bfloat, float, double and fixed vectors of them,
// element by element) into the exact remainder, C's fmod: a quotient of
// fewer bits than the mantissa in one fma, larger ones in a loop that
// takes p - 5 quotient bits per step. Under `afn` the frem becomes
// llc-19's fma(-trunc(x / y), y, x) instead (see expand_frem.cpp).
// Two finite constants (y not 0) fold to the remainder.
struct WirExpandFremPass : llvm::PassInfoMixin<WirExpandFremPass> {
  llvm::PreservedAnalyses run(llvm::Function &F, llvm::FunctionAnalysisManager &);
};

#endif
