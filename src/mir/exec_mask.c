/* Queries on writes of the EXEC lane mask, shared by the passes that must
 * not move or drop work across a change of the active lanes (copy
 * clean-up, spill reuse and clean-up, the MFMA hazards, loop hoisting,
 * EXEC clean-up). One definition, so that a new way of writing EXEC (an
 * ISA table flag, a wave32 exec_lo write) is seen by all of them.
 *
 * Source: the ISA table's ISA_F_WRITES_EXEC (the s_*_saveexec family and
 * the other instructions the ISA guides list as writing EXEC implicitly)
 * and the definitions the machine IR gives an instruction.
 */
#include "mir/mir.h"

bool mir_writes_exec(const mir_instr *ins) {
  if (ins->opcode < ISA_NUM_OPS && (isa_table[ins->opcode].flags & ISA_F_WRITES_EXEC)) return true;
  for (unsigned k = 0; k < ins->num_defs; k++) {
    mir_preg r;
    unsigned n;
    mir_opnd_units(&ins->defs[k], &r, &n);
    if (n && r <= MIR_PREG_EXEC + 1 && r + n > MIR_PREG_EXEC) return true;
  }
  return false;
}

bool mir_writes_all_exec(const mir_program *p, const mir_instr *ins) {
  for (unsigned k = 0; k < ins->num_defs; k++) {
    mir_preg r;
    unsigned n;
    mir_opnd_units(&ins->defs[k], &r, &n);
    if (r == MIR_PREG_EXEC && n >= mir_lane_dwords(p)) return true;
  }
  return false;
}
