/* mem-merge, what its parts share (mem_merge.h): a split of a merged
 * result into the original results, which instructions stop moving an
 * access, and a block's instructions under a rewrite. A leaf: the driver
 * (mem_merge.c) calls the parts, the parts call this file. */
#include "passes/mem_merge.h"

mir_instr *mm_split_into(mir_program *p, mir_temp whole, mir_instr **parts, unsigned n) {
  mir_instr *s = mir_instr_create(p, MIR_P_SPLIT_VECTOR, 1, n);
  s->ops[0] = mir_op_temp(whole);
  for (unsigned k = 0; k < n; k++) s->defs[k] = parts[k]->defs[0];
  return s;
}

/* Does `ins` order every memory access around it: a barrier, an EXEC
 * write, a wait, a branch, a cache write-back or invalidate, a call or
 * another pseudo that is not a plain copy? */
static bool mem_fence(const mir_instr *ins) {
  if (ins->opcode >= ISA_NUM_OPS) {
    switch (ins->opcode) {
    case MIR_P_COPY: case MIR_P_CREATE_VECTOR: case MIR_P_SPLIT_VECTOR: case MIR_P_EXTRACT: case MIR_P_PHI:
    case MIR_P_PARALLELCOPY:
      return false;
    default:
      return true;
    }
  }
  const isa_info *ii = &isa_table[ins->opcode];
  if (ii->flags & (ISA_F_BARRIER | ISA_F_WRITES_EXEC | ISA_F_BRANCH | ISA_F_TERMINATOR)) return true;
  if (ins->opcode == ISA_S_WAITCNT) return true;
  if ((ii->format == ISA_FMT_MUBUF || ii->format == ISA_FMT_FLAT || ii->format == ISA_FMT_GLOBAL) &&
      !(ii->flags & (ISA_F_LOAD | ISA_F_STORE | ISA_F_ATOMIC)))
    return true;
  for (unsigned k = 0; k < ins->num_defs; k++) {
    const mir_operand *d = &ins->defs[k];
    if ((d->kind == MIR_OPND_FIXED || (d->flags & MIR_OPND_FIXED_REG)) && d->preg == MIR_PREG_EXEC) return true;
  }
  return false;
}

/* Does `ins` stop moving an access of `space` across it: a fence, or a
 * write (for writes, `any_mem`: any access) that may alias the space? */
bool mm_mem_blocks(const mir_instr *ins, unsigned space, bool any_mem, uint32_t psb) {
  if (mem_fence(ins)) return true;
  unsigned s = mir_mem_space(ins, psb);
  if (!mir_may_alias(s, space)) return false;
  return any_mem || (isa_table[ins->opcode].flags & (ISA_F_STORE | ISA_F_ATOMIC));
}

/* The instructions now at position j (the replacement when rewritten). */
unsigned mm_at_pos(const mir_block *b, const rewrite *rw, uint32_t j, const mir_instr **out) {
  if (rw->gone[j]) return 0;
  if (!rw->first[j]) {
    out[0] = b->instrs[j];
    return 1;
  }
  out[0] = rw->first[j];
  out[1] = rw->second[j];
  return out[1] ? 2 : 1;
}
