/* Instruction selection: lane-mask (i1) phis at divergent joins.
 *
 * A divergent i1 lives in an SGPR (pair) as a lane mask, written whole by
 * SALU and VOPC instructions. At the join of a divergent if (or after a
 * loop whose lanes leave in different iterations) a phi's copies run in
 * the predecessors one after the other, each under that edge's EXEC; an
 * SGPR-pair copy ignores EXEC, so the last copy would decide every lane.
 * Such a phi becomes a VGPR phi of 0/1 (v_cndmask_b32 in each predecessor,
 * written only in that edge's lanes) and a v_cmp_ne_u32 after the phis and
 * the EXEC restore gives the mask back (LLVM's SILowerI1Copies merges with
 * EXEC instead; this costs one VALU instruction per edge and one at the
 * join, but needs no mask arithmetic).
 */
#include <string.h>

#include "isel/isel_internal.h"

/* Moves the instructions of blk from index `from` on to index `pos`. */
static void move_to(mir_block *blk, uint32_t from, uint32_t pos) {
  uint32_t n = blk->num_instrs - from;
  mir_instr *tmp[16];
  if (!n || n > 16) return;
  for (uint32_t k = 0; k < n; k++) tmp[k] = blk->instrs[from + k];
  memmove(&blk->instrs[pos + n], &blk->instrs[pos], (from - pos) * sizeof(mir_instr *));
  for (uint32_t k = 0; k < n; k++) blk->instrs[pos + k] = tmp[k];
}

static bool reads_temp(const mir_instr *ins, uint32_t id) {
  for (unsigned k = 0; k < ins->num_ops; k++)
    if (ins->ops[k].kind == MIR_OPND_TEMP && ins->ops[k].temp.id == id) return true;
  return false;
}

static bool defines_exec(const mir_instr *ins) {
  return ins->num_defs && ins->defs[0].kind == MIR_OPND_FIXED && ins->defs[0].preg == MIR_PREG_EXEC;
}

/* Is temporary `id` defined in blk by s_mov_b64 (wave32: s_mov_b32) of a
 * constant lane mask (no lanes or all)? *v: 0 or 1. */
static bool const_mask(const isel_ctx *c, const mir_block *blk, uint32_t id, uint32_t *v) {
  for (uint32_t k = blk->num_instrs; k-- > 0;) {
    const mir_instr *ins = blk->instrs[k];
    if (!ins->num_defs || ins->defs[0].kind != MIR_OPND_TEMP || ins->defs[0].temp.id != id) continue;
    if (ins->opcode != isel_lane_op(c, WAVECC_LANE_MOV) || ins->ops[0].kind != MIR_OPND_CONST) return false;
    uint32_t x = ins->ops[0].imm;
    if (x != 0 && x != UINT32_MAX) return false;
    *v = x ? 1 : 0;
    return true;
  }
  return false;
}

static uint32_t tail_start(const mir_block *blk) {
  uint32_t t = blk->num_instrs;
  while (t > 0) {
    unsigned o = blk->instrs[t - 1]->opcode;
    if (o == MIR_P_BRANCH || o == MIR_P_CBRANCH_SCC || o == ISA_S_CBRANCH_EXECZ || o == ISA_S_CBRANCH_EXECNZ ||
        o == ISA_S_ENDPGM)
      t--;
    else
      break;
  }
  return t;
}

void isel_vgpr_bool_phis(isel_ctx *c, uint32_t mb) {
  mir_block *blk = &c->p->blocks[mb];
  uint32_t nphi = 0;
  while (nphi < blk->num_instrs && blk->instrs[nphi]->opcode == MIR_P_PHI) nphi++;
  for (uint32_t i = 0; i < nphi; i++) {
    mir_instr *phi = blk->instrs[i];
    mir_operand *d = &phi->defs[0];
    if (d->kind != MIR_OPND_TEMP || !isel_lane_marked(c, d->temp)) continue;
    mir_temp m = d->temp, pv = isel_tmp(c, mir_rc_v(1));
    *d = mir_op_temp(pv);
    for (unsigned k = 0; k < phi->num_ops; k++) {
      if (phi->ops[k].kind != MIR_OPND_TEMP) {
        phi->ops[k].temp.rc = mir_rc_v(1);
        continue;
      }
      uint32_t pm = blk->logical_preds.v[k];
      mir_block *pb = &c->p->blocks[pm];
      uint32_t cv;
      if (const_mask(c, pb, phi->ops[k].temp.id, &cv)) {
        /* a constant edge (a loop-exit flag's true/false): 0 or 1, no
         * mask and no v_cndmask */
        phi->ops[k] = mir_op_const(cv);
        continue;
      }
      uint32_t at = tail_start(pb), n0 = pb->num_instrs;
      c->cur = pm;
      mir_temp v = isel_v1_3(c, ISA_V_CNDMASK_B32, mir_op_const(0), mir_op_const(1), phi->ops[k]);
      move_to(pb, n0, at);
      phi->ops[k] = mir_op_temp(v);
    }
    c->cur = mb;
    uint32_t n0 = blk->num_instrs;
    mir_temp r = isel_vcmp(c, ISA_V_CMP_NE_U32, mir_op_const(0), mir_op_temp(pv));
    for (uint32_t k = n0; k < blk->num_instrs; k++)
      if (blk->instrs[k]->num_defs && blk->instrs[k]->defs[0].kind == MIR_OPND_TEMP &&
          blk->instrs[k]->defs[0].temp.id == r.id)
        blk->instrs[k]->defs[0] = mir_op_temp(m);
    /* after the EXEC set that follows the phis (a restore, or in a block
     * of walk_local the OR of its edges' lanes into an SGPR pair and then
     * s_mov_b64 exec: the compare must see every lane of the block), but
     * before any EXEC update that reads the mask itself (a loop whose exit
     * condition is this phi: s_andn2_b64 exec, exec, mask) */
    uint32_t at = nphi, k = nphi;
    while (k < n0 && blk->instrs[k]->opcode == isel_lane_op(c, WAVECC_LANE_OR) && !defines_exec(blk->instrs[k]) &&
           !reads_temp(blk->instrs[k], m.id))
      k++;
    if (k < n0 && blk->instrs[k]->opcode == isel_lane_op(c, WAVECC_LANE_MOV) && defines_exec(blk->instrs[k])) at = k + 1;
    while (at < n0 && defines_exec(blk->instrs[at]) && !reads_temp(blk->instrs[at], m.id)) at++;
    move_to(blk, n0, at);
  }
}
