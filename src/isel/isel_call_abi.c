/* The module's calling convention (isel_calls.c describes it): which
 * implicit inputs every function receives, how many VGPRs a callee may
 * clobber, the order in which functions are compiled (callees first) and
 * which calls lie on cycles. AMDGPUUsage "Calling Conventions". */
#include <stdlib.h>
#include <string.h>

#include "isel/isel_internal.h"

unsigned isel_implicit_dwords(unsigned mask) {
  unsigned n = 0;
  for (unsigned b = 0; b < 6; b++) n += (mask >> b) & 1;
  return n + 2 * ((mask >> 6) & 1) + 2 * ((mask >> 7) & 1);
}

unsigned isel_implicit_uses(LLVMValueRef fn) {
  static const struct { const char *name; unsigned bit; } tab[] = {
      {"llvm.amdgcn.workitem.id.x", ISEL_IMPLICIT_WI_X},   {"llvm.amdgcn.workitem.id.y", ISEL_IMPLICIT_WI_Y},
      {"llvm.amdgcn.workitem.id.z", ISEL_IMPLICIT_WI_Z},   {"llvm.amdgcn.workgroup.id.x", ISEL_IMPLICIT_WG_X},
      {"llvm.amdgcn.workgroup.id.y", ISEL_IMPLICIT_WG_Y},  {"llvm.amdgcn.workgroup.id.z", ISEL_IMPLICIT_WG_Z},
      {"llvm.amdgcn.dispatch.ptr", ISEL_IMPLICIT_DISPATCH}, {"llvm.amdgcn.implicitarg.ptr", ISEL_IMPLICIT_IMPLICITARG},
  };
  unsigned m = 0;
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
    for (LLVMValueRef ins = LLVMGetFirstInstruction(bb); ins; ins = LLVMGetNextInstruction(ins)) {
      if (!LLVMIsACallInst(ins) || !LLVMIsAFunction(LLVMGetCalledValue(ins))) continue;
      size_t len;
      const char *n = LLVMGetValueName2(LLVMGetCalledValue(ins), &len);
      for (unsigned k = 0; k < sizeof tab / sizeof tab[0]; k++)
        if (!strcmp(n, tab[k].name)) m |= tab[k].bit;
    }
  return m;
}

/* Implicit input dwords that travel after the arguments (compact layout). */
unsigned isel_implicit_arg_dwords(const isel_call_abi *ca) {
  return ca->amdgpu ? 0 : isel_implicit_dwords(ca->implicit);
}

/* The VGPRs v0.. a function of type fnty may clobber: its argument dwords
 * in VGPRs (implicit inputs included) or its result dwords, whichever are
 * more. */
unsigned isel_fn_region(const isel_call_abi *ca, LLVMTypeRef fnty) {
  unsigned np = LLVMCountParamTypes(fnty), n = isel_implicit_arg_dwords(ca);
  LLVMTypeRef *tys = malloc((np + 1) * sizeof *tys);
  LLVMGetParamTypes(fnty, tys);
  for (unsigned i = 0; i < np; i++) n += isel_call_dwords(tys[i]);
  free(tys);
  if (n > ca->reg_args) n = ca->reg_args;
  if (ca->amdgpu && (ca->implicit & ISEL_IMPLICIT_WI)) n = ISEL_IDS_VGPR + 1;
  unsigned r = isel_call_dwords(LLVMGetReturnType(fnty));
  return r > n ? r : n;
}

/* The VGPRs v0.. function k may clobber without saving them (the
 * convention's, when nothing more precise is known). */
unsigned isel_fn_clobber(const isel_call_abi *ca, unsigned k) {
  unsigned r = isel_fn_region(ca, LLVMGlobalGetValueType(ca->functions[k]));
  if (ca->in_cycle && ca->in_cycle[k]) return r;
  return r > ca->min_clobber ? r : ca->min_clobber;
}

void isel_call_abi_init(isel_call_abi *ca, LLVMValueRef *functions, unsigned n, unsigned max_vgprs,
                        unsigned max_sgprs) {
  bool compact = (max_vgprs && max_vgprs < 64) || (max_sgprs && max_sgprs < 64);
  /* compact: half of a forced VGPR budget carries arguments (so that a
   * call fits it), the rest go on the stack */
  unsigned half = max_vgprs / 2 ? max_vgprs / 2 : 1;
  *ca = (isel_call_abi){.functions = functions, .num_functions = n, .amdgpu = !compact};
  if (compact) {
    ca->reg_args = max_vgprs && half < ISEL_CALL_REG_ARGS ? half : ISEL_CALL_REG_ARGS;
    ca->ra_sgpr = 4, ca->sp_sgpr = 6, ca->call_sgprs = 8, ca->wo_sgpr = 7;
  } else {
    ca->reg_args = ISEL_IDS_VGPR; /* v31 is the work-item ids' (llc's callers always reserve it) */
    ca->ra_sgpr = 30, ca->sp_sgpr = 32, ca->call_sgprs = 33;
    ca->min_clobber = 40;
  }
  for (unsigned k = 0; k < n; k++) ca->implicit |= isel_implicit_uses(functions[k]);
}

