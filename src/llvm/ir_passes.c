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

/* LLVM's early-cse after the fat-pointer lowering, when the module calls
 * buffer intrinsics: the lowering computes each access's offset anew
 * (every getelementptr's shifts and adds), early-cse shares them. (Not
 * instcombine: it rewrites the V#'s <4 x i32> <-> i128 moves into i128
 * loads the selector does not take.) */
static int run_cleanup_buffer_ops(LLVMModuleRef mod, diag *d) {
  for (LLVMValueRef f = LLVMGetFirstFunction(mod); f; f = LLVMGetNextFunction(f)) {
    size_t n;
    const char *name = LLVMGetValueName2(f, &n);
    if (LLVMIsDeclaration(f) && LLVMGetFirstUse(f) && strstr(name, "llvm.amdgcn.") && strstr(name, "buffer."))
      return wir_run_passes(mod, "function(early-cse)", d);
  }
  return 0;
}

static const wir_pass_info passes[] = {
  {"lower-reductions", run_lower_reductions, "integer llvm.vector.reduce.* to scalar chains"},
  {"expand-buffer-ops", wir_expand_buffer_ops, "compare-and-swap loops for atomics on ptr addrspace(7) gfx900 lacks"},
  {"lower-buffer-fat-pointers", wir_lower_buffer_fat_pointers, "ptr addrspace(7) to {ptr addrspace(8), i32} and buffer intrinsics"},
  {"cleanup-buffer-ops", run_cleanup_buffer_ops, "LLVM early-cse when buffer intrinsics are called (shared offsets)"},
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
