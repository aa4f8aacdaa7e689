/* Dead code elimination on SSA machine IR (before liveness).
 *
 * Instruction selection expands each IR value where it is defined, and
 * later selectors often read a value's parts rather than the value: a
 * zext i32 -> i64 builds a register pair whose upper half (s_mov_b32 0)
 * nobody reads once the 64-bit add or multiply that uses it is narrowed
 * (isel_narrow.c), a GEP whose constant part every access carries in its
 * offset field leaves the base copy unread, and so on. Such instructions
 * cost issue slots and registers until the allocator sees them dead.
 *
 * Algorithm: count the uses of every temporary; walk the blocks and their
 * instructions backwards and delete a pure instruction whose definitions
 * are all temporaries without uses, releasing its operands' uses; repeat
 * until nothing changes (a chain defined in an earlier block dies on the
 * next sweep; phi cycles that only feed themselves stay, as they are
 * rare). Pure: the copy, vector and phi pseudos and SALU/VALU
 * instructions that touch neither memory, EXEC, M0 nor control flow.
 * Memory loads stay (a volatile load's access is its effect); so do
 * p_startpgm (ABI inputs), the PC-relative data-address sequence and any
 * instruction with a definition fixed to a register other than SCC/VCC.
 */
#include <stdlib.h>
#include <string.h>

#include "passes/passes.h"
#include "target/emit_data.h"

static bool pure_opcode(const mir_instr *ins) {
  switch (ins->opcode) {
  case MIR_P_COPY: case MIR_P_CREATE_VECTOR: case MIR_P_SPLIT_VECTOR: case MIR_P_EXTRACT: case MIR_P_PHI:
    return true;
  default: break;
  }
  if (ins->opcode >= ISA_NUM_OPS || mir_is_data_address(ins)) return false;
  const isa_info *ii = &isa_table[ins->opcode];
  switch (ii->format) {
  case ISA_FMT_SOP1: case ISA_FMT_SOP2: case ISA_FMT_SOPC: case ISA_FMT_SOPK:
  case ISA_FMT_VOP1: case ISA_FMT_VOP2: case ISA_FMT_VOPC: case ISA_FMT_VOP3: case ISA_FMT_VOP3P:
    break;
  default:
    return false;
  }
  uint32_t bad = ISA_F_WRITES_EXEC | ISA_F_READS_EXEC_ALWAYS | ISA_F_LOAD | ISA_F_STORE | ISA_F_ATOMIC |
                 ISA_F_BRANCH | ISA_F_BARRIER | ISA_F_TERMINATOR | ISA_F_WRITES_M0;
  return (ii->flags & bad) == 0 && ins->opcode != ISA_S_SETREG_B32 && ins->opcode != ISA_S_SETREG_IMM32_B32;
}

/* Are all of `ins`'s definitions unused temporaries (at least one)? */
static bool defs_dead(const mir_instr *ins, const uint32_t *uses) {
  if (!ins->num_defs) return false;
  for (unsigned k = 0; k < ins->num_defs; k++) {
    const mir_operand *d = &ins->defs[k];
    if (d->kind != MIR_OPND_TEMP || uses[d->temp.id]) return false;
    if ((d->flags & MIR_OPND_FIXED_REG) && d->preg != MIR_PREG_SCC && d->preg != MIR_PREG_VCC) return false;
  }
  return true;
}

int mir_dce(mir_program *p, diag *d) {
  (void)d;
  uint32_t *uses = calloc(p->num_temps + 1, sizeof *uses);
  if (!uses) return 0; /* an optimisation: skipped without memory */
  for (uint32_t b = 0; b < p->num_blocks; b++)
    for (uint32_t i = 0; i < p->blocks[b].num_instrs; i++) {
      const mir_instr *ins = p->blocks[b].instrs[i];
      for (unsigned k = 0; k < ins->num_ops; k++)
        if (ins->ops[k].kind == MIR_OPND_TEMP) uses[ins->ops[k].temp.id]++;
    }
  bool changed = true;
  while (changed) {
    changed = false;
    for (uint32_t b = p->num_blocks; b-- > 0;) {
      mir_block *blk = &p->blocks[b];
      uint32_t n = 0;
      for (uint32_t i = blk->num_instrs; i-- > 0;) {
        mir_instr *ins = blk->instrs[i];
        if (pure_opcode(ins) && defs_dead(ins, uses)) {
          for (unsigned k = 0; k < ins->num_ops; k++)
            if (ins->ops[k].kind == MIR_OPND_TEMP) uses[ins->ops[k].temp.id]--;
          blk->instrs[i] = NULL;
          changed = true;
          n++;
        }
      }
      if (!n) continue;
      uint32_t w = 0;
      for (uint32_t i = 0; i < blk->num_instrs; i++)
        if (blk->instrs[i]) blk->instrs[w++] = blk->instrs[i];
      blk->num_instrs = w;
    }
  }
  free(uses);
  return 0;
}
