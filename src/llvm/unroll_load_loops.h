// C++ only: the unroll-load-loops function pass (unroll_load_loops.cpp).
#ifndef WAVECC_LLVM_UNROLL_LOAD_LOOPS_H
#define WAVECC_LLVM_UNROLL_LOAD_LOOPS_H

#include "llvm/IR/PassManager.h"

// Innermost loops that load from memory whose trip count is not known at
// compile time, unrolled by 2 with a run-time remainder iteration (LLVM's
// UnrollLoop, epilogue form), so two iterations' loads are issued before
// one wait. Only small single-exit loops without calls or convergent
// operations.
struct WirUnrollLoadLoopsPass : llvm::PassInfoMixin<WirUnrollLoadLoopsPass> {
  llvm::PreservedAnalyses run(llvm::Function &F, llvm::FunctionAnalysisManager &AM);
};

#endif
