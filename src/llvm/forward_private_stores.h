// C++ only: the forward-private-stores function pass (forward_private_stores.cpp).
#ifndef WAVECC_LLVM_FORWARD_PRIVATE_STORES_H
#define WAVECC_LLVM_FORWARD_PRIVATE_STORES_H

#include "llvm/IR/PassManager.h"

// Replaces a load from a private array whose address never escapes by the
// value last stored to the same bytes (same type), within a block and
// along chains of single-predecessor blocks; also a repeated load by the
// first one. Other loads and stores are left as they are.
struct WirForwardPrivateStoresPass : llvm::PassInfoMixin<WirForwardPrivateStoresPass> {
  llvm::PreservedAnalyses run(llvm::Function &F, llvm::FunctionAnalysisManager &AM);
};

#endif
