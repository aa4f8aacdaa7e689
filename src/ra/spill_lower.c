/* Lowering of the spiller's pseudo-instructions on physical registers
 * (called by SSA elimination, after register allocation).
 *
 *   p_spill  s, lane, lv        -> v_writelane_b32 lv, s+k, lane+k   (per dword k)
 *   p_reload s <- lane, lv      -> v_readlane_b32  s+k, lv, lane+k
 *   p_spill  v, off, V#, soff   -> buffer_store_dword v+k, off, V#, soff offset:off+4k-W
 *   p_reload v <- off, V#, soff -> buffer_load_dword  v+k, off, V#, soff offset:off+4k-W
 *     (W = the pseudo's offset field: 0, or for slots past the
 *     immediate's reach the window its soff holds, spill_place.c)
 *     (on a target with AGPRs, the first slot dwords instead
 *     v_accvgpr_write_b32 a<i>, v+k / v_accvgpr_read_b32 v+k, a<i>:
 *     mir_program.agpr_spill_*, spill_place.c)
 *   p_spill  s, off, V#, soff   -> SGPRs to scratch through a temporary VGPR (below)
 *   p_reload s <- off, V#, soff
 *   p_start_linear_vgpr         -> nothing (the VGPR is reserved by liveness)
 *
 * With architected flat scratch (gfx11, gfx942) the V# operand is "off",
 * the offset a constant, and the accesses scratch_store/load_dword v+k,
 * off, off offset:base+off+4k (mir_scratch_access).
 *
 * v_writelane_b32 / v_readlane_b32 ignore EXEC (Vega ISA guide, VOP3
 * "V_READLANE_B32", "V_WRITELANE_B32"), so SGPR spill code is correct in a
 * block entered with EXEC = 0 (seed D99507). The scratch accesses address
 * the lane's private dword at byte `off` through the swizzled private
 * segment buffer (AMDGPUUsage "Private Segment Buffer"), as allocas do;
 * they store and load only the lanes EXEC enables.
 *
 * SGPRs to scratch (seed D96336), when the kernel has no VGPR to spare
 * for lanes: the SGPR dwords go into lanes 0..n-1 of a temporary VGPR
 * (v0), which is stored whole to the slot's per-lane dword at `off`; v0's
 * own lanes (all wave_size of them) are saved whole first in the save slot (the dword just
 * below `off`'s region, at offset 0) and restored after, since other code
 * may hold values in any of its lanes, active or not. Every memory access
 * of the sequence covers every lane of the wave, whatever EXEC is on entry (0
 * included), so a reload is EXEC-independent:
 *   - with a free SGPR pair sP (not live, below the budget): s_mov_b64 sP,
 *     exec; s_mov_b64 exec, -1; ... ; s_mov_b64 exec, sP. No SCC write.
 *     (wave32: one SGPR and s_mov_b32 on exec_lo; likewise s_not_b32.)
 *   - with none: each whole-wave access is two accesses, under EXEC and
 *     (after s_not_b64 exec, exec) under its complement, the flips paired
 *     so that EXEC ends as it began. s_not_b64 writes SCC: when SCC is live
 *     across, it is kept in a free SGPR sX (s_cselect_b32 sX, 1, 0 before,
 *     s_cmp_lg_u32 sX, 0 after); the spiller leaves one SGPR free at such
 *     points (spill.c), so sX always exists.
 */
#include <assert.h>

#include "ra/ra.h"
#include "util/bitset.h"

static mir_operand temp_reg(const mir_operand *o, unsigned k, unsigned dwords) {
  return mir_op_fixed((mir_preg)(o->preg + k), dwords);
}

/* A scratch pseudo's V# or base operand on registers: "off" and constants
 * (architected flat scratch, spill_base_operand) stay as they are. */
static mir_operand scratch_reg(const mir_operand *o, unsigned dwords) {
  return o->kind == MIR_OPND_TEMP || o->kind == MIR_OPND_FIXED ? temp_reg(o, 0, dwords) : *o;
}

typedef struct seq {
  mir_program *p;
  mir_instr **out;
  unsigned n;
  mir_operand psb, wo; /* scratch V# and wave offset */
} seq;

static mir_instr *put(seq *s, unsigned op, unsigned nops, unsigned ndefs) {
  assert(s->n < MIR_SPILL_LOWER_MAX);
  mir_instr *m = mir_instr_create(s->p, op, nops, ndefs);
  s->out[s->n++] = m;
  return m;
}

