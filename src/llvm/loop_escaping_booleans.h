/* IR pass: i1 values used outside the loop that defines them go through an
 * i32 copy (see the .c file). */
#ifndef WAVECC_LLVM_LOOP_ESCAPING_BOOLEANS_H
#define WAVECC_LLVM_LOOP_ESCAPING_BOOLEANS_H

#include <llvm-c/Core.h>

/* Rewrites, in every function of `mod`, each use of an i1 instruction from
 * outside the innermost natural loop that defines it to read a zero-extended
 * i32 copy made inside the loop (lane masks lose the bits of lanes that
 * left the loop earlier; VGPRs keep them). Cannot fail; returns the number
 * of uses rewritten. */
int wir_loop_escaping_booleans(LLVMModuleRef mod);

#endif
