// C++ only: the hoist-sibling-exprs function pass (hoist_sibling_exprs.cpp).
#ifndef WAVECC_LLVM_HOIST_SIBLING_EXPRS_H
#define WAVECC_LLVM_HOIST_SIBLING_EXPRS_H

#include "llvm/IR/PassManager.h"

// Equal address arithmetic (sext/zext, i64 add/sub/shl/and/or/xor, GEP) in
// blocks that do not dominate each other is computed once, in their
// nearest common dominator, when its operands are available there.
struct WirHoistSiblingExprsPass : llvm::PassInfoMixin<WirHoistSiblingExprsPass> {
  llvm::PreservedAnalyses run(llvm::Function &F, llvm::FunctionAnalysisManager &AM);
};

#endif
