/* Local common-subexpression elimination on SSA machine IR, after copy
 * folding and before dead-code elimination.
 *
 * Why: selection expands every LLVM address computation on its own, so a
 * block with 32 LDS reads whose addresses share a uniform row offset
 * computes `v_lshlrev_b32 7, row` 32 times (bench/kernels/sgemm_reg4x4.cl);
 * LLVM's IR-level CSE cannot see the machine operations a GEP becomes.
 *
 * What: within one block, an instruction equal to an earlier one (same
 * opcode, operands, modifiers, encoding flags, offset and MODE needs) has
 * its results renamed to the earlier results; dce then deletes it. Only
 * instructions the dce pass could delete count (no memory, EXEC, M0 or
 * branch effect), and none with a fixed-register operand or result (SCC,
 * VCC, EXEC, ABI registers: their value depends on position; a carry or
 * condition in a temporary is fine, the encoding's implicit VCC is the
 * allocator's choice). An
 * instruction that writes EXEC, and any pseudo op other than the copy and
 * vector ones, empties the table: a VALU result computed under one EXEC
 * does not stand for one computed under another. So does a MODE write
 * (s_setreg: llvm.set.rounding), for the floating-point results. Values read by a tied
 * operand (a returning MUBUF atomic's data, which its result overwrites;
 * isel gives it a copy of its own) are never merged.
 *
 * Input: a program in SSA form before register allocation. Never fails;
 * returns 0. O(instructions) expected (hash table per block). */
#include <stdlib.h>
#include <string.h>

#include "passes/passes.h"
#include "passes/ssa_rename.h"
#include "target/isa.h"

/* Empties the value table at `ins`? */
static bool barrier(const mir_instr *ins) {
  /* An indexed read or write of a VGPR vector (lowered after allocation
   * to s_set_gpr_idx_on / v_mov_b32) changes neither EXEC nor MODE: the
   * values before it stand after it (bench/real/thomas.cl: x / m and y / m
   * either side of a private array's write computed 1/m twice). */
  if (ins->opcode == MIR_P_GPR_IDX_READ || ins->opcode == MIR_P_GPR_IDX_WRITE) return false;
  if (ins->opcode >= ISA_NUM_OPS) return !ssa_vector_pseudo(ins->opcode) && ins->opcode != MIR_P_PHI && ins->opcode != MIR_P_LINEAR_PHI;
  if (isa_table[ins->opcode].flags & ISA_F_WRITES_EXEC) return true;
  /* llvm.set.rounding and friends: FP results before and after differ */
  if (ins->opcode == ISA_S_SETREG_B32 || ins->opcode == ISA_S_SETREG_IMM32_B32) return true;
  for (unsigned k = 0; k < ins->num_defs; k++)
    if (ins->defs[k].kind == MIR_OPND_FIXED && ins->defs[k].preg == MIR_PREG_EXEC) return true;
  return false;
}

int mir_cse(mir_program *p, diag *d) {
  (void)d;
  uint32_t n = p->num_temps ? p->num_temps : 1;
  uint32_t *repl = calloc(n, sizeof *repl);
  uint8_t *tied = calloc(n, 1);
  if (!repl || !tied) abort();
  ssa_mark_tied(p, tied, n);
  uint32_t cap = 0, nfilled = 0;
  const mir_instr **table = NULL;
  uint32_t *filled = NULL; /* the slots in use: emptying the table costs what it holds, not its size */
  bool any = false;
  for (uint32_t b = 0; b < p->num_blocks; b++) {
    const mir_block *blk = &p->blocks[b];
    /* Table of at least twice the block's instructions, power of two. */
    uint32_t want = 16;
    while (want < 2 * blk->num_instrs) want *= 2;
    if (want > cap) {
      free(table);
      free(filled);
      cap = want;
      table = calloc(cap, sizeof *table);
      filled = malloc(cap * sizeof *filled);
      if (!table || !filled) abort();
      nfilled = 0;
    }
    while (nfilled) table[filled[--nfilled]] = NULL;
    for (uint32_t i = 0; i < blk->num_instrs; i++) {
      mir_instr *ins = blk->instrs[i];
      if (barrier(ins)) {
        while (nfilled) table[filled[--nfilled]] = NULL;
        continue;
      }
      if (!ssa_pure(ins) || ssa_defines_tied(ins, tied)) continue;
      uint32_t slot = (uint32_t)ssa_hash_instr(ins, repl) & (cap - 1);
      while (table[slot] && !ssa_same_instr(table[slot], ins, repl)) slot = (slot + 1) & (cap - 1);
      if (!table[slot]) {
        table[slot] = ins;
        filled[nfilled++] = slot;
        continue;
      }
      for (unsigned k = 0; k < ins->num_defs; k++) {
        uint32_t t = ins->defs[k].temp.id, to = ssa_rename_resolve(repl, table[slot]->defs[k].temp.id);
        if (t < n && t != to) repl[t] = to;
      }
      any = true;
    }
  }
  free(table);
  free(filled);
  if (any) ssa_rename_apply(p, repl, n);
  free(tied);
  free(repl);
  return 0;
}
