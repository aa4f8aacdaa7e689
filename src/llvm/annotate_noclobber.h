// C++ only: the annotate-noclobber function pass (annotate_noclobber.cpp).
#ifndef WAVECC_LLVM_ANNOTATE_NOCLOBBER_H
#define WAVECC_LLVM_ANNOTATE_NOCLOBBER_H

#include "llvm/IR/PassManager.h"

// In a kernel: marks each plain global load that no store, atomic, fence
// or call of the kernel can have written before it !amdgpu.noclobber.
struct WirAnnotateNoclobberPass : llvm::PassInfoMixin<WirAnnotateNoclobberPass> {
  llvm::PreservedAnalyses run(llvm::Function &F, llvm::FunctionAnalysisManager &AM);
};

#endif
