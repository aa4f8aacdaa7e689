// C++ only: the join-flags function pass (join_flags.cpp).
#ifndef WAVECC_LLVM_JOIN_FLAGS_H
#define WAVECC_LLVM_JOIN_FLAGS_H

#include "llvm/IR/PassManager.h"

// Gives a block that joins the arms of a branch without being its
// post-dominator a flow block with a path flag in front, so that the
// region becomes if/else (see the .cpp for when).
struct WirJoinFlagsPass : llvm::PassInfoMixin<WirJoinFlagsPass> {
  llvm::PreservedAnalyses run(llvm::Function &F, llvm::FunctionAnalysisManager &AM);
};

#endif
