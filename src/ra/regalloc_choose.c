/* The choice of a register for a definition the SSA register allocator
 * (regalloc.c) places freely (no fixed register): the rules that prefer
 * one free range over another, in order (ra_choose):
 *   - in an XNACK soft clause, off the units its SMEM members freed
 *     (choose_outside_clause);
 *   - right after a store with data over 64 bits, on targets with the
 *     VMEM store-data hazard, off that data's VGPRs (choose_after_store,
 *     ra_store_step);
 *   - a p_create_vector whose operands sit consecutively but live on:
 *     apart from them (choose_apart);
 *   - the definition's preference, its affinity set's register, or its
 *     slot of the vector it dies in (vector_slot), else the lowest free
 *     range (choose_free), off the registers of loop phis whose next
 *     value the block defines while the definition lives
 *     (find_free_off_wants);
 *   - live-range splitting (regalloc_split.c): of block-local values,
 *     then also of values live out of the block (regalloc_global.c), else
 *     a budget error.
 * None of these decides correctness: a range is taken only when it is
 * free at the definition. */
#include <string.h>

#include "ra/ra.h"
#include "ra/regalloc_internal.h"
#include "target/target.h"
#include "util/bitset.h"

/* VGPRs a fresh vector range may reach: the VGPRs used so far, or the
 * program's peak VGPR demand rounded up to the target's allocation
 * granule, whichever is higher. Below that ceiling the range costs no
 * VGPR the kernel would not allocate anyway (the peak must be held at
 * some point); above it the copy is cheaper than the register. */
static unsigned vector_ceiling(const ra_ctx *c) {
  unsigned gr = c->p->target->vgpr_granule, peak = (c->p->live->max.vgpr + gr - 1) / gr * gr;
  return peak > c->vgpr_hwm ? peak : c->vgpr_hwm;
}

/* How far ahead of the current instruction vector_find_free looks for
 * the vector and its operands' definitions (a vector built later is
 * placed by the lowest range free now, as before). */
#define VEC_WINDOW 48u

/* The lowest aligned range for the vector v (t, one of its operands or a
 * value that takes t's slot, is being defined at c->cur_ins) that is free
 * by the time each dword is written: t's own dwords now, a dword of
 * another operand when that operand is defined later in the block (the
 * units then are free once their values died at or before that
 * definition: a 64-bit add's high half written over the dword its source
 * pair frees there), the dwords of constants and of operands defined
 * already at the vector itself. Without sub-register liveness a pair
 * split into halves holds its high dword until the high half's add reads
 * it, and a range free only now put the sum in a third pair (reduce_sum
 * at gfx1030: v[5:6] for a sum of v[3:4]). MIR_PREG_NONE when v is not
 * in the current block within VEC_WINDOW instructions (then the caller
 * uses the lowest range free now) or no range qualifies. Preferences
 * only: each dword is taken only when free at its definition (SGPRs too:
 * floyd_warshall at gfx1030, 6 SGPRs rather than 8). */
