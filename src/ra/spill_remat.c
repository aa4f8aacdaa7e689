/* Which values the spiller rematerialises (spill.c scan_defs): instead of
 * a store after the definition and a reload before each use, a chosen
 * TK_REMAT value has its definition dropped and a copy of it emitted
 * before each use (spill_apply.c bring_back).
 *
 *   - a move of a constant (s_mov_b32/b64, v_mov_b32): always;
 *   - a plain ALU operation of registers (uniform address arithmetic such
 *     as s_lshl_b32 / s_add of a kernel argument, a VGPR index shifted or
 *     offset, a conversion): when each register operand is live at every
 *     use of the value anyway (read there or live after it; for a phi
 *     operand, live out of the predecessor), so the copy lengthens no
 *     live range and costs one ALU instruction where a reload costs a
 *     scratch load (VGPRs) or a v_readlane (SGPRs). One operand may
 *     instead be in memory (spilled in an earlier round, or chosen in the
 *     same round): the copy reloads it first, a reload in place of the
 *     value's own store and reload, where the use is in no deeper loop
 *     than the definition (the value's reload could leave the loop) and
 *     the operand is no wider than the value. An operation that writes
 *     SCC, VCC, EXEC or M0, touches memory, or reads lanes regardless of
 *     EXEC is never copied.
 *   - an LDS load (load_template), whole or one dword of a loaded tuple
 *     (an element of a ds_read2_b32 pair becomes a ds_read_b32 at its
 *     offset), when on every path of the linear CFG from the load to each
 *     use nothing may change LDS (clobbers: DS and flat stores and
 *     atomics, barriers, fences, volatile loads, calls; another lane's
 *     store counts, so the linear CFG) and each register operand (the
 *     address) is live at the use, or may live on to it (the address of
 *     a wide load: fits_use), or, spilled in an earlier round, is stored
 *     before it: the copy then reloads the address first (an LDS read
 *     and a reload instead of a store and a reload). One copy per block,
 *     like a reload (spill_apply.c bring_back), and one reload of a
 *     spilled address per block, shared by the block's copies; a copy
 *     chosen again is copied per use. The copy runs under the EXEC of the use, a subset
 *     of the lanes that loaded (VGPRs follow the logical CFG); waitcnt
 *     runs later and waits for it like any load. Loaded tuples nothing
 *     reads any more are dropped (spill_remat_drop_dead). Global and
 *     scalar loads stay stored: tried (session 6), a re-executed global
 *     load costs as much as a reload and runs more often than the
 *     reloads it replaced (particles.cl: 7 % more cycles for 1 % fewer
 *     spill instructions), and an s_load instead of a v_readlane made
 *     aes.cl spill more;
 *   - chains: an operand chosen in the same round and rematerialisable
 *     itself (an ALU operation, e.g. an LDS address) is copied first,
 *     where its own operands are live at the use (depth 2).
 * The operand condition is checked every round on the current liveness: a
 * value whose operand was spilled since is stored and reloaded again.
 */
#include <string.h>

#include "ra/ra.h"
#include "ra/spill_internal.h"
#include "util/bitset.h"

bool spill_is_remat(const mir_instr *ins) {
  if (!ins || ins->num_defs != 1 || ins->num_ops != 1 || ins->ops[0].kind != MIR_OPND_CONST) return false;
  if (ins->defs[0].preg != MIR_PREG_NONE || (ins->ops[0].flags & (MIR_OPND_NEG | MIR_OPND_ABS))) return false;
  return ins->opcode == ISA_S_MOV_B32 || ins->opcode == ISA_S_MOV_B64 || ins->opcode == ISA_V_MOV_B32;
}

/* A plain ALU operation of registers and constants, one result, that a
 * copy computes the same way anywhere its operands hold their values. */
static bool plain_alu(const spill_ctx *c, const mir_instr *ins) {
  bool valu;
  if (ins->num_defs != 1 || !isa_is_plain_alu(ins->opcode, &valu)) return false;
  const mir_operand *d = &ins->defs[0];
  if (d->kind != MIR_OPND_TEMP || d->preg != MIR_PREG_NONE || (d->temp.rc & MIR_RC_LINEAR) || mir_rc_is_vgpr(d->temp.rc) != valu)
    return false;
  if (c->kind[d->temp.id] != TK_NORMAL) return false;
  unsigned regs = 0;
  for (unsigned k = 0; k < ins->num_ops; k++) {
    const mir_operand *o = &ins->ops[k];
    if (o->kind == MIR_OPND_CONST) continue;
    if (o->kind != MIR_OPND_TEMP || o->preg != MIR_PREG_NONE || c->is_scc[o->temp.id]) return false;
    regs++;
  }
  return regs > 0;
}

