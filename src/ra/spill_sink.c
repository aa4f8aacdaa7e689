/* Sinking of expression trees towards their use, before registers are
 * spilled (spill.c): a pressure-lowering reordering inside a block,
 * the cheapest form of rematerialisation. A value computed long before
 * its only uses (an unrolled producer loop followed by its consumer:
 * f_spill_vgpr's 320 values of x, f_spill_sgpr's 120 uniform values of
 * s) holds a register all that time; moved,
 * together with the single-use values it is computed from, to just before
 * its first use, it holds none, and the values it is computed from are
 * live there anyway (or cost no more than the value itself).
 *
 * A tree is a root instruction and, recursively, the instructions in the
 * same block that define its operands, when each such operand has that
 * one use; every instruction of it is a plain VALU operation (one VGPR
 * definition, no implicit VCC/SCC/M0/EXEC access, no memory, no fixed
 * registers, not a lane access that ignores EXEC) or SALU operation (one
 * SGPR definition and an SCC definition nothing reads, no SCC read). The
 * root's results are used only in its block. The tree moves, in its
 * order, to just before the first use of the root when:
 *   - no instruction between its first instruction and that use changes
 *     EXEC, ends or starts the logical region, sets MODE, or calls (the
 *     tree computes the same lanes, with the same rounding);
 *   - if it writes SCC, no SCC value defined before the destination is
 *     read at or after it;
 *   - for each register file, the leaves (operands defined outside the
 *     tree) that are not live after the destination add at most the
 *     root's own size in that file: the demand at no point between grows.
 * Blocks are walked from their end, so a leaf kept live by a tree moved
 * earlier makes the next move free. A leaf that is not live after the
 * destination but is itself a plain operation of values live there is
 * computed again in the tree (its original goes once nothing reads it).
 * Runs only in blocks whose demand exceeds the budget of a file. Cost:
 * O(n^2) per such block of n instructions.
 */
#include <string.h>

#include "ra/ra.h"
#include "ra/spill_internal.h"
#include "util/bitset.h"

#define MAX_TREE 8u

typedef struct sink_state {
  spill_ctx *c;
  mir_instr **v; /* the block's instructions (reordered in place) */
  uint32_t n;
  mir_block *b;
  uint32_t *uses;     /* [temp] uses anywhere in the program (phis included) */
  uint32_t *bl_uses;  /* [temp] uses in this block */
  uint8_t *copied;    /* [temp] recomputed for some tree (its definition goes when unread) */
  struct sink_undo {
    mir_instr *ins;
    unsigned op;
    mir_temp was;
  } *undo;            /* operands renamed to recomputed leaves, to undo a block */
  uint32_t nundo, cap_undo;
  uint32_t cap;       /* of uses, bl_uses and copied */
  const uint64_t *live_out;
  uint32_t live_temps; /* temporaries live_out covers (ids created since are not live out) */
} sink_state;

/* The SCC definition of ins (a SALU operation's), or NULL. */
static const mir_operand *scc_def(const mir_instr *ins) {
  for (unsigned k = 0; k < ins->num_defs; k++)
    if (ins->defs[k].preg == MIR_PREG_SCC) return &ins->defs[k];
  return NULL;
}

/* Does ins write SCC (whether or not the SCC result is named)? */
static bool writes_scc(const mir_instr *ins) {
  return scc_def(ins) || (ins->opcode < ISA_NUM_OPS && (isa_table[ins->opcode].flags & ISA_F_WRITES_SCC));
}

/* A plain VALU or SALU operation that may move within its block: one
 * register result (a SALU operation may also set SCC, when nothing reads
 * it), operands temporaries or constants, no other state read or
 * written. */
