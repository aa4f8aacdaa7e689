/* IR pass: f32 llvm.sin/cos/exp/exp2/log/log2 as llc-19 expands them (see the .c file). */
#ifndef WAVECC_LLVM_EXPAND_FLOAT_INTRINSICS_H
#define WAVECC_LLVM_EXPAND_FLOAT_INTRINSICS_H

#include <llvm-c/Core.h>

/* Rewrites every scalar f32 call of llvm.sin, llvm.cos, llvm.exp2,
 * llvm.log2, llvm.exp and llvm.log in `mod` into the hardware's
 * llvm.amdgcn.sin/cos/exp2/log and the range scaling around them (frem:
 * expand_frem.cpp). Cannot fail; returns the number of calls rewritten. */
int wir_expand_float_intrinsics(LLVMModuleRef mod);

#endif
