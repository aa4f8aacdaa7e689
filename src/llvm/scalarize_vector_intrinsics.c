/* IR pass: scalarise element-wise intrinsics on fixed-width vectors.
 *
 * OpenCL's vector built-ins reach the back end as vector intrinsics
 * (popcount(int4) -> llvm.ctpop.v4i32, rotate(ulong2) -> llvm.fshl.v2i64,
 * ldexp(float4, int4) -> llvm.ldexp.v4f32.v4i32, ...). GCN has no vector
 * registers in the IR's sense: a vector is one register per element in each
 * lane, so an element-wise intrinsic is simply its scalar form applied to
 * every element. LLVM's Scalarizer pass does this, but only for the
 * intrinsics its TTI hook names, and the LLVM-C pass builder cannot hand it
 * ours; so this pass does it generally, and a new element-wise intrinsic
 * needs no work here once instruction selection has its scalar form.
 *
 * Algorithm, per call of an intrinsic with a fixed vector result <N x T>
 * (or a literal struct of N-element vectors, the *.with.overflow shape,
 * used only through extractvalue):
 *  1. Shape: every argument is a vector of N elements (split per element)
 *     or not a vector at all (passed unchanged to every scalar call: the
 *     i1 "zero is poison" flag of ctlz/cttz, powi's i32 exponent). At least
 *     one argument is a vector. Families that are not element-wise although
 *     they may have this shape (llvm.masked.*, llvm.vector.*, llvm.vp.*,
 *     llvm.experimental.*, llvm.matrix.*, llvm.amdgcn.*, ...) are skipped.
 *  2. Overloaded types: the intrinsic must be overloaded; its name's
 *     suffix (llvm.ldexp.v4f32.v4i32 -> "v4f32", "v4i32") lists the
 *     overloaded types in mangled form (LLVM LangRef, "Intrinsic
 *     Functions": overloaded intrinsics carry their types in the name).
 *     Each suffix component must be the mangled form of the result or an
 *     argument type; its scalar element type becomes the scalar overload.
 *  3. The scalar declaration (LLVMGetIntrinsicDeclaration) must have
 *     exactly the expected signature: T (scalar args...). Any mismatch
 *     means the intrinsic is not element-wise in this way: skipped.
 *  4. N scalar calls on extractelement'ed arguments, joined by
 *     insertelement into the result; fast-math flags and metadata (!fpmath
 *     decides sqrt's accuracy) are copied to every scalar call.
 * Skipped calls stay as they are: instruction selection reports what it
 * cannot select, naming the call, so nothing is ever silently wrong.
 */
#include "llvm/scalarize_vector_intrinsics.h"

#include <assert.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { MAX_ARGS = 8, MAX_OVERLOADS = 8, MANGLED = 32, MAX_MEMBERS = 4 };

static bool has_prefix(const char *s, size_t n, const char *p) {
  size_t pl = strlen(p);
  return n >= pl && memcmp(s, p, pl) == 0;
}

/* Families whose vector forms are not element-wise (masks, lane
 * permutations, whole-vector operations) or are target intrinsics with
 * fixed vector signatures. */
static bool denied(const char *name, size_t n) {
  static const char *const deny[] = {
      "llvm.masked.", "llvm.vector.", "llvm.vp.",  "llvm.experimental.", "llvm.matrix.",
      "llvm.amdgcn.", "llvm.stepvector", "llvm.get.active.lane.mask", "llvm.memcpy", "llvm.memset",
      "llvm.memmove",
  };
  for (size_t i = 0; i < sizeof deny / sizeof deny[0]; i++)
    if (has_prefix(name, n, deny[i])) return true;
  return false;
}

/* <N x i16> min/max and saturating add/sub stay whole: instruction
 * selection computes two elements per VOP3P instruction (isel_packed.c),
 * and selects them element by element otherwise. */
