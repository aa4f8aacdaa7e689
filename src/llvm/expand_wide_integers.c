/* IR pass: integers of 65..128 bits (i65, i96, i128) split into two i64
 * halves.
 *
 * Selection works on integers of at most 64 bits. LLVM's own AMDGPU tests
 * (issue 26) load, store, add, multiply, shift, compare and count bits of
 * i128, i96 and i65 values; LLVM's type legaliser expands them into
 * register-sized halves ("Legalizing Types", LLVM's code generator
 * documentation: ExpandIntegerResult). This pass does the same on the IR,
 * so selection never sees them: each iW value becomes (lo, hi), two i64,
 * hi holding bits 64..W-1 zero-extended (bits past W are zero, as in
 * widen_odd_integers.c):
 *   load/store         the store size (LangRef "load") in pieces of 8,
 *                      4, 2 and 1 bytes, hi masked to W - 64 bits
 *   add/sub            carry or borrow from an unsigned compare of lo
 *   mul                lo * lo (low and high halves from 32-bit partial
 *                      products) plus the two cross products in hi
 *   and/or/xor, select, phi, freeze   per half
 *   shl/lshr/ashr      by the amount's low half: below 64 the halves
 *                      exchange bits, from 64 one half moves into the other
 *                      (ashr on hi sign-extended from bit W - 1)
 *   icmp               hi decides unless equal, then lo (unsigned)
 *   zext/sext/trunc, ctpop, smin/smax/umin/umax (compare and select),
 *                      bitcast from/to vectors of W/32 dwords
 *   kernel arguments   loaded from the kernel argument segment at the
 *                      offset selection gives them (isel_abi.c: in order,
 *                      each at its ABI alignment)
 * A function with any other use of such a value (division, a call, a
 * volatile or atomic access, an argument of a non-kernel function, a
 * byref argument before a wide one, wider integers) is left unchanged:
 * selection then reports the instruction it cannot select. */
#include "llvm/expand_wide_integers.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include <llvm-c/Target.h>

#include "llvm/ptrmap.h"

static bool is_wide(LLVMTypeRef t) {
  if (LLVMGetTypeKind(t) != LLVMIntegerTypeKind) return false;
  unsigned w = LLVMGetIntTypeWidth(t);
  return w > 64 && w <= 128;
}

static bool is_wider(LLVMTypeRef t) {
  return LLVMGetTypeKind(t) == LLVMIntegerTypeKind && LLVMGetIntTypeWidth(t) > 128;
}

static unsigned width(LLVMValueRef v) { return LLVMGetIntTypeWidth(LLVMTypeOf(v)); }

static bool is_ctpop(LLVMValueRef call) {
  LLVMValueRef f = LLVMGetCalledValue(call);
  return f && LLVMIsAFunction(f) && LLVMGetIntrinsicID(f) == LLVMLookupIntrinsicID("llvm.ctpop", 10);
}

/* The compare predicate of a min/max intrinsic call (smin: slt ...), 0 if none. */
static LLVMIntPredicate minmax_pred(LLVMValueRef call) {
  static const struct { const char *name; LLVMIntPredicate pr; } mm[] = {
      {"llvm.smin", LLVMIntSLT}, {"llvm.smax", LLVMIntSGT}, {"llvm.umin", LLVMIntULT}, {"llvm.umax", LLVMIntUGT}};
  LLVMValueRef f = LLVMGetCalledValue(call);
  unsigned id = f && LLVMIsAFunction(f) ? LLVMGetIntrinsicID(f) : 0;
  for (unsigned k = 0; id && k < 4; k++)
    if (LLVMLookupIntrinsicID(mm[k].name, strlen(mm[k].name)) == id) return mm[k].pr;
  return (LLVMIntPredicate)0;
}

static bool plain_access(LLVMValueRef i) { return !LLVMGetVolatile(i) && LLVMGetOrdering(i) == LLVMAtomicOrderingNotAtomic; }

/* A vector type bitcast to or from a wide integer is split as W/32 dwords. */
static bool dword_vector(LLVMTypeRef t, unsigned w) {
  return LLVMGetTypeKind(t) == LLVMVectorTypeKind && w % 32 == 0 &&
         LLVMGetTypeKind(LLVMGetElementType(t)) != LLVMPointerTypeKind;
}

