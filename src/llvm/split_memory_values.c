/* IR pass: `store {i32, i64} %v, ptr %p` and `store [3 x i32] %v, ptr %p`
 * as one store per member (extractvalue, getelementptr i8 by the member's
 * DataLayout offset): the selector stores scalars and vectors only.
 * Padding bytes are not written, as in llc-19's split stores. Stores of
 * vectors of odd-width integers (<3 x i15>) become one store of the packed
 * bits (element 0 lowest) zero-extended to the store size, the bytes
 * llc-19 writes (an i48 for <3 x i15>: 45 bits and 3 zero bits). Loads
 * of them (<8 x i4>, idot8s.ll) read the store size as one integer when it
 * is 1, 2, 4 or 8 bytes and take the elements out by shifts (element 0 in
 * the low bits). */
#include "llvm/split_memory_values.h"

#include "llvm/ir_bits.h"

#include <llvm-c/Target.h>
#include <stdbool.h>
#include <stddef.h>

static unsigned align_at(unsigned al, unsigned long long rel) {
  while (al > 1 && rel % al) al /= 2;
  return al ? al : 1;
}

static void store_members(LLVMBuilderRef b, LLVMTargetDataRef td, LLVMValueRef v, LLVMValueRef p, unsigned long long off,
                          unsigned al, bool vol) {
  LLVMTypeRef t = LLVMTypeOf(v);
  LLVMTypeKind k = LLVMGetTypeKind(t);
  LLVMContextRef ctx = LLVMGetTypeContext(t);
  if (k == LLVMStructTypeKind || k == LLVMArrayTypeKind) {
    unsigned n = k == LLVMStructTypeKind ? LLVMCountStructElementTypes(t) : (unsigned)LLVMGetArrayLength2(t);
    for (unsigned i = 0; i < n; i++) {
      unsigned long long eo = k == LLVMStructTypeKind ? LLVMOffsetOfElement(td, t, i)
                                                      : i * LLVMABISizeOfType(td, LLVMGetElementType(t));
      store_members(b, td, LLVMBuildExtractValue(b, v, i, ""), p, off + eo, al, vol);
    }
    return;
  }
  LLVMValueRef q = p;
  if (off) {
    LLVMValueRef idx = LLVMConstInt(LLVMInt64TypeInContext(ctx), off, 0);
    q = LLVMBuildGEP2(b, LLVMInt8TypeInContext(ctx), p, &idx, 1, "");
  }
  LLVMValueRef s = LLVMBuildStore(b, v, q);
  LLVMSetAlignment(s, align_at(al, off));
  LLVMSetVolatile(s, vol);
}

/* Whether v is a vector of integers of an odd width (not i1: those are
 * lower-bool-vectors'; not 8/16/32/64: the selector's). */
static bool odd_int_vector(LLVMTypeRef t) {
  if (LLVMGetTypeKind(t) != LLVMVectorTypeKind || LLVMGetTypeKind(LLVMGetElementType(t)) != LLVMIntegerTypeKind)
    return false;
  unsigned w = LLVMGetIntTypeWidth(LLVMGetElementType(t));
  return w > 1 && w < 64 && w != 8 && w != 16 && w != 32 && w * LLVMGetVectorSize(t) <= 64;
}

/* The packed bits in an i64 (the vector's store size is at most 8 bytes:
 * odd_int_vector), stored as 4-, 2- and 1-byte pieces (an i48 for
 * <3 x i15> as i32 + i16, as llc-19 does). */
