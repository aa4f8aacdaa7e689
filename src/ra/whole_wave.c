/* The EXEC sequences around whole-wave VGPR copies, for SSA elimination
 * (ssa_elim.c lowers the copies of a p_parallelcopy or p_phi marked
 * MIR_ENC_WHOLE_WAVE between them).
 *
 * Under masked linearisation a VGPR value moved across blocks
 * (regalloc_global.c) is read under the new name by lanes that never ran
 * the copy's block, so the copy must write every lane of the wave that
 * may hold the value. Liveness is linear in that mode, so the destination
 * holds no live value in any lane and the lanes outside EXEC may be
 * written (what a v_mov_b32 of them copies may be undefined: the emulator's
 * poison check carries definedness through the move and reports only a
 * use). Two forms, with the copies of the other lanes (N, those of EXEC
 * only) kept apart from the whole-wave ones (W):
 *   - save: a free SGPR pair sP below the budget (one SGPR in wave32)
 *       N's moves; s_or_saveexec_b64 sP, -1 (SCC dead; else s_mov_b64 sP,
 *       exec; s_mov_b64 exec, -1); W's moves; s_mov_b64 exec, sP
 *     only when W and N touch disjoint registers (so their order does not
 *     matter);
 *   - flip: W's and N's moves under EXEC; s_not_b64 exec, exec; W's moves
 *     again for the lanes outside EXEC; s_not_b64 exec, exec. s_not writes
 *     SCC: when SCC is live across, it is kept in a free SGPR sK
 *     (s_cselect_b32 sK, 1, 0 before, s_cmp_lg_u32 sK, 0 after).
 * The wave32 forms (s_*_b32 on exec_lo) come from the target's lane ops.
 * Every sequence leaves EXEC as it found it, and SCC too where it is live.
 */
#include "ra/ra.h"
#include "util/bitset.h"

mir_preg mir_free_sgprs(mir_program *p, const uint64_t *busy, unsigned n) {
  if (!busy) return MIR_PREG_NONE;
  unsigned budget = mir_sgpr_budget(p);
  for (unsigned r = 0; r + n <= budget && r + n <= MIR_MAX_SGPRS; r += n) {
    bool ok = true;
    for (unsigned k = 0; k < n; k++) ok &= !bitset_test(busy, r + k);
    if (ok) return MIR_PREG_SGPR(r);
  }
  return MIR_PREG_NONE;
}

static void used(mir_program *p, mir_preg r, unsigned n) {
  if (r + n > p->num_sgprs_used) p->num_sgprs_used = r + n; /* the descriptor must cover it */
}

bool mir_whole_wave_plan(mir_program *p, const uint64_t *busy, bool scc_live, bool may_save, mir_whole_wave *w) {
  unsigned lw = mir_lane_dwords(p);
  *w = (mir_whole_wave){.save = MIR_PREG_NONE, .keeper = MIR_PREG_NONE, .scc_live = scc_live};
  if (may_save) w->save = mir_free_sgprs(p, busy, lw);
  if (w->save != MIR_PREG_NONE) {
    used(p, w->save, lw);
    return true;
  }
  if (!scc_live) return true;
  w->keeper = mir_free_sgprs(p, busy, 1);
  if (w->keeper == MIR_PREG_NONE) return false;
  used(p, w->keeper, 1);
  return true;
}

static mir_instr *lane_op(mir_program *p, wavecc_lane_opkind k, unsigned nops, unsigned ndefs) {
  return mir_instr_create(p, mir_lane_op(p, k), nops, ndefs);
}

static mir_instr *not_exec(mir_program *p) {
  mir_instr *m = lane_op(p, WAVECC_LANE_NOT, 1, 2);
  m->defs[0] = mir_op_exec(p);
  m->defs[1] = mir_op_fixed(MIR_PREG_SCC, 1);
  m->ops[0] = mir_op_exec(p);
  return m;
}

static mir_operand all_ones(const mir_program *p) {
  mir_operand o = mir_op_const(0xffffffffu);
  o.size = (uint8_t)mir_lane_dwords(p);
  return o;
}

unsigned mir_whole_wave_open(mir_program *p, const mir_whole_wave *w, mir_instr **out) {
  unsigned n = 0, lw = mir_lane_dwords(p);
  if (w->save != MIR_PREG_NONE) {
    if (!w->scc_live) {
      mir_instr *m = lane_op(p, WAVECC_LANE_OR_SAVEEXEC, 1, 1);
      m->defs[0] = mir_op_fixed(w->save, lw);
      m->ops[0] = all_ones(p);
      out[n++] = m;
      return n;
    }
    mir_instr *m = lane_op(p, WAVECC_LANE_MOV, 1, 1);
    m->defs[0] = mir_op_fixed(w->save, lw);
    m->ops[0] = mir_op_exec(p);
    out[n++] = m;
    m = lane_op(p, WAVECC_LANE_MOV, 1, 1);
    m->defs[0] = mir_op_exec(p);
    m->ops[0] = all_ones(p);
    out[n++] = m;
    return n;
  }
  if (w->keeper != MIR_PREG_NONE) {
    mir_instr *m = mir_instr_create(p, ISA_S_CSELECT_B32, 3, 1);
    m->defs[0] = mir_op_fixed(w->keeper, 1);
    m->ops[0] = mir_op_const(1);
    m->ops[1] = mir_op_const(0);
    m->ops[2] = mir_op_fixed(MIR_PREG_SCC, 1);
    out[n++] = m;
  }
  out[n++] = not_exec(p);
  return n;
}

unsigned mir_whole_wave_close(mir_program *p, const mir_whole_wave *w, mir_instr **out) {
  unsigned n = 0;
  if (w->save != MIR_PREG_NONE) {
    mir_instr *m = lane_op(p, WAVECC_LANE_MOV, 1, 1);
    m->defs[0] = mir_op_exec(p);
    m->ops[0] = mir_op_fixed(w->save, mir_lane_dwords(p));
    out[n++] = m;
    return n;
  }
  out[n++] = not_exec(p);
  if (w->keeper != MIR_PREG_NONE) {
    mir_instr *m = mir_instr_create(p, ISA_S_CMP_LG_U32, 2, 1);
    m->defs[0] = mir_op_fixed(MIR_PREG_SCC, 1);
    m->ops[0] = mir_op_fixed(w->keeper, 1);
    m->ops[1] = mir_op_const(0);
    out[n++] = m;
  }
  return n;
}