/* Can `i`, which defines or reads a wide value, be rewritten? */
static bool inst_ok(LLVMValueRef i) {
  LLVMTypeRef rt = LLVMTypeOf(i);
  switch (LLVMGetInstructionOpcode(i)) {
  case LLVMAdd: case LLVMSub: case LLVMMul: case LLVMAnd: case LLVMOr: case LLVMXor: case LLVMShl: case LLVMLShr:
  case LLVMAShr: case LLVMPHI: case LLVMFreeze: case LLVMSelect:
    return is_wide(rt);
  case LLVMZExt: case LLVMSExt: case LLVMTrunc:
    return LLVMGetTypeKind(rt) == LLVMIntegerTypeKind && !is_wider(rt) && !is_wider(LLVMTypeOf(LLVMGetOperand(i, 0)));
  case LLVMICmp: return true;
  case LLVMLoad: return plain_access(i);
  case LLVMStore: return plain_access(i) && is_wide(LLVMTypeOf(LLVMGetOperand(i, 0)));
  case LLVMBitCast: {
    LLVMTypeRef st = LLVMTypeOf(LLVMGetOperand(i, 0));
    return is_wide(rt) ? dword_vector(st, LLVMGetIntTypeWidth(rt)) : dword_vector(rt, LLVMGetIntTypeWidth(st));
  }
  case LLVMCall: return is_wide(rt) && (is_ctpop(i) || minmax_pred(i));
  default: return false;
  }
}

/* Does `fn` use wide values, only in ways this pass handles? */
static bool function_ok(LLVMValueRef fn, bool *any) {
  *any = false;
  unsigned byref = LLVMGetEnumAttributeKindForName("byref", 5), k = 0;
  bool seen_byref = false;
  for (LLVMValueRef a = LLVMGetFirstParam(fn); a; a = LLVMGetNextParam(a), k++) {
    if (LLVMGetEnumAttributeAtIndex(fn, k + 1, byref)) seen_byref = true;
    if (is_wider(LLVMTypeOf(a))) return false;
    if (!is_wide(LLVMTypeOf(a))) continue;
    /* kernel arguments only (a function's would change its calling
     * convention), after no byref argument (whose layout differs) */
    if (LLVMGetFunctionCallConv(fn) != LLVMAMDGPUKERNELCallConv || seen_byref) return false;
    *any = true;
  }
  if (is_wide(LLVMGetReturnType(LLVMGlobalGetValueType(fn)))) return false;
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
    for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i)) {
      bool touches = is_wide(LLVMTypeOf(i));
      if (is_wider(LLVMTypeOf(i))) return false;
      unsigned n = (unsigned)LLVMGetNumOperands(i);
      for (unsigned k2 = 0; k2 < n; k2++) {
        LLVMValueRef o = LLVMGetOperand(i, k2);
        if (!o || LLVMGetValueKind(o) == LLVMBasicBlockValueKind) continue;
        if (is_wider(LLVMTypeOf(o))) return false;
        if (is_wide(LLVMTypeOf(o))) touches = true;
      }
      if (!touches) continue;
      *any = true;
      if (!inst_ok(i)) return false;
    }
  return true;
}

typedef struct half2 {
  LLVMValueRef lo, hi;
} half2;

typedef struct xctx {
  LLVMContextRef ctx;
  LLVMModuleRef mod;
  LLVMBuilderRef b;
  LLVMTargetDataRef td;
  LLVMTypeRef i64;
  ptrmap map; /* wide value -> index in vals */
  half2 *vals;
  unsigned n, cap;
} xctx;

static LLVMValueRef k64(xctx *c, uint64_t v) { return LLVMConstInt(c->i64, v, false); }

/* hi of a W-bit value: bits past W cleared. */
static LLVMValueRef mask_hi(xctx *c, LLVMValueRef hi, unsigned w) {
  return w == 128 ? hi : LLVMBuildAnd(c->b, hi, k64(c, (1ull << (w - 64)) - 1), "");
}