static bool packed_whole(const char *name, size_t n, LLVMTypeRef rt) {
  static const char *const keep[] = {"llvm.smax.", "llvm.smin.", "llvm.umax.", "llvm.umin.",
                                     "llvm.sadd.sat.", "llvm.ssub.sat.", "llvm.uadd.sat.", "llvm.usub.sat."};
  if (LLVMGetTypeKind(rt) != LLVMVectorTypeKind || LLVMGetVectorSize(rt) > 16) return false;
  LLVMTypeRef et = LLVMGetElementType(rt);
  if (LLVMGetTypeKind(et) != LLVMIntegerTypeKind || LLVMGetIntTypeWidth(et) != 16) return false;
  for (size_t i = 0; i < sizeof keep / sizeof keep[0]; i++)
    if (has_prefix(name, n, keep[i])) return true;
  return false;
}

static const char packed_f32_flag[] = "wavecc-packed-f32";

void wir_mark_packed_f32(LLVMModuleRef mod) {
  LLVMTypeRef i32 = LLVMInt32TypeInContext(LLVMGetModuleContext(mod));
  LLVMAddModuleFlag(mod, LLVMModuleFlagBehaviorOverride, packed_f32_flag, sizeof packed_f32_flag - 1,
                    LLVMValueAsMetadata(LLVMConstInt(i32, 1, 0)));
}

/* <2 x float> fma and fmuladd stay whole in a module marked with
 * wir_mark_packed_f32: instruction selection makes them one v_pk_fma_f32
 * (isel_pk_f32.c), or one v_fma_f32 per element as the scalar calls. */
static bool packed_f32_whole(LLVMModuleRef mod, const char *name, size_t n, LLVMTypeRef rt) {
  if (!LLVMGetModuleFlag(mod, packed_f32_flag, sizeof packed_f32_flag - 1)) return false;
  if (LLVMGetTypeKind(rt) != LLVMVectorTypeKind || LLVMGetVectorSize(rt) != 2 ||
      LLVMGetTypeKind(LLVMGetElementType(rt)) != LLVMFloatTypeKind)
    return false;
  return has_prefix(name, n, "llvm.fma.") || has_prefix(name, n, "llvm.fmuladd.");
}

/* LLVM's mangled name of a type as it appears in an overloaded intrinsic's
 * name (i32, f32, f16, bf16, f64, p1, v4i32); false for types the pass
 * does not need to name. */
static bool mangle(LLVMTypeRef t, char *buf, size_t n) {
  switch (LLVMGetTypeKind(t)) {
  case LLVMIntegerTypeKind: snprintf(buf, n, "i%u", LLVMGetIntTypeWidth(t)); return true;
  case LLVMHalfTypeKind: snprintf(buf, n, "f16"); return true;
  case LLVMBFloatTypeKind: snprintf(buf, n, "bf16"); return true;
  case LLVMFloatTypeKind: snprintf(buf, n, "f32"); return true;
  case LLVMDoubleTypeKind: snprintf(buf, n, "f64"); return true;
  case LLVMPointerTypeKind: snprintf(buf, n, "p%u", LLVMGetPointerAddressSpace(t)); return true;
  case LLVMVectorTypeKind: {
    char e[MANGLED];
    if (!mangle(LLVMGetElementType(t), e, sizeof e)) return false;
    int w = snprintf(buf, n, "v%u%s", LLVMGetVectorSize(t), e);
    return w > 0 && (size_t)w < n;
  }
  default: return false;
  }
}

static LLVMTypeRef scalar_of(LLVMTypeRef t) {
  return LLVMGetTypeKind(t) == LLVMVectorTypeKind ? LLVMGetElementType(t) : t;
}

/* Lanes and scalar result type of a call result that is a fixed vector
 * <N x T> (scalar: T) or a literal struct of N-element vectors, the
 * *.with.overflow shape (scalar: the struct of their element types) whose
 * every user is a one-index extractvalue; 0 for anything else. */
