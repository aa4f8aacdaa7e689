// expand-frem: frem as the exact remainder.
//
// LangRef defines frem as libm's fmod, and fmod's result is exact: C11
// 7.12.10.1 (x - n*y for the integer n = trunc(x / y), the sign of x, its
// magnitude below |y|), always representable in x's type. llc-19 lowers
// frem to fma(-trunc(x / y), y, x) (SITargetLowering::LowerFREM), which
// is wrong when x / y has more bits than the mantissa (llvm-stress seed
// 64526, tests/fuzz/README.md: 3.9e80 where fmod is 2.1e-55). This pass
// builds, for a scalar frem of precision p (24 float, 53 double; half and
// bfloat are computed in float, where their values and remainders are
// exact):
//
//   head: q = |x / y| (a correctly rounded fdiv)
//         fast = q < 2^p && y not +-inf      (q NaN, inf or large: slow)
//         br fast, frem.fast, frem.slow
//   frem.fast: r = fma(-trunc(q), |y|, |x|); r < 0 ? r + |y| : r
//   frem.slow: the long division below
//   frem.join: copysign(phi(r), x)
//
// Fast path: with q < 2^p the quotient Q = floor(ax / ay) < 2^p, and the
// rounded division lies in [Q, Q + 1] (rounding is monotonic and both
// are representable), so trunc(q) is Q or Q + 1; ax - trunc(q) * ay is
// then in (-ay, ay) and a multiple of ay's ulp (ax >= ay, or trunc(q) = 0
// when ax < ay), so the fma is exact, and one + ay fixes the Q + 1 case.
// The cost over llc-19's sequence is the compare, the branch and the fix.
//
// Slow path (x inf or NaN, y 0, inf or NaN, or a quotient of p bits or
// more): ax = a * 2^(ex-1), ay = b * 2^(ey-1) with a, b in [1, 2)
// (llvm.amdgcn.frexp.mant/exp, exact for denormals too), so
// fmod(ax, ay) = 2^(ey-1) * ((a * 2^(ex-ey)) mod b). The loop keeps r, a
// multiple of b's ulp u = 2^(1-p), in [0, b) after each step and takes
// s = min(n, K) bits of the exponent difference n at a time:
//   t = ldexp(r, s); k = rint(t * inv) (inv = 1 / b, rounded);
//   r = fma(-k, b, t); r < 0 ? r + b : r; n -= s
// t / b < 2^(K+1), and t * inv is within 3 * 2^-p of it relatively
// (two roundings, and a reciprocal a little worse than correctly rounded
// would do), so with K = p - 5 the error is below 3/16 and |t/b - k| < 1:
// the fma's exact result is a multiple of u below 2 in magnitude, hence
// representable, and so is r + b. The loop runs at least once (n = 0:
// t = a, one subtraction of b at most) and ceil(n / K) times: at most 15
// (float, n <= 276) or 44 (double, n <= 2097). The result is
// ldexp(r, ey - 1), exact (fmod's result is representable), then:
// ax < ay: x; y 0 or NaN, x inf or NaN: NaN. Those cases run the loop
// once with n = 0 (frexp's exponent of inf/NaN is unspecified).
//
// Signs: the result is copysign(r, x) on both paths, so a zero result has
// x's sign as fmod's (frem(-4, 2) = -0; session 18's rule, also under
// nsz, where any zero is right).
//
// Fast-math flags: the generated arithmetic carries none (an approximate
// division would break the fast path's exactness argument). `afn`
// ("approximate functions") keeps llc-19's short fma(-trunc(x / y), y, x)
// with the frem's flags on the fdiv and the zero-sign fix unless nsz:
// LLVM's own IR expansion after LLVM 19 (ExpandFp.cpp's FRemExpander,
// buildApproxFRem) also takes afn as permission for an approximate form. nnan/ninf
// alone do not make a large quotient exact, so they get the loop; ninf
// drops the fast path's test of y = inf. The same design is used by
// AMD's device library (ocml fmod) and by LLVM's ExpandFp; facts only
// were taken from them (frexp alignment, rint steps, the final ldexp).
//
// The new blocks have no critical edges (the pass runs after import.c's
// break-crit-edges): the loop's latch is its own block. Runs from
// ir_passes.c (before promote-bf16, which lowers the bfloat conversions
// made here) only when a frem exists.
#include <cmath>

