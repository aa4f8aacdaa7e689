/* Load clustering: a pre-register-allocation scheduler for the loads of a
 * basic block.
 *
 * A load's result arrives hundreds of cycles after it issues (VMEM) or tens
 * (SMEM, LDS), and an s_waitcnt stops the wave until it has. Instruction
 * selection emits each load right before its first use, so the waitcnt
 * pass has to wait for it at once, one load at a time. This pass moves
 * every load of a block up, in program order, to just after the latest of:
 * the previous load (loads keep their order, so the in-order counters
 * drain in the order the results are used), the definitions of its
 * operands, and the last instruction a load must not cross (stores,
 * atomics, barriers, s_waitcnt, EXEC and M0 writes, calls, phis and other
 * pseudo instructions). The loads of a block end up issued together, and
 * the waits for them come later and with counts (AMD Vega ISA guide 4.4;
 * LLVM's AMDGPU scheduler clusters memory operations for the same reason).
 *
 * Register pressure: a load moved up from position i to j keeps its result
 * live over [j, i). The move is made only if the demand (mir_liveness) at
 * every instruction of that range plus the result's size stays within a
 * limit: for SGPRs the program's current maximum demand, for VGPRs the
 * most VGPRs that still give the same occupancy as the current maximum
 * (gfx9: waves per SIMD = 256 / VGPRs rounded up to 4, at most 10), and
 * never more than the budget less a few registers of slack (so a forced
 * budget gets no new spill point); a program whose demand exceeds that
 * already (it will spill) is left alone. An operand whose last use is the load
 * is credited over the crossed instructions that do not read it (its
 * life ends earlier); otherwise demand is an upper bound.
 *
 * Memory ordering: a load never crosses a store, an atomic, a barrier or
 * an s_waitcnt (fences), nor another load, so no aliasing question arises;
 * volatile/coherent (GLC) loads are not moved. Only loads with one
 * temporary result and temporary or constant operands move.
 * Cost: O(instructions * distance moved) per block, plus one liveness run. */
#include <string.h>

#include "passes/passes.h"
#include "ra/ra.h"

typedef struct sched_limits {
  unsigned sgpr, vgpr;
} sched_limits;

static bool is_movable_load(const mir_instr *ins) {
  if (ins->opcode >= ISA_NUM_OPS) return false;
  uint32_t f = isa_table[ins->opcode].flags;
  if (!(f & ISA_F_LOAD) || (f & (ISA_F_STORE | ISA_F_ATOMIC | ISA_F_WRITES_EXEC | ISA_F_WRITES_M0 | ISA_F_READS_M0)))
    return false;
  if (!(f & (ISA_F_VMCNT | ISA_F_LGKMCNT)) || (ins->enc_flags & MIR_ENC_GLC)) return false;
  if (ins->num_defs != 1 || ins->defs[0].kind != MIR_OPND_TEMP || ins->defs[0].preg != MIR_PREG_NONE) return false;
  for (unsigned k = 0; k < ins->num_ops; k++) {
    const mir_operand *o = &ins->ops[k];
    if (o->kind == MIR_OPND_CONST) continue;
    if (o->kind != MIR_OPND_TEMP || o->preg != MIR_PREG_NONE || (o->flags & (MIR_OPND_FIXED_REG | MIR_OPND_LATE_KILL)))
      return false;
  }
  return true;
}

