/* IR pass expand-indirect-calls: an indirect call becomes a loop over the
 * distinct callees of the active lanes (the "waterfall" llc builds in
 * machine code, SIInstrInfo's loop around SI_CALL with v_readfirstlane):
 *
 *   br %wf
 * wf:                                  ; lanes that have not called yet
 *   %lo, %hi = the two halves of ptrtoint %fp
 *   %u = readfirstlane(%lo) | readfirstlane(%hi) << 32   ; uniform
 *   br (ptrtoint %fp == %u), %call, %latch
 * call:                                ; every lane whose callee is %u
 *   %r = call (inttoptr %u)(args...)
 *   br %latch
 * latch:
 *   %v = phi [%r, %call], [poison, %wf]
 *   %done = phi [true, %call], [false, %wf]
 *   br %done, %rest, %wf
 * rest: the uses of the old call read %v
 *
 * The callee of the remaining call is uniform, which the selector needs
 * (s_swappc_b64 takes an SGPR pair). A uniform pointer costs one trip
 * through the loop. The loop has a divergent exit, so the function is
 * lowered by masked linearisation (isel_cf.c); blocks whose mask is empty
 * are skipped there, so no call runs without lanes.
 */
#include "llvm/expand_indirect_calls.h"
#include "llvm/fatptr_internal.h" /* fp_split_before */

#include <stdbool.h>
#include <stdlib.h>

static LLVMValueRef readfirstlane(LLVMModuleRef mod, LLVMBuilderRef b, LLVMValueRef v) {
  LLVMContextRef ctx = LLVMGetModuleContext(mod);
  LLVMTypeRef i32 = LLVMInt32TypeInContext(ctx);
  const char *name = "llvm.amdgcn.readfirstlane";
  unsigned id = LLVMLookupIntrinsicID(name, 25);
  LLVMValueRef fn = LLVMGetIntrinsicDeclaration(mod, id, &i32, 1);
  return LLVMBuildCall2(b, LLVMIntrinsicGetType(ctx, id, &i32, 1), fn, &v, 1, "");
}

static void expand(LLVMModuleRef mod, LLVMBuilderRef b, LLVMValueRef call) {
  LLVMContextRef ctx = LLVMGetModuleContext(mod);
  LLVMTypeRef i32 = LLVMInt32TypeInContext(ctx), i64 = LLVMInt64TypeInContext(ctx), i1 = LLVMInt1TypeInContext(ctx);
  LLVMBasicBlockRef head = LLVMGetInstructionParent(call);
  LLVMValueRef fn = LLVMGetBasicBlockParent(head);
  LLVMBasicBlockRef rest = fp_split_before(b, call, "icall.rest");
  LLVMBasicBlockRef wf = LLVMInsertBasicBlockInContext(ctx, rest, "icall.wf");
  LLVMBasicBlockRef cb = LLVMInsertBasicBlockInContext(ctx, rest, "icall.call");
  LLVMBasicBlockRef latch = LLVMInsertBasicBlockInContext(ctx, rest, "icall.latch");
  (void)fn;
  LLVMPositionBuilderAtEnd(b, head);
  LLVMBuildBr(b, wf);

  LLVMValueRef fp = LLVMGetCalledValue(call);
  LLVMPositionBuilderAtEnd(b, wf);
  LLVMValueRef fi = LLVMBuildPtrToInt(b, fp, i64, "");
  LLVMValueRef lo = LLVMBuildTrunc(b, fi, i32, "");
  LLVMValueRef hi = LLVMBuildTrunc(b, LLVMBuildLShr(b, fi, LLVMConstInt(i64, 32, 0), ""), i32, "");
  LLVMValueRef ulo = LLVMBuildZExt(b, readfirstlane(mod, b, lo), i64, "");
  LLVMValueRef uhi = LLVMBuildZExt(b, readfirstlane(mod, b, hi), i64, "");
  LLVMValueRef u = LLVMBuildOr(b, LLVMBuildShl(b, uhi, LLVMConstInt(i64, 32, 0), ""), ulo, "icall.callee");
  LLVMBuildCondBr(b, LLVMBuildICmp(b, LLVMIntEQ, fi, u, ""), cb, latch);

  /* the call moves into its block and calls the uniform pointer */
  LLVMPositionBuilderAtEnd(b, cb);
  LLVMValueRef up = LLVMBuildIntToPtr(b, u, LLVMTypeOf(fp), "");
  LLVMInstructionRemoveFromParent(call);
  LLVMInsertIntoBuilder(b, call);
  LLVMSetOperand(call, (unsigned)LLVMGetNumOperands(call) - 1, up);
  LLVMBuildBr(b, latch);

  LLVMPositionBuilderAtEnd(b, latch);
  LLVMTypeRef rt = LLVMTypeOf(call);
  LLVMValueRef res = NULL;
  if (LLVMGetTypeKind(rt) != LLVMVoidTypeKind) {
    res = LLVMBuildPhi(b, rt, "icall.result");
    LLVMValueRef vals[2] = {call, LLVMGetPoison(rt)};
    LLVMBasicBlockRef from[2] = {cb, wf};
    LLVMAddIncoming(res, vals, from, 2);
  }
  LLVMValueRef done = LLVMBuildPhi(b, i1, "icall.done");
  LLVMValueRef dv[2] = {LLVMConstInt(i1, 1, 0), LLVMConstInt(i1, 0, 0)};
  LLVMBasicBlockRef df[2] = {cb, wf};
  LLVMAddIncoming(done, dv, df, 2);
  LLVMBuildCondBr(b, done, rest, wf);
  if (res) {
    /* every use of the call but the new phi reads the phi */
    for (LLVMUseRef us = LLVMGetFirstUse(call); us;) {
      LLVMUseRef nx = LLVMGetNextUse(us);
      LLVMValueRef user = LLVMGetUser(us);
      if (user != res)
        for (int k = 0, n = LLVMGetNumOperands(user); k < n; k++)
          if (LLVMGetOperand(user, (unsigned)k) == call) LLVMSetOperand(user, (unsigned)k, res);
      us = nx;
    }
  }
}

int wir_expand_indirect_calls(LLVMModuleRef mod, diag *d) {
  (void)d;
  LLVMBuilderRef b = LLVMCreateBuilderInContext(LLVMGetModuleContext(mod));
  for (LLVMValueRef f = LLVMGetFirstFunction(mod); f; f = LLVMGetNextFunction(f)) {
    /* collect first: each expansion moves its call into a new block */
    unsigned n = 0, cap = 0;
    LLVMValueRef *calls = NULL;
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(f); bb; bb = LLVMGetNextBasicBlock(bb))
      for (LLVMValueRef ins = LLVMGetFirstInstruction(bb); ins; ins = LLVMGetNextInstruction(ins)) {
        if (!LLVMIsACallInst(ins)) continue;
        LLVMValueRef callee = LLVMGetCalledValue(ins);
        if (LLVMIsAFunction(callee) || LLVMIsAInlineAsm(callee)) continue;
        if (n == cap) {
          cap = cap ? 2 * cap : 8;
          calls = realloc(calls, cap * sizeof *calls);
        }
        calls[n++] = ins;
      }
    for (unsigned k = 0; k < n; k++) expand(mod, b, calls[k]);
    free(calls);
  }
  LLVMDisposeBuilder(b);
  return 0;
}
