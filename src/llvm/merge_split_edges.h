// C++ only: the merge-split-edges function pass (merge_split_edges.cpp).
#ifndef WAVECC_LLVM_MERGE_SPLIT_EDGES_H
#define WAVECC_LLVM_MERGE_SPLIT_EDGES_H

#include "llvm/IR/PassManager.h"

// Removes the empty blocks break-crit-edges made (a lone `br` with one
// predecessor that has several successors and one successor that has
// several predecessors), giving back the critical edge. Run
// break-crit-edges again afterwards where the selection needs it.
struct WirMergeSplitEdgesPass : llvm::PassInfoMixin<WirMergeSplitEdgesPass> {
  llvm::PreservedAnalyses run(llvm::Function &F, llvm::FunctionAnalysisManager &AM);
};

#endif
