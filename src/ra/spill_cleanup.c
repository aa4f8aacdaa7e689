/* Clean-up of placed spill code (called by spill.c once a file's slots
 * have their places): round trips and dead reloads; and, before
 * placement, the rewrite of slots whose value already sits in a tuple's
 * slot (spill_alias_slots, for spill.c's partial reloads).
 *
 * A round trip is a p_spill of a value that a p_reload of the same place
 * (VGPR: the same scratch bytes; SGPR: the same lanes of the same lane
 * VGPR) defined earlier in the block, with nothing written to that place
 * in between: the slot already holds the value. It appears where a memory
 * phi's edge stores a value that was reloaded from a slot the colouring
 * gave the phi's slot's place (a loop-carried value updated in memory),
 * and the store is dropped. For VGPRs the EXEC mask must not change in
 * between: the reload wrote only the lanes EXEC enabled, and the store
 * writes back exactly those. SGPR lane accesses ignore EXEC.
 * A second store of a value to the place an earlier one wrote it to, with
 * nothing else written there and EXEC unchanged in between, is dropped
 * the same way (a value spilled where it is made, and again on a loop's
 * back edge into the memory phi whose slot it shares). Both look back
 * across a chain of blocks each entered only from the one before it in
 * the layout (sgemm_reg4x4.cl: its loop latch).
 *
 * A reload of the place a store has just written (only other stores in
 * between: no register changes, no EXEC change) reads the stored value
 * from its register instead; its result is renamed to that value.
 *
 * A dead reload is a p_reload whose result nothing reads any more (the
 * result of a dropped round trip, or a tuple dword whose store moved to
 * the tuple's slot, spill.c partial_reload): it goes too, and then so do
 * the stores to places that no remaining reload reads.
 */
#include <string.h>

#include "ra/ra.h"
#include "ra/spill_internal.h"
#include "util/bitset.h"

typedef struct place {
  uint32_t temp;  /* the reload's result */
  uint32_t lanes; /* SGPR: the lane VGPR's temporary; VGPR: 0 */
  int64_t lo, hi; /* VGPR: bytes [lo, hi); SGPR: lanes [lo, hi) */
} place;

/* The place a placed spill pseudo of the file being lowered names, or
 * false (other file, or not placed: SGPR slots in scratch). */
static bool place_of(const spill_ctx *c, const mir_instr *ins, place *pl) {
  bool st = ins->opcode == MIR_P_SPILL;
  if (!st && ins->opcode != MIR_P_RELOAD) return false;
  const mir_operand *val = st ? &ins->ops[0] : &ins->defs[0];
  const mir_operand *rest = st ? &ins->ops[1] : &ins->ops[0];
  if (val->kind != MIR_OPND_TEMP || mir_rc_is_vgpr(val->temp.rc) != c->vgpr) return false;
  unsigned n = mir_rc_size(val->temp.rc);
  if (c->vgpr) {
    if (ins->num_ops != (st ? 4u : 3u)) return false;
    *pl = (place){val->temp.id, 0, rest[0].imm, rest[0].imm + 4 * (int64_t)n};
  } else {
    if (ins->num_ops != (st ? 3u : 2u) || rest[1].kind != MIR_OPND_TEMP) return false;
    *pl = (place){val->temp.id, rest[1].temp.id, rest[0].imm, rest[0].imm + (int64_t)n};
  }
  return true;
}

typedef struct sweep {
  const uint64_t *used; /* temporaries some instruction reads */
  place *reads;         /* places of the reloads kept */
  uint32_t nr, cap;
} sweep;

/* Dead reloads go; the places of the others are recorded. */
static bool keep_reload(spill_ctx *c, sweep *s, const mir_instr *ins) {
  place pl;
  if (ins->opcode != MIR_P_RELOAD || !place_of(c, ins, &pl)) return true;
  if (!bitset_test(s->used, pl.temp)) return false;
  if (s->nr == s->cap) {
    uint32_t cap = s->cap ? s->cap * 2 : 64;
    s->reads = arena_grow(c->p->mem, s->reads, s->cap, cap, sizeof *s->reads);
    s->cap = cap;
  }
  s->reads[s->nr++] = pl;
  return true;
}

/* Stores to places no kept reload reads (every reload of them went). */
static bool keep_store(spill_ctx *c, sweep *s, const mir_instr *ins) {
  place pl;
  if (ins->opcode != MIR_P_SPILL || !place_of(c, ins, &pl)) return true;
  for (uint32_t k = 0; k < s->nr; k++)
    if (s->reads[k].lanes == pl.lanes && s->reads[k].lo < pl.hi && pl.lo < s->reads[k].hi) return true;
  return false;
}

static void filter(spill_ctx *c, sweep *s, bool (*keep)(spill_ctx *, sweep *, const mir_instr *)) {
  for (uint32_t bi = 0; bi < c->p->num_blocks; bi++) {
    mir_block *b = &c->p->blocks[bi];
    uint32_t n = 0;
    for (uint32_t i = 0; i < b->num_instrs; i++)
      if (keep(c, s, b->instrs[i])) b->instrs[n++] = b->instrs[i];
    b->num_instrs = n;
  }
}