static unsigned result_lanes(LLVMValueRef call, LLVMTypeRef *scalar) {
  LLVMTypeRef rt = LLVMTypeOf(call);
  if (LLVMGetTypeKind(rt) == LLVMVectorTypeKind) {
    *scalar = LLVMGetElementType(rt);
    return LLVMGetVectorSize(rt);
  }
  unsigned nm = LLVMGetTypeKind(rt) == LLVMStructTypeKind ? LLVMCountStructElementTypes(rt) : 0;
  if (nm == 0 || nm > MAX_MEMBERS || !LLVMIsLiteralStruct(rt)) return 0;
  LLVMTypeRef m[MAX_MEMBERS];
  LLVMGetStructElementTypes(rt, m);
  unsigned n = 0;
  for (unsigned i = 0; i < nm; i++) {
    if (LLVMGetTypeKind(m[i]) != LLVMVectorTypeKind || (n && LLVMGetVectorSize(m[i]) != n)) return 0;
    n = LLVMGetVectorSize(m[i]);
    m[i] = LLVMGetElementType(m[i]);
  }
  for (LLVMUseRef u = LLVMGetFirstUse(call); u; u = LLVMGetNextUse(u)) {
    LLVMValueRef user = LLVMGetUser(u);
    if (!LLVMIsAExtractValueInst(user) || LLVMGetNumIndices(user) != 1) return 0;
  }
  *scalar = LLVMStructTypeInContext(LLVMGetTypeContext(rt), m, nm, 0);
  return n;
}

/* Steps 1-3 of the header comment: the scalar declaration for `call`, or
 * NULL when the call is not an element-wise vector intrinsic. */
static LLVMValueRef scalar_decl(LLVMModuleRef mod, LLVMValueRef call, LLVMValueRef callee, unsigned *lanes) {
  unsigned id = LLVMGetIntrinsicID(callee);
  LLVMTypeRef rt = LLVMTypeOf(call), srt = NULL;
  unsigned n = id ? result_lanes(call, &srt) : 0;
  if (!n || !LLVMIntrinsicIsOverloaded(id)) return NULL;
  size_t nlen;
  const char *name = LLVMGetValueName2(callee, &nlen);
  if (denied(name, nlen) || packed_whole(name, nlen, rt) || packed_f32_whole(mod, name, nlen, rt)) return NULL;
  unsigned nargs = (unsigned)LLVMGetNumArgOperands(call);
  if (nargs > MAX_ARGS) return NULL;
  LLVMTypeRef types[MAX_ARGS + 1];
  types[0] = rt;
  bool any_vector = false;
  for (unsigned i = 0; i < nargs; i++) {
    types[i + 1] = LLVMTypeOf(LLVMGetOperand(call, i));
    if (LLVMGetTypeKind(types[i + 1]) == LLVMVectorTypeKind) {
      if (LLVMGetVectorSize(types[i + 1]) != n) return NULL;
      any_vector = true;
    }
  }
  if (!any_vector) return NULL;
  /* the overloaded types, from the name's suffix */
  size_t blen;
  const char *base = LLVMIntrinsicGetName(id, &blen);
  if (nlen <= blen + 1 || memcmp(name, base, blen) != 0 || name[blen] != '.') return NULL;
  LLVMTypeRef ov[MAX_OVERLOADS];
  unsigned nov = 0;
  for (size_t p = blen + 1; p < nlen;) {
    size_t q = p;
    while (q < nlen && name[q] != '.') q++;
    if (nov == MAX_OVERLOADS || q - p >= MANGLED) return NULL;
    LLVMTypeRef found = NULL;
    for (unsigned i = 0; i <= nargs && !found; i++) {
      char m[MANGLED];
      if (mangle(types[i], m, sizeof m) && strlen(m) == q - p && memcmp(m, name + p, q - p) == 0)
        found = scalar_of(types[i]);
    }
    if (!found) return NULL;
    ov[nov++] = found;
    p = q + 1;
  }
  LLVMValueRef decl = LLVMGetIntrinsicDeclaration(mod, id, ov, nov);
  LLVMTypeRef ft = LLVMGlobalGetValueType(decl);
  if (LLVMGetReturnType(ft) != srt || LLVMCountParamTypes(ft) != nargs || LLVMIsFunctionVarArg(ft))
    return NULL;
  LLVMTypeRef pt[MAX_ARGS];
  LLVMGetParamTypes(ft, pt);
  for (unsigned i = 0; i < nargs; i++)
    if (pt[i] != scalar_of(types[i + 1])) return NULL;
  *lanes = n;
  return decl;
}

