/* Spill-slot assignment: virtual slots whose contents are never live at
 * the same time share a place (ACO's spill-slot colouring; the slot
 * analogue of register allocation).
 *
 * A virtual slot is written by p_spill and read by p_reload. Its liveness
 * is the classic backward dataflow with "p_reload = use, p_spill = def",
 * over the logical CFG for VGPR slots (a store writes only the lanes EXEC
 * enables, so two slots live on different sides of a divergent branch
 * hold different lanes and may share, as logical VGPRs share registers)
 * and over the linear CFG for SGPR slots (lanes of a linear VGPR). Two
 * slots interfere when one is stored while the other is live; colouring is
 * greedy first fit in slot order over dword positions, a slot of n dwords
 * taking n consecutive ones, except that a slot takes the place of its
 * partner where that is free (a slot reloaded right before a store to the
 * other: a memory phi's edge copy, which in one place is a round trip
 * spill_cleanup.c drops); SGPR slots never straddle a multiple of the
 * wave size (one VGPR's lanes). Cost: O(blocks * slots / 64 * iterations) for the
 * dataflow, O(slots^2 / 64) for the interference matrix.
 */
#include <string.h>

#include "ra/ra.h"
#include "util/bitset.h"

/* The virtual slot a spill pseudo of the file names, or UINT32_MAX (other
 * file, or an SGPR slot already placed in a lane). */
static uint32_t vslot_of(const mir_instr *ins, bool vgpr, bool *is_store) {
  if (ins->opcode != MIR_P_SPILL && ins->opcode != MIR_P_RELOAD) return UINT32_MAX;
  *is_store = ins->opcode == MIR_P_SPILL;
  const mir_operand *val = *is_store ? &ins->ops[0] : &ins->defs[0];
  const mir_operand *rest = *is_store ? &ins->ops[1] : &ins->ops[0];
  if (mir_rc_is_vgpr(val->temp.rc) != vgpr) return UINT32_MAX;
  if (!vgpr && rest[1].kind != MIR_OPND_UNDEF) return UINT32_MAX;
  return rest[0].imm;
}

/* The first instruction of blk from which a VGPR slot's store is partial:
 * after the block's last EXEC write when blk has several logical
 * successors (a loop latch's s_andn2 exec, then the back edge's memory-phi
 * stores). Such a store writes only the lanes that stay on one edge; the
 * lanes leaving by another keep the slot's old contents, which may still be
 * read there (session 17, clsmith seed 5276: a loop phi's slot shared with
 * an inner loop's phi, its value overwritten for the lanes that left the
 * outer loop). So it is no kill of the slot. num_instrs when none is. */
static uint32_t partial_stores_from(const mir_block *blk, bool vgpr) {
  if (!vgpr || blk->logical_succs.n < 2) return blk->num_instrs;
  for (uint32_t i = blk->num_instrs; i-- > 0;)
    if (mir_writes_exec(blk->instrs[i])) return i + 1;
  return blk->num_instrs;
}

/* Backward liveness of the slots: in = gen | (out & ~kill). */
static void slot_liveness(const mir_program *p, bool vgpr, uint32_t words, const uint64_t *gen, const uint64_t *kill,
                          uint64_t *in, uint64_t *out) {
  for (bool changed = true; changed;) {
    changed = false;
    for (uint32_t b = p->num_blocks; b-- > 0;) {
      const mir_block *blk = &p->blocks[b];
      const mir_idx_list *succs = vgpr ? &blk->logical_succs : &blk->linear_succs;
      uint64_t *o = out + (size_t)b * words, *n = in + (size_t)b * words;
      for (uint32_t k = 0; k < succs->n; k++) bitset_union(o, in + (size_t)succs->v[k] * words, words);
      for (uint32_t w = 0; w < words; w++) {
        uint64_t v = gen[(size_t)b * words + w] | (o[w] & ~kill[(size_t)b * words + w]);
        if (v != n[w]) {
          n[w] = v;
          changed = true;
        }
      }
    }
  }
}

