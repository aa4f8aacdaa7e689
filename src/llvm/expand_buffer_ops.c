/* IR pass: expand operations on buffer fat pointers (ptr addrspace(7))
 * that have no single buffer instruction, into plain loads, stores and
 * cmpxchg on the same fat pointers, which lower-buffer-fat-pointers (the
 * next pass) then turns into buffer intrinsics.
 *
 *  - atomicrmw nand, fadd, fsub, fmax, fmin (gfx900 has no buffer atomic
 *    for them; Vega ISA guide 8.1, "MUBUF Instructions") and every
 *    atomicrmw on a float but xchg: a compare-and-swap loop (LLVM's
 *    AtomicExpand does the same for targets without the instruction):
 *        pre:  init = load volatile T p
 *        loop: old = phi [init, pre], [got, loop]
 *              new = old OP val
 *              got = cmpxchg p, old, new  (on the integer bits)
 *              br (got == old), done, loop
 *    Out of range (hardware rule: reads 0, writes nothing) the load and
 *    the compare-and-swap both return 0, so the loop ends at once and the
 *    result is 0, as for the instructions gfx900 has.
 *
 * Blocks are split with the LLVM-C API (which has no splitBasicBlock): the
 * instructions after the split point move to a new block, and phis in the
 * successors are rebuilt with the new predecessor.
 */
#include "llvm/expand_buffer_ops.h"

#include <stdbool.h>
#include <stdio.h>
#include <string.h>

typedef struct ex_ctx {
  LLVMModuleRef mod;
  LLVMContextRef ctx;
  LLVMBuilderRef b;
  diag *d;
} ex_ctx;

static bool is_p7(LLVMTypeRef t) {
  return LLVMGetTypeKind(t) == LLVMPointerTypeKind && LLVMGetPointerAddressSpace(t) == 7;
}

/* Phis of `succ` naming `from` as a predecessor now name `to`. */
static void retarget_phis(ex_ctx *c, LLVMBasicBlockRef succ, LLVMBasicBlockRef from, LLVMBasicBlockRef to) {
  LLVMValueRef phi = LLVMGetFirstInstruction(succ);
  while (phi && LLVMIsAPHINode(phi)) {
    LLVMValueRef next = LLVMGetNextInstruction(phi);
    bool hit = false;
    for (unsigned i = 0; i < LLVMCountIncoming(phi); i++) hit |= LLVMGetIncomingBlock(phi, i) == from;
    if (hit) {
      LLVMPositionBuilderBefore(c->b, phi);
      size_t n;
      const char *name = LLVMGetValueName2(phi, &n);
      char buf[256];
      snprintf(buf, sizeof buf, "%.*s", (int)(n < 255 ? n : 255), name);
      LLVMValueRef np = LLVMBuildPhi(c->b, LLVMTypeOf(phi), "");
      for (unsigned i = 0; i < LLVMCountIncoming(phi); i++) {
        LLVMValueRef v = LLVMGetIncomingValue(phi, i);
        LLVMBasicBlockRef bb = LLVMGetIncomingBlock(phi, i);
        if (bb == from) bb = to;
        LLVMAddIncoming(np, &v, &bb, 1);
      }
      LLVMReplaceAllUsesWith(phi, np);
      LLVMInstructionEraseFromParent(phi);
      LLVMSetValueName2(np, buf, strlen(buf));
    }
    phi = next;
  }
}

/* Moves `ins` and everything after it into a new block placed after its
 * block; the old block is left without a terminator. Returns the new
 * block. */
static LLVMBasicBlockRef split_before(ex_ctx *c, LLVMValueRef ins, const char *name) {
  LLVMBasicBlockRef bb = LLVMGetInstructionParent(ins);
  LLVMBasicBlockRef next = LLVMGetNextBasicBlock(bb);
  LLVMValueRef fn = LLVMGetBasicBlockParent(bb);
  LLVMBasicBlockRef tail = next ? LLVMInsertBasicBlockInContext(c->ctx, next, name)
                                : LLVMAppendBasicBlockInContext(c->ctx, fn, name);
  LLVMPositionBuilderAtEnd(c->b, tail);
  for (LLVMValueRef i = ins; i;) {
    LLVMValueRef n = LLVMGetNextInstruction(i);
    LLVMInstructionRemoveFromParent(i);
    LLVMInsertIntoBuilder(c->b, i);
    i = n;
  }
  LLVMValueRef term = LLVMGetBasicBlockTerminator(tail);
  for (unsigned s = 0; term && s < LLVMGetNumSuccessors(term); s++) retarget_phis(c, LLVMGetSuccessor(term, s), bb, tail);
  return tail;
}

/* ---- atomics ---- */

static bool needs_cas_loop(LLVMValueRef ins) {
  LLVMTypeRef t = LLVMTypeOf(ins);
  LLVMAtomicRMWBinOp op = LLVMGetAtomicRMWBinOp(ins);
  if (op == LLVMAtomicRMWBinOpXchg) return false;
  if (LLVMGetTypeKind(t) != LLVMIntegerTypeKind) return true;
  return op == LLVMAtomicRMWBinOpNand || op == LLVMAtomicRMWBinOpFAdd || op == LLVMAtomicRMWBinOpFSub ||
         op == LLVMAtomicRMWBinOpFMax || op == LLVMAtomicRMWBinOpFMin;
}

static LLVMValueRef minmax(ex_ctx *c, const char *base, LLVMTypeRef t, LLVMValueRef a, LLVMValueRef b) {
  unsigned id = LLVMLookupIntrinsicID(base, strlen(base));
  LLVMValueRef fn = LLVMGetIntrinsicDeclaration(c->mod, id, &t, 1);
  LLVMValueRef args[2] = {a, b};
  return LLVMBuildCall2(c->b, LLVMIntrinsicGetType(c->ctx, id, &t, 1), fn, args, 2, "");
}

