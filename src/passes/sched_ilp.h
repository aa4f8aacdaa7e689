/* Shared between sched-ilp's files (sched_ilp.c, sched_ilp_kind.c): what
 * an instruction is to the pre-RA latency scheduler's regions. */
#ifndef WAVECC_PASSES_SCHED_ILP_H
#define WAVECC_PASSES_SCHED_ILP_H

#include <stdbool.h>

#include "mir/mir.h"

/* What an instruction is to a region: a boundary that stays (SI_FIXED),
 * ALU work, a memory access (in order with the region's others), or a
 * pseudo that moves data (ssa_vector_pseudo). */
enum { SI_FIXED, SI_ALU, SI_MEM, SI_DATA };

/* Does x read or write SCC (explicitly, by its flags, or pinned)? */
bool sched_ilp_touches_scc(const mir_instr *x);
/* Whether x's operands let it move: temporaries without a register
 * constraint, or pinned to SCC or VCC (v_div_scale's VCC result that
 * v_div_fmas reads); no block operand, no late-kill operand. *vcc: x
 * reads or writes VCC, pinned or implicitly (the opcode's flags without a
 * mask it names; `lane` = the target's lane-mask dwords), and keeps its
 * order among the region's other VCC users. */
bool sched_ilp_movable_operands(const mir_instr *x, unsigned lane, bool *vcc);
/* x's kind (SI_*) in program p: a region boundary for MODE users, non-data
 * pseudos, barriers, branches, SOPP, EXEC/M0/MODE/PC access, MFMA, cache
 * operations, SALU/VALU formats it does not know, and instructions with a
 * physical register other than SCC/VCC (sched_ilp.c's header says why). */
int sched_ilp_kind(const mir_program *p, const mir_instr *x);

#endif
