/* IR pass: waterfall loops for buffer accesses whose resource differs
 * between lanes (see the .c file). */
#ifndef WAVECC_LLVM_FATPTR_WATERFALL_H
#define WAVECC_LLVM_FATPTR_WATERFALL_H

#include <llvm-c/Core.h>

#include "util/diag.h"

/* Metadata kind (an empty node) on a waterfall loop header's conditional
 * branch: its condition holds the lane whose value readfirstlane read in
 * the same block, so it is never empty when the block runs with some
 * lane active. The selector drops the s_cbranch_execz that would skip
 * the body (isel_struct.c, execz_short.c). */
#define WAVECC_MD_FIRST_LANE "wavecc.first.lane"

/* Runs after lower-buffer-fat-pointers: every raw/struct.ptr.buffer.*
 * call and s.buffer.load whose resource is divergent (divergence_analyze)
 * is wrapped in a loop that runs it once per distinct V# with EXEC
 * limited to the lanes holding it; divergent ptr addrspace(8) values
 * become <4 x i32>. Returns 0, or -1 after reporting a use of a divergent
 * resource it cannot rewrite as "file: function: error: unsupported ...". */
int wir_buffer_waterfall(LLVMModuleRef mod, diag *d);

#endif
