/* SSA elimination: phis and parallel copies to sequential moves.
 *
 * After register allocation every value has its register, so SSA
 * destruction is only about copies (Boissinot et al., "Revisiting
 * Out-of-SSA Translation", and ACO's aco_ssa_elimination.cpp /
 * lower_to_hw_instr.cpp: phis become parallel copies at the end of the
 * predecessors; the allocator already coalesced most of them away).
 *
 *  1. For each block with phis, each predecessor edge gets one parallel
 *     copy (phi register <- operand register, per dword). Logical phis go
 *     before the predecessor's p_logical_end (they must run under the
 *     predecessor's EXEC: only the lanes that came that way may be
 *     written), else before its terminators; linear phis before the
 *     terminators. A critical edge (the predecessor has several
 *     successors) that carries copies is split: a new block appended at
 *     the end of the block array holds the copies and branches to the
 *     successor; the predecessor's branch is retargeted and the CFG lists
 *     are updated in place (so phi operand positions stay valid). Only
 *     edges present in the linear CFG can be split (the copies must run).
 *  2. Every p_parallelcopy, p_copy, p_create_vector, p_split_vector and
 *     p_extract becomes a dword-level parallel copy, sequentialised by
 *     mir_sequentialize_copies: emit copies whose destination nobody still
 *     reads (a ready list, O(n)); what remains are disjoint cycles, each
 *     broken with len-1 swaps (v_swap_b32 for VGPRs; for SGPRs three moves
 *     through a free SGPR, else the s_xor trio when SCC is dead). Adjacent
 *     aligned SGPR pair moves merge into s_mov_b64.
 *  3. p_startpgm, p_logical_start/end, phis and moves the allocator
 *     coalesced into no-ops disappear (p_branch and p_cbranch_scc stay for
 *     emission).
 *
 * Moves use fixed physical-register operands, so the program after this
 * pass has no SSA temporaries in the copies (p->ssa_eliminated).
 * Illegal: a VGPR -> SGPR copy (needs v_readfirstlane: isel's job).
 */
#include <assert.h>
#include <string.h>

#include "ra/ra.h"
#include "util/bitset.h"

#define UNITS 512u

/* ---- the sequentialiser ------------------------------------------------- */

int mir_sequentialize_copies(const mir_preg *dst, const mir_preg *src, const uint32_t *src_const,
                             unsigned n, mir_pc_move_fn emit, mir_pc_swap_fn swap, void *ctx) {
  /* Per register: how many pending copies read it, and which copy writes it. */
  uint16_t uses[UNITS];
  int32_t writer[UNITS], reader[UNITS];
  /* Small fixed stacks: a parallel copy never has more than UNITS destinations. */
  uint32_t ready[UNITS], nready = 0;
  mir_preg cur_src[UNITS];
  bool done[UNITS];
  if (n > UNITS) return -1;
  /* Only the registers this copy names are initialised: O(n), not O(512),
   * since a program has many small copies. */
  for (unsigned i = 0; i < n; i++) {
    uses[dst[i]] = 0;
    writer[dst[i]] = reader[dst[i]] = -1;
    if (src[i] != MIR_PREG_NONE) {
      uses[src[i]] = 0;
      writer[src[i]] = reader[src[i]] = -1;
    }
  }
  int count = 0;
  unsigned pending = 0;
  for (unsigned i = 0; i < n; i++) {
    cur_src[i] = src[i];
    done[i] = false;
    assert(dst[i] < UNITS && writer[dst[i]] == -1);
    if (src[i] != MIR_PREG_NONE && dst[i] < 256 && src[i] >= 256) return -1; /* VGPR -> SGPR */
    if (src[i] == dst[i]) { done[i] = true; continue; }
    writer[dst[i]] = (int32_t)i;
    if (src[i] != MIR_PREG_NONE) uses[src[i]]++;
    pending++;
  }
  /* Seeded in reverse so that the stack pops copies in their given order
   * (adjacent dwords stay adjacent and can merge into 64-bit moves). */
  for (unsigned i = n; i-- > 0;)
    if (!done[i] && uses[dst[i]] == 0) ready[nready++] = i;
  while (pending) {
    while (nready) {
      uint32_t i = ready[--nready];
      mir_preg s = cur_src[i];
      emit(ctx, dst[i], s, s == MIR_PREG_NONE, src_const ? src_const[i] : 0);
      count++;
      done[i] = true;
      pending--;
      writer[dst[i]] = -1;
      if (s != MIR_PREG_NONE && --uses[s] == 0 && writer[s] >= 0 && !done[writer[s]]) ready[nready++] = (uint32_t)writer[s];
    }
    if (!pending) break;
    /* Only cycles remain: each destination is read by exactly one copy. */
    for (unsigned i = 0; i < n; i++)
      if (!done[i]) reader[cur_src[i]] = (int32_t)i;
    for (unsigned i = 0; i < n && pending; i++) {
      if (done[i]) continue;
      /* Walk the cycle containing i: swap(d, s) completes copy i and moves
       * the old value of d into s, which the reader of d then takes. */
      uint32_t c = i;
      while (!done[c]) {
        mir_preg d = dst[c], s = cur_src[c];
        swap(ctx, d, s);
        count++;
        done[c] = true;
        pending--;
        int32_t r = reader[d];
        assert(r >= 0 && !done[r]);
        cur_src[r] = s;
        reader[s] = r;
        if (dst[r] == s) { /* the cycle closed: the last copy is now trivial */
          done[r] = true;
          pending--;
          break;
        }
        c = (uint32_t)r;
      }
    }
  }
  return count;
}

