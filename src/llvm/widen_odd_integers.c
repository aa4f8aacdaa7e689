/* IR pass: integers of odd widths (i2..i63 other than i8, i16, i32) widened
 * to the next register width.
 *
 * SROA and instcombine make integers of any width from the bytes of an
 * alloca: a <3 x half> read as i48, a 3-byte struct as i24. Instruction
 * selection works on i1, i8, i16, i32 and i64 only (the widths GCN's
 * registers and instructions have), so each odd-width value iW becomes a
 * value of the next width iP (P = 8, 16, 32 or 64) that always holds the iW
 * value zero-extended: the upper P - W bits are zero. This is LLVM's type
 * legalisation by promotion ("Legalizing Types", LLVM's code generator
 * documentation), done on the IR so selection never sees iW:
 *   and/or/xor/lshr/udiv/urem, select, phi, freeze  same operation in iP
 *     (zero upper bits stay zero)
 *   add/sub/mul/shl                    operation, then `and` with 2^W - 1
 *   ashr/sdiv/srem                     operands sign-extended inside iP
 *     (shl, ashr by P - W), operation, then the mask
 *   trunc/zext/sext to or from iW      through iP, masked or sign-extended
 *   bitcast <k x T> <-> iW             packed from / unpacked to elements
 *   icmp                               on iP (signed predicates on the
 *     sign-extended operands)
 *   smin/smax/umin/umax/abs/ctpop/ctlz/cttz  the iP intrinsic on
 *     extended operands (ctlz less P - W; cttz of x | 2^W)
 *   bitreverse/bswap                   the iP one shifted right by P - W
 *   fshl/fshr                          the iP funnel of operands placed
 *     so that its window is the iW one, the shift taken modulo W
 *   uadd/usub/sadd/ssub.sat            exact in iP, clamped to iW's range
 *     (at W <= 32: the iW call, which selection takes, zero-extended)
 *   odd-width constant expressions     (trunc, ptrtoint, add, sub, mul,
 *     xor of a data global's address: no known bits) rebuilt in iP at
 *     each user
 *   load/store of iW                   the iW's store size (ceil(W/8)
 *     bytes, LangRef "load") as pieces of 4, 2 and 1 bytes, assembled or
 *     split with shifts; a load masked to W bits (the bits past W in
 *     memory are unspecified unless an iW store wrote them), a store
 *     writes the zero upper bits. A volatile one becomes volatile pieces,
 *     as llc-19's type legalisation splits it (LangRef "volatile": only
 *     target-legal volatile accesses stay whole); not atomic ones.
 * A function with any other use of an odd-width value (an atomic access, a call, a vector of them, an argument) is left unchanged: selection
 * then reports the instruction it cannot select, so nothing is silently
 * wrong. Found by piglit's vload_half tests on private arrays (issue 8),
 * where SROA leaves `bitcast <3 x half> ... to i48`. */
#include "llvm/widen_odd_integers.h"
#include "llvm/ir_bits.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include <llvm-c/Target.h>

#include "llvm/ptrmap.h"

static bool odd_width(unsigned w) { return w > 1 && w < 64 && w != 8 && w != 16 && w != 32; }

static bool is_odd(LLVMTypeRef t) {
  return LLVMGetTypeKind(t) == LLVMIntegerTypeKind && odd_width(LLVMGetIntTypeWidth(t));
}

/* A division or remainder made here from an odd-width one, marked for
 * bypass-slow-division (WIR_NO_BYPASS_MD) to leave without its 32-bit
 * run-time switch: llc-19 legalises iW divisions in its selection DAG,
 * after CodeGenPrepare's bypass, so it never switches them; two i48
 * divisions then stay one straight-line block whose chains the scheduler
 * interleaves (tests/kernels/f_odd_width_int.ll: 1.27x llc-19's
 * occupancy-model cycles at gfx1030 with the switch). d may be a folded
 * constant: returned unmarked. */
static LLVMValueRef no_bypass(LLVMValueRef d) {
  if (!LLVMIsAInstruction(d)) return d;
  LLVMContextRef ctx = LLVMGetTypeContext(LLVMTypeOf(d));
  unsigned kind = LLVMGetMDKindIDInContext(ctx, WIR_NO_BYPASS_MD, sizeof WIR_NO_BYPASS_MD - 1);
  LLVMSetMetadata(d, kind, LLVMMetadataAsValue(ctx, LLVMMDNodeInContext2(ctx, NULL, 0)));
  return d;
}

