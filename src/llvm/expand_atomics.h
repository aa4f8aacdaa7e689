/* IR step once the target is known: atomics no instruction of the target
 * performs (see the .c file). */
#ifndef WAVECC_LLVM_EXPAND_ATOMICS_H
#define WAVECC_LLVM_EXPAND_ATOMICS_H

#include <llvm-c/Core.h>
#include <stdbool.h>

#include "target/target.h"
#include "util/diag.h"

/* Does target `t` have one instruction for float atomicrmw `ins`, and
 * does llc-19 use it: fadd, fmin, fmax of a double on global or flat
 * memory (CDNA's global/flat_atomic_{add,min,max}_f64) where AMDGPUUsage
 * "Memory Model GFX90A" allows it ("amdgpu-unsafe-fp-atomics" or
 * !amdgpu.no.fine.grained.memory, never on fine-grained memory); fmin and
 * fmax of float and double and fadd of float on LDS (ds_min/max_rtn_f32/
 * f64, ds_add_rtn_f32; ds_add_rtn_f64 where the target has it). The
 * instruction then comes from *op (may be NULL): the returning form. */
bool wir_float_atomic_native(LLVMValueRef ins, const wavecc_target *t, unsigned *op);

/* Does atomicrmw `ins` become a compare-and-swap loop on target t (see
 * below)? False for any other instruction. */
bool wir_atomic_needs_loop(LLVMValueRef ins, const wavecc_target *t);

/* Rewrites, in every defined function of `mod` for target `t`:
 *  - atomicrmw fadd/fsub/fmin/fmax of float or double on global, flat and
 *    LDS memory that wir_float_atomic_native rejects, and atomicrmw nand:
 *    a compare-and-swap loop (LLVM's AtomicExpand does the same);
 *  - atomicrmw and cmpxchg on private memory (addrspace(5)), which only
 *    its lane reaches: a load, the operation and a store, as llc-19 does;
 *  - cmpxchg of a pointer: of the same-width integer.
 * Returns 0, or -1 after reporting an operation it cannot expand. */
int wir_expand_atomics(LLVMModuleRef mod, const wavecc_target *t, diag *d);

#endif