static bool sinkable(const sink_state *s, const mir_instr *ins) {
  if (ins->opcode >= ISA_NUM_OPS || !ins->num_defs || ins->num_defs > 2) return false;
  const isa_info *ii = &isa_table[ins->opcode];
  bool valu = ii->format == ISA_FMT_VOP1 || ii->format == ISA_FMT_VOP2 || ii->format == ISA_FMT_VOP3 || ii->format == ISA_FMT_VOP3P;
  bool salu = ii->format == ISA_FMT_SOP1 || ii->format == ISA_FMT_SOP2 || ii->format == ISA_FMT_SOPK;
  if (!valu && !salu) return false;
  uint32_t bad = ISA_F_READS_SCC | ISA_F_WRITES_EXEC | ISA_F_READS_EXEC_ALWAYS | ISA_F_WRITES_VCC |
                 ISA_F_READS_VCC | ISA_F_IGNORES_EXEC | ISA_F_VMCNT | ISA_F_LGKMCNT | ISA_F_EXPCNT | ISA_F_LOAD | ISA_F_STORE |
                 ISA_F_ATOMIC | ISA_F_BRANCH | ISA_F_BARRIER | ISA_F_TERMINATOR | ISA_F_WRITES_M0 | ISA_F_READS_M0;
  if ((ii->flags & bad) || (valu && (ii->flags & ISA_F_WRITES_SCC))) return false;
  if (ins->opcode == ISA_S_SETREG_B32 || ins->opcode == ISA_S_SETREG_IMM32_B32 || ins->opcode == ISA_S_GETREG_B32) return false;
  const mir_operand *d = &ins->defs[0];
  if (d->kind != MIR_OPND_TEMP || d->preg != MIR_PREG_NONE || (d->temp.rc & MIR_RC_LINEAR)) return false;
  if (mir_rc_is_vgpr(d->temp.rc) != valu || s->c->kind[d->temp.id] == TK_PINNED) return false;
  if (ins->num_defs == 2) {
    const mir_operand *sc = &ins->defs[1];
    if (!salu || sc->kind != MIR_OPND_TEMP || sc->preg != MIR_PREG_SCC || s->uses[sc->temp.id]) return false;
  }
  for (unsigned k = 0; k < ins->num_ops; k++) {
    const mir_operand *o = &ins->ops[k];
    if (o->kind == MIR_OPND_CONST) continue;
    if (o->kind != MIR_OPND_TEMP || o->preg != MIR_PREG_NONE) return false;
  }
  return true;
}

/* May a tree move past ins? */
static bool is_fence(const mir_instr *ins) {
  if (ins->opcode == MIR_P_LOGICAL_START || ins->opcode == MIR_P_LOGICAL_END || ins->opcode == MIR_P_CALL ||
      ins->opcode == MIR_P_STARTPGM || mir_is_phi(ins))
    return true;
  if (ins->opcode == ISA_S_SETREG_B32 || ins->opcode == ISA_S_SETREG_IMM32_B32) return true;
  if (ins->opcode < ISA_NUM_OPS && (isa_table[ins->opcode].flags & (ISA_F_WRITES_EXEC | ISA_F_BRANCH | ISA_F_TERMINATOR)))
    return true;
  for (unsigned k = 0; k < ins->num_defs; k++)
    if (ins->defs[k].preg == MIR_PREG_EXEC) return true;
  return false;
}


/* Grows the use counts to the spiller's arrays (new temporaries: 0). */
static void sink_grow(sink_state *s) {
  arena *m = s->c->p->mem;
  if (s->cap >= s->c->cap) return;
  s->uses = arena_grow(m, s->uses, s->cap, s->c->cap, sizeof *s->uses);
  s->bl_uses = arena_grow(m, s->bl_uses, s->cap, s->c->cap, sizeof *s->bl_uses);
  s->copied = arena_grow(m, s->copied, s->cap, s->c->cap, sizeof *s->copied);
  for (uint32_t t = s->cap; t < s->c->cap; t++) s->uses[t] = s->bl_uses[t] = s->copied[t] = 0;
  s->cap = s->c->cap;
}

/* Is t live out of the block? A temporary made while sinking (a
 * recomputed leaf) has an id past the liveness bitsets and is not. */
static bool live_out(const sink_state *s, uint32_t t) { return t < s->live_temps && bitset_test(s->live_out, t); }

/* Is t read at or after position `from`, or live out of the block? */
static bool live_from(const sink_state *s, uint32_t t, uint32_t from) {
  if (live_out(s, t)) return true;
  for (uint32_t j = from; j < s->n; j++)
    for (unsigned k = 0; k < s->v[j]->num_ops; k++)
      if (s->v[j]->ops[k].kind == MIR_OPND_TEMP && s->v[j]->ops[k].temp.id == t) return true;
  return false;
}

