/* IR pass: lower integer llvm.vector.reduce.* intrinsics to scalar code.
 *
 * opt -O2's vectorisers turn loops over small vectors into
 * llvm.vector.reduce.{add,mul,and,or,xor,smin,smax,umin,umax}; GCN has no
 * cross-element vector instructions for them (a reduction over the
 * elements of one lane's value is plain scalar work), and LLVM's own
 * ExpandReductions pass exists only in the codegen pipeline, which the
 * LLVM-C pass builder cannot reach. So each call becomes a chain of
 * extractelement + the binary operation (or the llvm.{s,u}{min,max}
 * intrinsic, which instruction selection already handles), left to right
 * as the intrinsic's integer semantics allow (they are associative).
 * Floating-point reductions (fadd/fmul/fmin/fmax) are left alone: their
 * ordering rules differ, and instruction selection reports them as
 * unsupported with the instruction named.
 */
#include "llvm/lower_reductions.h"

#include <stdbool.h>
#include <string.h>

static bool has_prefix(const char *s, size_t n, const char *p) {
  size_t pl = strlen(p);
  return n >= pl && memcmp(s, p, pl) == 0;
}

/* Returns the LLVMOpcode for the simple reductions, 0 for min/max (with
 * *minmax set to the scalar intrinsic's base name), -1 if not handled. */
static int classify(const char *name, size_t n, const char **minmax) {
  static const struct { const char *prefix; LLVMOpcode op; const char *mm; } tab[] = {
    {"llvm.vector.reduce.add.", LLVMAdd, NULL},   {"llvm.vector.reduce.mul.", LLVMMul, NULL},
    {"llvm.vector.reduce.and.", LLVMAnd, NULL},   {"llvm.vector.reduce.or.", LLVMOr, NULL},
    {"llvm.vector.reduce.xor.", LLVMXor, NULL},   {"llvm.vector.reduce.smin.", 0, "llvm.smin"},
    {"llvm.vector.reduce.smax.", 0, "llvm.smax"}, {"llvm.vector.reduce.umin.", 0, "llvm.umin"},
    {"llvm.vector.reduce.umax.", 0, "llvm.umax"},
  };
  for (size_t i = 0; i < sizeof tab / sizeof tab[0]; i++)
    if (has_prefix(name, n, tab[i].prefix)) {
      *minmax = tab[i].mm;
      return (int)tab[i].op;
    }
  return -1;
}

static LLVMValueRef scalar_minmax(LLVMModuleRef mod, LLVMBuilderRef b, const char *base, LLVMTypeRef t,
                                  LLVMValueRef x, LLVMValueRef y) {
  unsigned id = LLVMLookupIntrinsicID(base, strlen(base));
  LLVMValueRef fn = LLVMGetIntrinsicDeclaration(mod, id, &t, 1);
  LLVMValueRef args[2] = {x, y};
  return LLVMBuildCall2(b, LLVMIntrinsicGetType(LLVMGetModuleContext(mod), id, &t, 1), fn, args, 2, "");
}

int wir_lower_reductions(LLVMModuleRef mod) {
  LLVMContextRef ctx = LLVMGetModuleContext(mod);
  LLVMBuilderRef b = LLVMCreateBuilderInContext(ctx);
  LLVMTypeRef i32 = LLVMInt32TypeInContext(ctx);
  int lowered = 0;
  for (LLVMValueRef f = LLVMGetFirstFunction(mod); f; f = LLVMGetNextFunction(f)) {
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(f); bb; bb = LLVMGetNextBasicBlock(bb)) {
      LLVMValueRef ins = LLVMGetFirstInstruction(bb);
      while (ins) {
        LLVMValueRef next = LLVMGetNextInstruction(ins);
        LLVMValueRef callee = LLVMIsACallInst(ins) ? LLVMGetCalledValue(ins) : NULL;
        if (callee && LLVMIsAFunction(callee)) {
          size_t n;
          const char *name = LLVMGetValueName2(callee, &n);
          const char *mm = NULL;
          int op = classify(name, n, &mm);
          LLVMValueRef vec = op >= 0 ? LLVMGetOperand(ins, 0) : NULL;
          LLVMTypeRef vt = vec ? LLVMTypeOf(vec) : NULL;
          if (vt && LLVMGetTypeKind(vt) == LLVMVectorTypeKind &&
              LLVMGetTypeKind(LLVMGetElementType(vt)) == LLVMIntegerTypeKind) {
            LLVMTypeRef et = LLVMGetElementType(vt);
            unsigned count = LLVMGetVectorSize(vt);
            LLVMPositionBuilderBefore(b, ins);
            LLVMValueRef acc = LLVMBuildExtractElement(b, vec, LLVMConstInt(i32, 0, 0), "");
            for (unsigned i = 1; i < count; i++) {
              LLVMValueRef e = LLVMBuildExtractElement(b, vec, LLVMConstInt(i32, i, 0), "");
              acc = op > 0 ? LLVMBuildBinOp(b, (LLVMOpcode)op, acc, e, "") : scalar_minmax(mod, b, mm, et, acc, e);
            }
            LLVMReplaceAllUsesWith(ins, acc);
            LLVMInstructionEraseFromParent(ins);
            lowered++;
          }
        }
        ins = next;
      }
    }
  }
  LLVMDisposeBuilder(b);
  return lowered;
}