/* ---- lowering ----------------------------------------------------------- */

typedef struct elim_ctx {
  mir_program *p;
  diag *d;
  mir_instr **out;      /* emitted moves for the current copy */
  uint32_t nout, cap;
  const uint64_t *busy; /* register units unavailable as swap temporaries (bitset over UNITS) */
  bool scc_live;
  bool failed;
} elim_ctx;

static void push(elim_ctx *c, mir_instr *ins) {
  if (c->nout == c->cap) {
    uint32_t cap = c->cap ? c->cap * 2 : 16;
    c->out = arena_grow(c->p->mem, c->out, c->nout, cap, sizeof *c->out);
    c->cap = cap;
  }
  c->out[c->nout++] = ins;
}

static mir_instr *mov(elim_ctx *c, mir_preg dst, mir_operand src) {
  bool v = dst >= 256;
  mir_instr *ins = mir_instr_create(c->p, v ? ISA_V_MOV_B32 : ISA_S_MOV_B32, 1, 1);
  ins->defs[0] = mir_op_fixed(dst, 1);
  ins->ops[0] = src;
  return ins;
}

static void emit_move(void *vc, mir_preg dst, mir_preg src, bool is_const, uint32_t value) {
  elim_ctx *c = vc;
  push(c, mov(c, dst, is_const ? mir_op_const(value) : mir_op_fixed(src, 1)));
}

static void emit_swap(void *vc, mir_preg a, mir_preg b) {
  elim_ctx *c = vc;
  if (a >= 256) {
    mir_instr *ins = mir_instr_create(c->p, ISA_V_SWAP_B32, 2, 2);
    ins->defs[0] = mir_op_fixed(a, 1);
    ins->defs[1] = mir_op_fixed(b, 1);
    ins->ops[0] = mir_op_fixed(b, 1);
    ins->ops[1] = mir_op_fixed(a, 1);
    push(c, ins);
    return;
  }
  for (mir_preg t = 0; t < MIR_MAX_SGPRS; t++)
    if (!bitset_test(c->busy, t) && t != a && t != b) {
      if (t + 1u > c->p->num_sgprs_used) c->p->num_sgprs_used = t + 1u; /* the descriptor must cover it */
      push(c, mov(c, t, mir_op_fixed(a, 1)));
      push(c, mov(c, a, mir_op_fixed(b, 1)));
      push(c, mov(c, b, mir_op_fixed(t, 1)));
      return;
    }
  if (c->scc_live) {
    if (!c->failed) diag_error(c->d, c->p->name, "internal: SGPR swap needs a free SGPR or a dead SCC");
    c->failed = true;
    return;
  }
  mir_preg x[3][2] = {{a, b}, {b, a}, {a, b}};
  for (int k = 0; k < 3; k++) {
    mir_instr *ins = mir_instr_create(c->p, ISA_S_XOR_B32, 2, 1);
    ins->defs[0] = mir_op_fixed(x[k][0], 1);
    ins->ops[0] = mir_op_fixed(x[k][0], 1);
    ins->ops[1] = mir_op_fixed(x[k][1], 1);
    push(c, ins);
  }
}

/* Merges s_mov_b32 pairs (d, s), (d+1, s+1) with d and s even into
 * s_mov_b64 (fewer instructions; same effect because the pair's two moves
 * are adjacent in the sequence). */
static void merge_pairs(elim_ctx *c, uint32_t from) {
  uint32_t w = from;
  for (uint32_t r = from; r < c->nout; r++) {
    mir_instr *a = c->out[r];
    if (r + 1 < c->nout && a->opcode == ISA_S_MOV_B32 && c->out[r + 1]->opcode == ISA_S_MOV_B32) {
      mir_instr *b = c->out[r + 1];
      const mir_operand *as = &a->ops[0], *bs = &b->ops[0];
      mir_preg ad = a->defs[0].preg;
      bool pair_dst = b->defs[0].preg == ad + 1 && (ad % 2 == 0) && (ad < MIR_MAX_SGPRS || ad == MIR_PREG_VCC || ad == MIR_PREG_EXEC);
      bool pair_src = as->kind == MIR_OPND_FIXED && bs->kind == MIR_OPND_FIXED && bs->preg == as->preg + 1 &&
                      as->preg % 2 == 0 && (as->preg < MIR_MAX_SGPRS || as->preg == MIR_PREG_VCC || as->preg == MIR_PREG_EXEC);
      /* The second move must not read what the first wrote. */
      if (pair_dst && pair_src && bs->preg != ad) {
        mir_instr *m = mir_instr_create(c->p, ISA_S_MOV_B64, 1, 1);
        m->defs[0] = mir_op_fixed(ad, 2);
        m->ops[0] = mir_op_fixed(as->preg, 2);
        c->out[w++] = m;
        r++;
        continue;
      }
    }
    c->out[w++] = a;
  }
  c->nout = w;
}

