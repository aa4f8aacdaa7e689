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
#include "llvm/IR/Constants.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/PatternMatch.h"
#include "llvm/Transforms/Utils/Local.h"

#include "llvm/narrow_sext_in_reg.h"

using namespace llvm;
using namespace llvm::PatternMatch;

namespace {

// Is v an operation narrow() rebuilds (not a leaf)?
bool narrowable_op(Value *v) {
  auto *bo = dyn_cast<BinaryOperator>(v);
  if (!bo || !bo->hasOneUse() || !bo->getType()->isIntegerTy(64)) return false;
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

} // namespace

PreservedAnalyses WirNarrowSextInRegPass::run(Function &F, FunctionAnalysisManager &) {
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
  if (roots.empty()) return PreservedAnalyses::all();
  PreservedAnalyses pa;
  pa.preserveSet<CFGAnalyses>();
  return pa;
}
