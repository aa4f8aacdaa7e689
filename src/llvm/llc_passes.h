/* llc-19's pre-selection IR passes, run by wavecc with its target facts
 * (llc_passes.c). */
#ifndef WAVECC_LLVM_LLC_PASSES_H
#define WAVECC_LLVM_LLC_PASSES_H

#include <llvm-c/Core.h>

#include "llvm/pass_pipeline.h"
#include "target/target.h"
#include "util/diag.h"

/* The TargetTransformInfo facts of processor t (see wir_tti_facts). */
void wir_tti_facts_for(const wavecc_target *t, wir_tti_facts *out);

/* The pipeline wavecc runs after import at -O1 and above: what llc-19
 * runs between inlining and selection that pays for wavecc (WIR_LLC_PIPELINE
 * in llc_passes.c). */
extern const char WIR_LLC_PIPELINE[];

/* Runs `passes` (pass_pipeline.cpp names) over mod with t's facts.
 * Returns 0, or -1 with an internal error in d. */
int wir_run_passes_for(LLVMModuleRef mod, const char *passes, const wavecc_target *t, diag *d);

#endif