/* Is t read in [lo, u) outside the tree? */
static bool read_between(const sink_state *s, uint32_t t, uint32_t lo, uint32_t u, const uint32_t *pos, unsigned nt) {
  for (uint32_t j = lo; j < u; j++) {
    bool in = false;
    for (unsigned k = 0; k < nt && !in; k++) in = pos[k] == j;
    if (!in && spill_names(s->v[j], t)) return true;
  }
  return false;
}

/* Position of the instruction defining t in [0, below), else UINT32_MAX. */
static uint32_t def_pos(const sink_state *s, uint32_t t, uint32_t below) {
  for (uint32_t j = below; j-- > 0;)
    for (unsigned k = 0; k < s->v[j]->num_defs; k++)
      if (s->v[j]->defs[k].kind == MIR_OPND_TEMP && s->v[j]->defs[k].temp.id == t) return j;
  return UINT32_MAX;
}

/* Collects the tree under the instruction at `at` into pos[] (positions,
 * the root first); returns its size, 0 when it does not fit MAX_TREE. */
static unsigned collect(const sink_state *s, uint32_t at, uint32_t *pos, unsigned n) {
  if (n >= MAX_TREE) return 0;
  pos[n++] = at;
  const mir_instr *ins = s->v[at];
  for (unsigned k = 0; k < ins->num_ops; k++) {
    const mir_operand *o = &ins->ops[k];
    if (o->kind != MIR_OPND_TEMP || s->uses[o->temp.id] != 1 || s->bl_uses[o->temp.id] != 1) continue;
    uint32_t j = def_pos(s, o->temp.id, at);
    if (j == UINT32_MAX || !sinkable(s, s->v[j])) continue;
    n = collect(s, j, pos, n);
    if (!n) return 0;
  }
  return n;
}

static bool in_tree(const uint32_t *pos, unsigned n, uint32_t j) {
  for (unsigned k = 0; k < n; k++)
    if (pos[k] == j) return true;
  return false;
}

/* Can the leaf t (not live after position u) be recomputed in the tree
 * instead of kept live until u: defined in the block by a plain VALU
 * operation whose operands are constants or live after u? */
static bool clonable_leaf(const sink_state *s, uint32_t dp, uint32_t u) {
  if (dp == UINT32_MAX || !sinkable(s, s->v[dp])) return false;
  const mir_instr *ins = s->v[dp];
  for (unsigned k = 0; k < ins->num_ops; k++)
    if (ins->ops[k].kind == MIR_OPND_TEMP && !live_from(s, ins->ops[k].temp.id, u)) return false;
  return true;
}

/* Tries to sink the tree rooted at i to just before j, the first use of
 * its result; the instruction at j keeps its position unless clones of
 * leaves are added (then it moves down by their number, *added). */