/* Whether a load may move above `x` (ignoring data dependences). */
static bool may_cross(const mir_instr *x) {
  if (x->opcode >= ISA_NUM_OPS)
    return x->opcode == MIR_P_COPY || x->opcode == MIR_P_CREATE_VECTOR || x->opcode == MIR_P_SPLIT_VECTOR ||
           x->opcode == MIR_P_EXTRACT;
  uint32_t f = isa_table[x->opcode].flags;
  if (f & (ISA_F_LOAD | ISA_F_STORE | ISA_F_ATOMIC | ISA_F_BARRIER | ISA_F_BRANCH | ISA_F_TERMINATOR | ISA_F_WRITES_EXEC |
           ISA_F_WRITES_M0 | ISA_F_VMCNT | ISA_F_LGKMCNT | ISA_F_EXPCNT))
    return false;
  if (isa_table[x->opcode].format == ISA_FMT_SOPP) return false; /* s_waitcnt, s_sendmsg, s_sleep, ... */
  for (unsigned k = 0; k < x->num_defs; k++)
    if (x->defs[k].kind == MIR_OPND_FIXED && (x->defs[k].preg == MIR_PREG_EXEC || x->defs[k].preg == MIR_PREG_M0))
      return false;
  return x->opcode != ISA_S_SETREG_B32 && x->opcode != ISA_S_SETREG_IMM32_B32;
}

/* Whether `x` defines a temporary `ld` reads. */
static bool defines_operand(const mir_instr *x, const mir_instr *ld) {
  for (unsigned d = 0; d < x->num_defs; d++) {
    if (x->defs[d].kind != MIR_OPND_TEMP) continue;
    for (unsigned k = 0; k < ld->num_ops; k++)
      if (ld->ops[k].kind == MIR_OPND_TEMP && ld->ops[k].temp.id == x->defs[d].temp.id) return true;
  }
  return false;
}

/* Most VGPRs with the occupancy `v` VGPRs give (gfx9: 4-register
 * granules, 256 per SIMD lane, at most 10 waves). */
static unsigned vgpr_occupancy_ceiling(unsigned v) {
  unsigned g = ((v ? v : 1) + 3u) & ~3u;
  unsigned waves = 256u / g;
  if (!waves) return v; /* over the hardware's VGPRs: the spiller decides */
  if (waves > 10) waves = 10;
  return (256u / waves) & ~3u;
}

static bool uses_temp(const mir_instr *x, uint32_t id) {
  for (unsigned k = 0; k < x->num_ops; k++)
    if (x->ops[k].kind == MIR_OPND_TEMP && x->ops[k].temp.id == id) return true;
  return false;
}

/* The registers a moved load frees over the instructions it crosses: an
 * operand whose last use is the load is no longer live there, unless a
 * crossed instruction at or after that point reads it too. */
#define CREDIT_OPS 8
typedef struct credit {
  const mir_instr *ld;
  bool freed[CREDIT_OPS];
  int v, s; /* dwords freed, per file */
} credit;

static void credit_add(credit *c, unsigned k, int sign) {
  mir_rc rc = c->ld->ops[k].temp.rc;
  if (mir_rc_is_vgpr(rc)) c->v += sign * (int)mir_rc_size(rc);
  else c->s += sign * (int)mir_rc_size(rc);
}

static void credit_init(credit *c, const mir_instr *ld) {
  memset(c, 0, sizeof *c);
  c->ld = ld;
  for (unsigned k = 0; k < ld->num_ops && k < CREDIT_OPS; k++) {
    const mir_operand *o = &ld->ops[k];
    if (o->kind != MIR_OPND_TEMP || !(o->flags & MIR_OPND_KILL)) continue;
    bool dup = false;
    for (unsigned m = 0; m < k; m++) dup |= ld->ops[m].kind == MIR_OPND_TEMP && ld->ops[m].temp.id == o->temp.id;
    if (dup) continue;
    c->freed[k] = true;
    credit_add(c, k, 1);
  }
}

/* The load crosses `x` (walking up): *dv / *ds receive the change of
 * demand at x (VGPR / SGPR dwords). */
static void credit_cross(credit *c, const mir_instr *x, int *dv, int *ds) {
  for (unsigned k = 0; k < c->ld->num_ops && k < CREDIT_OPS; k++)
    if (c->freed[k] && uses_temp(x, c->ld->ops[k].temp.id)) {
      c->freed[k] = false;
      credit_add(c, k, -1);
    }
  mir_rc rc = c->ld->defs[0].temp.rc;
  int sz = (int)mir_rc_size(rc);
  *dv = (mir_rc_is_vgpr(rc) ? sz : 0) - c->v;
  *ds = (mir_rc_is_vgpr(rc) ? 0 : sz) - c->s;
}