static mir_preg vector_find_free(ra_ctx *c, uint32_t t, const mir_instr *v) {
  const mir_block *b = c->cur_block;
  if (!b || !c->cur_ins || c->cur_pos >= b->num_instrs || b->instrs[c->cur_pos] != c->cur_ins) return MIR_PREG_NONE;
  uint32_t vpos = UINT32_MAX, end = c->cur_pos + VEC_WINDOW < b->num_instrs ? c->cur_pos + VEC_WINDOW : b->num_instrs - 1;
  for (uint32_t i = c->cur_pos + 1; i <= end && vpos == UINT32_MAX; i++)
    if (b->instrs[i] == v) vpos = i;
  if (vpos == UINT32_MAX) return MIR_PREG_NONE;
  const mir_operand *d = &v->defs[0];
  mir_rc rc = d->temp.rc;
  unsigned n = mir_rc_size(rc);
  if (n > 32) return MIR_PREG_NONE;
  /* when[u]: the position by which dword u of the vector must be free */
  uint32_t when[32];
  unsigned off = 0;
  for (unsigned k = 0; k < v->num_ops; k++) {
    const mir_operand *o = &v->ops[k];
    unsigned sz = o->kind == MIR_OPND_TEMP || o->kind == MIR_OPND_UNDEF ? mir_rc_size(o->temp.rc) : o->size ? o->size : 1;
    uint32_t w = vpos;
    bool mine = o->kind == MIR_OPND_TEMP &&
                (o->temp.id == t || (t < c->live_temps && o->temp.id < c->live_temps && c->vec[t] == v &&
                                     c->vec_off[t] == off && c->reg[o->temp.id] == MIR_PREG_NONE));
    if (mine) {
      w = c->cur_pos;
    } else if (o->kind == MIR_OPND_TEMP && c->reg[o->temp.id] == MIR_PREG_NONE) {
      for (uint32_t i = c->cur_pos + 1; i < vpos && w == vpos; i++)
        for (unsigned j = 0; j < b->instrs[i]->num_defs; j++)
          if (b->instrs[i]->defs[j].kind == MIR_OPND_TEMP && b->instrs[i]->defs[j].temp.id == o->temp.id) w = i;
    }
    for (unsigned u = 0; u < sz && off + u < n; u++) when[off + u] = w;
    off += sz;
  }
  for (; off < n; off++) when[off] = c->cur_pos;
  /* a value lent a slot (lend_vector_slots) wants it from its own
   * definition on, before the operand that replaces it */
  for (uint32_t i = c->cur_pos + 1; i < vpos; i++)
    for (unsigned j = 0; j < b->instrs[i]->num_defs; j++) {
      const mir_operand *x = &b->instrs[i]->defs[j];
      uint32_t id = x->kind == MIR_OPND_TEMP ? x->temp.id : UINT32_MAX;
      if (id >= c->live_temps || c->vec[id] != v || c->reg[id] != MIR_PREG_NONE) continue;
      for (unsigned u = c->vec_off[id]; u < c->vec_off[id] + mir_rc_size(x->temp.rc) && u < n; u++)
        if (i < when[u]) when[u] = i;
    }
  bool vgpr = mir_rc_is_vgpr(rc);
  mir_preg file = vgpr ? 256 : 0;
  unsigned align = ra_rc_align(c, rc), limit = vgpr ? c->vgpr_budget : c->sgpr_budget;
  /* free_at[r]: the position from which register r of the file is free
   * (its owner's last read in the window; a late-kill read frees it one
   * later), UINT32_MAX when its owner lives past the window */
  uint32_t free_at[256];
  for (unsigned r = 0; r < limit; r++) {
    uint32_t owner = c->owner[file + r];
    if (!vgpr && c->sp_blocked == file + r) owner = UINT32_MAX;
    free_at[r] = !owner ? c->cur_pos : UINT32_MAX;
    if (!owner || owner == UINT32_MAX) continue;
    for (uint32_t i = c->cur_pos + 1; i <= vpos && free_at[r] == UINT32_MAX; i++)
      for (unsigned j = 0; j < b->instrs[i]->num_ops; j++) {
        const mir_operand *o = &b->instrs[i]->ops[j];
        if (o->kind == MIR_OPND_TEMP && o->temp.id == owner && (o->flags & MIR_OPND_KILL))
          free_at[r] = o->flags & MIR_OPND_LATE_KILL ? i + 1 : i;
      }
  }
  for (unsigned r = ra_lowest(c, d->temp.id, rc); r + n <= limit; r += align) {
    if (!ra_call_allows(c, d->temp.id, rc, r) || !ra_lo64_ok(c, d->temp.id, rc, (mir_preg)(file + r))) continue;
    bool ok = true;
    for (unsigned u = 0; u < n && ok; u++) ok = free_at[r + u] <= when[u];
    if (ok) return (mir_preg)(file + r);
  }
  return MIR_PREG_NONE;
}

/* Where the vector t is an operand of would put t: at the vector's fixed
 * or preferred register, else where an operand already placed that dies
 * in the vector implies (one that lives on is copied into the vector
 * anyway: aligning with it would put t where the vector cannot be),
 * else in the lowest free range that holds the whole vector (remembered as
 * the vector's preference, so the other operands follow). */
