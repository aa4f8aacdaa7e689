/* The register allocator's preferences (regalloc.c): affinity sets of
 * values that should share a register so that no copy is needed, vector
 * slots, and the alignment a register class needs. Split from regalloc.c
 * to keep files to one concern; nothing here calls back into it. */
#include <string.h>

#include "ra/ra.h"
#include "target/target.h"
#include "ra/regalloc_internal.h"

unsigned ra_rc_align(const ra_ctx *c, mir_rc rc) {
  unsigned n = mir_rc_size(rc);
  /* VGPR tuples: the target's alignment for 64-bit and wider operands
   * (gfx90a/gfx942: even; gfx900: none). */
  if (mir_rc_is_vgpr(rc)) return n >= 2 && c->p->target->vgpr_tuple_align > 1 ? c->p->target->vgpr_tuple_align : 1;
  return n >= 3 ? 4 : n == 2 ? 2 : 1;
}

/* ---- affinities ----------------------------------------------------------
 * Values that should share a register so that no copy is needed (ACO's
 * affinities and its vector operands, aco_register_allocation.cpp):
 *  - a phi and its operands, and a copy's destination and source (same
 *    class): one affinity set; the first member placed gives the set its
 *    register, which later members take when it is free at their
 *    definition (the operand defined in the other arm, the phi, the copy);
 *    a member constrained to a register (an ABI input, a fixed call
 *    argument) gives the set that register from the start;
 *  - the operands of a p_create_vector: each prefers its slot of the
 *    vector, placed where an already placed operand implies, else at a free
 *    range big enough for the whole vector (so 64-bit halves computed one
 *    at a time land in a pair and the create is a no-op; for VGPRs only a
 *    range below the VGPRs already used or the peak demand, vector_ceiling
 *    in regalloc_choose.c);
 *  - parts of a killed p_split_vector / p_extract and a copy's destination
 *    prefer the source's registers (ra_prefer_from_operands).
 * Preferences never decide correctness: a register is taken only when it
 * is free at the definition, which in SSA order is all that is needed. */

uint32_t ra_find_set(ra_ctx *c, uint32_t t) {
  uint32_t r = t;
  while (c->parent[r] != r) r = c->parent[r];
  while (c->parent[t] != r) {
    uint32_t n = c->parent[t];
    c->parent[t] = r;
    t = n;
  }
  return r;
}

static void join(ra_ctx *c, const mir_operand *a, const mir_operand *b) {
  if (a->kind != MIR_OPND_TEMP || b->kind != MIR_OPND_TEMP || a->temp.rc != b->temp.rc) return;
  uint32_t x = ra_find_set(c, a->temp.id), y = ra_find_set(c, b->temp.id);
  if (x == y) return;
  c->parent[y] = x;
  if (c->set_reg[x] == MIR_PREG_NONE) c->set_reg[x] = c->set_reg[y];
}

/* A register constraint on an operand or definition (not SCC/VCC/EXEC/M0)
 * is where its set wants to be. */
static void constrain_set(ra_ctx *c, const mir_operand *o) {
  if (o->kind != MIR_OPND_TEMP || o->preg == MIR_PREG_NONE || mir_preg_is_special(o->preg) || o->preg == MIR_PREG_SCC)
    return;
  uint32_t r = ra_find_set(c, o->temp.id);
  if (c->set_reg[r] == MIR_PREG_NONE) c->set_reg[r] = o->preg;
}

static bool plain_move(const mir_instr *ins) {
  switch (ins->opcode) {
  case ISA_S_MOV_B32:
  case ISA_S_MOV_B64:
  case ISA_V_MOV_B32:
    return ins->num_ops == 1 && ins->num_defs == 1 && !(ins->ops[0].flags & (MIR_OPND_NEG | MIR_OPND_ABS)) &&
           !ins->clamp && !ins->omod;
  case MIR_P_COPY:
  case MIR_P_PARALLELCOPY:
    return true;
  default:
    return false;
  }
}

/* Does the vector v's operand k die there (a value that lives on cannot
 * share its register with the vector: the vector copies it)? */
bool ra_dies_in_vector(const mir_instr *v, unsigned k) {
  const mir_operand *o = &v->ops[k];
  if (o->flags & MIR_OPND_KILL) return true;
  for (unsigned j = k + 1; j < v->num_ops; j++) /* a value read twice: the kill flag is on one of its reads */
    if (v->ops[j].kind == MIR_OPND_TEMP && v->ops[j].temp.id == o->temp.id && (v->ops[j].flags & MIR_OPND_KILL))
      return true;
  return false;
}