/* A parallel copy being collected, dword by dword. */
typedef struct pcopy {
  mir_preg dst[UNITS], src[UNITS];
  uint32_t cst[UNITS];
  unsigned n;
} pcopy;

/* Adds dst <- operand (all its dwords, starting at dword `first` of it). */
static void pc_add(elim_ctx *c, pcopy *pc, mir_preg dst, unsigned dwords, const mir_operand *o, unsigned first) {
  for (unsigned k = 0; k < dwords; k++) {
    if (o->kind == MIR_OPND_UNDEF || o->kind == MIR_OPND_NONE) return;
    if (pc->n == UNITS) { c->failed = true; return; }
    pc->dst[pc->n] = (mir_preg)(dst + k);
    if (o->kind == MIR_OPND_CONST) {
      uint32_t v = o->imm;
      if (o->size == 2) {
        /* A 64-bit constant: integers sign-extend, inline floats are the f64 value. */
        uint32_t hi;
        switch (o->imm) {
        case 0x3f000000u: hi = 0x3fe00000u; break;
        case 0xbf000000u: hi = 0xbfe00000u; break;
        case 0x3f800000u: hi = 0x3ff00000u; break;
        case 0xbf800000u: hi = 0xbff00000u; break;
        case 0x40000000u: hi = 0x40000000u; break;
        case 0xc0000000u: hi = 0xc0000000u; break;
        case 0x40800000u: hi = 0x40100000u; break;
        case 0xc0800000u: hi = 0xc0100000u; break;
        default: hi = (int32_t)o->imm < 0 ? 0xffffffffu : 0; break;
        }
        bool is_float = hi != 0 && hi != 0xffffffffu;
        v = (first + k) == 0 ? (is_float ? 0 : o->imm) : hi;
      } else if (first + k > 0) {
        v = 0;
      }
      pc->src[pc->n] = MIR_PREG_NONE;
      pc->cst[pc->n] = v;
    } else {
      pc->src[pc->n] = (mir_preg)(o->preg + first + k);
      pc->cst[pc->n] = 0;
      if (o->preg == MIR_PREG_SCC) {
        if (!c->failed) diag_error(c->d, c->p->name, "internal: copy of an SCC value");
        c->failed = true;
        return;
      }
    }
    pc->n++;
  }
}

static unsigned opnd_dwords(const mir_operand *o) {
  if (o->kind == MIR_OPND_TEMP || o->kind == MIR_OPND_UNDEF) return mir_rc_size(o->temp.rc);
  if (o->kind == MIR_OPND_FIXED || o->kind == MIR_OPND_CONST) return o->size ? o->size : 1;
  return 1;
}

/* Sequentialises `pc` into c->out (appending). */
static void pc_lower(elim_ctx *c, pcopy *pc) {
  uint32_t start = c->nout;
  /* Drop identical copies and duplicate destinations (last wins is never needed: isel keeps them distinct). */
  int r = mir_sequentialize_copies(pc->dst, pc->src, pc->cst, pc->n, emit_move, emit_swap, c);
  if (r < 0) {
    if (!c->failed) diag_error(c->d, c->p->name, "internal: parallel copy from a VGPR into an SGPR");
    c->failed = true;
    return;
  }
  merge_pairs(c, start);
}

/* Registers holding values live across position `pos` of block b (the
 * swap temporaries must avoid them) given the set of live temporaries. */
static void mark_busy(const mir_program *p, const uint64_t *live, uint32_t words, const mir_preg *reg, uint64_t *busy) {
  memset(busy, 0, BITSET_WORDS(UNITS) * sizeof *busy);
  for (uint32_t t = bitset_next(live, words, 0); t != UINT32_MAX; t = bitset_next(live, words, t + 1)) {
    mir_preg r = reg[t];
    if (r == MIR_PREG_NONE || r == MIR_PREG_SCC) continue;
    for (unsigned u = 0; u < mir_rc_size(p->temp_rc[t]) && r + u < UNITS; u++) bitset_set(busy, r + u);
  }
}

/* What mark_busy and the SCC test see after one instruction, kept while
 * walking a block backwards: per register unit the number of live
 * temporaries in it (two coalesced temporaries can share one), the units
 * with a non-zero count, and the live temporaries in SCC. Copying these
 * per copy instead of the whole live set made the pass O(instructions)
 * in memory; mark_busy per copy was O(temporaries). */
typedef struct reg_occ {
  uint16_t cnt[UNITS];
  uint64_t busy[BITSET_WORDS(UNITS)];
  uint32_t scc;
} reg_occ;

typedef struct busy_snap {
  uint64_t busy[BITSET_WORDS(UNITS)];
  bool scc_live;
} busy_snap;

static void occ_update(reg_occ *o, const mir_program *p, const mir_preg *reg, uint32_t t, bool live) {
  mir_preg r = reg[t];
  if (r == MIR_PREG_NONE) return;
  if (r == MIR_PREG_SCC) {
    o->scc += live ? 1 : (uint32_t)-1;
    return;
  }
  for (unsigned u = 0; u < mir_rc_size(p->temp_rc[t]) && r + u < UNITS; u++) {
    if (live ? o->cnt[r + u]++ == 0 : --o->cnt[r + u] == 0) {
      if (live) bitset_set(o->busy, r + u);
      else bitset_clear(o->busy, r + u);
    }
  }
}

