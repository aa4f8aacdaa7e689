/* IR pass: booleans that leave a loop go through i32.
 *
 * A divergent i1 lives in an SGPR pair as a lane mask, and the compares
 * and mask operations that define it write all 64 bits: a lane that EXEC
 * has turned off gets 0. When lanes leave a loop in different iterations
 * (a divergent exit), an i1 defined in the loop and read after it would
 * hold, for a lane that left early, whatever a later iteration wrote for
 * it, not its own value. VGPR writes leave inactive lanes alone, so an i32
 * copy of the boolean keeps each lane's value from the iteration in which
 * it left (the "temporal divergence" of values crossing a loop exit; LLVM
 * handles the i1 case in SILowerI1Copies by merging with EXEC).
 *
 * For every i1 instruction I inside a natural loop L with a use outside L:
 *   - a use by an instruction U outside L reads `icmp ne (zext I), 0`, the
 *     zext placed right after I (inside L), the icmp before U;
 *   - a use by a phi P outside L (an exit edge) makes P an i32 phi of the
 *     incoming values' i32 copies, each made right after its definition
 *     (inside its loop), followed by `icmp ne P32, 0`.
 * Loops are natural loops of back edges u -> h with h dominating u, from
 * the shared CFG analysis (llvm/cfg.c). Found by a corpus kernel
 * returning from inside two divergent loops (tests/kernels/f_loop_nested_exits.cl, k_ret2), whose
 * results were wrong. */
#include "llvm/loop_escaping_booleans.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "llvm/cfg.h"
#include "llvm/ptrmap.h"

static bool is_i1(LLVMTypeRef t) {
  return LLVMGetTypeKind(t) == LLVMIntegerTypeKind && LLVMGetIntTypeWidth(t) == 1;
}

/* Is a use in block `ub` outside the innermost loop of block `db`? */
static bool outside(const llvm_cfg *l, unsigned db, unsigned ub) {
  unsigned h = l->loop_of[db];
  return h != UINT32_MAX && ub != UINT32_MAX && !llvm_cfg_in_loop(l, h, ub);
}

static LLVMValueRef first_non_phi(LLVMBasicBlockRef bb) {
  LLVMValueRef i = LLVMGetFirstInstruction(bb);
  while (i && LLVMIsAPHINode(i)) i = LLVMGetNextInstruction(i);
  return i;
}

/* The i32 copy of i1 instruction `ins`, made right after its definition
 * (after the phis of its block for a phi), once per value. */
static LLVMValueRef zext_copy(LLVMBuilderRef b, LLVMContextRef ctx, LLVMValueRef ins, ptrmap *made,
                              LLVMValueRef **vals, unsigned *n, unsigned *cap) {
  uint32_t i = ptrmap_get(made, ins);
  if (i != UINT32_MAX) return (*vals)[i];
  LLVMValueRef at = LLVMIsAPHINode(ins) ? first_non_phi(LLVMGetInstructionParent(ins)) : LLVMGetNextInstruction(ins);
  LLVMPositionBuilderBefore(b, at);
  LLVMValueRef z = LLVMBuildZExt(b, ins, LLVMInt32TypeInContext(ctx), "");
  if (*n == *cap) {
    *cap = *cap ? 2 * *cap : 32;
    *vals = realloc(*vals, *cap * sizeof **vals);
  }
  ptrmap_put(made, ins, *n);
  (*vals)[(*n)++] = z;
  return z;
}

typedef struct zcache {
  ptrmap made;
  LLVMValueRef *vals;
  unsigned n, cap;
} zcache;

/* Replaces i1 phi `p` (outside the loops of some incoming values) by an i32
 * phi of the incoming values' i32 copies (made where each is defined, so a
 * value from inside a loop is copied inside it) and a compare. */