/* A phi operand read by no p_create_vector takes the vector slot of the
 * loop header phi it flows into (c->vec/vec_off), repeated through chains
 * of phis. The
 * value entering a loop whose header phis are the operands of a vector
 * (an indexed private array: p_create_vector, p_gpr_idx_read/write,
 * p_split_vector back into the phis) is then placed in the vector's range
 * already before the loop, so the phis, the vector and the split share
 * registers; placed anywhere else, the phis follow the entry values and
 * every iteration copies the whole array into the vector and back
 * (f_gpr_index loop_acc at gfx1100: 16 moves per iteration). Loop headers
 * only: the first operand placed fixes the vector's range, which for a
 * vector after a join (nbody_direct's store of the loop's results) is
 * better chosen where the vector is built (prefer_vector_base). */
/* Is block bi a loop header: a linear predecessor that comes later in the
 * (reverse post-)order? */
static bool loop_header(const mir_program *p, uint32_t bi) {
  for (uint32_t k = 0; k < p->blocks[bi].linear_preds.n; k++)
    if (p->blocks[bi].linear_preds.v[k] >= bi) return true;
  return false;
}

static void inherit_vector_slots(ra_ctx *c) {
  const mir_program *p = c->p;
  /* How many loop-header phis read each value: one that enters several (the
   * zeros a loop's array starts with) can sit in one slot only, and
   * placing it there would fix the vector's range before the phis choose
   * (f_private_array_registers f8: the range then overlapped a value
   * placed meanwhile and the loop copied the array twice). */
  uint8_t *uses = arena_alloc(p->mem, c->live_temps ? c->live_temps : 1);
  memset(uses, 0, c->live_temps ? c->live_temps : 1);
  for (uint32_t bi = 0; bi < p->num_blocks; bi++)
    for (uint32_t i = 0; loop_header(p, bi) && i < p->blocks[bi].num_instrs && mir_is_phi(p->blocks[bi].instrs[i]); i++)
      for (unsigned k = 0; k < p->blocks[bi].instrs[i]->num_ops; k++) {
        const mir_operand *o = &p->blocks[bi].instrs[i]->ops[k];
        if (o->kind == MIR_OPND_TEMP && o->temp.id < c->live_temps && uses[o->temp.id] < 2) uses[o->temp.id]++;
      }
  for (bool changed = true; changed;) {
    changed = false;
    for (uint32_t bi = 0; bi < p->num_blocks; bi++) {
      const mir_block *b = &p->blocks[bi];
      if (!loop_header(p, bi)) continue;
      for (uint32_t i = 0; i < b->num_instrs && mir_is_phi(b->instrs[i]); i++) {
        const mir_instr *phi = b->instrs[i];
        const mir_operand *d = &phi->defs[0];
        if (phi->num_defs != 1 || d->kind != MIR_OPND_TEMP || d->temp.id >= c->live_temps || !c->vec[d->temp.id])
          continue;
        /* only a phi that dies in the vector (one that lives on is copied into it anyway) */
        const mir_instr *v = c->vec[d->temp.id];
        bool dies = false;
        for (unsigned k = 0; k < v->num_ops; k++)
          dies |= v->ops[k].kind == MIR_OPND_TEMP && v->ops[k].temp.id == d->temp.id && ra_dies_in_vector(v, k);
        if (!dies) continue;
        for (unsigned k = 0; k < phi->num_ops; k++) {
          const mir_operand *o = &phi->ops[k];
          if (o->kind != MIR_OPND_TEMP || o->temp.rc != d->temp.rc || o->temp.id >= c->live_temps || c->vec[o->temp.id] ||
              uses[o->temp.id] > 1)
            continue;
          c->vec[o->temp.id] = c->vec[d->temp.id];
          c->vec_off[o->temp.id] = c->vec_off[d->temp.id];
          changed = true;
        }
      }
    }
  }
}

/* Do the other reads of t before its last one (instruction i of b) agree
 * with t taking the slot of i's result: none of them defines a value
 * with a slot in another vector (t there would sit where that vector
 * wants to be: first_match at gfx1030, a sign half read by the addresses
 * of two stores, took the second's slot and pushed the first a pair
 * up)? */
