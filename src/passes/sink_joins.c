/* Sink to joins: VALU work on loaded values moves from a block that ends
 * in a divergent if down to that if's join, so the wait for the load
 * moves with it.
 *
 * Why: a value built from loads that an if/else guards (bench/kernels/
 * sha1_unrolled.cl: each message byte is `p < len ? m[p] : pad`, four of
 * them shifted and or-ed into a word) is combined in the join after the
 * fourth byte, so the waitcnt pass waits for the loads there, 14 times,
 * each wait a full memory latency (the cycle model of src/emu/
 * cycle_model.c; in order issue per wave). llc-19 computes the words in
 * the block that reads them (its machine sinking moves each instruction
 * to the block of its uses) and waits once. Measured on sha1_unrolled
 * at gfx900: see the commit.
 *
 * What: a block B that ends `S = s_*_saveexec ...; s_cbranch_execz` and a
 * block J that restores `exec = s_or exec, S` (the if's join; its EXEC is
 * S, B's EXEC where the if starts, since the arms run on lanes of S).
 * An instruction X of B after B's last other EXEC write moves to J, just
 * after that restore, keeping the order of the ones that move, when:
 *   - X is a VALU instruction (isa_fmt_valu) with temporaries for results,
 *     all of them VGPRs, no physical register operand and no implicit VCC,
 *     no memory access, not reading EXEC beyond lane masking;
 *   - X reads a value of a load (a memory load, or a phi or moved
 *     instruction reading one): other work gains nothing here and would
 *     only live longer;
 *   - every use of X's results lies in a block that J dominates in the
 *     logical and the linear CFG (a phi's use at the end of its
 *     predecessor), or is an instruction of B that moves too.
 * Blocks are visited in order, so a chain of ifs carries X down to the
 * block that reads it. Not under a forced VGPR budget (the values X reads
 * then live through the arms).
 */
#include <stdlib.h>
#include <string.h>

#include "passes/passes.h"
#include "ra/ra.h"

typedef struct sj_ctx {
  mir_program *p;
  uint32_t nt;
  uint32_t *use_start, *use_block; /* per temporary: the blocks its uses lie in (CSR) */
  uint32_t *idom[2];
  uint8_t *loaded; /* per temporary: a loaded value, or computed from one */
  uint32_t *join_block, *join_pos; /* per saveexec result: its if's join (find_joins) */
} sj_ctx;

/* The blocks of every temporary's uses, a phi operand's at the end of its
 * logical predecessor. */
static void count_uses(sj_ctx *c) {
  mir_program *p = c->p;
  memset(c->use_start, 0, (c->nt + 2) * sizeof *c->use_start);
  for (uint32_t b = 0; b < p->num_blocks; b++)
    for (uint32_t i = 0; i < p->blocks[b].num_instrs; i++) {
      const mir_instr *u = p->blocks[b].instrs[i];
      for (unsigned o = 0; o < u->num_ops; o++)
        if (u->ops[o].kind == MIR_OPND_TEMP && u->ops[o].temp.id < c->nt) c->use_start[u->ops[o].temp.id + 2]++;
    }
  for (uint32_t t = 0; t < c->nt; t++) c->use_start[t + 2] += c->use_start[t + 1];
  for (uint32_t b = 0; b < p->num_blocks; b++)
    for (uint32_t i = 0; i < p->blocks[b].num_instrs; i++) {
      const mir_instr *u = p->blocks[b].instrs[i];
      for (unsigned o = 0; o < u->num_ops; o++) {
        if (u->ops[o].kind != MIR_OPND_TEMP || u->ops[o].temp.id >= c->nt) continue;
        uint32_t at = b;
        if (u->opcode == MIR_P_PHI) {
          const mir_idx_list *pr = &p->blocks[b].logical_preds;
          at = o < pr->n ? pr->v[o] : UINT32_MAX;
        }
        c->use_block[c->use_start[u->ops[o].temp.id + 1]++] = at;
      }
    }
}

/* Is X a VALU instruction that computes only VGPR temporaries from its
 * operands under EXEC (the first rule of the header)? */
