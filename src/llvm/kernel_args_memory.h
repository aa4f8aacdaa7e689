/* IR pass: kernel arguments of types the selector does not load, read
 * from the kernarg segment as ordinary loads (see the .c file). */
#ifndef WAVECC_LLVM_KERNEL_ARGS_MEMORY_H
#define WAVECC_LLVM_KERNEL_ARGS_MEMORY_H

#include <llvm-c/Core.h>

/* For each used argument of each amdgpu_kernel in `mod` whose type is a
 * struct, an array, or a vector of i1, of odd-width or of wider than
 * 64-bit integers (<2 x i1>, <3 x i15>, <2 x i128>, {i32, i64}): replaces
 * its uses by a load of that type from llvm.amdgcn.kernarg.segment.ptr at
 * the argument's offset (the layout isel_abi.c gives it, LLVM's ABI sizes
 * and alignments, byref arguments by their byref type), which the later
 * passes lower like any load. The argument stays, unused, so the layout
 * and metadata do not change. Cannot fail; returns the number rewritten. */
int wir_kernel_args_memory(LLVMModuleRef mod);

#endif
