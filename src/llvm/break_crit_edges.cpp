// break-crit-edges: LLVM's critical-edge splitting, cheaper where it can.
//
// Why (issue 28): LLVM 19's BreakCriticalEdgesPass updates the dominator
// tree the pass manager has cached (the passes before it computed one)
// edge by edge, an incremental update each. Both pipelines that end with
// it in wavecc (import.c's clean-up, llc_passes.c's) throw their analyses
// away right after, so the updates are wasted: on the -O2 output of
// tests/kernels/f_half_vload_vstore.cl (106 edges split) the pass took
// 3.0 ms with the tree cached against 0.1 ms without (opt-19
// -time-passes, 2026-11-30), with the same IR out.
//
// What: the blocks split_all are what SplitAllCriticalEdges makes with
// default options; the dominator tree only ever gets updated, never read,
// by the splitting (LLVM 19 BreakCriticalEdges.cpp), so leaving it out
// changes no block. Loop info is read (a loop exit's other in-loop
// predecessors move to a dedicated exit block, keeping loop-simplify
// form) and updating it needs the dominator tree: when loop info is
// cached the pass runs as LLVM's does, with both. The result preserves
// nothing when an edge was split (the tree was not kept up to date).
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/IR/Dominators.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"

#include "llvm/break_crit_edges.h"

using namespace llvm;

PreservedAnalyses WirBreakCritEdgesPass::run(Function &F, FunctionAnalysisManager &AM) {
  LoopInfo *LI = AM.getCachedResult<LoopAnalysis>(F);
  DominatorTree *DT = LI ? AM.getCachedResult<DominatorTreeAnalysis>(F) : nullptr; /* as LLVM's pass */
  unsigned n = SplitAllCriticalEdges(F, CriticalEdgeSplittingOptions(DT, LI));
  if (n == 0) return PreservedAnalyses::all();
  if (!DT) return PreservedAnalyses::none();
  PreservedAnalyses PA;
  PA.preserve<DominatorTreeAnalysis>();
  PA.preserve<LoopAnalysis>();
  return PA;
}