/* Does a defined function of mod call through a pointer (not inline asm)? */
static bool calls_through_pointer(LLVMModuleRef mod) {
  for (LLVMValueRef f = LLVMGetFirstFunction(mod); f; f = LLVMGetNextFunction(f))
    for (LLVMBasicBlockRef b = LLVMGetFirstBasicBlock(f); b; b = LLVMGetNextBasicBlock(b))
      for (LLVMValueRef i = LLVMGetFirstInstruction(b); i; i = LLVMGetNextInstruction(i)) {
        if (!LLVMIsACallInst(i)) continue;
        LLVMValueRef callee = LLVMGetCalledValue(i);
        if (!LLVMIsAFunction(callee) && !LLVMIsAInlineAsm(callee)) return true;
      }
  return false;
}

void isel_call_abi_externs(isel_call_abi *ca, LLVMModuleRef mod) {
  unsigned n = 0;
  for (LLVMValueRef f = LLVMGetFirstFunction(mod); f; f = LLVMGetNextFunction(f)) n++;
  ca->externs = malloc((n + 1) * sizeof *ca->externs);
  ca->num_externs = 0;
  for (LLVMValueRef f = LLVMGetFirstFunction(mod); f; f = LLVMGetNextFunction(f)) {
    /* an "llvm." name LLVM does not know is an ordinary symbol to llc-19
     * (LLVM 19's sched.barrier.inverted.mask.ll calls llvm.amdcn.s.nop;
     * main counted no callee and crashed) */
    if (LLVMIsDeclaration(f) && !LLVMGetIntrinsicID(f) && LLVMGetFirstUse(f))
      ca->externs[ca->num_externs++] = f;
  }
  ca->unknown_callees = !ca->num_functions && calls_through_pointer(mod);
  if ((ca->num_externs || ca->unknown_callees) && ca->amdgpu) {
    ca->implicit = (ISEL_IMPLICIT_IMPLICITARG << 1) - 1; /* all of them */
  }
}

/* Depth-first post-order over the direct calls among the functions;
 * state 1: on the path (`path`, depth *np), 2: done. A call to a function
 * on the path closes a cycle: the path from it on is in_cycle. */
static void order_from(isel_call_abi *ca, unsigned k, uint8_t *state, unsigned *path, unsigned *np, unsigned *order,
                       unsigned *n) {
  state[k] = 1;
  path[(*np)++] = k;
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(ca->functions[k]); bb; bb = LLVMGetNextBasicBlock(bb))
    for (LLVMValueRef ins = LLVMGetFirstInstruction(bb); ins; ins = LLVMGetNextInstruction(ins)) {
      if (!LLVMIsACallInst(ins)) continue;
      LLVMValueRef f = LLVMGetCalledValue(ins);
      for (unsigned j = 0; j < ca->num_functions; j++) {
        if (ca->functions[j] != f) continue;
        if (!state[j]) order_from(ca, j, state, path, np, order, n);
        else if (state[j] == 1)
          for (unsigned d = *np; d-- > 0;) {
            ca->in_cycle[path[d]] = 1;
            if (path[d] == j) break;
          }
      }
    }
  (*np)--;
  state[k] = 2;
  order[(*n)++] = k;
}

void isel_call_order(isel_call_abi *ca, unsigned *order) {
  uint8_t *state = calloc(ca->num_functions + 1, 1);
  unsigned *path = calloc(ca->num_functions + 1, sizeof *path), n = 0, np = 0;
  ca->in_cycle = calloc(ca->num_functions + 1, 1);
  for (unsigned k = 0; k < ca->num_functions; k++)
    if (!state[k]) order_from(ca, k, state, path, &np, order, &n);
  free(state);
  free(path);
}

bool isel_function_uses_calls(LLVMValueRef fn) {
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
    for (LLVMValueRef ins = LLVMGetFirstInstruction(bb); ins; ins = LLVMGetNextInstruction(ins)) {
      if (!LLVMIsACallInst(ins)) continue;
      LLVMValueRef f = LLVMGetCalledValue(ins);
      if (LLVMIsAInlineAsm(f)) continue; /* isel_asm.c */
      if (!LLVMIsAFunction(f) || !LLVMGetIntrinsicID(f)) return true;
    }
  return false;
}