static mir_preg vector_slot(ra_ctx *c, uint32_t t) {
  const mir_instr *v = c->vec[t];
  if (!v) return MIR_PREG_NONE;
  const mir_operand *d = &v->defs[0];
  mir_rc rc = d->temp.rc;
  mir_preg file = mir_rc_is_vgpr(rc) ? 256 : 0;
  mir_preg base = d->preg != MIR_PREG_NONE ? d->preg : c->pref[d->temp.id];
  if (base == MIR_PREG_NONE && d->temp.id < c->live_temps) base = c->set_reg[ra_find_set(c, d->temp.id)];
  for (unsigned k = 0; k < v->num_ops && base == MIR_PREG_NONE; k++) {
    const mir_operand *o = &v->ops[k];
    /* operands renamed by a split (new temporaries) have no entry */
    if (o->kind != MIR_OPND_TEMP || o->temp.id == t || o->temp.id >= c->live_temps || c->vec[o->temp.id] != v ||
        !ra_dies_in_vector(v, k))
      continue;
    mir_preg r = c->reg[o->temp.id];
    if (r == MIR_PREG_NONE || mir_preg_is_special(r) || r == MIR_PREG_SCC || r < file + c->vec_off[o->temp.id]) continue;
    r = (mir_preg)(r - c->vec_off[o->temp.id]);
    if ((r - file) % ra_rc_align(c, rc) == 0) base = r;
  }
  if (base == MIR_PREG_NONE) {
    /* a value lent the slot (lend_vector_slots) only for a vector built
     * shortly after it: the place of a vector far ahead is better chosen
     * by its own operands (murmur3 at gfx1030: a hash's index, lent the
     * slot of the address its last use builds after the whole loop body,
     * pushed the body's vectors a register up) */
    bool lent = true;
    for (unsigned k = 0; k < v->num_ops; k++) lent &= v->ops[k].kind != MIR_OPND_TEMP || v->ops[k].temp.id != t;
    base = vector_find_free(c, t, v);
    if (base == MIR_PREG_NONE && lent) return MIR_PREG_NONE;
    if (base == MIR_PREG_NONE) base = ra_find_free(c, d->temp.id, rc);
    if (base == MIR_PREG_NONE) return MIR_PREG_NONE;
    /* A fresh VGPR range above every VGPR used so far would raise the
     * kernel's VGPR count for a copy's sake (measured: +6% VGPRs on the
     * vector-heavy tests, for 1% fewer instructions). It may reach the
     * peak demand (the kernel holds that many at some point anyway:
     * 13% fewer VGPR moves over the corpus, allocated VGPRs +0.07%) or
     * the VGPR count of the current occupancy (no fewer waves), whichever
     * is higher. SGPRs are cheaper. */
    if (mir_rc_is_vgpr(rc)) {
      unsigned occ = wavecc_same_occupancy_vgprs(c->p->target, c->vgpr_hwm), peak = vector_ceiling(c);
      if (base - 256u + mir_rc_size(rc) > (occ > peak ? occ : peak)) return MIR_PREG_NONE;
    }
    c->pref[d->temp.id] = base;
  }
  if (mir_preg_is_special(base) || base == MIR_PREG_SCC) return MIR_PREG_NONE;
  bool known = false, lent = true;
  for (unsigned k = 0; k < v->num_ops; k++) lent &= v->ops[k].kind != MIR_OPND_TEMP || v->ops[k].temp.id != t;
  for (unsigned k = 0; k < c->num_resv; k++)
    if (c->resv[k].vec == d->temp.id) known = true, c->resv[k].lent |= lent;
  if (!known && c->num_resv < RA_MAX_RESV) {
    c->resv[c->num_resv].base = base;
    c->resv[c->num_resv].n = (uint8_t)mir_rc_size(rc);
    c->resv[c->num_resv].lent = lent;
    c->resv[c->num_resv++].vec = d->temp.id;
  }
  return (mir_preg)(base + c->vec_off[t]);
}

/* c->wants for the current block: the definitions of phi operands in
 * it (a loop's next values), with the last read of each temporary the
 * block reads (kill_at), found again when splitting inserted copies. */
