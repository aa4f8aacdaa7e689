/* Moves of values live out of their block for the SSA register allocator
 * (regalloc.c), when splitting block-local values (regalloc_split.c)
 * cannot clear an aligned range for a tuple. Root cause of the "no free
 * N-dword range (the file is fragmented)" failures at every budget: the
 * file holds mostly values that live through the block, each in the one
 * register it keeps for its life, with holes of one dword between them;
 * the spiller keeps a few dwords free (tuple slack) and fills the file to
 * the budget less them, so a smaller budget leaves the same holes
 * (llvm-stress seed 60284 at gfx900 -O0: "no free 2-dword SGPR range
 * (demand 63 SGPRs, has 65)", s9 and s3 free between live-through values).
 *
 * Such a value `old` moves like a block-local one (a p_parallelcopy
 * nt = old before the instruction, uses in the rest of the block renamed),
 * and then its uses beyond the block are renamed to the value that reaches
 * them (SSA reconstruction, after Cytron et al.: phis at the iterated
 * dominance frontier of the copy's block where old is live, the
 * reaching name found up the dominator tree), as ACO's live-range
 * splitting does for values live through a block
 * (aco_register_allocation.cpp). A phi in a block placed already (a loop
 * header the copy's block reaches by a back edge) takes old's register,
 * which old held there, so nothing placed changes; a phi in a later block
 * is placed there like any phi (ssa-elim then copies on the edges).
 *
 * SGPRs get linear phis (an SGPR holds one value for the whole wave
 * whatever EXEC is). A VGPR copy (v_mov_b32) writes only the lanes active
 * in its block, so a VGPR value moves first only where no phi is needed
 * and its block dominates, in the logical CFG too, every block it is live
 * into beyond the copy: then every lane that reads the new name passed
 * the copy. As a last resort (a VGPR that lives around a loop) it moves
 * with logical phis (p_phi) at the iterated dominance frontier of the
 * logical CFG, which its lanes follow (vgpr_phis_ok).
 * ra_movable and ra_grow_arrays live here too: regalloc_split.c
 * and regalloc.c call this file, which calls neither (check-layers.py:
 * the allocator's call cycle stays three files). */
#include <string.h>

#include "ra/ra.h"
#include "ra/regalloc_internal.h"
#include "mir/liveness.h"
#include "util/bitset.h"

/* Grows the per-temp arrays after new temporaries were created. */
void ra_grow_arrays(ra_ctx *c) {
  if (c->p->num_temps <= c->cap) return;
  uint32_t ncap = c->cap * 2;
  while (ncap < c->p->num_temps) ncap *= 2;
  mir_preg *r = arena_alloc(c->p->mem, ncap * sizeof *r), *f = arena_alloc(c->p->mem, ncap * sizeof *f);
  memcpy(r, c->reg, c->cap * sizeof *r);
  memcpy(f, c->pref, c->cap * sizeof *f);
  for (uint32_t t = c->cap; t < ncap; t++) r[t] = f[t] = MIR_PREG_NONE;
  c->reg = r;
  c->pref = f;
  if (c->orig) {
    uint32_t *o = arena_alloc(c->p->mem, ncap * sizeof *o);
    memcpy(o, c->orig, c->cap * sizeof *o);
    memset(o + c->cap, 0xff, (ncap - c->cap) * sizeof *o);
    c->orig = o;
  }
  c->cap = ncap;
}

/* Can temporary t be moved to another register before the current
 * instruction? Only values that die in this block (so renaming the rest
 * of the block is enough: no other block sees the new name), that are not
 * pinned, and that the current instruction does not define. */
bool ra_movable(const ra_ctx *c, uint32_t t) {
  uint32_t l = ra_live_id(c, t); /* a cross-block move's copy lives as its original */
  if (l != UINT32_MAX && bitset_test(c->p->live->live_out[c->cur_bi], l)) return false;
  if (mir_preg_is_special(c->reg[t])) return false;
  if (mir_rc_is_vgpr(c->p->temp_rc[t]) && (c->p->temp_rc[t] & MIR_RC_LINEAR)) return false; /* lanes EXEC would drop */
  const mir_instr *ins = c->cur_ins;
  for (unsigned k = 0; k < ins->num_defs; k++)
    if (ins->defs[k].kind == MIR_OPND_TEMP && ins->defs[k].temp.id == t) return false;
  return true;
}

uint32_t ra_live_id(const ra_ctx *c, uint32_t t) {
  if (t < c->live_temps) return t;
  return c->orig && t < c->cap ? c->orig[t] : UINT32_MAX;
}