/* Step 4: the scalar calls replacing `call`. A struct result becomes one
 * vector per member, each replacing the extractvalues of that member. */
static void expand(LLVMModuleRef mod, LLVMBuilderRef b, LLVMValueRef call, LLVMValueRef decl, unsigned n) {
  LLVMContextRef ctx = LLVMGetModuleContext(mod);
  LLVMTypeRef i32 = LLVMInt32TypeInContext(ctx), rt = LLVMTypeOf(call);
  LLVMTypeRef ft = LLVMGlobalGetValueType(decl);
  unsigned nargs = (unsigned)LLVMGetNumArgOperands(call);
  bool is_struct = LLVMGetTypeKind(rt) == LLVMStructTypeKind;
  unsigned nm = is_struct ? LLVMCountStructElementTypes(rt) : 1;
  size_t nmd = 0;
  LLVMValueMetadataEntry *md = LLVMInstructionGetAllMetadataOtherThanDebugLoc(call, &nmd);
  bool fmf = LLVMCanValueUseFastMathFlags(call);
  LLVMPositionBuilderBefore(b, call);
  LLVMValueRef acc[MAX_MEMBERS];
  for (unsigned m = 0; m < nm; m++) acc[m] = LLVMGetPoison(is_struct ? LLVMStructGetTypeAtIndex(rt, m) : rt);
  for (unsigned e = 0; e < n; e++) {
    LLVMValueRef idx = LLVMConstInt(i32, e, 0), args[MAX_ARGS];
    for (unsigned i = 0; i < nargs; i++) {
      LLVMValueRef a = LLVMGetOperand(call, i);
      args[i] = LLVMGetTypeKind(LLVMTypeOf(a)) == LLVMVectorTypeKind ? LLVMBuildExtractElement(b, a, idx, "") : a;
    }
    LLVMValueRef s = LLVMBuildCall2(b, ft, decl, args, nargs, "");
    if (fmf && LLVMCanValueUseFastMathFlags(s)) LLVMSetFastMathFlags(s, LLVMGetFastMathFlags(call));
    for (size_t k = 0; k < nmd; k++)
      LLVMSetMetadata(s, LLVMValueMetadataEntriesGetKind(md, (unsigned)k),
                      LLVMMetadataAsValue(ctx, LLVMValueMetadataEntriesGetMetadata(md, (unsigned)k)));
    for (unsigned m = 0; m < nm; m++)
      acc[m] = LLVMBuildInsertElement(b, acc[m], is_struct ? LLVMBuildExtractValue(b, s, m, "") : s, idx, "");
  }
  if (md) LLVMDisposeValueMetadataEntries(md);
  if (is_struct) {
    /* every user is a one-index extractvalue (result_lanes checked) */
    while (LLVMGetFirstUse(call)) {
      LLVMValueRef ev = LLVMGetUser(LLVMGetFirstUse(call));
      LLVMReplaceAllUsesWith(ev, acc[LLVMGetIndices(ev)[0]]);
      LLVMInstructionEraseFromParent(ev);
    }
  } else {
    LLVMReplaceAllUsesWith(call, acc[0]);
  }
  LLVMInstructionEraseFromParent(call);
}

/* Element k of vector value v as a scalar, rebuilt (before b's position)
 * through the element-wise operations that made it: constants,
 * insertelement and shufflevector with constant indices, integer casts
 * and integer binary operations (wrap and disjoint flags kept), up to
 * `depth` levels; else an extractelement. A scalarized getelementptr's
 * index is then the scalar arithmetic the selector's address matching
 * and range analysis see (sext (add t, 64), not an element of a vector
 * sext), as llc-19's DAG combines see through the vector build. */