/* hi sign-extended from bit W - 1 inside its i64. */
static LLVMValueRef sext_hi(xctx *c, LLVMValueRef hi, unsigned w) {
  if (w == 128) return hi;
  LLVMValueRef s = k64(c, 128 - w);
  return LLVMBuildAShr(c->b, LLVMBuildShl(c->b, hi, s, ""), s, "");
}

static LLVMValueRef byte_ptr(xctx *c, LLVMValueRef ptr, unsigned off) {
  if (!off) return ptr;
  LLVMValueRef k = LLVMConstInt(LLVMInt32TypeInContext(c->ctx), off, false);
  return LLVMBuildGEP2(c->b, LLVMInt8TypeInContext(c->ctx), ptr, &k, 1, "");
}

static unsigned piece_align(unsigned align, unsigned off) {
  unsigned low = off & (~off + 1);
  return off && low < align ? low : align;
}

/* Bytes [off, off + nb) (nb <= 8) at ptr as an i64, zero-extended:
 * loads of 8, 4, 2 and 1 bytes. */
static LLVMValueRef load_bytes(xctx *c, LLVMValueRef ptr, unsigned off, unsigned nb, unsigned align) {
  LLVMValueRef r = NULL;
  for (unsigned at = 0; at < nb;) {
    unsigned sz = nb - at >= 8 ? 8 : nb - at >= 4 ? 4 : nb - at >= 2 ? 2 : 1;
    LLVMValueRef ld = LLVMBuildLoad2(c->b, LLVMIntTypeInContext(c->ctx, 8 * sz), byte_ptr(c, ptr, off + at), "");
    LLVMSetAlignment(ld, piece_align(align, off + at));
    LLVMValueRef x = sz == 8 ? ld : LLVMBuildZExt(c->b, ld, c->i64, "");
    if (at) x = LLVMBuildShl(c->b, x, k64(c, 8 * at), "");
    r = r ? LLVMBuildOr(c->b, r, x, "") : x;
    at += sz;
  }
  return r;
}

/* The low nb bytes of i64 x stored at ptr + off. */
static void store_bytes(xctx *c, LLVMValueRef x, LLVMValueRef ptr, unsigned off, unsigned nb, unsigned align) {
  for (unsigned at = 0; at < nb;) {
    unsigned sz = nb - at >= 8 ? 8 : nb - at >= 4 ? 4 : nb - at >= 2 ? 2 : 1;
    LLVMValueRef v = at ? LLVMBuildLShr(c->b, x, k64(c, 8 * at), "") : x;
    if (sz < 8) v = LLVMBuildTrunc(c->b, v, LLVMIntTypeInContext(c->ctx, 8 * sz), "");
    LLVMSetAlignment(LLVMBuildStore(c->b, v, byte_ptr(c, ptr, off + at)), piece_align(align, off + at));
    at += sz;
  }
}

static half2 halves(xctx *c, LLVMValueRef v);

static void remember(xctx *c, LLVMValueRef v, half2 h) {
  if (c->n == c->cap) {
    c->cap = c->cap ? 2 * c->cap : 64;
    c->vals = realloc(c->vals, c->cap * sizeof *c->vals);
  }
  ptrmap_put(&c->map, v, c->n);
  c->vals[c->n++] = h;
}

/* The high 64 bits of the 128-bit product of a and b (i64), from four
 * 32 x 32 -> 64-bit partial products. */
