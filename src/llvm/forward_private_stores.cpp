// forward-private-stores: a load from a private array reads the value last
// stored to the same bytes, without going to scratch.
//
// Why (issue 27): clang -O2 fully unrolls a loop such as SHA-256's message
// schedule (w[i] = f(w[i-2], w[i-7], w[i-15], w[i-16]) for i < 64) after
// its last GVN, so the IR stores each w[i] to the private array and loads
// it back a few statements later. The array stays in scratch (a later loop
// indexes it at run time, and at 256 bytes it is too large for
// promote-private-arrays). llc-19 forwards most such stores to their loads
// in its SelectionDAG (DAGCombiner); wavecc selected every load: on
// tests/kernels/app_sha256.cl at gfx1100 that was 1.52x llc-19's executed
// VMEM instructions and 1.92x its occupancy-model cycles, each load
// waiting for a scratch round trip.
//
// Which arrays: allocas whose address never escapes: every use, followed
// through getelementptrs, is the address of a simple or volatile load or
// store (not the stored value), a lifetime marker or a memset/memcpy/
// memmove argument. No other instruction can then read or write the array,
// so only its own stores need to be tracked.
//
// How: blocks in reverse post-order; each block starts from the facts at
// the end of its predecessor when it has exactly one (that predecessor
// dominates it, so the forwarded value dominates the load), else from
// none. A fact says "bytes [O, O+S) of array A hold value V". A store at a
// constant offset removes the facts overlapping its bytes and adds its own;
// a store at a run-time offset, a memory intrinsic or a lifetime marker on
// A removes all of A's facts. A simple load at a constant offset with a
// fact at the same offset and of the load's type becomes that value; a
// load of i32/float elements whose every element lies in some fact of the
// same element type becomes those elements put together (assemble);
// otherwise the load itself becomes a fact (a later equal load reuses it).
// Volatile and atomic accesses are never forwarded to or from.
#include <algorithm>
#include <vector>

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/PostOrderIterator.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/IR/CFG.h"
#include "llvm/IR/DataLayout.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"

#include "llvm/forward_private_stores.h"

using namespace llvm;

namespace {

struct Fact {
  AllocaInst *array;
  int64_t offset, size;
  Value *value;
};

using Facts = std::vector<Fact>;

/* Records in `derived` every pointer computed from A (through
 * getelementptrs); false when some use lets the address escape or reaches
 * memory in a way the pass does not track. */
bool collect_derived(AllocaInst *A, DenseMap<Value *, AllocaInst *> &derived) {
  SmallVector<Value *, 16> work{A};
  derived[A] = A;
  while (!work.empty()) {
    Value *p = work.pop_back_val();
    for (Use &u : p->uses()) {
      auto *user = cast<Instruction>(u.getUser());
      if (auto *gep = dyn_cast<GetElementPtrInst>(user)) {
        if (u.getOperandNo() != 0) return false; /* index use: cannot happen for a pointer */
        if (!derived.count(gep)) {
          derived[gep] = A;
          work.push_back(gep);
        }
      } else if (isa<LoadInst>(user)) {
        /* the only pointer operand is the address */
      } else if (auto *st = dyn_cast<StoreInst>(user)) {
        if (st->getValueOperand() == p) return false; /* the address itself is stored */
      } else if (auto *ii = dyn_cast<IntrinsicInst>(user)) {
        switch (ii->getIntrinsicID()) {
        case Intrinsic::lifetime_start:
        case Intrinsic::lifetime_end:
        case Intrinsic::memset:
        case Intrinsic::memcpy:
        case Intrinsic::memcpy_inline:
        case Intrinsic::memmove:
          break;
        default:
          return false;
        }
      } else {
        return false;
      }
    }
  }
  return true;
}

void drop_array(Facts &facts, AllocaInst *A) {
  facts.erase(std::remove_if(facts.begin(), facts.end(), [A](const Fact &f) { return f.array == A; }), facts.end());
}

void drop_overlap(Facts &facts, AllocaInst *A, int64_t off, int64_t size) {
  facts.erase(std::remove_if(facts.begin(), facts.end(),
                             [&](const Fact &f) { return f.array == A && f.offset < off + size && off < f.offset + f.size; }),
              facts.end());
}

/* Load `ld` of array A at byte `off` assembled from the values of
 * several facts, each giving some of its 4-byte elements: the load's
 * element type (i32 or float, the load itself or its vector's element)
 * must be the element type of every piece, each element of the load at a
 * 4-byte multiple inside one fact. Builds extractelement/insertelement
 * before the load; nullptr when some element has no such fact. (clang -O2
 * with gfx942's SLP vectorisation stores SHA-256's message schedule as
 * <2 x i32> pairs and loads pairs straddling two stores.) */
Value *assemble(const Facts &facts, AllocaInst *A, int64_t off, LoadInst *ld) {
  Type *t = ld->getType();
  auto *vt = dyn_cast<FixedVectorType>(t);
  Type *et = vt ? vt->getElementType() : t;
  if (!et->isIntegerTy(32) && !et->isFloatTy()) return nullptr;
  unsigned n = vt ? vt->getNumElements() : 1;
  SmallVector<std::pair<const Fact *, unsigned>, 16> pieces;
  for (unsigned k = 0; k < n; k++) {
    int64_t at = off + 4 * (int64_t)k;
    const Fact *hit = nullptr;
    for (const Fact &f : facts) /* the latest fact holding the byte: facts overlap only when loads are recorded */
      if (f.array == A && f.offset <= at && at + 4 <= f.offset + f.size) hit = &f;
    if (!hit || (at - hit->offset) % 4) return nullptr;
    Type *ft = hit->value->getType();
    auto *fvt = dyn_cast<FixedVectorType>(ft);
    if ((fvt ? fvt->getElementType() : ft) != et) return nullptr;
    pieces.push_back({hit, (unsigned)((at - hit->offset) / 4)});
  }
  IRBuilder<> b(ld);
  auto elem = [&](const std::pair<const Fact *, unsigned> &p) -> Value * {
    Value *v = p.first->value;
    return v->getType()->isVectorTy() ? b.CreateExtractElement(v, b.getInt32(p.second)) : v;
  };
  Value *r = vt ? PoisonValue::get(vt) : elem(pieces[0]);
  for (unsigned k = 0; vt && k < n; k++) r = b.CreateInsertElement(r, elem(pieces[k]), b.getInt32(k));
  if (isa<Instruction>(r) && !isa<Argument>(r) && r != pieces[0].first->value) r->takeName(ld);
  return r;
}

} // namespace

