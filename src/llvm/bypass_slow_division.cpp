// bypass-slow-division: a run-time switch from a wide division to a narrow
// one when both operands fit, as CodeGenPrepare does on targets that ask
// for it (AMDGPU: SITargetLowering's addBypassSlowDiv(64, 32)). The new
// pass manager of LLVM 19 has no pass for it (it is a step inside
// CodeGenPrepare, which needs a TargetMachine), so this wraps LLVM's
// utility bypassSlowDivision (Transforms/Utils/BypassSlowDivision.h) the way
// CodeGenPrepare::runOnFunction calls it: every block of the function once,
// never the blocks the rewrite itself creates.
#include "llvm/IR/Function.h"
#include "llvm/Transforms/Utils/BypassSlowDivision.h"

#include "llvm/bypass_slow_division.h"

using namespace llvm;

PreservedAnalyses WirBypassSlowDivisionPass::run(Function &F, FunctionAnalysisManager &) {
  if (!Wide || !Narrow || F.hasOptSize()) return PreservedAnalyses::all();
  DenseMap<unsigned, unsigned> widths;
  widths[Wide] = Narrow;
  bool changed = false;
  for (BasicBlock *bb = &F.front(); bb;) {
    BasicBlock *next = bb->getNextNode(); // the blocks it adds come after bb
    changed |= bypassSlowDivision(bb, widths);
    bb = next;
  }
  return changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}