/* Pass-wide state of mir_ssa_elim: the scratch arena, live sets and
 * temporaries' registers, and per block the phi copies to place at its
 * end (logical ones before p_logical_end, linear ones before the
 * terminator). */
typedef struct elim_state {
  mir_program *p;
  arena *tmp;
  const mir_live_sets *ls;
  mir_preg *reg;
  uint64_t *busy, *live, *used;
  reg_occ *occ;
  pcopy *pc;
  uint32_t orig_nb;
  mir_instr ***tail_log, ***tail_lin;
  uint32_t *n_log, *n_lin;
  pcopy **defer;        /* per predecessor: SGPR logical phi copies moved to the linear ones */
} elim_state;

/* Sets in USED the temporaries some instruction of P reads. */
static void mark_used_temps(const mir_program *p, uint64_t *used) {
  for (uint32_t bi = 0; bi < p->num_blocks; bi++)
    for (uint32_t i = 0; i < p->blocks[bi].num_instrs; i++) {
      const mir_instr *ins = p->blocks[bi].instrs[i];
      for (unsigned k = 0; k < ins->num_ops; k++)
        if (ins->ops[k].kind == MIR_OPND_TEMP) bitset_set(used, ins->ops[k].temp.id);
    }
}

/* 1. Phi copies per predecessor edge: lowers each edge's phi moves to a
 * parallel copy appended to the predecessor's tail (splitting critical
 * edges). Sets c->failed on an edge it cannot split. */
/* Whether the logical phi copy PC on the edge PB -> B writes a register
 * unit that a linear phi of B still reads from PB. The logical copies run
 * at PB's p_logical_end, the linear ones later, before the terminators;
 * liveness counts every phi operand live to PB's end, so both must read
 * the values of PB's end. A logical copy into a linear operand's register
 * gave the linear phi the new value: in wave32 a lane-mask phi's zero
 * (s_mov_b64 0 in s[12:13], read as s12) was read after a logical phi's
 * copy had put a loop counter into s12 (f_loop_escape.ll at gfx1030 and
 * gfx1100 with 32 SGPRs: lanes that had left the loop were taken as
 * having left it again). */
static bool clobbers_linear_operand(const mir_block *b, uint32_t pb, const pcopy *pc, const uint64_t *used) {
  for (uint32_t k = 0; k < b->linear_preds.n; k++) {
    if (b->linear_preds.v[k] != pb) continue;
    for (uint32_t i = 0; i < b->num_instrs && mir_is_phi(b->instrs[i]); i++) {
      const mir_instr *phi = b->instrs[i];
      if (phi->opcode != MIR_P_LINEAR_PHI || k >= phi->num_ops || !phi->num_defs) continue;
      if (phi->defs[0].kind == MIR_OPND_TEMP && !bitset_test(used, phi->defs[0].temp.id)) continue;
      const mir_operand *o = &phi->ops[k];
      if (o->kind != MIR_OPND_TEMP && o->kind != MIR_OPND_FIXED) continue;
      for (unsigned d = 0; d < opnd_dwords(&phi->defs[0]); d++)
        for (unsigned j = 0; j < pc->n; j++)
          if (pc->dst[j] == o->preg + d && pc->src[j] != pc->dst[j]) return true;
    }
  }
  return false;
}

/* May the SGPR entries of the logical copy on PB -> BI join the linear
 * copy of that edge? When B is PB's one logical successor and PB -> BI is
 * a linear edge whose copy (placed at PB's end or, for a critical edge,
 * in the block that splits it) runs whenever the wave goes on from PB to
 * B: PB's other linear successors must be flow blocks (no logical
 * predecessor), which the wave enters only when no lane goes on to B (a
 * loop latch's s_cbranch_execnz back to the header, else the exit's flow
 * block). gen_loop_exits.py 2773 0.3 at gfx1100 -O0 --max-vgprs=8
 * --max-sgprs=24: the latch BB40 branches to the header BB36 or to the
 * flow block BB41, whose linear phi reads s13 from BB40 while the
 * header's logical phi copy writes s13 ("logical phi copies on BB40 ->
 * BB36 overwrite a linear phi operand"). */
static bool sgpr_copies_may_defer(const mir_program *p, uint32_t pb, uint32_t bi) {
  const mir_block *pblk = &p->blocks[pb];
  if (pblk->logical_succs.n > 1) {
    /* Several logical successors, each also a linear one (a divergent
     * loop latch: s_cbranch_execnz to the header, else on to the exit):
     * the wave takes the linear edge PB -> BI exactly when lanes go on
     * to BI, and place_phi_copies splits it, so the logical and the
     * linear copy both go into the split block (gen_loop_exits.py 5127
     * 0.6 at gfx942 -O0 --max-vgprs=8 --max-sgprs=24: the latch BB16's
     * logical copy to the header BB8 wrote s11, the header's linear phi
     * read s11 from BB16). A logical successor that is not a linear one
     * (an if's else arm, behind a flow block) keeps the error. */
    bool edge = false;
    for (uint32_t k = 0; k < pblk->logical_succs.n; k++) {
      bool lin = false;
      for (uint32_t j = 0; j < pblk->linear_succs.n; j++) lin |= pblk->linear_succs.v[j] == pblk->logical_succs.v[k];
      if (!lin) return false;
      edge |= pblk->logical_succs.v[k] == bi;
    }
    return edge;
  }
  if (pblk->logical_succs.n != 1 || pblk->logical_succs.v[0] != bi) return false;
  bool edge = false;
  for (uint32_t k = 0; k < pblk->linear_succs.n; k++) {
    uint32_t x = pblk->linear_succs.v[k];
    if (x == bi) edge = true;
    else if (p->blocks[x].logical_preds.n) return false;
  }
  return edge;
}