static void try_sink(sink_state *s, uint32_t i, uint32_t j, unsigned *added) {
  const mir_instr *root = s->v[i];
  *added = 0;
  if (!sinkable(s, root) || j == i + 1) return;
  uint32_t d = root->defs[0].temp.id;
  if (!s->uses[d] || s->uses[d] != s->bl_uses[d] || live_out(s, d)) return;
  uint32_t u = i + 1;
  while (u < j && !spill_names(s->v[u], d)) u++;
  if (u != j) return;
  uint32_t pos[MAX_TREE];
  unsigned nt = collect(s, i, pos, 0);
  if (!nt) return;
  uint32_t lo = i;
  for (unsigned k = 0; k < nt; k++)
    if (pos[k] < lo) lo = pos[k];
  for (uint32_t q = lo; q < u; q++)
    if (!in_tree(pos, nt, q) && is_fence(s->v[q])) return;
  /* Leaves not live after the destination, per file; those a plain VALU
   * operation computes from values live there are recomputed instead. */
  unsigned cost_v = 0, cost_s = 0, nseen = 0, nclone = 0;
  bool lone = false; /* a leaf kept live longer that no other tree here reads */
  uint32_t seen[MAX_TREE * 4], clone_t[MAX_TREE * 4], clone_dp[MAX_TREE * 4];
  for (unsigned k = 0; k < nt; k++) {
    const mir_instr *ins = s->v[pos[k]];
    for (unsigned o = 0; o < ins->num_ops; o++) {
      const mir_operand *op = &ins->ops[o];
      if (op->kind != MIR_OPND_TEMP) continue;
      uint32_t t = op->temp.id, dp = def_pos(s, t, pos[k]);
      if (dp != UINT32_MAX && in_tree(pos, nt, dp)) continue;
      bool dup = false;
      for (unsigned q = 0; q < nseen && !dup; q++) dup = seen[q] == t;
      if (dup) continue;
      if (nseen == MAX_TREE * 4) return;
      seen[nseen++] = t;
      if (live_from(s, t, u)) continue;
      if (clonable_leaf(s, dp, u)) {
        clone_t[nclone] = t;
        clone_dp[nclone++] = dp;
        continue;
      }
      if (mir_rc_is_vgpr(op->temp.rc)) cost_v += mir_rc_size(op->temp.rc);
      else cost_s += mir_rc_size(op->temp.rc);
      if (!read_between(s, t, lo, u, pos, nt)) lone = true;
    }
  }
  unsigned root_n = mir_rc_size(root->defs[0].temp.rc), root_v = mir_rc_is_vgpr(root->defs[0].temp.rc) ? root_n : 0;
  if (cost_v > root_v || cost_s > root_n - root_v) return;
  /* A move that only trades the root's register for a leaf's gains
   * nothing unless other trees reading that leaf can follow for free. */
  if (lone && cost_v + cost_s == root_n) return;
  /* SALU operations clobber SCC: nothing may read an SCC value defined
   * before the destination at or after it. */
  bool clobbers = false;
  for (unsigned k = 0; k < nt; k++) clobbers |= writes_scc(s->v[pos[k]]);
  for (unsigned k = 0; k < nclone; k++) clobbers |= writes_scc(s->v[clone_dp[k]]);
  if (clobbers)
    for (uint32_t q = u; q-- > 0;) {
      if (in_tree(pos, nt, q) || !writes_scc(s->v[q])) continue;
      const mir_operand *sc = scc_def(s->v[q]); /* (absent: nothing reads it) */
      if (sc && sc->kind == MIR_OPND_TEMP && live_from(s, sc->temp.id, u)) return;
      break;
    }
  mir_instr *cdef[MAX_TREE * 4]; /* (the leaves' definitions, before positions change) */
  for (unsigned k = 0; k < nclone; k++) cdef[k] = s->v[clone_dp[k]];
  /* Move: the tree's instructions keep their order, before position u. */
  mir_instr *tree[MAX_TREE];
  unsigned m = 0, w = lo;
  for (uint32_t q = lo; q <= i; q++)
    if (in_tree(pos, nt, q)) tree[m++] = s->v[q];
  for (uint32_t q = lo; q < u; q++)
    if (!in_tree(pos, nt, q)) s->v[w++] = s->v[q];
  for (unsigned k = 0; k < m; k++) s->v[w++] = tree[k];
  /* Recomputed leaves: a copy of the definition ahead of the tree (the
   * original goes once nothing reads it, spill_sink_trees). */
  for (unsigned k = 0; k < nclone; k++) {
    mir_instr *cl = spill_clone(s->c->p, cdef[k]);
    mir_temp nt2 = spill_new_temp(s->c, cl->defs[0].temp.rc);
    cl->defs[0] = mir_op_temp(nt2);
    if (cl->num_defs == 2) cl->defs[1].temp = spill_new_temp(s->c, cl->defs[1].temp.rc); /* a dead SCC of its own */
    for (unsigned q = 0; q < cl->num_ops; q++) cl->ops[q].flags &= (uint8_t)~MIR_OPND_KILL;
    uint32_t nread = 0; /* tree operands now reading the copy (two subtrees may share the leaf) */
    for (unsigned q = 0; q < m; q++)
      for (unsigned o = 0; o < tree[q]->num_ops; o++)
        if (tree[q]->ops[o].kind == MIR_OPND_TEMP && tree[q]->ops[o].temp.id == clone_t[k]) {
          if (s->nundo == s->cap_undo) {
            uint32_t cap = s->cap_undo ? 2 * s->cap_undo : 32;
            s->undo = arena_grow(s->c->p->mem, s->undo, s->cap_undo, cap, sizeof *s->undo);
            s->cap_undo = cap;
          }
          s->undo[s->nundo++] = (struct sink_undo){tree[q], o, tree[q]->ops[o].temp};
          tree[q]->ops[o].temp = nt2;
          nread++;
          s->uses[clone_t[k]]--;
          s->bl_uses[clone_t[k]]--;
          s->copied[clone_t[k]] = 1;
        }
    sink_grow(s);
    s->uses[nt2.id] = s->bl_uses[nt2.id] = nread;
    for (unsigned q = 0; q < cl->num_ops; q++)
      if (cl->ops[q].kind == MIR_OPND_TEMP) {
        s->uses[cl->ops[q].temp.id]++;
        s->bl_uses[cl->ops[q].temp.id]++;
      }
    mir_block_insert(s->c->p, s->b, u - m, cl);
    s->v = s->b->instrs;
    s->n = s->b->num_instrs;
    (*added)++;
  }
}