#include "llvm/ADT/APFloat.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Intrinsics.h"
#include "llvm/IR/IntrinsicsAMDGPU.h"

#include "llvm/expand_frem.h"

using namespace llvm;

namespace {

// llc-19's LowerFREM: fma(-trunc(x / y), y, x), the fdiv with the frem's
// flags; a zero result takes x's sign unless nsz (fmod's sign: the fma
// rounds an exact 0 to +0; llvm-stress seed 60153).
Value *approx_frem(IRBuilder<> &b, BinaryOperator *frem, Value *x, Value *y) {
  Type *t = x->getType();
  Value *q = b.CreateFDiv(x, y);
  cast<Instruction>(q)->setFastMathFlags(frem->getFastMathFlags());
  Value *tq = b.CreateUnaryIntrinsic(Intrinsic::trunc, q);
  Value *r = b.CreateIntrinsic(Intrinsic::fma, {t}, {b.CreateFNeg(tq), y, x});
  if (frem->hasNoSignedZeros()) return r;
  Value *zero = b.CreateFCmpOEQ(r, ConstantFP::getZero(t));
  return b.CreateSelect(zero, b.CreateCopySign(r, x), r);
}

// The slow path's long division (see the file comment) in the blocks
// `slow` -> `loop` (latch `latch`) -> `done`; the builder ends in `done`
// without its terminator. ax, ay are |x|, |y| of type t (float or double);
// returns |fmod| (NaN for the invalid cases).
Value *long_division(IRBuilder<> &b, Value *ax, Value *ay, unsigned p, BasicBlock *loop, BasicBlock *latch,
                     BasicBlock *done) {
  Type *t = ax->getType();
  Type *i32 = b.getInt32Ty();
  Value *one = ConstantInt::get(i32, 1);
  Value *ex = b.CreateIntrinsic(Intrinsic::amdgcn_frexp_exp, {i32, t}, {ax});
  Value *ey = b.CreateIntrinsic(Intrinsic::amdgcn_frexp_exp, {i32, t}, {ay});
  Value *a = b.CreateLdexp(b.CreateIntrinsic(Intrinsic::amdgcn_frexp_mant, {t}, {ax}), one);
  Value *bb = b.CreateLdexp(b.CreateIntrinsic(Intrinsic::amdgcn_frexp_mant, {t}, {ay}), one);
  Value *inv = b.CreateFDiv(ConstantFP::get(t, 1.0), bb);
  // invalid: y 0 or NaN, x inf or NaN; small: |x| < |y| (y inf included)
  // (one instruction a statement: C++ leaves the order of arguments open)
  Value *yzero = b.CreateFCmpUEQ(ay, ConstantFP::getZero(t));
  Value *bad = b.CreateOr(yzero, b.CreateFCmpUGE(ax, ConstantFP::getInfinity(t)));
  Value *small = b.CreateFCmpOLT(ax, ay);
  Value *d = b.CreateSub(ex, ey);
  Value *n0 = b.CreateSelect(b.CreateOr(bad, small), ConstantInt::get(i32, 0), d);
  BasicBlock *slow = b.GetInsertBlock();
  b.CreateBr(loop);

  b.SetInsertPoint(loop);
  PHINode *r = b.CreatePHI(t, 2, "frem.r");
  PHINode *n = b.CreatePHI(i32, 2, "frem.n");
  Value *s = b.CreateBinaryIntrinsic(Intrinsic::smin, n, ConstantInt::get(i32, p - 5));
  Value *tt = b.CreateLdexp(r, s);
  Value *k = b.CreateUnaryIntrinsic(Intrinsic::rint, b.CreateFMul(tt, inv));
  Value *r1 = b.CreateIntrinsic(Intrinsic::fma, {t}, {b.CreateFNeg(k), bb, tt});
  Value *neg = b.CreateFCmpOLT(r1, ConstantFP::getZero(t));
  Value *r2 = b.CreateSelect(neg, b.CreateFAdd(r1, bb), r1);
  Value *n2 = b.CreateSub(n, s);
  b.CreateCondBr(b.CreateICmpSGT(n2, ConstantInt::get(i32, 0)), latch, done);
  r->addIncoming(a, slow);
  r->addIncoming(r2, latch);
  n->addIncoming(n0, slow);
  n->addIncoming(n2, latch);
  b.SetInsertPoint(latch);
  b.CreateBr(loop);

  b.SetInsertPoint(done);
  Value *res = b.CreateLdexp(r2, b.CreateSub(ey, one));
  res = b.CreateSelect(small, ax, res);
  return b.CreateSelect(bad, ConstantFP::getNaN(t), res);
}

// Replaces the scalar `frem` by the exact expansion (file comment).
void expand_exact(BinaryOperator *frem) {
  Type *ft = frem->getType();
  BasicBlock *head = frem->getParent();
  Function *f = head->getParent();
  LLVMContext &ctx = f->getContext();
  BasicBlock *join = head->splitBasicBlock(frem, "frem.join");
  head->getTerminator()->eraseFromParent();
  BasicBlock *fast = BasicBlock::Create(ctx, "frem.fast", f, join);
  BasicBlock *slow = BasicBlock::Create(ctx, "frem.slow", f, join);
  BasicBlock *loop = BasicBlock::Create(ctx, "frem.loop", f, join);
  BasicBlock *latch = BasicBlock::Create(ctx, "frem.latch", f, join);
  BasicBlock *done = BasicBlock::Create(ctx, "frem.done", f, join);

  IRBuilder<> b(head);
  b.SetCurrentDebugLocation(frem->getDebugLoc());
  Value *x = frem->getOperand(0), *y = frem->getOperand(1);
  // half and bfloat in float: their values, quotients' floors and
  // remainders are exact there (and the remainder fits the narrow type)
  Type *t = ft->isHalfTy() || ft->isBFloatTy() ? b.getFloatTy() : ft;
  unsigned p = t->isDoubleTy() ? 53 : 24;
  Value *xt = t == ft ? x : b.CreateFPExt(x, t), *yt = t == ft ? y : b.CreateFPExt(y, t);
  // x / y rather than |x| / |y| (the same magnitude: division is symmetric
  // in sign), and each block its own fabs of x and y: the selector folds a
  // fabs into source modifiers only within its block (and early-cse would
  // merge a dominating one).
  Value *q = b.CreateFDiv(xt, yt);
  Value *aq = b.CreateUnaryIntrinsic(Intrinsic::fabs, q);
  Value *isfast = b.CreateFCmpOLT(aq, ConstantFP::get(t, std::ldexp(1.0, (int)p)));
  if (!frem->hasNoInfs()) {
    Value *yinf = b.CreateIntrinsic(Intrinsic::is_fpclass, {t}, {yt, b.getInt32(fcInf)});
    isfast = b.CreateAnd(isfast, b.CreateNot(yinf));
  }
  b.CreateCondBr(isfast, fast, slow);

  b.SetInsertPoint(fast);
  Value *ax = b.CreateUnaryIntrinsic(Intrinsic::fabs, xt);
  Value *ay = b.CreateUnaryIntrinsic(Intrinsic::fabs, yt);
  Value *tq = b.CreateUnaryIntrinsic(Intrinsic::fabs, b.CreateUnaryIntrinsic(Intrinsic::trunc, q));
  Value *r1 = b.CreateIntrinsic(Intrinsic::fma, {t}, {b.CreateFNeg(tq), ay, ax});
  Value *neg = b.CreateFCmpOLT(r1, ConstantFP::getZero(t));
  Value *rf = b.CreateSelect(neg, b.CreateFAdd(r1, ay), r1);
  b.CreateBr(join);

  b.SetInsertPoint(slow);
  Value *sx = b.CreateUnaryIntrinsic(Intrinsic::fabs, xt);
  Value *sy = b.CreateUnaryIntrinsic(Intrinsic::fabs, yt);
  Value *rs = long_division(b, sx, sy, p, loop, latch, done);
  b.CreateBr(join);

  b.SetInsertPoint(frem);
  PHINode *phi = b.CreatePHI(t, 2, "frem.abs");
  phi->addIncoming(rf, fast);
  phi->addIncoming(rs, done);
  Value *res = b.CreateCopySign(phi, xt);
  if (t != ft) res = b.CreateFPTrunc(res, ft);
  res->takeName(frem);
  frem->replaceAllUsesWith(res);
  frem->eraseFromParent();
}

// Two finite constants (y not 0): the exact remainder (APFloat::mod is
// C's fmod), as llc-19's DAG folds it at every -O level; NULL otherwise.
Constant *fold(Value *x, Value *y) {
  auto *cx = dyn_cast<ConstantFP>(x), *cy = dyn_cast<ConstantFP>(y);
  if (!cx || !cy || !cx->getValueAPF().isFinite() || !cy->getValueAPF().isFinite() || cy->getValueAPF().isZero())
    return nullptr;
  APFloat r = cx->getValueAPF();
  r.mod(cy->getValueAPF());
  return ConstantFP::get(x->getContext(), r);
}

}  // namespace