static LLVMValueRef umulh64(xctx *c, LLVMValueRef a, LLVMValueRef b) {
  LLVMBuilderRef B = c->b;
  LLVMValueRef m32 = k64(c, 0xffffffffu), s32 = k64(c, 32);
  LLVMValueRef a0 = LLVMBuildAnd(B, a, m32, ""), a1 = LLVMBuildLShr(B, a, s32, "");
  LLVMValueRef b0 = LLVMBuildAnd(B, b, m32, ""), b1 = LLVMBuildLShr(B, b, s32, "");
  LLVMValueRef p00 = LLVMBuildMul(B, a0, b0, ""), p01 = LLVMBuildMul(B, a0, b1, "");
  LLVMValueRef p10 = LLVMBuildMul(B, a1, b0, ""), p11 = LLVMBuildMul(B, a1, b1, "");
  LLVMValueRef mid = LLVMBuildAdd(B, LLVMBuildLShr(B, p00, s32, ""),
                                  LLVMBuildAdd(B, LLVMBuildAnd(B, p01, m32, ""), LLVMBuildAnd(B, p10, m32, ""), ""), "");
  LLVMValueRef hi = LLVMBuildAdd(B, p11, LLVMBuildAdd(B, LLVMBuildLShr(B, p01, s32, ""), LLVMBuildLShr(B, p10, s32, ""), ""), "");
  return LLVMBuildAdd(B, hi, LLVMBuildLShr(B, mid, s32, ""), "");
}

/* Shift of (lo, hi) by s (an i64 below 128): op LLVMShl, LLVMLShr or
 * LLVMAShr; for ashr hi is already sign-extended to 64 bits. */
static half2 shift(xctx *c, LLVMOpcode op, half2 a, LLVMValueRef s) {
  LLVMBuilderRef B = c->b;
  LLVMValueRef lt = LLVMBuildICmp(B, LLVMIntULT, s, k64(c, 64), "");
  LLVMValueRef inv = LLVMBuildSub(B, k64(c, 63), s, ""), s2 = LLVMBuildSub(B, s, k64(c, 64), "");
  half2 small, big;
  if (op == LLVMShl) {
    small.lo = LLVMBuildShl(B, a.lo, s, "");
    small.hi = LLVMBuildOr(B, LLVMBuildShl(B, a.hi, s, ""), LLVMBuildLShr(B, LLVMBuildLShr(B, a.lo, k64(c, 1), ""), inv, ""), "");
    big.lo = k64(c, 0);
    big.hi = LLVMBuildShl(B, a.lo, s2, "");
  } else {
    LLVMValueRef carry = LLVMBuildShl(B, LLVMBuildShl(B, a.hi, k64(c, 1), ""), inv, "");
    small.lo = LLVMBuildOr(B, LLVMBuildLShr(B, a.lo, s, ""), carry, "");
    small.hi = op == LLVMLShr ? LLVMBuildLShr(B, a.hi, s, "") : LLVMBuildAShr(B, a.hi, s, "");
    big.lo = op == LLVMLShr ? LLVMBuildLShr(B, a.hi, s2, "") : LLVMBuildAShr(B, a.hi, s2, "");
    big.hi = op == LLVMLShr ? k64(c, 0) : LLVMBuildAShr(B, a.hi, k64(c, 63), "");
  }
  half2 r = {LLVMBuildSelect(B, lt, small.lo, big.lo, ""), LLVMBuildSelect(B, lt, small.hi, big.hi, "")};
  return r;
}

/* An integer of at most 64 bits as i64, zero- or sign-extended. */
static LLVMValueRef to_i64(xctx *c, LLVMValueRef x, bool sign) {
  if (width(x) == 64) return x;
  return sign ? LLVMBuildSExt(c->b, x, c->i64, "") : LLVMBuildZExt(c->b, x, c->i64, "");
}

/* The halves of a kernel argument: loaded from the argument segment at
 * the offset isel_abi.c's layout gives it. */
static half2 arg_halves(xctx *c, LLVMValueRef a) {
  LLVMValueRef fn = LLVMGetParamParent(a);
  uint64_t off = 0;
  for (LLVMValueRef p = LLVMGetFirstParam(fn);; p = LLVMGetNextParam(p)) {
    uint64_t al = LLVMABIAlignmentOfType(c->td, LLVMTypeOf(p));
    off = (off + al - 1) & ~(al - 1);
    if (p == a) break;
    off += LLVMABISizeOfType(c->td, LLVMTypeOf(p));
  }
  LLVMBasicBlockRef entry = LLVMGetEntryBasicBlock(fn);
  LLVMPositionBuilderBefore(c->b, LLVMGetFirstInstruction(entry));
  unsigned id = LLVMLookupIntrinsicID("llvm.amdgcn.kernarg.segment.ptr", 31);
  LLVMTypeRef ft = LLVMIntrinsicGetType(c->ctx, id, NULL, 0);
  LLVMValueRef kp = LLVMBuildCall2(c->b, ft, LLVMGetIntrinsicDeclaration(c->mod, id, NULL, 0), NULL, 0, "");
  unsigned bytes = (unsigned)LLVMStoreSizeOfType(c->td, LLVMTypeOf(a));
  unsigned al = LLVMABIAlignmentOfType(c->td, LLVMTypeOf(a));
  LLVMValueRef p = byte_ptr(c, kp, (unsigned)off);
  half2 h = {load_bytes(c, p, 0, 8, al), mask_hi(c, load_bytes(c, p, 8, bytes - 8, al), width(a))};
  return h;
}

