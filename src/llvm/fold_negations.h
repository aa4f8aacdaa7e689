// C++ only: the fold-negations function pass (fold_negations.cpp).
#ifndef WAVECC_LLVM_FOLD_NEGATIONS_H
#define WAVECC_LLVM_FOLD_NEGATIONS_H

#include "llvm/IR/PassManager.h"

// Floating-point negations folded into the operations that read them, so
// that early-cse sees equal expressions equal: fmul/fma/fmuladd of two
// fnegs reads the plain values, fmul/fma/fmuladd of one fneg and a
// constant or a single-use product with a constant factor reads the
// negated constant, fabs(fneg x) and fabs(fabs x) are fabs x, fneg(fneg x)
// is x; calls of memory-free, non-convergent intrinsics lose their
// call-site function and argument attributes, calling convention and tail marker (which only
// keep early-cse from merging two equal calls).
struct WirFoldNegationsPass : llvm::PassInfoMixin<WirFoldNegationsPass> {
  llvm::PreservedAnalyses run(llvm::Function &F, llvm::FunctionAnalysisManager &AM);
};

#endif
