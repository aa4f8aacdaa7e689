/* IR pass: gfx900 has no bfloat instructions; llc-19 computes bfloat
 * operations in f32 (read from its output for gfx900):
 *   fpext bfloat x to float    bits(x) << 16
 *   fptrunc float y to bfloat  (isnan(y) ? bits(y) | 0x400000
 *                               : bits(y) + 0x7fff + (bits(y) >> 16 & 1)) >> 16
 *                              (round to nearest even, NaNs quieted)
 *   fadd/fsub/fmul/fdiv, fma   in f32 on the extended operands, then the
 *                              rounding above (fma rounds twice, as llc-19)
 *   fneg, fabs, copysign       on the bits (sign bit 15)
 *   fcmp, is.fpclass           on the extended operands (exact)
 * Vectors of bfloat element by element. */
#include "llvm/promote_bf16.h"

#include <stdbool.h>
#include <string.h>

typedef struct bf {
  LLVMModuleRef mod;
  LLVMBuilderRef b;
  LLVMTypeRef f32, i32, i16, bf16;
} bf;

static bool is_bf(LLVMTypeRef t) {
  if (LLVMGetTypeKind(t) == LLVMVectorTypeKind) t = LLVMGetElementType(t);
  return LLVMGetTypeKind(t) == LLVMBFloatTypeKind;
}

static LLVMValueRef ext(bf *c, LLVMValueRef x) {
  LLVMValueRef i = LLVMBuildZExt(c->b, LLVMBuildBitCast(c->b, x, c->i16, ""), c->i32, "");
  return LLVMBuildBitCast(c->b, LLVMBuildShl(c->b, i, LLVMConstInt(c->i32, 16, 0), ""), c->f32, "");
}

static LLVMValueRef rnd(bf *c, LLVMValueRef y) {
  LLVMValueRef u = LLVMBuildBitCast(c->b, y, c->i32, "");
  LLVMValueRef odd = LLVMBuildAnd(c->b, LLVMBuildLShr(c->b, u, LLVMConstInt(c->i32, 16, 0), ""),
                                  LLVMConstInt(c->i32, 1, 0), "");
  LLVMValueRef r = LLVMBuildAdd(c->b, LLVMBuildAdd(c->b, u, odd, ""), LLVMConstInt(c->i32, 0x7fff, 0), "");
  LLVMValueRef q = LLVMBuildOr(c->b, u, LLVMConstInt(c->i32, 0x400000, 0), "");
  LLVMValueRef nan = LLVMBuildFCmp(c->b, LLVMRealUNO, y, y, "");
  LLVMValueRef s = LLVMBuildLShr(c->b, LLVMBuildSelect(c->b, nan, q, r, ""), LLVMConstInt(c->i32, 16, 0), "");
  return LLVMBuildBitCast(c->b, LLVMBuildTrunc(c->b, s, c->i16, ""), c->bf16, "");
}

static LLVMValueRef call(bf *c, const char *name, LLVMTypeRef *tys, unsigned nt, LLVMValueRef *args, unsigned n) {
  unsigned id = LLVMLookupIntrinsicID(name, strlen(name));
  LLVMValueRef fn = LLVMGetIntrinsicDeclaration(c->mod, id, tys, nt);
  return LLVMBuildCall2(c->b, LLVMIntrinsicGetType(LLVMGetModuleContext(c->mod), id, tys, nt), fn, args, n, "");
}

/* Element k of operand i of ins (the operand itself for scalars). */
static LLVMValueRef elem(bf *c, LLVMValueRef v, bool vec, unsigned k) {
  return vec ? LLVMBuildExtractElement(c->b, v, LLVMConstInt(c->i32, k, 0), "") : v;
}

/* One scalar element of ins's operation; NULL when ins is not one this pass
 * rewrites. ops: its operands' element k. */
static LLVMValueRef one(bf *c, LLVMValueRef ins, const char *callee, LLVMValueRef *o, unsigned n) {
  LLVMOpcode op = LLVMGetInstructionOpcode(ins);
  LLVMValueRef sign = LLVMConstInt(c->i16, 0x8000, 0);
  switch (op) {
  case LLVMFPExt: return ext(c, o[0]); /* to float (the caller checks) */
  case LLVMFPTrunc: return rnd(c, o[0]);
  case LLVMFCmp: return LLVMBuildFCmp(c->b, LLVMGetFCmpPredicate(ins), ext(c, o[0]), ext(c, o[1]), "");
  case LLVMFNeg:
    return LLVMBuildBitCast(c->b, LLVMBuildXor(c->b, LLVMBuildBitCast(c->b, o[0], c->i16, ""), sign, ""), c->bf16, "");
  case LLVMFAdd: return rnd(c, LLVMBuildFAdd(c->b, ext(c, o[0]), ext(c, o[1]), ""));
  case LLVMFSub: return rnd(c, LLVMBuildFSub(c->b, ext(c, o[0]), ext(c, o[1]), ""));
  case LLVMFMul: return rnd(c, LLVMBuildFMul(c->b, ext(c, o[0]), ext(c, o[1]), ""));
  case LLVMFDiv: return rnd(c, LLVMBuildFDiv(c->b, ext(c, o[0]), ext(c, o[1]), ""));
  default: break;
  }
  if (!callee) return NULL;
  LLVMValueRef e[3];
  for (unsigned i = 0; i < n && i < 3; i++) e[i] = is_bf(LLVMTypeOf(o[i])) ? ext(c, o[i]) : o[i];
  if (!strncmp(callee, "llvm.fma.", 9) || !strncmp(callee, "llvm.fmuladd.", 13))
    return rnd(c, call(c, "llvm.fma", &c->f32, 1, e, 3));
  if (!strncmp(callee, "llvm.minnum.", 12)) return rnd(c, call(c, "llvm.minnum", &c->f32, 1, e, 2));
  if (!strncmp(callee, "llvm.maxnum.", 12)) return rnd(c, call(c, "llvm.maxnum", &c->f32, 1, e, 2));
  if (!strncmp(callee, "llvm.is.fpclass.", 16)) return call(c, "llvm.is.fpclass", &c->f32, 1, e, 2);
  LLVMValueRef x = LLVMBuildBitCast(c->b, o[0], c->i16, "");
  if (!strncmp(callee, "llvm.fabs.", 10))
    return LLVMBuildBitCast(c->b, LLVMBuildAnd(c->b, x, LLVMConstInt(c->i16, 0x7fff, 0), ""), c->bf16, "");
  if (!strncmp(callee, "llvm.copysign.", 14)) {
    LLVMValueRef y = LLVMBuildAnd(c->b, LLVMBuildBitCast(c->b, o[1], c->i16, ""), sign, "");
    x = LLVMBuildAnd(c->b, x, LLVMConstInt(c->i16, 0x7fff, 0), "");
    return LLVMBuildBitCast(c->b, LLVMBuildOr(c->b, x, y, ""), c->bf16, "");
  }
  return NULL;
}

