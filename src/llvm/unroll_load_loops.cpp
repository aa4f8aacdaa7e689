// unroll-load-loops: run-time unrolling by 2 of small loops that load.
//
// Why (issue 27): most bench/real kernels are small launches (one or two
// waves per SIMD), so their time is one wave's chain of memory latencies,
// and a loop that loads (CSR rows, strided dot products, hash chains) waits
// once or twice per iteration, for llc-19's code and wavecc's alike: opt
// -O2's unroller does not unroll loops of unknown trip count for AMDGPU
// (GCNTTIImpl::getUnrollingPreferences leaves Runtime off), so neither
// compiler overlaps two iterations' loads. Unrolled by 2, the two
// iterations are one block without an exit between them, and wavecc's
// load scheduling (sched_loads.c) issues both iterations' loads before the
// first wait: one wait per two iterations.
//
// The unrolled body's loads are then ordered by depth (hoist_loads): both
// iterations' first loads (the CSR column index, the row element), then
// the loads at the addresses they give, each as early as its operands and
// the stores before it allow. Selection emits loads in IR order and
// sched_loads.c keeps that order, so without this the second iteration's
// index load would wait behind the first iteration's dependent loads.
// Registers (issue 27: VGPRs above llc-19's, which does not unroll): a load
// that feeds no load (spmv_csr's val[j]) goes with the deepest loads, after
// them, and within a level the loads whose address is computed in the body
// go before those at a pointer IV, so neither result is live over address
// arithmetic it does not need; and the pointer steps p + C, (p + C) + C
// become p + 2C (fold_offset_chains). gfx1030 VGPRs, 2026-11-30: gemv_row
// 8 -> 7, spmv_csr 17 -> 15, gemm_naive 13 -> 11 (with cse-dom's and
// licm's changes of the same day), cycles unchanged or lower.
//
// Legality: UnrollLoop with Runtime computes the trip count in the
// preheader and runs the odd iteration apart (LLVM puts it before or after
// the unrolled loop), so every load the unrolled code does is one the
// original loop does (no speculation: the emulator faults on an
// out-of-bounds load); loads move only within their block and never above
// an instruction that may write memory. The loop must be in loop-simplify
// and LCSSA form (made here, for the loops unrolled, as LoopUnrollPass
// does) and exit only at its latch (UnrollRuntimeLoopRemainder's
// condition); loops with calls or convergent operations (barriers) are
// left alone, as LLVM's unroller will not add a remainder to a convergent
// loop.
//
// Which loops: innermost, at most kMaxInsts IR instructions (the body is
// doubled; its values live twice over), one to kMaxLoads loads from
// global, constant or flat memory (LDS latency is short enough that other
// work covers it; a loop with more loads has them in flight together
// already: heat3d.cl's 7-point stencil and imatmul4.cl's 5 loads took 1.6 %
// and 4 % more occupancy-model cycles unrolled at gfx900), a trip count
// not a constant nor bounded by kMinTrips (opt -O2's unroller has dealt
// with those), one that needs no division to compute
// (AllowExpensiveTripCount off), an induction variable stepping by 1 or
// -1 (a strided work-sharing loop -- j += 8 lanes per row, i += the
// work-group size -- runs a time or two per lane, and the remainder and
// trip count cost more than the overlap saves: spmv_csr_vec.cl +11 %,
// radix_hist.cl +12 % unrolled), and no private array held in registers
// and indexed at run time (promote_private_arrays.cpp: the indexing would
// double and the array stay live across both iterations).
//
// Measured (occupancy-model cycles, wavecc / llc-19, gfx900, 2026-11-30
// 01:25 UTC, before the stride and load-count limits): pagerank_pull
// 1.02 -> 0.73, spmv_csr 1.00 -> 0.66, gemv_row 1.00 -> 0.55, gemv_t 0.99
// -> 0.56, fnv1a 1.00 -> 0.56, kmeans_assign 0.99 -> 0.58, gemm_naive
// 1.00 -> 0.85, spmv_ell 0.97 -> 0.97.
#include "llvm/Analysis/AssumptionCache.h"
#include "llvm/Analysis/IVDescriptors.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/TargetTransformInfo.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Instructions.h"
#include "llvm/Transforms/Utils/Local.h"
#include "llvm/Transforms/Utils/LCSSA.h"
#include "llvm/Transforms/Utils/LoopSimplify.h"
#include "llvm/Transforms/Utils/LoopUtils.h"
#include "llvm/Transforms/Utils/UnrollLoop.h"
#include "llvm/Support/CommandLine.h"