/* Halves every wide operand of `ins` (each is then cached), so that
 * building its replacement afterwards moves the builder no more. */
static void halve_operands(xctx *c, LLVMValueRef ins) {
  unsigned n = (unsigned)LLVMGetNumOperands(ins);
  for (unsigned k = 0; k < n; k++) {
    LLVMValueRef o = LLVMGetOperand(ins, k);
    if (o && LLVMGetValueKind(o) != LLVMBasicBlockValueKind && is_wide(LLVMTypeOf(o))) halves(c, o);
  }
}

/* Compare of wide a and b (halved) with predicate pr: hi decides unless
 * equal (signed predicates on hi sign-extended), then lo unsigned. */
static LLVMValueRef compare(xctx *c, LLVMIntPredicate pr, half2 a, half2 b, unsigned w) {
  LLVMBuilderRef B = c->b;
  if (pr == LLVMIntEQ || pr == LLVMIntNE) {
    LLVMValueRef l = LLVMBuildICmp(B, pr, a.lo, b.lo, ""), h = LLVMBuildICmp(B, pr, a.hi, b.hi, "");
    return pr == LLVMIntEQ ? LLVMBuildAnd(B, l, h, "") : LLVMBuildOr(B, l, h, "");
  }
  bool sgn = pr == LLVMIntSGT || pr == LLVMIntSGE || pr == LLVMIntSLT || pr == LLVMIntSLE;
  LLVMIntPredicate upr = pr == LLVMIntSGT ? LLVMIntUGT : pr == LLVMIntSGE ? LLVMIntUGE
                         : pr == LLVMIntSLT ? LLVMIntULT : pr == LLVMIntSLE ? LLVMIntULE : pr;
  LLVMValueRef ah = sgn ? sext_hi(c, a.hi, w) : a.hi, bh = sgn ? sext_hi(c, b.hi, w) : b.hi;
  LLVMValueRef heq = LLVMBuildICmp(B, LLVMIntEQ, a.hi, b.hi, "");
  return LLVMBuildSelect(B, heq, LLVMBuildICmp(B, upr, a.lo, b.lo, ""), LLVMBuildICmp(B, pr, ah, bh, ""), "");
}

/* The halves of vector v's W/32 dwords. */
static half2 from_vector(xctx *c, LLVMValueRef v, unsigned w) {
  LLVMTypeRef i32 = LLVMInt32TypeInContext(c->ctx);
  LLVMValueRef d = LLVMBuildBitCast(c->b, v, LLVMVectorType(i32, w / 32), ""), part[4] = {0};
  for (unsigned k = 0; k < w / 32; k++)
    part[k] = LLVMBuildZExt(c->b, LLVMBuildExtractElement(c->b, d, LLVMConstInt(i32, k, false), ""), c->i64, "");
  half2 h;
  h.lo = LLVMBuildOr(c->b, part[0], LLVMBuildShl(c->b, part[1], k64(c, 32), ""), "");
  h.hi = w == 96 ? part[2] : LLVMBuildOr(c->b, part[2], LLVMBuildShl(c->b, part[3], k64(c, 32), ""), "");
  return h;
}

