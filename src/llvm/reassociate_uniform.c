/* IR pass: reassociate uniform operands together, as llc-19's
 * SITargetLowering::reassociateScalarOps does in its add/or/xor DAG
 * combines: for B = (x op d) op y of i32 or i64, op one of add, or, xor,
 * where exactly one operand of B is divergent (the inner op) and of the
 * inner op exactly one (d), the inner op has no other use, and neither x
 * nor y is a constant (a constant stays outermost: an add's immediate or
 * address offset) nor, for add, a multiply (kept for a mad), B becomes
 * (x op y) op d. The uniform x op y is then
 * one SALU instruction and only the last op a VALU one; before, both were
 * VALU (f_spill_sgpr.cl: h = (h ^ u[k]) * p, with u[k] = m ^ l and opt -O2's
 * reassociation giving (m ^ h) ^ l: 120 VALU xors more than llc-19).
 * Integer add, or and xor are associative and commutative, so the value
 * is the same; an add's nsw/nuw flags are dropped (they may not hold for
 * the new partial sum). Runs after the other IR passes, on the
 * divergence of the function as it is then (llvm/divergence.c); the new
 * ops are recorded as uniform (x op y) and divergent (the outer one), so a
 * rewritten result may be the inner op of a later match, and a new
 * instruction at an erased one's address is not taken for it. */
#include "llvm/reassociate_uniform.h"

#include "llvm/divergence.h"
#include "llvm/ptrmap.h"

static bool candidate_op(LLVMValueRef v) {
  if (!LLVMIsAInstruction(v)) return false;
  LLVMOpcode o = LLVMGetInstructionOpcode(v);
  if (o != LLVMAdd && o != LLVMOr && o != LLVMXor) return false;
  LLVMTypeRef t = LLVMTypeOf(v);
  return LLVMGetTypeKind(t) == LLVMIntegerTypeKind && (LLVMGetIntTypeWidth(t) == 32 || LLVMGetIntTypeWidth(t) == 64);
}

/* The divergence of v: the new instructions this pass made are in `made`
 * (1 uniform, 2 divergent); the analysis numbered only the function as it
 * came, and a new instruction may reuse an erased one's address. */
static bool divergent(const divergence_info *di, const ptrmap *made, LLVMValueRef v) {
  uint32_t m = ptrmap_get(made, v);
  if (m != UINT32_MAX) return m == 2;
  return divergence_is_divergent(di, v);
}

static bool is_mul(LLVMValueRef v) { return LLVMIsAInstruction(v) && LLVMGetInstructionOpcode(v) == LLVMMul; }

/* If B qualifies, *x, *y (uniform) and *d (divergent) and *inner; else false. */
static bool match(const divergence_info *di, const ptrmap *made, LLVMValueRef b, LLVMValueRef *inner, LLVMValueRef *x, LLVMValueRef *y,
                  LLVMValueRef *d) {
  if (!candidate_op(b)) return false;
  LLVMValueRef b0 = LLVMGetOperand(b, 0), b1 = LLVMGetOperand(b, 1);
  bool v0 = divergent(di, made, b0), v1 = divergent(di, made, b1);
  if (v0 == v1) return false;
  LLVMValueRef a = v0 ? b0 : b1;
  *y = v0 ? b1 : b0;
  if (!LLVMIsAInstruction(a) || LLVMGetInstructionOpcode(a) != LLVMGetInstructionOpcode(b) ||
      LLVMGetInstructionParent(a) != LLVMGetInstructionParent(b))
    return false;
  LLVMUseRef u = LLVMGetFirstUse(a);
  if (!u || LLVMGetNextUse(u)) return false;
  LLVMValueRef a0 = LLVMGetOperand(a, 0), a1 = LLVMGetOperand(a, 1);
  bool w0 = divergent(di, made, a0), w1 = divergent(di, made, a1);
  if (w0 == w1) return false;
  *x = w0 ? a1 : a0;
  *d = w0 ? a0 : a1;
  *inner = a;
  if (LLVMIsAConstant(*x) || LLVMIsAConstant(*y)) return false;
  /* an add of a multiply is a v_mad_u32_u24 / v_mad_u64_u32 as it stands
   * (llc-19 tries that fold before reassociating: isel-narrow64.ll's
   * get_global_id) */
  return LLVMGetInstructionOpcode(b) != LLVMAdd || !(is_mul(*x) || is_mul(*y));
}

static int rewrite_function(LLVMValueRef fn, LLVMBuilderRef bld) {
  arena mem;
  arena_init(&mem);
  const divergence_info *di = divergence_analyze(fn, &mem);
  ptrmap made;
  ptrmap_init(&made, &mem, 64);
  int n = 0;
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb)) {
    for (LLVMValueRef ins = LLVMGetFirstInstruction(bb); ins;) {
      LLVMValueRef next = LLVMGetNextInstruction(ins), a, x, y, d;
      if (match(di, &made, ins, &a, &x, &y, &d)) {
        LLVMPositionBuilderBefore(bld, ins);
        LLVMOpcode o = LLVMGetInstructionOpcode(ins);
        LLVMValueRef s = LLVMBuildBinOp(bld, o, x, y, "");
        LLVMValueRef r = LLVMBuildBinOp(bld, o, s, d, "");
        ptrmap_put(&made, s, 1);
        ptrmap_put(&made, r, 2);
        LLVMReplaceAllUsesWith(ins, r);
        LLVMInstructionEraseFromParent(ins);
        LLVMInstructionEraseFromParent(a);
        n++;
      }
      ins = next;
    }
  }
  arena_free(&mem);
  return n;
}

int wir_reassociate_uniform(LLVMModuleRef mod) {
  LLVMBuilderRef bld = LLVMCreateBuilderInContext(LLVMGetModuleContext(mod));
  int n = 0;
  for (LLVMValueRef f = LLVMGetFirstFunction(mod); f; f = LLVMGetNextFunction(f))
    if (!LLVMIsDeclaration(f)) n += rewrite_function(f, bld);
  LLVMDisposeBuilder(bld);
  return n;
}
