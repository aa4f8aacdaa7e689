// narrow-sext-in-reg: an i64 expression read only through its low 32 bits,
// sign-extended in place (`ashr (shl x, 32), 32`), computed in i32.
//
// Why (issue 27): OpenCL's `int i = get_global_id(0)` used as an index is
// `zext(size) * zext(group) + zext(offset) + zext(id)` in i64, then
// `ashr (shl x, 32), 32` (instcombine's form of sext(trunc x)). llc-19
// computes only the low half (SelectionDAG's demanded bits: s_mul_i32,
// s_add_i32, one v_add_u32); wavecc selected the i64 arithmetic whole
// (v_add_co_u32, v_addc_co_u32, v_mov_b32, v_mad_u64_u32), 3 VALU more per
// wave in 24 of the 37 bench/real kernels. Here the tree under the shl --
// add, sub, mul, and, or, xor and shl by a constant below 32, each used
// once, down to zext/sext of i32 values and constants -- is rebuilt in
// i32 (the low 32 bits of these operations depend only on the low 32 bits
// of their operands; the wrap flags are dropped), any other leaf is
// truncated, and the pair becomes `sext` of the result. Nothing else
// changes: an expression with other uses is left alone.
//
// Loops: the same index stepped by get_global_size(0) (a grid-stride
// loop, `for (int i = get_global_id(0); i < n; i += get_global_size(0))`)
// is an i64 phi read only as `ashr (shl i, 32), 32` and `trunc`; llc-19's
// dead-lane elimination then drops the step's high half (v_addc_co_u32)
// and the phi's second VGPR. Here such a phi becomes an i32 phi of its
// incoming values' low halves (an i64 operation that only the phi and
// truncs read is rebuilt in i32, the truncs read the new value): 2 VALU
// fewer per iteration in hist_local, reduce_amax and dot_atomic (bench/real).
#include "llvm/IR/Constants.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/PatternMatch.h"
#include "llvm/Transforms/Utils/Local.h"

#include "llvm/narrow_sext_in_reg.h"

using namespace llvm;
using namespace llvm::PatternMatch;