/* The dominance frontiers of one CFG (linear, or logical: linear false)
 * under its immediate dominators idom (Cooper, Harvey, Kennedy: each join
 * block is in the frontier of its predecessors' dominator chains up to
 * its immediate dominator). Arena memory, one list per block. */
static mir_idx_list *frontiers(ra_ctx *c, const uint32_t *idom, bool linear) {
  mir_program *p = c->p;
  uint32_t n = p->num_blocks ? p->num_blocks : 1;
  mir_idx_list *df = arena_alloc(p->mem, n * sizeof *df);
  memset(df, 0, n * sizeof *df);
  for (uint32_t y = 0; y < p->num_blocks; y++) {
    const mir_idx_list *pr = linear ? &p->blocks[y].linear_preds : &p->blocks[y].logical_preds;
    if (pr->n < 2 || idom[y] == UINT32_MAX) continue;
    for (uint32_t k = 0; k < pr->n; k++)
      for (uint32_t r = pr->v[k]; r != idom[y] && idom[r] != UINT32_MAX;) {
        mir_idx_list *d = &df[r];
        bool have = false;
        for (uint32_t j = 0; j < d->n && !have; j++) have = d->v[j] == y;
        if (!have) {
          if (d->n == d->cap) {
            uint32_t ncap = d->cap ? d->cap * 2 : 4, *v = arena_alloc(p->mem, ncap * sizeof *v);
            if (d->n) memcpy(v, d->v, d->n * sizeof *v);
            d->v = v;
            d->cap = ncap;
          }
          d->v[d->n++] = y;
        }
        if (r == 0 || idom[r] == r) break;
        r = idom[r];
      }
  }
  return df;
}

/* Dominators and dominance frontiers of both CFGs, at the first move. */
static void need_dominators(ra_ctx *c) {
  if (c->idom_lin) return;
  mir_program *p = c->p;
  uint32_t n = p->num_blocks ? p->num_blocks : 1;
  c->idom_lin = arena_alloc(p->mem, n * sizeof *c->idom_lin);
  c->idom_log = arena_alloc(p->mem, n * sizeof *c->idom_log);
  uint32_t *rpo = arena_alloc(p->mem, n * sizeof *rpo);
  mir_dominators(p, true, p->mem, c->idom_lin, rpo);
  mir_dominators(p, false, p->mem, c->idom_log, rpo);
  c->df = frontiers(c, c->idom_lin, true);
  c->df_log = frontiers(c, c->idom_log, false);
}

/* Does block a strictly dominate block b in the linear CFG? */
static bool sdom(const ra_ctx *c, uint32_t a, uint32_t b) {
  return a != b && mir_dominates(c->idom_lin, a, b);
}

/* Does block a strictly dominate block b in the linear CFG and dominate
 * it in the logical CFG (every lane reaching b passed a)? */
static bool vdom(const ra_ctx *c, uint32_t a, uint32_t b) {
  return sdom(c, a, b) && mir_dominates(c->idom_log, a, b);
}

/* Does a VGPR copy made before the current instruction write every lane
 * that reads the new name in the blocks the current one dominates in the
 * logical CFG? Only under structured selection (or no divergent branch):
 * there a block's VALU work between the EXEC writes that open it and the
 * first EXEC write (or call, mode write, logical-region marker) after
 * them runs with EXEC = the lanes whose logical path passes the block
 * (cse_dom.c's invariant), so the copy must sit in that span. Masked
 * linearisation (isel_cf.c) runs every block under its own mask with the
 * logical CFG = the linear one: a dominated join's v_cndmask reads the
 * value for lanes that took another arm and never ran the copy
 * (llvm-stress seed 69627 at gfx90a/gfx942 -O0 --max-vgprs=16: a loop's
 * branch counter moved in one arm kept its old value for the other arm's
 * lanes, an endless loop). */
static bool vgpr_copy_lanes_ok(const ra_ctx *c) {
  const mir_program *p = c->p;
  if (!p->structured && p->cf_lowering != MIR_CF_UNIFORM) return false;
  const mir_block *bb = &p->blocks[c->cur_bi];
  uint32_t i = 0;
  while (i < bb->num_instrs && (mir_is_phi(bb->instrs[i]) || bb->instrs[i]->opcode == MIR_P_STARTPGM ||
                                mir_writes_exec(bb->instrs[i])))
    i++;
  if (c->cur_pos < i) return false;
  for (; i < c->cur_pos && i < bb->num_instrs; i++) {
    const mir_instr *x = bb->instrs[i];
    switch (x->opcode) {
    case MIR_P_CALL: case MIR_P_RETURN: case MIR_P_LOGICAL_START: case MIR_P_LOGICAL_END:
    case MIR_P_START_LINEAR_VGPR: case MIR_P_END_LINEAR_VGPR:
      return false;
    default:
      if (mir_writes_exec(x)) return false;
    }
  }
  return true;
}