static void loop_wants(ra_ctx *c) {
  const mir_block *b = c->cur_block;
  if (c->wants_bi == c->cur_bi + 1 && c->wants_len == b->num_instrs) return;
  const mir_program *p = c->p;
  uint32_t n = c->live_temps ? c->live_temps : 1;
  if (!c->phi_opnd) {
    c->phi_opnd = arena_alloc(p->mem, n);
    c->kill_at = arena_alloc(p->mem, n * sizeof *c->kill_at);
    c->kill_blk = arena_alloc(p->mem, n * sizeof *c->kill_blk);
    for (uint32_t bi = 0; bi < p->num_blocks; bi++)
      for (uint32_t i = 0; i < p->blocks[bi].num_instrs && mir_is_phi(p->blocks[bi].instrs[i]); i++) {
        const mir_instr *phi = p->blocks[bi].instrs[i];
        for (unsigned k = 0; k < phi->num_ops; k++)
          if (phi->ops[k].kind == MIR_OPND_TEMP && phi->ops[k].temp.id < c->live_temps) c->phi_opnd[phi->ops[k].temp.id] = 1;
      }
  }
  c->wants_bi = c->cur_bi + 1;
  c->wants_len = b->num_instrs;
  c->num_wants = 0;
  for (uint32_t i = 0; i < b->num_instrs; i++) {
    const mir_instr *x = b->instrs[i];
    if (mir_is_phi(x)) continue;
    for (unsigned k = 0; k < x->num_ops; k++) {
      uint32_t t = x->ops[k].kind == MIR_OPND_TEMP ? x->ops[k].temp.id : UINT32_MAX;
      if (t < c->live_temps && (x->ops[k].flags & MIR_OPND_KILL)) c->kill_at[t] = i, c->kill_blk[t] = c->cur_bi + 1;
    }
    for (unsigned k = 0; k < x->num_defs; k++) {
      uint32_t t = x->defs[k].kind == MIR_OPND_TEMP ? x->defs[k].temp.id : UINT32_MAX;
      if (t >= c->live_temps || !c->phi_opnd[t]) continue;
      if (c->num_wants == c->cap_wants) {
        unsigned cap = c->cap_wants ? c->cap_wants * 2 : 16;
        c->wants = arena_grow(p->mem, c->wants, c->num_wants, cap, sizeof *c->wants);
        c->cap_wants = cap;
      }
      c->wants[c->num_wants].pos = i;
      c->wants[c->num_wants++].t = t;
    }
  }
}

/* The lowest free range for t (class rc), off the registers that a phi
 * operand defined later in the block while t still lives will want (its
 * phi's register, the preference assign_phis gave it): the loop's next
 * value then takes the phi's register and the back edge needs no copy
 * (sbox_rounds at gfx1030: the S-box result of the block's first word
 * sat in that word's register, read by the last word's xor after the
 * first word's next value was computed: a v_mov and a latch block per
 * round). Off them only within the VGPRs or SGPRs used so far or the
 * program's peak demand: a copy is cheaper than a register more. */
static mir_preg find_free_off_wants(ra_ctx *c, uint32_t t, mir_rc rc) {
  mir_preg r = ra_find_free(c, t, rc);
  if (r == MIR_PREG_NONE || t >= c->live_temps || !c->cur_block || !c->cur_ins) return r;
  loop_wants(c);
  if (!c->num_wants) return r;
  uint32_t end = c->kill_blk[t] == c->cur_bi + 1 && c->kill_at[t] > c->cur_pos ? c->kill_at[t] : UINT32_MAX;
  uint64_t held[UNITS / 64] = {0};
  bool hit = false;
  unsigned n = mir_rc_size(rc);
  for (unsigned w = 0; w < c->num_wants; w++) {
    uint32_t u = c->wants[w].t;
    mir_preg a = c->pref[u];
    if (u == t || c->wants[w].pos <= c->cur_pos || c->wants[w].pos >= end || c->reg[u] != MIR_PREG_NONE ||
        a == MIR_PREG_NONE || mir_preg_is_special(a) || a == MIR_PREG_SCC)
      continue;
    for (unsigned k = 0; k < mir_rc_size(c->p->temp_rc[u]) && a + k < UNITS; k++) {
      if (c->owner[a + k]) continue;
      if (a + k >= r && a + k < r + n) hit = true;
      c->owner[a + k] = UINT32_MAX;
      bitset_set(held, a + k);
    }
  }
  mir_preg r2 = hit ? ra_find_free(c, t, rc) : MIR_PREG_NONE;
  for (unsigned u = 0; u < UNITS; u++)
    if (bitset_test(held, u)) c->owner[u] = 0;
  if (r2 == MIR_PREG_NONE) return r;
  bool v = mir_rc_is_vgpr(rc);
  unsigned top = v ? r2 - 256u + n : r2 + n, hwm = v ? c->vgpr_hwm : c->sgpr_hwm;
  unsigned peak = v ? c->p->live->max.vgpr : c->p->live->max.sgpr;
  return top <= (hwm > peak ? hwm : peak) ? r2 : r;
}

/* A free range for t without splitting: its preference, its affinity
 * set's or vector's register, else the lowest free range (off the
 * registers a loop's next values want); or NONE. */
