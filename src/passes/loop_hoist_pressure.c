/* hoist-pressure: before the spiller, an expression computed after a loop
 * from values that live through the loop moves up to the loop's
 * preheader when that leaves fewer VGPRs live through the loop.
 *
 * Why: a value live through a loop occupies its register at every point
 * of the loop, so in a loop whose VGPR demand exceeds the budget each
 * such value is a candidate for a store before the loop and a reload
 * after it. app_mandelbrot keeps px and py (two VGPRs) alive through the
 * escape-time loop only to compute `py * width + px` after it; computed
 * in the preheader, one VGPR (the sum) lives through the loop instead of
 * two, and the spiller has one value fewer to store and reload.
 *
 * When it fires: only for loops L (mir/loops.h, the linear CFG) whose
 * VGPR demand (mir_liveness block_max) exceeds mir_vgpr_budget somewhere
 * in L, so programs within the budget are untouched. L needs a preheader
 * P (mir_loop_preheader) whose one logical successor is the header, that
 * ends in p_branch or nothing, and that writes EXEC only by widening it
 * (s_or_b64, a join): then EXEC at P's end holds every lane that enters
 * L, and so every lane of a block U that P dominates (logical and linear
 * CFG). For such a U after L (not in L), an expression T in U is grown
 * from a root with a VGPR result downward: an operand's definition joins
 * T when it is in U, every use of its result is in T, and it is a plain
 * ALU instruction (VOP1/2/3/3P, SOP1/2/K; no memory, no SCC, VCC, EXEC or
 * M0 read or write, not lane-crossing: as spill_remat.c's plain_alu; no
 * FP op in a program that writes MODE; no copy made for a tied operand)
 * or a p_copy / p_create_vector into a VGPR (at most 16 nodes). Every
 * other operand (a leaf) is a constant or a temporary defined outside L
 * in a block at or before P that dominates P. A VGPR leaf is freed when
 * all its uses outside T are at or before P outside L and no loop around
 * P carries it. T moves, in order, to the end of P (before its branch)
 * when its freed leaves hold more VGPR dwords than its result: the loop
 * then carries the result instead of the leaves. The computation runs
 * once for every lane that enters L instead of for the lanes that reach
 * U, a superset: plain ALU instructions have no effect beyond their
 * result.
 *
 * Sources: the "rematerialisation in reverse" remark of Braun & Hack
 * 2009 (register pressure at a loop is what its live-through values
 * cost), and LLVM's MachineSink, which moves the other way for the same
 * live-range reason. Written for wavecc; no code taken.
 *
 * Input: SSA form before mir_liveness/mir_spill. Never fails; returns 0.
 * Leaves p->live NULL when it moved anything. */
#include <stdlib.h>
#include <string.h>

#include "mir/loops.h"
#include "passes/passes.h"
#include "passes/ssa_rename.h"
#include "target/isa.h"
#include "util/bitset.h"

#define MAX_TREE 16u

typedef struct hp_ctx {
  mir_program *p;
  mir_loops loops;
  uint32_t nt;
  bool mode_writes;       /* s_setreg in the program: FP ops stay */
  uint8_t *tied;          /* [temp] read by a tied operand */
  uint32_t *def_block;    /* [temp] block of the definition, UINT32_MAX: none */
  mir_instr **def;        /* [temp] defining instruction */
  bool *is_scc;           /* [temp] defined in SCC */
  uint32_t *use_start;    /* [temp + 1] CSR offsets into use_blk */
  uint32_t *use_blk;      /* effective block of each use (a phi's: its predecessor) */
  uint32_t *stack;        /* [block] DFS */
  uint8_t *seen;          /* [block] DFS */
} hp_ctx;