void spill_drop_round_trips(spill_ctx *c) {
  mir_program *p = c->p;
  uint32_t cap = 0, *rename = arena_alloc(p->mem, (p->num_temps ? p->num_temps : 1) * sizeof *rename);
  place *seen = NULL;
  memset(rename, 0, (p->num_temps ? p->num_temps : 1) * sizeof *rename);
  uint32_t ns = 0;
  for (uint32_t bi = 0; bi < p->num_blocks; bi++) {
    mir_block *b = &p->blocks[bi];
    if (!bi || spill_only_pred(c, b) != bi - 1) ns = 0; /* else the chain continues */
    if (ns + b->num_instrs > cap) {
      seen = arena_grow(p->mem, seen, cap, ns + b->num_instrs, sizeof *seen);
      cap = ns + b->num_instrs;
    }
    uint32_t n = 0;
    place last = {0}; /* the latest store, while only stores follow it */
    for (uint32_t i = 0; i < b->num_instrs; i++) {
      mir_instr *ins = b->instrs[i];
      place pl;
      bool is_place = place_of(c, ins, &pl);
      if (is_place && ins->opcode == MIR_P_RELOAD && last.temp && last.lanes == pl.lanes && last.lo == pl.lo &&
          last.hi == pl.hi) {
        uint32_t v = last.temp; /* the stored value is still in its register: read it there */
        while (rename[v]) v = rename[v];
        rename[pl.temp] = v;
        continue;
      }
      if (!is_place || ins->opcode != MIR_P_SPILL) last.temp = 0;
      if (is_place) {
        if (ins->opcode == MIR_P_RELOAD) {
          seen[ns++] = pl;
        } else {
          last = pl;
          bool trip = false;
          uint32_t m = 0;
          for (uint32_t k = 0; k < ns; k++) {
            const place *s = &seen[k];
            if (s->temp == pl.temp && s->lanes == pl.lanes && s->lo == pl.lo && s->hi == pl.hi) trip = true;
            if (s->lanes == pl.lanes && s->lo < pl.hi && pl.lo < s->hi) continue; /* overwritten (unless a trip) */
            seen[m++] = *s;
          }
          if (trip) continue; /* the place holds the value already: nothing changes */
          ns = m;
          seen[ns++] = pl; /* and now holds this one: storing it again changes nothing */
        }
      } else if (c->vgpr && mir_writes_exec(ins)) {
        ns = 0;
      }
      b->instrs[n++] = ins;
    }
    b->num_instrs = n;
  }
  for (uint32_t bi = 0; bi < p->num_blocks; bi++)
    for (uint32_t i = 0; i < p->blocks[bi].num_instrs; i++) {
      mir_instr *ins = p->blocks[bi].instrs[i];
      for (unsigned k = 0; k < ins->num_ops; k++)
        if (ins->ops[k].kind == MIR_OPND_TEMP && rename[ins->ops[k].temp.id]) {
          ins->ops[k].temp.id = rename[ins->ops[k].temp.id];
          ins->ops[k].flags &= (uint8_t)~MIR_OPND_KILL;
        }
    }
  /* Dead reloads of the file. */
  uint32_t words = BITSET_WORDS(p->num_temps);
  uint64_t *used = arena_alloc(p->mem, (words ? words : 1) * sizeof *used);
  memset(used, 0, (words ? words : 1) * sizeof *used);
  for (uint32_t bi = 0; bi < p->num_blocks; bi++)
    for (uint32_t i = 0; i < p->blocks[bi].num_instrs; i++) {
      const mir_instr *ins = p->blocks[bi].instrs[i];
      for (unsigned k = 0; k < ins->num_ops; k++)
        if (ins->ops[k].kind == MIR_OPND_TEMP) bitset_set(used, ins->ops[k].temp.id);
    }
  sweep sw = {.used = used};
  filter(c, &sw, keep_reload);
  filter(c, &sw, keep_store);
}

void spill_alias_slots(spill_ctx *c, const uint32_t *alias, const int32_t *alias_off) {
  mir_program *p = c->p;
  for (uint32_t bi = 0; bi < p->num_blocks; bi++) {
    mir_block *b = &p->blocks[bi];
    uint32_t n = 0;
    for (uint32_t i = 0; i < b->num_instrs; i++) {
      mir_instr *ins = b->instrs[i];
      bool st = ins->opcode == MIR_P_SPILL, ld = ins->opcode == MIR_P_RELOAD;
      mir_operand *slot = st ? &ins->ops[1] : ld ? &ins->ops[0] : NULL;
      const mir_operand *val = st ? &ins->ops[0] : ld ? &ins->defs[0] : NULL;
      if (slot && mir_rc_is_vgpr(val->temp.rc) && slot->imm < c->nvslots && alias[slot->imm] != UINT32_MAX) {
        if (st) continue;
        while (slot->imm < c->nvslots && alias[slot->imm] != UINT32_MAX) {
          ins->offset += alias_off[slot->imm];
          slot->imm = alias[slot->imm];
        }
      }
      b->instrs[n++] = ins;
    }
    b->num_instrs = n;
  }
}
