/* Shared CFG analysis of an LLVM function: reverse post-order numbering,
 * successor/predecessor lists, immediate dominators and post-dominators,
 * natural loops. See cfg.c for the algorithms. */
#ifndef WAVECC_LLVM_CFG_H
#define WAVECC_LLVM_CFG_H

#include <stdbool.h>
#include <stdint.h>

#include <llvm-c/Core.h>

#include "llvm/ptrmap.h"
#include "util/arena.h"

typedef struct llvm_cfg {
  uint32_t nb;                  /* reachable blocks */
  LLVMBasicBlockRef *rpo;       /* by number: reverse post-order */
  ptrmap bindex;                /* block -> number */
  uint32_t *succ_start, *succ;  /* CSR successor lists (duplicates kept) */
  uint32_t *pred_start, *pred;  /* CSR predecessor lists (duplicates kept) */
  uint32_t *idom;               /* immediate dominator; the entry's is itself */
  uint32_t *ipdom;              /* immediate post-dominator; nb = the virtual exit */
  uint32_t *loop_of;            /* header of the innermost loop holding b, UINT32_MAX: none */
  uint32_t *loop_parent;        /* by header: header of the enclosing loop, UINT32_MAX: none */
  bool reducible;
} llvm_cfg;

/* Analyses function `fn` (with a body); all memory from `mem`. */
llvm_cfg *llvm_cfg_build(LLVMValueRef fn, arena *mem);

/* Number of block bb, UINT32_MAX when unreachable. */
uint32_t llvm_cfg_index(const llvm_cfg *g, LLVMBasicBlockRef bb);

/* Is block b in the loop headed by h? */
bool llvm_cfg_in_loop(const llvm_cfg *g, uint32_t h, uint32_t b);

#endif