/* Moves the SGPR entries of the logical copy PC (scalar moves do not
 * depend on EXEC) into s->defer[pb], to join the linear copy of the same
 * edge as one parallel copy (sgpr_copies_may_defer: the linear copy runs
 * on every path into B the logical one serves); else, or if a VGPR copy
 * still clobbers a linear operand, an internal error rather than wrong
 * code. */
static void defer_sgpr_copies(elim_ctx *c, elim_state *s, const mir_block *b, uint32_t bi, uint32_t pb, pcopy *pc) {
  if (!sgpr_copies_may_defer(s->p, pb, bi)) {
    diag_error(c->d, s->p->name, "internal: logical phi copies on BB%u -> BB%u overwrite a linear phi operand", pb, bi);
    c->failed = true;
    return;
  }
  pcopy *dp = arena_alloc(s->tmp, sizeof *dp);
  dp->n = 0;
  unsigned w = 0;
  for (unsigned j = 0; j < pc->n; j++) {
    bool sgpr = pc->dst[j] < 256;
    pcopy *to = sgpr ? dp : pc;
    unsigned at = sgpr ? dp->n++ : w++;
    to->dst[at] = pc->dst[j];
    to->src[at] = pc->src[j];
    to->cst[at] = pc->cst[j];
  }
  pc->n = w;
  s->defer[pb] = dp;
  if (clobbers_linear_operand(b, pb, pc, s->used)) {
    diag_error(c->d, s->p->name, "internal: logical VGPR phi copies on BB%u -> BB%u overwrite a linear phi operand", pb, bi);
    c->failed = true;
  }
}

static void place_phi_copies(elim_ctx *c, elim_state *s) {
  mir_program *p = s->p;
  diag *d = c->d;
  arena *tmp = s->tmp;
  const mir_live_sets ls = *s->ls;
  mir_preg *reg = s->reg;
  uint64_t *busy = s->busy, *used = s->used;
  pcopy *pc = s->pc;
  uint32_t orig_nb = s->orig_nb;
  mir_instr ***tail_log = s->tail_log, ***tail_lin = s->tail_lin;
  uint32_t *n_log = s->n_log, *n_lin = s->n_lin;
  for (uint32_t bi = 0; bi < p->num_blocks && !c->failed; bi++) {
    mir_block *b = &p->blocks[bi];
    if (!b->num_instrs || !mir_is_phi(b->instrs[0])) continue;
    for (int lin = 0; lin < 2; lin++) {
      const mir_idx_list *preds = lin ? &b->linear_preds : &b->logical_preds;
      unsigned want = lin ? MIR_P_LINEAR_PHI : MIR_P_PHI;
      for (uint32_t k = 0; k < preds->n; k++) {
        uint32_t pb = preds->v[k];
        pc->n = 0;
        for (uint32_t i = 0; i < b->num_instrs && mir_is_phi(b->instrs[i]); i++) {
          const mir_instr *phi = b->instrs[i];
          if (phi->opcode != want || k >= phi->num_ops || !phi->num_defs) continue;
          if (phi->defs[0].kind == MIR_OPND_TEMP && !bitset_test(used, phi->defs[0].temp.id)) continue;
          pc_add(c, pc, phi->defs[0].preg, opnd_dwords(&phi->defs[0]), &phi->ops[k], 0);
        }
        if (!lin && clobbers_linear_operand(b, pb, pc, used)) defer_sgpr_copies(c, s, b, bi, pb, pc);
        if (c->failed) break;
        if (lin && s->defer[pb]) {
          const pcopy *dp = s->defer[pb];
          if (pc->n + dp->n > UNITS) {
            c->failed = true;
            break;
          }
          for (unsigned j = 0; j < dp->n; j++, pc->n++) {
            pc->dst[pc->n] = dp->dst[j];
            pc->src[pc->n] = dp->src[j];
            pc->cst[pc->n] = dp->cst[j];
          }
          s->defer[pb] = NULL;
        }
        if (!pc->n) continue;
        const mir_idx_list *ps = lin ? &p->blocks[pb].linear_succs : &p->blocks[pb].logical_succs;
        bool trivial = true;
        for (unsigned j = 0; j < pc->n; j++) trivial &= pc->src[j] == pc->dst[j];
        if (trivial) continue;
        uint32_t live_block = pb < orig_nb ? pb : p->blocks[pb].linear_preds.v[0];
        if (ps->n > 1 || p->blocks[pb].linear_succs.n > 1) {
          uint32_t nbk = mir_split_edge(p, pb, bi);
          if (nbk == UINT32_MAX) {
            diag_error(d, p->name, "internal: critical edge BB%u -> BB%u carries phi copies and is not in the linear CFG", pb, bi);
            c->failed = true;
            break;
          }
          b = &p->blocks[bi]; /* the block array may have moved */
          preds = lin ? &b->linear_preds : &b->logical_preds;
          /* The split block replaces PB among B's linear predecessors:
           * SGPR copies deferred from this logical copy (defer_sgpr_copies)
           * join the linear copy there, where the linear pass looks for
           * them. Left at PB they were never placed (gen_loop_exits 5033
           * at gfx1100 wave64 -O0 6/16: a loop counter's s2 <- s0 lost,
           * an endless loop). */
          if (s->defer[pb]) {
            s->defer[nbk] = s->defer[pb];
            s->defer[pb] = NULL;
          }
          pb = nbk;
        }
        /* Swap temporaries must avoid everything live out of the predecessor. */
        mark_busy(p, ls.out[live_block], ls.words, reg, busy);
        for (unsigned j = 0; j < pc->n; j++) bitset_set(busy, pc->dst[j]);
        c->scc_live = false;
        for (uint32_t t = bitset_next(ls.out[live_block], ls.words, 0); t != UINT32_MAX;
             t = bitset_next(ls.out[live_block], ls.words, t + 1))
          c->scc_live |= reg[t] == MIR_PREG_SCC;
        const mir_block *pblk = &p->blocks[pb];
        if (pblk->num_instrs && pblk->instrs[pblk->num_instrs - 1]->opcode == MIR_P_CBRANCH_SCC) c->scc_live = true;
        c->nout = 0;
        pc_lower(c, pc);
        mir_instr ***tail = lin ? tail_lin : tail_log;
        uint32_t *nt = lin ? n_lin : n_log;
        mir_instr **arr = arena_alloc(tmp, (nt[pb] + c->nout) * sizeof *arr);
        if (nt[pb]) memcpy(arr, tail[pb], nt[pb] * sizeof *arr);
        memcpy(arr + nt[pb], c->out, c->nout * sizeof *arr);
        tail[pb] = arr;
        nt[pb] += c->nout;
      }
    }
  }
  /* Every deferred copy must have joined a linear copy: an error, not
   * lost moves. */
  for (uint32_t pb = 0; pb < p->num_blocks && !c->failed; pb++)
    if (s->defer[pb]) {
      diag_error(d, p->name, "internal: deferred SGPR phi copies of BB%u were not placed", pb);
      c->failed = true;
    }
}

