/* LLVM IR import: parse .ll/.bc through the LLVM-C API, verify, check the
 * target, inline every non-kernel function, run the light IR clean-up the
 * instruction selector relies on. */
#ifndef WAVECC_LLVM_IMPORT_H
#define WAVECC_LLVM_IMPORT_H

#include <stddef.h>

#include <llvm-c/Core.h>

#include "util/diag.h"

typedef struct wir_module {
  LLVMContextRef ctx;
  LLVMModuleRef mod;
  LLVMValueRef *kernels; /* malloc'ed, amdgpu_kernel definitions in module order */
  unsigned num_kernels;
  /* Non-kernel functions compiled as real functions (isel_calls.c's calling
   * convention): `noinline` ones, those on a call-graph cycle, and those
   * whose address is taken, when a kernel reaches them; module order. */
  LLVMValueRef *functions; /* malloc'ed */
  unsigned num_functions;
} wir_module;

/* The datalayout LLVM 19's AMDGPU target gives every amdgcn module
 * (AMDGPUTargetMachine.cpp computeDataLayout; what `opt-19
 * -mtriple=amdgcn-amd-amdhsa` prints). llc-19 replaces a module's
 * datalayout by it; so does wir_import. */
#define WAVECC_AMDGCN_DATALAYOUT                                                                               \
  "e-p:64:64-p1:64:64-p2:32:32-p3:32:32-p4:64:64-p5:32:32-p6:32:32-p7:160:256:256:32-p8:128:128-p9:192:256:256:32-" \
  "i64:64-v16:16-v24:32-v32:32-v48:64-v96:128-v192:256-v256:256-v512:512-v1024:1024-v2048:2048-n32:64-S32-A5-G1-"  \
  "ni:7:8:9"

/* Parses `size` bytes (text IR or bitcode, detected by the magic) into a
 * fresh context, verifies it and prepares it for instruction selection:
 * inlines calls except to `noinline`, recursive and address-taken
 * functions (calls to undefined functions are user errors), lowers switches, and at -O1/-O2 runs sroa/early-cse/instcombine/
 * simplifycfg. `triple` (NULL: the module's) replaces the module's triple
 * as llc-19's -mtriple does; the datalayout is always replaced by
 * WAVECC_AMDGCN_DATALAYOUT. check_div: a test before each integer
 * division that may divide by 0 (wavecc -fcheck-div, check_div.cpp). `hook` (may be NULL) runs last, after
 * wavecc's own IR passes (ir_passes.c), with `hook_ctx`: the driver runs
 * llc-19's pre-selection passes there (they need the processor, which the
 * module's attributes name); it returns 0 or -1 after reporting in `d`.
 * `early_hook` (may be NULL) runs likewise right after parsing, before
 * inlining (the driver removes functions llc-19 would not compile).
 * Returns 0, or non-zero with messages in `d` (and nothing to free). */
typedef struct wir_given {
  LLVMContextRef ctx;
  LLVMModuleRef mod; /* in ctx */
} wir_given;
int wir_import(const char *data, size_t size, const wir_given *given, int opt_level, int check_div, const char *triple,
               diag *d, wir_module *out,
               int (*early_hook)(LLVMModuleRef mod, void *hook_ctx, diag *d),
               int (*hook)(LLVMModuleRef mod, void *hook_ctx, diag *d), void *hook_ctx);

int wir_parse(const char *data, size_t size, diag *d, wir_module *out);

/* The module's code object version, from its "amdhsa_code_object_version"
 * module flag (100 x the version: 400, 500, 600, as clang and llc-19 write
 * it; llc-19 accepts those three and aborts on others): 4, 5 or 6, and 5
 * when the flag is absent (llc-19's default). 0 for another value, whose
 * flag value goes to *raw (may be NULL). AMDGPUUsage "Code Object V4
 * Metadata", "Code Object V5 Metadata". */
unsigned wir_code_object_version(LLVMModuleRef mod, unsigned *raw);

/* Frees the module, its context and the kernel list. */
void wir_module_free(wir_module *m);

/* Runs an LLVM new-pass-manager pipeline string on the module; reports a
 * failure in `d`. Returns 0 or -1. */
int wir_run_passes(LLVMModuleRef mod, const char *passes, diag *d);

#endif
