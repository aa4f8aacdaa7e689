/* IR pass: odd-width integers widened to register widths (see the .c file). */
#ifndef WAVECC_LLVM_WIDEN_ODD_INTEGERS_H
#define WAVECC_LLVM_WIDEN_ODD_INTEGERS_H

#include <llvm-c/Core.h>

/* In every function of `mod` whose odd-width integers (i2..i63 other than
 * i8/i16/i32) are used only by the operations the pass handles, replaces
 * each iW value by one of the next width (8, 16, 32 or 64) holding it
 * zero-extended. Other functions are left as they are. Cannot fail;
 * returns the number of instructions rewritten. */
int wir_widen_odd_integers(LLVMModuleRef mod);

/* The metadata kind (an empty node) the pass puts on the 64-bit divisions
 * and remainders it makes from odd-width ones: bypass-slow-division leaves
 * them without a 32-bit run-time switch, as llc-19 does (it legalises iW
 * after CodeGenPrepare's bypass). */
#define WIR_NO_BYPASS_MD "wavecc.no-bypass"

#endif
