// atomic-optimizer: one atomic per wave for atomics at a uniform address.
//
// Why (issue 27): 64 lanes adding to one counter make 64 atomics on one
// address, and where the target has no instruction for the operation
// (gfx900's float atomics on global memory) a compare-and-swap loop that
// runs once per lane. llc-19 runs AMDGPUAtomicOptimizer before
// AtomicExpand (`llc-19 -debug-pass=Structure`), with the Iterative
// strategy by default (-amdgpu-atomic-optimizer-strategy, LLVM 19
// AMDGPUTargetMachine.cpp); this pass does what that strategy does, so the
// two compilers meet the same memory traffic:
//  - which atomics: atomicrmw add, sub, and, or, xor, max, min, umax, umin,
//    fadd, fsub, fmax, fmin of i32, i64, float or double on global (1) or
//    LDS (3) memory, not volatile, whose pointer is uniform;
//  - a uniform value v: the wave's value is v * popcount(exec) for add/sub
//    (fadd/fsub: times the count as a float), v * (popcount & 1) for xor,
//    v itself for the others;
//  - a divergent value: a uniform loop over the active lanes (s_ff1,
//    v_readlane) folds the lanes' values; when the result is used the loop
//    also records each lane's exclusive prefix (the fold before its value);
//  - the first active lane (mbcnt of the ballot == 0) does the atomic; each
//    lane's result is the returned value (readfirstlane) combined with its
//    prefix (uniform value: v * mbcnt, v * (mbcnt & 1), or v except in the
//    first lane), the first lane's being the returned value itself for the
//    float operations (a prefix of -0.0 * v may carry the wrong sign).
// Differences from llc-19: a divergent value is folded only where the
// atomic would otherwise become a compare-and-swap loop (gfx900's float
// atomics; wir_atomic_needs_loop): where one instruction does the atomic,
// the lane loop costs ~10 instructions per active lane for what the memory
// unit does in one (the corpus' f_atomic_global.cl: 3457 wave-instructions
// without, 27914 with; llc-19 21789). Buffer-atomic intrinsics are left
// alone. The prefix goes to its lane with llvm.amdgcn.writelane, as llc-19
// does (a compare and a select per iteration before isel_wave_ops.c
// selected it: f_atomic_wave_combine.ll 1.32x llc-19's instructions).
#include "llvm/IR/Constants.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicsAMDGPU.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"

#include "llvm/atomic_optimizer.h"

extern "C" {
#include "llvm/divergence.h"
#include "llvm/expand_atomics.h"
}

using namespace llvm;

