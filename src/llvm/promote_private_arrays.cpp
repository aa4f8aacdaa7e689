// promote-private-arrays: small private arrays indexed at run time become
// vector values in registers.
//
// Why (issue 27): SROA (import.c) promotes a private array only when every
// access has a constant index. An array indexed by a run-time value stays
// in scratch: a buffer_load/store per access and a wait after each, where
// llc-19's AMDGPUPromoteAlloca (run after AtomicExpand, `llc-19
// -debug-pass=Structure`) holds it in VGPRs and selects a variable
// extractelement / insertelement (v_movrel / s_set_gpr_idx with a uniform
// index, a compare-and-select chain with a divergent one). On the corpus'
// f_private_atomic_late_alloca.ll that is ~1131 cycles against llc-19's
// ~130: private atomics, lowered to load-op-store, kept the array in memory.
//
// Which arrays (LLVM 19's limits, measured with llc-19 -mcpu=gfx900):
// an alloca in address space 5 of [N x T], <N x T> or arrays of those, with
// T an 8/16/32/64-bit integer, half, float, double or a pointer, 2 <= N <= 16
// elements in all and at most 64 bytes (16 VGPRs); its uses, followed
// through getelementptrs whose offset is a whole number of elements, are
// simple loads and stores of T (or a type of T's size that bitcasts to it),
// not storing the pointer itself, atomicrmw and cmpxchg on it (a lane's own
// private memory: the atomic is its load, operation and store, LLVM's
// LowerAtomic; AMDGPU's AtomicExpand does the same for private memory),
// lifetime markers and a memset of the whole array to zero. The function's
// arrays, the most used first (one point per access, four more per loop
// level), share a quarter of the VGPRs a wave may address.
//
// An alloca outside the entry block is a fresh object each time its block
// runs; one in no cycle runs at most once, so it is promoted as if it were
// in the entry block (llc-19 promotes entry-block allocas only). One in a
// cycle stays in memory.
//
// How: each access becomes a load of the whole vector from a new <N x T>
// alloca plus extractelement, or that load, insertelement and a store of
// the vector back; PromoteMemToReg then puts the vector into SSA values
// (undefined before the first store, as the private memory was).
#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <string>

#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Analysis/AssumptionCache.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Operator.h"
#include "llvm/Transforms/Utils/LowerAtomic.h"
#include "llvm/Transforms/Utils/PromoteMemToReg.h"

#include "llvm/promote_private_arrays.h"

extern "C" {
#include "target/target.h"
}

using namespace llvm;

