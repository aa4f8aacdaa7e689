/* IR pass: operations instruction selection takes only on wider or integer
 * types, rewritten in their terms as LLVM's own legalisation does:
 *
 *   fptosi/fptoui X to i1      trunc (fptosi/fptoui X to i32) to i1
 *       the result is poison unless the truncated value fits i1 (LangRef),
 *       so the i32 conversion's bit 0 is it: -1.5 gives true for fptosi,
 *       1.5 for fptoui. (llc-19 compares X with -1.0 / 1.0 instead, which
 *       gives false for those.)
 *   sitofp/uitofp i1 X to F    sitofp/uitofp (sext/zext X to i32) to F
 *   atomicrmw xchg P, F V      bitcast (atomicrmw xchg P, iN (bitcast V))
 *       (a pointer V: ptrtoint and inttoptr, iN its width)
 *       as LLVM's AtomicExpand does for targets without a float exchange
 *       (shouldCastAtomicRMWIInIR); ordering, alignment and volatility
 *       are kept, the sync scope widened to the system's.
 *   icmp ult/ugt/ule/uge/slt/sgt/sle/sge on i1
 *                              the same predicate on zext (unsigned) or
 *                              sext (signed: true is -1) to i32; selection
 *                              compares booleans only for equality (the
 *                              -O1 and -O2 pipelines fold these first; at
 *                              -O0 llvm-stress programs met them often)
 *   llvm.fptosi.sat/fptoui.sat to iN
 *                              LLVM's generic expansion (expandFP_TO_INT_SAT):
 *                              NaN gives 0, x below the smallest iN the
 *                              minimum (-2^(N-1), or 0 for unsigned), x at
 *                              or above 2^(N-1) (2^N) the maximum, else
 *                              fptosi/fptoui (through i32 when N < 32; the
 *                              bounds are powers of two, exact in every
 *                              float type or infinite in half)
 *   load from ptr addrspace(6) P
 *                              load from inttoptr (zext (ptrtoint P to i32)
 *                              to i64 | H << 32) to ptr addrspace(4): the
 *                              32-bit constant address space is the
 *                              constant one with the high dword H from the
 *                              function's "amdgpu-32bit-address-high-bits"
 *                              (AMDGPUUsage "Address Spaces"; 0 when
 *                              absent), as llc-19 forms it (s_mov_b32 s1, H);
 *                              alignment and volatility kept. Atomic loads
 *                              are left (selection refuses them). An
 *                              inbounds getelementptr P stays one on the
 *                              64-bit address (it cannot wrap 32 bits), so
 *                              its offset folds into the load's immediate.
 * Vectors of i1 are handled element-wise by the same casts. */
#include "llvm/cast_through_integers.h"

#include <stdbool.h>
#include <math.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include <llvm-c/Target.h>

static bool is_i1(LLVMTypeRef t) {
  if (LLVMGetTypeKind(t) == LLVMVectorTypeKind) t = LLVMGetElementType(t);
  return LLVMGetTypeKind(t) == LLVMIntegerTypeKind && LLVMGetIntTypeWidth(t) == 1;
}

/* t with its (element) type replaced by i32. */
static LLVMTypeRef as_i32(LLVMContextRef ctx, LLVMTypeRef t) {
  LLVMTypeRef i32 = LLVMInt32TypeInContext(ctx);
  if (LLVMGetTypeKind(t) == LLVMVectorTypeKind) return LLVMVectorType(i32, LLVMGetVectorSize(t));
  return i32;
}

static bool is_float_kind(LLVMTypeRef t) {
  LLVMTypeKind k = LLVMGetTypeKind(t);
  return k == LLVMHalfTypeKind || k == LLVMBFloatTypeKind || k == LLVMFloatTypeKind || k == LLVMDoubleTypeKind;
}

/* A constant of scalar type `et` (float or integer: value `f` or `i`),
 * splat to t's element count when t is a vector. */
