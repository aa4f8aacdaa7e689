// fold-negations: floating-point negations folded into the products and
// fabs that read them, before early-cse (issue 27, black_scholes).
//
// Why: the normal CDF of Black-Scholes is evaluated at d and -d. After
// inlining, clang -O2 leaves cnd(d) as `fabs(d)` and `d * (d * -0.5)`,
// cnd(-d) as `fabs(d)` and `(d * 0.5) * fneg(d)`: the same values, but
// early-cse compares instructions as written, so the whole fabs -> 1/x ->
// polynomial -> exp chain was computed twice (wavecc 390 instructions in
// the kernel, llc-19 316; llc's SelectionDAG folds these negations while
// combining, so its CSE sees the chains equal). Two things differ:
//  - the fabs calls: one is `tail call fastcc ... #3` (inlined from
//    libclc's fabs), the other a plain call (from clang's own fold of
//    fabs(-d)); Instruction::isIdenticalTo compares call-site attributes,
//    calling convention and the tail marker, so early-cse keeps both.
//    For an intrinsic that reads no memory and is not convergent these
//    say nothing its declaration does not, so they are dropped (not the
//    result's attributes: a range is a fact the selection uses).
//  - the products: the sign is moved into a constant factor, where one
//    is near: fmul(fneg a, b) = fmul(a, -b) and -b is free to compute when
//    b is a constant, an fneg, or a product used only here with such a
//    factor (IEEE multiplication is sign-symmetric under every rounding
//    mode the GPU uses, and under denormal flushing: these are exact
//    identities, no fast-math flag needed). The same for the two factors of
//    fma/fmuladd. fabs(fneg x) = fabs(fabs x) = fabs x, fneg(fneg x) = x.
// With both, early-cse merges the chains: black_scholes computes exp and
// the polynomial of the CDF twice instead of four times.
#include "llvm/IR/Constants.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/PatternMatch.h"
#include "llvm/Transforms/Utils/Local.h"

#include "llvm/fold_negations.h"

using namespace llvm;
using namespace llvm::PatternMatch;

namespace {

bool is_product(Value *v) {
  if (auto *bo = dyn_cast<BinaryOperator>(v)) return bo->getOpcode() == Instruction::FMul;
  if (auto *ii = dyn_cast<IntrinsicInst>(v))
    return ii->getIntrinsicID() == Intrinsic::fma || ii->getIntrinsicID() == Intrinsic::fmuladd;
  return false;
}

// Can -v be had without a new negation: a constant, an fneg, or an fmul
// read only by its user whose factor can (depth-limited)?
bool negates_free(Value *v, unsigned depth) {
  if (isa<ConstantFP>(v)) return true;
  if (match(v, m_FNeg(m_Value()))) return true;
  auto *bo = dyn_cast<BinaryOperator>(v);
  if (!bo || bo->getOpcode() != Instruction::FMul || !bo->hasOneUse() || depth == 0) return false;
  return negates_free(bo->getOperand(0), depth - 1) || negates_free(bo->getOperand(1), depth - 1);
}

// -v, for v that negates_free accepts; a product is rebuilt before itself
// (the old one becomes dead: its only user reads the new one).
Value *negated(Value *v, unsigned depth) {
  if (auto *c = dyn_cast<ConstantFP>(v)) return ConstantFP::get(c->getType(), neg(c->getValueAPF()));
  Value *x;
  if (match(v, m_FNeg(m_Value(x)))) return x;
  auto *bo = cast<BinaryOperator>(v);
  Value *a = bo->getOperand(0), *b = bo->getOperand(1);
  if (negates_free(a, depth - 1)) a = negated(a, depth - 1);
  else b = negated(b, depth - 1);
  IRBuilder<> B(bo);
  auto *nb = cast<Instruction>(B.CreateFMul(a, b, bo->getName() + ".neg"));
  nb->copyIRFlags(bo);
  return nb;
}

// One fold on the product ins (operands 0 and 1 are the factors); true if
// it changed.
bool fold_product(Instruction *ins) {
  Value *a = ins->getOperand(0), *b = ins->getOperand(1), *x, *y;
  if (match(a, m_FNeg(m_Value(x))) && match(b, m_FNeg(m_Value(y)))) {
    ins->setOperand(0, x);
    ins->setOperand(1, y);
    return true;
  }
  for (unsigned i = 0; i < 2; i++) {
    Value *n = ins->getOperand(i), *o = ins->getOperand(1 - i);
    if (!match(n, m_FNeg(m_Value(x)))) continue;
    /* the other factor must not be the negation itself (fneg a * fneg a
     * was handled above) and must negate for free */
    if (o == n || !negates_free(o, 3)) continue;
    ins->setOperand(1 - i, negated(o, 3));
    ins->setOperand(i, x);
    return true;
  }
  return false;
}

bool fold_one(Instruction &I) {
  Value *x;
  if (is_product(&I)) return fold_product(&I);
  if (auto *ii = dyn_cast<IntrinsicInst>(&I)) {
    if (ii->getIntrinsicID() == Intrinsic::fabs) {
      Value *src = ii->getArgOperand(0);
      if (match(src, m_FNeg(m_Value(x))) || match(src, m_FAbs(m_Value(x)))) {
        ii->setArgOperand(0, x);
        return true;
      }
    }
    return false;
  }
  if (match(&I, m_FNeg(m_FNeg(m_Value(x)))) && !I.use_empty()) {
    I.replaceAllUsesWith(x);
    return true;
  }
  return false;
}

// Drops what keeps isIdenticalTo from seeing two equal calls of a pure,
// non-convergent intrinsic equal: the tail marker, the calling convention
// and the function and argument attributes of the call site.
bool plain_call(CallInst *ci) {
  Function *f = ci->getCalledFunction();
  if (!f || !f->isIntrinsic() || !f->doesNotAccessMemory() || f->isConvergent() || ci->hasOperandBundles())
    return false;
  bool changed = false;
  if (ci->getTailCallKind() != CallInst::TCK_None) {
    ci->setTailCallKind(CallInst::TCK_None);
    changed = true;
  }
  if (ci->getCallingConv() != f->getCallingConv()) {
    ci->setCallingConv(f->getCallingConv());
    changed = true;
  }
  /* the result's attributes stay: they are facts about the value
   * (range(i32 0, 1024) on workitem.id.x bounds the products and
   * compares the selection narrows: conv2d_5x5 lost a v_mul_i32_i24) */
  AttributeList keep = AttributeList().addRetAttributes(ci->getContext(), AttrBuilder(ci->getContext(), ci->getAttributes().getRetAttrs()));
  if (ci->getAttributes() != keep) {
    ci->setAttributes(keep);
    changed = true;
  }
  return changed;
}

}  // namespace

PreservedAnalyses WirFoldNegationsPass::run(Function &F, FunctionAnalysisManager &) {
  bool changed = false;
  for (BasicBlock &BB : F)
    for (Instruction &I : BB) {
      if (auto *ci = dyn_cast<CallInst>(&I)) changed |= plain_call(ci);
      /* a fold may enable another on the same instruction (fneg a * (fneg
       * b * c)); a few rounds suffice */
      for (int round = 0; round < 4 && fold_one(I); round++) changed = true;
    }
  if (!changed) return PreservedAnalyses::all();
  /* the rebuilt products' old versions and unread fnegs */
  for (BasicBlock &BB : F)
    for (Instruction &I : make_early_inc_range(reverse(BB)))
      if (isInstructionTriviallyDead(&I)) I.eraseFromParent();
  PreservedAnalyses pa;
  pa.preserveSet<CFGAnalyses>();
  return pa;
}
