/* Copy folding on SSA machine IR, right after instruction selection.
 *
 * Why: selection builds values piecewise and takes them apart again:
 * `p_extract (p_create_vector a, b), 0` for the low half of a
 * sign-extended index, `p_copy` between temporaries of one class. In SSA
 * form every such read can name the original temporary instead; the
 * copies and vector pseudo ops then have no users and the next pass (dce)
 * deletes them, together with whatever computed the pieces nobody reads
 * (the high half's v_ashrrev_i32). Renaming never raises register demand:
 * wherever the copy or its source was live, one value is live instead of
 * two equal ones.
 *
 * What is folded, where the replacement has exactly the same register
 * class (size, SGPR/VGPR, linear or logical) and no fixed register:
 *   - `d = p_copy s`                         uses of d read s;
 *   - `d = p_extract (p_create_vector ...), k` uses of d read the vector
 *     operand that covers exactly dwords k .. k+size(d)-1, when every
 *     use of the vector is such an extract (so the vector goes: keeping
 *     it and its operands both live fragments the register file, and a
 *     tight budget then fails for want of an aligned pair);
 *   - `d = p_extract s, 0` with size(d) = size(s)   uses of d read s.
 * Operands constrained to a fixed register (ABI and call operands) keep
 * their temporary: the copy is what satisfies the constraint. So does the
 * data operand of a returning MUBUF atomic, which the result overwrites
 * (isel gives it a copy that dies there, see regalloc.c).
 *
 * Input: a program in SSA form before register allocation. Never fails;
 * returns 0. Cost O(instructions + temporaries). */
#include <stdlib.h>

#include "passes/passes.h"
#include "passes/ssa_rename.h"
#include "target/isa.h"

static bool plain_temp(const mir_operand *o) {
  return o->kind == MIR_OPND_TEMP && !(o->flags & (MIR_OPND_FIXED_REG | MIR_OPND_NEG | MIR_OPND_ABS));
}

/* The temporary `ins` (a copy-like pseudo op defining one temporary) is
 * equal to, or 0 when there is none of the same class. *vec is set to the
 * p_create_vector's temporary when the answer is one of its operands. */
static uint32_t source_of(const mir_instr *ins, mir_instr *const *def, uint32_t *vec_temp) {
  *vec_temp = 0;
  if (ins->num_defs != 1 || !plain_temp(&ins->defs[0])) return 0;
  mir_temp d = ins->defs[0].temp;
  if (ins->opcode == MIR_P_COPY && ins->num_ops == 1 && plain_temp(&ins->ops[0]) && ins->ops[0].temp.rc == d.rc)
    return ins->ops[0].temp.id;
  if (ins->opcode != MIR_P_EXTRACT || ins->num_ops != 2 || !plain_temp(&ins->ops[0]) || ins->ops[1].kind != MIR_OPND_CONST)
    return 0;
  mir_temp s = ins->ops[0].temp;
  uint32_t k = ins->ops[1].imm;
  if (k == 0 && s.rc == d.rc) return s.id;
  const mir_instr *vec = def[s.id];
  if (!vec || vec->opcode != MIR_P_CREATE_VECTOR || mir_rc_is_vgpr(s.rc) != mir_rc_is_vgpr(d.rc)) return 0;
  uint32_t at = 0;
  for (unsigned i = 0; i < vec->num_ops; i++) {
    const mir_operand *o = &vec->ops[i];
    unsigned size = o->kind == MIR_OPND_TEMP ? mir_rc_size(o->temp.rc) : o->size ? o->size : 1;
    if (at == k) {
      if (!plain_temp(o) || o->temp.rc != d.rc) return 0;
      *vec_temp = s.id;
      return o->temp.id;
    }
    if (at > k) return 0;
    at += size;
  }
  return 0;
}

int mir_fold_copies(mir_program *p, diag *d) {
  (void)d;
  uint32_t n = p->num_temps ? p->num_temps : 1;
  uint32_t *repl = calloc(n, sizeof *repl);
  mir_instr **def = calloc(n, sizeof *def);
  uint8_t *ndefs = calloc(n, 1);
  uint32_t *uses = calloc(n, sizeof *uses), *vec_folds = calloc(n, sizeof *vec_folds);
  if (!repl || !def || !ndefs || !uses || !vec_folds) abort();
  ssa_count(p, n, def, ndefs, uses);
  for (uint32_t b = 0; b < p->num_blocks; b++) {
    const mir_block *blk = &p->blocks[b];
    for (uint32_t i = 0; i < blk->num_instrs; i++) {
      uint32_t vec;
      if (blk->instrs[i]->opcode == MIR_P_EXTRACT && source_of(blk->instrs[i], def, &vec) && vec) vec_folds[vec]++;
    }
  }
  for (uint32_t b = 0; b < p->num_blocks; b++) {
    const mir_block *blk = &p->blocks[b];
    for (uint32_t i = 0; i < blk->num_instrs; i++) {
      const mir_instr *ins = blk->instrs[i];
      if (ins->opcode != MIR_P_COPY && ins->opcode != MIR_P_EXTRACT) continue;
      uint32_t vec, s = source_of(ins, def, &vec);
      uint32_t dt = ins->defs[0].temp.id;
      if (vec && vec_folds[vec] != uses[vec]) continue;
      /* Only values defined once (SSA) on both sides; no cycles. */
      if (!s || s >= n || ndefs[s] != 1 || ndefs[dt] != 1 || ssa_rename_resolve(repl, s) == dt) continue;
      repl[dt] = s;
    }
  }
  ssa_rename_apply(p, repl, n);
  free(vec_folds);
  free(uses);
  free(ndefs);
  free(def);
  free(repl);
  return 0;
}