PreservedAnalyses WirExpandFremPass::run(Function &F, FunctionAnalysisManager &) {
  SmallVector<BinaryOperator *, 8> frems;
  for (BasicBlock &bb : F)
    for (Instruction &i : bb)
      if (i.getOpcode() == Instruction::FRem) frems.push_back(cast<BinaryOperator>(&i));
  if (frems.empty()) return PreservedAnalyses::all();
  // vectors element by element, each element a scalar frem with the same flags
  SmallVector<BinaryOperator *, 8> scalars;
  for (BinaryOperator *frem : frems) {
    auto *vt = dyn_cast<FixedVectorType>(frem->getType());
    if (!vt) {
      scalars.push_back(frem);
      continue;
    }
    IRBuilder<> b(frem);
    Value *v = PoisonValue::get(vt);
    for (unsigned i = 0; i < vt->getNumElements(); i++) {
      Value *e = b.CreateFRem(b.CreateExtractElement(frem->getOperand(0), (uint64_t)i),
                              b.CreateExtractElement(frem->getOperand(1), (uint64_t)i));
      if (auto *eb = dyn_cast<BinaryOperator>(e)) {  // not when folded to a constant
        eb->copyFastMathFlags(frem);
        scalars.push_back(eb);
      }
      v = b.CreateInsertElement(v, e, (uint64_t)i);
    }
    v->takeName(frem);
    frem->replaceAllUsesWith(v);
    frem->eraseFromParent();
  }
  for (BinaryOperator *frem : scalars) {
    Value *x = frem->getOperand(0), *y = frem->getOperand(1);
    if (Constant *c = fold(x, y)) {
      frem->replaceAllUsesWith(c);
      frem->eraseFromParent();
    } else if (frem->hasApproxFunc()) {
      IRBuilder<> b(frem);
      Value *r = approx_frem(b, frem, x, y);
      r->takeName(frem);
      frem->replaceAllUsesWith(r);
      frem->eraseFromParent();
    } else {
      expand_exact(frem);
    }
  }
  return PreservedAnalyses::none();
}
