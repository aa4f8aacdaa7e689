/* Internal interface of the fat-pointer lowering
 * (lower_buffer_fat_pointers.c: values, users, phis, driver;
 * fatptr_access.c: loads, stores, atomics and fat pointers in memory). */
#ifndef WAVECC_LLVM_FATPTR_INTERNAL_H
#define WAVECC_LLVM_FATPTR_INTERNAL_H

#include <stdbool.h>
#include <stdint.h>

#include <llvm-c/Core.h>
#include <llvm-c/Target.h>

#include "llvm/ptrmap.h"
#include "util/arena.h"
#include "util/diag.h"

typedef struct fp_ctx {
  LLVMModuleRef mod;
  LLVMContextRef ctx;
  LLVMTargetDataRef td;
  LLVMBuilderRef b;
  diag *d;
  const char *fname;
  LLVMValueRef fn;
  arena mem;
  ptrmap map; /* p7 value -> index into rsrc/off */
  LLVMValueRef *rsrc, *off;
  uint32_t n, cap;
  LLVMValueRef *dead; /* old instructions, erased at the end */
  uint32_t ndead, capdead;
  LLVMValueRef *phis; /* old p7 phis, filled at the end */
  uint32_t nphis, capphis;
  LLVMValueRef *icmps; /* compares of p7, rewritten after the phis */
  uint32_t nicmps, capicmps;
  LLVMTypeRef p8, i32, i8;
  bool failed;
} fp_ctx;

bool fp_is_p7(LLVMTypeRef t);
/* Does `t` contain a p7 anywhere (vector elements, aggregate members)? */
bool fp_has_p7(LLVMTypeRef t);
/* Reports "unsupported WHAT: <instruction>" once and marks the run failed. */
void fp_fail(fp_ctx *c, LLVMValueRef ins, const char *what);
void fp_push(fp_ctx *c, LLVMValueRef **arr, uint32_t *n, uint32_t *cap, LLVMValueRef v);
/* Parts of a p7 (or vector of p7) value: resource (p8) and offset (i32 or
 * <N x i32>), computed before its definition the first time; the builder
 * position is not kept. */
void fp_parts(fp_ctx *c, LLVMValueRef v, LLVMValueRef *r, LLVMValueRef *o);
/* "<name of v><suffix>", or "" for unnamed values. */
const char *fp_part_name(fp_ctx *c, LLVMValueRef v, const char *suffix);
/* o + k (no instruction for k = 0). */
LLVMValueRef fp_add_const(fp_ctx *c, LLVMValueRef o, int64_t k, const char *name);

/* A non-kernel function with fat-pointer parameters: import.c inlined it
 * into the kernels, it is never selected, and both fat-pointer passes
 * leave it alone (they could not lower its parameters). */
bool fp_skipped_function(LLVMValueRef f);

/* fatptr_access.c: each rewrites instruction `ins` (which the caller then
 * erases) into buffer intrinsics placed before it. */
void fp_rewrite_load(fp_ctx *c, LLVMValueRef ins);
void fp_rewrite_store(fp_ctx *c, LLVMValueRef ins);
void fp_rewrite_atomic(fp_ctx *c, LLVMValueRef ins);
/* A load of a p7 from memory (its i160 as <5 x i32>): the parts. */
void fp_load_p7(fp_ctx *c, LLVMValueRef ins, LLVMValueRef *r, LLVMValueRef *o);
/* The value at member path idx[0..n) of `agg` when `agg` is a chain of
 * insertvalue instructions that names it, else NULL. */
LLVMValueRef fp_member(LLVMValueRef agg, const unsigned *idx, unsigned n);
/* Loads and stores of ptr addrspace(8) values: through <4 x i32> (the
 * selector takes p8 only as four SGPRs, from i128). */
bool fp_is_rsrc_memop(LLVMValueRef ins);
void fp_rewrite_rsrc_memop(fp_ctx *c, LLVMValueRef ins);
/* A V# as <4 x i32> and back (ptrtoint / inttoptr through i128), built at
 * the builder's position. */
LLVMValueRef fp_rsrc_words(fp_ctx *c, LLVMValueRef r);
LLVMValueRef fp_rsrc_of_words(fp_ctx *c, LLVMValueRef w, const char *name);
/* A store of a p7 value to memory as its i160. */
void fp_store_p7(fp_ctx *c, LLVMValueRef ins);

/* expand_buffer_ops.c: moves `ins` and everything after it into a new
 * block (`name`) placed after its block, whose successors' phis now name
 * the new block; the old block is left without a terminator (the LLVM-C
 * API has no splitBasicBlock). Returns the new block; `b` ends positioned
 * at its end. */
LLVMBasicBlockRef fp_split_before(LLVMBuilderRef b, LLVMValueRef ins, const char *name);

/* expand_buffer_ops.c: replaces atomicrmw `ins` (nand, fadd, fsub, fmax,
 * fmin on a 32- or 64-bit value, any address space) by the
 * compare-and-swap loop of that file's header, with `b`. Reports and
 * returns -1 for other widths. */
int fp_expand_rmw_loop(LLVMModuleRef mod, LLVMBuilderRef b, LLVMValueRef ins, diag *d);

#endif
