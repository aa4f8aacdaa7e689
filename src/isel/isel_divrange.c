/* Value ranges of integer IR values, for narrowing divisions.
 *
 * LLVM-C exposes no ValueTracking, so this is a small interval analysis
 * of our own (in the spirit of LLVM's ConstantRange): the range of an iN
 * value is an interval [lo, hi] of its *signed* interpretation, held in
 * 128 bits so the interval arithmetic itself never overflows. It walks
 * operand trees up to a fixed depth and knows constants, zext/sext/trunc,
 * add/sub/mul/shl (exact when the result interval fits in N bits, clamped
 * when the instruction is nsw: overflow would be poison, and poison
 * reaching a division is undefined behaviour), `or disjoint` as the add it
 * is (LangRef: a set bit in both operands makes it poison; instcombine
 * writes `(q << 7) + i` so), or/xor of non-negative operands (below the
 * next power of two of the larger bound), and with a non-negative
 * operand, lshr/ashr by constants, urem, udiv, select, and
 * llvm.amdgcn.workitem.id.* (below 1024). Phis and everything else get
 * the full range, so loops need no fixpoint.
 *
 * Division by zero is immediate undefined behaviour in LLVM IR, so while
 * analysing the operands of a division the divisor may be assumed
 * non-zero; it is substituted wherever that same SSA value occurs in the
 * dividend's tree (not through phis, which the walk never enters). This
 * is what proves `(l + n - 1) % n` in [0, 2^17) when l < 2^10 and n < 2^16.
 * isel_value_below (32-bit VGPR offsets of global accesses, isel_mem.c)
 * asks about one value without that assumption.
 */
#include <string.h>

#include "isel/isel_internal.h"

typedef __int128 i128;

typedef struct vrange {
  i128 lo, hi;
} vrange;

enum { RANGE_DEPTH = 8 };

static vrange full(unsigned w) { return (vrange){-((i128)1 << (w - 1)), ((i128)1 << (w - 1)) - 1}; }
static bool fits(vrange r, unsigned w) { vrange f = full(w); return r.lo >= f.lo && r.hi <= f.hi; }
static bool nonneg(vrange r) { return r.lo >= 0; }
static i128 min128(i128 a, i128 b) { return a < b ? a : b; }
static i128 max128(i128 a, i128 b) { return a > b ? a : b; }

/* The result of an arithmetic instruction whose exact interval is r. */
static vrange wrap(LLVMValueRef v, vrange r, unsigned w) {
  if (fits(r, w)) return r;
  if (LLVMGetNSW(v)) {
    vrange f = full(w);
    return (vrange){max128(r.lo, f.lo), min128(r.hi, f.hi)};
  }
  return full(w);
}

static vrange corners_mul(vrange a, vrange b) {
  i128 p[4] = {a.lo * b.lo, a.lo * b.hi, a.hi * b.lo, a.hi * b.hi};
  vrange r = {p[0], p[0]};
  for (int i = 1; i < 4; i++) r = (vrange){min128(r.lo, p[i]), max128(r.hi, p[i])};
  return r;
}

/* [0, 2^k - 1] with 2^k the smallest power of two above hi (hi >= 0):
 * bounds the or / xor of values in [0, hi]. */
static vrange below_pow2(i128 hi) {
  i128 m = 0;
  while (m < hi) m = m << 1 | 1;
  return (vrange){0, m};
}

static bool const_shift(LLVMValueRef s, unsigned w, unsigned *k) {
  if (!LLVMIsAConstantInt(s)) return false;
  unsigned long long v = LLVMConstIntGetZExtValue(s);
  if (v >= w) return false;
  *k = (unsigned)v;
  return true;
}

static vrange range_of(LLVMValueRef v, LLVMValueRef nz, int depth);

static vrange call_range(LLVMValueRef v, unsigned w) {
  LLVMValueRef fn = LLVMGetCalledValue(v);
  size_t len = 0;
  const char *name = fn && LLVMIsAFunction(fn) ? LLVMGetValueName2(fn, &len) : "";
  if (strncmp(name, "llvm.amdgcn.workitem.id.", 24) == 0 && w > 10) return (vrange){0, 1023};
  return full(w);
}

