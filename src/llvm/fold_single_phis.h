// C++ only: the fold-single-phis function pass (fold_single_phis.cpp).
#ifndef WAVECC_LLVM_FOLD_SINGLE_PHIS_H
#define WAVECC_LLVM_FOLD_SINGLE_PHIS_H

#include "llvm/IR/PassManager.h"

// Replaces every phi with one incoming edge by its value (LCSSA phis).
struct WirFoldSinglePhisPass : llvm::PassInfoMixin<WirFoldSinglePhisPass> {
  llvm::PreservedAnalyses run(llvm::Function &F, llvm::FunctionAnalysisManager &AM);
};

#endif
