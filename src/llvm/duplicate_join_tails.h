// C++ only: the duplicate-join-tails function pass (duplicate_join_tails.cpp).
#ifndef WAVECC_LLVM_DUPLICATE_JOIN_TAILS_H
#define WAVECC_LLVM_DUPLICATE_JOIN_TAILS_H

#include "llvm/IR/PassManager.h"

// Copies a small block that joins paths from different arms of a divergent
// branch, without being that branch's post-dominator, into each of its
// predecessors (see the .cpp for when).
struct WirDuplicateJoinTailsPass : llvm::PassInfoMixin<WirDuplicateJoinTailsPass> {
  llvm::PreservedAnalyses run(llvm::Function &F, llvm::FunctionAnalysisManager &AM);
};

#endif