/* A VGPR value moves only where no phi is needed and every lane reading
 * the new name passed the copy (vgpr_copy_lanes_ok): every block reachable from the current one
 * in the logical CFG (along which a logical VGPR's liveness flows,
 * liveness.c) that the value o lives into is dominated by it in both
 * CFGs (vdom). */
static bool vgpr_move_ok(ra_ctx *c, uint32_t o) {
  const mir_live_info *li = c->p->live;
  uint32_t nb = c->p->num_blocks, b = c->cur_bi;
  uint8_t *seen = arena_alloc(c->p->mem, nb);
  uint32_t *stack = arena_alloc(c->p->mem, nb * sizeof *stack);
  memset(seen, 0, nb);
  unsigned sp = 0;
  const mir_block *bb = &c->p->blocks[b];
  for (uint32_t k = 0; k < bb->logical_succs.n; k++) {
    uint32_t s = bb->logical_succs.v[k];
    if (!seen[s]) seen[s] = 1, stack[sp++] = s;
  }
  while (sp) {
    uint32_t x = stack[--sp];
    if (!bitset_test(li->live_in[x], o)) continue; /* read by a phi at most: renamed on the edge */
    if (!vdom(c, b, x)) return false;
    const mir_block *xb = &c->p->blocks[x];
    for (uint32_t k = 0; k < xb->logical_succs.n; k++) {
      uint32_t s = xb->logical_succs.v[k];
      if (!seen[s]) seen[s] = 1, stack[sp++] = s;
    }
  }
  return true;
}

/* The blocks where a value o moved in block b needs a phi: those of b's
 * iterated dominance frontier in its CFG (linear for SGPRs, logical for
 * VGPRs: `linear`) where o is live in and, given its entry names IN
 * (NULL: none yet), still has its old name OLD there. Returns a flag per
 * block (arena memory). */
static uint8_t *phi_blocks(const ra_ctx *c, uint32_t o, uint32_t b, const uint32_t *in, uint32_t old, bool linear) {
  const mir_program *p = c->p;
  const mir_idx_list *df = linear ? c->df : c->df_log;
  uint32_t nb = p->num_blocks, *work = arena_alloc(p->mem, nb * sizeof *work);
  uint8_t *idf = arena_alloc(p->mem, nb), *need = arena_alloc(p->mem, nb);
  memset(idf, 0, nb);
  memset(need, 0, nb);
  unsigned nw = 0;
  work[nw++] = b;
  while (nw) {
    uint32_t w = work[--nw];
    for (uint32_t k = 0; k < df[w].n; k++) {
      uint32_t y = df[w].v[k];
      if (idf[y]) continue;
      idf[y] = 1;
      work[nw++] = y;
      need[y] = bitset_test(p->live->live_in[y], o) && (!in || in[y] == old);
    }
  }
  return need;
}

/* The entry names of temporary o, or NULL before its first move. */
static uint32_t *names_if_any(const ra_ctx *c, uint32_t o) {
  for (unsigned k = 0; k < c->num_names; k++)
    if (c->names[k].orig == o) return c->names[k].in;
  return NULL;
}

/* May an SGPR value o, named t at the current instruction of block b,
 * move there and get its phis (phi_blocks)? Not when a logical p_phi
 * would get an operand that does not dominate its logical predecessor in
 * the logical CFG: right on the machine, which runs the linear CFG, but
 * not the MIR's rule (the check build's verifier after regalloc):
 *  - a phi block whose logical predecessors differ from its linear ones
 *    (the join of a divergent if on the linear CFG) would give a later
 *    logical p_phi such an operand (app_reduce.cl at gfx1100 wave64 with
 *    8 VGPRs / 16 SGPRs and SGPR spills to scratch);
 *  - an existing p_phi reading t whose logical predecessor the copy's
 *    block (or a new phi's) dominates only in the linear CFG: a uniform
 *    loop counter moved in an arm of a divergent if that every linear
 *    path through the loop runs (masked linearisation), read by the loop
 *    header's p_phi from the latch (gen_loop_exits.py 3139 0.6 at gfx900
 *    -O1 --max-vgprs=8 --max-sgprs=24: "phi operand %557 does not
 *    dominate the end of BB19").
 * Such moves are not made; the allocator then reports the budget as
 * before. */