static LLVMValueRef lane_value(LLVMBuilderRef b, LLVMValueRef v, unsigned k, unsigned depth) {
  LLVMTypeRef et = LLVMGetElementType(LLVMTypeOf(v));
  LLVMValueRef kv = LLVMConstInt(LLVMInt32TypeInContext(LLVMGetTypeContext(et)), k, false);
  if (LLVMIsAConstant(v)) {
    LLVMValueRef c = LLVMGetAggregateElement(v, k);
    return c ? c : LLVMBuildExtractElement(b, v, kv, "");
  }
  if (!depth || !LLVMIsAInstruction(v)) return LLVMBuildExtractElement(b, v, kv, "");
  LLVMOpcode op = LLVMGetInstructionOpcode(v);
  if (op == LLVMInsertElement && LLVMIsAConstantInt(LLVMGetOperand(v, 2))) {
    if (LLVMConstIntGetZExtValue(LLVMGetOperand(v, 2)) == k) return LLVMGetOperand(v, 1);
    return lane_value(b, LLVMGetOperand(v, 0), k, depth - 1);
  }
  if (op == LLVMShuffleVector) {
    int m = LLVMGetMaskValue(v, k);
    unsigned n0 = LLVMGetVectorSize(LLVMTypeOf(LLVMGetOperand(v, 0)));
    if (m == LLVMGetUndefMaskElem()) return LLVMGetPoison(et);
    return (unsigned)m < n0 ? lane_value(b, LLVMGetOperand(v, 0), (unsigned)m, depth - 1)
                            : lane_value(b, LLVMGetOperand(v, 1), (unsigned)m - n0, depth - 1);
  }
  if ((op == LLVMSExt || op == LLVMZExt || op == LLVMTrunc) && LLVMGetTypeKind(et) == LLVMIntegerTypeKind)
    return LLVMBuildCast(b, op, lane_value(b, LLVMGetOperand(v, 0), k, depth - 1), et, "");
  bool wraps = op == LLVMAdd || op == LLVMSub || op == LLVMMul || op == LLVMShl;
  if ((wraps || op == LLVMOr || op == LLVMAnd || op == LLVMXor) && LLVMGetTypeKind(et) == LLVMIntegerTypeKind) {
    LLVMValueRef x = lane_value(b, LLVMGetOperand(v, 0), k, depth - 1), y = lane_value(b, LLVMGetOperand(v, 1), k, depth - 1);
    /* x + 0 (a lane's zero offset, as <0, 64, 128>'s first) is x: the
     * scalar getelementptr is then the plain one the others are offsets of */
    if (op != LLVMAnd && op != LLVMMul && LLVMIsAConstantInt(y) && !LLVMConstIntGetZExtValue(y)) return x;
    LLVMValueRef r = LLVMBuildBinOp(b, op, x, y, "");
    if (LLVMIsAInstruction(r) && wraps) {
      LLVMSetNSW(r, LLVMGetNSW(v));
      LLVMSetNUW(r, LLVMGetNUW(v));
    }
    if (LLVMIsAInstruction(r) && op == LLVMOr) LLVMSetIsDisjoint(r, LLVMGetIsDisjoint(v));
    return r;
  }
  return LLVMBuildExtractElement(b, v, kv, "");
}

/* A getelementptr on vectors of pointers or indices (<N x ptr> results),
 * as LLVM's tests and the vectorisers write them: N scalar getelementptrs
 * on the elements (lane_value; a scalar operand is used by every one), joined by
 * insertelement (LangRef "getelementptr": the vector form is element-wise). */
