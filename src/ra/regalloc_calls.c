/* Which values the SSA register allocator (regalloc.c) must keep out of
 * the registers a call clobbers or takes as fixed operands. */
#include <string.h>

#include "ra/ra.h"
#include "ra/regalloc_internal.h"
#include "util/bitset.h"

/* The VGPRs above the first n that call `ins` takes temporary t in as
 * fixed operands (an argument the callee does not clobber: t may live
 * across the call there, where the call reads it). */
static uint64_t own_fixed(const mir_instr *ins, uint32_t t, unsigned n) {
  uint64_t own = 0;
  for (unsigned k = 0; k < ins->num_ops; k++) {
    mir_preg r = ins->ops[k].preg;
    if (ins->ops[k].kind != MIR_OPND_TEMP || ins->ops[k].temp.id != t || r == MIR_PREG_NONE || r < 256 || r >= UNITS)
      continue;
    for (unsigned u = 0; u < mir_rc_size(ins->ops[k].temp.rc); u++)
      if (r - 256u + u >= n && r - 256u + u < 64) own |= 1ull << (r - 256u + u);
  }
  return own;
}

/* For each temporary, the VGPRs v0.. clobbered by the calls it lives across
 * (p_call's VGPR definitions: its results and the callee's other clobbers,
 * src/isel/isel_calls.c), and for an SGPR temporary whether it lives across
 * one (the callee clobbers the SGPR region) or is a call's target (kept
 * out of the registers the call's fixed operands take, which would have
 * to move it); into avoid[t], the VGPRs above those clobbers that such a
 * call takes as fixed operands for other values (arguments the callee
 * leaves alone, isel_calls.c; t itself may stay where it is passed; v31 holds the work-item ids of a callee
 * that leaves it alone: a value living across the call there stopped
 * wavecc with "fixed register ... occupied", piglit calls-workitem-id):
 * a backward walk over each block from its live-out set. */
uint8_t *ra_call_crossings(const mir_program *p, arena *mem, uint64_t *avoid) {
  const mir_live_info *li = p->live;
  uint8_t *cross = arena_alloc(mem, p->num_temps ? p->num_temps : 1);
  uint64_t *live = arena_alloc(mem, li->words * sizeof *live);
  for (uint32_t bi = 0; bi < p->num_blocks; bi++) {
    const mir_block *b = &p->blocks[bi];
    bitset_copy(live, li->live_out[bi], li->words);
    for (uint32_t i = b->num_instrs; i-- > 0;) {
      const mir_instr *ins = b->instrs[i];
      for (unsigned k = 0; k < ins->num_defs; k++)
        if (ins->defs[k].kind == MIR_OPND_TEMP) bitset_clear(live, ins->defs[k].temp.id);
      if (ins->opcode == MIR_P_CALL) {
        unsigned n = 0;
        for (unsigned k = 0; k < ins->num_defs; k++)
          if (ins->defs[k].kind == MIR_OPND_TEMP && mir_rc_is_vgpr(ins->defs[k].temp.rc)) n++;
        /* and the VGPRs above those its fixed operands take (v31, the
         * work-item ids, when the callee leaves it alone): a value living
         * across the call there would have to make way for the operand's
         * copy (fix_operands) */
        uint64_t fixed = 0;
        for (unsigned k = 0; k < ins->num_ops; k++) {
          mir_preg r = ins->ops[k].preg;
          if (ins->ops[k].kind != MIR_OPND_TEMP || r == MIR_PREG_NONE || r < 256 || r >= UNITS) continue;
          for (unsigned u = 0; u < mir_rc_size(ins->ops[k].temp.rc); u++)
            if (r - 256u + u >= n && r - 256u + u < 64) fixed |= 1ull << (r - 256u + u);
        }
        for (uint32_t t = bitset_next(live, li->words, 0); t != UINT32_MAX; t = bitset_next(live, li->words, t + 1)) {
          unsigned m = mir_rc_is_vgpr(p->temp_rc[t]) ? n : SGPR_CROSSES;
          if (cross[t] < m) cross[t] = (uint8_t)m;
          if (mir_rc_is_vgpr(p->temp_rc[t])) avoid[t] |= fixed & ~own_fixed(ins, t, n);
        }
        /* the target: above the SGPRs of the call's fixed operands (the
         * implicit inputs s4..s14; inreg arguments up to s29) */
        bool inreg = false;
        for (unsigned k = 1; k < ins->num_ops; k++)
          inreg |= ins->ops[k].kind == MIR_OPND_TEMP && ins->ops[k].preg >= 16 && ins->ops[k].preg < MIR_MAX_SGPRS;
        uint8_t *ct = ins->ops[0].kind == MIR_OPND_TEMP ? &cross[ins->ops[0].temp.id] : NULL;
        if (ct && *ct < (inreg ? SGPR_CROSSES : SGPR_TARGET)) *ct = inreg ? SGPR_CROSSES : SGPR_TARGET;
      }
      if (mir_is_phi(ins)) continue;
      for (unsigned k = 0; k < ins->num_ops; k++)
        if (ins->ops[k].kind == MIR_OPND_TEMP) bitset_set(live, ins->ops[k].temp.id);
    }
  }
  /* an SGPR tuple whose parts live across a call goes there too (a merged
   * s_load's result: else every part is copied out of the region) */
  for (bool changed = true; changed;) {
    changed = false;
    for (uint32_t bi = 0; bi < p->num_blocks; bi++)
      for (uint32_t i = 0; i < p->blocks[bi].num_instrs; i++) {
        const mir_instr *ins = p->blocks[bi].instrs[i];
        if (ins->opcode != MIR_P_SPLIT_VECTOR && ins->opcode != MIR_P_EXTRACT) continue;
        const mir_operand *src = &ins->ops[0];
        if (src->kind != MIR_OPND_TEMP || mir_rc_is_vgpr(src->temp.rc) || cross[src->temp.id] == SGPR_CROSSES) continue;
        for (unsigned k = 0; k < ins->num_defs; k++)
          if (ins->defs[k].kind == MIR_OPND_TEMP && cross[ins->defs[k].temp.id] == SGPR_CROSSES) {
            cross[src->temp.id] = SGPR_CROSSES;
            changed = true;
            break;
          }
      }
  }
  return cross;
}
