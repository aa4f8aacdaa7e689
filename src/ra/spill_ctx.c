/* The spiller's leaf helpers, called by every step of spill.c's driver
 * (spill_place.c, spill_apply.c, spill_loops.c, spill_sink.c, ...): the
 * per-temporary tables of spill_ctx grown to the program's temporaries,
 * new temporaries, instruction copies. Kept out of spill.c, which calls
 * the steps, so that the steps do not call back into it (a call cycle of
 * eight files, issue 23; scripts/check-layers.py). */
#include <string.h>

#include "ra/ra.h"
#include "ra/spill_internal.h"

void spill_grow(spill_ctx *c) {
  uint32_t n = c->p->num_temps;
  if (n <= c->cap) return;
  uint32_t ncap = c->cap ? c->cap : 64;
  while (ncap < n) ncap *= 2;
  arena *m = c->p->mem;
  c->kind = arena_grow(m, c->kind, c->cap, ncap, sizeof *c->kind);
  c->chosen = arena_grow(m, c->chosen, c->cap, ncap, sizeof *c->chosen);
  c->slot = arena_grow(m, c->slot, c->cap, ncap, sizeof *c->slot);
  c->reload_of = arena_grow(m, c->reload_of, c->cap, ncap, sizeof *c->reload_of);
  c->def = arena_grow(m, c->def, c->cap, ncap, sizeof *c->def);
  c->def_block = arena_grow(m, c->def_block, c->cap, ncap, sizeof *c->def_block);
  c->nu = arena_grow(m, c->nu, c->cap, ncap, sizeof *c->nu);
  c->store = arena_grow(m, c->store, c->cap, ncap, sizeof *c->store);
  c->keep = arena_grow(m, c->keep, c->cap, ncap, sizeof *c->keep);
  c->is_scc = arena_grow(m, c->is_scc, c->cap, ncap, sizeof *c->is_scc);
  c->remat_flags = arena_grow(m, c->remat_flags, c->cap, ncap, sizeof *c->remat_flags);
  for (uint32_t t = c->cap; t < ncap; t++) {
    c->kind[t] = TK_NORMAL;
    c->chosen[t] = 0;
    c->slot[t] = UINT32_MAX;
    c->reload_of[t] = 0;
    c->store[t] = NULL;
    c->keep[t] = 0;
    c->is_scc[t] = 0;
    c->remat_flags[t] = 0;
  }
  c->cap = ncap;
}

mir_temp spill_new_temp(spill_ctx *c, mir_rc rc) {
  mir_temp t = mir_new_temp(c->p, rc);
  spill_grow(c);
  return t;
}

mir_instr *spill_clone(mir_program *p, const mir_instr *ins) {
  mir_instr *n = mir_instr_create(p, ins->opcode, ins->num_ops, ins->num_defs);
  n->enc_flags = ins->enc_flags;
  n->omod = ins->omod;
  n->clamp = ins->clamp;
  n->offset = ins->offset;
  n->fpmode = ins->fpmode;
  memcpy(n->ops, ins->ops, ins->num_ops * sizeof *n->ops);
  memcpy(n->defs, ins->defs, ins->num_defs * sizeof *n->defs);
  return n;
}
