// hoist-sibling-exprs: address arithmetic computed alike in sibling blocks
// is computed once in their nearest common dominator.
//
// Why (issue 27): a kernel that guards each of several loads by its own
// bounds test (bench/real/conv_row.cl: `if (xx >= 0 && xx < w) s +=
// taps[k] * in[y * w + xx]` for 7 taps) computes the same 64-bit address
// `in + sext(x) + sext(y * w)` in every arm (separate-const-offset-from-gep
// leaves only the constant tap offset, which the load's offset field
// takes). llc-19's MachineCSE hoists such instructions of sibling blocks
// into their common dominator (its "simple PRE"): there the sign
// extensions are computed once; wavecc's cse is local to a block, so each
// arm repeated them. Here an instruction of the kinds below is moved to
// the end of the nearest common dominator of itself and an equal
// instruction in a block it neither dominates nor is dominated by, when
// its operands dominate that point and the dominator is in no loop the
// blocks are not in and its branch is not plainly uniform (a uniform
// branch really skips an arm: computing the value before it would cost
// the path that skips, as in tests/kernels/f_deferred_index.ll; a
// divergent one runs both arms for the wave); the equal one reads it
// instead (their wrap flags intersected). Repeated until nothing moves, so a chain (sext, add, GEP)
// moves whole. Only address arithmetic, cheap and always safe to compute:
// sext/zext/trunc, i64 add/sub/shl/and/or/xor, GEPs; an i32 mul or add may
// fuse with its users in their block (v_mad_u64_u32, v_lshl_add_u32) and
// stays.
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/IntrinsicsAMDGPU.h"

#include "llvm/hoist_sibling_exprs.h"

using namespace llvm;

namespace {

bool hoistable_kind(const Instruction &I) {
  if (isa<SExtInst>(I) || isa<ZExtInst>(I) || isa<TruncInst>(I)) return I.getType()->isIntegerTy();
  if (isa<GetElementPtrInst>(I)) return true;
  auto *bo = dyn_cast<BinaryOperator>(&I);
  if (!bo || !bo->getType()->isIntegerTy(64)) return false;
  switch (bo->getOpcode()) {
  case Instruction::Add: case Instruction::Sub: case Instruction::Shl: case Instruction::And: case Instruction::Or:
  case Instruction::Xor:
    return true;
  default:
    return false;
  }
}

// Do the two instructions compute the same value from the same operands?
bool same_expr(const Instruction *a, const Instruction *b) {
  if (!a->isSameOperationAs(b, Instruction::CompareIgnoringAlignment)) return false;
  for (unsigned i = 0; i < a->getNumOperands(); i++)
    if (a->getOperand(i) != b->getOperand(i)) return false;
  return true;
}

// Are I's operands available at the end of block d?
bool operands_at(const Instruction *I, const BasicBlock *d, const DominatorTree &DT) {
  for (const Value *v : I->operands())
    if (auto *oi = dyn_cast<Instruction>(v))
      if (oi->getParent() != d && !DT.dominates(oi->getParent(), d)) return false;
  return true;
}

// Is d in no loop that b is not in (hoisting to d runs no more often)?
bool loop_ok(const BasicBlock *d, const BasicBlock *b, const LoopInfo &LI) {
  const Loop *ld = LI.getLoopFor(d);
  return !ld || ld->contains(b);
}

// Is v plainly the same in every lane: built from arguments, constants,
// work-group ids and constant-memory loads through pure operations? (A
// cheap stand-in for the divergence analysis, which runs after the IR
// passes; "no" when unsure.)
bool plainly_uniform(const Value *v, unsigned depth) {
  if (isa<Constant>(v) || isa<Argument>(v)) return true;
  auto *I = dyn_cast<Instruction>(v);
  if (!I || depth > 8) return false;
  if (auto *ii = dyn_cast<IntrinsicInst>(I)) {
    switch (ii->getIntrinsicID()) {
    case Intrinsic::amdgcn_workgroup_id_x: case Intrinsic::amdgcn_workgroup_id_y: case Intrinsic::amdgcn_workgroup_id_z:
    case Intrinsic::amdgcn_dispatch_ptr: case Intrinsic::amdgcn_implicitarg_ptr: case Intrinsic::amdgcn_kernarg_segment_ptr:
      return true;
    default:
      return false;
    }
  }
  if (auto *ld = dyn_cast<LoadInst>(I))
    return ld->getPointerAddressSpace() == 4 && plainly_uniform(ld->getPointerOperand(), depth + 1);
  if (!isa<BinaryOperator>(I) && !isa<CastInst>(I) && !isa<CmpInst>(I) && !isa<SelectInst>(I) &&
      !isa<GetElementPtrInst>(I))
    return false;
  for (const Value *o : I->operands())
    if (!plainly_uniform(o, depth + 1)) return false;
  return true;
}

// Does d end in a branch the whole wave takes one way (then an arm that
// needs the value may be skipped, and computing it in d costs)?
bool uniform_branch(const BasicBlock *d) {
  auto *br = dyn_cast<BranchInst>(d->getTerminator());
  if (!br) return true; /* switches and the rest: not worth the risk */
  return br->isConditional() && plainly_uniform(br->getCondition(), 0);
}

// One round: moves the instructions it can; true when one moved.
bool hoist_round(Function &F, DominatorTree &DT, const LoopInfo &LI) {
  /* buckets in the order of their first instruction in the function, so
   * that the output does not depend on pointer values */
  DenseMap<std::pair<unsigned, Value *>, unsigned> index;
  SmallVector<SmallVector<Instruction *, 4>, 16> buckets;
  for (BasicBlock &B : F)
    for (Instruction &I : B)
      if (hoistable_kind(I)) {
        auto [it, fresh] = index.try_emplace({I.getOpcode(), I.getOperand(0)}, buckets.size());
        if (fresh) buckets.emplace_back();
        buckets[it->second].push_back(&I);
      }
  bool moved = false;
  for (SmallVector<Instruction *, 4> &v : buckets) {
    for (unsigned i = 0; i < v.size(); i++) {
      if (!v[i]) continue;
      for (unsigned j = i + 1; j < v.size(); j++) {
        Instruction *a = v[i], *b = v[j];
        if (!a || !b || a->getParent() == b->getParent() || !same_expr(a, b)) continue;
        BasicBlock *ba = a->getParent(), *bb = b->getParent();
        if (DT.dominates(bb, ba)) { /* keep the dominating one in v[i] */
          std::swap(a, b);
          std::swap(ba, bb);
          v[i] = a;
        }
        if (!DT.dominates(ba, bb)) {
          BasicBlock *d = DT.findNearestCommonDominator(ba, bb);
          if (!d || uniform_branch(d) || !operands_at(a, d, DT) || !loop_ok(d, ba, LI) || !loop_ok(d, bb, LI))
            continue;
          a->moveBefore(d->getTerminator());
        }
        a->andIRFlags(b);
        b->replaceAllUsesWith(a);
        b->eraseFromParent();
        v[j] = nullptr;
        moved = true;
      }
    }
  }
  return moved;
}

} // namespace

PreservedAnalyses WirHoistSiblingExprsPass::run(Function &F, FunctionAnalysisManager &AM) {
  DominatorTree &DT = AM.getResult<DominatorTreeAnalysis>(F);
  LoopInfo &LI = AM.getResult<LoopAnalysis>(F);
  bool changed = false;
  for (unsigned round = 0; round < 8 && hoist_round(F, DT, LI); round++) changed = true;
  if (!changed) return PreservedAnalyses::all();
  PreservedAnalyses pa;
  pa.preserveSet<CFGAnalyses>();
  return pa;
}
