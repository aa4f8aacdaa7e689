/* IR pass: LLVM 19 keeps two spellings of each buffer intrinsic, the V#
 * as <4 x i32> (llvm.amdgcn.raw.buffer.store.f32) and as a buffer
 * resource pointer (llvm.amdgcn.raw.ptr.buffer.store.f32); llc-19 selects
 * both to the same MUBUF instructions. The selector (isel_buffer.c) and
 * the waterfall pass take the pointer form, so the vector form becomes it:
 * the <4 x i32> goes through i128 to ptr addrspace(8) (V# dword 0 in the
 * low bits, as isel_buffer.c moves a V# through i128). */
#include "llvm/buffer_rsrc_vectors.h"

#include <stdbool.h>
#include <stdio.h>
#include <string.h>

static bool starts(const char *s, size_t len, const char *p) {
  size_t n = strlen(p);
  return len >= n && !strncmp(s, p, n);
}

/* The pointer-form name of vector-form buffer intrinsic `n` into out, and
 * the index of its resource operand; -1 when n is not one to rewrite. */
static int ptr_form(const char *n, size_t len, char *out, size_t outn) {
  const char *rest, *kind, *mid = "buffer.";
  if (starts(n, len, "llvm.amdgcn.raw.buffer.")) kind = "raw", rest = n + 23;
  else if (starts(n, len, "llvm.amdgcn.struct.buffer.")) kind = "struct", rest = n + 26;
  else if (starts(n, len, "llvm.amdgcn.raw.atomic.buffer.load.")) kind = "raw", rest = n + 16, mid = "";
  else if (starts(n, len, "llvm.amdgcn.raw.tbuffer.")) kind = "raw", rest = n + 24, mid = "tbuffer.";
  else if (starts(n, len, "llvm.amdgcn.struct.tbuffer.")) kind = "struct", rest = n + 27, mid = "tbuffer.";
  else return -1;
  size_t rl = len - (size_t)(rest - n);
  int idx;
  if (starts(rest, rl, "load.lds")) return -1;
  if (!*mid || starts(rest, rl, "load.")) idx = 0;
  else if (starts(rest, rl, "store.")) idx = 1;
  else if (starts(rest, rl, "atomic.cmpswap.")) idx = 2;
  else if (starts(rest, rl, "atomic.")) idx = 1;
  else return -1;
  if (snprintf(out, outn, "llvm.amdgcn.%s.ptr.%s%.*s", kind, mid, (int)rl, rest) >= (int)outn) return -1;
  return idx;
}

int wir_buffer_rsrc_vectors(LLVMModuleRef mod) {
  LLVMContextRef ctx = LLVMGetModuleContext(mod);
  LLVMBuilderRef b = LLVMCreateBuilderInContext(ctx);
  LLVMTypeRef i128 = LLVMIntTypeInContext(ctx, 128), p8 = LLVMPointerTypeInContext(ctx, 8);
  int n = 0;
  for (LLVMValueRef f = LLVMGetFirstFunction(mod), next; f; f = next) {
    next = LLVMGetNextFunction(f);
    size_t len;
    const char *name = LLVMGetValueName2(f, &len);
    char pname[256];
    int ri = LLVMIsDeclaration(f) ? ptr_form(name, len, pname, sizeof pname) : -1;
    LLVMTypeRef ft = LLVMGlobalGetValueType(f);
    unsigned np = LLVMCountParamTypes(ft);
    if (ri < 0 || (unsigned)ri >= np || !LLVMGetFirstUse(f)) continue;
    LLVMTypeRef params[16];
    if (np > 16) continue;
    LLVMGetParamTypes(ft, params);
    if (LLVMGetTypeKind(params[ri]) != LLVMVectorTypeKind) continue;
    params[ri] = p8;
    LLVMTypeRef pft = LLVMFunctionType(LLVMGetReturnType(ft), params, np, 0);
    LLVMValueRef pf = LLVMGetNamedFunction(mod, pname);
    if (!pf) pf = LLVMAddFunction(mod, pname, pft);
    for (LLVMUseRef u = LLVMGetFirstUse(f), un; u; u = un) {
      un = LLVMGetNextUse(u);
      LLVMValueRef call = LLVMGetUser(u);
      if (!LLVMIsACallInst(call) || LLVMGetCalledValue(call) != f) continue;
      LLVMPositionBuilderBefore(b, call);
      LLVMValueRef args[16];
      for (unsigned i = 0; i < np; i++) args[i] = LLVMGetOperand(call, i);
      args[ri] = LLVMBuildIntToPtr(b, LLVMBuildBitCast(b, args[ri], i128, ""), p8, "");
      LLVMValueRef nc = LLVMBuildCall2(b, pft, pf, args, np, "");
      LLVMReplaceAllUsesWith(call, nc);
      LLVMInstructionEraseFromParent(call);
      n++;
    }
  }
  LLVMDisposeBuilder(b);
  return n;
}