static void scalarize_gep(LLVMBuilderRef b, LLVMValueRef gep) {
  LLVMTypeRef vt = LLVMTypeOf(gep), i32 = LLVMInt32TypeInContext(LLVMGetTypeContext(vt));
  unsigned n = LLVMGetVectorSize(vt), nops = (unsigned)LLVMGetNumOperands(gep);
  LLVMPositionBuilderBefore(b, gep);
  LLVMValueRef r = LLVMGetPoison(vt), idx[16], lane[64];
  if (nops - 1 > 16) return;
  for (unsigned e = 0; e < n; e++) {
    LLVMValueRef k = LLVMConstInt(i32, e, false), ops[17];
    for (unsigned i = 0; i < nops; i++) {
      LLVMValueRef o = LLVMGetOperand(gep, i);
      ops[i] = LLVMGetTypeKind(LLVMTypeOf(o)) == LLVMVectorTypeKind ? lane_value(b, o, e, 8) : o;
    }
    for (unsigned i = 1; i < nops; i++) idx[i - 1] = ops[i];
    LLVMValueRef g = LLVMBuildGEP2(b, LLVMGetGEPSourceElementType(gep), ops[0], idx, nops - 1, "");
    if (LLVMIsAGetElementPtrInst(g)) LLVMSetIsInBounds(g, LLVMIsInBounds(gep));
    if (e < 64) lane[e] = g;
    r = LLVMBuildInsertElement(b, r, g, k, "");
  }
  LLVMReplaceAllUsesWith(gep, r);
  LLVMInstructionEraseFromParent(gep);
  /* extractelements of a constant lane read that lane's getelementptr, and
   * the vector of them goes when nothing else reads it: a pointer it holds
   * would otherwise be materialized for it, and the loads through that
   * pointer would not fold its constant offset */
  for (LLVMUseRef u = LLVMGetFirstUse(r), nu; u; u = nu) {
    nu = LLVMGetNextUse(u);
    LLVMValueRef x = LLVMGetUser(u);
    if (!LLVMIsAExtractElementInst(x) || LLVMGetOperand(x, 0) != r || !LLVMIsAConstantInt(LLVMGetOperand(x, 1))) continue;
    unsigned long long e = LLVMConstIntGetZExtValue(LLVMGetOperand(x, 1));
    if (e >= n || e >= 64) continue;
    LLVMReplaceAllUsesWith(x, lane[e]);
    LLVMInstructionEraseFromParent(x);
  }
  while (r && LLVMIsAInsertElementInst(r) && !LLVMGetFirstUse(r)) {
    LLVMValueRef prev = LLVMGetOperand(r, 0);
    LLVMInstructionEraseFromParent(r);
    r = prev;
  }
}

int wir_scalarize_vector_intrinsics(LLVMModuleRef mod) {
  /* collect first: rewriting a struct-returning call erases its users,
   * which may follow it in the block */
  typedef struct site { LLVMValueRef call, decl; unsigned lanes; } site;
  site *sites = NULL;
  size_t ns = 0, cap = 0;
  for (LLVMValueRef f = LLVMGetFirstFunction(mod); f; f = LLVMGetNextFunction(f))
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(f); bb; bb = LLVMGetNextBasicBlock(bb))
      for (LLVMValueRef ins = LLVMGetFirstInstruction(bb); ins; ins = LLVMGetNextInstruction(ins)) {
        if (LLVMIsAGetElementPtrInst(ins) && LLVMGetTypeKind(LLVMTypeOf(ins)) == LLVMVectorTypeKind) {
          site g = {ins, NULL, 0}; /* decl NULL: a getelementptr */
          if (ns == cap) {
            cap = cap ? 2 * cap : 16;
            site *grown = realloc(sites, cap * sizeof *sites);
            assert(grown);
            sites = grown;
          }
          sites[ns++] = g;
          continue;
        }
        LLVMValueRef callee = LLVMIsACallInst(ins) ? LLVMGetCalledValue(ins) : NULL;
        if (!callee || !LLVMIsAFunction(callee)) continue;
        unsigned n = 0;
        LLVMValueRef decl = scalar_decl(mod, ins, callee, &n);
        if (!decl) continue;
        if (ns == cap) {
          cap = cap ? 2 * cap : 16;
          site *grown = realloc(sites, cap * sizeof *sites);
          assert(grown);
          sites = grown;
        }
        sites[ns++] = (site){ins, decl, n};
      }
  LLVMBuilderRef b = LLVMCreateBuilderInContext(LLVMGetModuleContext(mod));
  for (size_t i = 0; i < ns; i++) {
    if (!sites[i].decl) scalarize_gep(b, sites[i].call);
    else expand(mod, b, sites[i].call, sites[i].decl, sites[i].lanes);
  }
  LLVMDisposeBuilder(b);
  free(sites);
  return (int)ns;
}
