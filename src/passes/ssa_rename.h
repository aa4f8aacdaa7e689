/* Helpers of the SSA clean-up passes (fold-copies, cse, licm): renaming
 * temporaries after a pass found that one equals another (a replacement
 * map by temporary id, followed to its end, and one rewrite of every
 * operand that may read the replacement), tied operands, and which
 * instructions are pure values. */
#ifndef WAVECC_PASSES_SSA_RENAME_H
#define WAVECC_PASSES_SSA_RENAME_H

#include <stdbool.h>
#include <stdint.h>

#include "mir/mir.h"
#include "target/isa.h"

/* The temporary t finally stands for: repl[t] (0 = itself), followed. */
static inline uint32_t ssa_rename_resolve(const uint32_t *repl, uint32_t t) {
  while (repl[t]) t = repl[t];
  return t;
}

/* Is operand k of ins tied to its result (the register is overwritten)?
 * A returning MUBUF atomic's data operand (isel gives it a copy of its
 * own that dies there; regalloc.c places the result on it). */
bool ssa_operand_tied(const mir_instr *ins, unsigned k);

/* isa.h flags of ops with an effect beyond their definitions (memory,
 * waits, EXEC, M0 writes, control flow). */
#define SSA_EFFECTS                                                                              \
  (ISA_F_WRITES_EXEC | ISA_F_READS_EXEC_ALWAYS | ISA_F_VMCNT | ISA_F_LGKMCNT | ISA_F_EXPCNT |   \
   ISA_F_LOAD | ISA_F_STORE | ISA_F_ATOMIC | ISA_F_BRANCH | ISA_F_BARRIER | ISA_F_TERMINATOR |  \
   ISA_F_WRITES_M0)

/* Per temporary id below n: def[t] the instruction defining t (the last
 * one when several do), ndefs[t] how many do (counting stops at 2), uses[t]
 * how many operands read it. The arrays hold n zeroed entries. */
void ssa_count(const mir_program *p, uint32_t n, mir_instr **def, uint8_t *ndefs, uint32_t *uses);

/* Is op one of the copy and vector pseudo ops (p_copy, p_create_vector,
 * p_split_vector, p_extract)? */
static inline bool ssa_vector_pseudo(unsigned op) {
  return op == MIR_P_COPY || op == MIR_P_CREATE_VECTOR || op == MIR_P_SPLIT_VECTOR || op == MIR_P_EXTRACT;
}

/* Is ins a pure value computation that may be merged with an equal one
 * (cse) or moved (licm)? At least one result, all in temporaries without
 * fixed registers; none of SSA_EFFECTS and no M0 or SCC read; copy and
 * vector pseudo ops count; no operand in a fixed register (its value
 * depends on position). */
bool ssa_pure(const mir_instr *ins);

/* Sets tied[t] (t below n) for every temporary read by a tied operand. */
void ssa_mark_tied(const mir_program *p, uint8_t *tied, uint32_t n);

/* Does ins define a temporary marked in tied? Such a value is a copy
 * made for one tied use: it must not be merged with another or moved. */
bool ssa_defines_tied(const mir_instr *ins, const uint8_t *tied);

/* Hash of ins for merging equal instructions (cse, cse-dom): opcode,
 * encoding flags, offset, modifiers, MODE needs, operands (temporaries
 * through ssa_rename_resolve(repl, .), kill flags ignored) and result
 * classes. */
uint64_t ssa_hash_instr(const mir_instr *ins, const uint32_t *repl);

/* Do a and b compute the same values by everything ssa_hash_instr reads? */
bool ssa_same_instr(const mir_instr *a, const mir_instr *b, const uint32_t *repl);

/* Rewrites every temporary operand t of p (ids below n) to
 * ssa_rename_resolve(repl, t), except operands constrained to a fixed
 * register (the copy that satisfies the constraint stays) and tied ones. */
void ssa_rename_apply(mir_program *p, const uint32_t *repl, uint32_t n);

#endif