/* Wide value h as vector type vt (W/32 dwords). */
static LLVMValueRef to_vector(xctx *c, half2 h, unsigned w, LLVMTypeRef vt) {
  LLVMTypeRef i32 = LLVMInt32TypeInContext(c->ctx);
  LLVMValueRef d = LLVMGetPoison(LLVMVectorType(i32, w / 32));
  for (unsigned k = 0; k < w / 32; k++) {
    LLVMValueRef x = k < 2 ? h.lo : h.hi;
    if (k & 1) x = LLVMBuildLShr(c->b, x, k64(c, 32), "");
    d = LLVMBuildInsertElement(c->b, d, LLVMBuildTrunc(c->b, x, i32, ""), LLVMConstInt(i32, k, false), "");
  }
  return LLVMBuildBitCast(c->b, d, vt, "");
}

/* The halves of a wide defining instruction (not a phi); the builder is
 * before it, its operands halved. */
static half2 halve_inst(xctx *c, LLVMValueRef ins, unsigned w) {
  LLVMBuilderRef B = c->b;
  LLVMValueRef A = LLVMGetNumOperands(ins) > 0 ? LLVMGetOperand(ins, 0) : NULL;
  LLVMValueRef Bv = LLVMGetNumOperands(ins) > 1 ? LLVMGetOperand(ins, 1) : NULL;
  LLVMOpcode op = LLVMGetInstructionOpcode(ins);
  half2 a = {0}, b = {0}, r;
  if (A && is_wide(LLVMTypeOf(A))) a = halves(c, A);
  if (Bv && LLVMGetValueKind(Bv) != LLVMBasicBlockValueKind && is_wide(LLVMTypeOf(Bv))) b = halves(c, Bv);
  switch (op) {
  case LLVMAnd: r.lo = LLVMBuildAnd(B, a.lo, b.lo, ""); r.hi = LLVMBuildAnd(B, a.hi, b.hi, ""); return r;
  case LLVMOr: r.lo = LLVMBuildOr(B, a.lo, b.lo, ""); r.hi = LLVMBuildOr(B, a.hi, b.hi, ""); return r;
  case LLVMXor: r.lo = LLVMBuildXor(B, a.lo, b.lo, ""); r.hi = LLVMBuildXor(B, a.hi, b.hi, ""); return r;
  case LLVMFreeze: r.lo = LLVMBuildFreeze(B, a.lo, ""); r.hi = LLVMBuildFreeze(B, a.hi, ""); return r;
  case LLVMSelect: {
    half2 y = halves(c, LLVMGetOperand(ins, 2));
    b = halves(c, Bv);
    r.lo = LLVMBuildSelect(B, A, b.lo, y.lo, "");
    r.hi = LLVMBuildSelect(B, A, b.hi, y.hi, "");
    return r;
  }
  case LLVMAdd: case LLVMSub: {
    bool add = op == LLVMAdd;
    r.lo = add ? LLVMBuildAdd(B, a.lo, b.lo, "") : LLVMBuildSub(B, a.lo, b.lo, "");
    LLVMValueRef cy = LLVMBuildZExt(B, LLVMBuildICmp(B, LLVMIntULT, add ? r.lo : a.lo, add ? a.lo : b.lo, ""), c->i64, "");
    LLVMValueRef h = add ? LLVMBuildAdd(B, a.hi, b.hi, "") : LLVMBuildSub(B, a.hi, b.hi, "");
    r.hi = mask_hi(c, add ? LLVMBuildAdd(B, h, cy, "") : LLVMBuildSub(B, h, cy, ""), w);
    return r;
  }
  case LLVMMul: {
    r.lo = LLVMBuildMul(B, a.lo, b.lo, "");
    LLVMValueRef cross = LLVMBuildAdd(B, LLVMBuildMul(B, a.lo, b.hi, ""), LLVMBuildMul(B, a.hi, b.lo, ""), "");
    r.hi = mask_hi(c, LLVMBuildAdd(B, umulh64(c, a.lo, b.lo), cross, ""), w);
    return r;
  }
  case LLVMShl: case LLVMLShr: case LLVMAShr: {
    if (op == LLVMAShr) a.hi = sext_hi(c, a.hi, w);
    r = shift(c, op, a, b.lo);
    r.hi = mask_hi(c, r.hi, w);
    return r;
  }
  case LLVMZExt: case LLVMSExt: {
    bool sx = op == LLVMSExt;
    if (is_wide(LLVMTypeOf(A))) { /* iV -> iW, 64 < V < W */
      r.lo = a.lo;
      r.hi = mask_hi(c, sx ? sext_hi(c, a.hi, width(A)) : a.hi, w);
      return r;
    }
    r.lo = to_i64(c, A, sx);
    r.hi = mask_hi(c, sx ? LLVMBuildAShr(B, r.lo, k64(c, 63), "") : k64(c, 0), w);
    return r;
  }
  case LLVMTrunc: r.lo = a.lo; r.hi = mask_hi(c, a.hi, w); return r; /* iV -> iW, W < V */
  case LLVMBitCast: return from_vector(c, A, w);
  case LLVMCall: {
    LLVMIntPredicate pr = minmax_pred(ins);
    if (pr) { /* min/max: a compare and a select per half */
      LLVMValueRef take_a = compare(c, pr, a, b, w);
      r.lo = LLVMBuildSelect(B, take_a, a.lo, b.lo, "");
      r.hi = LLVMBuildSelect(B, take_a, a.hi, b.hi, "");
      return r;
    }
    /* ctpop */
    LLVMTypeRef t = c->i64;
    unsigned id = LLVMLookupIntrinsicID("llvm.ctpop", 10);
    LLVMValueRef f = LLVMGetIntrinsicDeclaration(c->mod, id, &t, 1);
    LLVMTypeRef ft = LLVMIntrinsicGetType(c->ctx, id, &t, 1);
    r.lo = LLVMBuildAdd(B, LLVMBuildCall2(B, ft, f, &a.lo, 1, ""), LLVMBuildCall2(B, ft, f, &a.hi, 1, ""), "");
    r.hi = k64(c, 0);
    return r;
  }
  default: { /* LLVMLoad */
    unsigned bytes = (unsigned)LLVMStoreSizeOfType(c->td, LLVMTypeOf(ins)), al = LLVMGetAlignment(ins);
    LLVMValueRef p = LLVMGetOperand(ins, 0);
    r.lo = load_bytes(c, p, 0, 8, al);
    r.hi = mask_hi(c, load_bytes(c, p, 8, bytes - 8, al), w);
    return r;
  }
  }
}