/* Whether ins is a bfloat operation this pass takes, and its callee name. */
static bool wanted(LLVMValueRef ins, const char **callee) {
  *callee = NULL;
  LLVMOpcode op = LLVMGetInstructionOpcode(ins);
  LLVMTypeRef rt = LLVMTypeOf(ins);
  switch (op) {
  case LLVMFPExt: {
    LLVMTypeRef d = LLVMGetTypeKind(rt) == LLVMVectorTypeKind ? LLVMGetElementType(rt) : rt;
    return is_bf(LLVMTypeOf(LLVMGetOperand(ins, 0))) && LLVMGetTypeKind(d) == LLVMFloatTypeKind;
  }
  case LLVMFPTrunc: {
    LLVMTypeRef s = LLVMTypeOf(LLVMGetOperand(ins, 0));
    if (LLVMGetTypeKind(s) == LLVMVectorTypeKind) s = LLVMGetElementType(s);
    return is_bf(rt) && LLVMGetTypeKind(s) == LLVMFloatTypeKind;
  }
  case LLVMFCmp: return is_bf(LLVMTypeOf(LLVMGetOperand(ins, 0)));
  case LLVMFNeg: case LLVMFAdd: case LLVMFSub: case LLVMFMul: case LLVMFDiv: return is_bf(rt);
  case LLVMCall: {
    LLVMValueRef f = LLVMGetCalledValue(ins);
    if (!LLVMIsAFunction(f) || !LLVMGetIntrinsicID(f) || !LLVMGetNumArgOperands(ins)) return false;
    size_t len;
    *callee = LLVMGetValueName2(f, &len);
    return is_bf(LLVMTypeOf(LLVMGetOperand(ins, 0)));
  }
  default: return false;
  }
}

int wir_promote_bf16(LLVMModuleRef mod) {
  LLVMContextRef ctx = LLVMGetModuleContext(mod);
  bf c = {.mod = mod, .b = LLVMCreateBuilderInContext(ctx), .f32 = LLVMFloatTypeInContext(ctx),
          .i32 = LLVMInt32TypeInContext(ctx), .i16 = LLVMInt16TypeInContext(ctx), .bf16 = LLVMBFloatTypeInContext(ctx)};
  int n = 0;
  for (LLVMValueRef f = LLVMGetFirstFunction(mod); f; f = LLVMGetNextFunction(f))
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(f); bb; bb = LLVMGetNextBasicBlock(bb))
      for (LLVMValueRef ins = LLVMGetFirstInstruction(bb), next; ins; ins = next) {
        next = LLVMGetNextInstruction(ins);
        const char *callee;
        if (!wanted(ins, &callee)) continue;
        LLVMPositionBuilderBefore(c.b, ins);
        LLVMTypeRef rt = LLVMTypeOf(ins);
        bool vec = LLVMGetTypeKind(rt) == LLVMVectorTypeKind;
        unsigned lanes = vec ? LLVMGetVectorSize(rt) : 1, nops = callee ? LLVMGetNumArgOperands(ins)
                                                                        : (unsigned)LLVMGetNumOperands(ins);
        if (nops > 3) continue;
        LLVMValueRef r = vec ? LLVMGetUndef(rt) : NULL, o[3];
        bool ok = true;
        for (unsigned k = 0; k < lanes && ok; k++) {
          for (unsigned i = 0; i < nops; i++) {
            LLVMValueRef v = LLVMGetOperand(ins, i);
            o[i] = elem(&c, v, LLVMGetTypeKind(LLVMTypeOf(v)) == LLVMVectorTypeKind, k);
          }
          LLVMValueRef e = one(&c, ins, callee, o, nops);
          if (!e) ok = false;
          else r = vec ? LLVMBuildInsertElement(c.b, r, e, LLVMConstInt(c.i32, k, 0), "") : e;
        }
        if (!ok) continue; /* left for the selector to report (dead code from the try stays: DCE'd) */
        LLVMReplaceAllUsesWith(ins, r);
        LLVMInstructionEraseFromParent(ins);
        n++;
      }
  LLVMDisposeBuilder(c.b);
  return n;
}