static mir_preg choose_free(ra_ctx *c, uint32_t t) {
  mir_rc rc = c->p->temp_rc[t];
  if (ra_fits(c, t, rc, c->pref[t])) return c->pref[t];
  if (t < c->live_temps) {
    mir_preg a = c->set_reg[ra_find_set(c, t)];
    if (ra_fits(c, t, rc, a)) return a;
    a = vector_slot(c, t);
    if (ra_fits(c, t, rc, a)) return a;
  }
  return find_free_off_wants(c, t, rc);
}

/* choose_free with the units the current soft clause's members freed held
 * (UINT32_MAX) while it searches; NONE when only they would do. */
static mir_preg choose_outside_clause(ra_ctx *c, uint32_t t) {
  bool any = false;
  for (unsigned w = 0; w < UNITS / 64; w++) any |= c->clause_freed[w] != 0;
  if (!any) return MIR_PREG_NONE;
  uint64_t held[UNITS / 64] = {0};
  for (unsigned u = 0; u < UNITS; u++)
    if (bitset_test(c->clause_freed, u) && !c->owner[u]) {
      c->owner[u] = UINT32_MAX;
      bitset_set(held, u);
    }
  mir_preg r = choose_free(c, t);
  for (unsigned u = 0; u < UNITS; u++)
    if (bitset_test(held, u)) c->owner[u] = 0;
  return r;
}

/* choose_free for a VGPR definition of the instruction right after a
 * store whose data (over 64 bits) it would otherwise overwrite: a VALU
 * write there needs a wait state (hazards.c, an s_nop when nothing else
 * sits between). The data's units are held while it searches; NONE when
 * only they would do or the other range would cost occupancy (the VGPR
 * count of the current occupancy, as vector_slot allows). */
static mir_preg choose_after_store(ra_ctx *c, uint32_t t) {
  mir_rc rc = c->p->temp_rc[t];
  const mir_instr *ins = c->cur_ins;
  if (!c->store_hold || !mir_rc_is_vgpr(rc) || !ins) return MIR_PREG_NONE;
  /* VALU writes only (and pseudos, whose copies are v_mov_b32): a load's
   * result may take the registers */
  if (ins->opcode < ISA_NUM_OPS && !isa_fmt_valu(isa_table[ins->opcode].format)) return MIR_PREG_NONE;
  uint64_t held[UNITS / 64] = {0};
  bool any = false;
  for (unsigned u = 256; u < UNITS; u++)
    if (bitset_test(c->store_data, u) && !c->owner[u]) {
      c->owner[u] = UINT32_MAX;
      bitset_set(held, u);
      any = true;
    }
  mir_preg r = any ? choose_free(c, t) : MIR_PREG_NONE;
  for (unsigned u = 256; u < UNITS; u++)
    if (bitset_test(held, u)) c->owner[u] = 0;
  if (r != MIR_PREG_NONE &&
      r - 256u + mir_rc_size(rc) > wavecc_same_occupancy_vgprs(c->p->target, c->vgpr_hwm))
    r = MIR_PREG_NONE;
  return r;
}

/* After placing ins: the units of its store data wider than 64 bits, for
 * the next instruction (store_hold), on targets with that hazard. */
void ra_store_step(ra_ctx *c, const mir_instr *ins) {
  c->store_hold = false;
  if (!c->p->target->hazard_waits[WAVECC_HZ_VMEM_STORE_DATA] || ins->opcode >= ISA_NUM_OPS ||
      !isa_fmt_vmem(isa_table[ins->opcode].format) ||
      !(isa_table[ins->opcode].flags & (ISA_F_STORE | ISA_F_ATOMIC)))
    return;
  memset(c->store_data, 0, sizeof c->store_data);
  for (unsigned k = 0; k < ins->num_ops; k++) {
    const mir_operand *o = &ins->ops[k];
    if (o->kind != MIR_OPND_TEMP || !mir_rc_is_vgpr(o->temp.rc) || mir_rc_size(o->temp.rc) <= 2) continue;
    mir_preg r = c->reg[o->temp.id];
    if (r == MIR_PREG_NONE || r < 256) continue;
    for (unsigned u = 0; u < mir_rc_size(o->temp.rc) && r + u < UNITS; u++) bitset_set(c->store_data, r + u);
    c->store_hold = true;
  }
}