static unsigned promoted(unsigned w) { return w <= 8 ? 8 : w <= 16 ? 16 : w <= 32 ? 32 : 64; }

/* The integer intrinsics widened here (instcombine forms min/max from
 * compare-and-select, and LLVM's tests count bits of odd widths). */
enum {
  OI_NONE, OI_SMIN, OI_SMAX, OI_UMIN, OI_UMAX, OI_ABS, OI_CTPOP, OI_CTLZ, OI_CTTZ, OI_BITREVERSE, OI_BSWAP, OI_FSHL,
  OI_FSHR, OI_UADD_SAT, OI_USUB_SAT, OI_SADD_SAT, OI_SSUB_SAT, OI_NUM
};
static const char *const names[OI_NUM] = {
    NULL,        "llvm.smin", "llvm.smax", "llvm.umin",     "llvm.umax",     "llvm.abs",      "llvm.ctpop",
    "llvm.ctlz", "llvm.cttz", "llvm.bitreverse", "llvm.bswap", "llvm.fshl", "llvm.fshr", "llvm.uadd.sat",
    "llvm.usub.sat", "llvm.sadd.sat", "llvm.ssub.sat"};

static unsigned odd_intrinsic(LLVMValueRef call) {
  LLVMValueRef f = LLVMGetCalledValue(call);
  unsigned id = f && LLVMIsAFunction(f) ? LLVMGetIntrinsicID(f) : 0;
  for (unsigned k = 1; id && k < OI_NUM; k++)
    if (LLVMLookupIntrinsicID(names[k], strlen(names[k])) == id) return k;
  return OI_NONE;
}

/* Can instruction `u`, a user of an odd-width value, be rewritten? */
static bool user_ok(LLVMValueRef u) {
  LLVMTypeRef rt = LLVMTypeOf(u);
  switch (LLVMGetInstructionOpcode(u)) {
  case LLVMAdd: case LLVMSub: case LLVMMul: case LLVMShl: case LLVMLShr: case LLVMAShr: case LLVMAnd:
  case LLVMOr: case LLVMXor: case LLVMUDiv: case LLVMSDiv: case LLVMURem: case LLVMSRem: case LLVMPHI:
  case LLVMFreeze:
    return is_odd(rt);
  case LLVMSelect:
    return is_odd(rt); /* an odd i1 condition does not exist: i1 is not odd */
  case LLVMTrunc: case LLVMZExt: case LLVMSExt:
    return LLVMGetTypeKind(rt) == LLVMIntegerTypeKind;
  case LLVMICmp:
    return true;
  case LLVMCall:
    return is_odd(rt) && odd_intrinsic(u) != OI_NONE;
  case LLVMStore: /* of the value (a pointer is never odd) */
    return LLVMGetOrdering(u) == LLVMAtomicOrderingNotAtomic;
  case LLVMBitCast:
    return is_odd(rt) || (LLVMGetTypeKind(rt) == LLVMVectorTypeKind &&
                          LLVMGetTypeKind(LLVMGetElementType(rt)) != LLVMPointerTypeKind);
  default:
    return false;
  }
}

/* Is odd-width constant v one widened() builds in iP: an integer, poison,
 * or a constant expression LLVM 19 keeps (trunc, ptrtoint, add, sub, mul,
 * xor; LangRef "Constant Expressions") on such operands or legal ones?
 * `trunc (i64 add (i64 ptrtoint (ptr addrspace(1) @g to i64), i64 5) to
 * i48)` has no known bits (a data global's address), so no folder removes
 * it. */
static bool const_ok(LLVMValueRef v) {
  if (!is_odd(LLVMTypeOf(v)) || LLVMIsAConstantInt(v) || LLVMIsPoison(v) || LLVMIsUndef(v)) return true;
  if (!LLVMIsAConstantExpr(v)) return false;
  switch (LLVMGetConstOpcode(v)) {
  case LLVMTrunc: return const_ok(LLVMGetOperand(v, 0));
  case LLVMPtrToInt: return true;
  case LLVMAdd: case LLVMSub: case LLVMMul: case LLVMXor:
    return const_ok(LLVMGetOperand(v, 0)) && const_ok(LLVMGetOperand(v, 1));
  default: return false;
  }
}