static bool sgpr_phis_ok(const ra_ctx *c, uint32_t o, uint32_t t, uint32_t b) {
  const mir_program *p = c->p;
  const uint8_t *need = phi_blocks(c, o, b, NULL, 0, true);
  for (uint32_t y = 0; y < p->num_blocks; y++) {
    if (!need[y]) continue;
    const mir_block *yb = &p->blocks[y];
    if (yb->logical_preds.n != yb->linear_preds.n) return false;
    for (uint32_t i = 0; i < yb->linear_preds.n; i++)
      if (yb->logical_preds.v[i] != yb->linear_preds.v[i]) return false;
  }
  /* the p_phi operands ra_rename_across renames: t at a logical
   * predecessor x, to the name reaching x's end in the linear CFG (the
   * copy in b or a phi in a block of `at`: the block defining it, d) */
  const uint8_t *at = phi_blocks(c, o, b, names_if_any(c, o), t, true);
  for (uint32_t y = 0; y < p->num_blocks; y++) {
    const mir_block *yb = &p->blocks[y];
    for (uint32_t i = 0; i < yb->num_instrs && mir_is_phi(yb->instrs[i]); i++) {
      const mir_instr *ins = yb->instrs[i];
      if (ins->opcode != MIR_P_PHI) continue;
      for (unsigned k = 0; k < ins->num_ops && k < yb->logical_preds.n; k++) {
        if (ins->ops[k].kind != MIR_OPND_TEMP || ins->ops[k].temp.id != t) continue;
        uint32_t x = yb->logical_preds.v[k], d = UINT32_MAX;
        for (uint32_t z = x;;) {
          if (z == b || at[z]) {
            d = z;
            break;
          }
          uint32_t u = c->idom_lin[z];
          if (u == UINT32_MAX || u == z) break;
          z = u;
        }
        if (d != UINT32_MAX && !mir_dominates(c->idom_log, d, x)) return false;
      }
    }
  }
  return true;
}

/* May a VGPR value o, named t at the current instruction of block b, move
 * with logical phis (p_phi) at b's iterated dominance frontier in the
 * logical CFG, where its names meet? The last resort (c->logical_phis),
 * for VGPRs that live around a loop (llvm-stress seeds 60307 and 60451
 * at gfx900 -O0: "no free 4-dword VGPR range (demand 31 VGPRs, has 33)").
 * A VGPR's lanes follow the logical CFG and a v_mov_b32 writes the lanes
 * active in its block, so every lane that passes the copy reads the new
 * name after it and every other lane reaches the phis by another edge,
 * as in ACO's splitting of live-through values. Refused when
 *  - the copy would sit after b's p_logical_end (EXEC is no longer the
 *    block's logical mask there) or b is not in the logical CFG;
 *  - some name of o is read by a linear phi (renamed on the linear CFG);
 *  - a block placed already (numbered up to b) would read a name that is
 *    not in old's register there: the copy or a phi of a later block
 *    dominating it (the allocator walks blocks in linear order, and a
 *    phi in a block placed already takes old's register), or a later
 *    block would read a phi of a block after it (not yet assigned when
 *    it is placed).
 * Phis at blocks placed already otherwise take old's register as the
 * SGPR ones do (ra_rename_across). */
static bool vgpr_phis_ok(const ra_ctx *c, uint32_t o, uint32_t t, uint32_t b) {
  const mir_program *p = c->p;
  if (c->idom_log[b] == UINT32_MAX) return false;
  const mir_block *bb = &p->blocks[b];
  for (uint32_t i = 0; i < c->cur_pos && i < bb->num_instrs; i++)
    if (bb->instrs[i]->opcode == MIR_P_LOGICAL_END) return false;
  for (uint32_t x = 0; x < p->num_blocks; x++) {
    const mir_block *xb = &p->blocks[x];
    for (uint32_t i = 0; i < xb->num_instrs && mir_is_phi(xb->instrs[i]); i++) {
      const mir_instr *ins = xb->instrs[i];
      if (ins->opcode != MIR_P_LINEAR_PHI) continue;
      for (unsigned k = 0; k < ins->num_ops; k++)
        if (ins->ops[k].kind == MIR_OPND_TEMP && ra_live_id(c, ins->ops[k].temp.id) == o) return false;
    }
  }
  const uint8_t *need = phi_blocks(c, o, b, names_if_any(c, o), t, false);
  for (uint32_t x = 0; x < p->num_blocks; x++) {
    if (x != b && !bitset_test(p->live->live_in[x], o)) continue;
    /* the name reaching x (as reach_start finds it) */
    for (uint32_t y = x;;) {
      if (need[y]) {
        if (x <= b ? y > b : y > x) return false;
        break;
      }
      uint32_t z = c->idom_log[y];
      if (z == UINT32_MAX || z == y) break;
      if (z == b) {
        if (x <= b) return false;
        break;
      }
      y = z;
    }
  }
  return true;
}

