/* XNACK replay constraints on register allocation.
 *
 * With XNACK on or "any" (wavecc's default target ID on gfx900), a page
 * fault replays the faulting memory instruction. A scalar load of more
 * than one dword may have written part of its destination when it is
 * replayed (an access that spans two pages returns one before the other
 * faults), so its destination must not overlap its address operands
 * (sbase, soffset; the V# of s_buffer_load): the replay would read the
 * loaded data as the address. LLVM gives these loads early-clobber
 * destinations (SMInstructions.td's "_ec" forms, used with XNACK when it
 * cannot prove natural alignment; wavecc does not track SMEM alignment,
 * so every multi-dword load is constrained). A one-dword load cannot
 * span pages, but in a soft clause of several loads a destination over
 * its own address is a clause hazard the hazard pass can only split with
 * an s_nop (src/passes/hazards.c): at a kernel's start, the work-group
 * size loaded over the dispatch pointer cost two s_nops per wave. So it
 * is constrained too (the allocator also keeps the clause's other
 * definitions off the addresses its members free: regalloc.c).
 *
 * Mechanism: the address operands become late-kill (MIR_OPND_LATE_KILL:
 * they die after the definitions are written), which liveness counts in
 * the demand and the allocator honours by freeing them only after
 * placing the destination. Runs before liveness and spilling. */
#include "ra/ra.h"
#include "target/target.h"

bool mir_smem_replay_constrained(const mir_program *p, const mir_instr *ins) {
  if (ins->opcode >= ISA_NUM_OPS || !wavecc_xnack_replay(p->target, p->target_xnack)) return false;
  if (isa_table[ins->opcode].format != ISA_FMT_SMEM || ins->num_defs != 1 || !ins->num_ops) return false;
  const mir_operand *d = &ins->defs[0];
  unsigned n = d->kind == MIR_OPND_TEMP ? mir_rc_size(d->temp.rc) : d->kind == MIR_OPND_FIXED ? d->size : 0;
  return n >= 1;
}

int mir_xnack_constraints(mir_program *p, diag *d) {
  (void)d;
  if (!wavecc_xnack_replay(p->target, p->target_xnack)) return 0;
  for (uint32_t b = 0; b < p->num_blocks; b++)
    for (uint32_t i = 0; i < p->blocks[b].num_instrs; i++) {
      mir_instr *ins = p->blocks[b].instrs[i];
      if (!mir_smem_replay_constrained(p, ins)) continue;
      for (unsigned k = 0; k < ins->num_ops; k++)
        if (ins->ops[k].kind == MIR_OPND_TEMP) ins->ops[k].flags |= MIR_OPND_LATE_KILL;
    }
  return 0;
}
