/* The compiler pipeline: LLVM IR bytes in, assembly text / code object
 * out. See pipeline.c. */
#ifndef WAVECC_DRIVER_PIPELINE_H
#define WAVECC_DRIVER_PIPELINE_H

#include <stddef.h>
#include <stdio.h>

#include <llvm-c/Core.h>

#include "llvm/import.h"
#include "util/diag.h"
#include "wavecc/wavecc.h"

/* Compiles LLVM IR (text or bitcode) of `size` bytes, or the module
 * `given` (not NULL: taken over and freed, see wir_import), and fills `r`
 * (output, kernels, report, pass_seconds, output_instructions). Returns 0,
 * or non-zero after reporting in `d`; then r->output stays NULL. */
int wavecc_pipeline(const char *ir, size_t size, const wir_given *given, const wavecc_options *o, diag *d,
                    wavecc_result *r);

struct wavecc_target;
/* The target for a module whose kernels and functions are fns[0..n)
 * (target_attrs.c): -mcpu's processor (gfx900 by default; without -mcpu
 * the kernels' "target-cpu" attribute), at the wave size of -mattr or of
 * the functions' "target-features" (+wavefrontsize64 / 32). NULL after an
 * error in `d`: an unknown processor, a function whose "target-cpu"
 * differs from -mcpu or from the other functions', wave sizes that differ
 * between functions, a wave size the processor lacks. */
const struct wavecc_target *driver_module_target(const wavecc_options *o, LLVMValueRef *fns, unsigned n, diag *d);

/* wir_import's early hook (target_attrs.c), `ctx` the wavecc_options:
 * removes, as llc-19's AMDGPURemoveIncompatibleFunctions does, each
 * function definition whose "target-features" ask for wave32 on a gfx9 or
 * older processor (its "target-cpu", else -mcpu): a warning names it and
 * its uses become null. Only with -mcpu (llc's pass does nothing for the
 * generic processor). Returns 0. */
int driver_remove_incompatible(LLVMModuleRef mod, void *ctx, diag *d);

/* Writes the pass order to `out`, one line per step with what it does:
 * the stages before the machine-IR passes, the passes in the order the
 * pipeline runs them (mir_pass_pipeline), emission. The names are those
 * --print-after accepts. For `wavecc --print-passes` and `--help`. */
void wavecc_print_passes(FILE *out);

#endif