namespace {

struct Candidate {
  AtomicRMWInst *I;
  bool divergent_value;
};

bool supported_op(AtomicRMWInst::BinOp op) {
  switch (op) {
  case AtomicRMWInst::Add: case AtomicRMWInst::Sub: case AtomicRMWInst::And: case AtomicRMWInst::Or:
  case AtomicRMWInst::Xor: case AtomicRMWInst::Max: case AtomicRMWInst::Min: case AtomicRMWInst::UMax:
  case AtomicRMWInst::UMin: case AtomicRMWInst::FAdd: case AtomicRMWInst::FSub: case AtomicRMWInst::FMax:
  case AtomicRMWInst::FMin:
    return true;
  default:
    return false;
  }
}

bool supported_type(Type *t) {
  return t->isFloatTy() || t->isDoubleTy() || t->isIntegerTy(32) || t->isIntegerTy(64);
}

// The value x with op(x, y) == y for every y (LLVM's
// getIdentityValueForAtomicOp; the maxnum/minnum of NaN and y is y).
Constant *identity(AtomicRMWInst::BinOp op, Type *t) {
  if (t->isFloatingPointTy()) {
    const fltSemantics &s = t->getFltSemantics();
    if (op == AtomicRMWInst::FAdd || op == AtomicRMWInst::FSub) return ConstantFP::get(t, APFloat::getZero(s, true));
    return ConstantFP::get(t, APFloat::getQNaN(s));
  }
  unsigned bits = t->getIntegerBitWidth();
  switch (op) {
  case AtomicRMWInst::And: case AtomicRMWInst::UMin: return ConstantInt::get(t, APInt::getMaxValue(bits));
  case AtomicRMWInst::Max: return ConstantInt::get(t, APInt::getSignedMinValue(bits));
  case AtomicRMWInst::Min: return ConstantInt::get(t, APInt::getSignedMaxValue(bits));
  default: return ConstantInt::get(t, 0); /* add, sub, or, xor, umax */
  }
}

// a op b, not atomically (LLVM's buildNonAtomicBinOp).
Value *binop(IRBuilder<> &b, AtomicRMWInst::BinOp op, Value *x, Value *y) {
  switch (op) {
  case AtomicRMWInst::Add: return b.CreateAdd(x, y);
  case AtomicRMWInst::Sub: return b.CreateSub(x, y);
  case AtomicRMWInst::And: return b.CreateAnd(x, y);
  case AtomicRMWInst::Or: return b.CreateOr(x, y);
  case AtomicRMWInst::Xor: return b.CreateXor(x, y);
  case AtomicRMWInst::Max: return b.CreateSelect(b.CreateICmpSGT(x, y), x, y);
  case AtomicRMWInst::Min: return b.CreateSelect(b.CreateICmpSLT(x, y), x, y);
  case AtomicRMWInst::UMax: return b.CreateSelect(b.CreateICmpUGT(x, y), x, y);
  case AtomicRMWInst::UMin: return b.CreateSelect(b.CreateICmpULT(x, y), x, y);
  case AtomicRMWInst::FAdd: return b.CreateFAdd(x, y);
  case AtomicRMWInst::FSub: return b.CreateFSub(x, y);
  case AtomicRMWInst::FMax: return b.CreateBinaryIntrinsic(Intrinsic::maxnum, x, y);
  case AtomicRMWInst::FMin: return b.CreateBinaryIntrinsic(Intrinsic::minnum, x, y);
  default: llvm_unreachable("operation not selected by supported_op");
  }
}

// The lanes' number among the bits of `mask` below each lane: mbcnt.lo,
// and mbcnt.hi on wave64 (i32).
Value *mbcnt(IRBuilder<> &b, Value *mask, unsigned wave) {
  Type *i32 = b.getInt32Ty();
  Value *lo = wave == 32 ? mask : b.CreateTrunc(mask, i32);
  Value *r = b.CreateIntrinsic(Intrinsic::amdgcn_mbcnt_lo, {}, {lo, b.getInt32(0)});
  if (wave == 64) r = b.CreateIntrinsic(Intrinsic::amdgcn_mbcnt_hi, {}, {b.CreateTrunc(b.CreateLShr(mask, 32), i32), r});
  return r;
}

// The uniform loop over the active lanes of `ballot` (Iterative strategy)
// in a new block between I's block and I: folds the lanes' values of I's
// operand with the scan operation, and with `prefix` also each lane's
// exclusive prefix (*prefix, in I's block). Returns the fold.
Value *build_scan(IRBuilder<> &b, AtomicRMWInst &I, AtomicRMWInst::BinOp scan_op, Value *ballot,
                  Value **prefix) {
  Type *ty = I.getType(), *mt = ballot->getType();
  BasicBlock *entry = I.getParent();
  BasicBlock *rest = SplitBlock(entry, &I);
  BasicBlock *loop = BasicBlock::Create(I.getContext(), "atomic.scan", entry->getParent(), rest);
  entry->getTerminator()->setSuccessor(0, loop);
  IRBuilder<> lb(loop);
  PHINode *acc = lb.CreatePHI(ty, 2, "scan.acc");
  PHINode *pre = prefix ? lb.CreatePHI(ty, 2, "scan.prefix") : nullptr;
  PHINode *active = lb.CreatePHI(mt, 2, "scan.active");
  Value *ff1 = lb.CreateIntrinsic(Intrinsic::cttz, {mt}, {active, lb.getTrue()});
  Value *lane = lb.CreateTrunc(ff1, lb.getInt32Ty());
  Value *v = lb.CreateIntrinsic(Intrinsic::amdgcn_readlane, {ty}, {I.getValOperand(), lane});
  /* the lane's exclusive prefix is the fold so far, written to that lane
   * alone (LLVM's Iterative strategy: v_writelane, no compare per lane) */
  Value *new_pre = pre ? lb.CreateIntrinsic(Intrinsic::amdgcn_writelane, {ty}, {acc, lane, pre}) : nullptr;
  Value *new_acc = binop(lb, scan_op, acc, v);
  Value *new_active = lb.CreateAnd(active, lb.CreateNot(lb.CreateShl(ConstantInt::get(mt, 1), ff1)));
  lb.CreateCondBr(lb.CreateICmpNE(new_active, ConstantInt::get(mt, 0)), loop, rest);
  acc->addIncoming(identity(scan_op, ty), entry);
  acc->addIncoming(new_acc, loop);
  if (pre) {
    pre->addIncoming(PoisonValue::get(ty), entry);
    pre->addIncoming(new_pre, loop);
    *prefix = new_pre;
  }
  active->addIncoming(ballot, entry);
  active->addIncoming(new_active, loop);
  b.SetInsertPoint(&I);
  return new_acc;
}

// Rewrites one candidate (LLVM's optimizeAtomic, Iterative strategy).
void optimize(const Candidate &c, unsigned wave) {
  AtomicRMWInst &I = *c.I;
  AtomicRMWInst::BinOp op = I.getOperation();
  Type *ty = I.getType(), *i32 = Type::getInt32Ty(I.getContext());
  bool fp = ty->isFloatingPointTy(), need_result = !I.use_empty();
  AtomicRMWInst::BinOp scan_op = op == AtomicRMWInst::Sub ? AtomicRMWInst::Add
                                 : op == AtomicRMWInst::FSub ? AtomicRMWInst::FAdd
                                                             : op;
  IRBuilder<> b(&I);
  Type *mt = b.getIntNTy(wave);
  Value *ballot = b.CreateIntrinsic(Intrinsic::amdgcn_ballot, {mt}, {b.getTrue()});
  Value *v = I.getValOperand(), *new_v = nullptr, *prefix = nullptr;
  if (c.divergent_value) {
    new_v = build_scan(b, I, scan_op, ballot, need_result ? &prefix : nullptr);
  } else {
    Value *count = b.CreateTrunc(b.CreateUnaryIntrinsic(Intrinsic::ctpop, ballot), i32);
    switch (op) {
    case AtomicRMWInst::Add: case AtomicRMWInst::Sub: new_v = b.CreateMul(v, b.CreateZExtOrTrunc(count, ty)); break;
    case AtomicRMWInst::Xor: new_v = b.CreateMul(v, b.CreateZExtOrTrunc(b.CreateAnd(count, 1), ty)); break;
    case AtomicRMWInst::FAdd: case AtomicRMWInst::FSub: new_v = b.CreateFMul(v, b.CreateUIToFP(count, ty)); break;
    default: new_v = v; break; /* idempotent: and, or, min, max, fmin, fmax */
    }
  }
  Value *lanes_below = mbcnt(b, ballot, wave);
  Value *first = b.CreateICmpEQ(lanes_below, b.getInt32(0));
  Instruction *then_term = SplitBlockAndInsertIfThen(first, &I, false);
  BasicBlock *head = then_term->getParent()->getSinglePredecessor();
  I.moveBefore(then_term);
  I.setOperand(AtomicRMWInst::getPointerOperandIndex() + 1, new_v);
  if (!need_result) return;
  BasicBlock *tail = then_term->getSuccessor(0);
  b.SetInsertPoint(tail, tail->getFirstInsertionPt());
  PHINode *phi = b.CreatePHI(ty, 2, "atomic.old");
  phi->addIncoming(PoisonValue::get(ty), head);
  phi->addIncoming(&I, then_term->getParent());
  Value *old = b.CreateIntrinsic(Intrinsic::amdgcn_readfirstlane, {ty}, {phi});
  Value *offset = prefix;
  if (!c.divergent_value) {
    switch (op) {
    case AtomicRMWInst::Add: case AtomicRMWInst::Sub: offset = b.CreateMul(v, b.CreateZExtOrTrunc(lanes_below, ty)); break;
    case AtomicRMWInst::Xor: offset = b.CreateMul(v, b.CreateZExtOrTrunc(b.CreateAnd(lanes_below, 1), ty)); break;
    case AtomicRMWInst::FAdd: case AtomicRMWInst::FSub: offset = b.CreateFMul(v, b.CreateUIToFP(lanes_below, ty)); break;
    default: offset = b.CreateSelect(first, identity(scan_op, ty), v); break;
    }
  }
  Value *result = binop(b, op, old, offset);
  if (fp) result = b.CreateSelect(first, old, result);
  I.replaceUsesWithIf(result, [phi](Use &u) { return u.getUser() != phi; });
}

}  // namespace

