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
 *   - `d:v1 = p_copy s:s1` with `s = v_readfirstlane_b32 x:v1 uniform`
 *     (MIR_ENC_UNIFORM: the IR finds the value uniform)   uses of d read x
 *     (and so do plain VALU sources reading s where a VGPR may stand),
 *     where x comes from a VALU instruction of d's block with no EXEC
 *     write between the two. Selection reads a uniform value the
 *     VALU computes (v_dot*, v_bfi, f16 work) back to an SGPR, as SALU
 *     readers need it; a store's data or a VALU source then copies it
 *     straight back to a VGPR (f_dot_intrinsics: v_dot4, v_readfirstlane,
 *     v_mov per store; llc-19 stores the v_dot4 result). x holds the value
 *     in every lane active when x was written, and EXEC is the same at the
 *     copy, so the copy equals x in each lane that reads it. x from a
 *     pseudo, a lane-crossing (EXEC-ignoring) or MFMA instruction, or an
 *     earlier block keeps the copy (across blocks the active lanes may
 *     differ: an if's join, a loop exit); dce deletes the readfirstlane
 *     once no SGPR reader is left. llvm.amdgcn.readfirstlane of a
 *     divergent value has no `uniform`: its copy broadcasts one lane
 *     (f_readfirstlane_types.ll).
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

/* Per-walk facts of lane_source: the block and EXEC epoch (a count
 * bumped at every block start and EXEC write) of each temporary's
 * definition, and the current block and epoch. */
typedef struct lane_walk {
  mir_instr *const *def;
  const uint8_t *ndefs;
  uint32_t n, *blk_of, *epoch_of, b, epoch;
} lane_walk;

/* Is s (an SGPR temporary) a uniform (MIR_ENC_UNIFORM) v_readfirstlane_b32
 * of a one-dword VGPR x that
 * a VALU instruction wrote in the current block after its last EXEC
 * write? Returns x, else 0. */
static uint32_t lane_source(const lane_walk *w, mir_temp s) {
  if (mir_rc_is_vgpr(s.rc) || s.id >= w->n || w->ndefs[s.id] != 1) return 0;
  const mir_instr *rfl = w->def[s.id];
  if (!rfl || rfl->opcode != ISA_V_READFIRSTLANE_B32 || !(rfl->enc_flags & MIR_ENC_UNIFORM) || rfl->num_ops != 1 ||
      !plain_temp(&rfl->ops[0]))
    return 0;
  mir_temp x = rfl->ops[0].temp;
  if (x.rc != mir_rc_v(1) || x.id >= w->n ||
      w->ndefs[x.id] != 1 || w->blk_of[x.id] != w->b || w->epoch_of[x.id] != w->epoch)
    return 0;
  const mir_instr *xd = w->def[x.id];
  if (!xd || xd->opcode >= ISA_NUM_OPS) return 0;
  const isa_info *ii = &isa_table[xd->opcode];
  if (!isa_fmt_valu(ii->format) || (ii->flags & (ISA_F_IGNORES_EXEC | ISA_F_MFMA | ISA_F_WRITES_EXEC))) return 0;
  return x.id;
}

/* Is ins `d:v1 = p_copy s:s1` with lane_source(s) = x? Returns x, else 0. */
static uint32_t lane_copy_source(const lane_walk *w, const mir_instr *ins) {
  if (ins->opcode != MIR_P_COPY || ins->num_ops != 1 || ins->num_defs != 1 || !plain_temp(&ins->defs[0]) ||
      !plain_temp(&ins->ops[0]))
    return 0;
  uint32_t x = lane_source(w, ins->ops[0].temp);
  return x && ins->defs[0].temp.rc == mir_rc_v(1) ? x : 0;
}

/* Sources of a plain VALU instruction (isa_is_plain_alu: no VCC, EXEC or
 * lane-crossing reads) that read such an SGPR where the signature takes
 * a VGPR ('a' or 'v', one dword) read x instead: one constant-bus read
 * fewer, and the v_readfirstlane_b32 goes when no SGPR reader is left. */
static void lane_valu_sources(const lane_walk *w, mir_instr *ins) {
  bool valu = false;
  if (ins->opcode >= ISA_NUM_OPS || !isa_is_plain_alu(ins->opcode, &valu) || !valu) return;
  const char *sig = isa_table[ins->opcode].sig;
  if (!sig) return;
  char f;
  unsigned wd = 1;
  while (isa_sig_entry(&sig, &f, &wd)) {}
  if (*sig == ';') sig++;
  for (unsigned k = 0; k < ins->num_ops && isa_sig_entry(&sig, &f, &wd); k++) {
    mir_operand *o = &ins->ops[k];
    if ((f != 'a' && f != 'v') || wd != 1 || o->kind != MIR_OPND_TEMP || (o->flags & MIR_OPND_FIXED_REG)) continue;
    uint32_t x = lane_source(w, o->temp);
    if (x) o->temp = (mir_temp){x, mir_rc_v(1)};
  }
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
  lane_walk w = {def, ndefs, n, malloc(n * sizeof(uint32_t)), calloc(n, sizeof(uint32_t)), 0, 0};
  if (!w.blk_of || !w.epoch_of) abort();
  for (uint32_t t = 0; t < n; t++) w.blk_of[t] = UINT32_MAX;
  for (uint32_t b = 0; b < p->num_blocks; b++) {
    const mir_block *blk = &p->blocks[b];
    w.b = b;
    w.epoch++;
    for (uint32_t i = 0; i < blk->num_instrs; i++) {
      mir_instr *ins = blk->instrs[i];
      if (mir_writes_exec(ins)) w.epoch++;
      lane_valu_sources(&w, ins);
      for (unsigned k = 0; k < ins->num_defs; k++)
        if (ins->defs[k].kind == MIR_OPND_TEMP && ins->defs[k].temp.id < n) {
          w.blk_of[ins->defs[k].temp.id] = b;
          w.epoch_of[ins->defs[k].temp.id] = w.epoch;
        }
      if (ins->opcode != MIR_P_COPY && ins->opcode != MIR_P_EXTRACT) continue;
      uint32_t lane = lane_copy_source(&w, ins);
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
  free(w.epoch_of);
  free(w.blk_of);
  free(vec_folds);
  free(uses);
  free(ndefs);
  free(def);
  free(repl);
  return 0;
}
