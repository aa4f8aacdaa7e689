/* IR pass: constant offsets cancelled in equality compares and in integer
 * constant expressions on a global's address.
 *
 * A data global's address is known only at run time (isel_data.c: the
 * program counter plus a relocation), so `ptrtoint @g` and integer
 * constant expressions on it (add, sub, trunc; LLVM 19 keeps them,
 * LangRef "Constant Expressions") are computed by the selector
 * (isel_const_expr.c) with an instruction per operation. LLVM's
 * instcombine folds `icmp eq (add x, c), (add y, c)` to `icmp eq x, y` for
 * instructions only (its binary-operator patterns do not take constant
 * expressions), and the constant folder leaves `sub (add (ptrtoint @g),
 * 100), (ptrtoint (getelementptr @g, 8))` as it is; llc-19's DAG combiner
 * sees both as nodes and folds them. This pass does those folds here:
 *
 *   every integer value v (an instruction or a constant expression, up
 *   to 64 bits) is read as trunc(r) + k modulo 2^w: through add and sub
 *   of constants, sub of two values with the same r (then a constant),
 *   trunc, and ptrtoint of a global or of a constant getelementptr of one
 *   (r the global's address at its pointer width, k the byte offset);
 *
 *   icmp eq/ne of trunc(r1) + k1 and trunc(r2) + k2 compares trunc(r1)
 *   with trunc(r2) + (k2 - k1), the offset on a constant side (or none
 *   left); rewritten when the truncs of instructions that makes are paid
 *   for by the compare's operands that die;
 *
 *   an integer constant expression operand becomes the constant it equals
 *   when its address terms cancel, else trunc(r) + k when that has fewer
 *   additions than it (`add (ptrtoint (gep @g, 4)), 5` is @g + 9).
 *
 * Equality is unchanged by adding the same value to both sides modulo
 * 2^w, so the compares are exact; order predicates are left alone.
 * tests/kernels/f_const_expr_global_ops.ll compares such expressions with
 * the same values computed at run time: wavecc executed 1.27-1.45x
 * llc-19's instructions there before this pass (2026-11-30). */
#include "llvm/fold_const_offsets.h"
#include "llvm/ir_bits.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include <llvm-c/Target.h>

typedef struct lin {
  LLVMValueRef r; /* the non-constant term (NULL: v is the constant k) */
  uint64_t k;     /* the constant term, modulo 2^w */
} lin;

typedef struct fco {
  LLVMTargetDataRef td;
  LLVMContextRef cx;
} fco;

static uint64_t mask_of(unsigned w) { return w >= 64 ? ~0ull : (1ull << w) - 1; }

static unsigned int_width(LLVMValueRef v) {
  LLVMTypeRef t = LLVMTypeOf(v);
  return LLVMGetTypeKind(t) == LLVMIntegerTypeKind ? LLVMGetIntTypeWidth(t) : 0;
}

/* The operation of an instruction or a constant expression (0: neither). */
static LLVMOpcode op_of(LLVMValueRef v) {
  if (LLVMIsAInstruction(v)) return LLVMGetInstructionOpcode(v);
  if (LLVMIsAConstantExpr(v)) return LLVMGetConstOpcode(v);
  return (LLVMOpcode)0;
}

/* p, a global or a constant getelementptr of one with constant indices,
 * as the global *g plus *off bytes (wir_const_gep_offset). */
static bool global_offset(fco *f, LLVMValueRef p, LLVMValueRef *g, int64_t *off, int depth) {
  if (LLVMIsAGlobalVariable(p)) {
    *g = p;
    *off = 0;
    return true;
  }
  if (depth > 4 || !LLVMIsAConstantExpr(p) || LLVMGetConstOpcode(p) != LLVMGetElementPtr) return false;
  int64_t k;
  if (!global_offset(f, LLVMGetOperand(p, 0), g, off, depth + 1) || !wir_const_gep_offset(f->td, p, &k)) return false;
  *off += k;
  return true;
}

/* v (an integer of w <= 64 bits) as trunc(r) + k; *arith counts the
 * additions the expression spends (add, sub, a getelementptr offset). */
