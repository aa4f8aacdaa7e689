/* IR helpers: constant GEP offsets, vectors as packed integers (see ir_bits.h). */
#include "llvm/ir_bits.h"

#include <stdbool.h>
#include <stddef.h>

bool wir_const_gep_offset(LLVMTargetDataRef td, LLVMValueRef v, int64_t *off) {
  LLVMTypeRef ty = LLVMGetGEPSourceElementType(v);
  int n = LLVMGetNumOperands(v);
  int64_t k = 0;
  for (int i = 1; i < n; i++) {
    LLVMValueRef idx = LLVMGetOperand(v, i);
    if (!LLVMIsAConstantInt(idx)) return false;
    int64_t x = LLVMConstIntGetSExtValue(idx);
    LLVMTypeKind tk = LLVMGetTypeKind(ty);
    if (i == 1) {
      k += x * (int64_t)LLVMABISizeOfType(td, ty);
    } else if (tk == LLVMStructTypeKind) {
      k += (int64_t)LLVMOffsetOfElement(td, ty, (unsigned)x);
      ty = LLVMStructGetTypeAtIndex(ty, (unsigned)x);
    } else if (tk == LLVMArrayTypeKind || tk == LLVMVectorTypeKind) {
      ty = LLVMGetElementType(ty);
      k += x * (int64_t)LLVMABISizeOfType(td, ty);
    } else {
      return false;
    }
  }
  *off = k;
  return true;
}

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
  LLVMValueRef x = NULL;
  /* A poison element must not make the whole integer poison (an `or` with
   * poison is poison, and LLVM then folds every bit read from it): undef
   * and poison constant elements pack as 0, other elements frozen unless
   * they come straight from memory. instcombine leaves such elements in
   * the lanes nobody reads (llvm-stress seed 41552 at -O2: an
   * insertelement into <i1 poison, i1 false> at a variable index, then
   * element 1 read: wavecc folded it to false, the loop exit taken). */
  bool from_memory = LLVMIsALoadInst(v) != NULL;
  for (unsigned i = 0; i < k; i++) {
    LLVMValueRef e = LLVMBuildExtractElement(b, v, LLVMConstInt(i32, i, false), "");
    if (LLVMIsAConstant(e) && (LLVMIsUndef(e) || LLVMIsPoison(e)))
      e = LLVMConstNull(et);
    else if (!LLVMIsAConstant(e) && !from_memory)
      e = LLVMBuildFreeze(b, e, "");
    if (eb == 1) {
      /* a boolean's bit: one select of 1 << i or 0 (a v_cndmask_b32 /
       * s_cselect), not a zext and a shift */
      e = LLVMBuildSelect(b, e, LLVMConstInt(ity, 1ull << i, false), LLVMConstInt(ity, 0, false), "");
    } else {
      if (LLVMGetTypeKind(et) != LLVMIntegerTypeKind) e = LLVMBuildBitCast(b, e, eit, "");
      e = LLVMBuildZExt(b, e, ity, "");
      if (i) e = LLVMBuildShl(b, e, LLVMConstInt(ity, (unsigned long long)i * eb, false), "");
    }
    x = x ? LLVMBuildOr(b, x, e, "") : e;
  }
  return x ? x : LLVMConstInt(ity, 0, false);
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
