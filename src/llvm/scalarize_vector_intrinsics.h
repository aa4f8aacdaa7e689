/* IR pass: element-wise vector intrinsics to scalar calls (see the .c file). */
#ifndef WAVECC_LLVM_SCALARIZE_VECTOR_INTRINSICS_H
#define WAVECC_LLVM_SCALARIZE_VECTOR_INTRINSICS_H

#include <llvm-c/Core.h>

/* Rewrites every call of an element-wise intrinsic on fixed vectors
 * (llvm.ctpop.v4i32, llvm.ldexp.v2f32.v2i32, llvm.smax.v2i64, ...) into one
 * call of its scalar form per element, joined with insertelement. Calls
 * whose shape or scalar declaration does not fit element-wise semantics are
 * left alone (instruction selection then names them as unsupported).
 * Cannot fail; returns the number of calls rewritten. */
int wir_scalarize_vector_intrinsics(LLVMModuleRef mod);
/* Marks mod as compiled for a processor with packed f32 arithmetic
 * (v_pk_fma_f32: gfx90a, gfx942; a module flag the driver sets): then
 * <2 x float> llvm.fma / llvm.fmuladd calls stay whole for instruction
 * selection, which computes both lanes in one instruction. */
void wir_mark_packed_f32(LLVMModuleRef mod);

#endif
