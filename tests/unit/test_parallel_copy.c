/* Exhaustive test of the parallel-copy sequentialiser
 * (mir_sequentialize_copies): for register sets of up to 5 registers
 * (mixing SGPRs and VGPRs), every assignment of "not a destination",
 * "copy from register r" or "copy a constant" to each register is
 * sequentialised and simulated; every destination must end with its
 * source's original value, every other register unchanged, and the move
 * count minimal (copies + one swap fewer than each cycle's length). */
#include <stdio.h>
#include <stdlib.h>

#include "passes/passes.h"

typedef struct sim {
  uint32_t val[512];
  int moves, swaps;
  int bad_swap;
} sim;

static void do_move(void *ctx, mir_preg dst, mir_preg src, bool is_const, uint32_t value) {
  sim *s = ctx;
  if (!is_const && src == dst) s->bad_swap = 1;
  s->val[dst] = is_const ? value : s->val[src];
  s->moves++;
}

static void do_swap(void *ctx, mir_preg a, mir_preg b) {
  sim *s = ctx;
  if ((a >= 256) != (b >= 256) || a == b) s->bad_swap = 1;
  uint32_t t = s->val[a];
  s->val[a] = s->val[b];
  s->val[b] = t;
  s->swaps++;
}

static int failures;

static void check(const mir_preg *regs, unsigned k, const int *choice) {
  /* choice[i]: -1 not a destination, 0..k-1 copy from regs[choice], k constant. */
  mir_preg dst[8], src[8];
  uint32_t cst[8];
  unsigned n = 0;
  bool illegal = false;
  for (unsigned i = 0; i < k; i++) {
    if (choice[i] < 0) continue;
    dst[n] = regs[i];
    if (choice[i] == (int)k) {
      src[n] = MIR_PREG_NONE;
      cst[n] = 0x1000 + i;
    } else {
      src[n] = regs[choice[i]];
      cst[n] = 0;
      if (dst[n] < 256 && src[n] >= 256) illegal = true;
    }
    n++;
  }
  sim s = {0};
  for (unsigned r = 0; r < 512; r++) s.val[r] = 7 + r;
  int r = mir_sequentialize_copies(dst, src, cst, n, do_move, do_swap, &s);
  if (illegal) {
    if (r != -1) { fprintf(stderr, "FAIL: VGPR->SGPR copy not rejected\n"); failures++; }
    return;
  }
  /* Expected final values. */
  uint32_t want[512];
  for (unsigned q = 0; q < 512; q++) want[q] = 7 + q;
  for (unsigned i = 0; i < n; i++) want[dst[i]] = src[i] == MIR_PREG_NONE ? cst[i] : 7u + src[i];
  bool ok = r == s.moves + s.swaps && !s.bad_swap;
  for (unsigned q = 0; q < 512; q++) ok &= s.val[q] == want[q];
  /* Minimal count: non-trivial copies minus one per cycle. Count cycles:
   * a cycle is a set of register copies where following src from a
   * destination returns to it, every node being a destination. */
  int nontrivial = 0, cycles = 0;
  bool seen[8] = {0};
  for (unsigned i = 0; i < n; i++) nontrivial += src[i] != dst[i];
  for (unsigned i = 0; i < n; i++) {
    if (seen[i] || src[i] == dst[i] || src[i] == MIR_PREG_NONE) continue;
    /* Follow the chain of sources through destinations. */
    unsigned cur = i, steps = 0;
    bool cyc = false;
    while (steps++ <= n) {
      unsigned nxt = n;
      for (unsigned j = 0; j < n; j++)
        if (dst[j] == src[cur]) nxt = j;
      if (nxt == n || src[nxt] == MIR_PREG_NONE || src[nxt] == dst[nxt]) break;
      if (nxt == i) { cyc = true; break; }
      cur = nxt;
    }
    if (cyc) {
      cycles++;
      /* Mark the whole cycle. */
      unsigned c = i;
      do {
        seen[c] = true;
        for (unsigned j = 0; j < n; j++)
          if (dst[j] == src[c]) { c = j; break; }
      } while (c != i);
    }
  }
  ok &= s.moves + s.swaps == nontrivial - cycles;
  if (!ok) {
    failures++;
    if (failures < 10) {
      fprintf(stderr, "FAIL:");
      for (unsigned i = 0; i < n; i++) fprintf(stderr, " %u<-%d", dst[i], src[i] == MIR_PREG_NONE ? -1 : (int)src[i]);
      fprintf(stderr, " (moves %d swaps %d, expected %d)\n", s.moves, s.swaps, nontrivial - cycles);
    }
  }
}

static unsigned run(const mir_preg *regs, unsigned k) {
  int choice[8];
  unsigned total = 0;
  for (unsigned i = 0; i < k; i++) choice[i] = -1;
  for (;;) {
    check(regs, k, choice);
    total++;
    unsigned i = 0;
    while (i < k && ++choice[i] > (int)k) choice[i++] = -1;
    if (i == k) break;
  }
  return total;
}

int main(void) {
  static const mir_preg sets[][5] = {
    {0, 1, 2, 3, 4},                 /* SGPRs */
    {256, 257, 258, 259, 260},       /* VGPRs */
    {0, 1, 256, 257, 258},           /* mixed: SGPR->VGPR legal, VGPR->SGPR rejected */
    {MIR_PREG_M0, MIR_PREG_VCC, 107, 5, 260},
  };
  unsigned total = 0;
  for (unsigned s = 0; s < sizeof sets / sizeof sets[0]; s++)
    for (unsigned k = 1; k <= 5; k++) total += run(sets[s], k);
  printf("test_parallel_copy: %u parallel copies, %d failures\n", total, failures);
  return failures ? 1 : 0;
}
