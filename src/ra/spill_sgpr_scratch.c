/* SGPR spills to scratch through a whole-wave-saved temporary VGPR (seed
 * D96336), the spiller's side: when they are needed (a VGPR of lanes would
 * not fit), the room SCC needs, and the slots' places. The sequences
 * themselves are in spill_lower.c. */
#include <string.h>

#include "ra/ra.h"
#include "ra/spill_internal.h"
#include "util/bitset.h"

/* SGPR slots in scratch mode (seed D96336; lowered in spill_lower.c): each
 * slot takes one per-lane dword of its own (its n SGPR dwords are lanes
 * 0..n-1 of the temporary VGPR, stored whole: slots cannot share a dword's
 * lanes), above the save slot of the temporary at offset 0; the VGPR slots
 * follow (c->vbase). Slots never live at once share, by the linear CFG
 * (sizes of wave_size lanes make mir_color_spill_slots hand out whole dwords).
 * The pseudos get the scratch form {value, offset, V#, wave offset}. */
int spill_place_sgpr_scratch(spill_ctx *c) {
  mir_program *p = c->p;
  const unsigned w = p->target->wave_size;
  for (uint32_t s = 0; s < c->nvslots; s++) c->vslot_size[s] = w;
  uint32_t extent = 0;
  uint32_t *pos = mir_color_spill_slots(p, false, c->vslot_size, c->nvslots, p->mem, &extent);
  c->vbase = 4u * (extent / w + 1);
  /* (not addressed from window SGPRs as VGPR slots are, spill_place.c:
   * it would take 1000 SGPR slots live at once) */
  const uint32_t reach = wavecc_scratch_offset_max(p->target) + 1u;
  if (c->vbase + (wavecc_scratch_flat(p->target) ? c->scratch_base : 0) > reach) {
    diag_error(c->d, p->name, "unsupported: %u bytes of SGPR spill slots per lane (scratch offsets reach %u)", c->vbase,
               reach);
    return -1;
  }
  for (uint32_t bi = 0; bi < p->num_blocks; bi++)
    for (uint32_t i = 0; i < p->blocks[bi].num_instrs; i++) {
      mir_instr *ins = p->blocks[bi].instrs[i];
      if (ins->opcode != MIR_P_SPILL && ins->opcode != MIR_P_RELOAD) continue;
      bool spill = ins->opcode == MIR_P_SPILL;
      const mir_operand *val = spill ? &ins->ops[0] : &ins->defs[0];
      const mir_operand *rest = spill ? &ins->ops[1] : &ins->ops[0];
      if (mir_rc_is_vgpr(val->temp.rc) || rest[1].kind != MIR_OPND_UNDEF) continue;
      unsigned j = 0;
      mir_instr *n = mir_instr_create(p, ins->opcode, spill ? 4 : 3, ins->num_defs);
      memcpy(n->defs, ins->defs, ins->num_defs * sizeof *n->defs);
      if (spill) n->ops[j++] = ins->ops[0];
      n->ops[j++] = mir_op_const(4u + 4u * (pos[rest[0].imm] / w));
      n->ops[j++] = spill_rsrc_operand(c);
      n->ops[j++] = spill_base_operand(c);
      /* A reload writes its SGPRs before the last access through the V#
       * and offset (the temporary's restore): they must not share. */
      if (!spill) {
        n->ops[j - 1].flags |= MIR_OPND_LATE_KILL;
        n->ops[j - 2].flags |= MIR_OPND_LATE_KILL;
      }
      p->blocks[bi].instrs[i] = n;
    }
  uint32_t end = c->scratch_base + c->vbase;
  if (end > p->abi.private_segment_size) p->abi.private_segment_size = (end + 15) & ~15u;
  for (uint32_t t = 0; t < c->cap; t++) c->slot[t] = UINT32_MAX;
  c->nvslots = 0;
  return 0;
}


/* Is ins an SGPR spill or reload with SCC live across it (live: the
 * temporaries live after it)? Its scratch sequence then needs one free
 * SGPR to keep SCC in when no SGPR pair is free (spill_lower.c). */
