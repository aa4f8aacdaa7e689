/* IR pass: loop exits from inside an if of the loop body become flags
 * tested at the top level of the body (see the .c file). */
#ifndef WAVECC_LLVM_LOOP_EXIT_FLAGS_H
#define WAVECC_LLVM_LOOP_EXIT_FLAGS_H

#include <llvm-c/Core.h>

#include "util/diag.h"

/* In every function of `mod` with a divergent branch, redirects each exit
 * edge of a natural loop that leaves from a block not dominating the
 * loop's latch (a break or return inside an if of the body) to a flow
 * block at the next top-level block of the body, which leaves the loop on
 * an i1 flag per exit target, and copies a small exit target that is also
 * reached around its loop for the exit edge. Values read on the far side go through
 * allocas promoted again by LLVM's SROA. Returns 0, or -1 when SROA
 * fails (reported in `d`). */
int wir_loop_exit_flags(LLVMModuleRef mod, diag *d);

#endif