/* ---- loads ------------------------------------------------------------- */

/* An LDS load a copy may repeat (not volatile: GLC set by isel_mem.c for
 * a volatile access). */
static bool lds_load(const mir_instr *ins) {
  if (ins->opcode >= ISA_NUM_OPS || (ins->enc_flags & (MIR_ENC_GLC | MIR_ENC_SLC))) return false;
  switch (ins->opcode) {
  case ISA_DS_READ_B32: case ISA_DS_READ2_B32: case ISA_DS_READ2ST64_B32: case ISA_DS_READ_I8: case ISA_DS_READ_U8:
  case ISA_DS_READ_I16: case ISA_DS_READ_U16: case ISA_DS_READ_B64: case ISA_DS_READ2_B64: case ISA_DS_READ2ST64_B64:
  case ISA_DS_READ_B96: case ISA_DS_READ_B128:
    return true;
  default:
    return false;
  }
}

bool spill_remat_is_load(const mir_instr *ins) { return ins && lds_load(ins); }

/* The byte offset of the ds_read_b32 that reads dword `dw` of what `ld`
 * loads; -1 when out of range (DS offsets are 16 bits; ds_read2* keep
 * their two offsets in units of 4, 8, 256 or 512 bytes, offset0 |
 * offset1 << 8: Vega ISA guide, "DS" instructions). */
static int32_t dword_offset(const mir_instr *ld, unsigned dw) {
  int32_t o = ld->offset, off;
  switch (ld->opcode) {
  case ISA_DS_READ2_B32: case ISA_DS_READ2ST64_B32:
    if (dw > 1) return -1;
    return ((o >> (8 * dw)) & 0xff) * (ld->opcode == ISA_DS_READ2_B32 ? 4 : 256);
  case ISA_DS_READ2_B64: case ISA_DS_READ2ST64_B64:
    if (dw > 3) return -1;
    off = ((o >> (8 * (dw / 2))) & 0xff) * (ld->opcode == ISA_DS_READ2_B64 ? 8 : 512) + 4 * (int32_t)(dw % 2);
    break;
  case ISA_DS_READ_B64: case ISA_DS_READ_B96: case ISA_DS_READ_B128:
    off = o + 4 * (int32_t)dw;
    break;
  default:
    return -1;
  }
  return off <= 0xffff ? off : -1;
}

/* How value t is loaded again, or NULL: its own definition when that is
 * an LDS load of t alone, or, for one dword that p_split_vector /
 * p_extract takes from a loaded tuple (an element of a ds_read2_b32
 * pair), a new ds_read_b32 of just that dword at its offset (not in any
 * block). *ld gets the load that ran (where LDS must be unchanged from). */
static mir_instr *load_template(spill_ctx *c, uint32_t t, const mir_instr **ld) {
  mir_instr *def = c->def[t];
  if (def->num_defs == 1 && lds_load(def) && def->defs[0].kind == MIR_OPND_TEMP && def->defs[0].preg == MIR_PREG_NONE) {
    *ld = def;
    return def;
  }
  if ((def->opcode != MIR_P_SPLIT_VECTOR && def->opcode != MIR_P_EXTRACT) || def->ops[0].kind != MIR_OPND_TEMP ||
      tsize(c, t) != 1)
    return NULL;
  const mir_instr *src = c->def[def->ops[0].temp.id];
  if (!src || src->num_defs != 1 || !lds_load(src) || src->defs[0].preg != MIR_PREG_NONE) return NULL;
  unsigned dw = 0;
  if (def->opcode == MIR_P_EXTRACT) {
    if (def->num_ops < 2 || def->ops[1].kind != MIR_OPND_CONST) return NULL;
    dw = (unsigned)def->ops[1].imm;
  } else {
    unsigned k = 0;
    while (k < def->num_defs && !(def->defs[k].kind == MIR_OPND_TEMP && def->defs[k].temp.id == t))
      dw += tsize(c, def->defs[k++].temp.id);
    if (k == def->num_defs) return NULL;
  }
  int32_t off = dword_offset(src, dw);
  if (off < 0) return NULL;
  mir_instr *n = mir_instr_create(c->p, ISA_DS_READ_B32, src->num_ops, 1);
  memcpy(n->ops, src->ops, src->num_ops * sizeof *n->ops);
  for (unsigned k = 0; k < n->num_ops; k++) n->ops[k].flags &= (uint8_t)~MIR_OPND_KILL;
  n->enc_flags = src->enc_flags;
  n->offset = off;
  n->defs[0] = mir_op_temp((mir_temp){.id = t, .rc = c->p->temp_rc[t]});
  *ld = src;
  return n;
}