static lin split(fco *f, LLVMValueRef v, unsigned w, unsigned *arith, int depth) {
  lin me = {v, 0};
  if (LLVMIsAConstantInt(v)) return (lin){NULL, LLVMConstIntGetZExtValue(v) & mask_of(w)};
  if (depth > 8) return me;
  LLVMOpcode op = op_of(v);
  switch (op) {
  case LLVMAdd: case LLVMSub: {
    unsigned na = 0, nb = 0;
    lin a = split(f, LLVMGetOperand(v, 0), w, &na, depth + 1);
    lin b = split(f, LLVMGetOperand(v, 1), w, &nb, depth + 1);
    lin r;
    if (op == LLVMAdd) {
      if (a.r && b.r) return me;
      r = (lin){a.r ? a.r : b.r, (a.k + b.k) & mask_of(w)};
    } else {
      if (b.r && a.r != b.r) return me;
      r = (lin){b.r ? NULL : a.r, (a.k - b.k) & mask_of(w)};
    }
    if (arith) *arith += na + nb + 1;
    return r;
  }
  case LLVMTrunc: {
    LLVMValueRef x = LLVMGetOperand(v, 0);
    unsigned xw = int_width(x);
    if (!xw || xw > 64) return me;
    lin r = split(f, x, xw, arith, depth + 1);
    /* an instruction's trunc is the term itself when nothing below it
     * folds (the rewrite would make its copy) */
    if (LLVMIsAInstruction(v) && r.r && !(r.k & mask_of(w))) return me;
    r.k &= mask_of(w);
    return r;
  }
  case LLVMPtrToInt: {
    LLVMValueRef p = LLVMGetOperand(v, 0), g;
    int64_t off;
    if (!LLVMIsAConstantExpr(v) || LLVMGetTypeKind(LLVMTypeOf(p)) != LLVMPointerTypeKind) return me;
    unsigned pw = 8 * LLVMPointerSizeForAS(f->td, LLVMGetPointerAddressSpace(LLVMTypeOf(p)));
    if (w > pw || pw > 64 || !global_offset(f, p, &g, &off, 0)) return me;
    if (off && arith) (*arith)++;
    return (lin){LLVMConstPtrToInt(g, LLVMIntTypeInContext(f->cx, pw)), (uint64_t)off & mask_of(w)};
  }
  default:
    return me;
  }
}

/* trunc(r) to iw, as a constant or (*b positioned) an instruction. */
static LLVMValueRef trunc_to(LLVMBuilderRef b, LLVMValueRef r, LLVMTypeRef t) {
  if (int_width(r) == LLVMGetIntTypeWidth(t)) return r;
  return LLVMIsAConstant(r) ? LLVMConstTrunc(r, t) : LLVMBuildTrunc(b, r, t, "");
}

static LLVMValueRef plus(LLVMBuilderRef b, LLVMValueRef x, LLVMTypeRef t, uint64_t k) {
  if (!k) return x;
  LLVMValueRef c = LLVMConstInt(t, k, false);
  return LLVMIsAConstant(x) ? LLVMConstAdd(x, c) : LLVMBuildAdd(b, x, c, "");
}

/* Instructions the rewrite needs for side l: a trunc of a wider
 * instruction. */
static unsigned trunc_cost(lin l, unsigned w) { return l.r && !LLVMIsAConstant(l.r) && int_width(l.r) != w; }

static bool single_use(LLVMValueRef v) {
  LLVMUseRef u = LLVMGetFirstUse(v);
  return u && !LLVMGetNextUse(u);
}

/* The instructions that die with v's one use (v down to the terms r1, r2
 * the split kept): single-use add, sub and trunc. */
static unsigned dying(LLVMValueRef v, LLVMValueRef r1, LLVMValueRef r2, int depth) {
  if (depth > 8 || v == r1 || v == r2 || !LLVMIsAInstruction(v) || !single_use(v)) return 0;
  LLVMOpcode op = LLVMGetInstructionOpcode(v);
  if (op != LLVMAdd && op != LLVMSub && op != LLVMTrunc) return 0;
  unsigned n = 1 + dying(LLVMGetOperand(v, 0), r1, r2, depth + 1);
  if (op != LLVMTrunc) n += dying(LLVMGetOperand(v, 1), r1, r2, depth + 1);
  return n;
}

