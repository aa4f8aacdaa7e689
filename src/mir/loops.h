/* Natural loops of a machine program's linear CFG, shared by the passes
 * that place code around loops (licm, the spiller's next-use distances and
 * reload hoisting).
 *
 * Blocks are in reverse post-order (instruction selection lays out
 * structured control flow that way), so a back edge goes from a latch to
 * a header at or before it; a loop is its header plus every block that
 * reaches a latch without passing the header. Back edges to one header
 * make one loop. Irreducible control flow is never built (isel refuses
 * it), so these are all the loops. */
#ifndef WAVECC_MIR_LOOPS_H
#define WAVECC_MIR_LOOPS_H

#include <stdbool.h>
#include <stdint.h>

#include "mir/mir.h"
#include "util/bitset.h"

typedef struct mir_loops {
  uint32_t num;     /* loops, in header order: an enclosing loop before the loops it holds */
  uint32_t words;   /* bitset words per loop (over blocks) */
  uint32_t *head;   /* [loop] header block */
  uint64_t *blocks; /* [loop * words] member blocks, header included */
  uint32_t *depth;  /* [block] how many loops contain it */
} mir_loops;

/* Finds the loops of p; every array lives in `mem`. O(blocks + edges) per
 * loop. Never fails. */
void mir_find_loops(const mir_program *p, arena *mem, mir_loops *out);

/* Is block b in loop l? */
static inline bool mir_loop_has(const mir_loops *L, uint32_t l, uint32_t b) {
  return bitset_test(L->blocks + (size_t)l * L->words, b);
}

/* The block before loop l's header when it is the header's only entry in
 * both the linear and the logical CFG and the header is its only
 * successor (code placed at its end runs once, before the loop, under
 * every lane that enters); else UINT32_MAX. */
uint32_t mir_loop_preheader(const mir_program *p, const mir_loops *L, uint32_t l);

#endif