/* May `ins` change what an LDS load reads, for a copy of the load after
 * it? DS and flat stores and atomics (flat may address LDS), other DS
 * operations that are not plain loads, barriers (other waves' stores
 * become visible), fences (isel_mem.c: s_waitcnt and cache
 * invalidations; waitcnt runs after the spiller), volatile loads
 * (ordering) and calls. */
static bool clobbers(const mir_instr *ins) {
  if (ins->opcode == MIR_P_CALL) return true;
  if (ins->opcode >= ISA_NUM_OPS) return false;
  const isa_info *ii = &isa_table[ins->opcode];
  if (ii->flags & ISA_F_BARRIER) return true;
  if (ins->opcode == ISA_S_WAITCNT || ins->opcode == ISA_BUFFER_WBINVL1 || ins->opcode == ISA_BUFFER_WBINVL1_VOL ||
      ins->opcode == ISA_BUFFER_INV || ins->opcode == ISA_BUFFER_INVL2 || ins->opcode == ISA_BUFFER_WBL2 ||
      ins->opcode == ISA_S_DCACHE_INV || ins->opcode == ISA_S_DCACHE_WB || ins->opcode == ISA_S_SWAPPC_B64)
    return true;
  if ((ii->flags & ISA_F_LOAD) && (ins->enc_flags & MIR_ENC_ORDERED_MASK)) return true;
  bool writes = (ii->flags & (ISA_F_STORE | ISA_F_ATOMIC)) != 0;
  return ii->format == ISA_FMT_FLAT ? writes : ii->format == ISA_FMT_DS && (writes || !(ii->flags & ISA_F_LOAD));
}

/* Per block: n[b][i] = how many of the block's first i instructions may
 * change LDS (i up to num_instrs). */
typedef struct clobber_map {
  uint32_t **n;
} clobber_map;

static void map_clobbers(const mir_program *p, clobber_map *m) {
  m->n = arena_alloc(p->mem, p->num_blocks * sizeof *m->n);
  for (uint32_t b = 0; b < p->num_blocks; b++) {
    const mir_block *blk = &p->blocks[b];
    m->n[b] = arena_alloc(p->mem, (blk->num_instrs + 1) * sizeof **m->n);
    m->n[b][0] = 0;
    for (uint32_t i = 0; i < blk->num_instrs; i++) m->n[b][i + 1] = m->n[b][i] + (clobbers(blk->instrs[i]) ? 1u : 0u);
  }
}

/* Work space of memory_unchanged: two block sets and a stack. */
typedef struct reach_ws {
  uint64_t *fwd, *bwd;
  uint32_t *stack;
} reach_ws;

/* Blocks reachable along linear successor (fwd) or predecessor edges
 * from the neighbours of `from`, never entering `stop`. */
static void reach(const mir_program *p, uint32_t from, uint32_t stop, bool fwd, uint64_t *set, uint32_t *stack) {
  memset(set, 0, ((p->num_blocks + 63) / 64) * sizeof *set);
  uint32_t n = 0;
  stack[n++] = from;
  while (n) {
    const mir_block *b = &p->blocks[stack[--n]];
    const mir_idx_list *next = fwd ? &b->linear_succs : &b->linear_preds;
    for (uint32_t k = 0; k < next->n; k++) {
      uint32_t s = next->v[k];
      if (s == stop || bitset_test(set, s)) continue;
      bitset_set(set, s);
      stack[n++] = s;
    }
  }
}

/* Does every path of the linear CFG (the order a wave runs its blocks in,
 * whichever lanes take them: another lane's store clobbers too) from
 * instruction di of block db to instruction ui of block ub (ui =
 * num_instrs: the block's end) leave LDS unchanged? A path
 * that comes back to db runs the load again, so it ends there. */