PreservedAnalyses WirForwardPrivateStoresPass::run(Function &F, FunctionAnalysisManager &) {
  if (F.isDeclaration()) return PreservedAnalyses::all();
  const DataLayout &DL = F.getParent()->getDataLayout();
  DenseMap<Value *, AllocaInst *> derived;
  for (Instruction &I : F.getEntryBlock()) {
    auto *A = dyn_cast<AllocaInst>(&I);
    if (!A) continue;
    DenseMap<Value *, AllocaInst *> mine;
    if (collect_derived(A, mine))
      for (auto &kv : mine) derived[kv.first] = A;
  }
  /* allocas outside the entry block: the same test */
  for (BasicBlock &B : F) {
    if (&B == &F.getEntryBlock()) continue;
    for (Instruction &I : B)
      if (auto *A = dyn_cast<AllocaInst>(&I)) {
        DenseMap<Value *, AllocaInst *> mine;
        if (collect_derived(A, mine))
          for (auto &kv : mine) derived[kv.first] = A;
      }
  }
  if (derived.empty()) return PreservedAnalyses::all();

  /* the array and constant offset an address denotes (offset valid only
   * when *known) */
  auto locate = [&](Value *ptr, int64_t &off, bool &known) -> AllocaInst * {
    auto it = derived.find(ptr);
    if (it == derived.end()) return nullptr;
    APInt o(DL.getIndexTypeSizeInBits(ptr->getType()), 0);
    Value *base = ptr->stripAndAccumulateConstantOffsets(DL, o, /*AllowNonInbounds=*/true);
    known = base == it->second && o.getSignificantBits() <= 62;
    off = known ? o.getSExtValue() : 0;
    return it->second;
  };

  bool changed = false;
  DenseMap<BasicBlock *, Facts> at_end;
  ReversePostOrderTraversal<Function *> rpo(&F);
  for (BasicBlock *B : rpo) {
    Facts facts;
    if (BasicBlock *pred = B->getSinglePredecessor()) {
      auto it = at_end.find(pred);
      if (pred != B && it != at_end.end()) facts = it->second;
    }
    for (Instruction &I : make_early_inc_range(*B)) {
      int64_t off;
      bool known;
      if (auto *ld = dyn_cast<LoadInst>(&I)) {
        AllocaInst *A = locate(ld->getPointerOperand(), off, known);
        if (!A || !known || !ld->isSimple()) continue;
        Value *v = nullptr;
        for (const Fact &f : facts)
          if (f.array == A && f.offset == off && f.value->getType() == ld->getType()) v = f.value;
        if (!v) v = assemble(facts, A, off, ld);
        if (v) {
          ld->replaceAllUsesWith(v);
          ld->eraseFromParent();
          changed = true;
        } else {
          facts.push_back({A, off, (int64_t)DL.getTypeStoreSize(ld->getType()).getFixedValue(), ld});
        }
      } else if (auto *st = dyn_cast<StoreInst>(&I)) {
        AllocaInst *A = locate(st->getPointerOperand(), off, known);
        if (!A) continue;
        if (!known) {
          drop_array(facts, A);
          continue;
        }
        int64_t size = (int64_t)DL.getTypeStoreSize(st->getValueOperand()->getType()).getFixedValue();
        drop_overlap(facts, A, off, size);
        if (st->isSimple()) facts.push_back({A, off, size, st->getValueOperand()});
      } else if (auto *call = dyn_cast<CallBase>(&I)) {
        for (Value *arg : call->args())
          if (arg->getType()->isPointerTy())
            if (AllocaInst *A = locate(arg, off, known)) drop_array(facts, A);
      }
    }
    at_end[B] = std::move(facts);
  }
  if (!changed) return PreservedAnalyses::all();
  PreservedAnalyses pa;
  pa.preserveSet<CFGAnalyses>();
  return pa;
}
