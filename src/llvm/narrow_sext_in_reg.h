// C++ only: the narrow-sext-in-reg function pass (narrow_sext_in_reg.cpp).
#ifndef WAVECC_LLVM_NARROW_SEXT_IN_REG_H
#define WAVECC_LLVM_NARROW_SEXT_IN_REG_H

#include "llvm/IR/PassManager.h"

// `ashr (shl x, 32), 32 - k` on i64 (k <= 4) whose x is an i64
// expression used only there becomes `sext (x computed in i32) << k`; an
// i64 phi read only through its low 32 bits (trunc to i32, such a pair)
// becomes an i32 phi.
struct WirNarrowSextInRegPass : llvm::PassInfoMixin<WirNarrowSextInRegPass> {
  llvm::PreservedAnalyses run(llvm::Function &F, llvm::FunctionAnalysisManager &AM);
};

#endif
