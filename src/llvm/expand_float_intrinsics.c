/* IR pass: the f32 transcendental intrinsics as the sequences llc-19 emits
 * for gfx900 (its AMDGPU lowering of FSIN/FCOS/FEXP2/FLOG2/FEXP/FLOG
 * without fast-math flags; read from llc-19's output), built from the
 * hardware's approximations llvm.amdgcn.sin/cos (revolutions), exp2 and
 * log (base 2), so that wavecc's results are llc-19's bit for bit:
 *
 *   sin(x), cos(x)  amdgcn.sin/cos(x * 0.15915494)            (1 / 2pi)
 *   exp2(x)         s = x < -126; amdgcn.exp2(x + (s ? 64 : 0)) * (s ? 2^-64 : 1)
 *   log2(x)         s = x < 2^-126; amdgcn.log(x * (s ? 2^32 : 1)) - (s ? 32 : 0)
 *   exp(x)          p = x * log2(e) with its rounding error (two fma, the
 *                   constant split 0x3fb8aa3b + 0x32a5705f), n = roundeven(p):
 *                   ldexp(amdgcn.exp2(p - n + err), n); 0 below -103.27893,
 *                   +inf above 88.72284
 *   log(x)          l = log2 of x as above (unscaled), l * ln(2) with its
 *                   rounding error (0x3f317217 + 0x3377d1cf) where l is
 *                   finite, minus 32 ln(2) when x was scaled
 *   exp10(x), log10(x)  as exp and log with log2(10) (0x40549a78 +
 *                   0x33979a37; bounds -44.85346, 38.53184) and log10(2)
 *                   (0x3e9a209a + 0x3284fbcf, 32 log10(2) = 0x411a209b)
 *   pow(x, y)       amdgcn.exp2(fmul.legacy(y, amdgcn.log(x)))
 * frem is expand-frem's (expand_frem.cpp: the exact remainder).
 * Vector calls are scalarised before this pass (scalarize-vector-intrinsics).
 * f64 and f16 calls are left alone: selection reports them. */
#include "llvm/expand_float_intrinsics.h"

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

typedef struct fx {
  LLVMModuleRef mod;
  LLVMBuilderRef b;
  LLVMTypeRef f32;
} fx;

static LLVMValueRef k32(fx *c, uint32_t bits) {
  float f;
  memcpy(&f, &bits, sizeof f);
  return LLVMConstReal(c->f32, (double)f);
}

/* A call of the f32-overloaded intrinsic `name` (or a non-overloaded one). */
static LLVMValueRef call(fx *c, const char *name, bool overloaded, LLVMValueRef *args, unsigned n) {
  unsigned id = LLVMLookupIntrinsicID(name, strlen(name));
  LLVMTypeRef tys[2] = {c->f32, LLVMInt32TypeInContext(LLVMGetModuleContext(c->mod))};
  unsigned nt = overloaded ? (!strcmp(name, "llvm.ldexp") ? 2 : 1) : 0;
  LLVMValueRef fn = LLVMGetIntrinsicDeclaration(c->mod, id, tys, nt);
  LLVMTypeRef ft = LLVMIntrinsicGetType(LLVMGetModuleContext(c->mod), id, tys, nt);
  return LLVMBuildCall2(c->b, ft, fn, args, n, "");
}

static LLVMValueRef call1(fx *c, const char *name, LLVMValueRef x) { return call(c, name, true, &x, 1); }

static LLVMValueRef fma3(fx *c, LLVMValueRef a, LLVMValueRef b, LLVMValueRef d) {
  LLVMValueRef args[3] = {a, b, d};
  return call(c, "llvm.fma", true, args, 3);
}

static LLVMValueRef sel(fx *c, LLVMValueRef cond, uint32_t t, uint32_t f) {
  return LLVMBuildSelect(c->b, cond, k32(c, t), k32(c, f), "");
}

/* log2 of x with denormal inputs scaled by 2^32 first; *scaled is the
 * condition (x < 2^-126), the result not yet corrected for it. */
static LLVMValueRef log2_scaled(fx *c, LLVMValueRef x, LLVMValueRef *scaled) {
  *scaled = LLVMBuildFCmp(c->b, LLVMRealOLT, x, k32(c, 0x00800000u), "");
  return call1(c, "llvm.amdgcn.log", LLVMBuildFMul(c->b, x, sel(c, *scaled, 0x4f800000u, 0x3f800000u), ""));
}