static LLVMValueRef splat(LLVMTypeRef t, LLVMTypeRef et, double f, unsigned long long i) {
  LLVMValueRef c = LLVMGetTypeKind(et) == LLVMIntegerTypeKind ? LLVMConstInt(et, i, false) : LLVMConstReal(et, f);
  if (LLVMGetTypeKind(t) != LLVMVectorTypeKind) return c;
  LLVMValueRef e[64];
  unsigned n = LLVMGetVectorSize(t);
  for (unsigned k = 0; k < n; k++) e[k] = c;
  return LLVMConstVector(e, n);
}

/* llvm.fptosi.sat / llvm.fptoui.sat (see the top), or NULL for other
 * calls and for results wider than 64 bits or vectors over 64 elements. */
static LLVMValueRef fp_to_int_sat(LLVMContextRef ctx, LLVMBuilderRef b, LLVMValueRef ins) {
  LLVMValueRef callee = LLVMGetCalledValue(ins);
  size_t len;
  const char *name = callee && LLVMIsAFunction(callee) ? LLVMGetValueName2(callee, &len) : "";
  bool sgn = !strncmp(name, "llvm.fptosi.sat.", 16);
  if (!sgn && strncmp(name, "llvm.fptoui.sat.", 16)) return NULL;
  LLVMValueRef x = LLVMGetOperand(ins, 0);
  LLVMTypeRef rt = LLVMTypeOf(ins), ft = LLVMTypeOf(x);
  bool vec = LLVMGetTypeKind(rt) == LLVMVectorTypeKind;
  LLVMTypeRef re = vec ? LLVMGetElementType(rt) : rt, fe = vec ? LLVMGetElementType(ft) : ft;
  unsigned n = LLVMGetIntTypeWidth(re);
  if (n > 64 || (vec && LLVMGetVectorSize(rt) > 64) || !is_float_kind(fe)) return NULL;
  double lo = sgn ? -ldexp(1, (int)n - 1) : 0, hi = ldexp(1, sgn ? (int)n - 1 : (int)n);
  unsigned long long mask = n == 64 ? ~0ull : (1ull << n) - 1;
  unsigned long long mn = sgn ? (1ull << (n - 1)) & mask : 0, mx = sgn ? mask >> 1 : mask;
  LLVMOpcode op = sgn ? LLVMFPToSI : LLVMFPToUI;
  LLVMValueRef conv;
  if (n < 32) {
    LLVMTypeRef wt = vec ? LLVMVectorType(LLVMInt32TypeInContext(ctx), LLVMGetVectorSize(rt)) : LLVMInt32TypeInContext(ctx);
    conv = LLVMBuildTrunc(b, LLVMBuildCast(b, op, x, wt, ""), rt, "");
  } else {
    conv = LLVMBuildCast(b, op, x, rt, "");
  }
  LLVMValueRef below = LLVMBuildFCmp(b, LLVMRealOLT, x, splat(ft, fe, lo, 0), "");
  LLVMValueRef above = LLVMBuildFCmp(b, LLVMRealOGE, x, splat(ft, fe, hi, 0), "");
  LLVMValueRef nan = LLVMBuildFCmp(b, LLVMRealUNO, x, x, "");
  LLVMValueRef r = LLVMBuildSelect(b, above, splat(rt, re, 0, mx), conv, "");
  r = LLVMBuildSelect(b, below, splat(rt, re, 0, mn), r, "");
  return LLVMBuildSelect(b, nan, splat(rt, re, 0, 0), r, "");
}

/* The high dword of a 32-bit constant address in ins's function: its
 * "amdgpu-32bit-address-high-bits" attribute, 0 when absent. */
static unsigned long long high_bits(LLVMValueRef ins) {
  LLVMValueRef fn = LLVMGetBasicBlockParent(LLVMGetInstructionParent(ins));
  const char *key = "amdgpu-32bit-address-high-bits";
  LLVMAttributeRef a = LLVMGetStringAttributeAtIndex(fn, LLVMAttributeFunctionIndex, key, (unsigned)strlen(key));
  if (!a) return 0;
  unsigned n;
  const char *v = LLVMGetStringAttributeValue(a, &n);
  char buf[32];
  if (!v || n == 0 || n >= sizeof buf) return 0;
  memcpy(buf, v, n);
  buf[n] = 0;
  return strtoull(buf, NULL, 0) & 0xffffffffull;
}