static bool plain_valu(const mir_instr *x) {
  if (x->opcode >= ISA_NUM_OPS) return false;
  const isa_info *ii = &isa_table[x->opcode];
  if (!isa_fmt_valu(ii->format) || !x->num_defs) return false;
  if (ii->flags & (ISA_F_WRITES_EXEC | ISA_F_READS_EXEC_ALWAYS | ISA_F_IGNORES_EXEC | ISA_F_WRITES_VCC | ISA_F_READS_VCC |
                   ISA_F_LOAD | ISA_F_STORE | ISA_F_ATOMIC | ISA_F_BARRIER | ISA_F_BRANCH | ISA_F_TERMINATOR | ISA_F_MFMA |
                   ISA_F_VMCNT | ISA_F_LGKMCNT | ISA_F_EXPCNT | ISA_F_READS_SCC | ISA_F_WRITES_SCC))
    return false;
  for (unsigned k = 0; k < x->num_defs; k++)
    if (x->defs[k].kind != MIR_OPND_TEMP || (x->defs[k].flags & MIR_OPND_FIXED_REG) || !mir_rc_is_vgpr(x->defs[k].temp.rc) ||
        mir_rc_is_linear(x->defs[k].temp.rc))
      return false;
  for (unsigned o = 0; o < x->num_ops; o++)
    if (x->ops[o].kind == MIR_OPND_FIXED || (x->ops[o].kind == MIR_OPND_TEMP && (x->ops[o].flags & MIR_OPND_FIXED_REG)))
      return false;
  return true;
}

static bool reads_loaded(const sj_ctx *c, const mir_instr *x) {
  for (unsigned o = 0; o < x->num_ops; o++)
    if (x->ops[o].kind == MIR_OPND_TEMP && x->ops[o].temp.id < c->nt && c->loaded[x->ops[o].temp.id]) return true;
  return false;
}

static void mark_loaded(sj_ctx *c, const mir_instr *x) {
  bool from = x->opcode < ISA_NUM_OPS && (isa_table[x->opcode].flags & ISA_F_LOAD);
  if (!from && (x->opcode == MIR_P_PHI || x->opcode == MIR_P_COPY || x->opcode == MIR_P_SPLIT_VECTOR ||
                x->opcode == MIR_P_EXTRACT || x->opcode == MIR_P_CREATE_VECTOR || plain_valu(x)))
    from = reads_loaded(c, x);
  if (!from) return;
  for (unsigned k = 0; k < x->num_defs; k++)
    if (x->defs[k].kind == MIR_OPND_TEMP && x->defs[k].temp.id < c->nt) c->loaded[x->defs[k].temp.id] = 1;
}

static bool writes_exec(const mir_instr *x) {
  for (unsigned k = 0; k < x->num_defs; k++)
    if (x->defs[k].kind == MIR_OPND_FIXED && x->defs[k].preg == MIR_PREG_EXEC) return true;
  return false;
}

/* Where B's if starts: the position of the saveexec B ends with (its
 * result a temporary), and in *from where B's movable tail starts (after
 * its last other EXEC write). UINT32_MAX if B ends in none. */
static uint32_t find_saveexec(const mir_block *b, uint32_t *from) {
  for (uint32_t i = b->num_instrs; i-- > 0;) {
    const mir_instr *x = b->instrs[i];
    if (x->opcode < ISA_NUM_OPS && wavecc_lane_is_saveexec(wavecc_lane_kind(x->opcode, NULL)) && x->num_defs >= 1 &&
        x->defs[0].kind == MIR_OPND_TEMP) {
      *from = 0;
      for (uint32_t k = i; k-- > 0;)
        if (writes_exec(b->instrs[k])) {
          *from = k + 1;
          break;
        }
      return i;
    }
    if (writes_exec(x)) return UINT32_MAX;
  }
  return UINT32_MAX;
}

/* The joins: for each temporary S, the block holding `exec = s_or exec, S`
 * and that instruction's position (UINT32_MAX: none). */
