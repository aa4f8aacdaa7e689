/* IR pass: buffer intrinsics taking the resource as <4 x i32> rewritten
 * to their ptr addrspace(8) forms (see the .c file). */
#ifndef WAVECC_LLVM_BUFFER_RSRC_VECTORS_H
#define WAVECC_LLVM_BUFFER_RSRC_VECTORS_H

#include <llvm-c/Core.h>

/* Rewrites every call of llvm.amdgcn.{raw,struct}.buffer.{load,store,
 * atomic.*} and llvm.amdgcn.raw.atomic.buffer.load (the V# a <4 x i32>)
 * into the same call of the .ptr. intrinsic, the V# passed as
 * inttoptr(bitcast to i128) to ptr addrspace(8). Format, load.lds and tbuffer
 * intrinsics are left alone (the selector reports them). Cannot fail;
 * returns the number of calls rewritten. */
int wir_buffer_rsrc_vectors(LLVMModuleRef mod);

#endif
