// join-flags: a join of branches that is not its region's end gets
// a flow block and a path flag, so that it becomes an if.
//
// Why (issue 25): at gfx90a and gfx942 clang -O2 vectorises a reduction
// loop (`for (k = 0; k < n; k++) s += lds[k]`) with a scalar remainder
// loop, in the loop vectoriser's shape:
//
//     D:  br n < 4, J, V        ; too short: only the remainder loop
//     V:  vector loop ... M
//     M:  br done, P, J         ; the middle block: nothing left, or the rest
//     J:  remainder loop ... P
//
// J joins the two arms of D's branch without being D's post-dominator (P
// is: M goes to P around J). wavecc's structured selection
// (isel_struct.c) follows if/else and loops whose joins are their
// branches' post-dominators; when such a region sits under a divergent
// `if` (f_partial_waves.cl: `if (l == 0) { loop }`), it gave up on the
// whole kernel and masked linearisation ran everything under EXEC
// bookkeeping (f_partial_waves.cl 1.85x, f_loop_divergent.cl and
// f_loop_structured.cl 1.6x llc-19's static instructions at gfx90a;
// gfx900's cost model unrolls instead and the shape does not occur).
// The same shape with divergent branches (f_loop_divergent.cl's do-while
// loop at gfx90a) did too. llc-19's StructurizeCFG adds flow blocks with
// path flags; so does this pass:
//
//     F:  J's phis; flag = phi [true from the edges that went to P],
//                         [false from those that went to J]
//         br flag, P, J
//
// and P's phis take the values of those edges through phis in F. Then D
// is an if-else joining at F, and F an if-then joining at P.
//
// When: block J has two or more predecessors, is no loop header, and its
// immediate dominator D ends with a conditional branch whose immediate
// post-dominator P is not J; D, J and P are in the same loop (LoopInfo);
// the region R (blocks reachable from D before P) is dominated by D, holds
// a loop (without one the selector takes the shape as it is: walk_local,
// EXEC per block, when divergent), and every branch in it is a `br`; the
// blocks of R that J does not reach enter J's part only at J, and their edges to
// P leave from D's loop (not from an inner one). Only functions with a
// divergent branch somewhere (the others take any shape: the uniform
// selector) and without "wavecc-no-structurize". One join at a time, the
// analyses recomputed, at most kMaxJoins per function.
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/PostDominators.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"

#include "llvm/join_flags.h"

extern "C" {
#include "llvm/divergence.h"
#include "util/bitset.h"
}

using namespace llvm;