namespace {

const unsigned PRIVATE_AS = 5;
const unsigned MAX_ELEMENTS = 16, MAX_BYTES = 64;

// A pointer into the array: element offset c + sum of var * mult.
struct Offset {
  int64_t c = 0;
  SmallVector<std::pair<Value *, int64_t>, 2> vars;
};

struct Candidate {
  AllocaInst *A;
  Type *elem;       // T
  unsigned n;       // elements
  unsigned score;   // accesses, weighted by loop depth
  unsigned pos;     // order found (the tie-break of the sort below)
  SmallVector<Instruction *, 8> ptrs;          // the alloca and its getelementptrs, parents first
  SmallVector<Offset, 8> offs;                 // ptrs[i]'s offset
  SmallVector<Instruction *, 8> accesses;      // loads, stores, atomics, memsets
  SmallVector<Instruction *, 2> markers;       // lifetime intrinsics
};

// T and N of an array type of scalars, or false.
bool array_shape(Type *ty, const DataLayout &DL, Type **elem, unsigned *n) {
  uint64_t count = 1;
  for (;;) {
    if (auto *at = dyn_cast<ArrayType>(ty)) count *= at->getNumElements(), ty = at->getElementType();
    else if (auto *vt = dyn_cast<FixedVectorType>(ty)) {
      /* <3 x T> is padded to 4 elements in memory */
      if (DL.getTypeAllocSize(vt) != vt->getNumElements() * DL.getTypeAllocSize(vt->getElementType())) return false;
      count *= vt->getNumElements(), ty = vt->getElementType();
    } else break;
    if (count > MAX_ELEMENTS) return false;
  }
  bool scalar = ty->isIntegerTy(8) || ty->isIntegerTy(16) || ty->isIntegerTy(32) || ty->isIntegerTy(64) ||
                ty->isHalfTy() || ty->isFloatTy() || ty->isDoubleTy() || ty->isPointerTy();
  if (!scalar || DL.getTypeSizeInBits(ty) != DL.getTypeAllocSizeInBits(ty)) return false;
  *elem = ty;
  *n = (unsigned)count;
  return count >= 2 && count * DL.getTypeAllocSize(ty) <= MAX_BYTES;
}

// A loaded or stored type that is T's bits.
bool compatible(Type *t, Type *elem, const DataLayout &DL) {
  if (t == elem) return true;
  if (t->isAggregateType() || !t->isSized() || DL.getTypeSizeInBits(t) != DL.getTypeSizeInBits(elem)) return false;
  return CastInst::isBitOrNoopPointerCastable(t, elem, DL);
}

// Is block B on a cycle of the CFG?
bool in_cycle(BasicBlock *B) {
  SmallVector<BasicBlock *, 16> work(succ_begin(B), succ_end(B));
  SmallPtrSet<BasicBlock *, 16> seen;
  while (!work.empty()) {
    BasicBlock *x = work.pop_back_val();
    if (x == B) return true;
    if (seen.insert(x).second) work.append(succ_begin(x), succ_end(x));
  }
  return false;
}

// Checks every use of C.A; fills C's pointers, accesses and markers.
bool collect(Candidate &C, const DataLayout &DL, LoopInfo &LI) {
  unsigned esize = (unsigned)DL.getTypeAllocSize(C.elem);
  C.ptrs.push_back(C.A);
  C.offs.emplace_back();
  C.score = 0;
  for (size_t i = 0; i < C.ptrs.size(); i++) {
    Instruction *P = C.ptrs[i];
    for (Use &U : P->uses()) {
      auto *I = dyn_cast<Instruction>(U.getUser());
      if (!I) return false;
      if (auto *G = dyn_cast<GetElementPtrInst>(I)) {
        if (G->getPointerOperand() != P || G->getType()->isVectorTy()) return false;
        unsigned bits = DL.getIndexTypeSizeInBits(G->getType());
        MapVector<Value *, APInt> vars;
        APInt c(bits, 0);
        if (!cast<GEPOperator>(G)->collectOffset(DL, bits, vars, c)) return false;
        Offset o = C.offs[i];
        if (c.srem(esize) != 0) return false;
        o.c += c.getSExtValue() / esize;
        for (auto &[v, m] : vars) {
          if (m.srem(esize) != 0) return false;
          o.vars.push_back({v, m.getSExtValue() / esize});
        }
        C.ptrs.push_back(G);
        C.offs.push_back(o);
        continue;
      }
      unsigned depth = LI.getLoopDepth(I->getParent());
      if (auto *L = dyn_cast<LoadInst>(I)) {
        if (!L->isSimple() || !compatible(L->getType(), C.elem, DL)) return false;
      } else if (auto *S = dyn_cast<StoreInst>(I)) {
        if (U.getOperandNo() != 1 || !S->isSimple() || !compatible(S->getValueOperand()->getType(), C.elem, DL))
          return false;
      } else if (auto *R = dyn_cast<AtomicRMWInst>(I)) {
        if (U.getOperandNo() != 0 || R->isVolatile() || !compatible(R->getType(), C.elem, DL)) return false;
      } else if (auto *X = dyn_cast<AtomicCmpXchgInst>(I)) {
        if (U.getOperandNo() != 0 || X->isVolatile() || !compatible(X->getCompareOperand()->getType(), C.elem, DL))
          return false;
        for (User *R : X->users()) /* the { T, i1 } pair is not a value wavecc selects */
          if (!isa<ExtractValueInst>(R)) return false;
      } else if (auto *M = dyn_cast<MemSetInst>(I)) {
        auto *len = dyn_cast<ConstantInt>(M->getLength());
        auto *val = dyn_cast<ConstantInt>(M->getValue());
        if (P != C.A || M->getDest() != P || M->isVolatile() || !len || !val || !val->isZero() ||
            len->getZExtValue() != (uint64_t)C.n * esize)
          return false;
      } else if (I->isLifetimeStartOrEnd()) {
        C.markers.push_back(I);
        continue;
      } else {
        return false; /* escapes, or an access this pass does not rewrite */
      }
      C.accesses.push_back(I);
      C.score += 1 + 4 * depth;
    }
  }
  return true;
}

// The element index of C.ptrs[i], built right after it (after the
// allocas when it is the alloca: index 0).
Value *materialise(Candidate &C, size_t i, SmallVectorImpl<Value *> &idx) {
  IRBuilder<> B(C.ptrs[i]->getNextNode());
  Type *i32 = B.getInt32Ty();
  if (i == 0) return ConstantInt::get(i32, 0);
  auto *G = cast<GetElementPtrInst>(C.ptrs[i]);
  size_t parent = std::find(C.ptrs.begin(), C.ptrs.end(), cast<Instruction>(G->getPointerOperand())) - C.ptrs.begin();
  const Offset &po = C.offs[parent], &o = C.offs[i];
  /* this GEP's own part: o minus its parent's, which idx[parent] holds */
  Value *v = idx[parent];
  if (o.c != po.c) v = B.CreateAdd(v, ConstantInt::get(i32, (uint64_t)(o.c - po.c)));
  for (size_t k = po.vars.size(); k < o.vars.size(); k++) {
    Value *x = B.CreateSExtOrTrunc(o.vars[k].first, i32);
    if (o.vars[k].second != 1) x = B.CreateMul(x, ConstantInt::get(i32, (uint64_t)o.vars[k].second));
    v = isa<ConstantInt>(v) && cast<ConstantInt>(v)->isZero() ? x : B.CreateAdd(v, x);
  }
  return v;
}

// A cmpxchg whose users take its members apart, as a load, compare,
// select and store (LowerAtomic's lowerAtomicCmpXchgInst without the
// { T, i1 } pair).
void lower_cmpxchg(AtomicCmpXchgInst *X) {
  IRBuilder<> B(X);
  Value *ptr = X->getPointerOperand();
  LoadInst *old = B.CreateAlignedLoad(X->getCompareOperand()->getType(), ptr, X->getAlign());
  Value *eq = B.CreateICmpEQ(old, X->getCompareOperand());
  B.CreateAlignedStore(B.CreateSelect(eq, X->getNewValOperand(), old), ptr, X->getAlign());
  for (User *U : make_early_inc_range(X->users())) {
    auto *E = cast<ExtractValueInst>(U);
    E->replaceAllUsesWith(E->getIndices()[0] == 0 ? (Value *)old : eq);
    E->eraseFromParent();
  }
  X->eraseFromParent();
}

// Rewrites C's accesses on a new <N x T> alloca and promotes it.
void promote(Candidate &C, Function &F, DominatorTree &DT, AssumptionCache &AC) {
  /* atomics first, as their load, operation and store; then the loads,
   * stores and memsets of every pointer into the array */
  for (Instruction *I : C.accesses) {
    if (auto *R = dyn_cast<AtomicRMWInst>(I)) lowerAtomicRMWInst(R);
    else if (auto *X = dyn_cast<AtomicCmpXchgInst>(I)) lower_cmpxchg(X);
  }
  C.accesses.clear();
  for (Instruction *P : C.ptrs)
    for (User *U : P->users())
      if (isa<LoadInst>(U) || isa<StoreInst>(U) || isa<MemSetInst>(U)) C.accesses.push_back(cast<Instruction>(U));
  auto *vt = FixedVectorType::get(C.elem, C.n);
  IRBuilder<> EB(&*F.getEntryBlock().getFirstInsertionPt());
  AllocaInst *V = EB.CreateAlloca(vt, PRIVATE_AS, nullptr, C.A->getName() + ".vec");
  SmallVector<Value *, 8> idx;
  for (size_t i = 0; i < C.ptrs.size(); i++) idx.push_back(materialise(C, i, idx));
  for (Instruction *I : C.accesses) {
    IRBuilder<> B(I);
    if (auto *M = dyn_cast<MemSetInst>(I)) {
      B.CreateStore(Constant::getNullValue(vt), V);
      M->eraseFromParent();
      continue;
    }
    Value *ptr = getLoadStorePointerOperand(I);
    Value *at = idx[std::find(C.ptrs.begin(), C.ptrs.end(), cast<Instruction>(ptr)) - C.ptrs.begin()];
    Value *whole = B.CreateLoad(vt, V);
    if (auto *L = dyn_cast<LoadInst>(I)) {
      Value *e = B.CreateBitOrPointerCast(B.CreateExtractElement(whole, at), L->getType());
      e->takeName(L);
      L->replaceAllUsesWith(e);
    } else {
      Value *s = B.CreateBitOrPointerCast(cast<StoreInst>(I)->getValueOperand(), C.elem);
      B.CreateStore(B.CreateInsertElement(whole, s, at), V);
    }
    I->eraseFromParent();
  }
  for (Instruction *M : C.markers) M->eraseFromParent();
  for (size_t i = C.ptrs.size(); i-- > 1;) {
    assert(C.ptrs[i]->use_empty());
    C.ptrs[i]->eraseFromParent();
  }
  assert(C.A->use_empty());
  C.A->eraseFromParent();
  PromoteMemToReg({V}, DT, &AC);
}

// The VGPRs a wave of F may address, as llc-19 counts them for this pass
// (getMaxNumVGPRs at the least waves per SIMD that "amdgpu-waves-per-eu"
// or an explicit "amdgpu-flat-work-group-size" ask for). No target: 256.
unsigned budget_vgprs(const Function &F, const wavecc_target *t) {
  if (!t) return 256;
  auto number = [&](const char *name, bool second) -> unsigned {
    Attribute a = F.getFnAttribute(name);
    if (!a.isStringAttribute()) return 0;
    std::string s = a.getValueAsString().str();
    const char *p = s.c_str();
    if (second && !(p = strchr(p, ','))) return 0;
    return (unsigned)strtoul(second ? p + 1 : p, nullptr, 10);
  };
  unsigned waves = 1;
  if (unsigned w = number("amdgpu-waves-per-eu", false)) waves = std::max(waves, w);
  /* a work-group's waves must fit the CU's SIMDs at once */
  if (unsigned fl = number("amdgpu-flat-work-group-size", true)) {
    unsigned wg = (fl + t->wave_size - 1) / t->wave_size;
    waves = std::max(waves, (wg + t->simds_per_cu - 1) / t->simds_per_cu);
  }
  waves = std::min(waves, t->max_waves_per_simd);
  return wavecc_max_vgprs_for_waves(t, waves);
}

}  // namespace