/* Walks block BI backwards from its live-out set and returns, for each
 * copy, spill or reload instruction, the register units busy after it
 * and whether SCC is live there (NULL for other instructions). */
static busy_snap **snap_live_after(elim_state *s, uint32_t bi) {
  mir_program *p = s->p;
  arena *tmp = s->tmp;
  const mir_live_sets ls = *s->ls;
  mir_preg *reg = s->reg;
  uint64_t *live = s->live;
  reg_occ *occ = s->occ;
  uint32_t orig_nb = s->orig_nb;
  mir_block *b = &p->blocks[bi];
  busy_snap **live_after = arena_alloc(tmp, (b->num_instrs + 1) * sizeof *live_after);
  /* Split-edge blocks hold only a branch: no copies to find registers for. */
  if (bi < orig_nb) bitset_copy(live, ls.out[bi], ls.words);
  else memset(live, 0, ls.words * sizeof *live);
  memset(occ, 0, sizeof *occ);
  for (uint32_t t = bitset_next(live, ls.words, 0); t != UINT32_MAX; t = bitset_next(live, ls.words, t + 1))
    occ_update(occ, p, reg, t, true);
  for (uint32_t i = b->num_instrs; i-- > 0;) {
    const mir_instr *ins = b->instrs[i];
    unsigned op = ins->opcode;
    if (op == MIR_P_PARALLELCOPY || op == MIR_P_COPY || op == MIR_P_CREATE_VECTOR || op == MIR_P_SPLIT_VECTOR ||
        op == MIR_P_EXTRACT || op == MIR_P_SPILL || op == MIR_P_RELOAD) {
      live_after[i] = arena_alloc(tmp, sizeof *live_after[i]);
      memcpy(live_after[i]->busy, occ->busy, sizeof occ->busy);
      live_after[i]->scc_live = occ->scc != 0;
    }
    for (unsigned k = 0; k < ins->num_defs; k++)
      if (ins->defs[k].kind == MIR_OPND_TEMP && bitset_test(live, ins->defs[k].temp.id)) {
        bitset_clear(live, ins->defs[k].temp.id);
        occ_update(occ, p, reg, ins->defs[k].temp.id, false);
      }
    if (mir_is_phi(ins)) continue;
    for (unsigned k = 0; k < ins->num_ops; k++)
      if (ins->ops[k].kind == MIR_OPND_TEMP && !bitset_test(live, ins->ops[k].temp.id)) {
        bitset_set(live, ins->ops[k].temp.id);
        occ_update(occ, p, reg, ins->ops[k].temp.id, true);
      }
  }
  return live_after;
}

/* Lowers copy instruction INS (p_parallelcopy, p_copy, p_create_vector,
 * p_split_vector, p_extract) to moves in c->out, borrowing swap
 * temporaries only outside SNAP's busy registers. */
