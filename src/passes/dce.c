/* Dead-code elimination on SSA machine IR, the first pass after
 * instruction selection.
 *
 * Why: selection expands an LLVM value into its machine form before it
 * knows how the users will read it. A sign-extended 32-bit index gets its
 * high half (v_ashrrev_i32) even when every address that uses it ends up
 * in the SGPR-base + 32-bit VGPR-offset form, a 64-bit value is split into
 * halves nobody reads, a compare's 0/1 value stays after the branch read
 * SCC. Such instructions cost issue slots and, until liveness sees them
 * dead, registers. So do dead cycles: a loop's phi whose value only feeds
 * its own next iteration (the unused w lane of a float4 accumulator whose
 * store writes 0 there, bench/real/nbody_direct: a v_sub_f32 and a
 * v_fma_f32 per iteration; LLVM's IR passes do not see the lane dead
 * through the phi, and llc-19 computes it in the free half of a
 * v_pk_fma_f32).
 *
 * What goes: an instruction all of whose definitions are temporaries that
 * no operand anywhere reads, and whose opcode has no effect besides those
 * definitions: no memory access, no EXEC, M0 or branch effect, no barrier,
 * no fixed physical-register definition other than SCC and VCC carries;
 * phis, copies and vector pseudo ops count as pure. Instructions without
 * definitions (stores, s_setreg, waits) always stay. Liveness is marked
 * from the instructions that must stay (a worklist over operands), so an
 * instruction goes when no chain of readers reaches one of them: unused
 * results, and cycles of phis and pure instructions read only by each
 * other. O(instructions + temporaries).
 *
 * Input: a program in SSA form before register allocation. Never fails;
 * returns 0. */
#include <stdlib.h>

#include "passes/passes.h"
#include "passes/ssa_rename.h"
#include "target/isa.h"

/* May `ins` go once its definitions are unused? */
static bool removable(const mir_instr *ins) {
  if (ins->num_defs == 0) return false;
  if (ins->opcode < ISA_NUM_OPS) {
    if (isa_table[ins->opcode].flags & SSA_EFFECTS) return false;
  } else {
    switch (ins->opcode) {
    case MIR_P_PHI: case MIR_P_LINEAR_PHI: case MIR_P_PARALLELCOPY: case MIR_P_COPY:
    case MIR_P_CREATE_VECTOR: case MIR_P_SPLIT_VECTOR: case MIR_P_EXTRACT:
      break;
    default:
      return false;
    }
  }
  for (unsigned k = 0; k < ins->num_defs; k++) {
    const mir_operand *d = &ins->defs[k];
    if (d->kind != MIR_OPND_TEMP) return false;
    if ((d->flags & MIR_OPND_FIXED_REG) && d->preg != MIR_PREG_SCC && d->preg != MIR_PREG_VCC) return false;
  }
  return true;
}

/* Removable, and the only definition of each of its temporaries (the
 * bookkeeping below needs one defining instruction per temporary). */
static bool candidate(const mir_instr *ins, const uint8_t *ndefs) {
  if (!removable(ins)) return false;
  for (unsigned k = 0; k < ins->num_defs; k++)
    if (ndefs[ins->defs[k].temp.id] != 1) return false;
  return true;
}

static void push(mir_instr ***work, size_t *n, size_t *cap, mir_instr *ins) {
  if (*n == *cap) {
    *cap = *cap ? 2 * *cap : 64;
    *work = realloc(*work, *cap * sizeof **work);
    if (!*work) abort();
  }
  (*work)[(*n)++] = ins;
}

int mir_dce(mir_program *p, diag *d) {
  (void)d;
  uint32_t n = p->num_temps;
  uint32_t *uses = calloc(n ? n : 1, sizeof *uses);
  mir_instr **def = calloc(n ? n : 1, sizeof *def);
  uint8_t *ndefs = calloc(n ? n : 1, 1);
  uint8_t *live = calloc(n ? n : 1, 1);
  mir_instr **work = NULL;
  size_t nwork = 0, cap = 0;
  if (!uses || !def || !ndefs || !live) abort();
  ssa_count(p, n, def, ndefs, uses);
  /* Roots: every instruction that must stay (effects, no definitions, a
   * temporary defined more than once). */
  for (uint32_t b = 0; b < p->num_blocks; b++) {
    const mir_block *blk = &p->blocks[b];
    for (uint32_t i = 0; i < blk->num_instrs; i++) {
      mir_instr *ins = blk->instrs[i];
      if (!candidate(ins, ndefs)) push(&work, &nwork, &cap, ins);
    }
  }
  /* A temporary is live when a live instruction reads it; its defining
   * instruction is then live (all its definitions marked at once). */
  while (nwork) {
    mir_instr *ins = work[--nwork];
    for (unsigned k = 0; k < ins->num_ops; k++) {
      const mir_operand *o = &ins->ops[k];
      if (o->kind != MIR_OPND_TEMP || o->temp.id >= n || live[o->temp.id]) continue;
      live[o->temp.id] = 1;
      mir_instr *di = def[o->temp.id];
      if (!di || !candidate(di, ndefs)) continue; /* a root: on the worklist already */
      for (unsigned j = 0; j < di->num_defs; j++) live[di->defs[j].temp.id] = 1;
      push(&work, &nwork, &cap, di);
    }
  }
  for (uint32_t b = 0; b < p->num_blocks; b++) {
    mir_block *blk = &p->blocks[b];
    uint32_t j = 0;
    for (uint32_t i = 0; i < blk->num_instrs; i++) {
      mir_instr *ins = blk->instrs[i];
      bool gone = candidate(ins, ndefs) && !live[ins->defs[0].temp.id];
      if (!gone) blk->instrs[j++] = ins;
    }
    blk->num_instrs = j;
  }
  free(work);
  free(live);
  free(ndefs);
  free(def);
  free(uses);
  return 0;
}