/* Definitions and uses of every temporary, rebuilt after each move. */
static void scan(hp_ctx *c) {
  mir_program *p = c->p;
  uint32_t nt = c->nt;
  memset(c->use_start, 0, (nt + 1) * sizeof *c->use_start);
  for (uint32_t t = 0; t < nt; t++) c->def_block[t] = UINT32_MAX;
  for (int pass = 0; pass < 2; pass++) {
    for (uint32_t b = 0; b < p->num_blocks; b++) {
      const mir_block *blk = &p->blocks[b];
      for (uint32_t i = 0; i < blk->num_instrs; i++) {
        mir_instr *ins = blk->instrs[i];
        if (!pass) {
          if (ins->opcode == ISA_S_SETREG_B32 || ins->opcode == ISA_S_SETREG_IMM32_B32) c->mode_writes = true;
          for (unsigned k = 0; k < ins->num_defs; k++) {
            const mir_operand *o = &ins->defs[k];
            if (o->kind != MIR_OPND_TEMP || o->temp.id >= nt) continue;
            c->def_block[o->temp.id] = b;
            c->def[o->temp.id] = ins;
            c->is_scc[o->temp.id] = o->preg == MIR_PREG_SCC;
          }
        }
        for (unsigned k = 0; k < ins->num_ops; k++) {
          const mir_operand *o = &ins->ops[k];
          if (o->kind != MIR_OPND_TEMP || o->temp.id >= nt) continue;
          if (!pass) {
            c->use_start[o->temp.id + 1]++;
            continue;
          }
          uint32_t ub = b;
          if (ins->opcode == MIR_P_PHI && k < blk->logical_preds.n) ub = blk->logical_preds.v[k];
          if (ins->opcode == MIR_P_LINEAR_PHI && k < blk->linear_preds.n) ub = blk->linear_preds.v[k];
          c->use_blk[c->use_start[o->temp.id]++] = ub;
        }
      }
    }
    if (!pass) {
      for (uint32_t t = 0; t < nt; t++) c->use_start[t + 1] += c->use_start[t];
      c->use_blk = arena_alloc(p->mem, (c->use_start[nt] ? c->use_start[nt] : 1) * sizeof *c->use_blk);
      /* use_start[t] now counts up from t's first slot during the second
       * pass, ending at t+1's first slot; shift back afterwards */
    }
  }
  for (uint32_t t = nt; t > 0; t--) c->use_start[t] = c->use_start[t - 1];
  c->use_start[0] = 0;
}

static uint32_t num_uses(const hp_ctx *c, uint32_t t) { return c->use_start[t + 1] - c->use_start[t]; }

/* Does block d dominate block u in the CFG (logical or linear)? u is
 * unreachable from the entry once d is removed. */
static bool dominates_in(hp_ctx *c, uint32_t d, uint32_t u, bool logical) {
  if (d == u || d == 0) return true;
  const mir_program *p = c->p;
  memset(c->seen, 0, p->num_blocks);
  uint32_t n = 0;
  c->stack[n++] = 0;
  c->seen[0] = 1;
  c->seen[d] = 1;
  while (n) {
    uint32_t b = c->stack[--n];
    if (b == u) return false;
    const mir_idx_list *s = logical ? &p->blocks[b].logical_succs : &p->blocks[b].linear_succs;
    for (uint32_t k = 0; k < s->n; k++)
      if (!c->seen[s->v[k]]) {
        c->seen[s->v[k]] = 1;
        c->stack[n++] = s->v[k];
      }
  }
  return true;
}

static bool dominates(hp_ctx *c, uint32_t d, uint32_t u) {
  return dominates_in(c, d, u, true) && dominates_in(c, d, u, false);
}

/* A plain ALU instruction with one temporary result (after spill_remat.c's
 * plain_alu, on SSA temporaries before spilling). */
static bool plain_alu(const hp_ctx *c, const mir_instr *ins) {
  bool valu;
  if (ins->num_defs != 1 || !isa_is_plain_alu(ins->opcode, &valu)) return false;
  if (c->mode_writes && (isa_table[ins->opcode].flags & ISA_F_FLOAT)) return false;
  if (ins->opcode == ISA_V_READFIRSTLANE_B32) return false;
  const mir_operand *d = &ins->defs[0];
  if (d->kind != MIR_OPND_TEMP || d->preg != MIR_PREG_NONE || (d->flags & MIR_OPND_FIXED_REG) ||
      (d->temp.rc & MIR_RC_LINEAR) || mir_rc_is_vgpr(d->temp.rc) != valu || d->temp.id >= c->nt || c->tied[d->temp.id])
    return false;
  for (unsigned k = 0; k < ins->num_ops; k++) {
    const mir_operand *o = &ins->ops[k];
    if (o->kind == MIR_OPND_CONST) continue;
    if (o->kind != MIR_OPND_TEMP || o->preg != MIR_PREG_NONE || (o->flags & MIR_OPND_FIXED_REG) || o->temp.id >= c->nt ||
        c->is_scc[o->temp.id])
      return false;
  }
  return true;
}