static void lower_copy(elim_ctx *c, elim_state *s, const mir_instr *ins, const busy_snap *snap) {
  pcopy *pc = s->pc;
  uint64_t *busy = s->busy;
  unsigned op = ins->opcode;
  pc->n = 0;
  if (op == MIR_P_PARALLELCOPY || op == MIR_P_COPY) {
    for (unsigned k = 0; k < ins->num_defs && k < ins->num_ops; k++)
      pc_add(c, pc, ins->defs[k].preg, opnd_dwords(&ins->defs[k]), &ins->ops[k], 0);
  } else if (op == MIR_P_CREATE_VECTOR) {
    mir_preg r = ins->defs[0].preg;
    for (unsigned k = 0; k < ins->num_ops; k++) {
      unsigned nd = opnd_dwords(&ins->ops[k]);
      pc_add(c, pc, r, nd, &ins->ops[k], 0);
      r = (mir_preg)(r + nd);
    }
  } else if (op == MIR_P_SPLIT_VECTOR) {
    unsigned first = 0;
    for (unsigned k = 0; k < ins->num_defs; k++) {
      unsigned nd = opnd_dwords(&ins->defs[k]);
      pc_add(c, pc, ins->defs[k].preg, nd, &ins->ops[0], first);
      first += nd;
    }
  } else { /* p_extract: dword index ops[1] */
    pc_add(c, pc, ins->defs[0].preg, opnd_dwords(&ins->defs[0]), &ins->ops[0],
           ins->num_ops > 1 ? ins->ops[1].imm * opnd_dwords(&ins->defs[0]) : 0);
  }
  memcpy(busy, snap->busy, sizeof snap->busy);
  for (unsigned j = 0; j < pc->n; j++) {
    bitset_set(busy, pc->dst[j]);
    if (pc->src[j] != MIR_PREG_NONE) bitset_set(busy, pc->src[j]);
  }
  c->scc_live = snap->scc_live;
  c->nout = 0;
  pc_lower(c, pc);
}

/* Lowers spill, reload or linear-VGPR marker INS to LOWERED (a whole-wave
 * SGPR spill borrows registers outside SNAP's busy ones, if given) and
 * returns the count; sets c->failed with an error when it cannot. */
static unsigned lower_spill(elim_ctx *c, elim_state *s, const mir_instr *ins, const busy_snap *snap,
                            mir_instr **lowered) {
  mir_program *p = s->p;
  uint64_t *busy = s->busy;
  bool scc_live = false;
  if (snap) { /* registers a whole-wave SGPR spill may not borrow */
    memcpy(busy, snap->busy, sizeof snap->busy);
    scc_live = snap->scc_live;
    for (unsigned k = 0; k < (unsigned)ins->num_ops + ins->num_defs; k++) {
      const mir_operand *o = &ins->ops[k];
      if (o->kind != MIR_OPND_TEMP || o->preg == MIR_PREG_NONE || o->preg == MIR_PREG_SCC) continue;
      for (unsigned u = 0; u < mir_rc_size(o->temp.rc) && o->preg + u < UNITS; u++) bitset_set(busy, o->preg + u);
    }
  }
  unsigned nl = mir_spill_lower(p, ins, snap ? busy : NULL, scc_live, lowered);
  if (nl >= MIR_SPILL_LOWER_NO_SCC_KEEPER) {
    diag_error(c->d, p->name, nl == MIR_SPILL_LOWER_OVERLAP
                                 ? "internal: an SGPR reload from scratch overlaps its V# or offset (not late-kill)"
                                 : "internal: SGPR spill to scratch with SCC live across and no free SGPR to keep it");
    c->failed = true;
    return 0;
  }
  return nl;
}

/* 2./3. Rewrites block BI: drops phis and markers, lowers copies, places
 * the phi copies. The live set is tracked backwards to know which
 * registers a swap may borrow; instructions are rebuilt forwards. */
