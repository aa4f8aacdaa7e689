/* The LLVM-IR pass registry (see ir_passes.h). One line per pass, in the
 * order import.c runs them; adding a pass is adding a line here. */
#include "llvm/ir_passes.h"

#include <string.h>

#include "llvm/buffer_rsrc_vectors.h"
#include "llvm/cast_through_integers.h"
#include "llvm/expand_buffer_ops.h"
#include "llvm/expand_float_intrinsics.h"
#include "llvm/expand_indirect_calls.h"
#include "llvm/expand_wide_integers.h"
#include "llvm/fold_const_offsets.h"
#include "llvm/fatptr_waterfall.h"
#include "llvm/import.h"
#include "llvm/kernel_args_memory.h"
#include "llvm/loop_escaping_booleans.h"
#include "llvm/loop_exit_flags.h"
#include "llvm/lower_bool_vectors.h"
#include "llvm/lower_nibble_vectors.h"
#include "llvm/lower_buffer_fat_pointers.h"
#include "llvm/lower_reductions.h"
#include "llvm/promote_bf16.h"
#include "llvm/scalarize_vector_intrinsics.h"
#include "llvm/split_memory_values.h"
#include "llvm/widen_odd_integers.h"

/* The passes that cannot fail, in the registry's signature. */
#define INFALLIBLE(wrapper, fn)                        \
  static int wrapper(LLVMModuleRef mod, diag *d) {     \
    (void)d;                                           \
    fn(mod);                                           \
    return 0;                                          \
  }
INFALLIBLE(run_lower_reductions, wir_lower_reductions)
INFALLIBLE(run_kernel_args_memory, wir_kernel_args_memory)
INFALLIBLE(run_promote_bf16, wir_promote_bf16)
INFALLIBLE(run_buffer_rsrc_vectors, wir_buffer_rsrc_vectors)
INFALLIBLE(run_split_memory_values, wir_split_memory_values)
INFALLIBLE(run_scalarize_vector_intrinsics, wir_scalarize_vector_intrinsics)
INFALLIBLE(run_lower_bool_vectors, wir_lower_bool_vectors)
INFALLIBLE(run_lower_nibble_vectors, wir_lower_nibble_vectors)
INFALLIBLE(run_widen_odd_integers, wir_widen_odd_integers)
INFALLIBLE(run_fold_const_offsets, wir_fold_const_offsets)
INFALLIBLE(run_expand_wide_integers, wir_expand_wide_integers)
INFALLIBLE(run_loop_escaping_booleans, wir_loop_escaping_booleans)
INFALLIBLE(run_cast_through_integers, wir_cast_through_integers)
INFALLIBLE(run_expand_float_intrinsics, wir_expand_float_intrinsics)

/* expand-frem (expand_frem.cpp, a C++ function pass: it makes blocks)
 * when the module has a frem: the exact remainder (C's fmod) in place of
 * llc-19's fma(-trunc(x / y), y, x). */
static int run_expand_frem(LLVMModuleRef mod, diag *d) {
  for (LLVMValueRef f = LLVMGetFirstFunction(mod); f; f = LLVMGetNextFunction(f))
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(f); bb; bb = LLVMGetNextBasicBlock(bb))
      for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i))
        if (LLVMGetInstructionOpcode(i) == LLVMFRem) return wir_run_passes(mod, "function(expand-frem)", d);
  return 0;
}

/* LLVM's early-cse after the fat-pointer lowering, when the module calls
 * buffer intrinsics: the lowering computes each access's offset anew
 * (every getelementptr's shifts and adds), early-cse shares them. (Not
 * instcombine: it rewrites the V#'s <4 x i32> <-> i128 moves into i128
 * loads the selector does not take.) */
static int run_cleanup_buffer_ops(LLVMModuleRef mod, diag *d) {
  for (LLVMValueRef f = LLVMGetFirstFunction(mod); f; f = LLVMGetNextFunction(f)) {
    size_t n;
    const char *name = LLVMGetValueName2(f, &n);
    if (LLVMIsDeclaration(f) && LLVMGetFirstUse(f) && strstr(name, "llvm.amdgcn.") && strstr(name, "buffer."))
      return wir_run_passes(mod, "function(early-cse)", d);
  }
  return 0;
}