/* Does the function use odd widths, and only in ways this pass handles? */
static bool function_ok(LLVMValueRef fn, bool *any) {
  *any = false;
  for (LLVMValueRef a = LLVMGetFirstParam(fn); a; a = LLVMGetNextParam(a))
    if (is_odd(LLVMTypeOf(a))) {
      /* a kernel's argument: zero-extended where it arrives (selection
       * extends an odd-width argument it loads); a function's would
       * change its calling convention */
      if (LLVMGetFunctionCallConv(fn) != LLVMAMDGPUKERNELCallConv) return false;
      *any = true;
    }
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
    for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i)) {
      bool defines = is_odd(LLVMTypeOf(i));
      if (defines) {
        *any = true;
        LLVMOpcode op = LLVMGetInstructionOpcode(i);
        bool plain_load = op == LLVMLoad && LLVMGetOrdering(i) == LLVMAtomicOrderingNotAtomic;
        if (op != LLVMTrunc && op != LLVMZExt && op != LLVMSExt && op != LLVMBitCast && !plain_load && !user_ok(i))
          return false;
        if (op == LLVMBitCast && LLVMGetTypeKind(LLVMTypeOf(LLVMGetOperand(i, 0))) != LLVMVectorTypeKind)
          return false;
      }
      unsigned n = (unsigned)LLVMGetNumOperands(i);
      for (unsigned k = 0; k < n; k++) {
        LLVMValueRef o = LLVMGetOperand(i, k);
        if (o && LLVMGetValueKind(o) != LLVMBasicBlockValueKind && is_odd(LLVMTypeOf(o)) &&
            (!user_ok(i) || (LLVMIsAConstant(o) && !const_ok(o))))
          return false;
        if (o && LLVMGetTypeKind(LLVMTypeOf(o)) == LLVMVectorTypeKind &&
            is_odd(LLVMGetElementType(LLVMTypeOf(o))))
          return false;
      }
      if (LLVMGetTypeKind(LLVMTypeOf(i)) == LLVMVectorTypeKind && is_odd(LLVMGetElementType(LLVMTypeOf(i))))
        return false;
    }
  return true;
}

typedef struct wctx {
  LLVMContextRef ctx;
  LLVMBuilderRef b;
  LLVMTargetDataRef td;
  ptrmap map; /* odd-width value -> its widened value */
  LLVMValueRef *vals;
  unsigned n, cap;
} wctx;

static LLVMValueRef widened(wctx *c, LLVMValueRef v);

/* Records r as the widened value of v. */
static void remember(wctx *c, LLVMValueRef v, LLVMValueRef r) {
  if (c->n == c->cap) {
    c->cap = c->cap ? 2 * c->cap : 64;
    c->vals = realloc(c->vals, c->cap * sizeof *c->vals);
  }
  ptrmap_put(&c->map, v, c->n);
  c->vals[c->n++] = r;
}

static LLVMValueRef mask_to(wctx *c, LLVMValueRef x, unsigned w) {
  LLVMTypeRef t = LLVMTypeOf(x);
  return LLVMBuildAnd(c->b, x, LLVMConstInt(t, w == 64 ? ~0ull : (1ull << w) - 1, false), "");
}

/* x (type iP holding a zero-extended iW) sign-extended inside iP. */
static LLVMValueRef sext_in(wctx *c, LLVMValueRef x, unsigned w) {
  unsigned p = LLVMGetIntTypeWidth(LLVMTypeOf(x));
  if (p == w) return x;
  LLVMValueRef s = LLVMConstInt(LLVMTypeOf(x), p - w, false);
  return LLVMBuildAShr(c->b, LLVMBuildShl(c->b, x, s, ""), s, "");
}

/* The intrinsic `k` (OI_*) of odd-width call `ins` in iP (its operands
 * widened, upper bits zero): min/max and abs on the operands zero- or
 * sign-extended inside iP; ctpop as is; ctlz less the P - W leading zeros
 * the widening adds; cttz with bit W set so that 0 gives W. */
