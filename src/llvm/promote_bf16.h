/* IR pass: bfloat arithmetic as llc-19 promotes it (see the .c file). */
#ifndef WAVECC_LLVM_PROMOTE_BF16_H
#define WAVECC_LLVM_PROMOTE_BF16_H

#include <llvm-c/Core.h>

/* Rewrites bfloat operations in `mod` (scalars and vectors, element by
 * element) into f32 operations and integer bit moves: fpext to float, fptrunc
 * from float, fcmp, fneg, fadd/fsub/fmul/fdiv, and llvm.fma/fabs/copysign/
 * is.fpclass/minnum/maxnum on bfloat. Loads, stores, bitcasts, selects and
 * phis of bfloat stay (16-bit values). Cannot fail; returns the number of
 * instructions rewritten. */
int wir_promote_bf16(LLVMModuleRef mod);

#endif