/* dst = src on lane masks (s_mov_b64; s_mov_b32 on wave32) */
static void s_mov_lanes(seq *s, mir_operand dst, mir_operand src) {
  mir_instr *m = put(s, mir_lane_op(s->p, WAVECC_LANE_MOV), 1, 1);
  m->defs[0] = dst;
  m->ops[0] = src;
}

static void not_exec(seq *s) {
  mir_instr *m = put(s, mir_lane_op(s->p, WAVECC_LANE_NOT), 1, 2);
  m->defs[0] = mir_op_exec(s->p);
  m->defs[1] = mir_op_fixed(MIR_PREG_SCC, 1);
  m->ops[0] = mir_op_exec(s->p);
}

/* buffer_store_dword / buffer_load_dword of the temporary VGPR at byte off. */
static void tmp_access(seq *s, bool store, uint32_t off) {
  mir_operand none = {.kind = MIR_OPND_NONE, .preg = MIR_PREG_NONE};
  assert(s->n < MIR_SPILL_LOWER_MAX);
  s->out[s->n++] = mir_scratch_access(s->p, store ? ISA_BUFFER_STORE_DWORD : ISA_BUFFER_LOAD_DWORD,
                                      mir_op_fixed(MIR_PREG_VGPR(0), 1), none, s->psb, s->wo, (int32_t)off);
}

/* A whole-wave access: one access with EXEC = -1 (pair) or two, the second
 * under the flipped EXEC (*flipped tracks the parity of the flips). */
static void whole(seq *s, bool pair, bool store, uint32_t off, bool *flipped) {
  tmp_access(s, store, off);
  if (pair) return;
  not_exec(s);
  *flipped = !*flipped;
  tmp_access(s, store, off);
}

/* First free (not busy, below the SGPR budget) SGPR run of `n` dwords
 * aligned to `n`, or MIR_PREG_NONE. */
static mir_preg free_sgprs(const mir_program *p, const uint64_t *busy, unsigned n) {
  if (!busy) return MIR_PREG_NONE;
  unsigned budget = mir_sgpr_budget(p);
  for (unsigned r = 0; r + n <= budget; r += n) {
    bool ok = true;
    for (unsigned k = 0; k < n; k++) ok &= !bitset_test(busy, r + k);
    if (ok) return MIR_PREG_SGPR(r);
  }
  return MIR_PREG_NONE;
}

static unsigned sgpr_scratch(mir_program *p, const mir_instr *ins, const uint64_t *busy, bool scc_live,
                             mir_instr **out) {
  bool spill = ins->opcode == MIR_P_SPILL;
  const mir_operand *val = spill ? &ins->ops[0] : &ins->defs[0];
  const mir_operand *rest = spill ? &ins->ops[1] : &ins->ops[0];
  unsigned n = mir_rc_size(val->temp.rc);
  /* A reload's SGPRs are written before the V# and offset are last read
   * (the spiller marks those operands late-kill). */
  for (unsigned k = 0; !spill && k < n; k++)
    for (unsigned j = 1; j < 3; j++)
      if (val->preg + k >= rest[j].preg && val->preg + k < rest[j].preg + (j == 1 ? 4u : 1u))
        return MIR_SPILL_LOWER_OVERLAP;
  seq s = {.p = p, .out = out, .psb = scratch_reg(&rest[1], 4), .wo = scratch_reg(&rest[2], 1)};
  uint32_t off = (uint32_t)rest[0].imm, save = 0;
  const unsigned lw = mir_lane_dwords(p);
  mir_preg pair = free_sgprs(p, busy, lw), stash = MIR_PREG_NONE; /* EXEC's keeper */
  bool has_pair = pair != MIR_PREG_NONE, flipped = false;
  if (has_pair) {
    s_mov_lanes(&s, mir_op_fixed(pair, lw), mir_op_exec(p));
    s_mov_lanes(&s, mir_op_exec(p), mir_op_const(0xffffffffu));
    s.out[s.n - 1]->ops[0].size = (uint8_t)lw;
  } else if (scc_live) {
    stash = free_sgprs(p, busy, 1);
    if (stash == MIR_PREG_NONE) return MIR_SPILL_LOWER_NO_SCC_KEEPER; /* the spiller leaves one free */
    mir_instr *m = put(&s, ISA_S_CSELECT_B32, 3, 1);
    m->defs[0] = mir_op_fixed(stash, 1);
    m->ops[0] = mir_op_const(1);
    m->ops[1] = mir_op_const(0);
    m->ops[2] = mir_op_fixed(MIR_PREG_SCC, 1);
  }
  whole(&s, has_pair, true, save, &flipped);
  if (spill) {
    for (unsigned k = 0; k < n; k++) {
      mir_instr *m = put(&s, ISA_V_WRITELANE_B32, 2, 1);
      m->defs[0] = mir_op_fixed(MIR_PREG_VGPR(0), 1);
      m->ops[0] = temp_reg(val, k, 1);
      m->ops[1] = mir_op_const(k);
    }
    whole(&s, has_pair, true, off, &flipped);
  } else {
    whole(&s, has_pair, false, off, &flipped);
    for (unsigned k = 0; k < n; k++) {
      mir_instr *m = put(&s, ISA_V_READLANE_B32, 2, 1);
      m->defs[0] = temp_reg(val, k, 1);
      m->ops[0] = mir_op_fixed(MIR_PREG_VGPR(0), 1);
      m->ops[1] = mir_op_const(k);
    }
  }
  whole(&s, has_pair, false, save, &flipped);
  if (flipped) not_exec(&s);
  if (has_pair) s_mov_lanes(&s, mir_op_exec(p), mir_op_fixed(pair, lw));
  if (stash != MIR_PREG_NONE) {
    mir_instr *m = put(&s, ISA_S_CMP_LG_U32, 2, 1);
    m->defs[0] = mir_op_fixed(MIR_PREG_SCC, 1);
    m->ops[0] = mir_op_fixed(stash, 1);
    m->ops[1] = mir_op_const(0);
  }
  return s.n;
}