static LLVMValueRef widened_intrinsic(wctx *c, LLVMValueRef ins, unsigned k, unsigned w, LLVMTypeRef pt) {
  LLVMModuleRef mod = LLVMGetGlobalParent(LLVMGetBasicBlockParent(LLVMGetInstructionParent(ins)));
  unsigned id = LLVMLookupIntrinsicID(names[k], strlen(names[k]));
  LLVMValueRef f = LLVMGetIntrinsicDeclaration(mod, id, &pt, 1);
  LLVMTypeRef ft = LLVMIntrinsicGetType(c->ctx, id, &pt, 1);
  LLVMValueRef a = widened(c, LLVMGetOperand(ins, 0)), args[3];
  unsigned p = LLVMGetIntTypeWidth(pt);
  LLVMValueRef i1f = LLVMConstInt(LLVMInt1TypeInContext(c->ctx), 0, false);
  LLVMValueRef b = k >= OI_FSHL || k <= OI_UMAX ? widened(c, LLVMGetOperand(ins, 1)) : NULL;
  if (k >= OI_UADD_SAT && w <= 32) {
    /* selection takes these at W <= 32 itself, in fewer instructions than
     * the form below (sadd.sat.i24: 12 against 20 at gfx900): the iW call
     * on truncated operands, zero-extended */
    LLVMTypeRef wt = LLVMIntTypeInContext(c->ctx, w);
    LLVMValueRef fw = LLVMGetIntrinsicDeclaration(mod, id, &wt, 1);
    LLVMTypeRef fwt = LLVMIntrinsicGetType(c->ctx, id, &wt, 1);
    args[0] = LLVMBuildTrunc(c->b, a, wt, "");
    args[1] = LLVMBuildTrunc(c->b, b, wt, "");
    return LLVMBuildZExt(c->b, LLVMBuildCall2(c->b, fwt, fw, args, 2, ""), pt, "");
  }
  switch (k) {
  case OI_BITREVERSE: case OI_BSWAP:
    /* the iP reversal holds the iW one in its top W bits (bswap: W is a
     * multiple of 16, LangRef) */
    return LLVMBuildLShr(c->b, LLVMBuildCall2(c->b, ft, f, &a, 1, ""), LLVMConstInt(pt, p - w, false), "");
  case OI_FSHL: case OI_FSHR: {
    /* the shift modulo W (LangRef "llvm.fshl"); fshl: the iP funnel of a
     * and b moved to the top of iP shifts b's top bits in, masked to W;
     * fshr: the iP funnel of the 2W-bit a:b split at P (hi = a >> (P - W),
     * lo = b | a << W), masked to W */
    LLVMValueRef s = LLVMBuildURem(c->b, widened(c, LLVMGetOperand(ins, 2)), LLVMConstInt(pt, w, false), "");
    LLVMValueRef kw = LLVMConstInt(pt, p - w, false);
    if (k == OI_FSHL) {
      args[0] = a;
      args[1] = LLVMBuildShl(c->b, b, kw, "");
    } else {
      args[0] = LLVMBuildLShr(c->b, a, kw, "");
      args[1] = LLVMBuildOr(c->b, b, LLVMBuildShl(c->b, a, LLVMConstInt(pt, w, false), ""), "");
    }
    args[2] = s;
    return mask_to(c, LLVMBuildCall2(c->b, ft, f, args, 3, ""), w);
  }
  case OI_UADD_SAT: { /* a + b < 2^P: no wrap in iP; clamped to 2^W - 1 */
    LLVMValueRef r = LLVMBuildAdd(c->b, a, b, ""), m = LLVMConstInt(pt, (1ull << w) - 1, false);
    return LLVMBuildSelect(c->b, LLVMBuildICmp(c->b, LLVMIntUGT, r, m, ""), m, r, "");
  }
  case OI_USUB_SAT:
    args[0] = a;
    args[1] = b;
    return LLVMBuildCall2(c->b, ft, f, args, 2, "");
  case OI_SADD_SAT: case OI_SSUB_SAT: {
    /* the exact sum or difference of the sign-extended operands (no wrap
     * in iP: P > W), clamped to iW's range */
    LLVMValueRef x = sext_in(c, a, w), y = sext_in(c, b, w);
    LLVMValueRef r = k == OI_SADD_SAT ? LLVMBuildAdd(c->b, x, y, "") : LLVMBuildSub(c->b, x, y, "");
    LLVMValueRef hi = LLVMConstInt(pt, (1ull << (w - 1)) - 1, false), lo = LLVMConstInt(pt, ~0ull << (w - 1), false);
    r = LLVMBuildSelect(c->b, LLVMBuildICmp(c->b, LLVMIntSGT, r, hi, ""), hi, r, "");
    r = LLVMBuildSelect(c->b, LLVMBuildICmp(c->b, LLVMIntSLT, r, lo, ""), lo, r, "");
    return mask_to(c, r, w);
  }
  case OI_SMIN: case OI_SMAX:
    args[0] = sext_in(c, a, w);
    args[1] = sext_in(c, b, w);
    return mask_to(c, LLVMBuildCall2(c->b, ft, f, args, 2, ""), w);
  case OI_UMIN: case OI_UMAX:
    args[0] = a;
    args[1] = b;
    return LLVMBuildCall2(c->b, ft, f, args, 2, "");
  case OI_ABS:
    args[0] = sext_in(c, a, w);
    args[1] = i1f; /* INT_MIN of iW is not INT_MIN of iP: never poison there */
    return mask_to(c, LLVMBuildCall2(c->b, ft, f, args, 2, ""), w);
  case OI_CTPOP: return LLVMBuildCall2(c->b, ft, f, &a, 1, "");
  case OI_CTLZ:
    args[0] = a;
    args[1] = i1f;
    return LLVMBuildSub(c->b, LLVMBuildCall2(c->b, ft, f, args, 2, ""), LLVMConstInt(pt, p - w, false), "");
  default: /* OI_CTTZ */
    args[0] = LLVMBuildOr(c->b, a, LLVMConstInt(pt, 1ull << w, false), "");
    args[1] = i1f;
    return LLVMBuildCall2(c->b, ft, f, args, 2, "");
  }
}