PreservedAnalyses WirAtomicOptimizerPass::run(Function &F, FunctionAnalysisManager &) {
  if (wave_size != 32 && wave_size != 64) return PreservedAnalyses::all();
  SmallVector<AtomicRMWInst *, 8> atomics;
  for (BasicBlock &B : F)
    for (Instruction &ins : B)
      if (auto *a = dyn_cast<AtomicRMWInst>(&ins))
        if (!a->isVolatile() && supported_op(a->getOperation()) && supported_type(a->getType()) &&
            (a->getPointerAddressSpace() == 1 || a->getPointerAddressSpace() == 3))
          atomics.push_back(a);
  if (atomics.empty()) return PreservedAnalyses::all();
  /* divergence first, for every candidate, before the CFG changes */
  SmallVector<Candidate, 8> todo;
  arena mem;
  arena_init(&mem);
  divergence_info *di = divergence_analyze(wrap(&F), &mem);
  for (AtomicRMWInst *a : atomics) {
    if (divergence_is_divergent(di, wrap(a->getPointerOperand()))) continue;
    bool div = divergence_is_divergent(di, wrap(a->getValOperand()));
    if (!div || (target && wir_atomic_needs_loop(wrap(a), target))) todo.push_back({a, div});
  }
  arena_free(&mem);
  for (const Candidate &c : todo) optimize(c, wave_size);
  return todo.empty() ? PreservedAnalyses::all() : PreservedAnalyses::none();
}