static void find_joins(sj_ctx *c) {
  mir_program *p = c->p;
  memset(c->join_block, 0xff, (c->nt + 1) * sizeof *c->join_block);
  for (uint32_t j = 0; j < p->num_blocks; j++)
    for (uint32_t i = 0; i < p->blocks[j].num_instrs; i++) {
      const mir_instr *x = p->blocks[j].instrs[i];
      if (x->opcode >= ISA_NUM_OPS || wavecc_lane_kind(x->opcode, NULL) != WAVECC_LANE_OR || !writes_exec(x) ||
          x->num_ops != 2)
        continue;
      for (unsigned o = 0; o < 2; o++)
        if (x->ops[o].kind == MIR_OPND_TEMP && x->ops[o].temp.id < c->nt && x->ops[1 - o].kind == MIR_OPND_FIXED &&
            x->ops[1 - o].preg == MIR_PREG_EXEC) {
          c->join_block[x->ops[o].temp.id] = j;
          c->join_pos[x->ops[o].temp.id] = i;
        }
    }
}

/* Moves B's sinkable instructions to J (the header's rules); returns how many. */
static unsigned sink_block(sj_ctx *c, uint32_t bi) {
  mir_program *p = c->p;
  mir_block *b = &p->blocks[bi];
  uint32_t from = 0;
  uint32_t save = find_saveexec(b, &from);
  if (save == UINT32_MAX) return 0;
  uint32_t st = b->instrs[save]->defs[0].temp.id;
  if (st >= c->nt || c->join_block[st] == UINT32_MAX) return 0;
  uint32_t ji = c->join_block[st], at = c->join_pos[st];
  if (ji == bi || !mir_dominates(c->idom[0], bi, ji) || !mir_dominates(c->idom[1], bi, ji)) return 0;
  bool *go = calloc(b->num_instrs, sizeof *go);
  if (!go) return 0;
  unsigned n = 0;
  /* last to first: a use by an instruction that moves too does not keep X */
  for (uint32_t i = save; i-- > from;) {
    mir_instr *x = b->instrs[i];
    if (!plain_valu(x) || !reads_loaded(c, x)) continue;
    bool ok = true;
    for (unsigned k = 0; k < x->num_defs && ok; k++) {
      uint32_t t = x->defs[k].temp.id;
      if (t >= c->nt) { ok = false; break; }
      unsigned in_b = 0;
      for (uint32_t u = c->use_start[t]; u < c->use_start[t + 1] && ok; u++) {
        uint32_t ub = c->use_block[u];
        if (ub == bi) { in_b++; continue; }
        ok = ub != UINT32_MAX && ub != bi && mir_dominates(c->idom[0], ji, ub) && mir_dominates(c->idom[1], ji, ub);
      }
      /* uses in B: each by an instruction that moves */
      for (uint32_t j = i + 1; j < b->num_instrs && in_b && ok; j++)
        for (unsigned o = 0; o < b->instrs[j]->num_ops; o++)
          if (b->instrs[j]->ops[o].kind == MIR_OPND_TEMP && b->instrs[j]->ops[o].temp.id == t) {
            if (!go[j]) ok = false;
            in_b--;
          }
      if (in_b) ok = false;
    }
    if (ok) go[i] = true, n++;
  }
  if (n) {
    mir_block *j = &p->blocks[ji];
    mir_instr **nb = arena_alloc(p->mem, (b->num_instrs - n + 1) * sizeof *nb);
    mir_instr **nj = arena_alloc(p->mem, (j->num_instrs + n + 1) * sizeof *nj);
    uint32_t wb = 0, wj = 0;
    for (uint32_t i = 0; i <= at; i++) nj[wj++] = j->instrs[i];
    for (uint32_t i = 0; i < b->num_instrs; i++) {
      if (go[i]) nj[wj++] = b->instrs[i];
      else nb[wb++] = b->instrs[i];
    }
    for (uint32_t i = at + 1; i < j->num_instrs; i++) nj[wj++] = j->instrs[i];
    b->instrs = nb, b->num_instrs = b->cap_instrs = wb;
    j->instrs = nj, j->num_instrs = j->cap_instrs = wj;
  }
  free(go);
  return n;
}