/* The 64-bit constant address (ptr addrspace(4)) of the 32-bit one p,
 * with high dword h (see the header), built before b's position; depth
 * bounds the walk through getelementptrs. */
static LLVMValueRef constant32_address(LLVMContextRef ctx, LLVMBuilderRef b, LLVMValueRef p, unsigned long long h,
                                       unsigned depth) {
  /* an inbounds getelementptr stays one on the 64-bit base: its result
   * and base lie in one object, so base + offset does not wrap 32 bits
   * (LangRef "inbounds") and the offset carries to the 64-bit address
   * unchanged; selection then folds a constant offset into the load's
   * immediate and the loads share one base (as llc-19 selects them) */
  bool gep = LLVMIsAGetElementPtrInst(p) || (LLVMIsAConstantExpr(p) && LLVMGetConstOpcode(p) == LLVMGetElementPtr);
  if (depth < 8 && gep && LLVMIsInBounds(p)) {
    unsigned n = (unsigned)LLVMGetNumOperands(p);
    LLVMValueRef idx[16];
    if (n >= 2 && n - 1 <= 16) {
      for (unsigned k = 1; k < n; k++) idx[k - 1] = LLVMGetOperand(p, k);
      LLVMValueRef base = constant32_address(ctx, b, LLVMGetOperand(p, 0), h, depth + 1);
      return LLVMBuildInBoundsGEP2(b, LLVMGetGEPSourceElementType(p), base, idx, n - 1, "");
    }
  }
  LLVMTypeRef i32 = LLVMInt32TypeInContext(ctx), i64 = LLVMInt64TypeInContext(ctx);
  LLVMValueRef lo = LLVMBuildZExt(b, LLVMBuildPtrToInt(b, p, i32, ""), i64, "");
  if (h) lo = LLVMBuildOr(b, lo, LLVMConstInt(i64, h << 32, 0), "");
  return LLVMBuildIntToPtr(b, lo, LLVMPointerTypeInContext(ctx, 4), "");
}

/* `load T, ptr addrspace(6) P` as a load through the 64-bit constant
 * address (see the header). */
static LLVMValueRef constant32_load(LLVMContextRef ctx, LLVMBuilderRef b, LLVMValueRef ins) {
  LLVMValueRef p = constant32_address(ctx, b, LLVMGetOperand(ins, 0), high_bits(ins), 0);
  LLVMValueRef x = LLVMBuildLoad2(b, LLVMTypeOf(ins), p, "");
  LLVMSetAlignment(x, LLVMGetAlignment(ins));
  LLVMSetVolatile(x, LLVMGetVolatile(ins));
  return x;
}