unsigned mir_spill_lower(mir_program *p, const mir_instr *ins, const uint64_t *busy, bool scc_live, mir_instr **out) {
  if (ins->opcode == MIR_P_START_LINEAR_VGPR || ins->opcode == MIR_P_END_LINEAR_VGPR) return 0;
  bool spill = ins->opcode == MIR_P_SPILL;
  const mir_operand *val = spill ? &ins->ops[0] : &ins->defs[0];
  const mir_operand *rest = spill ? &ins->ops[1] : &ins->ops[0]; /* slot, then lane VGPR or V#, offset */
  unsigned n = mir_rc_size(val->temp.rc);
  bool vgpr = mir_rc_is_vgpr(val->temp.rc);
  if (spill) p->num_spills += n;
  else p->num_reloads += n;
  if (!vgpr && ins->num_ops == (spill ? 4u : 3u)) return sgpr_scratch(p, ins, busy, scc_live, out);
  for (unsigned k = 0; k < n; k++) {
    mir_instr *m;
    uint32_t at = (rest[0].imm - p->agpr_spill_vbase) / 4 + k; /* the slot dword (spill_place.c) */
    if (vgpr && rest[0].imm >= p->agpr_spill_vbase && at < p->agpr_spill_dwords) {
      /* kept in AGPR a<at> past the MFMA accumulators' (mfma_acc.c): a
       * VALU move, under EXEC as the store would be */
      at += p->agpr_acc_dwords;
      m = mir_instr_create(p, spill ? ISA_V_ACCVGPR_WRITE_B32 : ISA_V_ACCVGPR_READ_B32, 1, 1);
      m->defs[0] = spill ? mir_op_fixed(MIR_PREG_AGPR(at), 1) : temp_reg(val, k, 1);
      m->ops[0] = spill ? temp_reg(val, k, 1) : mir_op_fixed(MIR_PREG_AGPR(at), 1);
      if (at + 1 > p->num_agprs_used) p->num_agprs_used = at + 1;
    } else if (vgpr) {
      mir_operand none = {.kind = MIR_OPND_NONE, .preg = MIR_PREG_NONE};
      m = mir_scratch_access(p, spill ? ISA_BUFFER_STORE_DWORD : ISA_BUFFER_LOAD_DWORD, temp_reg(val, k, 1), none,
                             scratch_reg(&rest[1], 4), scratch_reg(&rest[2], 1),
                             (int32_t)(rest[0].imm + 4 * k) - ins->offset); /* a window's base (spill_place.c) */
    } else if (spill) {
      m = mir_instr_create(p, ISA_V_WRITELANE_B32, 2, 1);
      m->defs[0] = temp_reg(&rest[1], 0, 1);
      m->ops[0] = temp_reg(val, k, 1);
      m->ops[1] = mir_op_const(rest[0].imm + k);
    } else {
      m = mir_instr_create(p, ISA_V_READLANE_B32, 2, 1);
      m->defs[0] = temp_reg(val, k, 1);
      m->ops[0] = temp_reg(&rest[1], 0, 1);
      m->ops[1] = mir_op_const(rest[0].imm + k);
    }
    out[k] = m;
  }
  return n;
}
