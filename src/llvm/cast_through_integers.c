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
 * Vectors of i1 are handled element-wise by the same casts. */
#include "llvm/cast_through_integers.h"

#include <stdbool.h>
#include <stddef.h>

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