static bool memory_unchanged(const mir_program *p, const clobber_map *m, reach_ws *w, uint32_t db, uint32_t di,
                             uint32_t ub, uint32_t ui) {
  uint32_t *const *n = m->n;
  if (db == ub) return di < ui && n[db][ui] == n[db][di + 1];
  if (n[db][p->blocks[db].num_instrs] != n[db][di + 1]) return false;
  reach(p, db, db, true, w->fwd, w->stack);
  if (!bitset_test(w->fwd, ub)) return false;
  reach(p, ub, db, false, w->bwd, w->stack);
  /* ub itself: whole when a path runs through it to itself, else up to ui */
  if (bitset_test(w->bwd, ub) ? n[ub][p->blocks[ub].num_instrs] : n[ub][ui]) return false;
  for (uint32_t b = 0; b < p->num_blocks; b++)
    if (b != ub && bitset_test(w->fwd, b) && bitset_test(w->bwd, b) && n[b][p->blocks[b].num_instrs]) return false;
  return true;
}

/* Are the register operands of `def` all in `live` (or read by `at`,
 * when given)? */
static bool operands_live(const mir_instr *def, const uint64_t *live, const mir_instr *at) {
  for (unsigned k = 0; k < def->num_ops; k++) {
    const mir_operand *o = &def->ops[k];
    if (o->kind != MIR_OPND_TEMP) continue;
    if (!bitset_test(live, o->temp.id) && !(at && spill_names(at, o->temp.id))) return false;
  }
  return true;
}

/* The candidate search of one round. */
typedef struct remat_scan {
  mir_instr **tmpl;     /* [temp] how the value is computed again */
  const mir_instr **ld; /* [temp] loads: the load that ran */
  uint8_t *cand;        /* [temp] 0: none, 1: ALU operation, 2: load */
  uint8_t *deep;        /* [temp] ALU operands of the template can be copied at every use */
  uint8_t *reload_ops;  /* [temp] some use needs a TK_KEPT operand reloaded */
  uint8_t *in_loop;     /* [temp] some use is in a loop its definition is not in */
  uint32_t *pos;        /* [temp] index of its definition in c->def_block */
  uint32_t *spos;       /* [temp] TK_KEPT: index of its store in the definition's block (UINT32_MAX: none) */
  uint32_t *addr_dw;    /* [temp] dwords the LDS loads reading it load */
  clobber_map mem;      /* where LDS may change */
  reach_ws ws;
} remat_scan;

/* Can a copy of candidate t stand before instruction ui of block ub (ui =
 * num_instrs: the end, where phi operands are brought back)? live: the
 * temporaries live after that instruction (at: the instruction, NULL at
 * the end). A load's TK_KEPT operands (addresses spilled in an earlier
 * round) are reloaded before the copy (spill_apply.c bring_back): their
 * store must come first. */
static bool fits_use(spill_ctx *c, remat_scan *s, uint32_t t, const uint64_t *live, const mir_instr *at, uint32_t ub,
                     uint32_t ui) {
  const mir_instr *tm = s->tmpl[t];
  if (s->cand[t] == 2) {
    uint32_t lt = s->ld[t]->defs[0].temp.id;
    if (!memory_unchanged(c->p, &s->mem, &s->ws, c->def_block[lt], s->pos[lt], ub, ui)) return false;
  }
  unsigned reloads = 0, width = 0;
  for (unsigned k = 0; k < tm->num_ops; k++) {
    const mir_operand *o = &tm->ops[k];
    if (o->kind != MIR_OPND_TEMP) continue;
    uint32_t id = o->temp.id;
    if (bitset_test(live, id) || (at && spill_names(at, id))) continue;
    /* the address of a load of three or more dwords (ds_read_b128), or
     * one that loads of five or more dwords read (ds_read2_b32 pairs off
     * one base), may live on in its register to the copy (its definition
     * dominates the load, so the use): one register instead of several
     * values; later rounds spill it if that does not fit (app_nbody.cl at
     * 8/24: 41 % less spill code; sgemm_reg4x4.cl: 15 %). Not for fewer:
     * the address takes the room of a value (aes.cl's round keys, two
     * pairs off one base, whose first elements are read at once: 33 %
     * more spill code) */
    if (s->cand[t] == 2 && (tsize(c, s->ld[t]->defs[0].temp.id) >= 3 || s->addr_dw[id] >= 5) && c->kind[id] == TK_NORMAL &&
        in_file(c, id) && tsize(c, id) == 1)
      continue;
    if (c->kind[id] != TK_KEPT || !in_file(c, id) || s->spos[id] == UINT32_MAX ||
        (ub == c->def_block[id] && s->spos[id] >= ui))
      return false;
    reloads++;
    width += tsize(c, id);
  }
  /* the copy needs no more room than a reload of the value would */
  if (width > tsize(c, t)) return false;
  /* an operation of registers a deeper loop reloads stays a stored value:
   * its reload may leave the loop (spill_apply.c plan_hoists) */
  bool deeper = c->loops.depth[ub] > c->loops.depth[c->def_block[t]];
  if (reloads && s->cand[t] == 1 && deeper) return false;
  if (deeper) s->in_loop[t] = 1;
  if (reloads) s->reload_ops[t] = 1;
  /* an ALU copy reloads at most one operand (a reload instead of a
   * reload of the value; two would cost more) */
  return s->cand[t] == 2 || reloads <= 1;
}

