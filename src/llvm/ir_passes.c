/* The LLVM-IR pass registry (see ir_passes.h). One line per pass, in the
 * order import.c runs them; adding a pass is adding a line here. */
#include "llvm/ir_passes.h"

#include <string.h>

#include "llvm/expand_buffer_ops.h"
#include "llvm/import.h"
#include "llvm/lower_buffer_fat_pointers.h"
#include "llvm/lower_reductions.h"

static int run_lower_reductions(LLVMModuleRef mod, diag *d) {
  (void)d;
  wir_lower_reductions(mod);
  return 0;
}

/* LLVM's instcombine, when the module holds insertvalue instructions: the
 * fat-pointer lowering splits aggregate loads and stores into members and
 * leaves insertvalue/extractvalue chains, which the selector does not
 * take; instcombine folds them into the members. */
static int run_fold_aggregates(LLVMModuleRef mod, diag *d) {
  for (LLVMValueRef f = LLVMGetFirstFunction(mod); f; f = LLVMGetNextFunction(f))
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(f); bb; bb = LLVMGetNextBasicBlock(bb))
      for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i))
        if (LLVMGetInstructionOpcode(i) == LLVMInsertValue) return wir_run_passes(mod, "function(instcombine)", d);
  return 0;
}

static const wir_pass_info passes[] = {
  {"lower-reductions", run_lower_reductions, "integer llvm.vector.reduce.* to scalar chains"},
  {"expand-buffer-ops", wir_expand_buffer_ops, "compare-and-swap loops for atomics on ptr addrspace(7) gfx900 lacks"},
  {"lower-buffer-fat-pointers", wir_lower_buffer_fat_pointers, "ptr addrspace(7) to {ptr addrspace(8), i32} and buffer intrinsics"},
  {"fold-aggregates", run_fold_aggregates, "LLVM instcombine when insertvalue is present (split aggregate accesses)"},
};

const wir_pass_info *wir_pass_list(unsigned *n) {
  *n = sizeof passes / sizeof passes[0];
  return passes;
}

const wir_pass_info *wir_pass_lookup(const char *name) {
  for (unsigned i = 0; i < sizeof passes / sizeof passes[0]; i++)
    if (strcmp(passes[i].name, name) == 0) return &passes[i];
  return NULL;
}

int wir_run_ir_passes(LLVMModuleRef mod, diag *d) {
  for (unsigned i = 0; i < sizeof passes / sizeof passes[0]; i++)
    if (passes[i].run(mod, d)) return -1;
  return 0;
}