#include <mutex>

#include "llvm/unroll_load_loops.h"

using namespace llvm;

namespace {

// IR instructions a loop may have to be unrolled (about 2x in machine
// instructions): larger bodies have enough independent work of their own.
constexpr unsigned kMaxInsts = 48;
// Loops with more loads than this have enough in flight in one iteration.
constexpr unsigned kMaxLoads = 4;
// Loops that run at most this often are left as they are.
constexpr unsigned kMinTrips = 4;

// A load the target serves with long latency: global (1), constant (4),
// 32-bit constant (6) or flat (0) memory.
bool long_latency_load(const Instruction &I) {
  const auto *L = dyn_cast<LoadInst>(&I);
  if (!L) return false;
  unsigned as = L->getPointerAddressSpace();
  return as == 0 || as == 1 || as == 4 || as == 6;
}

bool worth_unrolling(Loop *L, ScalarEvolution &SE) {
  if (!L->isInnermost() || !L->getLoopLatch() || !L->getExitingBlock() ||
      L->getExitingBlock() != L->getLoopLatch())
    return false;
  unsigned n = 0, loads = 0;
  for (BasicBlock *B : L->blocks())
    for (Instruction &I : *B) {
      if (isa<DbgInfoIntrinsic>(I)) continue;
      if (++n > kMaxInsts) return false;
      if (auto *C = dyn_cast<CallBase>(&I)) {
        if (C->isConvergent() || !isa<IntrinsicInst>(C) || C->mayHaveSideEffects()) return false;
      }
      if (I.getType()->isTokenTy()) return false;
      /* a private array kept in registers (promote_private_arrays.cpp):
       * indexed at run time, its copies would double the indexing and
       * the array's registers live across both iterations */
      if (isa<PHINode>(I) && I.getType()->isVectorTy()) return false;
      if (isa<InsertElementInst>(I) && !isa<ConstantInt>(I.getOperand(2))) return false;
      if (isa<ExtractElementInst>(I) && !isa<ConstantInt>(I.getOperand(1))) return false;
      if (long_latency_load(I)) loads++;
    }
  if (!loads || loads > kMaxLoads) return false;
  /* a strided work-sharing loop (j += lanes per row, i += work-group
   * size) runs a few times per lane: its remainder and trip count cost
   * more than the overlap saves */
  PHINode *iv = L->getInductionVariable(SE);
  InductionDescriptor d;
  if (iv && InductionDescriptor::isInductionPHI(iv, L, &SE, d))
    if (const ConstantInt *step = d.getConstIntStepValue(); step && !step->isOne() && !step->isMinusOne()) return false;
  /* a constant or small bound: opt -O2's unroller has decided */
  unsigned max = SE.getSmallConstantMaxTripCount(L);
  if (SE.getSmallConstantTripCount(L) || (max && max <= kMinTrips)) return false;
  return true;
}

// Whether I may move within its block across other instructions when its
// operands allow: no memory access, no side effects, not a phi or a
// terminator.
bool pure_movable(const Instruction *I) {
  return !isa<PHINode>(I) && !I->isTerminator() && !I->mayReadOrWriteMemory() && !I->mayHaveSideEffects() &&
         !isa<AllocaInst>(I);
}

bool simple_load(const Instruction *I) {
  const auto *L = dyn_cast<LoadInst>(I);
  return L && L->isSimple();
}

// Moves I up in its block to just after the latest of: its operands
// defined there (the pure instructions among them move up first: the
// address arithmetic goes with its load), `floor` when not null, and, for
// a load, the last instruction before it that may write memory.
void hoist_early(Instruction *I, Instruction *floor) {
  BasicBlock *B = I->getParent();
  Instruction *after = floor; /* I goes right after this; null: after the phis */
  for (Value *op : I->operands()) {
    auto *D = dyn_cast<Instruction>(op);
    if (!D || D->getParent() != B || isa<PHINode>(D)) continue;
    if (pure_movable(D)) hoist_early(D, nullptr);
    if (!after || after->comesBefore(D)) after = D;
  }
  if (isa<LoadInst>(I))
    for (Instruction *P = I->getPrevNode(); P && (!after || after->comesBefore(P)); P = P->getPrevNode())
      if (P->mayWriteToMemory() || P->mayHaveSideEffects()) {
        after = P;
        break;
      }
  Instruction *pos = after ? after->getNextNode() : &*B->getFirstInsertionPt();
  if (pos != I && pos->comesBefore(I)) I->moveBefore(pos);
}

// Whether L's address is computed in its block from values that change
// there (not a phi, an argument, a value from outside the block, nor a
// constant offset from one of those: those need no registers but the
// pointer's own).
bool computed_address(const LoadInst *L) {
  const Value *p = L->getPointerOperand();
  while (const auto *G = dyn_cast<GetElementPtrInst>(p)) {
    if (G->getParent() != L->getParent() || !G->hasAllConstantIndices()) break;
    p = G->getPointerOperand();
  }
  const auto *I = dyn_cast<Instruction>(p);
  return I && I->getParent() == L->getParent() && !isa<PHINode>(I);
}

// The loads of a block that no load of it feeds before them in program
// order, then the loads those feed, and so on, each as early as its
// operands and the stores before it allow, and in that order: the second
// iteration's row and index loads come next to the first's, and the loads
// at their addresses after them (wavecc's selection emits loads in IR
// order and sched_loads.c never moves one load above another).
void hoist_loads(Loop *L) {
  for (BasicBlock *B : L->blocks()) {
    DenseMap<Instruction *, unsigned> depth; /* loads feeding I (pure instructions in between) */
    SmallVector<Instruction *, 16> in_order;
    unsigned max_depth = 0;
    for (Instruction &I : *B) {
      unsigned d = 0;
      for (Value *op : I.operands())
        if (auto *D = dyn_cast<Instruction>(op); D && D->getParent() == B && depth.count(D))
          d = std::max(d, depth[D] + (simple_load(D) ? 1 : 0));
      depth[&I] = d;
      if (simple_load(&I)) in_order.push_back(&I), max_depth = std::max(max_depth, d);
    }
    /* feeds[I]: I's value reaches a later load's address in the block */
    DenseMap<Instruction *, bool> feeds;
    for (Instruction &I : llvm::reverse(*B)) {
      bool f = false;
      for (User *U : I.users())
        if (auto *UI = dyn_cast<Instruction>(U); UI && UI->getParent() == B && !isa<PHINode>(UI))
          f |= simple_load(UI) || feeds.lookup(UI);
      feeds[&I] = f;
    }
    /* A load that feeds no load (spmv_csr's val[j]) is needed only by the
     * arithmetic after the last wait: it goes with the deepest loads, after
     * them, instead of with the first ones, where its result would be live
     * over the address arithmetic of the loads in between. */
    SmallVector<std::pair<unsigned, Instruction *>, 16> loads;
    unsigned index = 0;
    for (Instruction *I : in_order) {
      unsigned d = depth[I];
      bool late = d < max_depth && !feeds.lookup(I);
      /* Of one level, the loads whose address needs arithmetic in the
       * block go first: that arithmetic's registers are free again before
       * the other loads' results arrive (gemm_naive's B[k*N+col] before
       * the A row pair at a pointer IV) */
      bool ready = !computed_address(cast<LoadInst>(I));
      loads.push_back({(late ? max_depth : d) * 8192 + (late || ready ? 4096 : 0) + index++, I});
    }
    llvm::sort(loads, [](const auto &a, const auto &b) { return a.first < b.first; });
    Instruction *prev = nullptr;
    for (auto &l : loads) {
      hoist_early(l.second, prev);
      prev = l.second;
    }
  }
}

// Folds a constant-offset GEP of a constant-offset GEP in the loop into
// one off the inner GEP's base: the unrolled body steps its pointers as
// p + C, then (p + C) + C, a chain of two 64-bit adds per pointer (a VGPR
// pair and a carry each) where p + 2C is one add and p + C folds into the
// second iteration's loads as an immediate offset.
void fold_offset_chains(Loop *L) {
  const DataLayout &DL = L->getHeader()->getModule()->getDataLayout();
  SmallVector<WeakTrackingVH, 8> dead;
  for (BasicBlock *B : L->blocks())
    for (Instruction &I : *B) {
      auto *G = dyn_cast<GetElementPtrInst>(&I);
      if (!G) continue;
      auto *P = dyn_cast<GetElementPtrInst>(G->getPointerOperand());
      if (!P || !L->contains(P) || P->getPointerOperandType() != G->getPointerOperandType()) continue;
      unsigned bits = DL.getIndexTypeSizeInBits(G->getType());
      APInt og(bits, 0), op(bits, 0);
      if (!G->accumulateConstantOffset(DL, og) || !P->accumulateConstantOffset(DL, op)) continue;
      IRBuilder<> IB(G);
      Value *base = P->getPointerOperand();
      Value *N = IB.CreatePtrAdd(base, IB.getInt(og + op), G->getName());
      N->takeName(G);
      G->replaceAllUsesWith(N);
      dead.push_back(G);
    }
  RecursivelyDeleteTriviallyDeadInstructions(dead);
}

// UnrollLoop with the run-time remainder after the unrolled loop (an
// epilogue), not before it. Why (issue 27, bench/real/spmv_jds.cl): LLVM
// puts the remainder first (a prologue) unless a header phi starts at an
// integer constant, and after loop strength reduction the phis are pointer
// IVs and a down-counter; the prologue runs when the trip count is odd, so
// where that count differs between lanes every IV is a phi at a divergent
// join: divergent for the whole loop, a VGPR pair per uniform pointer and
// vector loads for what was one scalar load per iteration (spmv_jds's
// jds_ptr[k]: gfx1030 13 VGPRs, llc-19 7). After the loop, the IVs start
// from the same values in every lane, uniform pointers stay in SGPRs, and
// only the one remainder iteration reads them as divergent loop-exit
// values. UnrollLoop takes the choice from LLVM's -unroll-runtime-epilog
// option alone, so it is set around the call and restored (under a lock:
// the ICD may build programs in several threads).
LoopUnrollResult unroll_with_epilogue(Loop *L, const UnrollLoopOptions &ULO, LoopInfo &LI, ScalarEvolution &SE,
                                      DominatorTree &DT, AssumptionCache &AC, const TargetTransformInfo &TTI,
                                      OptimizationRemarkEmitter &ORE, Loop **rem) {
  static std::mutex mu;
  std::lock_guard<std::mutex> lock(mu);
  auto &opts = cl::getRegisteredOptions();
  auto it = opts.find("unroll-runtime-epilog");
  cl::Option *o = it == opts.end() ? nullptr : it->second;
  bool set = o && !o->getNumOccurrences() && !o->addOccurrence(0, "unroll-runtime-epilog", "true");
  LoopUnrollResult r = UnrollLoop(L, ULO, &LI, &SE, &DT, &AC, &TTI, &ORE, true, rem);
  if (set) o->reset();
  return r;
}

}  // namespace