static bool reads_agree(const ra_ctx *c, const mir_block *b, uint32_t i, uint32_t t) {
  const mir_instr *want = c->vec[b->instrs[i]->defs[0].temp.id];
  for (uint32_t j = i; j-- > 0;) {
    const mir_instr *x = b->instrs[j];
    for (unsigned k = 0; k < x->num_defs; k++)
      if (x->defs[k].kind == MIR_OPND_TEMP && x->defs[k].temp.id == t) return true;
    bool reads = false;
    for (unsigned k = 0; k < x->num_ops; k++) reads |= x->ops[k].kind == MIR_OPND_TEMP && x->ops[k].temp.id == t;
    if (!reads) continue;
    for (unsigned k = 0; k < x->num_defs; k++) {
      const mir_operand *d = &x->defs[k];
      if (d->kind == MIR_OPND_TEMP && d->temp.id < c->live_temps && c->vec[d->temp.id] && c->vec[d->temp.id] != want)
        return false;
    }
  }
  return true;
}

/* A VALU instruction's 1-dword VGPR result with a vector slot lends the
 * slot to the value it consumes: the first 1-dword VGPR operand that dies
 * there (not late-kill) and is defined in the same block with no vector
 * of its own. Placed in the slot, that value leaves its register to the
 * result, so the halves of a 64-bit address (v_lshlrev_b32 and
 * v_ashrrev_i32 of an index, then v_add_co_u32 / v_add_co_ci_u32 of the
 * base) are computed in the pair the address is read from instead of
 * two registers below it (gemv_t at gfx1030: v1 and v4, then the sum in
 * v[5:6]). Blocks backwards, so chains of such instructions follow. */
static void lend_vector_slots(ra_ctx *c) {
  const mir_program *p = c->p;
  uint32_t n = c->live_temps;
  uint32_t *def_blk = arena_alloc(p->mem, (n ? n : 1) * sizeof *def_blk);
  for (uint32_t t = 0; t < n; t++) def_blk[t] = UINT32_MAX;
  for (uint32_t bi = 0; bi < p->num_blocks; bi++)
    for (uint32_t i = 0; i < p->blocks[bi].num_instrs; i++) {
      const mir_instr *ins = p->blocks[bi].instrs[i];
      for (unsigned k = 0; k < ins->num_defs; k++)
        if (ins->defs[k].kind == MIR_OPND_TEMP && ins->defs[k].temp.id < n) def_blk[ins->defs[k].temp.id] = bi;
    }
  for (uint32_t bi = 0; bi < p->num_blocks; bi++) {
    const mir_block *b = &p->blocks[bi];
    for (uint32_t i = b->num_instrs; i-- > 0;) {
      const mir_instr *ins = b->instrs[i];
      if (ins->opcode >= ISA_NUM_OPS || !isa_fmt_valu(isa_table[ins->opcode].format) || ins->num_defs < 1) continue;
      const mir_operand *d = &ins->defs[0];
      if (d->kind != MIR_OPND_TEMP || d->temp.id >= n || d->temp.rc != mir_rc_v(1) || !c->vec[d->temp.id] ||
          d->preg != MIR_PREG_NONE)
        continue;
      for (unsigned k = 0; k < ins->num_ops; k++) {
        const mir_operand *o = &ins->ops[k];
        if (o->kind != MIR_OPND_TEMP || o->temp.rc != mir_rc_v(1) || o->temp.id >= n || mir_opnd_lo64(o) ||
            (o->flags & (MIR_OPND_LATE_KILL | MIR_OPND_FIXED_REG)) || o->preg != MIR_PREG_NONE)
          continue;
        if (!(o->flags & MIR_OPND_KILL)) continue;
        if (!c->vec[o->temp.id] && def_blk[o->temp.id] == bi && reads_agree(c, b, i, o->temp.id)) {
          c->vec[o->temp.id] = c->vec[d->temp.id];
          c->vec_off[o->temp.id] = c->vec_off[d->temp.id];
        }
        break;
      }
    }
  }
}

