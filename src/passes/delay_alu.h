/* The gfx11 ALU dependency model of the s_delay_alu pass (delay_alu.c),
 * shared with the latency scheduler (sched_latency.c) so that the order
 * it picks is judged by the rules that place the s_delay_alu
 * instructions. Not for other passes. */
#ifndef WAVECC_PASSES_DELAY_ALU_H
#define WAVECC_PASSES_DELAY_ALU_H

#include "passes/passes.h"

/* Per register unit (mir_preg numbering, below 512), the pending results
 * of recent VALU, TRANS and SALU instructions. */
typedef struct mir_delay_state mir_delay_state;

/* A state with nothing pending, in mem. */
mir_delay_state *mir_delay_state_new(arena *mem);
void mir_delay_reset(mir_delay_state *s);
void mir_delay_copy(mir_delay_state *dst, const mir_delay_state *src);

/* The s_delay_alu operand (0: none) the instruction ins[0] (with ins[1],
 * halves = 2, a VOPD pair issued as one) would need if issued now in
 * state s; s is unchanged. Needs physical registers. */
unsigned mir_delay_probe(const mir_program *p, const mir_delay_state *s, mir_instr *const *ins, unsigned halves);

/* Issues ins[0] (and ins[1] of a VOPD pair): its reads settle, its
 * results become pending with p's target latencies, time advances by its
 * issue cycles. Returns the s_delay_alu operand it needed (0: none). */
unsigned mir_delay_step(const mir_program *p, mir_delay_state *s, mir_instr *const *ins, unsigned halves);

#endif