static const wir_pass_info passes[] = {
  /* first: the loads it makes are lowered by the passes below */
  {"kernel-args-memory", run_kernel_args_memory, "aggregate, i1-vector and odd-width-vector kernel arguments as loads from the kernarg segment"},
  {"buffer-rsrc-vectors", run_buffer_rsrc_vectors, "buffer intrinsics taking the V# as <4 x i32> to their ptr addrspace(8) forms"},
  {"split-memory-values", run_split_memory_values, "stores of struct and array values as member stores; loads and stores of odd-width integer vectors as packed integers"},
  {"lower-reductions", run_lower_reductions, "integer llvm.vector.reduce.* to scalar chains"},
  {"scalarize-vector-intrinsics", run_scalarize_vector_intrinsics, "element-wise vector intrinsics to scalar calls"},
  {"cast-through-integers", run_cast_through_integers, "fptosi/fptoui to i1, sitofp/uitofp from i1 and float atomicrmw xchg through integers; loads through 32-bit constant pointers"},
  /* before promote-bf16: a bfloat frem is computed in float, and
   * promote-bf16 lowers the conversions it adds */
  {"expand-frem", run_expand_frem, "frem as the exact remainder (C fmod): one fma for quotients below 2^p, else a loop of p-5 quotient bits a step; afn: llc-19's fma(-trunc(x/y), y, x)"},
  {"promote-bf16", run_promote_bf16, "bfloat arithmetic, compares and conversions in f32 with llc-19's rounding"},
  {"expand-float-intrinsics", run_expand_float_intrinsics, "f32 sin/cos/exp/exp2/log/log2 as llc-19's sequences around llvm.amdgcn.sin/cos/exp2/log"},
  /* before lower-bool-vectors: a nibble vector's bitcast to <N x i1>
   * leaves a <M x iB> to <N x i1> one */
  {"lower-nibble-vectors", run_lower_nibble_vectors, "bitcasts of <N x i2> / <N x i4> and their loads and stores past 64 bits through 32-bit words"},
  {"lower-bool-vectors", run_lower_bool_vectors, "i1 / <N x i1> loads, stores, bitcasts, variable indices via packed bits"},
  {"expand-buffer-ops", wir_expand_buffer_ops, "cmpxchg loops for atomics on ptr addrspace(7) gfx900 lacks; memcpy/memmove/memset in any address space"},
  {"lower-buffer-fat-pointers", wir_lower_buffer_fat_pointers, "ptr addrspace(7) to {ptr addrspace(8), i32} and buffer intrinsics"},
  {"cleanup-buffer-ops", run_cleanup_buffer_ops, "LLVM early-cse when buffer intrinsics are called (shared offsets)"},
  {"buffer-waterfall", wir_buffer_waterfall, "loops running buffer accesses once per distinct V# when the resource is divergent"},
  /* before widen-odd-integers: the high halves of i65..i127 loads and
   * stores may be odd-width pieces */
  {"expand-wide-integers", run_expand_wide_integers, "i65..i128 as two i64 halves (loads, stores, add, mul, shifts, compares, ...)"},
  /* before widen-odd-integers: it rebuilds odd-width constant
   * expressions at each user, which this pass folds first */
  {"fold-const-offsets", run_fold_const_offsets, "icmp eq/ne of x + c1 and y + c2 as x and y + (c2 - c1); integer constant expressions on a global's address with cancelling or stepwise offsets rebuilt as one"},
  {"widen-odd-integers", run_widen_odd_integers, "i2..i63 (not i8/i16/i32) held in the next register width"},
  {"expand-indirect-calls", wir_expand_indirect_calls, "indirect calls as loops over the active lanes' distinct callees (uniform callee)"},
  {"loop-exit-flags", wir_loop_exit_flags, "loop exits inside an if of the body as flags tested at its top level"},
  /* last: every pass above may make loops and booleans */
  {"loop-escaping-booleans", run_loop_escaping_booleans, "i1 values read outside their loop copied through i32"},
};

const wir_pass_info *wir_pass_list(unsigned *n) {
  *n = sizeof passes / sizeof passes[0];
  return passes;
}

const wir_pass_info *wir_pass_lookup(const char *name) {
  for (unsigned i = 0; i < sizeof passes / sizeof passes[0]; i++)
    if (strcmp(passes[i].name, name) == 0) return &passes[i];
  return NULL;
}

int wir_run_ir_passes(LLVMModuleRef mod, diag *d) {
  for (unsigned i = 0; i < sizeof passes / sizeof passes[0]; i++)
    if (passes[i].run(mod, d)) return -1;
  return 0;
}