/* For the result t of the p_create_vector being placed (c->cur_ins): when
 * its operands already sit in consecutive registers, in order and aligned
 * as t would be, but t cannot take them (an operand lives on), a free range
 * apart from all of them. SSA elimination then copies the operands there
 * and copy clean-up lets the vector's readers read the operands' own
 * registers, deleting every copy; a range overlapping them would shuffle
 * (f_vector_gep: `v_mov_b32 v5, v4; v_mov_b32 v4, v3`). NONE otherwise, or
 * when the range would cost occupancy. */
static mir_preg choose_apart(ra_ctx *c, uint32_t t) {
  const mir_instr *v = c->cur_ins;
  mir_rc rc = c->p->temp_rc[t];
  if (!v || v->opcode != MIR_P_CREATE_VECTOR || v->num_defs != 1 || v->defs[0].kind != MIR_OPND_TEMP ||
      v->defs[0].temp.id != t || v->num_ops < 2)
    return MIR_PREG_NONE;
  mir_preg file = mir_rc_is_vgpr(rc) ? 256 : 0, base = MIR_PREG_NONE;
  unsigned off = 0;
  for (unsigned k = 0; k < v->num_ops; k++) {
    const mir_operand *o = &v->ops[k];
    if (o->kind != MIR_OPND_TEMP || mir_rc_is_vgpr(o->temp.rc) != mir_rc_is_vgpr(rc)) return MIR_PREG_NONE;
    mir_preg r = c->reg[o->temp.id];
    if (r == MIR_PREG_NONE || mir_preg_is_special(r) || r == MIR_PREG_SCC || r < file + off) return MIR_PREG_NONE;
    if (k == 0) base = r;
    if (r != base + off) return MIR_PREG_NONE;
    off += mir_rc_size(o->temp.rc);
  }
  if ((base - file) % ra_rc_align(c, rc) || ra_fits(c, t, rc, base)) return MIR_PREG_NONE;
  uint32_t saved[UNITS];
  memcpy(saved, c->owner, sizeof saved);
  for (unsigned u = 0; u < off && base + u < UNITS; u++)
    if (!c->owner[base + u]) c->owner[base + u] = UINT32_MAX;
  mir_preg r = ra_find_free(c, t, rc);
  memcpy(c->owner, saved, sizeof saved);
  if (r != MIR_PREG_NONE && mir_rc_is_vgpr(rc) &&
      r - 256u + mir_rc_size(rc) > wavecc_same_occupancy_vgprs(c->p->target, c->vgpr_hwm))
    r = MIR_PREG_NONE;
  return r;
}

/* A register for the definition of t (no fixed register) at c->cur_ins,
 * by the rules above in order; when none is free and splitting fails,
 * reports a budget error (the file is fragmented), sets c->failed and the
 * program's budget_failed/fragmented, and returns MIR_PREG_NONE. */
mir_preg ra_choose(ra_ctx *c, uint32_t t) {
  mir_rc rc = c->p->temp_rc[t];
  mir_preg r = c->clause_kind ? choose_outside_clause(c, t) : MIR_PREG_NONE;
  if (r == MIR_PREG_NONE) r = choose_after_store(c, t);
  if (r == MIR_PREG_NONE && !ra_fits(c, t, rc, c->pref[t])) r = choose_apart(c, t);
  if (r == MIR_PREG_NONE) r = choose_free(c, t);
  if (r == MIR_PREG_NONE && c->cur_ins) r = ra_split_for(c, t, rc, false);
  if (r == MIR_PREG_NONE && c->cur_ins) r = ra_split_for(c, t, rc, true);
  if (r == MIR_PREG_NONE && c->cur_ins && mir_rc_is_vgpr(rc)) {
    /* last: VGPRs that need logical phis move too (only after the other
     * searches failed, so what allocated before is unchanged) */
    c->logical_phis = true;
    r = ra_split_for(c, t, rc, true);
    c->logical_phis = false;
  }
  if (r == MIR_PREG_NONE && !c->failed) {
    const mir_live_info *li = c->p->live;
    bool v = mir_rc_is_vgpr(rc);
    diag_error(c->d, c->p->name,
               "register budget exceeded: no free %u-dword %s range (demand %u %s, has %u; the file is fragmented)",
               mir_rc_size(rc), v ? "VGPR" : "SGPR", v ? li->max.vgpr : li->max.sgpr, v ? "VGPRs" : "SGPRs",
               v ? c->vgpr_budget : c->sgpr_budget);
    c->failed = true;
    c->p->budget_failed = true;
    c->p->fragmented = v ? 2 : 1;
  }
  return r;
}
