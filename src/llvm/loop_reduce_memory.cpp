// loop-reduce-memory: loop strength reduction, except on register-only
// loops with many values used after them.
//
// Why (issue 27): LSR's users are the loop's induction expressions, and
// it also rewrites the values of those expressions used after the loop as
// "expression + the new induction variable", computed in every iteration
// beside the original. On tests/kernels/f_reg_pressure.cl (32 words
// updated with `+ t` in a loop of registers only, all 32 read after it)
// that doubled the adds and kept 32 more values live: 56 -> 118 VGPRs and
// 5528 -> 8798 executed wave-instructions at gfx900 (llc-19, which runs
// LSR on it too: 115 VGPRs, 6900). Loops that access memory keep LSR
// (there it bumps one pointer per access: bench/real fnv1a, gemv_row,
// spmv_csr), and so do register-only loops with few values live after
// them (it turns f_loop_divergent.cl's j * k into an add: skipping LSR
// there cost 4 % of its executed instructions). kMaxLiveOut: a loop's
// live-out values beyond which the rewritten exit values cost more
// registers than LSR saves.
#include "llvm/IR/Instructions.h"
#include "llvm/Transforms/Scalar/LoopStrengthReduce.h"

#include "llvm/loop_reduce_memory.h"

using namespace llvm;

namespace {
constexpr unsigned kMaxLiveOut = 16;
}

PreservedAnalyses WirLoopReduceMemoryPass::run(Loop &L, LoopAnalysisManager &AM, LoopStandardAnalysisResults &AR,
                                               LPMUpdater &U) {
  unsigned live_out = 0;
  for (BasicBlock *B : L.blocks())
    for (Instruction &I : *B) {
      if (I.mayReadOrWriteMemory()) return LoopStrengthReducePass().run(L, AM, AR, U);
      for (User *u : I.users())
        if (!L.contains(cast<Instruction>(u)->getParent())) {
          live_out++;
          break;
        }
    }
  if (live_out <= kMaxLiveOut) return LoopStrengthReducePass().run(L, AM, AR, U);
  return PreservedAnalyses::all();
}
