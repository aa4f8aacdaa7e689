/* Which values the spiller rematerialises (spill.c scan_defs): instead of
 * a store after the definition and a reload before each use, a chosen
 * TK_REMAT value has its definition dropped and a copy of it emitted
 * before each use (spill_apply.c bring_back).
 *
 *   - a move of a constant (s_mov_b32/b64, v_mov_b32): always;
 *   - a plain ALU operation of registers (uniform address arithmetic such
 *     as s_lshl_b32 / s_add of a kernel argument, a VGPR index shifted or
 *     offset, a conversion): when each register operand is live at every
 *     use of the value anyway (read there or live after it; for a phi
 *     operand, live out of the predecessor), so the copy lengthens no
 *     live range and costs one ALU instruction where a reload costs a
 *     scratch load (VGPRs) or a v_readlane (SGPRs). An operation that
 *     writes SCC, VCC, EXEC or M0, touches memory, or reads lanes
 *     regardless of EXEC is never copied.
 * The operand condition is checked every round on the current liveness: a
 * value whose operand was spilled since is stored and reloaded again.
 */
#include <string.h>

#include "passes/passes.h"
#include "ra/ra.h"
#include "ra/spill_internal.h"
#include "util/bitset.h"

bool spill_is_remat(const mir_instr *ins) {
  if (!ins || ins->num_defs != 1 || ins->num_ops != 1 || ins->ops[0].kind != MIR_OPND_CONST) return false;
  if (ins->defs[0].preg != MIR_PREG_NONE || (ins->ops[0].flags & (MIR_OPND_NEG | MIR_OPND_ABS))) return false;
  return ins->opcode == ISA_S_MOV_B32 || ins->opcode == ISA_S_MOV_B64 || ins->opcode == ISA_V_MOV_B32;
}

/* A plain ALU operation of registers and constants, one result, that a
 * copy computes the same way anywhere its operands hold their values. */
static bool plain_alu(const spill_ctx *c, const mir_instr *ins) {
  if (ins->opcode >= ISA_NUM_OPS || ins->num_defs != 1) return false;
  const isa_info *ii = &isa_table[ins->opcode];
  bool valu = ii->format == ISA_FMT_VOP1 || ii->format == ISA_FMT_VOP2 || ii->format == ISA_FMT_VOP3 || ii->format == ISA_FMT_VOP3P;
  bool salu = ii->format == ISA_FMT_SOP1 || ii->format == ISA_FMT_SOP2 || ii->format == ISA_FMT_SOPK;
  if (!valu && !salu) return false;
  uint32_t bad = ISA_F_WRITES_SCC | ISA_F_READS_SCC | ISA_F_WRITES_EXEC | ISA_F_READS_EXEC_ALWAYS | ISA_F_WRITES_VCC |
                 ISA_F_READS_VCC | ISA_F_IGNORES_EXEC | ISA_F_VMCNT | ISA_F_LGKMCNT | ISA_F_EXPCNT | ISA_F_LOAD | ISA_F_STORE |
                 ISA_F_ATOMIC | ISA_F_BRANCH | ISA_F_BARRIER | ISA_F_TERMINATOR | ISA_F_WRITES_M0 | ISA_F_READS_M0;
  if (ii->flags & bad) return false;
  if (ins->opcode == ISA_S_SETREG_B32 || ins->opcode == ISA_S_SETREG_IMM32_B32 || ins->opcode == ISA_S_GETREG_B32) return false;
  const mir_operand *d = &ins->defs[0];
  if (d->kind != MIR_OPND_TEMP || d->preg != MIR_PREG_NONE || (d->temp.rc & MIR_RC_LINEAR) || mir_rc_is_vgpr(d->temp.rc) != valu)
    return false;
  if (c->kind[d->temp.id] != TK_NORMAL) return false;
  unsigned regs = 0;
  for (unsigned k = 0; k < ins->num_ops; k++) {
    const mir_operand *o = &ins->ops[k];
    if (o->kind == MIR_OPND_CONST) continue;
    if (o->kind != MIR_OPND_TEMP || o->preg != MIR_PREG_NONE || c->is_scc[o->temp.id]) return false;
    regs++;
  }
  return regs > 0;
}

/* Are the register operands of t's definition all in `live` (or read by
 * `at`, when given)? */
static bool operands_live(const spill_ctx *c, uint32_t t, const uint64_t *live, const mir_instr *at) {
  const mir_instr *def = c->def[t];
  for (unsigned k = 0; k < def->num_ops; k++) {
    const mir_operand *o = &def->ops[k];
    if (o->kind != MIR_OPND_TEMP) continue;
    if (!bitset_test(live, o->temp.id) && !(at && spill_names(at, o->temp.id))) return false;
  }
  return true;
}

void spill_remat_from_live(spill_ctx *c) {
  mir_program *p = c->p;
  const mir_live_info *li = p->live;
  uint32_t words = li->words;
  uint8_t *cand = arena_alloc(p->mem, c->cap);
  memset(cand, 0, c->cap);
  bool any = false;
  for (uint32_t t = 1; t < p->num_temps; t++)
    if (c->def[t] && in_file(c, t) && plain_alu(c, c->def[t])) {
      cand[t] = 1;
      any = true;
    }
  if (!any) return;
  /* Every use, with the values live after it (a backward walk per block). */
  uint64_t *live = arena_alloc(p->mem, words * sizeof *live);
  for (uint32_t bi = 0; bi < p->num_blocks; bi++) {
    const mir_block *b = &p->blocks[bi];
    /* phi operands on edges out of bi: the operands must be live out */
    for (int lin = 0; lin < 2; lin++) {
      const mir_idx_list *succs = lin ? &b->linear_succs : &b->logical_succs;
      for (uint32_t k = 0; k < succs->n; k++) {
        const mir_block *s = &p->blocks[succs->v[k]];
        uint32_t pi = mir_pred_index(lin ? &s->linear_preds : &s->logical_preds, bi);
        for (uint32_t i = 0; i < s->num_instrs && mir_is_phi(s->instrs[i]); i++) {
          const mir_instr *phi = s->instrs[i];
          if ((phi->opcode == MIR_P_LINEAR_PHI) != (lin == 1) || pi >= phi->num_ops) continue;
          const mir_operand *o = &phi->ops[pi];
          if (o->kind == MIR_OPND_TEMP && cand[o->temp.id] && !operands_live(c, o->temp.id, li->live_out[bi], NULL))
            cand[o->temp.id] = 0;
        }
      }
    }
    bitset_copy(live, li->live_out[bi], words);
    for (uint32_t i = b->num_instrs; i-- > 0;) {
      const mir_instr *ins = b->instrs[i];
      if (mir_is_phi(ins)) break;
      for (unsigned k = 0; k < ins->num_ops; k++) {
        const mir_operand *o = &ins->ops[k];
        if (o->kind == MIR_OPND_TEMP && cand[o->temp.id] && !operands_live(c, o->temp.id, live, ins)) cand[o->temp.id] = 0;
      }
      for (unsigned k = 0; k < ins->num_defs; k++)
        if (ins->defs[k].kind == MIR_OPND_TEMP) bitset_clear(live, ins->defs[k].temp.id);
      for (unsigned k = 0; k < ins->num_ops; k++)
        if (ins->ops[k].kind == MIR_OPND_TEMP) bitset_set(live, ins->ops[k].temp.id);
    }
  }
  for (uint32_t t = 1; t < p->num_temps; t++)
    if (cand[t]) c->kind[t] = TK_REMAT;
}
