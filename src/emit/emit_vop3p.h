/* Packed (VOP3P) operands in assembly text (emit_vop3p.c): the registers
 * and modifier lists llvm-mc-19 writes for v_pk_* instructions. Internal
 * to the emitter (emit_asm.c). */
#ifndef WAVECC_EMIT_EMIT_VOP3P_H
#define WAVECC_EMIT_EMIT_VOP3P_H

#include <stdbool.h>
#include <stdio.h>

#include "mir/mir.h"

/* Does `ins` spell its source modifiers as op_sel/op_sel_hi/neg_lo/neg_hi
 * lists (packed f32 instructions, or any VOP3P source with an op_sel,
 * op_sel_hi or neg_hi flag), not as '-' before the operand? */
bool mir_vop3p_named_mods(const mir_instr *ins);
/* Source k of such an instruction as printed: a broadcast dword as its
 * aligned pair (mir_vop3p_source), no modifier flags. */
mir_operand mir_vop3p_print_operand(const mir_instr *ins, unsigned k);
/* Writes the modifier lists of such an instruction (nothing when all are
 * at their defaults). */
void mir_print_vop3p_mods(FILE *out, const mir_instr *ins);

#endif