static void store_packed(LLVMBuilderRef b, LLVMTargetDataRef td, LLVMValueRef ins, LLVMValueRef v) {
  LLVMTypeRef t = LLVMTypeOf(v);
  LLVMContextRef ctx = LLVMGetTypeContext(t);
  LLVMTypeRef i64 = LLVMInt64TypeInContext(ctx);
  LLVMValueRef acc = wir_pack_vector(b, v, i64);
  unsigned size = (unsigned)LLVMStoreSizeOfType(td, t), al = LLVMGetAlignment(ins);
  for (unsigned off = 0, piece; off < size; off += piece) {
    piece = size - off >= 8 ? 8 : size - off >= 4 ? 4 : size - off >= 2 ? 2 : 1;
    LLVMValueRef part = LLVMBuildTrunc(b, LLVMBuildLShr(b, acc, LLVMConstInt(i64, 8ull * off, 0), ""),
                                       LLVMIntTypeInContext(ctx, 8 * piece), "");
    LLVMValueRef q = LLVMGetOperand(ins, 1);
    if (off) {
      LLVMValueRef idx = LLVMConstInt(i64, off, 0);
      q = LLVMBuildGEP2(b, LLVMInt8TypeInContext(ctx), q, &idx, 1, "");
    }
    LLVMValueRef s = LLVMBuildStore(b, part, q);
    LLVMSetAlignment(s, align_at(al, off));
    LLVMSetVolatile(s, LLVMGetVolatile(ins));
  }
}

/* A load of an odd-width integer vector whose store size is 1, 2, 4 or 8
 * bytes, as one integer load and shifts; NULL when it is not one. */
static LLVMValueRef load_packed(LLVMBuilderRef b, LLVMTargetDataRef td, LLVMValueRef ins) {
  LLVMTypeRef t = LLVMTypeOf(ins);
  if (!odd_int_vector(t)) return NULL;
  unsigned size = (unsigned)LLVMStoreSizeOfType(td, t);
  if (size != 1 && size != 2 && size != 4 && size != 8) return NULL;
  LLVMContextRef ctx = LLVMGetTypeContext(t);
  LLVMTypeRef it = LLVMIntTypeInContext(ctx, 8 * size);
  LLVMValueRef all = LLVMBuildLoad2(b, it, LLVMGetOperand(ins, 0), "");
  LLVMSetAlignment(all, LLVMGetAlignment(ins));
  LLVMSetVolatile(all, LLVMGetVolatile(ins));
  return wir_unpack_vector(b, all, t);
}

int wir_split_memory_values(LLVMModuleRef mod) {
  LLVMTargetDataRef td = LLVMCreateTargetData(LLVMGetDataLayoutStr(mod));
  LLVMBuilderRef b = LLVMCreateBuilderInContext(LLVMGetModuleContext(mod));
  int n = 0;
  for (LLVMValueRef f = LLVMGetFirstFunction(mod); f; f = LLVMGetNextFunction(f))
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(f); bb; bb = LLVMGetNextBasicBlock(bb))
      for (LLVMValueRef ins = LLVMGetFirstInstruction(bb), next; ins; ins = next) {
        next = LLVMGetNextInstruction(ins);
        if (LLVMIsALoadInst(ins) && LLVMGetOrdering(ins) == LLVMAtomicOrderingNotAtomic) {
          LLVMPositionBuilderBefore(b, ins);
          LLVMValueRef v = load_packed(b, td, ins);
          if (v) {
            LLVMReplaceAllUsesWith(ins, v);
            LLVMInstructionEraseFromParent(ins);
            n++;
          }
          continue;
        }
        if (!LLVMIsAStoreInst(ins) || LLVMGetOrdering(ins) != LLVMAtomicOrderingNotAtomic) continue;
        LLVMValueRef v = LLVMGetOperand(ins, 0);
        LLVMTypeKind k = LLVMGetTypeKind(LLVMTypeOf(v));
        bool odd = odd_int_vector(LLVMTypeOf(v));
        if (k != LLVMStructTypeKind && k != LLVMArrayTypeKind && !odd) continue;
        LLVMPositionBuilderBefore(b, ins);
        if (odd)
          store_packed(b, td, ins, v);
        else
          store_members(b, td, v, LLVMGetOperand(ins, 1), 0, LLVMGetAlignment(ins), LLVMGetVolatile(ins));
        LLVMInstructionEraseFromParent(ins);
        n++;
      }
  LLVMDisposeBuilder(b);
  LLVMDisposeTargetData(td);
  return n;
}
