// C++ only: the bypass-slow-division function pass (bypass_slow_division.cpp).
#ifndef WAVECC_LLVM_BYPASS_SLOW_DIVISION_H
#define WAVECC_LLVM_BYPASS_SLOW_DIVISION_H

#include "llvm/IR/PassManager.h"

// udiv/sdiv/urem/srem of `Wide` bits get a `Narrow`-bit path taken when
// both operands fit (0 for either: the pass does nothing).
struct WirBypassSlowDivisionPass : llvm::PassInfoMixin<WirBypassSlowDivisionPass> {
  unsigned Wide, Narrow;
  WirBypassSlowDivisionPass(unsigned wide, unsigned narrow) : Wide(wide), Narrow(narrow) {}
  llvm::PreservedAnalyses run(llvm::Function &F, llvm::FunctionAnalysisManager &);
};

#endif