/* Do the ALU operations among the operands of t's template have their
 * own operands live at this use (so that a chain copies them here)? */
static bool deep_fits(const remat_scan *s, uint32_t t, const uint64_t *live, const mir_instr *at) {
  const mir_instr *tm = s->tmpl[t];
  for (unsigned k = 0; k < tm->num_ops; k++) {
    const mir_operand *o = &tm->ops[k];
    if (o->kind == MIR_OPND_TEMP && s->cand[o->temp.id] == 1 && !operands_live(s->tmpl[o->temp.id], live, at)) return false;
  }
  return true;
}

/* Checks one use of t: clears its candidacy or its chain flag. */
static void check_use(spill_ctx *c, remat_scan *s, uint32_t t, const uint64_t *live, const mir_instr *at, uint32_t ub,
                      uint32_t ui) {
  if (!s->cand[t]) return;
  if (!fits_use(c, s, t, live, at, ub, ui)) s->cand[t] = 0;
  else if (s->deep[t] && !deep_fits(s, t, live, at)) s->deep[t] = 0;
}

/* Finds the candidates and their templates; false when there are none. */
static bool find_candidates(spill_ctx *c, remat_scan *s) {
  mir_program *p = c->p;
  size_t n = c->cap;
  s->tmpl = arena_alloc(p->mem, n * sizeof *s->tmpl);
  s->ld = arena_alloc(p->mem, n * sizeof *s->ld);
  s->cand = arena_alloc(p->mem, n);
  s->deep = arena_alloc(p->mem, n);
  s->reload_ops = arena_alloc(p->mem, n);
  s->in_loop = arena_alloc(p->mem, n);
  memset(s->cand, 0, n);
  memset(s->reload_ops, 0, n);
  memset(s->in_loop, 0, n);
  if (!c->loops.depth) spill_loop_depths(c); /* the spiller adds no blocks: found once */
  bool any = false, loads = false;
  for (uint32_t t = 1; t < p->num_temps; t++) {
    if (!c->def[t] || !in_file(c, t)) continue;
    if (plain_alu(c, c->def[t])) {
      s->cand[t] = 1;
      s->tmpl[t] = c->def[t];
    } else if (c->kind[t] == TK_NORMAL && !(p->temp_rc[t] & MIR_RC_LINEAR) && !c->is_scc[t] &&
               (s->tmpl[t] = load_template(c, t, &s->ld[t]))) {
      s->cand[t] = 2;
      loads = true;
    }
    s->deep[t] = s->cand[t];
    any |= s->cand[t] != 0;
  }
  if (!any) return false;
  s->pos = arena_alloc(p->mem, n * sizeof *s->pos);
  s->spos = arena_alloc(p->mem, n * sizeof *s->spos);
  s->addr_dw = arena_alloc(p->mem, n * sizeof *s->addr_dw);
  memset(s->addr_dw, 0, n * sizeof *s->addr_dw);
  for (uint32_t t = 0; t < n; t++) s->spos[t] = UINT32_MAX;
  for (uint32_t bi = 0; bi < p->num_blocks; bi++)
    for (uint32_t i = 0; i < p->blocks[bi].num_instrs; i++) {
      const mir_instr *ins = p->blocks[bi].instrs[i];
      for (unsigned k = 0; k < ins->num_defs; k++)
        if (ins->defs[k].kind == MIR_OPND_TEMP) s->pos[ins->defs[k].temp.id] = i;
      if (lds_load(ins) && ins->num_defs == 1)
        for (unsigned k = 0; k < ins->num_ops; k++)
          if (ins->ops[k].kind == MIR_OPND_TEMP) s->addr_dw[ins->ops[k].temp.id] += mir_rc_size(ins->defs[0].temp.rc);
      if (ins->opcode == MIR_P_SPILL && ins->ops[0].kind == MIR_OPND_TEMP) {
        uint32_t v = ins->ops[0].temp.id;
        if (c->store[v] == ins && c->def_block[v] == bi) s->spos[v] = i;
      }
    }
  if (!loads) return true;
  map_clobbers(p, &s->mem);
  uint32_t words = (p->num_blocks + 63) / 64;
  s->ws.fwd = arena_alloc(p->mem, words * sizeof *s->ws.fwd);
  s->ws.bwd = arena_alloc(p->mem, words * sizeof *s->ws.bwd);
  s->ws.stack = arena_alloc(p->mem, (p->num_blocks + 1) * sizeof *s->ws.stack);
  return true;
}

