/* fuse-mad: `m = v_mul_lo_u32 a, b` read only by `d = v_add_u32 m, y`
 * (either operand) of its block, with y a VGPR dword (read elsewhere too
 * or not) or an inline constant, becomes
 *   d64, carry = v_mad_u64_u32 a, b, lo64 y   (y read in its own register
 *                                              as the low half of a pair
 *                                              whose high half is
 *                                              don't-care: mir_opnd_lo64)
 *   d = p_extract d64, 0
 * and the mul goes: one instruction fewer. The low 32 bits of a*b + pair
 * are a*b + y whatever the pair's high half holds (carries only move up),
 * as llc-19 selects a divergent i32 mul + add on every GCN target
 * (v_mad_u64_u32 v[4:5], s[4:5], v17, s4, v[3:4] with v4 undefined, v4
 * often another live value). An addend live on after the add needs no
 * copy (f_spill_vgpr: 15 shared x >> s read by 320 adds; jacobi2d and
 * transpose_lds: y * w + x with x live); until ra18 such an addend was
 * copied into a pair, or a shift computed again per add.
 *
 * Why here and not only at selection (isel_narrow.c mad64_elem does the
 * same for an addend used once): an addend that several adds read (x >> s
 * shared by many x * k + (x >> s), tests/kernels/f_spill_vgpr.cl) is read
 * once per add only after sched-pressure has spread the block out, and
 * fusing at selection leaves a pair result whose p_extract, at the
 * greedy step of sched-pressure, looks one VGPR dearer than the add: the
 * block stays in its spilling order (256 VGPRs, 63 spills). Run after
 * sched-pressure, on the order it chose, and only where the register
 * demand leaves room for what the fused form adds (the 64-bit result
 * holds one VGPR more at the add, the carry an SGPR
 * mask; a and b live on to the add when the mul was their last reader):
 * within the budget and within the occupancy the block's peak already
 * gives.
 *
 * Semantics (Vega ISA guide, VOP3b opcode 0x1e8 v_mad_u64_u32: D.u64 =
 * S0.u32 * S1.u32 + S2.u64, carry-out in SDST). Only plain forms (no
 * clamp, a v_add_u32 with clamp saturates), no source modifiers, no
 * physical register operands, a constant bus the target allows.
 * Never fails; returns 0. */
#include <stdlib.h>
#include <string.h>

#include "passes/passes.h"
#include "ra/ra.h"
#include "target/isa.h"

static bool plain(const mir_instr *i) { return !i->clamp && !i->omod && !(i->enc_flags & ~MIR_ENC_VOP3); }

/* a temporary (not fixed to a register), or a constant, without modifiers
 * or an SDWA select (pass sdwa runs first: an add reading the low half-word
 * of its operand, v_add_u32_sdwa, is no plain add, and v_mad_u64_u32, VOP3,
 * has no select; fz22a, gen_private_tuples 168 at gfx1030 -O1) */
static bool simple(const mir_operand *o) {
  if ((o->flags & ~(MIR_OPND_KILL | MIR_OPND_LATE_KILL)) || o->sel) return false;
  if (o->kind == MIR_OPND_CONST) return o->size <= 1;
  return o->kind == MIR_OPND_TEMP && o->preg == MIR_PREG_NONE;
}

/* Registers (VGPR and SGPR dwords) that operands ops[0..n) hand back at
 * their instruction (kill flags from liveness), each temporary once. */
static void killed_dwords(const mir_operand *ops, unsigned n, unsigned *v, unsigned *s) {
  *v = *s = 0;
  for (unsigned k = 0; k < n; k++) {
    const mir_operand *o = &ops[k];
    if (o->kind != MIR_OPND_TEMP || !(o->flags & MIR_OPND_KILL)) continue;
    bool dup = false;
    for (unsigned j = 0; j < k; j++) dup |= ops[j].kind == MIR_OPND_TEMP && ops[j].temp.id == o->temp.id;
    if (dup) continue;
    unsigned dw = mir_rc_size((mir_rc)o->temp.rc);
    if (mir_rc_is_vgpr((mir_rc)o->temp.rc)) *v += dw;
    else *s += dw;
  }
}

