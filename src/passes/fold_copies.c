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
 *   - `d:v1 = p_copy s:s1` with `s = v_readfirstlane_b32 x:v1`   uses of d
 *     read x, where x comes from a VALU instruction of d's block with no
 *     EXEC write between the two. Selection reads a uniform value the
 *     VALU computes (v_dot*, v_bfi, f16 work) back to an SGPR, as SALU
 *     readers need it; a store's data or a VALU source then copies it
 *     straight back to a VGPR (f_dot_intrinsics: v_dot4, v_readfirstlane,
 *     v_mov per store; llc-19 stores the v_dot4 result). x holds the value
 *     in every lane active when x was written, and EXEC is the same at the
 *     copy, so the copy equals x in each lane that reads it. x from a
 *     pseudo, a lane-crossing (EXEC-ignoring) or MFMA instruction, or an
 *     earlier block keeps the copy (across blocks the active lanes may
 *     differ: an if's join, a loop exit); dce deletes the readfirstlane
 *     once no SGPR reader is left.
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

/* Is ins `d:v1 = p_copy s:s1` with s = v_readfirstlane_b32 x, x a VGPR
 * of d's class written in this block, after the last EXEC write before
 * ins (blk_of/epoch_of: the block and EXEC epoch of each temporary's
 * definition, epoch: the current one)? Returns x, else 0. */
static uint32_t lane_copy_source(const mir_instr *ins, mir_instr *const *def, const uint8_t *ndefs, uint32_t n,
                                 const uint32_t *blk_of, const uint32_t *epoch_of, uint32_t b, uint32_t epoch) {
  if (ins->opcode != MIR_P_COPY || ins->num_ops != 1 || ins->num_defs != 1 || !plain_temp(&ins->defs[0]) ||
      !plain_temp(&ins->ops[0]))
    return 0;
  mir_temp d = ins->defs[0].temp, s = ins->ops[0].temp;
  if (!mir_rc_is_vgpr(d.rc) || mir_rc_is_linear(d.rc) || mir_rc_size(d.rc) != 1 || mir_rc_is_vgpr(s.rc) ||
      s.id >= n || ndefs[s.id] != 1)
    return 0;
  const mir_instr *rfl = def[s.id];
  if (!rfl || rfl->opcode != ISA_V_READFIRSTLANE_B32 || rfl->num_ops != 1 || !plain_temp(&rfl->ops[0])) return 0;
  mir_temp x = rfl->ops[0].temp;
  if (x.rc != d.rc || x.id >= n || ndefs[x.id] != 1 || blk_of[x.id] != b || epoch_of[x.id] != epoch) return 0;
  const mir_instr *xd = def[x.id];
  if (!xd || xd->opcode >= ISA_NUM_OPS) return 0;
  const isa_info *ii = &isa_table[xd->opcode];
  if (!isa_fmt_valu(ii->format) || (ii->flags & (ISA_F_IGNORES_EXEC | ISA_F_MFMA | ISA_F_WRITES_EXEC))) return 0;
  return x.id;
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
  uint32_t *blk_of = malloc(n * sizeof *blk_of), *epoch_of = calloc(n, sizeof *epoch_of);
  if (!blk_of || !epoch_of) abort();
  for (uint32_t t = 0; t < n; t++) blk_of[t] = UINT32_MAX;
  uint32_t epoch = 0;
  for (uint32_t b = 0; b < p->num_blocks; b++) {
    const mir_block *blk = &p->blocks[b];
    epoch++;
    for (uint32_t i = 0; i < blk->num_instrs; i++) {
      const mir_instr *ins = blk->instrs[i];
      if (mir_writes_exec(ins)) epoch++;
      for (unsigned k = 0; k < ins->num_defs; k++)
        if (ins->defs[k].kind == MIR_OPND_TEMP && ins->defs[k].temp.id < n) {
          blk_of[ins->defs[k].temp.id] = b;
          epoch_of[ins->defs[k].temp.id] = epoch;
        }
      if (ins->opcode != MIR_P_COPY && ins->opcode != MIR_P_EXTRACT) continue;
      uint32_t lane = lane_copy_source(ins, def, ndefs, n, blk_of, epoch_of, b, epoch);
      if (lane && ndefs[ins->defs[0].temp.id] == 1 && ssa_rename_resolve(repl, lane) != ins->defs[0].temp.id) {
        repl[ins->defs[0].temp.id] = lane;
        continue;
      }
      uint32_t vec, s = source_of(ins, def, &vec);
      uint32_t dt = ins->defs[0].temp.id;
      if (vec && vec_folds[vec] != uses[vec]) continue;
      /* Only values defined once (SSA) on both sides; no cycles. */
      if (!s || s >= n || ndefs[s] != 1 || ndefs[dt] != 1 || ssa_rename_resolve(repl, s) == dt) continue;
      repl[dt] = s;
    }
  }
  ssa_rename_apply(p, repl, n);
  free(epoch_of);
  free(blk_of);
  free(vec_folds);
  free(uses);
  free(ndefs);
  free(def);
  free(repl);
  return 0;
}
