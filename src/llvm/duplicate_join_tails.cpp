// duplicate-join-tails: give each arm of a divergent if its own copy of a
// small shared tail.
//
// Why (issue 27): `if (a) { loop; store } else if (b) { loop; store }`
// compiles (clang -O2) to one block holding the store that both arms'
// paths enter, while the else-if's other path and that block meet again at
// the return: the store's block joins paths of the outer if's two arms but
// does not post-dominate its branch. wavecc's structured selection
// (isel_struct.c) follows if/else and loops whose joins are their
// branches' post-dominators, so it gave up on the whole function and the
// masked linearisation ran its loops at ~10 SALU per iteration where
// llc-19 runs 3 (bench/real/merge_rank.cl: 1.52x llc-19's executed
// wave-instructions). llc-19's structurizer instead adds flow blocks and
// path flags. Copying the tail into its predecessors makes each arm end at
// the post-dominator.
//
// When: block J has two or more predecessors, each ending with an
// unconditional branch to J; J is no loop header, holds at most
// kMaxInstructions instructions besides its phis and no call (barriers and
// other convergent operations must stay where they are), its values are
// used only in J and by the phis of its single successor (or J returns);
// and J's immediate dominator ends with a divergent conditional branch
// whose immediate post-dominator is not J.
#include "llvm/ADT/SmallVector.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/Instructions.h"
#include "llvm/Analysis/PostDominators.h"
#include "llvm/Transforms/Utils/Cloning.h"
#include "llvm/Transforms/Utils/ValueMapper.h"

#include "llvm/duplicate_join_tails.h"

extern "C" {
#include "llvm/divergence.h"
#include "util/bitset.h"
}

using namespace llvm;

namespace {

constexpr unsigned kMaxInstructions = 12;

bool small_closed_tail(BasicBlock &J) {
  unsigned n = 0;
  BasicBlock *succ = J.getSingleSuccessor();
  Instruction *term = J.getTerminator();
  if (!succ && !isa<ReturnInst>(term)) return false;
  if (succ && !isa<BranchInst>(term)) return false;
  for (Instruction &I : J) {
    if (isa<PHINode>(I)) continue;
    if (isa<CallBase>(I) || ++n > kMaxInstructions + 1) return false;
    for (User *u : I.users()) {
      auto *ui = cast<Instruction>(u);
      if (ui->getParent() == &J && !isa<PHINode>(ui)) continue;
      if (ui->getParent() == succ && isa<PHINode>(ui)) continue;
      return false;
    }
  }
  for (BasicBlock *p : predecessors(&J)) {
    auto *br = dyn_cast<BranchInst>(p->getTerminator());
    if (!br || br->isConditional() || p == &J) return false;
  }
  return true;
}

// Copies J into the end of each predecessor and deletes J.
void duplicate(BasicBlock &J) {
  SmallVector<BasicBlock *, 4> preds(predecessors(&J));
  BasicBlock *succ = J.getSingleSuccessor();
  for (BasicBlock *p : preds) {
    ValueToValueMapTy vm;
    for (PHINode &phi : J.phis()) vm[&phi] = phi.getIncomingValueForBlock(p);
    p->getTerminator()->eraseFromParent();
    for (Instruction &I : J) {
      if (isa<PHINode>(I)) continue;
      Instruction *c = I.clone();
      c->insertInto(p, p->end());
      vm[&I] = c;
      RemapInstruction(c, vm, RF_IgnoreMissingLocals | RF_NoModuleLevelChanges);
    }
    if (succ)
      for (PHINode &phi : succ->phis()) {
        Value *v = phi.getIncomingValueForBlock(&J);
        auto it = vm.find(v);
        phi.addIncoming(it != vm.end() ? static_cast<Value *>(it->second) : v, p);
      }
  }
  if (succ)
    for (PHINode &phi : succ->phis()) phi.removeIncomingValue(&J, false);
  J.dropAllReferences();
  J.eraseFromParent();
}

}  // namespace

PreservedAnalyses WirDuplicateJoinTailsPass::run(Function &F, FunctionAnalysisManager &AM) {
  DominatorTree &DT = AM.getResult<DominatorTreeAnalysis>(F);
  PostDominatorTree &PDT = AM.getResult<PostDominatorTreeAnalysis>(F);
  SmallVector<BasicBlock *, 4> todo;
  arena mem;
  arena_init(&mem);
  divergence_info *di = nullptr;
  for (BasicBlock &J : F) {
    if (J.hasNPredecessorsOrMore(2) == false || !small_closed_tail(J)) continue;
    DomTreeNode *n = DT.getNode(&J);
    if (!n || !n->getIDom()) continue;
    BasicBlock *D = n->getIDom()->getBlock();
    auto *br = dyn_cast<BranchInst>(D->getTerminator());
    if (!br || !br->isConditional()) continue;
    DomTreeNode *pd = PDT.getNode(D);
    if (!pd || !pd->getIDom() || pd->getIDom()->getBlock() == &J) continue;
    if (!di) di = divergence_analyze(wrap(&F), &mem);
    uint32_t bi = divergence_block_index(di, wrap(D));
    if (bi == UINT32_MAX || !bitset_test(di->divergent_branch, bi)) continue;
    todo.push_back(&J);
  }
  arena_free(&mem);
  for (BasicBlock *J : todo) duplicate(*J);
  return todo.empty() ? PreservedAnalyses::all() : PreservedAnalyses::none();
}
