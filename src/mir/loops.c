/* See loops.h. */
#include "mir/loops.h"

#include <string.h>

void mir_find_loops(const mir_program *p, arena *mem, mir_loops *out) {
  uint32_t nb = p->num_blocks, cap = nb ? nb : 1;
  out->words = BITSET_WORDS(cap);
  out->num = 0;
  out->depth = arena_alloc(mem, cap * sizeof *out->depth);
  out->head = arena_alloc(mem, cap * sizeof *out->head);
  out->blocks = NULL;
  uint32_t *mark = arena_alloc(mem, cap * sizeof *mark), *stack = arena_alloc(mem, cap * sizeof *stack);
  for (uint32_t b = 0; b < nb; b++) out->depth[b] = mark[b] = 0;
  for (uint32_t h = 0; h < nb; h++) {
    const mir_idx_list *preds = &p->blocks[h].linear_preds;
    uint32_t n = 0, stamp = h + 1;
    bool loop = false;
    for (uint32_t k = 0; k < preds->n; k++) {
      uint32_t l = preds->v[k];
      if (l < h) continue;
      loop = true;
      if (l == h || mark[l] == stamp) continue; /* (a one-block loop: the header is its latch) */
      mark[l] = stamp;
      stack[n++] = l;
    }
    if (!loop) continue;
    uint32_t li = out->num++;
    out->head[li] = h;
    out->blocks = arena_grow(mem, out->blocks, (size_t)li * out->words, (size_t)(li + 1) * out->words, sizeof *out->blocks);
    uint64_t *members = out->blocks + (size_t)li * out->words;
    memset(members, 0, out->words * sizeof *members);
    bitset_set(members, h);
    mark[h] = stamp; /* the walk back from the latches stops here */
    out->depth[h]++;
    while (n) {
      uint32_t b = stack[--n];
      out->depth[b]++;
      bitset_set(members, b);
      const mir_idx_list *bp = &p->blocks[b].linear_preds;
      for (uint32_t k = 0; k < bp->n; k++)
        if (mark[bp->v[k]] != stamp) {
          mark[bp->v[k]] = stamp;
          stack[n++] = bp->v[k];
        }
    }
  }
}

uint32_t mir_loop_preheader(const mir_program *p, const mir_loops *L, uint32_t l) {
  uint32_t h = L->head[l], pre = UINT32_MAX;
  const mir_idx_list *lists[2] = {&p->blocks[h].linear_preds, &p->blocks[h].logical_preds};
  for (int k = 0; k < 2; k++)
    for (uint32_t j = 0; j < lists[k]->n; j++) {
      uint32_t b = lists[k]->v[j];
      if (mir_loop_has(L, l, b)) continue;
      if (pre != UINT32_MAX && pre != b) return UINT32_MAX;
      pre = b;
    }
  if (pre == UINT32_MAX) return pre;
  const mir_block *pb = &p->blocks[pre];
  if (pb->linear_succs.n != 1 || pb->linear_succs.v[0] != h) return UINT32_MAX;
  if (pb->logical_succs.n > 1 || (pb->logical_succs.n == 1 && pb->logical_succs.v[0] != h)) return UINT32_MAX;
  return pre;
}