static void rewrite_block(elim_ctx *c, elim_state *s, uint32_t bi) {
  mir_program *p = s->p;
  mir_instr ***tail_log = s->tail_log, ***tail_lin = s->tail_lin;
  uint32_t *n_log = s->n_log, *n_lin = s->n_lin;
  mir_block *b = &p->blocks[bi];
  /* The busy registers after each copy, computed backwards (only for copies). */
  busy_snap **live_after = snap_live_after(s, bi);
  uint32_t cap = b->num_instrs + n_log[bi] + n_lin[bi] + 8, n = 0;
  mir_instr **ni = arena_alloc(p->mem, cap * sizeof *ni);
#define EMIT(x)                                                                  \
  do {                                                                           \
    if (n == cap) {                                                              \
      ni = arena_grow(p->mem, ni, n, cap * 2, sizeof *ni);                       \
      cap *= 2;                                                                  \
    }                                                                            \
    ni[n++] = (x);                                                               \
  } while (0)
  /* Position of the first terminator: phi copies go before it. */
  uint32_t term = b->num_instrs;
  while (term > 0 && mir_is_terminator(b->instrs[term - 1])) term--;
  bool placed_log = n_log[bi] == 0;
  for (uint32_t i = 0; i < b->num_instrs && !c->failed; i++) {
    mir_instr *ins = b->instrs[i];
    unsigned op = ins->opcode;
    if (i == term) {
      if (!placed_log) for (uint32_t k = 0; k < n_log[bi]; k++) EMIT(tail_log[bi][k]);
      placed_log = true;
      for (uint32_t k = 0; k < n_lin[bi]; k++) EMIT(tail_lin[bi][k]);
    }
    if (mir_is_phi(ins) || op == MIR_P_STARTPGM || op == MIR_P_LOGICAL_START) continue;
    if (op == MIR_P_LOGICAL_END) {
      if (!placed_log) for (uint32_t k = 0; k < n_log[bi]; k++) EMIT(tail_log[bi][k]);
      placed_log = true;
      continue;
    }
    if (op == MIR_P_PARALLELCOPY || op == MIR_P_COPY || op == MIR_P_CREATE_VECTOR || op == MIR_P_SPLIT_VECTOR ||
        op == MIR_P_EXTRACT) {
      lower_copy(c, s, ins, live_after[i]);
      for (uint32_t k = 0; k < c->nout; k++) EMIT(c->out[k]);
      continue;
    }
    if (op == MIR_P_SPILL || op == MIR_P_RELOAD || op == MIR_P_START_LINEAR_VGPR || op == MIR_P_END_LINEAR_VGPR) {
      mir_instr *lowered[MIR_SPILL_LOWER_MAX];
      unsigned nl = lower_spill(c, s, ins, live_after[i], lowered);
      if (c->failed) break;
      for (unsigned k = 0; k < nl; k++) EMIT(lowered[k]);
      continue;
    }
    /* A move the allocator coalesced into a no-op disappears. */
    if ((op == ISA_S_MOV_B32 || op == ISA_S_MOV_B64 || op == ISA_V_MOV_B32) && ins->num_defs == 1 &&
        ins->num_ops == 1 && ins->ops[0].kind == MIR_OPND_TEMP && !(ins->ops[0].flags & (MIR_OPND_NEG | MIR_OPND_ABS)) &&
        ins->ops[0].preg == ins->defs[0].preg && !ins->clamp && !ins->omod)
      continue;
    EMIT(ins);
  }
  if (b->num_instrs == term) { /* no terminator: copies at the very end */
    if (!placed_log) for (uint32_t k = 0; k < n_log[bi]; k++) EMIT(tail_log[bi][k]);
    for (uint32_t k = 0; k < n_lin[bi]; k++) EMIT(tail_lin[bi][k]);
  }
#undef EMIT
  b->instrs = ni;
  b->num_instrs = n;
  b->cap_instrs = cap;
}

int mir_ssa_elim(mir_program *p, diag *d) {
  if (p->ssa_eliminated) return 0;
  if (!p->regs_assigned) {
    diag_error(d, p->name, "internal: ssa-elim needs register allocation first");
    return 1;
  }
  arena tmp;
  arena_init(&tmp);
  mir_live_sets ls;
  mir_compute_live_sets(p, &tmp, &ls);
  mir_preg *reg = mir_temp_regs(p, &tmp);
  elim_ctx c = {.p = p, .d = d};
  uint64_t *busy = arena_alloc(&tmp, BITSET_WORDS(UNITS) * sizeof *busy);
  uint64_t *live = arena_alloc(&tmp, ls.words * sizeof *live);
  reg_occ *occ = arena_alloc(&tmp, sizeof *occ);
  c.busy = busy;
  pcopy *pc = arena_alloc(&tmp, sizeof *pc);
  /* Per block: moves to insert at the end (logical ones, linear ones). */
  /* Room for one new block per edge (critical-edge splits). */
  uint32_t orig_nb = p->num_blocks, max_nb = p->num_blocks + 1;
  for (uint32_t b = 0; b < orig_nb; b++) max_nb += p->blocks[b].linear_succs.n;
  mir_instr ***tail_log = arena_alloc(&tmp, max_nb * sizeof *tail_log);
  mir_instr ***tail_lin = arena_alloc(&tmp, max_nb * sizeof *tail_lin);
  uint32_t *n_log = arena_alloc(&tmp, max_nb * sizeof *n_log);
  uint32_t *n_lin = arena_alloc(&tmp, max_nb * sizeof *n_lin);

  /* Temporaries some instruction reads: a phi whose result nobody reads
   * gets no copies. The register allocator may give such a dead phi the
   * register of a live one (its value never exists), and copying both
   * would write one register twice in a parallel copy (found by
   * llvm-stress seed 6: the later copy could overwrite the live value). */
  uint64_t *used = arena_alloc(&tmp, BITSET_WORDS(p->num_temps + 1) * sizeof *used);
  memset(used, 0, BITSET_WORDS(p->num_temps + 1) * sizeof *used);
  mark_used_temps(p, used);

  /* 1. Phi copies per predecessor edge. */
  pcopy **defer = arena_alloc(&tmp, max_nb * sizeof *defer);
  memset(defer, 0, max_nb * sizeof *defer);
  elim_state s = {p, &tmp, &ls, reg, busy, live, used, occ, pc, orig_nb, tail_log, tail_lin, n_log, n_lin, defer};
  place_phi_copies(&c, &s);

  /* 2./3. Rewrite each block: drop phis and markers, lower copies, place
   * the phi copies. The live set is tracked backwards to know which
   * registers a swap may borrow; instructions are rebuilt forwards. */
  for (uint32_t bi = 0; bi < p->num_blocks && !c.failed; bi++) rewrite_block(&c, &s, bi);
  arena_free(&tmp);
  if (c.failed) return 1;
  p->ssa_eliminated = true;
  p->live = NULL;
  return 0;
}