/* Forward: slots some store may have written on a path into each block (a
 * slot read on a path without a store, e.g. a memory phi with an undefined
 * operand, holds nothing worth keeping there). */
static void slot_reach(const mir_program *p, bool vgpr, uint32_t words, const uint64_t *kill, uint64_t *reach) {
  for (bool changed = true; changed;) {
    changed = false;
    for (uint32_t b = 0; b < p->num_blocks; b++) {
      const mir_block *blk = &p->blocks[b];
      const mir_idx_list *preds = vgpr ? &blk->logical_preds : &blk->linear_preds;
      uint64_t *r = reach + (size_t)b * words;
      for (uint32_t k = 0; k < preds->n; k++)
        for (uint32_t w = 0; w < words; w++) {
          uint64_t v = r[w] | reach[(size_t)preds->v[k] * words + w] | kill[(size_t)preds->v[k] * words + w];
          if (v != r[w]) {
            r[w] = v;
            changed = true;
          }
        }
    }
  }
}

/* Are the n dwords from `at` free of the slots stamped `stamp`? */
static bool free_at(const uint32_t *busy, uint32_t at, unsigned n, uint32_t stamp) {
  for (unsigned k = 0; k < n; k++)
    if (busy[at + k] == stamp) return false;
  return true;
}

/* Greedy first fit of each slot after the positions of its interfering
 * predecessors in slot order; a slot with a partner placed already takes
 * the partner's position where that is free. SGPR slots stay within one
 * VGPR's `lanes` (the wave size). */
static uint32_t *first_fit(bool vgpr, unsigned lanes, const uint8_t *size, uint32_t nv, const uint64_t *adj,
                           uint32_t words, const uint32_t *partner, arena *mem, uint32_t *extent) {
  uint32_t *pos = arena_alloc(mem, (nv ? nv : 1) * sizeof *pos);
  uint32_t cap = 128, *busy = arena_alloc(mem, cap * sizeof *busy); /* stamp per dword position */
  memset(busy, 0, cap * sizeof *busy);
  *extent = 0;
  for (uint32_t s = 0; s < nv; s++) {
    const uint64_t *a = adj + (size_t)s * words;
    for (uint32_t t = bitset_next(a, words, 0); t != UINT32_MAX && t < s; t = bitset_next(a, words, t + 1))
      for (unsigned k = 0; k < size[t]; k++) busy[pos[t] + k] = s + 1;
    uint32_t at = 0, q = partner[s];
    if (q < s && size[q] == size[s] && free_at(busy, pos[q], size[s], s + 1)) {
      at = pos[q];
    } else {
      while ((!vgpr && at % lanes + size[s] > lanes) || !free_at(busy, at, size[s], s + 1)) at++;
    }
    pos[s] = at;
    if (at + size[s] > *extent) *extent = at + size[s];
    if (*extent + 80 > cap) {
      busy = arena_grow(mem, busy, cap, cap * 2, sizeof *busy);
      memset(busy + cap, 0, cap * sizeof *busy);
      cap *= 2;
    }
  }
  return pos;
}