/* An integer operand of any width, as iP_to (zero-extended or truncated). */
static LLVMValueRef as_width(wctx *c, LLVMValueRef v, unsigned to) {
  LLVMValueRef x = widened(c, v);
  unsigned w = LLVMGetIntTypeWidth(LLVMTypeOf(x));
  LLVMTypeRef t = LLVMIntTypeInContext(c->ctx, to);
  return w == to ? x : w < to ? LLVMBuildZExt(c->b, x, t, "") : LLVMBuildTrunc(c->b, x, t, "");
}

/* The pieces (4, 2, 1 bytes) an access of `bytes` bytes splits into, from
 * byte 0; returns the count (at most 3 for the 1..8 bytes of an i2..i63). */
static unsigned pieces(unsigned bytes, unsigned *size) {
  unsigned n = 0;
  for (unsigned off = 0; off < bytes; off += size[n - 1])
    size[n++] = bytes - off >= 4 ? 4 : bytes - off >= 2 ? 2 : 1;
  return n;
}

/* The alignment of byte `off` of an access aligned to `align`. */
static unsigned piece_align(unsigned align, unsigned off) {
  unsigned low = off & (~off + 1);
  return off && low < align ? low : align;
}

static LLVMValueRef byte_ptr(wctx *c, LLVMValueRef ptr, unsigned off) {
  if (!off) return ptr;
  LLVMValueRef k = LLVMConstInt(LLVMInt32TypeInContext(c->ctx), off, false);
  return LLVMBuildGEP2(c->b, LLVMInt8TypeInContext(c->ctx), ptr, &k, 1, "");
}

/* A load of odd-width iW as iP: its store size in pieces, masked to W. */
static LLVMValueRef widened_load(wctx *c, LLVMValueRef ins, unsigned w, LLVMTypeRef pt) {
  LLVMValueRef ptr = LLVMGetOperand(ins, 0), r = NULL;
  unsigned bytes = (unsigned)LLVMStoreSizeOfType(c->td, LLVMTypeOf(ins)), size[8], align = LLVMGetAlignment(ins);
  unsigned n = pieces(bytes, size);
  for (unsigned k = 0, off = 0; k < n; off += size[k++]) {
    LLVMValueRef ld = LLVMBuildLoad2(c->b, LLVMIntTypeInContext(c->ctx, 8 * size[k]), byte_ptr(c, ptr, off), "");
    LLVMSetAlignment(ld, piece_align(align, off));
    LLVMSetVolatile(ld, LLVMGetVolatile(ins));
    LLVMValueRef x = LLVMBuildZExt(c->b, ld, pt, "");
    if (off) x = LLVMBuildShl(c->b, x, LLVMConstInt(pt, 8 * off, false), "");
    r = r ? LLVMBuildOr(c->b, r, x, "") : x;
  }
  return mask_to(c, r, w);
}