/* The halves of wide `v` (constant, poison, argument or instruction),
 * built before the instruction it replaces. Moves the builder. */
static half2 halves(xctx *c, LLVMValueRef v) {
  unsigned w = width(v);
  half2 r;
  if (LLVMIsPoison(v) || LLVMIsUndef(v)) {
    r.lo = r.hi = LLVMGetPoison(c->i64);
    return r;
  }
  if (LLVMIsAConstantInt(v)) { /* folded by the builder: no instruction */
    r.lo = LLVMBuildTrunc(c->b, v, c->i64, "");
    r.hi = LLVMBuildTrunc(c->b, LLVMBuildLShr(c->b, v, LLVMConstInt(LLVMTypeOf(v), 64, false), ""), c->i64, "");
    return r;
  }
  uint32_t i = ptrmap_get(&c->map, v);
  if (i != UINT32_MAX) return c->vals[i];
  if (LLVMIsAArgument(v)) {
    r = arg_halves(c, v);
    remember(c, v, r);
    return r;
  }
  if (LLVMGetInstructionOpcode(v) == LLVMPHI) {
    /* created empty first (a loop may lead back to it), filled below */
    LLVMPositionBuilderBefore(c->b, v);
    r.lo = LLVMBuildPhi(c->b, c->i64, "");
    r.hi = LLVMBuildPhi(c->b, c->i64, "");
    remember(c, v, r);
    unsigned n = LLVMCountIncoming(v);
    for (unsigned k = 0; k < n; k++) {
      LLVMBasicBlockRef from = LLVMGetIncomingBlock(v, k);
      half2 x = halves(c, LLVMGetIncomingValue(v, k));
      LLVMAddIncoming(r.lo, &x.lo, &from, 1);
      LLVMAddIncoming(r.hi, &x.hi, &from, 1);
    }
    return r;
  }
  halve_operands(c, v); /* first: halving them moves the builder */
  LLVMPositionBuilderBefore(c->b, v);
  r = halve_inst(c, v, w);
  remember(c, v, r);
  return r;
}

