/* IR pass: loads and stores of i1 and <N x i1> through bytes.
 *
 * Booleans live in registers as lane masks or SCC-derived 0/1 values, but
 * in memory an i1 is a byte (LLVM LangRef, "load": a type whose size is not
 * a whole number of bytes is stored in its store size, the extra bits
 * unspecified) and a <N x i1> vector is N bits packed from bit 0 into
 * ceil(N / 8) bytes (the data layout's store size of the vector). Rather
 * than teach every memory path of instruction selection about booleans,
 * this pass rewrites:
 *   load i1          -> load i8,  trunc to i1 (only bit 0 is the value)
 *   store i1 v       -> zext v to i8, store i8 (the byte is 0 or 1)
 *   load <N x i1>    -> load iM (M = 8 * ceil(N / 8)), then element k is
 *                       trunc(lshr(x, k)) to i1
 *   store <N x i1> v -> iM built from zext(v[k]) << k, stored
 * Volatile flags and alignments carry over; atomic accesses of i1 do not
 * exist in LLVM IR. Found by differential fuzzing with llvm-stress
 * (issue 13): "unsupported load of i1" was wavecc's most common error. */
#include "llvm/lower_i1_memory.h"

#include <stdbool.h>

/* Bits of the integer that holds `t` in memory, or 0 when `t` is not i1 or
 * a vector of i1 that fits in 64 bits. */
static unsigned mem_bits(LLVMTypeRef t, unsigned *n) {
  *n = 1;
  if (LLVMGetTypeKind(t) == LLVMVectorTypeKind) {
    *n = LLVMGetVectorSize(t);
    t = LLVMGetElementType(t);
  }
  if (LLVMGetTypeKind(t) != LLVMIntegerTypeKind || LLVMGetIntTypeWidth(t) != 1 || *n > 64) return 0;
  return (*n + 7) / 8 * 8;
}

static void copy_access(LLVMValueRef from, LLVMValueRef to) {
  LLVMSetAlignment(to, LLVMGetAlignment(from));
  LLVMSetVolatile(to, LLVMGetVolatile(from));
}

static void lower_load(LLVMBuilderRef b, LLVMContextRef ctx, LLVMValueRef ins, unsigned n, unsigned bits) {
  LLVMTypeRef ity = LLVMIntTypeInContext(ctx, bits), i1 = LLVMInt1TypeInContext(ctx);
  LLVMTypeRef ty = LLVMTypeOf(ins);
  LLVMPositionBuilderBefore(b, ins);
  LLVMValueRef x = LLVMBuildLoad2(b, ity, LLVMGetOperand(ins, 0), "i1mem");
  copy_access(ins, x);
  LLVMValueRef v;
  if (LLVMGetTypeKind(ty) != LLVMVectorTypeKind) {
    v = LLVMBuildTrunc(b, x, i1, "");
  } else {
    v = LLVMGetPoison(ty);
    LLVMTypeRef i32 = LLVMInt32TypeInContext(ctx);
    for (unsigned k = 0; k < n; k++) {
      LLVMValueRef s = k ? LLVMBuildLShr(b, x, LLVMConstInt(ity, k, false), "") : x;
      v = LLVMBuildInsertElement(b, v, LLVMBuildTrunc(b, s, i1, ""), LLVMConstInt(i32, k, false), "");
    }
  }
  LLVMReplaceAllUsesWith(ins, v);
  LLVMInstructionEraseFromParent(ins);
}

static void lower_store(LLVMBuilderRef b, LLVMContextRef ctx, LLVMValueRef ins, unsigned n, unsigned bits) {
  LLVMTypeRef ity = LLVMIntTypeInContext(ctx, bits);
  LLVMValueRef val = LLVMGetOperand(ins, 0);
  LLVMPositionBuilderBefore(b, ins);
  LLVMValueRef x;
  if (LLVMGetTypeKind(LLVMTypeOf(val)) != LLVMVectorTypeKind) {
    x = LLVMBuildZExt(b, val, ity, "");
  } else {
    LLVMTypeRef i32 = LLVMInt32TypeInContext(ctx);
    x = LLVMConstInt(ity, 0, false);
    for (unsigned k = 0; k < n; k++) {
      LLVMValueRef e = LLVMBuildZExt(b, LLVMBuildExtractElement(b, val, LLVMConstInt(i32, k, false), ""), ity, "");
      if (k) e = LLVMBuildShl(b, e, LLVMConstInt(ity, k, false), "");
      x = LLVMBuildOr(b, x, e, "");
    }
  }
  LLVMValueRef st = LLVMBuildStore(b, x, LLVMGetOperand(ins, 1));
  copy_access(ins, st);
  LLVMInstructionEraseFromParent(ins);
}

int wir_lower_i1_memory(LLVMModuleRef mod) {
  LLVMContextRef ctx = LLVMGetModuleContext(mod);
  LLVMBuilderRef b = LLVMCreateBuilderInContext(ctx);
  int lowered = 0;
  for (LLVMValueRef f = LLVMGetFirstFunction(mod); f; f = LLVMGetNextFunction(f))
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(f); bb; bb = LLVMGetNextBasicBlock(bb)) {
      LLVMValueRef ins = LLVMGetFirstInstruction(bb);
      while (ins) {
        LLVMValueRef next = LLVMGetNextInstruction(ins);
        LLVMOpcode op = LLVMGetInstructionOpcode(ins);
        unsigned n, bits;
        if (op == LLVMLoad && LLVMGetOrdering(ins) == LLVMAtomicOrderingNotAtomic &&
            (bits = mem_bits(LLVMTypeOf(ins), &n))) {
          lower_load(b, ctx, ins, n, bits);
          lowered++;
        } else if (op == LLVMStore && LLVMGetOrdering(ins) == LLVMAtomicOrderingNotAtomic &&
                   (bits = mem_bits(LLVMTypeOf(LLVMGetOperand(ins, 0)), &n))) {
          lower_store(b, ctx, ins, n, bits);
          lowered++;
        }
        ins = next;
      }
    }
  LLVMDisposeBuilder(b);
  return lowered;
}
