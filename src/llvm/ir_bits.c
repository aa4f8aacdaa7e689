/* IR helpers: vectors as packed integers, block splitting (see ir_bits.h). */
#include "llvm/ir_bits.h"

#include <stdbool.h>
#include <stdio.h>
#include <string.h>

unsigned wir_elem_bits(LLVMTypeRef t) {
  switch (LLVMGetTypeKind(t)) {
  case LLVMIntegerTypeKind: return LLVMGetIntTypeWidth(t);
  case LLVMHalfTypeKind: case LLVMBFloatTypeKind: return 16;
  case LLVMFloatTypeKind: return 32;
  case LLVMDoubleTypeKind: return 64;
  default: return 0;
  }
}

LLVMValueRef wir_pack_vector(LLVMBuilderRef b, LLVMValueRef v, LLVMTypeRef ity) {
  LLVMTypeRef vt = LLVMTypeOf(v), et = LLVMGetElementType(vt);
  LLVMContextRef ctx = LLVMGetTypeContext(vt);
  unsigned k = LLVMGetVectorSize(vt), eb = wir_elem_bits(et);
  LLVMTypeRef eit = LLVMIntTypeInContext(ctx, eb), i32 = LLVMInt32TypeInContext(ctx);
  LLVMValueRef x = LLVMConstInt(ity, 0, false);
  for (unsigned i = 0; i < k; i++) {
    LLVMValueRef e = LLVMBuildExtractElement(b, v, LLVMConstInt(i32, i, false), "");
    if (LLVMGetTypeKind(et) != LLVMIntegerTypeKind) e = LLVMBuildBitCast(b, e, eit, "");
    e = LLVMBuildZExt(b, e, ity, "");
    if (i) e = LLVMBuildShl(b, e, LLVMConstInt(ity, (unsigned long long)i * eb, false), "");
    x = LLVMBuildOr(b, x, e, "");
  }
  return x;
}

LLVMValueRef wir_unpack_vector(LLVMBuilderRef b, LLVMValueRef x, LLVMTypeRef vt) {
  LLVMTypeRef et = LLVMGetElementType(vt), t = LLVMTypeOf(x);
  LLVMContextRef ctx = LLVMGetTypeContext(vt);
  unsigned k = LLVMGetVectorSize(vt), eb = wir_elem_bits(et);
  LLVMTypeRef eit = LLVMIntTypeInContext(ctx, eb), i32 = LLVMInt32TypeInContext(ctx);
  LLVMValueRef v = LLVMGetPoison(vt);
  for (unsigned i = 0; i < k; i++) {
    LLVMValueRef e = i ? LLVMBuildLShr(b, x, LLVMConstInt(t, (unsigned long long)i * eb, false), "") : x;
    e = LLVMBuildTrunc(b, e, eit, "");
    if (LLVMGetTypeKind(et) != LLVMIntegerTypeKind) e = LLVMBuildBitCast(b, e, et, "");
    v = LLVMBuildInsertElement(b, v, e, LLVMConstInt(i32, i, false), "");
  }
  return v;
}

/* Phis of `succ` naming `from` as a predecessor now name `to`. */
static void retarget_phis(LLVMBuilderRef b, LLVMBasicBlockRef succ, LLVMBasicBlockRef from, LLVMBasicBlockRef to) {
  LLVMValueRef phi = LLVMGetFirstInstruction(succ);
  while (phi && LLVMIsAPHINode(phi)) {
    LLVMValueRef next = LLVMGetNextInstruction(phi);
    bool hit = false;
    for (unsigned i = 0; i < LLVMCountIncoming(phi); i++) hit |= LLVMGetIncomingBlock(phi, i) == from;
    if (hit) {
      LLVMPositionBuilderBefore(b, phi);
      size_t n;
      const char *name = LLVMGetValueName2(phi, &n);
      char buf[256];
      snprintf(buf, sizeof buf, "%.*s", (int)(n < 255 ? n : 255), name);
      LLVMValueRef np = LLVMBuildPhi(b, LLVMTypeOf(phi), "");
      for (unsigned i = 0; i < LLVMCountIncoming(phi); i++) {
        LLVMValueRef v = LLVMGetIncomingValue(phi, i);
        LLVMBasicBlockRef bb = LLVMGetIncomingBlock(phi, i);
        if (bb == from) bb = to;
        LLVMAddIncoming(np, &v, &bb, 1);
      }
      LLVMReplaceAllUsesWith(phi, np);
      LLVMInstructionEraseFromParent(phi);
      LLVMSetValueName2(np, buf, strlen(buf));
    }
    phi = next;
  }
}

/* Moves `ins` and everything after it into a new block placed after its
 * block; the old block is left without a terminator. Returns the new
 * block. */
LLVMBasicBlockRef wir_split_before(LLVMBuilderRef b, LLVMValueRef ins, const char *name) {
  LLVMBasicBlockRef bb = LLVMGetInstructionParent(ins);
  LLVMBasicBlockRef next = LLVMGetNextBasicBlock(bb);
  LLVMValueRef fn = LLVMGetBasicBlockParent(bb);
  LLVMContextRef ctx = LLVMGetTypeContext(LLVMTypeOf(fn));
  LLVMBasicBlockRef tail = next ? LLVMInsertBasicBlockInContext(ctx, next, name)
                                : LLVMAppendBasicBlockInContext(ctx, fn, name);
  LLVMPositionBuilderAtEnd(b, tail);
  for (LLVMValueRef i = ins; i;) {
    LLVMValueRef n = LLVMGetNextInstruction(i);
    LLVMInstructionRemoveFromParent(i);
    LLVMInsertIntoBuilder(b, i);
    i = n;
  }
  LLVMValueRef term = LLVMGetBasicBlockTerminator(tail);
  for (unsigned s = 0; term && s < LLVMGetNumSuccessors(term); s++) retarget_phis(b, LLVMGetSuccessor(term, s), bb, tail);
  return tail;
}
