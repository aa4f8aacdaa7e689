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

/* Operand identity for ssa_hash_instr and ssa_same_instr (kill flags
 * ignored). */
static uint64_t opnd_key(const mir_operand *o, const uint32_t *repl) {
  uint64_t v = o->kind == MIR_OPND_TEMP ? ssa_rename_resolve(repl, o->temp.id) : o->kind == MIR_OPND_UNDEF ? o->temp.rc : o->imm;
  uint64_t flags = o->flags & (uint8_t)~(MIR_OPND_KILL | MIR_OPND_LATE_KILL);
  return v | (uint64_t)o->kind << 32 | flags << 40 | (uint64_t)o->size << 48;
}

uint64_t ssa_hash_instr(const mir_instr *ins, const uint32_t *repl) {
  uint64_t h = 1469598103934665603ull;
  uint64_t parts[6] = {ins->opcode, ins->num_ops, ins->num_defs, ins->enc_flags, (uint64_t)ins->offset,
                       (uint64_t)ins->omod << 8 | ins->clamp | (uint64_t)ins->fpmode << 16};
  for (unsigned i = 0; i < 6; i++) h = (h ^ parts[i]) * 1099511628211ull;
  for (unsigned k = 0; k < ins->num_ops; k++) h = (h ^ opnd_key(&ins->ops[k], repl)) * 1099511628211ull;
  for (unsigned k = 0; k < ins->num_defs; k++) h = (h ^ ins->defs[k].temp.rc) * 1099511628211ull;
  return h ^ (h >> 29);
}

bool ssa_same_instr(const mir_instr *a, const mir_instr *b, const uint32_t *repl) {
  if (a->opcode != b->opcode || a->num_ops != b->num_ops || a->num_defs != b->num_defs ||
      a->enc_flags != b->enc_flags || a->offset != b->offset || a->omod != b->omod || a->clamp != b->clamp ||
      a->fpmode != b->fpmode)
    return false;
  for (unsigned k = 0; k < a->num_ops; k++)
    if (opnd_key(&a->ops[k], repl) != opnd_key(&b->ops[k], repl)) return false;
  for (unsigned k = 0; k < a->num_defs; k++)
    if (a->defs[k].temp.rc != b->defs[k].temp.rc) return false;
  return true;
}