static void widen_phi(LLVMBuilderRef b, LLVMContextRef ctx, LLVMValueRef p, zcache *zc) {
  LLVMTypeRef i32 = LLVMInt32TypeInContext(ctx);
  unsigned n = LLVMCountIncoming(p);
  LLVMValueRef *z = malloc((n + 1) * sizeof *z);
  for (unsigned k = 0; k < n; k++) {
    LLVMBasicBlockRef from = LLVMGetIncomingBlock(p, k);
    LLVMValueRef v = LLVMGetIncomingValue(p, k);
    if (LLVMIsAConstantInt(v)) {
      z[k] = LLVMConstInt(i32, LLVMConstIntGetZExtValue(v), false);
    } else if (LLVMIsAInstruction(v)) {
      z[k] = zext_copy(b, ctx, v, &zc->made, &zc->vals, &zc->n, &zc->cap);
    } else { /* an argument or poison: copied where the edge leaves */
      LLVMPositionBuilderBefore(b, LLVMGetBasicBlockTerminator(from));
      z[k] = LLVMBuildZExt(b, v, i32, "");
    }
  }
  LLVMPositionBuilderBefore(b, p);
  LLVMValueRef q = LLVMBuildPhi(b, i32, "");
  for (unsigned k = 0; k < n; k++) {
    LLVMBasicBlockRef from = LLVMGetIncomingBlock(p, k);
    LLVMAddIncoming(q, &z[k], &from, 1);
  }
  free(z);
  LLVMPositionBuilderBefore(b, first_non_phi(LLVMGetInstructionParent(p)));
  LLVMValueRef c = LLVMBuildICmp(b, LLVMIntNE, q, LLVMConstInt(i32, 0, false), "");
  LLVMReplaceAllUsesWith(p, c);
  LLVMInstructionEraseFromParent(p);
}

static int run_function(LLVMValueRef fn, LLVMContextRef ctx, LLVMBuilderRef b) {
  arena mem;
  arena_init(&mem);
  const llvm_cfg *l = llvm_cfg_build(fn, &mem);
  int changed = 0;
  LLVMTypeRef i32 = LLVMInt32TypeInContext(ctx);
  zcache zc = {0};
  ptrmap_init(&zc.made, &mem, 32);
  /* phis to widen, collected first (widening replaces them) */
  LLVMValueRef *phis = NULL;
  unsigned nphi = 0, capphi = 0;
  for (unsigned bi = 0; bi < l->nb; bi++) {
    if (l->loop_of[bi] == UINT32_MAX) continue;
    for (LLVMValueRef ins = LLVMGetFirstInstruction(l->rpo[bi]); ins; ins = LLVMGetNextInstruction(ins)) {
      if (!is_i1(LLVMTypeOf(ins))) continue;
      LLVMUseRef u = LLVMGetFirstUse(ins);
      while (u) {
        LLVMUseRef nu = LLVMGetNextUse(u);
        LLVMValueRef user = LLVMGetUser(u);
        unsigned ub = llvm_cfg_index(l, LLVMGetInstructionParent(user));
        if (outside(l, bi, ub)) {
          if (LLVMIsAPHINode(user)) {
            bool have = false;
            for (unsigned k = 0; k < nphi; k++) have |= phis[k] == user;
            if (!have) {
              if (nphi == capphi) {
                capphi = capphi ? 2 * capphi : 16;
                phis = realloc(phis, capphi * sizeof *phis);
              }
              phis[nphi++] = user;
            }
          } else {
            LLVMValueRef z = zext_copy(b, ctx, ins, &zc.made, &zc.vals, &zc.n, &zc.cap);
            LLVMPositionBuilderBefore(b, user);
            LLVMValueRef c = LLVMBuildICmp(b, LLVMIntNE, z, LLVMConstInt(i32, 0, false), "");
            unsigned no = (unsigned)LLVMGetNumOperands(user);
            for (unsigned k = 0; k < no; k++)
              if (LLVMGetOperand(user, k) == ins) LLVMSetOperand(user, k, c);
            changed++;
          }
        }
        u = nu;
      }
    }
  }
  for (unsigned k = 0; k < nphi; k++) {
    widen_phi(b, ctx, phis[k], &zc);
    changed++;
  }
  free(phis);
  free(zc.vals);
  arena_free(&mem);
  return changed;
}

int wir_loop_escaping_booleans(LLVMModuleRef mod) {
  LLVMContextRef ctx = LLVMGetModuleContext(mod);
  LLVMBuilderRef b = LLVMCreateBuilderInContext(ctx);
  int changed = 0;
  for (LLVMValueRef fn = LLVMGetFirstFunction(mod); fn; fn = LLVMGetNextFunction(fn))
    if (!LLVMIsDeclaration(fn)) changed += run_function(fn, ctx, b);
  LLVMDisposeBuilder(b);
  return changed;
}