typedef struct fm_ctx {
  mir_program *p;
  mir_instr **def;
  uint32_t *uses, *block_of, *pos;
  unsigned vlimit, slimit;
  /* per position of the block at hand: registers the fusions chosen so far add there */
  uint16_t *extra_v, *extra_s;
  uint8_t *drop;            /* per position: a mul that goes */
  mir_instr **mad, **ex;    /* per position: the v_mad_u64_u32 and p_extract replacing the add */
} fm_ctx;

/* Does block b's demand leave room from position j (the mul) to i (the
 * add) for fusing them? ev/es: registers the mul's operands keep live to
 * the add beyond the product they replace. Books them when so. */
static bool room(fm_ctx *c, uint32_t b, uint32_t j, uint32_t i, unsigned ev, unsigned es) {
  const mir_reg_demand *dm = c->p->live->demand[b];
  unsigned lanes = mir_lane_dwords(c->p);
  for (uint32_t k = j + 1; k <= i; k++) {
    unsigned v = dm[k].vgpr + c->extra_v[k] + ev + (k == i), s = dm[k].sgpr + c->extra_s[k] + es + (k == i ? lanes : 0);
    if (v > c->vlimit || s > c->slimit) return false;
  }
  for (uint32_t k = j + 1; k <= i; k++) {
    c->extra_v[k] += (uint16_t)(ev + (k == i));
    c->extra_s[k] += (uint16_t)(es + (k == i ? lanes : 0));
  }
  return true;
}

/* Plans the fusion of instruction i of block b if it is such an add (the
 * block is rebuilt afterwards: positions stay those of liveness's demand). */
static void plan_at(fm_ctx *c, uint32_t b, uint32_t i) {
  mir_program *p = c->p;
  mir_instr *add = p->blocks[b].instrs[i];
  if (add->opcode != ISA_V_ADD_U32 || add->num_ops != 2 || add->num_defs != 1 || !plain(add)) return;
  if (add->defs[0].kind != MIR_OPND_TEMP || add->defs[0].preg != MIR_PREG_NONE) return;
  for (unsigned k = 0; k < 2; k++) {
    const mir_operand *t = &add->ops[k], *y = &add->ops[1 - k];
    if (t->kind != MIR_OPND_TEMP || t->temp.id >= p->num_temps || c->uses[t->temp.id] != 1 || !simple(t)) continue;
    mir_instr *mul = c->def[t->temp.id];
    uint32_t j = c->pos[t->temp.id];
    if (!mul || mul->opcode != ISA_V_MUL_LO_U32 || mul->num_ops != 2 || mul->num_defs != 1 || !plain(mul) ||
        c->block_of[t->temp.id] != b || j >= i || c->drop[j])
      continue;
    if (!simple(&mul->ops[0]) || !simple(&mul->ops[1]) || !simple(y)) continue;
    /* a VGPR dword read as the pair's low half in its own register, live
     * on or not (mir_opnd_lo64), or an inline constant */
    bool yv = y->kind == MIR_OPND_TEMP && y->temp.rc == mir_rc_v(1) && y->temp.id < p->num_temps;
    bool yc = y->kind == MIR_OPND_CONST && mir_const_is_inline(y->imm);
    if (!yv && !yc) continue;
    mir_operand src[3] = {mul->ops[0], mul->ops[1], *y};
    src[2].size = 2; /* lo64, or the 64-bit inline constant of the same value: same low dword */
    for (unsigned s = 0; s < 3; s++) src[s].flags = 0;
    if (!mir_valu_bus_ok(p->target, ISA_V_MAD_U64_U32, true, src, 3)) continue;
    unsigned kv, ks;
    killed_dwords(mul->ops, 2, &kv, &ks);
    if (!room(c, b, j, i, kv > 1 ? kv - 1 : 0, ks)) continue;
    mir_temp wide = mir_new_temp(p, mir_rc_v(2)), carry = mir_new_temp(p, mir_rc_s(mir_lane_dwords(p)));
    mir_instr *mad = mir_instr_create(p, ISA_V_MAD_U64_U32, 3, 2);
    for (unsigned s = 0; s < 3; s++) mad->ops[s] = src[s];
    mad->defs[0] = mir_op_temp(wide);
    mad->defs[1] = mir_op_temp(carry);
    mad->loc = add->loc;
    mir_instr *ex = mir_instr_create(p, MIR_P_EXTRACT, 2, 1);
    ex->ops[0] = mir_op_temp(wide);
    ex->ops[1] = mir_op_const(0);
    ex->defs[0] = add->defs[0];
    ex->defs[0].flags = 0;
    ex->loc = add->loc;
    c->mad[i] = mad;
    c->ex[i] = ex;
    c->drop[j] = 1; /* the mul, read only by the add, goes */
    return;
  }
}

