/* Masked linearisation (isel_cf.c, isel_cf_loops.c): shared state. */
#ifndef WAVECC_ISEL_CF_H
#define WAVECC_ISEL_CF_H

#include "isel/isel_internal.h"
#include "util/bitset.h"

typedef struct lp {
  uint32_t header, parent, depth;
  uint64_t *body;          /* bitset over LLVM blocks */
  uint32_t pre, end, cont; /* machine blocks */
  mir_temp mask_phi_t, back_mask;
  mir_instr *mask_phi;
  /* exit accumulators, one per exit target (isel_cf_loops.c
   * add_exit_target grows the arrays in the arena: cap entries) */
  uint32_t nexit, cap;
  uint32_t *exit_target;
  mir_temp *acc, *acc_next;
  mir_instr **acc_phi;
} lp;

typedef struct mctx {
  isel_ctx *c;
  uint32_t nb;
  uint32_t *pred_start, *pred; /* CSR predecessor lists (LLVM RPO indices) */
  const uint32_t *idom;
  uint32_t nloops;
  lp *loops;
  uint32_t *loop_of;           /* innermost loop of a block, UINT32_MAX none */
  uint32_t *is_header;         /* loop index + 1 */
  mir_temp *mask;              /* M_b */
  mir_temp exec_holds;         /* the mask in EXEC where the current item starts, or 0 */
  mir_temp (*edge)[2];         /* edge masks per successor slot */
  uint32_t *mir;               /* LLVM block -> machine block */
  /* header phis: entry and back values, by (phi, comp) */
} mctx;

static inline uint32_t bi(isel_ctx *c, LLVMBasicBlockRef bb) { return divergence_block_index(c->di, bb); }

static inline bool in_loop(const mctx *m, uint32_t l, uint32_t b) {
  return l != UINT32_MAX && bitset_test(m->loops[l].body, b);
}


/* The linear order's items: an LLVM block, or a loop's preheader, end or
 * continue block (x: the block or the loop index). */
enum { IT_BLOCK, IT_PRE, IT_END, IT_CONT };
typedef struct item { uint8_t kind; uint32_t x; } item;

/* isel_cf_loops.c. isel_cf_build_preds: CSR predecessor lists of m's
 * LLVM blocks (m->pred_start, m->pred; duplicates dropped).
 * isel_cf_find_loops: natural loops (m->loops, loop_of, is_header), from
 * back edges and m->idom; false after a diagnostic for irreducible
 * control flow. isel_cf_check_edges: back edges from their loop's own
 * blocks only, exits recorded as exit targets of every loop they leave;
 * false after a diagnostic. isel_cf_order_region: appends to out[*n] the
 * linear order of the blocks of region `loop` (UINT32_MAX: the kernel)
 * not yet done, each nested loop as PRE, its blocks, END, CONT. */
void isel_cf_build_preds(mctx *m);
bool isel_cf_find_loops(mctx *m);
bool isel_cf_check_edges(mctx *m);
void isel_cf_order_region(mctx *m, uint32_t loop, uint8_t *done, item *out, uint32_t *n);

#endif
