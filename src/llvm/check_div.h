// C++ only: the wavecc-check-div function pass (check_div.cpp).
#ifndef WAVECC_LLVM_CHECK_DIV_H
#define WAVECC_LLVM_CHECK_DIV_H

#include "llvm/IR/PassManager.h"

// wavecc -fcheck-div (issue 29): before every udiv/sdiv/urem/srem whose
// divisor is not a nonzero constant, a test that calls
// llvm.ubsantrap(WIR_CHECK_DIV_KIND) when the divisor is 0 (for a vector,
// any element), then continues to the division.
struct WirCheckDivPass : llvm::PassInfoMixin<WirCheckDivPass> {
  llvm::PreservedAnalyses run(llvm::Function &F, llvm::FunctionAnalysisManager &);
};

#endif