/* Moves the loads of one block; `dem` is the demand per instruction,
 * kept up to date (an upper bound) as loads move. */
static void schedule_block(mir_block *b, mir_reg_demand *dem, const sched_limits *lim) {
  uint32_t floor = 0; /* nothing moves above this index */
  for (uint32_t i = 0; i < b->num_instrs; i++) {
    mir_instr *ins = b->instrs[i];
    if (!is_movable_load(ins)) {
      if (!may_cross(ins)) floor = i + 1;
      continue;
    }
    credit c;
    credit_init(&c, ins);
    uint32_t j = i;
    int dv, ds;
    while (j > floor) {
      const mir_instr *x = b->instrs[j - 1];
      if (defines_operand(x, ins)) break;
      credit_cross(&c, x, &dv, &ds);
      if ((dv > 0 && dem[j - 1].vgpr + dv > (int)lim->vgpr) || (ds > 0 && dem[j - 1].sgpr + ds > (int)lim->sgpr)) break;
      j--;
    }
    if (j < i) {
      mir_reg_demand first = dem[j];
      memmove(&b->instrs[j + 1], &b->instrs[j], (i - j) * sizeof *b->instrs);
      b->instrs[j] = ins;
      memmove(&dem[j + 1], &dem[j], (i - j) * sizeof *dem);
      /* The crossed instructions, now at j+1..i: replay the credit over
       * the range kept (the scan may have stopped inside a longer one). */
      credit_init(&c, ins);
      for (uint32_t k = i; k > j; k--) {
        credit_cross(&c, b->instrs[k], &dv, &ds);
        dem[k].vgpr = (uint16_t)(dem[k].vgpr + dv);
        dem[k].sgpr = (uint16_t)(dem[k].sgpr + ds);
      }
      /* the load itself: what was live before the first crossed one, plus its result */
      mir_rc rc = ins->defs[0].temp.rc;
      dem[j] = first;
      if (mir_rc_is_vgpr(rc)) dem[j].vgpr = (uint16_t)(dem[j].vgpr + mir_rc_size(rc));
      else dem[j].sgpr = (uint16_t)(dem[j].sgpr + mir_rc_size(rc));
    }
    floor = j + 1; /* the next load goes after this one */
  }
}

int mir_sched_loads(mir_program *p, diag *d) {
  if (p->regs_assigned || !p->num_blocks) return 0;
  mir_liveness(p, d);
  const mir_live_info *li = p->live;
  sched_limits lim;
  unsigned bs = mir_sgpr_budget(p), bv = mir_vgpr_budget(p);
  lim.sgpr = li->max.sgpr;
  lim.vgpr = vgpr_occupancy_ceiling(li->max.vgpr);
  if (lim.vgpr < li->max.vgpr) lim.vgpr = li->max.vgpr;
  /* Slack below a budget: what the spiller keeps free for wide tuples. */
  if (lim.sgpr + 4 > bs) lim.sgpr = bs > 4 ? bs - 4 : 0;
  if (lim.vgpr + 3 > bv) lim.vgpr = bv > 3 ? bv - 3 : 0;
  /* Code that spills already is left in the order the spiller expects:
   * a new order changes its next-use choices, for better or worse. */
  if (li->max.sgpr > lim.sgpr || li->max.vgpr > lim.vgpr) {
    p->live = NULL;
    return 0;
  }
  arena tmp;
  arena_init(&tmp);
  for (uint32_t bi = 0; bi < p->num_blocks; bi++) {
    mir_block *b = &p->blocks[bi];
    if (b->num_instrs < 2) continue;
    mir_reg_demand *dem = arena_alloc(&tmp, b->num_instrs * sizeof *dem);
    memcpy(dem, li->demand[bi], b->num_instrs * sizeof *dem);
    schedule_block(b, dem, &lim);
  }
  arena_free(&tmp);
  p->live = NULL; /* the order changed: kill flags and demand are stale */
  return 0;
}
