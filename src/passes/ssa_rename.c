/* See ssa_rename.h. */
#include "passes/ssa_rename.h"

#include "target/isa.h"

bool ssa_operand_tied(const mir_instr *ins, unsigned k) {
  return k == 0 && ins->num_defs == 1 && ins->opcode < ISA_NUM_OPS && isa_table[ins->opcode].format == ISA_FMT_MUBUF &&
         (isa_table[ins->opcode].flags & ISA_F_ATOMIC);
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
