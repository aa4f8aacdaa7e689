// merge-split-edges: undo break-crit-edges before llc-19's loop passes.
//
// Why (issue 27): wavecc's own IR passes run on IR whose critical edges
// are split (import.c), and llc-19's pre-selection passes run after them
// (llc_passes.c). A single-block loop `header: ...; br c, header, exit`
// then has its back edge split: the loop latch is the empty block on that
// edge, not the header. Loop strength reduction puts the new induction
// variable's increment in the latch, so the header's exit test computes a
// second increment, and the latch is no longer empty: the selection then
// lowers the loop as an if inside a loop (s_andn1_saveexec, two branches
// and an s_branch per iteration) where an empty latch gives one
// s_and_b64 exec + s_cbranch_execnz. bench/real/fnv1a.cl executed 1.48x
// llc-19's wave-instructions that way. llc-19 runs the same passes on the
// loop as the front end left it (no split edges), which this restores:
// each block exactly as break-crit-edges makes it (only an unconditional
// branch, no phi, one predecessor with several successors, one successor
// with several predecessors) is removed and its edge goes straight to the
// successor again. break-crit-edges at the end of the pipeline splits
// those edges again, so a function no later pass changes comes out with
// the same blocks. A predecessor that already branches to the successor
// on another edge is left alone: the successor's phis could not tell the
// two edges apart.
#include "llvm/ADT/SmallVector.h"
#include "llvm/IR/CFG.h"
#include "llvm/IR/Instructions.h"

#include "llvm/merge_split_edges.h"

using namespace llvm;

// B is a block break-crit-edges made: see the file comment.
static bool is_split_edge(BasicBlock &B) {
  auto *br = dyn_cast<BranchInst>(B.getTerminator());
  if (!br || br->isConditional() || &B.front() != br) return false;
  BasicBlock *P = B.getSinglePredecessor();
  BasicBlock *S = br->getSuccessor(0);
  if (!P || S == &B || P == &B) return false;
  if (P->getTerminator()->getNumSuccessors() < 2 || S->hasNPredecessors(1)) return false;
  if (!isa<BranchInst>(P->getTerminator())) return false; /* switches are lowered before */
  for (BasicBlock *other : successors(P))
    if (other == S) return false;
  return true;
}

PreservedAnalyses WirMergeSplitEdgesPass::run(Function &F, FunctionAnalysisManager &) {
  SmallVector<BasicBlock *, 16> dead;
  for (BasicBlock &B : F)
    if (is_split_edge(B)) dead.push_back(&B);
  /* One at a time, rechecked: removing one can make P branch to S twice
   * for a later candidate of the same P. */
  bool changed = false;
  for (BasicBlock *B : dead) {
    if (!is_split_edge(*B)) continue;
    BasicBlock *P = B->getSinglePredecessor();
    BasicBlock *S = B->getTerminator()->getSuccessor(0);
    P->getTerminator()->replaceSuccessorWith(B, S);
    S->replacePhiUsesWith(B, P);
    B->eraseFromParent();
    changed = true;
  }
  return changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}
