/* IR helpers: a fixed vector as the integer of its packed elements and
 * back, the layout of `bitcast` and of vectors in memory (LLVM LangRef,
 * "bitcast": element 0 in the least significant bits). Used by the passes
 * lower-bool-vectors (<N x i1>), widen-odd-integers (<3 x half> as i48),
 * kernel-args-memory and split-memory-values (<3 x i15>, <8 x i4>). */
#ifndef WAVECC_LLVM_IR_BITS_H
#define WAVECC_LLVM_IR_BITS_H

#include <llvm-c/Core.h>

/* Bits of a vector element type (integer, half, bfloat, float, double);
 * 0 for others. */
unsigned wir_elem_bits(LLVMTypeRef t);
/* The elements of fixed vector `v` (k elements of eb bits) packed into an
 * integer of type `ity` (at least k * eb bits; the bits above are zero),
 * element i at bits [i * eb, (i + 1) * eb); floating-point elements by their
 * bit patterns. Built at the builder's position. */
LLVMValueRef wir_pack_vector(LLVMBuilderRef b, LLVMValueRef v, LLVMTypeRef ity);
/* The inverse: a vector of type `vt` from the low bits of integer `x`. */
LLVMValueRef wir_unpack_vector(LLVMBuilderRef b, LLVMValueRef x, LLVMTypeRef vt);

#endif
