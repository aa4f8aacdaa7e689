// loop-reduce-memory: loop strength reduction where it has addresses to
// reduce.
//
// Why (issue 27): LSR's users are the loop's induction expressions; in a
// loop without memory accesses those are arithmetic only, and LSR then
// rewrites their values used after the loop as "expression + the new
// induction variable", computed in every iteration beside the original.
// On tests/kernels/f_reg_pressure.cl (32 words updated with `+ t` in a loop
// of registers only) that doubled the adds and kept 32 more values live:
// 56 -> 118 VGPRs and 5528 -> 8798 executed wave-instructions at gfx900
// (llc-19, which runs LSR on it too: 115 VGPRs, 6900). Loops with a load,
// store or atomic keep LSR: there it bumps one pointer per access
// (bench/real fnv1a, gemv_row, spmv_csr).
#include "llvm/IR/Instructions.h"
#include "llvm/Transforms/Scalar/LoopStrengthReduce.h"

#include "llvm/loop_reduce_memory.h"

using namespace llvm;

PreservedAnalyses WirLoopReduceMemoryPass::run(Loop &L, LoopAnalysisManager &AM, LoopStandardAnalysisResults &AR,
                                               LPMUpdater &U) {
  for (BasicBlock *B : L.blocks())
    for (Instruction &I : *B)
      if (isa<LoadInst>(I) || isa<StoreInst>(I) || isa<AtomicRMWInst>(I) || isa<AtomicCmpXchgInst>(I))
        return LoopStrengthReducePass().run(L, AM, AR, U);
  return PreservedAnalyses::all();
}
