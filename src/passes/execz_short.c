/* An s_cbranch_execz over a short arm of plain VALU work goes.
 *
 * A divergent if skips its "then" arm when no lane enters it:
 *     X:  S = s_and_saveexec_b64 M ; s_cbranch_execz Z
 *     Y:  v_add_u32 v1, -1, v1 ...   (falls through to Z)
 *     Z:  ...
 * When Y is a few VALU instructions that write only VGPRs, running them
 * with EXEC zero changes nothing (every VGPR write is masked by EXEC), so
 * the branch costs an instruction on every pass and saves at most a few
 * when EXEC is zero. llc-19 removes such branches too
 * (SIPreEmitPeephole, amdgpu-skip-threshold, default 12 instructions,
 * and no memory access, wait or message in the skipped code). Y must
 * have X as its only linear predecessor and Z as its only linear
 * successor; its instructions are VALU (full rate, transcendental or
 * f64, no MFMA) with only VGPR results, none ignoring EXEC (v_writelane)
 * or writing EXEC, VCC, SCC or M0 implicitly, none indexed by
 * s_set_gpr_idx. Runs after waitcnt (an s_waitcnt in Y keeps the branch)
 * and before the hazard passes, which see the new layout. The linear CFG
 * loses the edge X -> Z; the logical CFG, which no later pass reads,
 * keeps it.
 *
 * Also: a branch whose block carries MIR_BLOCK_FIRST_LANE (a waterfall
 * loop header, isel_struct.c: the mask holds the first active lane, whose
 * value readfirstlane read) is never taken and goes whatever the body
 * holds; then the latch's join restore and loop exit become one s_xor
 * (fuse_latch_xor), the loop llc-19 builds (s_and_saveexec, body,
 * s_xor exec, s_cbranch_execnz).
 */
#include <string.h>

#include "passes/passes.h"

/* Longest arm whose branch goes (llc-19's default skip threshold). */
#define EXECZ_SHORT_MAX 12u

/* Is ins plain VALU work that may run with EXEC zero (file comment)? */
static bool harmless_at_exec_zero(const mir_instr *ins) {
  if (ins->opcode >= ISA_NUM_OPS) return false;
  unsigned cost = isa_sem_of(ins->opcode)->cost;
  if (cost != ISA_COST_VALU && cost != ISA_COST_TRANS && cost != ISA_COST_F64) return false;
  if (isa_table[ins->opcode].flags & (ISA_F_IGNORES_EXEC | ISA_F_WRITES_EXEC | ISA_F_WRITES_VCC | ISA_F_WRITES_SCC |
                                       ISA_F_WRITES_M0 | ISA_F_MFMA | ISA_F_BRANCH | ISA_F_TERMINATOR))
    return false;
  if (ins->enc_flags & MIR_ENC_GPR_IDX) return false;
  for (unsigned k = 0; k < ins->num_defs; k++) {
    const mir_operand *d = &ins->defs[k];
    if ((d->kind != MIR_OPND_TEMP && d->kind != MIR_OPND_FIXED) || d->preg < MIR_PREG_VGPR(0) ||
        d->preg >= MIR_PREG_AGPR(0))
      return false;
  }
  return true;
}

static bool is_exec(const mir_operand *o) { return o->kind == MIR_OPND_FIXED && o->preg == MIR_PREG_EXEC; }

/* Is ins `exec = op exec, T` (T a temporary, either order when `any`)? */
static bool exec_with(const mir_program *p, const mir_instr *ins, wavecc_lane_opkind k, bool any, mir_temp *t) {
  if (ins->opcode != mir_lane_op(p, k) || ins->num_defs != 1 || ins->num_ops != 2 || !is_exec(&ins->defs[0]))
    return false;
  for (unsigned j = 0; j < 2; j++)
    if ((j == 1 || any) && is_exec(&ins->ops[1 - j]) && ins->ops[j].kind == MIR_OPND_TEMP) {
      *t = ins->ops[j].temp;
      return true;
    }
  return false;
}

/* X ends `S = s_and_saveexec M` (M holds a lane of E, X's EXEC:
 * MIR_BLOCK_FIRST_LANE) and its s_cbranch_execz went: EXEC is E & M from
 * there down the straight line of blocks that do not write EXEC, to the
 * waterfall latch's
 *     exec = s_or_b64 exec, S ; exec = s_andn2_b64 exec, M
 * (the if's join, E; the matched lanes leave the loop: E & ~M), which is
 * `exec = s_xor_b64 exec, S` at once: (E & M) ^ E (llc-19's waterfall
 * s_xor_b64 exec, exec, saved). SCC (result non-zero) is the same. */
