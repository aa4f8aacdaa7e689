// C++ only: the break-crit-edges function pass (break_crit_edges.cpp).
#ifndef WAVECC_LLVM_BREAK_CRIT_EDGES_H
#define WAVECC_LLVM_BREAK_CRIT_EDGES_H

#include "llvm/IR/PassManager.h"

// LLVM's break-crit-edges (BreakCriticalEdgesPass: every critical edge
// gets an empty block), the same blocks in the same order, without
// updating a cached dominator tree when no loop info is cached.
struct WirBreakCritEdgesPass : llvm::PassInfoMixin<WirBreakCritEdgesPass> {
  llvm::PreservedAnalyses run(llvm::Function &F, llvm::FunctionAnalysisManager &AM);
};

#endif