void spill_remat_from_live(spill_ctx *c) {
  mir_program *p = c->p;
  const mir_live_info *li = p->live;
  uint32_t words = li->words;
  remat_scan s;
  if (!find_candidates(c, &s)) return;
  /* Every use, with the values live after it (a backward walk per block). */
  uint64_t *live = arena_alloc(p->mem, words * sizeof *live);
  for (uint32_t bi = 0; bi < p->num_blocks; bi++) {
    const mir_block *b = &p->blocks[bi];
    /* phi operands on edges out of bi: brought back at its end */
    for (int lin = 0; lin < 2; lin++) {
      const mir_idx_list *succs = lin ? &b->linear_succs : &b->logical_succs;
      for (uint32_t k = 0; k < succs->n; k++) {
        const mir_block *sb = &p->blocks[succs->v[k]];
        uint32_t pi = mir_pred_index(lin ? &sb->linear_preds : &sb->logical_preds, bi);
        for (uint32_t i = 0; i < sb->num_instrs && mir_is_phi(sb->instrs[i]); i++) {
          const mir_instr *phi = sb->instrs[i];
          if ((phi->opcode == MIR_P_LINEAR_PHI) != (lin == 1) || pi >= phi->num_ops) continue;
          const mir_operand *o = &phi->ops[pi];
          if (o->kind == MIR_OPND_TEMP) check_use(c, &s, o->temp.id, li->live_out[bi], NULL, bi, b->num_instrs);
        }
      }
    }
    bitset_copy(live, li->live_out[bi], words);
    for (uint32_t i = b->num_instrs; i-- > 0;) {
      const mir_instr *ins = b->instrs[i];
      if (mir_is_phi(ins)) break;
      for (unsigned k = 0; k < ins->num_ops; k++) {
        const mir_operand *o = &ins->ops[k];
        if (o->kind == MIR_OPND_TEMP) check_use(c, &s, o->temp.id, live, ins, bi, i);
      }
      for (unsigned k = 0; k < ins->num_defs; k++)
        if (ins->defs[k].kind == MIR_OPND_TEMP) bitset_clear(live, ins->defs[k].temp.id);
      for (unsigned k = 0; k < ins->num_ops; k++)
        if (ins->ops[k].kind == MIR_OPND_TEMP) bitset_set(live, ins->ops[k].temp.id);
    }
  }
  for (uint32_t t = 1; t < p->num_temps; t++)
    if (s.cand[t]) {
      c->kind[t] = TK_REMAT;
      c->def[t] = s.tmpl[t];
      c->remat_flags[t] = (uint8_t)((c->remat_flags[t] & REMAT_COPY) | (s.deep[t] ? REMAT_DEEP : 0) |
                                    (s.reload_ops[t] ? REMAT_RELOAD_OPS : 0) | (s.in_loop[t] ? REMAT_IN_LOOP : 0));
    }
}