void ra_compute_affinities(ra_ctx *c) {
  const mir_program *p = c->p;
  uint32_t n = c->live_temps;
  c->parent = arena_alloc(p->mem, n * sizeof *c->parent);
  c->set_reg = arena_alloc(p->mem, n * sizeof *c->set_reg);
  c->vec = arena_alloc(p->mem, n * sizeof *c->vec);
  c->vec_off = arena_alloc(p->mem, n * sizeof *c->vec_off);
  for (uint32_t t = 0; t < n; t++) {
    c->parent[t] = t;
    c->set_reg[t] = MIR_PREG_NONE;
    c->vec[t] = NULL;
  }
  if (p->no_coalesce) return;
  uint8_t *dies = arena_alloc(p->mem, n ? n : 1);
  memset(dies, 0, n ? n : 1);
  for (uint32_t bi = 0; bi < p->num_blocks; bi++) {
    const mir_block *b = &p->blocks[bi];
    for (uint32_t i = 0; i < b->num_instrs; i++) {
      const mir_instr *ins = b->instrs[i];
      if (mir_is_phi(ins) && ins->num_defs == 1) {
        for (unsigned k = 0; k < ins->num_ops; k++) join(c, &ins->defs[0], &ins->ops[k]);
      } else if (plain_move(ins)) {
        for (unsigned k = 0; k < ins->num_defs && k < ins->num_ops; k++) join(c, &ins->defs[k], &ins->ops[k]);
      } else if (ins->opcode == MIR_P_CREATE_VECTOR && ins->num_defs == 1 && ins->defs[0].kind == MIR_OPND_TEMP) {
        unsigned off = 0;
        for (unsigned k = 0; k < ins->num_ops; k++) {
          const mir_operand *o = &ins->ops[k];
          unsigned sz = o->kind == MIR_OPND_TEMP || o->kind == MIR_OPND_UNDEF ? mir_rc_size(o->temp.rc) : o->size ? o->size : 1;
          /* the first vector it is read by, or the one it dies in (where
           * it can sit in its slot; elsewhere the vector copies it) */
          if (o->kind == MIR_OPND_TEMP && mir_rc_is_vgpr(o->temp.rc) == mir_rc_is_vgpr(ins->defs[0].temp.rc) &&
              (!c->vec[o->temp.id] || (!dies[o->temp.id] && ra_dies_in_vector(ins, k)))) {
            c->vec[o->temp.id] = ins;
            c->vec_off[o->temp.id] = (uint8_t)off;
            dies[o->temp.id] = ra_dies_in_vector(ins, k);
          }
          off += sz;
        }
      }
    }
  }
  inherit_vector_slots(c);
  lend_vector_slots(c);
  for (uint32_t bi = 0; bi < p->num_blocks; bi++) {
    const mir_block *b = &p->blocks[bi];
    for (uint32_t i = 0; i < b->num_instrs; i++) {
      const mir_instr *ins = b->instrs[i];
      for (unsigned k = 0; k < (unsigned)ins->num_ops + ins->num_defs; k++) constrain_set(c, &ins->ops[k]);
    }
  }
}

/* A p_create_vector's result prefers the range its dying operands already
 * sit in, slot for slot (the base most of them imply): operands that
 * landed in consecutive registers, e.g. results computed in place of the
 * values they replace, then need no copy even when their vector_slot
 * range (regalloc_choose.c) was not free when the first of them was
 * placed. */
static void prefer_vector_base(ra_ctx *c, const mir_instr *ins) {
  const mir_operand *d = &ins->defs[0];
  if (ins->num_defs != 1 || d->kind != MIR_OPND_TEMP || c->pref[d->temp.id] != MIR_PREG_NONE) return;
  mir_preg file = mir_rc_is_vgpr(d->temp.rc) ? 256 : 0, cand[16];
  unsigned nc = 0, best = 0;
  mir_preg base = MIR_PREG_NONE;
  unsigned off = 0;
  for (unsigned k = 0; k < ins->num_ops; k++) {
    const mir_operand *o = &ins->ops[k];
    unsigned sz = o->kind == MIR_OPND_TEMP || o->kind == MIR_OPND_UNDEF ? mir_rc_size(o->temp.rc) : o->size ? o->size : 1;
    if (o->kind == MIR_OPND_TEMP && (o->flags & MIR_OPND_KILL) && nc < 16 &&
        mir_rc_is_vgpr(o->temp.rc) == mir_rc_is_vgpr(d->temp.rc)) {
      mir_preg r = c->reg[o->temp.id];
      if (r != MIR_PREG_NONE && !mir_preg_is_special(r) && r != MIR_PREG_SCC && r >= file + off &&
          (r - off - file) % ra_rc_align(c, d->temp.rc) == 0)
        cand[nc++] = (mir_preg)(r - off);
    }
    off += sz;
  }
  for (unsigned i = 0; i < nc; i++) {
    unsigned n = 0;
    for (unsigned j = 0; j < nc; j++) n += cand[j] == cand[i];
    if (n > best) best = n, base = cand[i];
  }
  if (best >= 2 || (best == 1 && nc == 1)) c->pref[d->temp.id] = base;
}

/* Sets preferences that make copies no-ops: copy-like instructions prefer
 * the source register for the destination (and vice versa when the source
 * is not assigned yet is not needed: sources are always defined first). */