/* The preheader of loop l when code may go at its end, else UINT32_MAX. */
static uint32_t preheader(const hp_ctx *c, uint32_t l) {
  const mir_program *p = c->p;
  uint32_t ph = mir_loop_preheader(p, &c->loops, l);
  if (ph == UINT32_MAX) return ph;
  const mir_block *pb = &p->blocks[ph];
  if (pb->logical_succs.n != 1 || pb->logical_succs.v[0] != c->loops.head[l]) return UINT32_MAX;
  for (uint32_t i = 0; i < pb->num_instrs; i++) {
    const mir_instr *ins = pb->instrs[i];
    if (i + 1 == pb->num_instrs && ins->opcode == MIR_P_BRANCH) break;
    if (ins->opcode == MIR_P_BRANCH || ins->opcode == MIR_P_CBRANCH_SCC || ins->opcode == MIR_P_LOGICAL_END) return UINT32_MAX;
    if (ins->opcode >= ISA_NUM_OPS) continue;
    if (isa_table[ins->opcode].flags & (ISA_F_BRANCH | ISA_F_TERMINATOR)) return UINT32_MAX;
    if (mir_writes_exec(ins) && wavecc_lane_kind(ins->opcode, NULL) != WAVECC_LANE_OR) return UINT32_MAX;
  }
  return ph;
}

/* Is VGPR leaf x dead after P once T (whose operands read it tuse
 * times) has moved there: its other uses sit at or before P outside
 * loop l, and no loop around P carries it? */
static bool freed_leaf(const hp_ctx *c, uint32_t l, uint32_t ph, uint32_t x, unsigned tuse) {
  unsigned late = 0;
  for (uint32_t k = c->use_start[x]; k < c->use_start[x + 1]; k++) {
    uint32_t b = c->use_blk[k];
    if (b > ph || mir_loop_has(&c->loops, l, b)) late++;
  }
  if (late != tuse) return false;
  for (uint32_t o = 0; o < c->loops.num; o++)
    if (o != l && mir_loop_has(&c->loops, o, ph) && !mir_loop_has(&c->loops, o, c->def_block[x])) return false;
  return true;
}

/* A copy pseudo that may move with an expression: p_copy or
 * p_create_vector of temporaries and constants into a VGPR temporary. */
static bool vgpr_pseudo(const hp_ctx *c, const mir_instr *ins) {
  if ((ins->opcode != MIR_P_COPY && ins->opcode != MIR_P_CREATE_VECTOR) || ins->num_defs != 1 || !ssa_pure(ins)) return false;
  const mir_operand *d = &ins->defs[0];
  if (d->preg != MIR_PREG_NONE || !mir_rc_is_vgpr(d->temp.rc) || (d->temp.rc & MIR_RC_LINEAR) || d->temp.id >= c->nt ||
      c->tied[d->temp.id])
    return false;
  for (unsigned k = 0; k < ins->num_ops; k++) {
    const mir_operand *o = &ins->ops[k];
    if (o->kind == MIR_OPND_CONST) continue;
    if (o->kind != MIR_OPND_TEMP || o->preg != MIR_PREG_NONE || o->temp.id >= c->nt || c->is_scc[o->temp.id] ||
        (o->temp.rc & MIR_RC_LINEAR))
      return false;
  }
  return true;
}

static bool node_ok(const hp_ctx *c, const mir_instr *ins) { return plain_alu(c, ins) || vgpr_pseudo(c, ins); }

static bool in_list(mir_instr *const *v, unsigned n, const mir_instr *ins) {
  for (unsigned q = 0; q < n; q++)
    if (v[q] == ins) return true;
  return false;
}

/* Tries the expression rooted at block u's instruction `at` (grown over
 * definitions in u all of whose uses it holds); moves it to the end of ph
 * and returns true when that frees VGPRs through loop l. */