static void fuse_latch_xor(mir_program *p, uint32_t x, mir_temp S, mir_temp M) {
  uint32_t b = x;
  for (unsigned steps = 0; steps < 16; steps++) {
    mir_block *bb = &p->blocks[b];
    for (uint32_t i = b == x ? bb->num_instrs : 0; i < bb->num_instrs; i++) {
      mir_instr *ins = bb->instrs[i];
      mir_temp t;
      if (i + 1 < bb->num_instrs && exec_with(p, ins, WAVECC_LANE_OR, true, &t) && t.id == S.id &&
          exec_with(p, bb->instrs[i + 1], WAVECC_LANE_ANDN2, false, &t) && t.id == M.id) {
        ins->opcode = (uint16_t)mir_lane_op(p, WAVECC_LANE_XOR);
        memmove(&bb->instrs[i + 1], &bb->instrs[i + 2], (bb->num_instrs - i - 2) * sizeof *bb->instrs);
        bb->num_instrs--;
        return;
      }
      if (ins->opcode < ISA_NUM_OPS && (isa_table[ins->opcode].flags & ISA_F_BRANCH) && ins->opcode != ISA_S_BRANCH)
        return;
      if (ins->opcode == MIR_P_CBRANCH_SCC || mir_writes_exec(ins) || ins->opcode == MIR_P_CALL) return;
    }
    if (bb->linear_succs.n != 1) return;
    b = bb->linear_succs.v[0];
    if (p->blocks[b].linear_preds.n != 1) return;
  }
}

int mir_execz_short(mir_program *p, diag *d) {
  (void)d;
  for (uint32_t x = 0; x + 1 < p->num_blocks; x++) {
    mir_block *xb = &p->blocks[x];
    uint32_t n = xb->num_instrs, y = x + 1;
    if (n && xb->instrs[n - 1]->opcode == MIR_P_BRANCH) {
      if (xb->instrs[n - 1]->ops[0].imm != y) continue;
      n--;
    }
    if (!n || xb->instrs[n - 1]->opcode != ISA_S_CBRANCH_EXECZ) continue;
    uint32_t z = xb->instrs[n - 1]->ops[0].imm;
    if (z == y || z >= p->num_blocks || xb->linear_succs.n != 2) continue;
    const mir_instr *sx = n >= 2 ? xb->instrs[n - 2] : NULL;
    if ((xb->flags & MIR_BLOCK_FIRST_LANE) && sx && sx->opcode == mir_lane_op(p, WAVECC_LANE_AND_SAVEEXEC) &&
        sx->num_defs == 1 && sx->defs[0].kind == MIR_OPND_TEMP && sx->num_ops == 1 &&
        sx->ops[0].kind == MIR_OPND_TEMP) {
      /* the body always has a lane: no skip */
      mir_temp S = sx->defs[0].temp, M = sx->ops[0].temp;
      for (uint32_t i = n - 1; i + 1 < xb->num_instrs; i++) xb->instrs[i] = xb->instrs[i + 1];
      xb->num_instrs--;
      mir_idx_list_remove(&xb->linear_succs, z);
      mir_idx_list_remove(&p->blocks[z].linear_preds, x);
      fuse_latch_xor(p, x, S, M);
      continue;
    }
    mir_block *yb = &p->blocks[y];
    if (yb->linear_preds.n != 1 || yb->linear_preds.v[0] != x || yb->linear_succs.n != 1 || yb->linear_succs.v[0] != z)
      continue;
    uint32_t m = yb->num_instrs;
    if (m && yb->instrs[m - 1]->opcode == MIR_P_BRANCH) {
      if (yb->instrs[m - 1]->ops[0].imm != z) continue;
      m--;
    }
    if (!m || m > EXECZ_SHORT_MAX || (m < yb->num_instrs ? false : z != y + 1)) continue;
    bool ok = true;
    for (uint32_t i = 0; i < m && ok; i++) ok = harmless_at_exec_zero(yb->instrs[i]);
    if (!ok) continue;
    /* drop the s_cbranch_execz (and keep X's p_branch to Y, if any) */
    for (uint32_t i = n - 1; i + 1 < xb->num_instrs; i++) xb->instrs[i] = xb->instrs[i + 1];
    xb->num_instrs--;
    mir_idx_list_remove(&xb->linear_succs, z);
    mir_idx_list_remove(&p->blocks[z].linear_preds, x);
  }
  return 0;
}