bool ra_movable_across(ra_ctx *c, uint32_t t) {
  if (ra_movable(c, t)) return true;
  if (mir_preg_is_special(c->reg[t]) || c->reg[t] == MIR_PREG_SCC) return false;
  mir_rc rc = c->p->temp_rc[t];
  bool vgpr = mir_rc_is_vgpr(rc);
  if (vgpr && (rc & MIR_RC_LINEAR)) return false;
  const mir_instr *ins = c->cur_ins;
  for (unsigned k = 0; k < ins->num_defs; k++)
    if (ins->defs[k].kind == MIR_OPND_TEMP && ins->defs[k].temp.id == t) return false;
  uint32_t o = ra_live_id(c, t);
  if (o == UINT32_MAX) return false;
  if (c->cross && c->cross[o]) return false; /* the new names know no call they live across */
  need_dominators(c);
  if (!vgpr) return sgpr_phis_ok(c, o, t, c->cur_bi);
  /* both kinds of VGPR move need a copy every reading lane ran */
  return vgpr_copy_lanes_ok(c) && (vgpr_move_ok(c, o) || (c->logical_phis && vgpr_phis_ok(c, o, t, c->cur_bi)));
}

/* The entry names of temporary o (created on its first move: o everywhere). */
static uint32_t *names_of(ra_ctx *c, uint32_t o) {
  uint32_t *have = names_if_any(c, o);
  if (have) return have;
  if (c->num_names == c->cap_names) {
    unsigned ncap = c->cap_names ? c->cap_names * 2 : 8;
    struct ra_names *n = arena_alloc(c->p->mem, ncap * sizeof *n);
    if (c->num_names) memcpy(n, c->names, c->num_names * sizeof *n);
    c->names = n;
    c->cap_names = ncap;
  }
  uint32_t nb = c->p->num_blocks ? c->p->num_blocks : 1, *in = arena_alloc(c->p->mem, nb * sizeof *in);
  for (uint32_t x = 0; x < nb; x++) in[x] = o;
  c->names[c->num_names++] = (struct ra_names){.orig = o, .in = in};
  return in;
}

uint32_t ra_live_in_name(const ra_ctx *c, uint32_t t, uint32_t bi) {
  for (unsigned k = 0; k < c->num_names; k++)
    if (c->names[k].orig == t) return c->names[k].in[bi];
  return t;
}

/* The name of `old`'s value at the entry of block x after the copy to nt
 * in block b: a new phi (ph[x]) or, up the dominator tree idom, nt at the
 * end of b, else old. */
static uint32_t reach_start(const uint32_t *idom, const uint32_t *ph, uint32_t b, uint32_t old, uint32_t nt, uint32_t x) {
  for (;;) {
    if (ph[x] != UINT32_MAX) return ph[x];
    uint32_t z = idom[x];
    if (z == UINT32_MAX || z == x) return old;
    if (z == b) return nt;
    x = z;
  }
}

static uint32_t reach_end(const uint32_t *idom, const uint32_t *ph, uint32_t b, uint32_t old, uint32_t nt, uint32_t x) {
  return x == b ? nt : reach_start(idom, ph, b, old, nt, x);
}

/* A VGPR move where no phi is needed (vgpr_move_ok): the blocks b
 * dominates in both CFGs read nt, and logical phis on edges from b or
 * from those blocks. */