/* Every block's instruction list as in `from` (a saved copy of p->blocks). */
static void set_blocks(mir_program *p, const mir_block *from) {
  for (uint32_t b = 0; b < p->num_blocks; b++) {
    p->blocks[b].instrs = from[b].instrs;
    p->blocks[b].num_instrs = from[b].num_instrs;
    p->blocks[b].cap_instrs = from[b].cap_instrs;
  }
}

/* The most VGPRs the moves may leave: those of the same occupancy
 * (mir_sched_limits, gfx900's steps), but at least SJ_VGPRS: the values a
 * moved instruction reads live through the if's arms, and a chain of ifs
 * (sha1_unrolled: 56 byte loads) keeps every loaded byte live to the block
 * that combines them, as llc-19 does (60 VGPRs there; wavecc 24 -> 58,
 * occupancy 10 -> 4, 1.56x -> 1.00x llc-19's occupancy-model cycles).
 * Over it (or when the program spills already), nothing moves. */
enum { SJ_VGPRS = 64 };

int mir_sink_joins(mir_program *p, diag *d) {
  if (p->regs_assigned || p->abi.num_vgprs_budget || p->num_blocks < 3) return 0;
  sj_ctx c = {p, p->num_temps, NULL, NULL, {NULL, NULL}, NULL, NULL, NULL};
  arena mem;
  arena_init(&mem);
  c.use_start = arena_alloc(&mem, (c.nt + 2) * sizeof *c.use_start);
  c.loaded = arena_alloc(&mem, c.nt + 1);
  memset(c.loaded, 0, c.nt + 1);
  uint32_t nu = 0;
  for (uint32_t b = 0; b < p->num_blocks; b++)
    for (uint32_t i = 0; i < p->blocks[b].num_instrs; i++) nu += p->blocks[b].instrs[i]->num_ops;
  c.use_block = arena_alloc(&mem, (nu + 1) * sizeof *c.use_block);
  uint32_t *rpo = arena_alloc(&mem, p->num_blocks * sizeof *rpo);
  for (int lin = 0; lin < 2; lin++) {
    c.idom[lin] = arena_alloc(&mem, p->num_blocks * sizeof *c.idom[lin]);
    mir_dominators(p, lin == 1, &mem, c.idom[lin], rpo);
  }
  /* loaded values: twice over the blocks, for phis before their operands' definitions */
  for (int round = 0; round < 2; round++)
    for (uint32_t b = 0; b < p->num_blocks; b++)
      for (uint32_t i = 0; i < p->blocks[b].num_instrs; i++) mark_loaded(&c, p->blocks[b].instrs[i]);
  c.join_block = arena_alloc(&mem, (c.nt + 1) * sizeof *c.join_block);
  c.join_pos = arena_alloc(&mem, (c.nt + 1) * sizeof *c.join_pos);
  count_uses(&c);
  find_joins(&c);
  /* the blocks as they were, to go back to when the demand grows too much */
  mir_block *old = arena_alloc(&mem, p->num_blocks * sizeof *old);
  memcpy(old, p->blocks, p->num_blocks * sizeof *old);
  unsigned moved = 0;
  for (uint32_t b = 0; b < p->num_blocks; b++)
    if (sink_block(&c, b)) {
      moved++;
      count_uses(&c);
      find_joins(&c);
    }
  if (moved) {
    /* the limits of the program as it was (liveness only when something
     * moved: most programs have no such if) */
    mir_block *now = arena_alloc(&mem, p->num_blocks * sizeof *now);
    memcpy(now, p->blocks, p->num_blocks * sizeof *now);
    set_blocks(p, old);
    mir_liveness(p, d);
    unsigned lim_s, lim_v;
    bool keep = mir_sched_limits(p, &lim_s, &lim_v);
    p->live = NULL;
    if (lim_v < SJ_VGPRS) lim_v = SJ_VGPRS;
    unsigned bv = mir_vgpr_budget(p);
    if (lim_v + 3 > bv) lim_v = bv > 3 ? bv - 3 : 0;
    if (keep) {
      set_blocks(p, now);
      mir_liveness(p, d);
      if (p->live->max.vgpr > lim_v || p->live->max.sgpr > lim_s) set_blocks(p, old);
      p->live = NULL;
    }
  }
  arena_free(&mem);
  return 0;
}
