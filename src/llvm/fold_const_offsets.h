/* IR pass: constant offsets cancelled in equality compares and in integer
 * constant expressions on a global's address (see the .c file). */
#ifndef WAVECC_LLVM_FOLD_CONST_OFFSETS_H
#define WAVECC_LLVM_FOLD_CONST_OFFSETS_H

#include <llvm-c/Core.h>

/* In every function of `mod`: an icmp eq/ne of x + c1 and y + c2 becomes
 * one of x and y + (c2 - c1) where that adds no instruction, and an
 * integer constant expression whose address terms cancel, or that adds
 * constants in steps, is rebuilt as one address plus one constant (or as
 * the constant). Cannot fail; returns the number of operands rewritten. */
int wir_fold_const_offsets(LLVMModuleRef mod);

#endif
