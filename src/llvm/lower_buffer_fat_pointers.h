/* IR pass: buffer fat pointers (ptr addrspace(7)) to {ptr addrspace(8)
 * resource, i32 offset} and buffer intrinsics (see the .c file). */
#ifndef WAVECC_LLVM_LOWER_BUFFER_FAT_POINTERS_H
#define WAVECC_LLVM_LOWER_BUFFER_FAT_POINTERS_H

#include <llvm-c/Core.h>

#include "util/diag.h"

/* Rewrites every use of ptr addrspace(7) in the defined functions of `mod`
 * into its resource (ptr addrspace(8)) and 32-bit offset parts; loads and
 * stores become llvm.amdgcn.raw.ptr.buffer.load/store. Returns 0, or -1
 * after reporting the first construct it cannot lower as
 * "file: function: error: unsupported ...: <instruction>". */
int wir_lower_buffer_fat_pointers(LLVMModuleRef mod, diag *d);

#endif
