// C++ only: the loop-exit-copies function pass (loop_exit_copies.cpp).
#ifndef WAVECC_LLVM_LOOP_EXIT_COPIES_H
#define WAVECC_LLVM_LOOP_EXIT_COPIES_H

#include "llvm/IR/PassManager.h"

// Needs LCSSA form (run lcssa first): every value of a loop used after it
// reaches those uses through a phi of an exit block.
struct WirLoopExitCopiesPass : llvm::PassInfoMixin<WirLoopExitCopiesPass> {
  llvm::PreservedAnalyses run(llvm::Function &F, llvm::FunctionAnalysisManager &AM);
};

#endif