/* Puts block b's instructions back to the n of `was`. */
static void restore_block(mir_program *p, mir_block *b, mir_instr *const *was, uint32_t n) {
  if (b->cap_instrs < n) {
    b->instrs = arena_grow(p->mem, b->instrs, b->cap_instrs, n, sizeof *b->instrs);
    b->cap_instrs = n;
  }
  memcpy(b->instrs, was, n * sizeof *b->instrs);
  b->num_instrs = n;
}

/* The highest demand of each file in block b. */
static mir_reg_demand block_peak(const mir_live_info *li, uint32_t b, uint32_t n) {
  mir_reg_demand m = {0};
  for (uint32_t i = 0; i < n; i++) {
    if (li->demand[b][i].vgpr > m.vgpr) m.vgpr = li->demand[b][i].vgpr;
    if (li->demand[b][i].sgpr > m.sgpr) m.sgpr = li->demand[b][i].sgpr;
  }
  return m;
}

void spill_sink_trees(spill_ctx *c, unsigned vbudget, unsigned sbudget) {
  mir_program *p = c->p;
  const mir_live_info *li = p->live;
  spill_grow(c);
  sink_state s = {.c = c};
  sink_grow(&s);
  for (uint32_t bi = 0; bi < p->num_blocks; bi++)
    for (uint32_t i = 0; i < p->blocks[bi].num_instrs; i++) {
      const mir_instr *ins = p->blocks[bi].instrs[i];
      for (unsigned k = 0; k < ins->num_ops; k++)
        if (ins->ops[k].kind == MIR_OPND_TEMP) s.uses[ins->ops[k].temp.id]++;
    }
  /* Each block's order before, and its peaks, to go back to where the
   * reordering does not lower them. */
  mir_instr ***old = arena_alloc(p->mem, (p->num_blocks + 1) * sizeof *old);
  uint32_t *old_n = arena_alloc(p->mem, (p->num_blocks + 1) * sizeof *old_n);
  mir_reg_demand *peak = arena_alloc(p->mem, (p->num_blocks + 1) * sizeof *peak);
  uint32_t *undo_from = arena_alloc(p->mem, (p->num_blocks + 1) * sizeof *undo_from);
  uint32_t *undo_to = arena_alloc(p->mem, (p->num_blocks + 1) * sizeof *undo_to);
  bool any = false;
  for (uint32_t bi = 0; bi < p->num_blocks; bi++) {
    mir_block *b = &p->blocks[bi];
    old[bi] = NULL;
    peak[bi] = block_peak(li, bi, b->num_instrs);
    if (peak[bi].vgpr <= vbudget && peak[bi].sgpr <= sbudget) continue;
    old[bi] = arena_alloc(p->mem, (b->num_instrs + 1) * sizeof *old[bi]);
    memcpy(old[bi], b->instrs, b->num_instrs * sizeof *old[bi]);
    old_n[bi] = b->num_instrs;
    any = true;
    undo_from[bi] = s.nundo;
    s.b = b;
    s.v = b->instrs;
    s.n = b->num_instrs;
    s.live_out = li->live_out[bi];
    s.live_temps = li->words * 64;
    memset(s.bl_uses, 0, s.cap * sizeof *s.bl_uses);
    for (uint32_t i = 0; i < s.n; i++)
      for (unsigned k = 0; k < s.v[i]->num_ops; k++)
        if (s.v[i]->ops[k].kind == MIR_OPND_TEMP && !mir_is_phi(s.v[i])) s.bl_uses[s.v[i]->ops[k].temp.id]++;
    /* Destinations from the last down: a tree moved later in the block
     * keeps its leaves live at the earlier destinations. */
    for (uint32_t j = s.n; j-- > 0;) {
      if (mir_is_phi(s.v[j])) continue;
      for (unsigned k = 0; k < s.v[j]->num_ops; k++) {
        const mir_operand *o = &s.v[j]->ops[k];
        if (o->kind != MIR_OPND_TEMP) continue;
        uint32_t i = def_pos(&s, o->temp.id, j);
        unsigned added = 0;
        if (i != UINT32_MAX) try_sink(&s, i, j, &added);
        j += added;
      }
    }
    /* Definitions whose every use now reads a recomputed copy go. */
    uint32_t n = 0;
    for (uint32_t i = 0; i < b->num_instrs; i++) {
      mir_instr *ins = b->instrs[i];
      if (sinkable(&s, ins) && s.copied[ins->defs[0].temp.id] && !s.uses[ins->defs[0].temp.id]) {
        for (unsigned k = 0; k < ins->num_ops; k++)
          if (ins->ops[k].kind == MIR_OPND_TEMP) s.uses[ins->ops[k].temp.id]--;
        continue;
      }
      b->instrs[n++] = ins;
    }
    b->num_instrs = n;
    undo_to[bi] = s.nundo;
  }
  if (!any) return;
  mir_liveness(p, c->d);
  for (uint32_t bi = 0; bi < p->num_blocks; bi++) {
    if (!old[bi]) continue;
    mir_reg_demand now = block_peak(p->live, bi, p->blocks[bi].num_instrs);
    bool better = now.vgpr <= peak[bi].vgpr && now.sgpr <= peak[bi].sgpr && (now.vgpr < peak[bi].vgpr || now.sgpr < peak[bi].sgpr);
    if (better) continue;
    mir_block *b = &p->blocks[bi];
    restore_block(p, b, old[bi], old_n[bi]);
    for (uint32_t k = undo_to[bi]; k-- > undo_from[bi];) s.undo[k].ins->ops[s.undo[k].op].temp = s.undo[k].was;
  }
}