/* Block b with the planned fusions: muls dropped, each fused add replaced
 * by v_mad_u64_u32, p_extract. */
static void rebuild(fm_ctx *c, uint32_t b) {
  mir_program *p = c->p;
  mir_block *blk = &p->blocks[b];
  uint32_t n = blk->num_instrs;
  mir_instr **old = malloc(n * sizeof *old);
  if (!old) return; /* nothing planned is applied; the new temporaries stay unused */
  memcpy(old, blk->instrs, n * sizeof *old);
  blk->num_instrs = 0;
  for (uint32_t i = 0; i < n; i++) {
    if (c->drop[i]) continue;
    if (!c->mad[i]) {
      mir_block_append(p, blk, old[i]);
      continue;
    }
    mir_block_append(p, blk, c->mad[i]);
    mir_block_append(p, blk, c->ex[i]);
  }
  free(old);
}

int mir_fuse_mad(mir_program *p, diag *d) {
  if (p->regs_assigned || !p->num_blocks) return 0;
  if (!p->live) mir_liveness(p, d);
  if (!p->live) return 0;
  uint32_t n = p->num_temps ? p->num_temps : 1;
  fm_ctx c = {.p = p};
  c.def = calloc(n, sizeof *c.def);
  c.uses = calloc(n, sizeof *c.uses);
  c.block_of = calloc(n, sizeof *c.block_of);
  c.pos = calloc(n, sizeof *c.pos);
  if (!c.def || !c.uses || !c.block_of || !c.pos) goto out; /* an optimisation only */
  unsigned budget = mir_vgpr_budget(p), occ = wavecc_same_occupancy_vgprs(p->target, p->live->max.vgpr);
  c.vlimit = occ < budget ? occ : budget;
  /* a function saves each VGPR it writes (frame.c) whatever the
   * occupancy: there the fused form may not raise the peak demand */
  if (p->is_function && p->live->max.vgpr < c.vlimit) c.vlimit = p->live->max.vgpr;
  c.slimit = mir_sgpr_budget(p);
  for (uint32_t b = 0; b < p->num_blocks; b++)
    for (uint32_t i = 0; i < p->blocks[b].num_instrs; i++) {
      mir_instr *ins = p->blocks[b].instrs[i];
      for (unsigned k = 0; k < ins->num_defs; k++)
        if (ins->defs[k].kind == MIR_OPND_TEMP && ins->defs[k].temp.id < p->num_temps) {
          c.def[ins->defs[k].temp.id] = ins;
          c.block_of[ins->defs[k].temp.id] = b;
          c.pos[ins->defs[k].temp.id] = i;
        }
      for (unsigned k = 0; k < ins->num_ops; k++)
        if (ins->ops[k].kind == MIR_OPND_TEMP && ins->ops[k].temp.id < p->num_temps) c.uses[ins->ops[k].temp.id]++;
    }
  bool changed = false;
  for (uint32_t b = 0; b < p->num_blocks; b++) {
    uint32_t ni = p->blocks[b].num_instrs;
    c.extra_v = calloc(ni + 1, sizeof *c.extra_v);
    c.extra_s = calloc(ni + 1, sizeof *c.extra_s);
    c.drop = calloc(ni + 1, 1);
    c.mad = calloc(ni + 1, sizeof *c.mad);
    c.ex = calloc(ni + 1, sizeof *c.ex);
    bool any = false;
    if (c.extra_v && c.extra_s && c.drop && c.mad && c.ex) {
      for (uint32_t i = 0; i < ni; i++) plan_at(&c, b, i);
      for (uint32_t i = 0; i < ni; i++) any |= c.mad[i] != NULL;
      if (any) rebuild(&c, b);
    }
    changed |= any;
    free(c.extra_v);
    free(c.extra_s);
    free(c.drop);
    free(c.mad);
    free(c.ex);
  }
  if (changed) p->live = NULL; /* kill flags and demand are stale */
out:
  free(c.def);
  free(c.uses);
  free(c.block_of);
  free(c.pos);
  return 0;
}