/* Rewrites an instruction with a legal result (or none) that reads wide values. */
static void rewrite_boundary(xctx *c, LLVMValueRef u) {
  halve_operands(c, u);
  LLVMPositionBuilderBefore(c->b, u);
  LLVMValueRef A = LLVMGetOperand(u, 0), r = NULL;
  LLVMTypeRef rt = LLVMTypeOf(u);
  switch (LLVMGetInstructionOpcode(u)) {
  case LLVMTrunc: {
    LLVMValueRef lo = halves(c, A).lo;
    r = LLVMGetIntTypeWidth(rt) == 64 ? lo : LLVMBuildTrunc(c->b, lo, rt, "");
    break;
  }
  case LLVMICmp:
    r = compare(c, LLVMGetICmpPredicate(u), halves(c, A), halves(c, LLVMGetOperand(u, 1)), width(A));
    break;
  case LLVMBitCast: r = to_vector(c, halves(c, A), width(A), rt); break;
  case LLVMStore: {
    unsigned bytes = (unsigned)LLVMStoreSizeOfType(c->td, LLVMTypeOf(A)), al = LLVMGetAlignment(u);
    half2 h = halves(c, A);
    store_bytes(c, h.lo, LLVMGetOperand(u, 1), 0, 8, al);
    store_bytes(c, h.hi, LLVMGetOperand(u, 1), 8, bytes - 8, al);
    return; /* no value: the store is dropped with the rest */
  }
  default: return;
  }
  LLVMReplaceAllUsesWith(u, r);
}

static void expand_function(LLVMModuleRef mod, LLVMValueRef fn) {
  xctx c = {.ctx = LLVMGetModuleContext(mod), .mod = mod, .b = LLVMCreateBuilderInContext(LLVMGetModuleContext(mod)),
            .td = LLVMGetModuleDataLayout(mod)};
  c.i64 = LLVMInt64TypeInContext(c.ctx);
  arena mem;
  arena_init(&mem);
  ptrmap_init(&c.map, &mem, 64);
  LLVMValueRef *todo = NULL;
  unsigned nt = 0, capt = 0;
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
    for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i)) {
      bool touches = is_wide(LLVMTypeOf(i));
      unsigned n = (unsigned)LLVMGetNumOperands(i);
      for (unsigned k = 0; k < n; k++) {
        LLVMValueRef o = LLVMGetOperand(i, k);
        if (o && LLVMGetValueKind(o) != LLVMBasicBlockValueKind && is_wide(LLVMTypeOf(o))) touches = true;
      }
      if (!touches) continue;
      if (nt == capt) {
        capt = capt ? 2 * capt : 64;
        todo = realloc(todo, capt * sizeof *todo);
      }
      todo[nt++] = i;
    }
  /* the users with legal results first (halving what they read on demand),
   * then the wide instructions go */
  for (unsigned k = 0; k < nt; k++)
    if (!is_wide(LLVMTypeOf(todo[k]))) rewrite_boundary(&c, todo[k]);
  for (unsigned k = 0; k < nt; k++)
    if (is_wide(LLVMTypeOf(todo[k]))) LLVMReplaceAllUsesWith(todo[k], LLVMGetPoison(LLVMTypeOf(todo[k])));
  for (unsigned k = nt; k-- > 0;) LLVMInstructionEraseFromParent(todo[k]);
  free(todo);
  free(c.vals);
  arena_free(&mem);
  LLVMDisposeBuilder(c.b);
}

int wir_expand_wide_integers(LLVMModuleRef mod) {
  int n = 0;
  for (LLVMValueRef fn = LLVMGetFirstFunction(mod); fn; fn = LLVMGetNextFunction(fn)) {
    bool any;
    if (LLVMIsDeclaration(fn) || !function_ok(fn, &any) || !any) continue;
    expand_function(mod, fn);
    n++;
  }
  return n;
}
