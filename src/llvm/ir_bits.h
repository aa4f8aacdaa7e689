/* IR helpers: the constant byte offset of a getelementptr; a fixed vector
 * as the integer of its packed elements and back, the layout of `bitcast` and of vectors in memory (LLVM LangRef,
 * "bitcast": element 0 in the least significant bits). Used by the passes
 * lower-bool-vectors (<N x i1>), widen-odd-integers (<3 x half> as i48),
 * kernel-args-memory and split-memory-values (<3 x i15>, <8 x i4>). */
#ifndef WAVECC_LLVM_IR_BITS_H
#define WAVECC_LLVM_IR_BITS_H

#include <stdbool.h>
#include <stdint.h>

#include <llvm-c/Core.h>
#include <llvm-c/Target.h>

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
/* The byte offset *off that `getelementptr` v (an instruction or a
 * constant expression) adds to its base pointer when every index is a
 * constant integer (LangRef "getelementptr": the first index steps over
 * whole source elements, later ones into struct fields by td's layout and
 * into array and vector elements by their allocation size). False for a
 * non-constant index (vector GEPs included). */
bool wir_const_gep_offset(LLVMTargetDataRef td, LLVMValueRef v, int64_t *off);

#endif