static bool try_root(hp_ctx *c, uint32_t l, uint32_t ph, uint32_t u, uint32_t at) {
  mir_program *p = c->p;
  mir_block *ub = &p->blocks[u];
  mir_instr *root = ub->instrs[at];
  if (!node_ok(c, root) || !mir_rc_is_vgpr(root->defs[0].temp.rc)) return false;
  mir_instr *tree[MAX_TREE];
  unsigned nt = 0;
  tree[nt++] = root;
  for (bool grew = true; grew;) {
    grew = false;
    for (unsigned q = 0; q < nt; q++)
      for (unsigned k = 0; k < tree[q]->num_ops; k++) {
        const mir_operand *o = &tree[q]->ops[k];
        if (o->kind != MIR_OPND_TEMP || c->def_block[o->temp.id] != u || nt == MAX_TREE) continue;
        uint32_t t = o->temp.id;
        if (in_list(tree, nt, c->def[t]) || !node_ok(c, c->def[t])) continue;
        unsigned n = 0;
        for (unsigned r = 0; r < nt; r++)
          for (unsigned m = 0; m < tree[r]->num_ops; m++)
            n += tree[r]->ops[m].kind == MIR_OPND_TEMP && tree[r]->ops[m].temp.id == t;
        if (n != num_uses(c, t)) continue;
        tree[nt++] = c->def[t];
        grew = true;
      }
  }
  uint32_t leaves[MAX_TREE * 4];
  unsigned leaf_uses[MAX_TREE * 4], nl = 0;
  for (unsigned q = 0; q < nt; q++) {
    const mir_instr *ins = tree[q];
    for (unsigned k = 0; k < ins->num_ops; k++) {
      const mir_operand *o = &ins->ops[k];
      if (o->kind != MIR_OPND_TEMP) continue;
      uint32_t t = o->temp.id, db = c->def_block[t];
      if (db == u && in_list(tree, nt, c->def[t])) continue;
      if (db == UINT32_MAX || db > ph || mir_loop_has(&c->loops, l, db)) return false;
      unsigned j = 0;
      while (j < nl && leaves[j] != t) j++;
      if (j == nl) {
        if (nl == MAX_TREE * 4) return false;
        leaves[nl] = t;
        leaf_uses[nl++] = 0;
      }
      leaf_uses[j]++;
    }
  }
  unsigned freed = 0;
  for (unsigned j = 0; j < nl; j++) {
    uint32_t x = leaves[j];
    if (c->def_block[x] != ph && !dominates(c, c->def_block[x], ph)) return false;
    if (mir_rc_is_vgpr(p->temp_rc[x]) && freed_leaf(c, l, ph, x, leaf_uses[j])) freed += mir_rc_size(p->temp_rc[x]);
  }
  if (freed <= mir_rc_size(root->defs[0].temp.rc)) return false;
  /* Move in U's order (definitions before uses), before P's branch. */
  mir_block *pb = &p->blocks[ph];
  uint32_t pos = pb->num_instrs;
  if (pos && pb->instrs[pos - 1]->opcode == MIR_P_BRANCH) pos--;
  uint32_t j = 0;
  for (uint32_t i = 0; i < ub->num_instrs; i++) {
    mir_instr *ins = ub->instrs[i];
    if (in_list(tree, nt, ins)) mir_block_insert(p, pb, pos++, ins);
    else ub->instrs[j++] = ins;
  }
  ub->num_instrs = j;
  return true;
}

int mir_hoist_pressure(mir_program *p, diag *d) {
  uint32_t nb = p->num_blocks;
  if (nb < 3) return 0;
  hp_ctx c = {.p = p, .nt = p->num_temps ? p->num_temps : 1};
  mir_find_loops(p, p->mem, &c.loops);
  if (!c.loops.num) return 0;
  if (!p->live) mir_liveness(p, d);
  const mir_live_info *li = p->live;
  unsigned vb = mir_vgpr_budget(p);
  bool over = false;
  for (uint32_t b = 0; b < nb && !over; b++) over = c.loops.depth[b] && li->block_max[b].vgpr > vb;
  if (!over) return 0;
  uint32_t nt = c.nt;
  c.tied = arena_alloc(p->mem, nt);
  memset(c.tied, 0, nt);
  ssa_mark_tied(p, c.tied, nt);
  c.def_block = arena_alloc(p->mem, nt * sizeof *c.def_block);
  c.def = arena_alloc(p->mem, nt * sizeof *c.def);
  c.is_scc = arena_alloc(p->mem, nt * sizeof *c.is_scc);
  memset(c.is_scc, 0, nt * sizeof *c.is_scc);
  c.use_start = arena_alloc(p->mem, (nt + 1) * sizeof *c.use_start);
  c.stack = arena_alloc(p->mem, nb * sizeof *c.stack);
  c.seen = arena_alloc(p->mem, nb);
  scan(&c);
  bool moved = false;
  for (uint32_t l = 0; l < c.loops.num; l++) {
    bool hot = false;
    for (uint32_t b = 0; b < nb && !hot; b++) hot = mir_loop_has(&c.loops, l, b) && li->block_max[b].vgpr > vb;
    uint32_t ph = hot ? preheader(&c, l) : UINT32_MAX;
    if (ph == UINT32_MAX) continue;
    for (uint32_t u = ph + 1; u < nb; u++) {
      if (mir_loop_has(&c.loops, l, u) || !p->blocks[u].logical_preds.n || !dominates(&c, ph, u)) continue;
      for (uint32_t i = p->blocks[u].num_instrs; i-- > 0;) {
        if (!try_root(&c, l, ph, u, i)) continue;
        moved = true;
        scan(&c);
        i = p->blocks[u].num_instrs;
      }
    }
  }
  if (moved) p->live = NULL;
  return 0;
}
