// loop-exit-copies: a copy (freeze) inside the loop, on each exiting edge,
// of every loop value an LCSSA phi takes out of the loop.
//
// Why (temporal divergence, issue 27): when lanes leave a loop in different
// iterations, a value used after the loop differs between lanes even if it
// is uniform inside (a loop counter: every lane still in the loop sees the
// same one). Divergence analysis (divergence.c) marks a loop value used
// outside such a loop divergent; without a copy that is the value itself,
// so a uniform counter moved to a VGPR and loads through it became VMEM.
// With the copy, only the copy is used outside: it is the divergent one, a
// v_mov into a VGPR executed inside the loop by the lanes still there (each
// lane's VGPR keeps the instance it left with), and the value itself stays
// in an SGPR, as llc-19 does. A copy of a divergent value, or one in a loop
// whose exits are uniform, selects to no instruction (isel_alu.c, freeze).
// i1 values are left alone (loop-escaping-booleans carries them out of
// loops through i32; a lane mask copy would be wrong).
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"

#include "llvm/loop_exit_copies.h"

using namespace llvm;

static bool copy_exits(Loop *L) {
  bool changed = false;
  DenseMap<std::pair<Value *, BasicBlock *>, Value *> made;
  SmallVector<BasicBlock *, 4> exits;
  L->getUniqueExitBlocks(exits);
  // Every exit, also to several targets and out of several loops at once
  // (an exit of an inner loop that leaves this one too gets a copy per
  // loop, a freeze of a freeze). The wrong values these copies once gave
  // (f_loop_nested_exits.cl k_skip2 at wave32, f_loop_escape.ll k_join)
  // were wavecc's: a phi joining a uniform and a divergent loop exit left
  // uniform (divergence.c), and a uniform phi written at the end of its
  // logical predecessor in an SGPR the allocator reused along the linear
  // path (isel.c, isel_finish_phis).
  for (BasicBlock *X : exits)
    for (PHINode &P : X->phis())
      for (unsigned i = 0, n = P.getNumIncomingValues(); i < n; i++) {
        auto *V = dyn_cast<Instruction>(P.getIncomingValue(i));
        BasicBlock *E = P.getIncomingBlock(i);
        if (!V || !L->contains(V->getParent()) || !L->contains(E)) continue;
        Type *T = V->getType();
        if (T->isIntOrIntVectorTy(1) || !(T->isIntOrIntVectorTy() || T->isFPOrFPVectorTy() || T->isPtrOrPtrVectorTy()))
          continue;
        Value *&C = made[{V, E}];
        if (!C) C = IRBuilder<>(E->getTerminator()).CreateFreeze(V, V->getName() + ".exit");
        P.setIncomingValue(i, C);
        changed = true;
      }
  for (Loop *Sub : *L) changed |= copy_exits(Sub);
  return changed;
}

PreservedAnalyses WirLoopExitCopiesPass::run(Function &F, FunctionAnalysisManager &AM) {
  LoopInfo &LI = AM.getResult<LoopAnalysis>(F);
  bool changed = false;
  for (Loop *L : LI) changed |= copy_exits(L);
  if (!changed) return PreservedAnalyses::all();
  PreservedAnalyses pa;
  pa.preserveSet<CFGAnalyses>();
  return pa;
}
