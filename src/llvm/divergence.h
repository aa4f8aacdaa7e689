/* Divergence analysis on LLVM IR: which values are the same in every
 * active lane of a wave (uniform: SGPR candidates) and which may differ
 * (divergent: VGPRs, lane masks). See divergence.c for the algorithm. */
#ifndef WAVECC_LLVM_DIVERGENCE_H
#define WAVECC_LLVM_DIVERGENCE_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include <llvm-c/Core.h>

#include "llvm/cfg.h"
#include "llvm/ptrmap.h"
#include "util/arena.h"

typedef struct divergence_info {
  ptrmap index;            /* argument / instruction -> number */
  ptrmap bindex;           /* block -> RPO index */
  uint32_t num_values;     /* arguments then instructions */
  uint64_t *divergent;     /* bitset over value numbers */
  uint32_t num_blocks;
  LLVMBasicBlockRef *blocks;   /* in reverse post-order */
  uint64_t *divergent_branch;  /* bitset over blocks (RPO index): terminator is a divergent branch */
  const llvm_cfg *cfg;      /* the shared CFG analysis (llvm/cfg.h); the fields below are its */
  /* The CFG analysis the selector shares (by RPO index): successor and
   * predecessor lists (CSR, duplicates kept), immediate dominators (the
   * entry's is itself), immediate post-dominators (num_blocks = the virtual
   * exit) and natural loops: loop_of[b] is the header of the innermost
   * loop holding b, loop_parent[h] the header of the loop enclosing the
   * one headed by h (UINT32_MAX: none). `reducible` is false when a
   * retreating edge enters a block that does not dominate its source. */
  uint32_t *succ_start, *succ, *pred_start, *pred;
  uint32_t *idom, *ipdom, *loop_of, *loop_parent;
  bool reducible;
} divergence_info;

/* Is block b (RPO index) in the loop headed by h? */
bool divergence_in_loop(const divergence_info *di, uint32_t h, uint32_t b);

/* Marks module `mod` as compiled for a processor whose 64-bit VALU add
 * is one instruction (wavecc_valu_add64_one, target.h): a uniform loop
 * value that only addresses global memory then does not pay for its exit
 * copy (divergence.c, uniform_pays). The driver's early hook sets it, so
 * every analysis of the module agrees. */
void divergence_mark_valu_add64(LLVMModuleRef mod);

/* Analyses kernel `fn`; all memory from `mem`. */
divergence_info *divergence_analyze(LLVMValueRef fn, arena *mem);

/* True when `v` may differ between active lanes. Constants, globals and
 * values the analysis did not number (function-level constants) are
 * uniform. */
bool divergence_is_divergent(const divergence_info *di, LLVMValueRef v);

/* RPO index of a block, or UINT32_MAX for an unreachable one. */
uint32_t divergence_block_index(const divergence_info *di, LLVMBasicBlockRef bb);

/* Prints "uniform:"/"divergent:" before every non-void argument and
 * instruction, and "divergent branch" notes, for --print-after=divergence. */
void divergence_print(const divergence_info *di, LLVMValueRef fn, FILE *out);

#endif
