/* IR pass: `store {i32, i64} %v, ptr %p` and `store [3 x i32] %v, ptr %p`
 * as one store per member (extractvalue, getelementptr i8 by the member's
 * DataLayout offset): the selector stores scalars and vectors only.
 * Padding bytes are not written, as in llc-19's split stores. */
#include "llvm/split_aggregate_stores.h"

#include <llvm-c/Target.h>
#include <stdbool.h>

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

int wir_split_aggregate_stores(LLVMModuleRef mod) {
  LLVMTargetDataRef td = LLVMCreateTargetData(LLVMGetDataLayoutStr(mod));
  LLVMBuilderRef b = LLVMCreateBuilderInContext(LLVMGetModuleContext(mod));
  int n = 0;
  for (LLVMValueRef f = LLVMGetFirstFunction(mod); f; f = LLVMGetNextFunction(f))
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(f); bb; bb = LLVMGetNextBasicBlock(bb))
      for (LLVMValueRef ins = LLVMGetFirstInstruction(bb), next; ins; ins = next) {
        next = LLVMGetNextInstruction(ins);
        if (!LLVMIsAStoreInst(ins) || LLVMGetOrdering(ins) != LLVMAtomicOrderingNotAtomic) continue;
        LLVMValueRef v = LLVMGetOperand(ins, 0);
        LLVMTypeKind k = LLVMGetTypeKind(LLVMTypeOf(v));
        if (k != LLVMStructTypeKind && k != LLVMArrayTypeKind) continue;
        LLVMPositionBuilderBefore(b, ins);
        store_members(b, td, v, LLVMGetOperand(ins, 1), 0, LLVMGetAlignment(ins), LLVMGetVolatile(ins));
        LLVMInstructionEraseFromParent(ins);
        n++;
      }
  LLVMDisposeBuilder(b);
  LLVMDisposeTargetData(td);
  return n;
}