void spill_remat_settle(spill_ctx *c) {
  const mir_program *p = c->p;
  for (bool changed = true; changed;) {
    changed = false;
    for (uint32_t t = 1; t < p->num_temps; t++) {
      if (!c->chosen[t] || c->kind[t] != TK_REMAT) continue;
      const mir_instr *d = c->def[t];
      bool ok = true;
      unsigned reloads = 0, width = 0;
      for (unsigned k = 0; k < d->num_ops && ok; k++) {
        const mir_operand *o = &d->ops[k];
        if (o->kind != MIR_OPND_TEMP) continue;
        uint32_t id = o->temp.id;
        if (!c->chosen[id]) {
          if ((c->remat_flags[t] & REMAT_RELOAD_OPS) && c->kind[id] == TK_KEPT && in_file(c, id)) {
            reloads++;
            width += tsize(c, id);
          }
        } else if (c->kind[id] == TK_REMAT) { /* a chain: depth 2, its own operands stay */
          const mir_instr *od = c->def[id];
          ok = (c->remat_flags[t] & REMAT_DEEP) && !spill_remat_is_load(od) && tsize(c, id) <= tsize(c, t);
          for (unsigned j = 0; j < od->num_ops && ok; j++)
            ok = od->ops[j].kind != MIR_OPND_TEMP || !c->chosen[od->ops[j].temp.id];
        } else { /* stored now: reloaded before the copy */
          ok = in_file(c, id) && (spill_remat_is_load(d) || !(c->remat_flags[t] & REMAT_IN_LOOP));
          reloads++;
          width += tsize(c, id);
        }
      }
      /* as in fits_use: at most one operand reloaded for an ALU copy, and
       * no more room than a reload of the value */
      if (!ok || (reloads > 1 && !spill_remat_is_load(d)) || width > tsize(c, t)) {
        c->kind[t] = TK_NORMAL;
        changed = true;
      }
    }
  }
}

void spill_remat_drop_dead(spill_ctx *c) {
  mir_program *p = c->p;
  uint32_t *uses = arena_alloc(p->mem, p->num_temps * sizeof *uses);
  memset(uses, 0, p->num_temps * sizeof *uses);
  for (uint32_t bi = 0; bi < p->num_blocks; bi++)
    for (uint32_t i = 0; i < p->blocks[bi].num_instrs; i++) {
      const mir_instr *ins = p->blocks[bi].instrs[i];
      for (unsigned k = 0; k < ins->num_ops; k++)
        if (ins->ops[k].kind == MIR_OPND_TEMP) uses[ins->ops[k].temp.id]++;
    }
  /* Backwards, so that a split found dead frees its load further up. */
  for (uint32_t bi = 0; bi < p->num_blocks; bi++) {
    mir_block *b = &p->blocks[bi];
    bool gone = false;
    for (uint32_t i = b->num_instrs; i-- > 0;) {
      mir_instr *ins = b->instrs[i];
      bool split = ins->opcode == MIR_P_SPLIT_VECTOR || ins->opcode == MIR_P_EXTRACT;
      if (!split && !lds_load(ins)) continue;
      bool dead = ins->num_defs > 0;
      for (unsigned k = 0; k < ins->num_defs && dead; k++)
        dead = ins->defs[k].kind == MIR_OPND_TEMP && ins->defs[k].preg == MIR_PREG_NONE && !uses[ins->defs[k].temp.id];
      if (!dead) continue;
      for (unsigned k = 0; k < ins->num_ops; k++)
        if (ins->ops[k].kind == MIR_OPND_TEMP) uses[ins->ops[k].temp.id]--;
      b->instrs[i] = NULL;
      gone = true;
    }
    if (!gone) continue;
    uint32_t n = 0;
    for (uint32_t i = 0; i < b->num_instrs; i++)
      if (b->instrs[i]) b->instrs[n++] = b->instrs[i];
    b->num_instrs = n;
  }
}


bool spill_remat_costly(const spill_ctx *c, uint32_t t) {
  const mir_instr *d = c->def[t];
  if (spill_remat_is_load(d)) return true;
  for (unsigned k = 0; k < d->num_ops; k++) {
    const mir_operand *o = &d->ops[k];
    if (o->kind != MIR_OPND_TEMP) continue;
    uint32_t u = o->temp.id;
    if ((c->chosen[u] && c->kind[u] != TK_REMAT) ||
        ((c->remat_flags[t] & REMAT_RELOAD_OPS) && c->kind[u] == TK_KEPT && in_file(c, u)))
      return true;
  }
  return false;
}