namespace {

constexpr unsigned kMaxJoins = 8;

struct Candidate {
  BasicBlock *J = nullptr, *P = nullptr;
  SmallVector<BasicBlock *, 4> ys;  // blocks of R outside J's part with an edge to P
};

bool has_divergent_branch(const divergence_info *di) {
  for (uint32_t b = 0; b < di->num_blocks; b++)
    if (bitset_test(di->divergent_branch, b)) return true;
  return false;
}

// Blocks reachable from `from` without entering `stop`.
void reach(BasicBlock *from, BasicBlock *stop, SmallPtrSetImpl<BasicBlock *> &out) {
  SmallVector<BasicBlock *, 16> work{from};
  out.insert(from);
  while (!work.empty()) {
    BasicBlock *b = work.pop_back_val();
    for (BasicBlock *s : successors(b))
      if (s != stop && out.insert(s).second) work.push_back(s);
  }
}

bool check(BasicBlock &J, const DominatorTree &DT, const PostDominatorTree &PDT, const LoopInfo &LI, Candidate &c) {
  if (!J.hasNPredecessorsOrMore(2) || LI.isLoopHeader(&J)) return false;
  DomTreeNode *n = DT.getNode(&J);
  if (!n || !n->getIDom()) return false;
  BasicBlock *D = n->getIDom()->getBlock();
  auto *dbr = dyn_cast<BranchInst>(D->getTerminator());
  if (!dbr || !dbr->isConditional()) return false;
  DomTreeNode *pd = PDT.getNode(D);
  if (!pd || !pd->getIDom() || !pd->getIDom()->getBlock()) return false;
  BasicBlock *P = pd->getIDom()->getBlock();
  if (P == &J || LI.getLoopFor(D) != LI.getLoopFor(&J) || LI.getLoopFor(P) != LI.getLoopFor(D)) return false;
  SmallPtrSet<BasicBlock *, 32> R, RJ;
  reach(D, P, R);
  reach(&J, P, RJ);
  bool loops = false;
  for (BasicBlock *b : R) {
    auto *br = dyn_cast<BranchInst>(b->getTerminator());
    if (!br || !DT.dominates(D, b)) return false;
    loops |= b != D && LI.isLoopHeader(b); // D may head the loop R lies in
    if (RJ.count(b)) continue;
    bool to_p = false;
    if (br->isConditional() && br->getSuccessor(0) == br->getSuccessor(1)) return false;
    for (BasicBlock *s : successors(b)) {
      if (s != &J && RJ.count(s)) return false;  // enters J's part elsewhere than at J
      to_p |= s == P;
    }
    if (!to_p) continue;
    if (LI.getLoopFor(b) != LI.getLoopFor(D)) return false;  // an inner loop's exit to P
    c.ys.push_back(b);
  }
  // Without a loop in R the selector takes the region as it is: walk_local
  // (isel_struct.c) when divergent, and uniform shapes of that kind too
  // (f_loop_nested_break.cl k_two, k_inner: 5 and 3 instructions more
  // with flags at gfx900).
  if (c.ys.empty() || RJ.count(D) || !loops) return false;
  c.J = &J;
  c.P = P;
  return true;
}

// Inserts F before c.J (see the file comment).
void add_flow_block(Candidate &c) {
  BasicBlock *J = c.J, *P = c.P;
  LLVMContext &ctx = J->getContext();
  Type *i1 = Type::getInt1Ty(ctx);
  BasicBlock *F = J->splitBasicBlockBefore(J->getFirstNonPHI(), J->getName() + ".flow");
  // F holds J's phis and `br J`; J's predecessors now branch to F.
  SmallVector<std::pair<BasicBlock *, Value *>, 8> flag;  // F's predecessors and their flag value
  for (BasicBlock *p : predecessors(F)) flag.push_back({p, ConstantInt::getFalse(ctx)});
  for (BasicBlock *y : c.ys) {
    auto *br = cast<BranchInst>(y->getTerminator());
    Value *f = ConstantInt::getTrue(ctx);
    if (br->isConditional() && (br->getSuccessor(0) == F || br->getSuccessor(1) == F)) {
      // y -> P or y -> J: the flag is the condition that chose P
      f = br->getSuccessor(0) == P ? br->getCondition()
                                   : IRBuilder<>(br).CreateXor(br->getCondition(), ConstantInt::getTrue(ctx));
      BranchInst::Create(F, br->getIterator());
      br->eraseFromParent();
      for (auto &e : flag)
        if (e.first == y) e.second = f;
    } else {
      br->replaceSuccessorWith(P, F);
      for (PHINode &phi : F->phis()) phi.addIncoming(PoisonValue::get(phi.getType()), y);
      flag.push_back({y, f});
    }
  }
  IRBuilder<> b(F, F->getFirstNonPHIIt());
  PHINode *fl = b.CreatePHI(i1, flag.size(), "flow.flag");
  for (auto &e : flag) fl->addIncoming(e.second, e.first);
  // P's values on the edges that moved: through phis in F
  for (PHINode &phi : P->phis()) {
    PHINode *v = b.CreatePHI(phi.getType(), flag.size(), phi.getName() + ".flow");
    for (auto &e : flag) {
      bool moved = false;
      for (BasicBlock *y : c.ys) moved |= y == e.first;
      v->addIncoming(moved ? phi.getIncomingValueForBlock(e.first) : PoisonValue::get(phi.getType()), e.first);
    }
    for (BasicBlock *y : c.ys) phi.removeIncomingValue(y, false);
    phi.addIncoming(v, F);
  }
  Instruction *t = F->getTerminator();
  BranchInst::Create(P, J, fl, t->getIterator());
  t->eraseFromParent();
}

}  // namespace

PreservedAnalyses WirJoinFlagsPass::run(Function &F, FunctionAnalysisManager &AM) {
  if (F.isDeclaration() || F.hasFnAttribute("wavecc-no-structurize")) return PreservedAnalyses::all();
  bool changed = false;
  for (unsigned round = 0; round < kMaxJoins; round++) {
    arena mem;
    arena_init(&mem);
    divergence_info *di = divergence_analyze(wrap(&F), &mem);
    Candidate c;
    if (di && has_divergent_branch(di)) {
      DominatorTree &DT = AM.getResult<DominatorTreeAnalysis>(F);
      PostDominatorTree &PDT = AM.getResult<PostDominatorTreeAnalysis>(F);
      LoopInfo &LI = AM.getResult<LoopAnalysis>(F);
      for (BasicBlock &J : F)
        if (check(J, DT, PDT, LI, c = Candidate())) break;
    }
    arena_free(&mem);
    if (!c.J) break;
    add_flow_block(c);
    changed = true;
    AM.invalidate(F, PreservedAnalyses::none());
  }
  return changed ? PreservedAnalyses::none() : PreservedAnalyses::all();
}