/* A store of odd-width `v` (widened to iP, upper bits zero) in pieces. */
static void widened_store(wctx *c, LLVMValueRef st) {
  LLVMPositionBuilderBefore(c->b, st); /* for a constant expression */
  LLVMValueRef v = widened(c, LLVMGetOperand(st, 0)), ptr = LLVMGetOperand(st, 1);
  LLVMPositionBuilderBefore(c->b, st);
  LLVMTypeRef pt = LLVMTypeOf(v);
  unsigned bytes = (unsigned)LLVMStoreSizeOfType(c->td, LLVMTypeOf(LLVMGetOperand(st, 0))), size[8];
  unsigned align = LLVMGetAlignment(st), n = pieces(bytes, size);
  for (unsigned k = 0, off = 0; k < n; off += size[k++]) {
    LLVMValueRef x = off ? LLVMBuildLShr(c->b, v, LLVMConstInt(pt, 8 * off, false), "") : v;
    LLVMTypeRef it = LLVMIntTypeInContext(c->ctx, 8 * size[k]);
    if (LLVMGetIntTypeWidth(pt) != 8 * size[k]) x = LLVMBuildTrunc(c->b, x, it, "");
    LLVMValueRef p = LLVMBuildStore(c->b, x, byte_ptr(c, ptr, off));
    LLVMSetAlignment(p, piece_align(align, off));
    LLVMSetVolatile(p, LLVMGetVolatile(st));
  }
}

/* Widens every odd-width operand of `ins` (each is then cached), so that
 * building `ins`'s replacement afterwards needs no further widening. The
 * builder is left anywhere. */
static void widen_operands(wctx *c, LLVMValueRef ins) {
  unsigned n = (unsigned)LLVMGetNumOperands(ins);
  for (unsigned k = 0; k < n; k++) {
    LLVMValueRef o = LLVMGetOperand(ins, k);
    /* constants: built where the replacement is (widened_const) */
    if (o && LLVMGetValueKind(o) != LLVMBasicBlockValueKind && is_odd(LLVMTypeOf(o)) && !LLVMIsAConstant(o))
      widened(c, o);
  }
}

/* Odd-width constant expression v (const_ok) as iP (pt) holding it
 * zero-extended, built at the builder's position (before its user, or
 * at the end of a phi's incoming block): not cached, as each user may be
 * where another's instructions do not reach. */
static LLVMValueRef widened_const(wctx *c, LLVMValueRef v, unsigned w, LLVMTypeRef pt) {
  unsigned p = LLVMGetIntTypeWidth(pt);
  LLVMValueRef a = LLVMGetOperand(v, 0);
  switch (LLVMGetConstOpcode(v)) {
  case LLVMTrunc: return mask_to(c, as_width(c, a, p), w);
  case LLVMPtrToInt: /* the address as i64 (a legal constant), truncated */
    return mask_to(c, as_width(c, LLVMBuildPtrToInt(c->b, a, LLVMInt64TypeInContext(c->ctx), ""), p), w);
  case LLVMAdd: return mask_to(c, LLVMBuildAdd(c->b, widened(c, a), widened(c, LLVMGetOperand(v, 1)), ""), w);
  case LLVMSub: return mask_to(c, LLVMBuildSub(c->b, widened(c, a), widened(c, LLVMGetOperand(v, 1)), ""), w);
  case LLVMMul: return mask_to(c, LLVMBuildMul(c->b, widened(c, a), widened(c, LLVMGetOperand(v, 1)), ""), w);
  default: /* LLVMXor (const_ok) */
    return LLVMBuildXor(c->b, widened(c, a), widened(c, LLVMGetOperand(v, 1)), "");
  }
}

/* The widened value of odd-width `v` (constant, poison or instruction),
 * built before the instruction it replaces. Moves the builder. */