void ra_prefer_from_operands(ra_ctx *c, const mir_instr *ins) {
  switch (ins->opcode) {
  case ISA_S_MOV_B32:
  case ISA_S_MOV_B64:
  case ISA_V_MOV_B32:
  case MIR_P_PARALLELCOPY:
  case MIR_P_COPY:
    for (unsigned k = 0; k < ins->num_defs && k < ins->num_ops; k++) {
      const mir_operand *d = &ins->defs[k], *o = &ins->ops[k];
      if (d->kind != MIR_OPND_TEMP || o->kind != MIR_OPND_TEMP || !(o->flags & MIR_OPND_KILL)) continue;
      if (mir_rc_is_vgpr(d->temp.rc) != mir_rc_is_vgpr(o->temp.rc)) continue;
      if (c->pref[d->temp.id] == MIR_PREG_NONE) c->pref[d->temp.id] = c->reg[o->temp.id];
    }
    break;
  case MIR_P_CREATE_VECTOR:
    prefer_vector_base(c, ins);
    break;
  case ISA_V_FMA_F32: { /* VOPD targets: d = a * b + c in c's register becomes v_fmac_f32 (passes/vopd.c) */
    const mir_operand *d = &ins->defs[0], *o = &ins->ops[2];
    if (!c->p->target->vopd || ins->num_ops != 3 || d->kind != MIR_OPND_TEMP || o->kind != MIR_OPND_TEMP ||
        !(o->flags & MIR_OPND_KILL) || !mir_rc_is_vgpr(o->temp.rc) || mir_rc_size(o->temp.rc) != 1)
      break;
    if (c->pref[d->temp.id] == MIR_PREG_NONE) c->pref[d->temp.id] = c->reg[o->temp.id];
    break;
  }
  case MIR_P_SPLIT_VECTOR: {
    const mir_operand *o = &ins->ops[0];
    if (o->kind != MIR_OPND_TEMP || !(o->flags & MIR_OPND_KILL)) break;
    mir_preg r = c->reg[o->temp.id];
    if (r == MIR_PREG_NONE || mir_preg_is_special(r)) break;
    for (unsigned k = 0; k < ins->num_defs; k++) {
      const mir_operand *d = &ins->defs[k];
      if (d->kind == MIR_OPND_TEMP && c->pref[d->temp.id] == MIR_PREG_NONE) c->pref[d->temp.id] = r;
      r = (mir_preg)(r + (d->kind == MIR_OPND_TEMP ? mir_rc_size(d->temp.rc) : 1));
    }
    break;
  }
  case MIR_P_EXTRACT: {
    const mir_operand *o = &ins->ops[0], *d = &ins->defs[0];
    if (o->kind != MIR_OPND_TEMP || d->kind != MIR_OPND_TEMP || ins->ops[1].kind != MIR_OPND_CONST) break;
    mir_preg r = c->reg[o->temp.id];
    if (r == MIR_PREG_NONE || mir_preg_is_special(r) || !(o->flags & MIR_OPND_KILL)) break;
    if (c->pref[d->temp.id] == MIR_PREG_NONE) c->pref[d->temp.id] = (mir_preg)(r + ins->ops[1].imm);
    break;
  }
  default:
    /* an MFMA accumulates in place: D takes the registers of a C that dies
     * here (the wide shapes allow no partial overlap, isel_mfma.c; the
     * back-to-back accumulation needs no wait states) */
    if (ins->opcode < ISA_NUM_OPS && (isa_table[ins->opcode].flags & ISA_F_MFMA) && ins->num_defs == 1 &&
        ins->num_ops >= 3 && ins->ops[2].kind == MIR_OPND_TEMP && (ins->ops[2].flags & MIR_OPND_KILL) &&
        !(ins->ops[2].flags & MIR_OPND_LATE_KILL) && ins->ops[2].temp.rc == ins->defs[0].temp.rc) {
      c->pref[ins->defs[0].temp.id] = c->reg[ins->ops[2].temp.id];
      break;
    }
    /* MUBUF atomics that return the old value write it over their data
     * operand (vdata is both): isel hands them a data copy used nowhere
     * else, so the operand dies here and the definition takes its register
     * (the emitter checks that it did) */
    {
      int t = mir_tied_operand(ins); /* and v_writelane_b32's kept value */
      if (t >= 0 && ins->ops[t].kind == MIR_OPND_TEMP && (ins->ops[t].flags & MIR_OPND_KILL))
        c->pref[ins->defs[0].temp.id] = c->reg[ins->ops[t].temp.id];
    }
    break;
  }
}
