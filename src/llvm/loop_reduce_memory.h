// C++ only: the loop-reduce-memory loop pass (loop_reduce_memory.cpp).
#ifndef WAVECC_LLVM_LOOP_REDUCE_MEMORY_H
#define WAVECC_LLVM_LOOP_REDUCE_MEMORY_H

#include "llvm/Analysis/LoopAnalysisManager.h"
#include "llvm/IR/PassManager.h"
#include "llvm/Transforms/Scalar/LoopPassManager.h"

// LLVM's loop strength reduction, except on a loop that does not access
// memory (no instruction of it, nested loops included, may read or write
// memory) and has more than 16 values used after it.
struct WirLoopReduceMemoryPass : llvm::PassInfoMixin<WirLoopReduceMemoryPass> {
  llvm::PreservedAnalyses run(llvm::Loop &L, llvm::LoopAnalysisManager &AM, llvm::LoopStandardAnalysisResults &AR,
                              llvm::LPMUpdater &U);
};

#endif
