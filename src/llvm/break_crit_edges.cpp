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
// default options and no analyses: one empty block per critical edge; the
// dominator tree only ever gets updated, never read, by the splitting
// (LLVM 19 BreakCriticalEdges.cpp), so leaving it out changes no block.
//
// Loop info is left out too, even when cached (issue 27). With it, LLVM
// keeps loop-simplify form: splitting an exit edge moves the loop's other
// edges into that exit block to a new dedicated exit block ("split", with
// phis). When three or more exit edges of a loop reach one block, that
// block joins two of them on their way to the loop's join: wavecc's
// structured selection (isel_struct_loop.c) takes exits that reach the
// join directly or through empty blocks, or targets entered from one exit
// each, and gave up on the whole kernel for that shape (masked
// linearisation: tests/kernels/f_loop_exits_fz24_4442.cl, a `goto` out of
// two loops and a `return` out of three, ran 1.45-1.70x llc-19's executed
// wave-instructions; "divergent control flow masked (isel_struct.c:367)").
// Loop info was cached only when a pass before needed it (join-flags, in
// functions with a divergent branch), so the shape depended on that. No
// pass after either pipeline's split needs loop-simplify form: the LLVM
// loop passes (llc_passes.c) come after import.c's split and form it
// themselves, and the selection follows no dedicated exits.
#include "llvm/Transforms/Utils/BasicBlockUtils.h"

#include "llvm/break_crit_edges.h"

using namespace llvm;

PreservedAnalyses WirBreakCritEdgesPass::run(Function &F, FunctionAnalysisManager &) {
  unsigned n = SplitAllCriticalEdges(F, CriticalEdgeSplittingOptions());
  return n ? PreservedAnalyses::none() : PreservedAnalyses::all();
}