/* The replacement of `ins` built before it, or NULL when it is not one of ours. */
static LLVMValueRef rewrite(LLVMContextRef ctx, LLVMTargetDataRef td, LLVMBuilderRef b, LLVMValueRef ins) {
  LLVMOpcode op = LLVMGetInstructionOpcode(ins);
  LLVMTypeRef rt = LLVMTypeOf(ins);
  if ((op == LLVMFPToSI || op == LLVMFPToUI) && is_i1(rt)) {
    LLVMValueRef w = LLVMBuildCast(b, op, LLVMGetOperand(ins, 0), as_i32(ctx, rt), "");
    return LLVMBuildTrunc(b, w, rt, "");
  }
  if ((op == LLVMSIToFP || op == LLVMUIToFP) && is_i1(LLVMTypeOf(LLVMGetOperand(ins, 0)))) {
    LLVMValueRef x = LLVMGetOperand(ins, 0);
    LLVMValueRef w = op == LLVMSIToFP ? LLVMBuildSExt(b, x, as_i32(ctx, LLVMTypeOf(x)), "")
                                      : LLVMBuildZExt(b, x, as_i32(ctx, LLVMTypeOf(x)), "");
    return LLVMBuildCast(b, op, w, rt, "");
  }
  if (op == LLVMICmp && is_i1(LLVMTypeOf(LLVMGetOperand(ins, 0)))) {
    LLVMIntPredicate p = LLVMGetICmpPredicate(ins);
    if (p == LLVMIntEQ || p == LLVMIntNE) return NULL;
    bool sgn = p == LLVMIntSLT || p == LLVMIntSGT || p == LLVMIntSLE || p == LLVMIntSGE;
    LLVMValueRef a = LLVMGetOperand(ins, 0), c = LLVMGetOperand(ins, 1);
    LLVMTypeRef wt = as_i32(ctx, LLVMTypeOf(a));
    a = sgn ? LLVMBuildSExt(b, a, wt, "") : LLVMBuildZExt(b, a, wt, "");
    c = sgn ? LLVMBuildSExt(b, c, wt, "") : LLVMBuildZExt(b, c, wt, "");
    return LLVMBuildICmp(b, p, a, c, "");
  }
  if (op == LLVMCall) return fp_to_int_sat(ctx, b, ins);
  if (op == LLVMLoad && LLVMGetOrdering(ins) != LLVMAtomicOrderingNotAtomic) return NULL;
  if (op == LLVMLoad && LLVMGetPointerAddressSpace(LLVMTypeOf(LLVMGetOperand(ins, 0))) == 6) return constant32_load(ctx, b, ins);
  bool ptr = LLVMGetTypeKind(rt) == LLVMPointerTypeKind;
  if (op == LLVMAtomicRMW && LLVMGetAtomicRMWBinOp(ins) == LLVMAtomicRMWBinOpXchg && (is_float_kind(rt) || ptr)) {
    unsigned bits = (unsigned)LLVMSizeOfTypeInBits(td, rt);
    LLVMTypeRef it = LLVMIntTypeInContext(ctx, bits);
    LLVMValueRef v = ptr ? LLVMBuildPtrToInt(b, LLVMGetOperand(ins, 1), it, "")
                         : LLVMBuildBitCast(b, LLVMGetOperand(ins, 1), it, "");
    LLVMValueRef x = LLVMBuildAtomicRMW(b, LLVMAtomicRMWBinOpXchg, LLVMGetOperand(ins, 0), v, LLVMGetOrdering(ins),
                                        LLVMIsAtomicSingleThread(ins));
    LLVMSetVolatile(x, LLVMGetVolatile(ins));
    LLVMSetAlignment(x, LLVMGetAlignment(ins));
    /* a narrower sync scope ("agent", "workgroup") becomes the system
     * scope: LLVM 19's C API cannot copy it, and the wider scope orders at
     * least as much (selection treats every scope alike anyway) */
    return ptr ? LLVMBuildIntToPtr(b, x, rt, "") : LLVMBuildBitCast(b, x, rt, "");
  }
  return NULL;
}

int wir_cast_through_integers(LLVMModuleRef mod) {
  LLVMContextRef ctx = LLVMGetModuleContext(mod);
  LLVMBuilderRef b = LLVMCreateBuilderInContext(ctx);
  LLVMTargetDataRef td = LLVMGetModuleDataLayout(mod);
  int n = 0;
  for (LLVMValueRef f = LLVMGetFirstFunction(mod); f; f = LLVMGetNextFunction(f))
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(f); bb; bb = LLVMGetNextBasicBlock(bb))
      for (LLVMValueRef ins = LLVMGetFirstInstruction(bb); ins;) {
        LLVMValueRef next = LLVMGetNextInstruction(ins);
        LLVMPositionBuilderBefore(b, ins);
        LLVMValueRef r = rewrite(ctx, td, b, ins);
        if (r) {
          LLVMReplaceAllUsesWith(ins, r);
          LLVMInstructionEraseFromParent(ins);
          n++;
        }
        ins = next;
      }
  LLVMDisposeBuilder(b);
  return n;
}