static LLVMValueRef widened(wctx *c, LLVMValueRef v) {
  LLVMTypeRef t = LLVMTypeOf(v);
  if (!is_odd(t)) return v;
  unsigned w = LLVMGetIntTypeWidth(t), p = promoted(w);
  LLVMTypeRef pt = LLVMIntTypeInContext(c->ctx, p);
  if (LLVMIsPoison(v) || LLVMIsUndef(v)) return LLVMGetPoison(pt);
  if (LLVMIsAConstantInt(v)) return LLVMConstInt(pt, LLVMConstIntGetZExtValue(v), false);
  if (LLVMIsAConstantExpr(v)) return widened_const(c, v, w, pt);
  uint32_t i = ptrmap_get(&c->map, v);
  if (i != UINT32_MAX) return c->vals[i];
  if (LLVMIsAArgument(v)) {
    LLVMBasicBlockRef entry = LLVMGetEntryBasicBlock(LLVMGetParamParent(v));
    LLVMPositionBuilderBefore(c->b, LLVMGetFirstInstruction(entry));
    LLVMValueRef r = LLVMBuildZExt(c->b, v, pt, "");
    remember(c, v, r);
    return r;
  }
  LLVMValueRef ins = v;
  LLVMValueRef r;
  LLVMOpcode op = LLVMGetInstructionOpcode(ins);
  if (op == LLVMPHI) {
    /* created empty first (a loop may lead back to it), filled below */
    LLVMPositionBuilderBefore(c->b, ins);
    r = LLVMBuildPhi(c->b, pt, "");
  } else {
    widen_operands(c, ins); /* first: widening them moves the builder */
    LLVMPositionBuilderBefore(c->b, ins);
    LLVMValueRef a = LLVMGetNumOperands(ins) > 0 ? LLVMGetOperand(ins, 0) : NULL;
    LLVMValueRef bb = LLVMGetNumOperands(ins) > 1 ? LLVMGetOperand(ins, 1) : NULL;
    switch (op) {
    case LLVMAnd: r = LLVMBuildAnd(c->b, widened(c, a), widened(c, bb), ""); break;
    case LLVMOr: r = LLVMBuildOr(c->b, widened(c, a), widened(c, bb), ""); break;
    case LLVMXor: r = LLVMBuildXor(c->b, widened(c, a), widened(c, bb), ""); break;
    case LLVMLShr: r = LLVMBuildLShr(c->b, widened(c, a), widened(c, bb), ""); break;
    case LLVMUDiv: r = no_bypass(LLVMBuildUDiv(c->b, widened(c, a), widened(c, bb), "")); break;
    case LLVMURem: r = no_bypass(LLVMBuildURem(c->b, widened(c, a), widened(c, bb), "")); break;
    case LLVMAdd: r = mask_to(c, LLVMBuildAdd(c->b, widened(c, a), widened(c, bb), ""), w); break;
    case LLVMSub: r = mask_to(c, LLVMBuildSub(c->b, widened(c, a), widened(c, bb), ""), w); break;
    case LLVMMul: r = mask_to(c, LLVMBuildMul(c->b, widened(c, a), widened(c, bb), ""), w); break;
    case LLVMShl: r = mask_to(c, LLVMBuildShl(c->b, widened(c, a), widened(c, bb), ""), w); break;
    case LLVMAShr: r = mask_to(c, LLVMBuildAShr(c->b, sext_in(c, widened(c, a), w), widened(c, bb), ""), w); break;
    case LLVMSDiv:
      r = mask_to(c, no_bypass(LLVMBuildSDiv(c->b, sext_in(c, widened(c, a), w), sext_in(c, widened(c, bb), w), "")), w);
      break;
    case LLVMSRem:
      r = mask_to(c, no_bypass(LLVMBuildSRem(c->b, sext_in(c, widened(c, a), w), sext_in(c, widened(c, bb), w), "")), w);
      break;
    case LLVMFreeze: r = LLVMBuildFreeze(c->b, widened(c, a), ""); break;
    case LLVMSelect:
      r = LLVMBuildSelect(c->b, a, widened(c, bb), widened(c, LLVMGetOperand(ins, 2)), "");
      break;
    case LLVMTrunc: r = mask_to(c, as_width(c, a, p), w); break;
    case LLVMZExt: r = as_width(c, a, p); break;
    case LLVMSExt: {
      LLVMValueRef x = widened(c, a);
      unsigned aw = LLVMGetIntTypeWidth(LLVMTypeOf(a));
      if (is_odd(LLVMTypeOf(a))) x = sext_in(c, x, aw);
      r = mask_to(c, LLVMBuildSExt(c->b, x, pt, ""), w);
      break;
    }
    case LLVMBitCast: r = wir_pack_vector(c->b, a, pt); break;
    case LLVMLoad: r = widened_load(c, ins, w, pt); break;
    case LLVMCall: r = widened_intrinsic(c, ins, odd_intrinsic(ins), w, pt); break;
    default: r = LLVMGetPoison(pt); break; /* excluded by function_ok */
    }
  }
  remember(c, v, r);
  if (op == LLVMPHI) {
    unsigned n = LLVMCountIncoming(ins);
    for (unsigned k = 0; k < n; k++) {
      LLVMBasicBlockRef from = LLVMGetIncomingBlock(ins, k);
      LLVMValueRef inc = LLVMGetIncomingValue(ins, k);
      if (LLVMIsAConstantExpr(inc)) LLVMPositionBuilderBefore(c->b, LLVMGetBasicBlockTerminator(from));
      LLVMValueRef x = widened(c, inc);
      LLVMAddIncoming(r, &x, &from, 1);
    }
  }
  return r;
}

