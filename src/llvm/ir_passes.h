/* The LLVM-IR pass registry: wavecc's own IR-level passes, in the order the
 * import runs them (after inlining and LLVM's clean-up), and by name for
 * wavecc-opt -ir-pass=NAME (lit tests of one IR pass). DESIGN.md, structure
 * review item 3: one ordered pass list per IR level. */
#ifndef WAVECC_LLVM_IR_PASSES_H
#define WAVECC_LLVM_IR_PASSES_H

#include <llvm-c/Core.h>

#include "util/diag.h"

typedef struct wir_pass_info {
  const char *name;
  /* Rewrites `mod` in place. Returns 0, or -1 after reporting unsupported
   * IR in `d` as "file: function: error: ..." (the module is then left in
   * a state only fit for disposal). */
  int (*run)(LLVMModuleRef mod, diag *d);
  const char *description;
} wir_pass_info;

/* The passes in pipeline order; *n receives the count. */
const wir_pass_info *wir_pass_list(unsigned *n);
/* The pass called `name`, or NULL. */
const wir_pass_info *wir_pass_lookup(const char *name);
/* Runs every registered pass in order; stops at the first failure.
 * Returns 0 or -1 (messages in `d`). */
int wir_run_ir_passes(LLVMModuleRef mod, diag *d);

#endif