static LLVMValueRef expand(fx *c, const char *n, LLVMValueRef x) {
  if (!strcmp(n, "llvm.sin.f32") || !strcmp(n, "llvm.cos.f32")) {
    LLVMValueRef r = LLVMBuildFMul(c->b, x, k32(c, 0x3e22f983u), "");
    return call1(c, n[5] == 's' ? "llvm.amdgcn.sin" : "llvm.amdgcn.cos", r);
  }
  if (!strcmp(n, "llvm.exp2.f32")) {
    LLVMValueRef s = LLVMBuildFCmp(c->b, LLVMRealOLT, x, k32(c, 0xc2fc0000u), "");
    LLVMValueRef e = call1(c, "llvm.amdgcn.exp2", LLVMBuildFAdd(c->b, x, sel(c, s, 0x42800000u, 0), ""));
    return LLVMBuildFMul(c->b, e, sel(c, s, 0x1f800000u, 0x3f800000u), "");
  }
  if (!strcmp(n, "llvm.log2.f32")) {
    LLVMValueRef s, l = log2_scaled(c, x, &s);
    return LLVMBuildFSub(c->b, l, sel(c, s, 0x42000000u, 0), "");
  }
  if (!strcmp(n, "llvm.exp.f32") || !strcmp(n, "llvm.exp10.f32")) {
    /* exp10: log2(10) split 0x40549a78 + 0x33979a37, 0 below -44.85346,
     * +inf above 38.53184 */
    bool e10 = n[8] == '1';
    uint32_t hi = e10 ? 0x40549a78u : 0x3fb8aa3bu, lo = e10 ? 0x33979a37u : 0x32a5705fu;
    uint32_t under = e10 ? 0xc23369f4u : 0xc2ce8ed0u, over = e10 ? 0x421a209bu : 0x42b17218u;
    LLVMValueRef ph = LLVMBuildFMul(c->b, x, k32(c, hi), "");
    LLVMValueRef pl = fma3(c, x, k32(c, hi), LLVMBuildFNeg(c->b, ph, ""));
    pl = fma3(c, x, k32(c, lo), pl);
    LLVMValueRef nr = call1(c, "llvm.roundeven", ph);
    LLVMValueRef a = LLVMBuildFAdd(c->b, LLVMBuildFSub(c->b, ph, nr, ""), pl, "");
    LLVMValueRef args[2] = {call1(c, "llvm.amdgcn.exp2", a),
                            LLVMBuildFPToSI(c->b, nr, LLVMInt32TypeInContext(LLVMGetModuleContext(c->mod)), "")};
    LLVMValueRef r = call(c, "llvm.ldexp", true, args, 2);
    r = LLVMBuildSelect(c->b, LLVMBuildFCmp(c->b, LLVMRealOLT, x, k32(c, under), ""), k32(c, 0), r, "");
    return LLVMBuildSelect(c->b, LLVMBuildFCmp(c->b, LLVMRealOGT, x, k32(c, over), ""), k32(c, 0x7f800000u), r, "");
  }
  if (!strcmp(n, "llvm.log.f32") || !strcmp(n, "llvm.log10.f32")) {
    /* log10: log10(2) split 0x3e9a209a + 0x3284fbcf, 32 log10(2) */
    bool l10 = n[8] == '1';
    uint32_t hi = l10 ? 0x3e9a209au : 0x3f317217u, lo = l10 ? 0x3284fbcfu : 0x3377d1cfu;
    LLVMValueRef s, l = log2_scaled(c, x, &s);
    LLVMValueRef r = LLVMBuildFMul(c->b, l, k32(c, hi), "");
    LLVMValueRef t = fma3(c, l, k32(c, hi), LLVMBuildFNeg(c->b, r, ""));
    t = fma3(c, l, k32(c, lo), t);
    r = LLVMBuildFAdd(c->b, r, t, "");
    LLVMValueRef fin = LLVMBuildFCmp(c->b, LLVMRealOLT, call1(c, "llvm.fabs", l), k32(c, 0x7f800000u), "");
    r = LLVMBuildSelect(c->b, fin, r, l, "");
    return LLVMBuildFSub(c->b, r, sel(c, s, l10 ? 0x411a209bu : 0x41b17218u, 0), "");
  }
  return NULL;
}

/* pow(x, y) as llc-19 lowers it for gfx900 (no range reduction):
 * amdgcn.exp2(fmul.legacy(y, amdgcn.log(x))); the legacy product makes
 * pow(x, 0) 1 for x = 0 and infinities too. */
static LLVMValueRef expand_pow(fx *c, LLVMValueRef x, LLVMValueRef y) {
  LLVMValueRef args[2] = {y, call1(c, "llvm.amdgcn.log", x)};
  return call1(c, "llvm.amdgcn.exp2", call(c, "llvm.amdgcn.fmul.legacy", false, args, 2));
}

int wir_expand_float_intrinsics(LLVMModuleRef mod) {
  fx c = {.mod = mod, .b = LLVMCreateBuilderInContext(LLVMGetModuleContext(mod)),
          .f32 = LLVMFloatTypeInContext(LLVMGetModuleContext(mod))};
  int n = 0;
  for (LLVMValueRef f = LLVMGetFirstFunction(mod); f; f = LLVMGetNextFunction(f))
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(f); bb; bb = LLVMGetNextBasicBlock(bb))
      for (LLVMValueRef ins = LLVMGetFirstInstruction(bb); ins;) {
        LLVMValueRef next = LLVMGetNextInstruction(ins);
        LLVMValueRef callee = LLVMIsACallInst(ins) ? LLVMGetCalledValue(ins) : NULL;
        if (callee && LLVMIsAFunction(callee) && LLVMGetIntrinsicID(callee)) {
          size_t len;
          const char *name = LLVMGetValueName2(callee, &len);
          LLVMPositionBuilderBefore(c.b, ins);
          LLVMValueRef r = !strcmp(name, "llvm.pow.f32") ? expand_pow(&c, LLVMGetOperand(ins, 0), LLVMGetOperand(ins, 1))
                                                         : expand(&c, name, LLVMGetOperand(ins, 0));
          if (r) {
            LLVMReplaceAllUsesWith(ins, r);
            LLVMInstructionEraseFromParent(ins);
            n++;
          }
        }
        ins = next;
      }
  LLVMDisposeBuilder(c.b);
  return n;
}
