// bypass-slow-division: a run-time switch from a wide division to a narrow
// one when both operands fit, as CodeGenPrepare does on targets that ask
// for it (AMDGPU: SITargetLowering's addBypassSlowDiv(64, 32)). The new
// pass manager of LLVM 19 has no pass for it (it is a step inside
// CodeGenPrepare, which needs a TargetMachine), so this wraps LLVM's
// utility bypassSlowDivision (Transforms/Utils/BypassSlowDivision.h) the way
// CodeGenPrepare::runOnFunction calls it: every block of the function once,
// never the blocks the rewrite itself creates. Divisions widen-odd-integers
// made from odd-width ones (marked WIR_NO_BYPASS_MD) are left as llc-19
// leaves them.
#include "llvm/IR/Function.h"
#include "llvm/Transforms/Utils/BypassSlowDivision.h"

#include "llvm/bypass_slow_division.h"
#include "llvm/widen_odd_integers.h"

using namespace llvm;

static bool is_div(const Instruction *I) {
  unsigned op = I->getOpcode();
  return op == Instruction::UDiv || op == Instruction::SDiv || op == Instruction::URem || op == Instruction::SRem;
}

// The divisions of bb marked WIR_NO_BYPASS_MD (widen-odd-integers: they
// were odd-width ones), taken out of the block so that LLVM's utility does
// not see them, each with the instruction it goes back before: the next
// one that is not a division (never erased or split off by the rewrite,
// which moves it to the join block after the switch of any unmarked
// division in between). Not when such an unmarked division reads a marked
// one: its switch, before the anchor, would read it before it is back.
static void hide_marked(BasicBlock *bb, unsigned kind, SmallVectorImpl<std::pair<Instruction *, Instruction *>> &out) {
  for (Instruction *I = &bb->front(); I;) {
    if (!is_div(I) || !I->getMetadata(kind)) {
      I = I->getNextNode();
      continue;
    }
    Instruction *anchor = I;
    bool reads_marked = false;
    while (anchor && is_div(anchor)) {
      if (!anchor->getMetadata(kind))
        for (Value *op : anchor->operands())
          if (auto *d = dyn_cast<Instruction>(op); d && d->getParent() == bb && is_div(d) && d->getMetadata(kind))
            reads_marked = true;
      anchor = anchor->getNextNode();
    }
    if (!anchor) return;
    if (!reads_marked)
      for (Instruction *J = I; J != anchor;) {
        Instruction *n = J->getNextNode();
        if (J->getMetadata(kind)) {
          J->removeFromParent();
          out.push_back({J, anchor});
        }
        J = n;
      }
    I = anchor;
  }
}

PreservedAnalyses WirBypassSlowDivisionPass::run(Function &F, FunctionAnalysisManager &) {
  if (!Wide || !Narrow || F.hasOptSize()) return PreservedAnalyses::all();
  DenseMap<unsigned, unsigned> widths;
  widths[Wide] = Narrow;
  bool changed = false;
  unsigned kind = F.getContext().getMDKindID(WIR_NO_BYPASS_MD);
  for (BasicBlock *bb = &F.front(); bb;) {
    BasicBlock *next = bb->getNextNode(); // the blocks it adds come after bb
    SmallVector<std::pair<Instruction *, Instruction *>, 4> hidden;
    hide_marked(bb, kind, hidden);
    changed |= bypassSlowDivision(bb, widths);
    for (auto &h : hidden) h.first->insertBefore(h.second);
    bb = next;
  }
  return changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}
