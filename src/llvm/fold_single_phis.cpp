// fold-single-phis: replace phis with a single incoming edge by their value.
//
// Why (issue 27): loop strength reduction, like every LLVM loop pass, puts
// loops in LCSSA form and gives them dedicated exit blocks first, so a
// loop value used after the loop then goes through a one-entry phi in a
// new exit block. wavecc's selection lowers a loop whose exit block holds
// anything as a loop with an if inside (s_andn1_saveexec, an empty arm and
// a second branch per iteration) instead of s_and_b64 exec +
// s_cbranch_execnz: on bench/real/fnv1a.cl that was 1.25x llc-19's
// executed wave-instructions after merge-split-edges. The phi carries no
// information wavecc uses (divergence.c finds values used outside a loop
// with a divergent exit by itself), so it goes, and the exit block is a
// lone branch again. loop-exit-copies, which needs LCSSA, runs before.
#include "llvm/ADT/SmallVector.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Instructions.h"

#include "llvm/fold_single_phis.h"

using namespace llvm;

PreservedAnalyses WirFoldSinglePhisPass::run(Function &F, FunctionAnalysisManager &) {
  SmallVector<PHINode *, 16> dead;
  for (BasicBlock &B : F)
    for (PHINode &phi : B.phis())
      if (phi.getNumIncomingValues() == 1) dead.push_back(&phi);
  for (PHINode *phi : dead) {
    Value *v = phi->getIncomingValue(0);
    /* a one-entry phi of itself only in unreachable code */
    phi->replaceAllUsesWith(v == phi ? PoisonValue::get(phi->getType()) : v);
    phi->eraseFromParent();
  }
  if (dead.empty()) return PreservedAnalyses::all();
  PreservedAnalyses pa;
  pa.preserveSet<CFGAnalyses>();
  return pa;
}