/* new = old OP val in the operation's own type. */
static LLVMValueRef apply(ex_ctx *c, LLVMAtomicRMWBinOp op, LLVMValueRef old, LLVMValueRef val) {
  LLVMTypeRef t = LLVMTypeOf(old);
  switch (op) {
  case LLVMAtomicRMWBinOpNand: return LLVMBuildNot(c->b, LLVMBuildAnd(c->b, old, val, ""), "");
  case LLVMAtomicRMWBinOpFAdd: return LLVMBuildFAdd(c->b, old, val, "");
  case LLVMAtomicRMWBinOpFSub: return LLVMBuildFSub(c->b, old, val, "");
  case LLVMAtomicRMWBinOpFMax: return minmax(c, "llvm.maxnum", t, old, val);
  case LLVMAtomicRMWBinOpFMin: return minmax(c, "llvm.minnum", t, old, val);
  default: return NULL;
  }
}

static int expand_rmw(ex_ctx *c, LLVMValueRef ins) {
  LLVMValueRef ptr = LLVMGetOperand(ins, 0), val = LLVMGetOperand(ins, 1);
  LLVMTypeRef t = LLVMTypeOf(ins);
  unsigned bits = LLVMGetTypeKind(t) == LLVMIntegerTypeKind ? LLVMGetIntTypeWidth(t)
                : LLVMGetTypeKind(t) == LLVMFloatTypeKind ? 32 : LLVMGetTypeKind(t) == LLVMDoubleTypeKind ? 64 : 0;
  LLVMAtomicRMWBinOp op = LLVMGetAtomicRMWBinOp(ins);
  if ((bits != 32 && bits != 64) || (LLVMGetTypeKind(t) != LLVMIntegerTypeKind && op == LLVMAtomicRMWBinOpNand)) {
    char *s = LLVMPrintValueToString(ins);
    size_t n;
    const char *fn = LLVMGetValueName2(LLVMGetBasicBlockParent(LLVMGetInstructionParent(ins)), &n);
    diag_error(c->d, fn, "unsupported atomic operation on a buffer fat pointer: %s", s);
    LLVMDisposeMessage(s);
    return -1;
  }
  LLVMTypeRef it = LLVMIntTypeInContext(c->ctx, bits);
  LLVMBasicBlockRef pre = LLVMGetInstructionParent(ins);
  LLVMBasicBlockRef done = split_before(c, ins, "atomic.done");
  LLVMBasicBlockRef loop = LLVMInsertBasicBlockInContext(c->ctx, done, "atomic.loop");
  LLVMPositionBuilderAtEnd(c->b, pre);
  LLVMValueRef init = LLVMBuildLoad2(c->b, t, ptr, "atomic.init");
  LLVMSetVolatile(init, 1);
  LLVMSetAlignment(init, bits / 8);
  LLVMBuildBr(c->b, loop);
  LLVMPositionBuilderAtEnd(c->b, loop);
  LLVMValueRef old = LLVMBuildPhi(c->b, t, "atomic.old");
  LLVMValueRef nv = apply(c, op, old, val);
  LLVMValueRef oi = t == it ? old : LLVMBuildBitCast(c->b, old, it, "");
  LLVMValueRef ni = t == it ? nv : LLVMBuildBitCast(c->b, nv, it, "");
  LLVMAtomicOrdering ord = LLVMGetOrdering(ins);
  LLVMValueRef cx = LLVMBuildAtomicCmpXchg(c->b, ptr, oi, ni, ord, ord == LLVMAtomicOrderingRelease ||
                                           ord == LLVMAtomicOrderingAcquireRelease ? LLVMAtomicOrderingMonotonic : ord, 0);
  LLVMValueRef gi = LLVMBuildExtractValue(c->b, cx, 0, "");
  LLVMValueRef ok = LLVMBuildExtractValue(c->b, cx, 1, "");
  LLVMValueRef got = t == it ? gi : LLVMBuildBitCast(c->b, gi, t, "atomic.got");
  LLVMBuildCondBr(c->b, ok, done, loop);
  LLVMBasicBlockRef inb[2] = {pre, loop};
  LLVMValueRef inv[2] = {init, got};
  LLVMAddIncoming(old, inv, inb, 2);
  /* the integer compare decides (a float compare would loop on NaN and
   * stop early on -0 == +0) */
  LLVMReplaceAllUsesWith(ins, old);
  LLVMInstructionEraseFromParent(ins);
  return 0;
}

int wir_expand_buffer_ops(LLVMModuleRef mod, diag *d) {
  ex_ctx c = {.mod = mod, .ctx = LLVMGetModuleContext(mod), .d = d};
  c.b = LLVMCreateBuilderInContext(c.ctx);
  int rc = 0;
  for (LLVMValueRef f = LLVMGetFirstFunction(mod); f && !rc; f = LLVMGetNextFunction(f)) {
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(f); bb && !rc; bb = LLVMGetNextBasicBlock(bb)) {
      for (LLVMValueRef ins = LLVMGetFirstInstruction(bb); ins && !rc;) {
        LLVMValueRef next = LLVMGetNextInstruction(ins);
        if (LLVMGetInstructionOpcode(ins) == LLVMAtomicRMW && is_p7(LLVMTypeOf(LLVMGetOperand(ins, 0))) &&
            needs_cas_loop(ins)) {
          rc = expand_rmw(&c, ins);
          break; /* the rest of this block moved: continue with the next block (atomic.done) */
        }
        ins = next;
      }
    }
  }
  LLVMDisposeBuilder(c.b);
  return rc;
}
