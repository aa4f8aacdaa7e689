/* The synchronisation scope of an IR atomic (load/store atomic, atomicrmw,
 * cmpxchg, fence), which LLVM 19's C API does not expose
 * (sync_scope.cpp). Shared by C and C++. */
#ifndef WAVECC_LLVM_SYNC_SCOPE_H
#define WAVECC_LLVM_SYNC_SCOPE_H

#include <llvm-c/Core.h>
#ifndef __cplusplus
#include <stdbool.h>
#endif

#ifdef __cplusplus
extern "C" {
#endif

/* AMDGPU memory scopes (AMDGPUUsage "Memory Scopes"), widest first; the
 * "-one-as" variants map to their scope, singlethread to wavefront. */
typedef enum wir_scope { WIR_SCOPE_SYSTEM, WIR_SCOPE_AGENT, WIR_SCOPE_WORKGROUP, WIR_SCOPE_WAVEFRONT } wir_scope;

/* The scope of atomic instruction `ins`; WIR_SCOPE_SYSTEM for a
 * non-atomic instruction or a scope name AMDGPU does not define (the
 * widest, so the safe reading). */
wir_scope wir_sync_scope(LLVMValueRef ins);
/* Whether `ins`'s scope is a "-one-as" one: it orders only the address
 * space it accesses (AMDGPUUsage "Memory Scopes"); false for the others,
 * which order every address space. */
bool wir_sync_scope_one_as(LLVMValueRef ins);

#ifdef __cplusplus
}
#endif

#endif