/* Rewrites a user with a legal result that reads odd-width values. */
static void rewrite_boundary(wctx *c, LLVMValueRef u) {
  widen_operands(c, u);
  LLVMPositionBuilderBefore(c->b, u);
  LLVMValueRef a = LLVMGetOperand(u, 0), r = NULL;
  LLVMTypeRef rt = LLVMTypeOf(u);
  switch (LLVMGetInstructionOpcode(u)) {
  case LLVMTrunc: case LLVMZExt:
    r = as_width(c, a, LLVMGetIntTypeWidth(rt));
    break;
  case LLVMSExt:
    r = LLVMBuildSExt(c->b, sext_in(c, widened(c, a), LLVMGetIntTypeWidth(LLVMTypeOf(a))), rt, "");
    break;
  case LLVMICmp: {
    LLVMIntPredicate pr = LLVMGetICmpPredicate(u);
    LLVMValueRef x = widened(c, a), y = widened(c, LLVMGetOperand(u, 1));
    bool sgn = pr == LLVMIntSGT || pr == LLVMIntSGE || pr == LLVMIntSLT || pr == LLVMIntSLE;
    if (sgn) {
      unsigned w = LLVMGetIntTypeWidth(LLVMTypeOf(a));
      x = sext_in(c, x, w);
      y = sext_in(c, y, w);
    }
    r = LLVMBuildICmp(c->b, pr, x, y, "");
    break;
  }
  case LLVMBitCast:
    r = wir_unpack_vector(c->b, widened(c, a), rt);
    break;
  case LLVMStore:
    widened_store(c, u); /* no value: the store is dropped with the rest */
    return;
  default:
    return;
  }
  LLVMReplaceAllUsesWith(u, r);
}

int wir_widen_odd_integers(LLVMModuleRef mod) {
  int changed = 0;
  for (LLVMValueRef fn = LLVMGetFirstFunction(mod); fn; fn = LLVMGetNextFunction(fn)) {
    bool any;
    if (LLVMIsDeclaration(fn) || !function_ok(fn, &any) || !any) continue;
    wctx c = {.ctx = LLVMGetModuleContext(mod), .b = LLVMCreateBuilderInContext(LLVMGetModuleContext(mod)),
              .td = LLVMGetModuleDataLayout(mod)};
    arena mem;
    arena_init(&mem);
    ptrmap_init(&c.map, &mem, 64);
    /* The users with legal results: rewrite them (widening what they read
     * on demand), then drop the odd-width instructions. */
    LLVMValueRef *dead = NULL;
    unsigned nd = 0, capd = 0;
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
      for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i)) {
        bool defines = is_odd(LLVMTypeOf(i)), reads = false;
        unsigned n = (unsigned)LLVMGetNumOperands(i);
        for (unsigned k = 0; k < n; k++) {
          LLVMValueRef o = LLVMGetOperand(i, k);
          if (o && LLVMGetValueKind(o) != LLVMBasicBlockValueKind && is_odd(LLVMTypeOf(o))) reads = true;
        }
        if (!defines && !reads) continue;
        if (nd == capd) {
          capd = capd ? 2 * capd : 64;
          dead = realloc(dead, capd * sizeof *dead);
        }
        dead[nd++] = i;
      }
    for (unsigned k = 0; k < nd; k++)
      if (!is_odd(LLVMTypeOf(dead[k]))) rewrite_boundary(&c, dead[k]);
    for (unsigned k = 0; k < nd; k++)
      if (is_odd(LLVMTypeOf(dead[k]))) LLVMReplaceAllUsesWith(dead[k], LLVMGetPoison(LLVMTypeOf(dead[k])));
    for (unsigned k = nd; k-- > 0;) LLVMInstructionEraseFromParent(dead[k]);
    changed += (int)nd;
    free(dead);
    free(c.vals);
    arena_free(&mem);
    LLVMDisposeBuilder(c.b);
  }
  return changed;
}