namespace {

// Is bo an i64 operation whose low 32 bits depend only on its operands'
// low 32 bits?
bool narrowable_op_any_uses(BinaryOperator *bo) {
  if (!bo->getType()->isIntegerTy(64)) return false;
  switch (bo->getOpcode()) {
  case Instruction::Add: case Instruction::Sub: case Instruction::Mul: case Instruction::And: case Instruction::Or:
  case Instruction::Xor:
    return true;
  case Instruction::Shl: {
    auto *k = dyn_cast<ConstantInt>(bo->getOperand(1));
    return k && k->getZExtValue() < 32;
  }
  default:
    return false;
  }
}

// Is v an operation narrow() rebuilds (not a leaf)?
bool narrowable_op(Value *v) {
  auto *bo = dyn_cast<BinaryOperator>(v);
  return bo && bo->hasOneUse() && narrowable_op_any_uses(bo);
}

// The low 32 bits of i64 value v, as an i32 value built before `at`.
Value *narrow(Value *v, IRBuilder<> &b, unsigned depth) {
  Type *i32 = b.getInt32Ty();
  if (auto *k = dyn_cast<ConstantInt>(v)) return ConstantInt::get(i32, k->getZExtValue() & 0xffffffffu);
  Value *x;
  if ((match(v, m_ZExt(m_Value(x))) || match(v, m_SExt(m_Value(x)))) && x->getType()->isIntegerTy(32)) return x;
  if (depth < 8 && narrowable_op(v)) {
    auto *bo = cast<BinaryOperator>(v);
    Value *l = narrow(bo->getOperand(0), b, depth + 1), *r = narrow(bo->getOperand(1), b, depth + 1);
    return b.CreateBinOp(bo->getOpcode(), l, r, bo->getName() + ".lo");
  }
  return b.CreateTrunc(v, i32);
}

// The sext-in-reg root `ashr (shl p, 32), c` (28 <= c <= 32) that the
// use u of p starts, else NULL.
Instruction *sext_root_of(Value *p, User *u) {
  auto *sh = dyn_cast<Instruction>(u);
  const APInt *c;
  if (!sh || !match(sh, m_Shl(m_Specific(p), m_SpecificInt(32))) || !sh->hasOneUse()) return nullptr;
  auto *as = cast<Instruction>(*sh->user_begin());
  if (!match(as, m_AShr(m_Specific(sh), m_APInt(c))) || c->ugt(32) || c->ult(28)) return nullptr;
  return as;
}

// `sext (lo) << (32 - c)` for the root `ashr (shl x, 32), c`, built before it.
Value *sext_scaled(Instruction *root, Value *lo) {
  IRBuilder<> b(root);
  Value *s = b.CreateSExt(lo, root->getType(), root->getName());
  uint64_t k = 32 - cast<ConstantInt>(root->getOperand(1))->getZExtValue();
  if (k) s = b.CreateShl(s, k, root->getName() + ".scaled", /*NUW=*/false, /*NSW=*/true);
  return s;
}

// Is the i64 phi p read only through its low 32 bits (trunc to i32, or a
// sext-in-reg root), with incoming values that are no other phi?
bool low_half_phi(PHINode *p) {
  if (!p->getType()->isIntegerTy(64) || p->use_empty()) return false;
  for (Value *v : p->incoming_values())
    if (isa<PHINode>(v) && v != p) return false;
  for (User *u : p->users()) {
    auto *t = dyn_cast<TruncInst>(u);
    if (!(t && t->getType()->isIntegerTy(32)) && !sext_root_of(p, u)) return false;
  }
  return true;
}

// The low 32 bits of the phi's incoming value v, built right after v (so
// that it dominates v's uses); v's `trunc to i32` uses read it instead.
Value *narrow_incoming(Value *v, BasicBlock *pred, PHINode *phi) {
  IRBuilder<> b(pred->getTerminator());
  auto *vi = dyn_cast<Instruction>(v);
  if (vi) b.SetInsertPoint(isa<PHINode>(vi) ? &*vi->getParent()->getFirstInsertionPt() : vi->getNextNode());
  Value *lo;
  auto *bo = dyn_cast<BinaryOperator>(v);
  bool low_read = bo && all_of(bo->users(), [&](User *u) {
    auto *t = dyn_cast<TruncInst>(u);
    return u == phi || (t && t->getType()->isIntegerTy(32));
  });
  /* an operation the phi and truncs alone read is rebuilt in i32 (and the
   * i64 one dies); one read in full stays, its low half a trunc */
  if (low_read && narrowable_op_any_uses(bo))
    lo = b.CreateBinOp(bo->getOpcode(), narrow(bo->getOperand(0), b, 1), narrow(bo->getOperand(1), b, 1), bo->getName() + ".lo");
  else
    lo = narrow(v, b, 0);
  if (vi)
    for (User *u : make_early_inc_range(v->users()))
      if (auto *t = dyn_cast<TruncInst>(u); t && t != lo && t->getType()->isIntegerTy(32)) {
        t->replaceAllUsesWith(lo);
        t->eraseFromParent();
      }
  return lo;
}

// An i64 loop phi read only through its low 32 bits (`int i` stepped by
// the size_t get_global_size(0): a grid-stride loop) becomes an i32 phi
// of its incoming values' low halves; llc-19's dead-lane elimination
// drops the high half's v_addc_co_u32 the same way.
bool narrow_phi(PHINode *p) {
  PHINode *lo = PHINode::Create(Type::getInt32Ty(p->getContext()), p->getNumIncomingValues(), p->getName() + ".lo", p);
  for (User *u : make_early_inc_range(p->users())) {
    auto *ui = cast<Instruction>(u);
    if (isa<TruncInst>(ui)) {
      ui->replaceAllUsesWith(lo);
      ui->eraseFromParent();
      continue;
    }
    Instruction *root = sext_root_of(p, u);
    root->replaceAllUsesWith(sext_scaled(root, lo));
    root->eraseFromParent();
    ui->eraseFromParent();
  }
  SmallVector<Value *, 4> old;
  for (unsigned i = 0; i < p->getNumIncomingValues(); i++) {
    Value *v = p->getIncomingValue(i);
    BasicBlock *pred = p->getIncomingBlock(i);
    lo->addIncoming(v == p ? lo : narrow_incoming(v, pred, p), pred);
    old.push_back(v);
  }
  p->replaceAllUsesWith(PoisonValue::get(p->getType()));
  p->eraseFromParent();
  for (Value *v : old) RecursivelyDeleteTriviallyDeadInstructions(v);
  return true;
}

} // namespace

PreservedAnalyses WirNarrowSextInRegPass::run(Function &F, FunctionAnalysisManager &) {
  bool changed = false;
  SmallVector<PHINode *, 4> phis;
  for (BasicBlock &B : F)
    for (PHINode &P : B.phis()) phis.push_back(&P);
  for (PHINode *P : phis)
    if (low_half_phi(P)) changed |= narrow_phi(P);
  SmallVector<Instruction *, 8> roots;
  for (BasicBlock &B : F)
    for (Instruction &I : B) {
      Value *x;
      const APInt *c;
      if (I.getType()->isIntegerTy(64) && match(&I, m_AShr(m_OneUse(m_Shl(m_Value(x), m_SpecificInt(32))), m_APInt(c))) &&
          c->ule(32) && c->uge(28) && narrowable_op(x))
        roots.push_back(&I);
    }
  for (Instruction *I : roots) {
    auto *shl = cast<Instruction>(I->getOperand(0));
    IRBuilder<> b(I);
    Value *lo = narrow(shl->getOperand(0), b, 0);
    Value *s = b.CreateSExt(lo, I->getType(), I->getName());
    /* ashr by 32 - k: an index already scaled by 2^k (instcombine folds
     * a GEP's element size into the shift) */
    uint64_t k = 32 - cast<ConstantInt>(I->getOperand(1))->getZExtValue();
    if (k) s = b.CreateShl(s, k, I->getName() + ".scaled", /*NUW=*/false, /*NSW=*/true);
    I->replaceAllUsesWith(s);
    I->eraseFromParent();
    RecursivelyDeleteTriviallyDeadInstructions(shl); // the old tree
  }
  if (roots.empty() && !changed) return PreservedAnalyses::all();
  PreservedAnalyses pa;
  pa.preserveSet<CFGAnalyses>();
  return pa;
}
