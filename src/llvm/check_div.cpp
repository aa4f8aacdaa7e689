// wavecc-check-div (wavecc -fcheck-div, issue 29): a test before each
// integer division and remainder by a divisor that may be 0, as clang's
// -fsanitize=integer-divide-by-zero -fsanitize-trap does it
// (CodeGenFunction::EmitBinOpCheck / EmitTrapCheck):
//
//   head:  %z = icmp eq %d, 0          (a vector: any element)
//          br %z, label %trap, label %tail
//   trap:  call void @llvm.ubsantrap(i8 3)   ; clang's DivremOverflow kind
//          br label %tail
//   tail:  %q = udiv %n, %d ...
//
// The selector turns the call into s_trap 2 (AMDGPUUsage "Trap Handler
// ABI": llvm.trap's id; the hardware halts the wave, the queue goes into
// the error state) and marks it MIR_CHK_DIV_TRAP, which the code object's
// .wavecc.checks lists, so that wavecc-run --check=div reports "integer
// division by zero" at the division's source line instead of a trap. Any
// width (i64 included: the v_rcp_iflag_f32 test of the emulator sees only
// 32-bit expansions), uniform (a scalar branch) or divergent (an EXEC
// mask branch) divisors. The trap block falls through to the division
// rather than ending in `unreachable`, so the CFG stays a plain if-then for
// wavecc's structurizer. Runs in the import pipeline before mergereturn and
// break-crit-edges (import.c), which split the new critical edge.
#include "llvm/IR/Constants.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Intrinsics.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"

#include "llvm/check_div.h"

using namespace llvm;

// clang's SanitizerHandler::DivremOverflow (clang/lib/CodeGen/CodeGenFunction.h),
// the ubsantrap kind the selector recognises (isel_amdgcn.c).
static const unsigned CheckDivKind = 3;

// Whether the divisor `d` may be 0: not a constant all of whose elements
// are nonzero.
static bool may_be_zero(Value *d) {
  auto *c = dyn_cast<Constant>(d);
  if (!c) return true;
  if (auto *ci = dyn_cast<ConstantInt>(c)) return ci->isZero();
  if (auto *vt = dyn_cast<FixedVectorType>(c->getType())) {
    for (unsigned i = 0; i < vt->getNumElements(); i++) {
      auto *e = dyn_cast_or_null<ConstantInt>(c->getAggregateElement(i));
      if (!e || e->isZero()) return true;
    }
    return false;
  }
  return true;
}

PreservedAnalyses WirCheckDivPass::run(Function &F, FunctionAnalysisManager &) {
  SmallVector<BinaryOperator *, 16> divs;
  for (BasicBlock &bb : F)
    for (Instruction &i : bb)
      if (auto *bo = dyn_cast<BinaryOperator>(&i)) {
        unsigned op = bo->getOpcode();
        if ((op == Instruction::UDiv || op == Instruction::SDiv || op == Instruction::URem || op == Instruction::SRem) &&
            may_be_zero(bo->getOperand(1)))
          divs.push_back(bo);
      }
  for (BinaryOperator *div : divs) {
    IRBuilder<> b(div);
    Value *d = div->getOperand(1);
    Value *zero = b.CreateICmpEQ(d, Constant::getNullValue(d->getType()), "divisor.zero");
    if (auto *vt = dyn_cast<FixedVectorType>(d->getType())) {
      Value *any = b.CreateExtractElement(zero, (uint64_t)0);
      for (unsigned i = 1; i < vt->getNumElements(); i++) any = b.CreateOr(any, b.CreateExtractElement(zero, (uint64_t)i));
      zero = any;
    }
    Instruction *term = SplitBlockAndInsertIfThen(zero, div, /*Unreachable=*/false);
    IRBuilder<> t(term);
    CallInst *call = t.CreateIntrinsic(Intrinsic::ubsantrap, {}, {t.getInt8(CheckDivKind)});
    call->setDebugLoc(div->getDebugLoc());
    term->setDebugLoc(div->getDebugLoc());
  }
  return divs.empty() ? PreservedAnalyses::all() : PreservedAnalyses::none();
}