PreservedAnalyses WirUnrollLoadLoopsPass::run(Function &F, FunctionAnalysisManager &AM) {
  auto &LI = AM.getResult<LoopAnalysis>(F);
  auto &SE = AM.getResult<ScalarEvolutionAnalysis>(F);
  auto &DT = AM.getResult<DominatorTreeAnalysis>(F);
  auto &AC = AM.getResult<AssumptionAnalysis>(F);
  auto &TTI = AM.getResult<TargetIRAnalysis>(F);
  auto &ORE = AM.getResult<OptimizationRemarkEmitterAnalysis>(F);
  SmallVector<Loop *, 8> loops;
  for (Loop *L : LI.getLoopsInPreorder())
    if (L->isInnermost()) loops.push_back(L);
  bool changed = false;
  for (Loop *L : loops) {
    if (!worth_unrolling(L, SE)) continue; /* other loops stay as they are */
    changed |= simplifyLoop(L, &DT, &LI, &SE, &AC, nullptr, true);
    changed |= formLCSSARecursively(*L, DT, &LI, &SE);
    UnrollLoopOptions ULO;
    ULO.Count = 2;
    ULO.Force = false;
    ULO.Runtime = true;
    ULO.AllowExpensiveTripCount = false;
    ULO.UnrollRemainder = false;
    ULO.ForgetAllSCEV = false;
    Loop *rem = nullptr;
    if (unroll_with_epilogue(L, ULO, LI, SE, DT, AC, TTI, ORE, &rem) == LoopUnrollResult::Unmodified) continue;
    changed = true;
    fold_offset_chains(L);
    hoist_loads(L);
  }
  if (!changed) return PreservedAnalyses::all();
  return PreservedAnalyses::none();
}