uint32_t *mir_color_spill_slots(const mir_program *p, bool vgpr, const uint8_t *size, uint32_t nv, arena *mem,
                                uint32_t *extent) {
  uint32_t nb = p->num_blocks, words = BITSET_WORDS(nv);
  size_t set = (size_t)nb * words;
  uint64_t *slab = arena_alloc(mem, (set * 5 + words) * sizeof *slab);
  memset(slab, 0, (set * 5 + words) * sizeof *slab);
  uint64_t *gen = slab, *kill = gen + set, *in = kill + set, *out = in + set, *reach = out + set, *live = reach + set;
  uint64_t *stored = arena_alloc(mem, (set ? set : 1) * sizeof *stored);
  memset(stored, 0, (set ? set : 1) * sizeof *stored);
  uint32_t *first_store = arena_alloc(mem, (nv ? nv : 1) * sizeof *first_store);
  uint32_t *partial_from = arena_alloc(mem, (nb ? nb : 1) * sizeof *partial_from);
  for (uint32_t b = 0; b < nb; b++) {
    const mir_block *blk = &p->blocks[b];
    partial_from[b] = partial_stores_from(blk, vgpr);
    for (uint32_t i = blk->num_instrs; i-- > 0;) {
      bool st;
      uint32_t s = vslot_of(blk->instrs[i], vgpr, &st);
      if (s >= nv) continue;
      if (st) {
        bitset_set(stored + (size_t)b * words, s);
        if (i >= partial_from[b]) continue; /* some lanes leaving b keep the old contents */
        bitset_set(kill + (size_t)b * words, s);
        bitset_clear(gen + (size_t)b * words, s);
      } else {
        bitset_set(gen + (size_t)b * words, s);
      }
    }
  }
  slot_liveness(p, vgpr, words, gen, kill, in, out);
  slot_reach(p, vgpr, words, stored, reach);
  uint64_t *adj = arena_alloc(mem, (size_t)nv * words * sizeof *adj);
  memset(adj, 0, (size_t)nv * words * sizeof *adj);
  for (uint32_t b = 0; b < nb; b++) {
    const mir_block *blk = &p->blocks[b];
    const uint64_t *r = reach + (size_t)b * words, *k = stored + (size_t)b * words;
    /* Position of each slot's first store in b (valid for the slots in k). */
    for (uint32_t i = blk->num_instrs; i-- > 0;) {
      bool st;
      uint32_t s = vslot_of(blk->instrs[i], vgpr, &st);
      if (s < nv && st) first_store[s] = i;
    }
    bitset_copy(live, out + (size_t)b * words, words);
    for (uint32_t i = blk->num_instrs; i-- > 0;) {
      bool st;
      uint32_t s = vslot_of(blk->instrs[i], vgpr, &st);
      if (s >= nv) continue;
      if (!st) {
        bitset_set(live, s);
        continue;
      }
      if (i < partial_from[b]) bitset_clear(live, s);
      for (uint32_t t = bitset_next(live, words, 0); t != UINT32_MAX; t = bitset_next(live, words, t + 1)) {
        if (t == s) continue;
        if (!bitset_test(r, t) && !(bitset_test(k, t) && first_store[t] < i)) continue; /* holds nothing yet */
        bitset_set(adj + (size_t)s * words, t);
        bitset_set(adj + (size_t)t * words, s);
      }
    }
  }
  /* Partners: a slot whose value a reload brings back and the next store
   * puts into another slot (a memory phi's edge copy). In one place the
   * pair is a round trip spill_cleanup.c drops. */
  uint32_t *partner = arena_alloc(mem, (nv ? nv : 1) * sizeof *partner);
  uint32_t *from = arena_alloc(mem, (p->num_temps ? p->num_temps : 1) * sizeof *from);
  memset(partner, 0xff, (nv ? nv : 1) * sizeof *partner);
  memset(from, 0xff, (p->num_temps ? p->num_temps : 1) * sizeof *from);
  for (uint32_t b = 0; b < nb; b++)
    for (uint32_t i = 0; i < p->blocks[b].num_instrs; i++) {
      const mir_instr *ins = p->blocks[b].instrs[i];
      bool st;
      uint32_t s = vslot_of(ins, vgpr, &st);
      if (s >= nv) continue;
      uint32_t t = st ? ins->ops[0].temp.id : ins->defs[0].temp.id;
      if (!st) {
        if (!ins->offset) from[t] = s; /* (a partial reload is no copy of the slot) */
        continue;
      }
      uint32_t a = from[t];
      if (a >= nv || a == s) continue;
      uint32_t lo = a < s ? a : s, hi = a < s ? s : a;
      if (partner[hi] == UINT32_MAX) partner[hi] = lo;
    }
  return first_fit(vgpr, p->target->wave_size, size, nv, adj, words, partner, mem, extent);
}
