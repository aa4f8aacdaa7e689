// C++ only: the promote-private-arrays function pass (promote_private_arrays.cpp).
#ifndef WAVECC_LLVM_PROMOTE_PRIVATE_ARRAYS_H
#define WAVECC_LLVM_PROMOTE_PRIVATE_ARRAYS_H

#include "llvm/IR/PassManager.h"

// llc-19's AMDGPUPromoteAlloca "to vector": a private (address space 5)
// array of 2..16 elements of one 8/16/32/64-bit scalar type, at most 16
// dwords, reached only through getelementptrs, loads, stores, atomics and
// lifetime markers, becomes an <N x T> value in registers: a load is an
// extractelement, a store an insertelement, an atomic its load-op-store.
// The function's arrays together take at most a quarter of the VGPRs a
// wave of target may address at the function's occupancy attributes (32
// in a function that is not a kernel, as llc-19 limits it for the
// caller-saved registers; target NULL: 256).
struct wavecc_target;
struct WirPromotePrivateArraysPass : llvm::PassInfoMixin<WirPromotePrivateArraysPass> {
  explicit WirPromotePrivateArraysPass(const wavecc_target *target) : target(target) {}
  llvm::PreservedAnalyses run(llvm::Function &F, llvm::FunctionAnalysisManager &AM);
  const wavecc_target *target;
};

#endif
