// C++ only: the atomic-optimizer function pass (atomic_optimizer.cpp).
#ifndef WAVECC_LLVM_ATOMIC_OPTIMIZER_H
#define WAVECC_LLVM_ATOMIC_OPTIMIZER_H

#include "llvm/IR/PassManager.h"

// llc-19's AMDGPUAtomicOptimizer with its default strategy (Iterative):
// an atomicrmw add/sub/and/or/xor/min/max/umin/umax/fadd/fsub/fmin/fmax
// of i32/i64/float/double on global or LDS memory at a uniform address is
// done once per wave, by its first active lane, with the wave's combined
// value; the other lanes rebuild their old values from the returned one.
// wave_size: 64 or 32 (the ballot and mbcnt width); target: which
// atomics become compare-and-swap loops (wir_atomic_needs_loop), the only
// ones whose divergent values are folded by a lane loop (NULL: none).
struct wavecc_target;
struct WirAtomicOptimizerPass : llvm::PassInfoMixin<WirAtomicOptimizerPass> {
  WirAtomicOptimizerPass(unsigned wave_size, const wavecc_target *target) : wave_size(wave_size), target(target) {}
  llvm::PreservedAnalyses run(llvm::Function &F, llvm::FunctionAnalysisManager &AM);
  unsigned wave_size;
  const wavecc_target *target;
};

#endif