bool spill_scc_across(const spill_ctx *c, const mir_instr *ins, const uint64_t *live) {
  if (ins->opcode != MIR_P_SPILL && ins->opcode != MIR_P_RELOAD) return false;
  const mir_operand *val = ins->opcode == MIR_P_SPILL ? &ins->ops[0] : &ins->defs[0];
  if (mir_rc_is_vgpr(val->temp.rc)) return false;
  uint32_t words = c->p->live->words;
  for (uint32_t t = bitset_next(live, words, 0); t != UINT32_MAX; t = bitset_next(live, words, t + 1))
    if (t < c->cap && c->is_scc[t]) return true;
  return false;
}

static bool is_sgpr_pseudo(const mir_instr *ins) {
  if (ins->opcode != MIR_P_SPILL && ins->opcode != MIR_P_RELOAD) return false;
  return !mir_rc_is_vgpr((ins->opcode == MIR_P_SPILL ? &ins->ops[0] : &ins->defs[0])->temp.rc);
}

/* Would `lanes` linear VGPRs of SGPR spill lanes leave too few VGPRs for
 * some instruction's own operands and results (the VGPR spiller could not
 * relieve that point)? What the VGPR spiller cannot take away at a point
 * is its demand less the values live across it that it does not name. The
 * lanes live from the entry (p_start_linear_vgpr) to the last SGPR spill
 * or reload in linear order, and through every loop (linear back edge,
 * blocks in layout order) that holds one. Needs current liveness. */
bool spill_lanes_conflict(spill_ctx *c, unsigned lanes, unsigned bv) {
  mir_program *p = c->p;
  uint32_t lb = UINT32_MAX, li = 0;
  uint8_t *has = arena_alloc(p->mem, p->num_blocks), *live = arena_alloc(p->mem, p->num_blocks);
  for (uint32_t bi = 0; bi < p->num_blocks; bi++)
    for (uint32_t i = 0; i < p->blocks[bi].num_instrs; i++)
      if (is_sgpr_pseudo(p->blocks[bi].instrs[i])) {
        has[bi] = 1;
        lb = bi;
        li = i;
      }
  if (lb == UINT32_MAX) return false;
  for (uint32_t bi = 0; bi < lb; bi++) live[bi] = 1;
  for (uint32_t bi = 0; bi < p->num_blocks; bi++)
    for (uint32_t k = 0; k < p->blocks[bi].linear_succs.n; k++) {
      uint32_t h = p->blocks[bi].linear_succs.v[k];
      if (h > bi) continue;
      bool any = false;
      for (uint32_t x = h; x <= bi; x++) any |= has[x];
      for (uint32_t x = h; any && x <= bi; x++) live[x] = 1;
    }
  const mir_live_info *L = p->live;
  uint64_t *set = arena_alloc(p->mem, L->words * sizeof *set);
  bool was = c->vgpr, bad = false;
  c->vgpr = true;
  for (uint32_t bi = 0; bi < p->num_blocks && !bad; bi++) {
    if (!live[bi] && bi != lb) continue;
    const mir_block *b = &p->blocks[bi];
    bitset_copy(set, L->live_out[bi], L->words);
    for (uint32_t i = b->num_instrs; i-- > 0 && !bad;) {
      const mir_instr *ins = b->instrs[i];
      if (live[bi] || i <= li) {
        unsigned thru = 0;
        for (uint32_t t = bitset_next(set, L->words, 0); t != UINT32_MAX; t = bitset_next(set, L->words, t + 1))
          if (in_file(c, t) && c->kind[t] != TK_PINNED && !spill_names(ins, t)) thru += tsize(c, t);
        unsigned dem = L->demand[bi][i].vgpr;
        bad = (dem > thru ? dem - thru : 0) + lanes > bv;
      }
      for (unsigned k = 0; k < ins->num_defs; k++)
        if (ins->defs[k].kind == MIR_OPND_TEMP) bitset_clear(set, ins->defs[k].temp.id);
      if (mir_is_phi(ins)) continue;
      for (unsigned k = 0; k < ins->num_ops; k++)
        if (ins->ops[k].kind == MIR_OPND_TEMP) bitset_set(set, ins->ops[k].temp.id);
    }
  }
  c->vgpr = was;
  return bad;
}