/* Is ins a scalar load of constant memory: an s_load from an address the
 * kernel received (a p_startpgm result: the kernel-argument segment or the
 * dispatch packet, both read-only for the whole dispatch)? */
static bool const_load(const mir_program *p, const uint8_t *input, const mir_instr *ins) {
  (void)p;
  if (ins->opcode != ISA_S_LOAD_DWORD && ins->opcode != ISA_S_LOAD_DWORDX2 && ins->opcode != ISA_S_LOAD_DWORDX4) return false;
  if (ins->num_defs != 1 || ins->num_ops != 1 || (ins->enc_flags & MIR_ENC_GLC)) return false;
  const mir_operand *a = &ins->ops[0], *d = &ins->defs[0];
  return a->kind == MIR_OPND_TEMP && input[a->temp.id] && d->kind == MIR_OPND_TEMP && d->preg == MIR_PREG_NONE;
}

/* The highest SGPR demand of the program and of its loops' blocks. */
static void sgpr_peaks(const spill_ctx *c, unsigned *all, unsigned *loops) {
  const mir_program *p = c->p;
  for (uint32_t b = 0; b < p->num_blocks; b++)
    for (uint32_t i = 0; i < p->blocks[b].num_instrs; i++) {
      unsigned v = p->live->demand[b][i].sgpr;
      if (v > *all) *all = v;
      if (c->loops.depth[b] && v > *loops) *loops = v;
    }
}