/* icmp eq/ne ins: true when rewritten (or replaced by a constant). */
static bool fold_compare(fco *f, LLVMBuilderRef b, LLVMValueRef ins) {
  LLVMIntPredicate p = LLVMGetICmpPredicate(ins);
  if (p != LLVMIntEQ && p != LLVMIntNE) return false;
  LLVMValueRef A = LLVMGetOperand(ins, 0), B = LLVMGetOperand(ins, 1);
  unsigned w = int_width(A);
  if (!w || w > 64) return false;
  lin la = split(f, A, w, NULL, 0), lb = split(f, B, w, NULL, 0);
  if (la.r == A && lb.r == B) return false;
  LLVMTypeRef t = LLVMTypeOf(A);
  if (la.r == lb.r) {
    /* the same term (or none) on both sides: equal when the offsets are */
    bool eq = la.k == lb.k;
    LLVMReplaceAllUsesWith(ins, LLVMConstInt(LLVMInt1TypeInContext(f->cx), p == LLVMIntEQ ? eq : !eq, false));
    LLVMInstructionEraseFromParent(ins);
    return true;
  }
  /* the offset goes to a side whose term is constant (or absent) */
  if (!la.r || (LLVMIsAConstant(la.r) && lb.r && !LLVMIsAConstant(lb.r))) {
    lin s = la;
    la = lb;
    lb = s;
  }
  uint64_t k = (lb.k - la.k) & mask_of(w);
  /* an offset moved between two instructions' sides saves nothing and
   * changes loop code llc-19 leaves as written: not done */
  if (k && lb.r && !LLVMIsAConstant(lb.r)) return false;
  unsigned cost = trunc_cost(la, w) + trunc_cost(lb, w);
  /* instructions that die: the single-use arithmetic of A and B the
   * split looked through */
  unsigned gain = dying(A, la.r, lb.r, 0) + dying(B, la.r, lb.r, 0);
  if (cost > gain) return false;
  LLVMPositionBuilderBefore(b, ins);
  LLVMValueRef x = la.r ? trunc_to(b, la.r, t) : LLVMConstInt(t, 0, false);
  LLVMValueRef y = lb.r ? plus(b, trunc_to(b, lb.r, t), t, k) : LLVMConstInt(t, k, false);
  LLVMSetOperand(ins, 0, x);
  LLVMSetOperand(ins, 1, y);
  return true;
}

/* A constant expression operand of an instruction, rebuilt smaller. */
static LLVMValueRef fold_const_expr(fco *f, LLVMValueRef v) {
  unsigned w = int_width(v);
  if (!w || w > 64) return NULL;
  unsigned arith = 0;
  lin l = split(f, v, w, &arith, 0);
  if (l.r == v) return NULL;
  LLVMTypeRef t = LLVMTypeOf(v);
  if (!l.r) return LLVMConstInt(t, l.k, false);
  if (!LLVMIsAConstant(l.r) || arith <= (l.k != 0)) return NULL;
  return plus(NULL, trunc_to(NULL, l.r, t), t, l.k);
}

int wir_fold_const_offsets(LLVMModuleRef mod) {
  fco f = {LLVMCreateTargetData(LLVMGetDataLayoutStr(mod)), LLVMGetModuleContext(mod)};
  LLVMBuilderRef b = LLVMCreateBuilderInContext(f.cx);
  int n = 0;
  /* the compares, collected first (a folded one is deleted); the
   * arithmetic a rewrite leaves unused goes with LLVM's early-cse or
   * wavecc's dce */
  size_t ncmp = 0, cap = 0;
  LLVMValueRef *cmps = NULL;
  for (LLVMValueRef fn = LLVMGetFirstFunction(mod); fn; fn = LLVMGetNextFunction(fn))
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb)) {
      for (LLVMValueRef ins = LLVMGetFirstInstruction(bb); ins; ins = LLVMGetNextInstruction(ins)) {
        unsigned no = (unsigned)LLVMGetNumOperands(ins);
        for (unsigned i = 0; i < no; i++) {
          LLVMValueRef o = LLVMGetOperand(ins, i);
          if (!LLVMIsAConstantExpr(o)) continue;
          LLVMValueRef s = fold_const_expr(&f, o);
          if (s && s != o) {
            LLVMSetOperand(ins, i, s);
            n++;
          }
        }
        if (LLVMGetInstructionOpcode(ins) != LLVMICmp) continue;
        if (ncmp == cap) {
          size_t nc = cap ? 2 * cap : 64;
          LLVMValueRef *g = realloc(cmps, nc * sizeof *cmps);
          if (!g) continue; /* out of memory: fewer folds, still correct */
          cmps = g;
          cap = nc;
        }
        cmps[ncmp++] = ins;
      }
    }
  for (size_t i = 0; i < ncmp; i++) n += fold_compare(&f, b, cmps[i]);
  free(cmps);
  LLVMDisposeBuilder(b);
  LLVMDisposeTargetData(f.td);
  return n;
}
