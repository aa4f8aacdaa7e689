/* sched-ilp's classification of instructions (passes/sched_ilp.h): which
 * ones bound a region, which move, and which keep an order among
 * themselves (memory accesses, SCC and VCC users). */
#include "passes/sched_ilp.h"
#include "passes/ssa_rename.h"

bool sched_ilp_touches_scc(const mir_instr *x) {
  if (mir_reads_scc(x)) return true;
  if (x->opcode < ISA_NUM_OPS && (isa_table[x->opcode].flags & ISA_F_WRITES_SCC)) return true;
  for (unsigned k = 0; k < x->num_defs; k++)
    if (x->defs[k].kind == MIR_OPND_TEMP && x->defs[k].preg == MIR_PREG_SCC) return true;
  return false;
}

/* A lane mask or carry temporary of the instruction's own among v (an
 * SGPR temporary of 2 dwords or of the target's lane mask): the VOP3
 * form names it, so the opcode's VCC flag is not an implicit access
 * (sched-uses' rule). */
static bool names_mask(const mir_operand *v, unsigned n, unsigned lane) {
  for (unsigned k = 0; k < n; k++)
    if (v[k].kind == MIR_OPND_TEMP && v[k].preg == MIR_PREG_NONE && !mir_rc_is_vgpr(v[k].temp.rc) &&
        (mir_rc_size(v[k].temp.rc) == 2 || mir_rc_size(v[k].temp.rc) == lane))
      return true;
  return false;
}

bool sched_ilp_movable_operands(const mir_instr *x, unsigned lane, bool *vcc) {
  uint32_t f = x->opcode < ISA_NUM_OPS ? isa_table[x->opcode].flags : 0;
  *vcc = ((f & ISA_F_WRITES_VCC) && !names_mask(x->defs, x->num_defs, lane)) ||
         ((f & ISA_F_READS_VCC) && !names_mask(x->ops, x->num_ops, lane));
  for (unsigned k = 0; k < (unsigned)x->num_ops + x->num_defs; k++) {
    const mir_operand *o = k < x->num_ops ? &x->ops[k] : &x->defs[k - x->num_ops];
    if (o->kind == MIR_OPND_BLOCK) return false;
    if (o->kind != MIR_OPND_TEMP && o->kind != MIR_OPND_FIXED) continue;
    if (o->kind == MIR_OPND_TEMP && (o->flags & MIR_OPND_LATE_KILL)) return false;
    if (o->kind == MIR_OPND_TEMP && o->preg == MIR_PREG_NONE) {
      if (o->flags & MIR_OPND_FIXED_REG) return false;
      continue;
    }
    if (o->preg == MIR_PREG_VCC) *vcc = true;
    else if (o->preg != MIR_PREG_SCC) return false;
  }
  return true;
}

int sched_ilp_kind(const mir_program *p, const mir_instr *x) {
  if (x->fpmode) return SI_FIXED;
  if (x->opcode >= ISA_NUM_OPS) {
    if (!ssa_vector_pseudo(x->opcode)) return SI_FIXED;
  } else {
    const isa_info *ii = &isa_table[x->opcode];
    uint32_t f = ii->flags;
    if (f & (ISA_F_BARRIER | ISA_F_BRANCH | ISA_F_TERMINATOR | ISA_F_WRITES_EXEC | ISA_F_READS_EXEC_ALWAYS |
             ISA_F_WRITES_M0 | ISA_F_READS_M0 | ISA_F_MFMA | ISA_F_EXPCNT))
      return SI_FIXED;
    if (ii->format == ISA_FMT_SOPP) return SI_FIXED;
    switch (x->opcode) {
    case ISA_S_SETREG_B32: case ISA_S_SETREG_IMM32_B32: case ISA_S_GETREG_B32:
    /* the PC: a call's return address and PC-relative data addresses count the bytes after it */
    case ISA_S_GETPC_B64: case ISA_S_SETPC_B64: case ISA_S_SWAPPC_B64: return SI_FIXED;
    default: break;
    }
    bool mem = (f & (ISA_F_LOAD | ISA_F_STORE | ISA_F_ATOMIC | ISA_F_VMCNT | ISA_F_LGKMCNT)) != 0;
    /* a cache operation (no counter, no memory flag) orders the accesses around it like a fence */
    if (!mem && (ii->format == ISA_FMT_MUBUF || ii->format == ISA_FMT_SMEM || isa_fmt_vmem(ii->format) ||
                 ii->format == ISA_FMT_DS))
      return SI_FIXED;
    if (!mem && !isa_fmt_valu(ii->format) && ii->format != ISA_FMT_SOP1 && ii->format != ISA_FMT_SOP2 &&
        ii->format != ISA_FMT_SOPC && ii->format != ISA_FMT_SOPK)
      return SI_FIXED;
  }
  bool vcc;
  if (!sched_ilp_movable_operands(x, p->target->lane_mask_dwords, &vcc)) return SI_FIXED;
  if (x->opcode >= ISA_NUM_OPS) return SI_DATA;
  return (isa_table[x->opcode].flags & (ISA_F_LOAD | ISA_F_STORE | ISA_F_ATOMIC | ISA_F_VMCNT | ISA_F_LGKMCNT))
             ? SI_MEM
             : SI_ALU;
}
