/* M0 reuse (part of copy clean-up, after SSA elimination): a move into
 * M0 of the value M0 already holds is deleted.
 *
 * Every instruction that reads M0 (GDS and ds_append/consume, s_sendmsg,
 * ds_gws_*, LDS DMA) gets its own fixed M0 operand, which SSA elimination
 * turns into `s_mov_b32 m0, x` before each one; a run of GDS atomics on one
 * base wrote M0 (and on gfx9 the s_nop its hazard needs) every time, where
 * llc-19 writes it once. Within a block, M0 holds the constant or SGPR of
 * the last such move until M0 or that SGPR is written again. Anything the
 * scan cannot see through ends what it knows: a pseudo (expanded later:
 * calls, returns, indexed vector access that sets M0 on RDNA, inline
 * assembly), a branch or call (s_swappc_b64), an M0-relative move (its
 * SGPR destination is not an operand). */
#include "ra/ra.h"
#include "target/isa.h"

#include <stdbool.h>

typedef struct m0_val {
  bool known, is_const;
  mir_preg reg;
  uint32_t imm;
} m0_val;

static bool defines(const mir_instr *ins, mir_preg r) {
  for (unsigned k = 0; k < ins->num_defs; k++) {
    const mir_operand *d = &ins->defs[k];
    if ((d->kind != MIR_OPND_TEMP && d->kind != MIR_OPND_FIXED) || d->preg == MIR_PREG_NONE) continue;
    unsigned n = d->kind == MIR_OPND_TEMP ? mir_rc_size(d->temp.rc) : d->size ? d->size : 1;
    if (r >= d->preg && r < d->preg + n) return true;
  }
  return false;
}

/* `s_mov_b32 m0, x` with x a constant or an SGPR: its source in *v. */
static bool m0_move(const mir_instr *ins, m0_val *v) {
  if (ins->opcode != ISA_S_MOV_B32 || ins->num_defs != 1 || ins->num_ops != 1) return false;
  const mir_operand *d = &ins->defs[0], *o = &ins->ops[0];
  if ((d->kind != MIR_OPND_TEMP && d->kind != MIR_OPND_FIXED) || d->preg != MIR_PREG_M0) return false;
  if (o->kind == MIR_OPND_CONST && o->size <= 1 && !o->flags) {
    *v = (m0_val){true, true, MIR_PREG_NONE, o->imm};
    return true;
  }
  if ((o->kind == MIR_OPND_TEMP || o->kind == MIR_OPND_FIXED) && o->preg < MIR_MAX_SGPRS && !o->flags) {
    *v = (m0_val){true, false, o->preg, 0};
    return true;
  }
  return false;
}

unsigned mir_m0_reuse_block(mir_block *b) {
  m0_val cur = {false, false, MIR_PREG_NONE, 0};
  uint32_t w = 0, gone = 0;
  for (uint32_t i = 0; i < b->num_instrs; i++) {
    mir_instr *ins = b->instrs[i];
    m0_val v;
    if (m0_move(ins, &v)) {
      if (cur.known && cur.is_const == v.is_const && (v.is_const ? cur.imm == v.imm : cur.reg == v.reg)) {
        gone++;
        continue;
      }
      cur = v;
    } else if (ins->opcode >= ISA_NUM_OPS || (isa_table[ins->opcode].flags & ISA_F_BRANCH) ||
               (isa_sem_of(ins->opcode)->flags & ISA_S_MOVREL) || defines(ins, MIR_PREG_M0) ||
               (cur.known && !cur.is_const && defines(ins, cur.reg))) {
      cur.known = false;
    }
    b->instrs[w++] = ins;
  }
  b->num_instrs = w;
  return gone;
}