PreservedAnalyses WirPromotePrivateArraysPass::run(Function &F, FunctionAnalysisManager &AM) {
  const DataLayout &DL = F.getParent()->getDataLayout();
  SmallVector<AllocaInst *, 8> allocas;
  for (BasicBlock &B : F)
    for (Instruction &I : B)
      if (auto *A = dyn_cast<AllocaInst>(&I); A && A->getAddressSpace() == PRIVATE_AS && !A->isArrayAllocation())
        allocas.push_back(A);
  if (allocas.empty()) return PreservedAnalyses::all();
  LoopInfo &LI = AM.getResult<LoopAnalysis>(F);
  std::vector<Candidate> cands;
  for (AllocaInst *A : allocas) {
    Candidate C;
    C.A = A;
    if (!array_shape(A->getAllocatedType(), DL, &C.elem, &C.n)) continue;
    if (DL.getTypeAllocSize(A->getAllocatedType()) != (uint64_t)C.n * DL.getTypeAllocSize(C.elem)) continue;
    if (A->getParent() != &F.getEntryBlock() && in_cycle(A->getParent())) continue;
    C.pos = cands.size();
    if (collect(C, DL, LI)) cands.push_back(std::move(C));
  }
  if (cands.empty()) return PreservedAnalyses::all();
  // Highest score first, ties in the order found. std::sort with the
  // position as tie-break: clang-19's libstdc++ headers deprecate the
  // temporary buffer std::stable_sort uses (-Werror in the fuzz build).
  std::sort(cands.begin(), cands.end(), [](const Candidate &a, const Candidate &b) {
    return a.score != b.score ? a.score > b.score : a.pos < b.pos;
  });
  unsigned vgprs = budget_vgprs(F, target);
  bool kernel = F.getCallingConv() == CallingConv::AMDGPU_KERNEL;
  if (!kernel && !F.hasFnAttribute(Attribute::AlwaysInline)) vgprs = std::min(vgprs, 32u);
  uint64_t budget = (uint64_t)vgprs * 32 / 4;
  DominatorTree &DT = AM.getResult<DominatorTreeAnalysis>(F);
  AssumptionCache &AC = AM.getResult<AssumptionAnalysis>(F);
  bool changed = false;
  for (Candidate &C : cands) {
    uint64_t bits = (uint64_t)C.n * DL.getTypeAllocSizeInBits(C.elem);
    if (bits > budget) continue;
    budget -= bits;
    promote(C, F, DT, AC);
    changed = true;
  }
  if (!changed) return PreservedAnalyses::all();
  PreservedAnalyses pa;
  pa.preserveSet<CFGAnalyses>();
  return pa;
}
