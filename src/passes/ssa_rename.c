/* See ssa_rename.h. */
#include "passes/ssa_rename.h"

#include "target/isa.h"

void ssa_count(const mir_program *p, uint32_t n, mir_instr **def, uint8_t *ndefs, uint32_t *uses) {
  for (uint32_t b = 0; b < p->num_blocks; b++) {
    const mir_block *blk = &p->blocks[b];
    for (uint32_t i = 0; i < blk->num_instrs; i++) {
      mir_instr *ins = blk->instrs[i];
      for (unsigned k = 0; k < ins->num_defs; k++) {
        const mir_operand *o = &ins->defs[k];
        if (o->kind != MIR_OPND_TEMP || o->temp.id >= n) continue;
        def[o->temp.id] = ins;
        if (ndefs[o->temp.id] < 2) ndefs[o->temp.id]++;
      }
      for (unsigned k = 0; k < ins->num_ops; k++)
        if (ins->ops[k].kind == MIR_OPND_TEMP && ins->ops[k].temp.id < n) uses[ins->ops[k].temp.id]++;
    }
  }
}

bool ssa_pure(const mir_instr *ins) {
  if (ins->num_defs == 0) return false;
  if (ins->opcode < ISA_NUM_OPS) {
    if (isa_table[ins->opcode].flags & (SSA_EFFECTS | ISA_F_READS_M0 | ISA_F_READS_SCC)) return false;
  } else if (!ssa_vector_pseudo(ins->opcode)) {
    return false;
  }
  for (unsigned k = 0; k < ins->num_defs; k++)
    if (ins->defs[k].kind != MIR_OPND_TEMP || (ins->defs[k].flags & MIR_OPND_FIXED_REG)) return false;
  for (unsigned k = 0; k < ins->num_ops; k++) {
    const mir_operand *o = &ins->ops[k];
    if (o->kind == MIR_OPND_FIXED || (o->flags & MIR_OPND_FIXED_REG)) return false;
    if (o->kind != MIR_OPND_TEMP && o->kind != MIR_OPND_CONST && o->kind != MIR_OPND_UNDEF) return false;
  }
  return true;
}

bool ssa_operand_tied(const mir_instr *ins, unsigned k) {
  return mir_tied_operand(ins) == (int)k;
}

void ssa_mark_tied(const mir_program *p, uint8_t *tied, uint32_t n) {
  for (uint32_t b = 0; b < p->num_blocks; b++) {
    const mir_block *blk = &p->blocks[b];
    for (uint32_t i = 0; i < blk->num_instrs; i++) {
      const mir_instr *ins = blk->instrs[i];
      for (unsigned k = 0; k < ins->num_ops; k++)
        if (ssa_operand_tied(ins, k) && ins->ops[k].kind == MIR_OPND_TEMP && ins->ops[k].temp.id < n)
          tied[ins->ops[k].temp.id] = 1;
    }
  }
}

bool ssa_defines_tied(const mir_instr *ins, const uint8_t *tied) {
  for (unsigned k = 0; k < ins->num_defs; k++)
    if (ins->defs[k].kind == MIR_OPND_TEMP && tied[ins->defs[k].temp.id]) return true;
  return false;
}

void ssa_rename_apply(mir_program *p, const uint32_t *repl, uint32_t n) {
  for (uint32_t b = 0; b < p->num_blocks; b++) {
    const mir_block *blk = &p->blocks[b];
    for (uint32_t i = 0; i < blk->num_instrs; i++) {
      mir_instr *ins = blk->instrs[i];
      for (unsigned k = 0; k < ins->num_ops; k++) {
        mir_operand *o = &ins->ops[k];
        if (o->kind != MIR_OPND_TEMP || (o->flags & MIR_OPND_FIXED_REG) || o->temp.id >= n || !repl[o->temp.id] ||
            ssa_operand_tied(ins, k))
          continue;
        o->temp.id = ssa_rename_resolve(repl, o->temp.id);
      }
    }
  }
}