static vrange inst_range(LLVMValueRef v, LLVMValueRef nz, int depth, unsigned w) {
  LLVMOpcode op = LLVMGetInstructionOpcode(v);
  if (op == LLVMCall) return call_range(v, w);
  if (op == LLVMPHI || LLVMGetNumOperands(v) < 1) return full(w);
  LLVMValueRef A = LLVMGetOperand(v, 0);
  if (op == LLVMZExt || op == LLVMSExt || op == LLVMTrunc) {
    LLVMTypeRef st = LLVMTypeOf(A);
    if (LLVMGetTypeKind(st) != LLVMIntegerTypeKind) return full(w);
    unsigned sw = LLVMGetIntTypeWidth(st);
    vrange a = range_of(A, nz, depth + 1);
    if (op == LLVMSExt) return a;
    if (op == LLVMTrunc) return fits(a, w) ? a : full(w);
    return nonneg(a) ? a : (vrange){0, ((i128)1 << sw) - 1};
  }
  if (op == LLVMSelect) {
    vrange a = range_of(LLVMGetOperand(v, 1), nz, depth + 1), b = range_of(LLVMGetOperand(v, 2), nz, depth + 1);
    return (vrange){min128(a.lo, b.lo), max128(a.hi, b.hi)};
  }
  if (LLVMGetNumOperands(v) != 2) return full(w);
  LLVMValueRef B = LLVMGetOperand(v, 1);
  vrange a = range_of(A, nz, depth + 1), b = range_of(B, nz, depth + 1);
  unsigned k;
  switch (op) {
  case LLVMAdd: return wrap(v, (vrange){a.lo + b.lo, a.hi + b.hi}, w);
  case LLVMSub: return wrap(v, (vrange){a.lo - b.hi, a.hi - b.lo}, w);
  case LLVMMul:
    if (fits(a, 64) && fits(b, 64)) return wrap(v, corners_mul(a, b), w);
    return full(w);
  case LLVMShl:
    if (!const_shift(B, w, &k) || k > 62) return full(w);
    return wrap(v, corners_mul(a, (vrange){(i128)1 << k, (i128)1 << k}), w);
  case LLVMLShr:
    if (!const_shift(B, w, &k)) return full(w);
    if (nonneg(a)) return (vrange){a.lo >> k, a.hi >> k};
    return k ? (vrange){0, (((i128)1 << w) - 1) >> k} : full(w);
  case LLVMAShr:
    if (!const_shift(B, w, &k)) return full(w);
    return (vrange){a.lo >> k, a.hi >> k};
  case LLVMAnd:
    if (nonneg(a) && nonneg(b)) return (vrange){0, min128(a.hi, b.hi)};
    if (nonneg(a) || nonneg(b)) return (vrange){0, nonneg(a) ? a.hi : b.hi};
    return full(w);
  case LLVMOr:
  case LLVMXor: {
    if (!nonneg(a) || !nonneg(b)) return full(w);
    vrange r = below_pow2(max128(a.hi, b.hi));
    if (op == LLVMOr) r.lo = max128(a.lo, b.lo); /* or never clears a bit */
    if (op == LLVMOr && LLVMGetIsDisjoint(v)) r = (vrange){a.lo + b.lo, min128(a.hi + b.hi, r.hi)};
    return r;
  }
  case LLVMURem:
    if (nonneg(b) && b.hi >= 1) return (vrange){0, nonneg(a) ? min128(a.hi, b.hi - 1) : b.hi - 1};
    return nonneg(a) ? (vrange){0, a.hi} : full(w);
  case LLVMUDiv:
    return nonneg(a) ? (vrange){0, a.hi} : full(w);
  default:
    return full(w);
  }
}

static vrange range_of(LLVMValueRef v, LLVMValueRef nz, int depth) {
  LLVMTypeRef t = LLVMTypeOf(v);
  if (LLVMGetTypeKind(t) != LLVMIntegerTypeKind) return full(64);
  unsigned w = LLVMGetIntTypeWidth(t);
  if (w > 64 || w == 0) return full(64);
  vrange r;
  if (LLVMIsAConstantInt(v)) {
    long long s = LLVMConstIntGetSExtValue(v);
    r = (vrange){s, s};
  } else if (depth < RANGE_DEPTH && LLVMIsAInstruction(v)) {
    r = inst_range(v, nz, depth, w);
  } else {
    r = full(w);
  }
  if (v == nz) {
    /* the divisor of the division being narrowed: not zero */
    if (r.lo == 0 && r.hi > 0) r.lo = 1;
    if (r.hi == 0 && r.lo < 0) r.hi = -1;
  }
  return r;
}

bool isel_div_operands_below(LLVMValueRef ins, unsigned bits) {
  LLVMValueRef A = LLVMGetOperand(ins, 0), B = LLVMGetOperand(ins, 1);
  if (LLVMGetTypeKind(LLVMTypeOf(ins)) != LLVMIntegerTypeKind) return false;
  vrange a = range_of(A, B, 0), b = range_of(B, B, 0);
  i128 lim = (i128)1 << bits;
  return nonneg(a) && nonneg(b) && a.hi < lim && b.hi < lim;
}

bool isel_div_operands_within(LLVMValueRef ins, unsigned bits) {
  LLVMValueRef A = LLVMGetOperand(ins, 0), B = LLVMGetOperand(ins, 1);
  if (LLVMGetTypeKind(LLVMTypeOf(ins)) != LLVMIntegerTypeKind) return false;
  vrange a = range_of(A, B, 0), b = range_of(B, B, 0);
  i128 lim = (i128)1 << bits;
  return a.lo > -lim && a.hi < lim && b.lo > -lim && b.hi < lim;
}

bool isel_value_below(LLVMValueRef v, uint64_t bound) {
  if (LLVMGetTypeKind(LLVMTypeOf(v)) != LLVMIntegerTypeKind) return false;
  vrange r = range_of(v, NULL, 0);
  return nonneg(r) && r.hi < (i128)bound;
}