void spill_sink_const_loads(spill_ctx *c) {
  mir_program *p = c->p;
  uint32_t nt = p->num_temps, nb = p->num_blocks;
  if (!nb) return;
  uint8_t *input = arena_alloc(p->mem, nt);
  uint32_t *ublock = arena_alloc(p->mem, nt * sizeof *ublock); /* the one block reading t, UINT32_MAX: several, phi */
  memset(input, 0, nt);
  for (uint32_t t = 0; t < nt; t++) ublock[t] = UINT32_MAX - 1;
  for (uint32_t bi = 0; bi < nb; bi++)
    for (uint32_t i = 0; i < p->blocks[bi].num_instrs; i++) {
      const mir_instr *ins = p->blocks[bi].instrs[i];
      if (ins->opcode == MIR_P_STARTPGM)
        for (unsigned k = 0; k < ins->num_defs; k++)
          if (ins->defs[k].kind == MIR_OPND_TEMP) input[ins->defs[k].temp.id] = 1;
      for (unsigned k = 0; k < ins->num_ops; k++) {
        if (ins->ops[k].kind != MIR_OPND_TEMP) continue;
        uint32_t t = ins->ops[k].temp.id;
        if (mir_is_phi(ins)) ublock[t] = UINT32_MAX;
        else if (ublock[t] == UINT32_MAX - 1) ublock[t] = bi;
        else if (ublock[t] != bi) ublock[t] = UINT32_MAX;
      }
    }
  /* Loads in the entry block whose value only one later block reads move
   * to just before that read, or, when that block is in a loop, to the
   * end of the outermost such loop's preheader (so each runs at most
   * once). */
  /* Each block's order before, to go back if the moves do not lower the
   * SGPR peak or raise it inside a loop (the address stays live longer). */
  mir_instr ***old = arena_alloc(p->mem, nb * sizeof *old);
  uint32_t *old_n = arena_alloc(p->mem, nb * sizeof *old_n);
  for (uint32_t bi = 0; bi < nb; bi++) {
    mir_block *b = &p->blocks[bi];
    old[bi] = arena_alloc(p->mem, (b->num_instrs + 1) * sizeof *old[bi]);
    memcpy(old[bi], b->instrs, b->num_instrs * sizeof *old[bi]);
    old_n[bi] = b->num_instrs;
  }
  unsigned all0 = 0, loop0 = 0;
  sgpr_peaks(c, &all0, &loop0);
  mir_block *b0 = &p->blocks[0];
  uint32_t n = 0;
  bool moved = false;
  for (uint32_t i = 0; i < b0->num_instrs; i++) {
    mir_instr *ins = b0->instrs[i];
    uint32_t u = const_load(p, input, ins) ? ublock[ins->defs[0].temp.id] : UINT32_MAX;
    if (u != UINT32_MAX && u != UINT32_MAX - 1 && c->loops.depth[u] != 0) { /* read in a loop: its preheader */
      uint32_t l = 0;
      while (l < c->loops.num && !bitset_test(c->loops.blocks + (size_t)l * c->loops.words, u)) l++;
      u = l < c->loops.num ? mir_loop_preheader(c->p, &c->loops, l) : UINT32_MAX;
      if (u != UINT32_MAX && c->loops.depth[u] != 0) u = UINT32_MAX;
      if (u != UINT32_MAX) {
        mir_block *ub = &p->blocks[u];
        uint32_t at = ub->num_instrs;
        while (at > 0 && mir_is_terminator(ub->instrs[at - 1])) at--;
        if (u != 0) {
          mir_block_insert(p, ub, at, ins);
          moved = true;
          continue;
        }
      }
      b0->instrs[n++] = ins;
      continue;
    }
    if (u == UINT32_MAX || u == UINT32_MAX - 1 || u == 0) {
      b0->instrs[n++] = ins;
      continue;
    }
    mir_block *ub = &p->blocks[u];
    uint32_t at = 0;
    while (at < ub->num_instrs && !spill_names(ub->instrs[at], ins->defs[0].temp.id)) at++;
    mir_block_insert(p, ub, at, ins);
    moved = true;
  }
  b0->num_instrs = n;
  if (!moved) return;
  mir_liveness(p, c->d);
  unsigned all1 = 0, loop1 = 0;
  sgpr_peaks(c, &all1, &loop1);
  if (all1 < all0 && loop1 <= loop0) return;
  for (uint32_t bi = 0; bi < nb; bi++) {
    mir_block *b = &p->blocks[bi];
    restore_block(p, b, old[bi], old_n[bi]);
  }
}
