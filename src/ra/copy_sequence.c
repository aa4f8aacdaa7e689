/* The parallel-copy sequentialiser of SSA elimination (ssa_elim.c, which
 * describes the method; declared in ra.h): moved here unchanged so that
 * ssa_elim.c stays within the size the style asks for. */
#include <assert.h>
#include <stdbool.h>

#include "ra/ra.h"

#define UNITS 512u

int mir_sequentialize_copies(const mir_preg *dst, const mir_preg *src, const uint32_t *src_const,
                             unsigned n, mir_pc_move_fn emit, mir_pc_swap_fn swap, void *ctx) {
  /* Per register: how many pending copies read it, and which copy writes it. */
  uint16_t uses[UNITS];
  int32_t writer[UNITS], reader[UNITS];
  /* Small fixed stacks: a parallel copy never has more than UNITS destinations. */
  uint32_t ready[UNITS], nready = 0;
  mir_preg cur_src[UNITS];
  bool done[UNITS];
  if (n > UNITS) return -1;
  /* Only the registers this copy names are initialised: O(n), not O(512),
   * since a program has many small copies. */
  for (unsigned i = 0; i < n; i++) {
    uses[dst[i]] = 0;
    writer[dst[i]] = reader[dst[i]] = -1;
    if (src[i] != MIR_PREG_NONE) {
      uses[src[i]] = 0;
      writer[src[i]] = reader[src[i]] = -1;
    }
  }
  int count = 0;
  unsigned pending = 0;
  for (unsigned i = 0; i < n; i++) {
    cur_src[i] = src[i];
    done[i] = false;
    assert(dst[i] < UNITS && writer[dst[i]] == -1);
    if (src[i] != MIR_PREG_NONE && dst[i] < 256 && src[i] >= 256) return -1; /* VGPR -> SGPR */
    if (src[i] == dst[i]) { done[i] = true; continue; }
    writer[dst[i]] = (int32_t)i;
    if (src[i] != MIR_PREG_NONE) uses[src[i]]++;
    pending++;
  }
  /* Seeded in reverse so that the stack pops copies in their given order
   * (adjacent dwords stay adjacent and can merge into 64-bit moves). */
  for (unsigned i = n; i-- > 0;)
    if (!done[i] && uses[dst[i]] == 0) ready[nready++] = i;
  while (pending) {
    while (nready) {
      uint32_t i = ready[--nready];
      mir_preg s = cur_src[i];
      emit(ctx, dst[i], s, s == MIR_PREG_NONE, src_const ? src_const[i] : 0);
      count++;
      done[i] = true;
      pending--;
      writer[dst[i]] = -1;
      if (s != MIR_PREG_NONE && --uses[s] == 0 && writer[s] >= 0 && !done[writer[s]]) ready[nready++] = (uint32_t)writer[s];
    }
    if (!pending) break;
    /* Only cycles remain: each destination is read by exactly one copy. */
    for (unsigned i = 0; i < n; i++)
      if (!done[i]) reader[cur_src[i]] = (int32_t)i;
    for (unsigned i = 0; i < n && pending; i++) {
      if (done[i]) continue;
      /* Walk the cycle containing i: swap(d, s) completes copy i and moves
       * the old value of d into s, which the reader of d then takes. */
      uint32_t c = i;
      while (!done[c]) {
        mir_preg d = dst[c], s = cur_src[c];
        swap(ctx, d, s);
        count++;
        done[c] = true;
        pending--;
        int32_t r = reader[d];
        assert(r >= 0 && !done[r]);
        cur_src[r] = s;
        reader[s] = r;
        if (dst[r] == s) { /* the cycle closed: the last copy is now trivial */
          done[r] = true;
          pending--;
          break;
        }
        c = (uint32_t)r;
      }
    }
  }
  return count;
}