static void rename_vgpr_dominated(ra_ctx *c, const uint32_t *in_names, uint32_t old, uint32_t nt) {
  mir_program *p = c->p;
  const mir_live_info *li = p->live;
  uint32_t b = c->cur_bi, o = ra_live_id(c, old);
  uint32_t *in = (uint32_t *)in_names;
  for (uint32_t x = 0; x < p->num_blocks; x++) {
    mir_block *xb = &p->blocks[x];
    bool dom = vdom(c, b, x);
    if (dom && bitset_test(li->live_in[x], o) && in[x] == old) in[x] = nt;
    for (uint32_t i = 0; i < xb->num_instrs; i++) {
      mir_instr *ins = xb->instrs[i];
      bool phi = ins->opcode == MIR_P_PHI;
      if (!dom && !phi) continue;
      for (unsigned k = 0; k < ins->num_ops; k++) {
        mir_operand *op = &ins->ops[k];
        if (op->kind != MIR_OPND_TEMP || op->temp.id != old) continue;
        if (phi && (k >= xb->logical_preds.n || (xb->logical_preds.v[k] != b && !vdom(c, b, xb->logical_preds.v[k]))))
          continue;
        op->temp.id = nt;
      }
    }
  }
}

uint32_t ra_rename_across(ra_ctx *c, uint32_t old, uint32_t nt) {
  mir_program *p = c->p;
  const mir_live_info *li = p->live;
  uint32_t b = c->cur_bi, nb = p->num_blocks, o = ra_live_id(c, old);
  mir_rc rc = p->temp_rc[old];
  need_dominators(c);
  if (!c->orig) {
    c->orig = arena_alloc(p->mem, c->cap * sizeof *c->orig);
    memset(c->orig, 0xff, c->cap * sizeof *c->orig);
  }
  c->orig[nt] = o;
  uint32_t *in = names_of(c, o);
  bool linear = !mir_rc_is_vgpr(rc);
  if (!linear && vgpr_move_ok(c, o)) {
    rename_vgpr_dominated(c, in, old, nt);
    return old;
  }
  /* phis: the iterated dominance frontier of b in the value's CFG, where
   * old is live in (linear phis for SGPRs, logical ones for VGPRs:
   * vgpr_phis_ok) */
  const uint32_t *idom = linear ? c->idom_lin : c->idom_log;
  uint32_t *ph = arena_alloc(p->mem, nb * sizeof *ph);
  memset(ph, 0xff, nb * sizeof *ph);
  const uint8_t *need = phi_blocks(c, o, b, in, old, linear);
  for (uint32_t y = 0; y < nb; y++) {
    if (!need[y]) continue;
    mir_temp t = mir_new_temp(p, rc);
    ra_grow_arrays(c);
    c->orig[t.id] = o;
    ph[y] = t.id;
  }
  /* the phis' operands, then the phis in their blocks (a block placed
   * already gives its phi old's register, which old held there) */
  for (uint32_t y = 0; y < nb; y++) {
    if (ph[y] == UINT32_MAX) continue;
    mir_block *yb = &p->blocks[y];
    const mir_idx_list *preds = linear ? &yb->linear_preds : &yb->logical_preds;
    mir_instr *phi = mir_instr_create(p, linear ? MIR_P_LINEAR_PHI : MIR_P_PHI, preds->n, 1);
    for (uint32_t k = 0; k < preds->n; k++)
      phi->ops[k] = mir_op_temp((mir_temp){.id = reach_end(idom, ph, b, old, nt, preds->v[k]), .rc = rc});
    phi->defs[0] = mir_op_temp((mir_temp){.id = ph[y], .rc = rc});
    mir_block_insert(p, yb, 0, phi);
    if (y == b) c->cur_pos++;
    if (y <= b) c->reg[ph[y]] = c->reg[old];
  }
  /* the other uses of old */
  for (uint32_t x = 0; x < nb; x++) {
    mir_block *xb = &p->blocks[x];
    uint32_t start = reach_start(idom, ph, b, old, nt, x);
    if (bitset_test(li->live_in[x], o) && in[x] == old) in[x] = start;
    for (uint32_t i = 0; i < xb->num_instrs && !(x == b && i >= c->cur_pos); i++) {
      mir_instr *ins = xb->instrs[i];
      bool phi = mir_is_phi(ins);
      const mir_idx_list *preds = ins->opcode == MIR_P_PHI ? &xb->logical_preds : &xb->linear_preds;
      for (unsigned k = 0; k < ins->num_ops; k++) {
        mir_operand *op = &ins->ops[k];
        if (op->kind != MIR_OPND_TEMP || op->temp.id != old) continue;
        if (phi) {
          if (k < preds->n) op->temp.id = reach_end(idom, ph, b, old, nt, preds->v[k]);
        } else {
          op->temp.id = start; /* old where old is defined in x (start is old there) */
        }
      }
    }
  }
  return reach_start(idom, ph, b, old, nt, b);
}
