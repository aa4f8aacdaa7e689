/* mfma-acc: MFMA accumulators in AGPRs (CDNA, issue 25). A loop-carried
 * accumulator of MFMA instructions -- the C of the first MFMA of a chain
 * in a loop block H is a phi of H, each MFMA's D is the next one's C, and
 * the last D flows back into the phi -- moves out of the ArchVGPRs into
 * an AGPR tuple of its own: the chain's MFMAs take the AGPR form (C and D
 * fixed AGPR operands: ACC_CD, CDNA 2 ISA guide 12.11 "VOP3P-MAI"), the
 * phi's values from outside the loop are written with v_accvgpr_write_b32
 * at the end of their blocks, and readers of the last D after the loop
 * get v_accvgpr_read_b32 copies at the start of the loop's exit block.
 *
 * Policy (measured, wavecc-run --stats, 2026-11-29): in the unified file a
 * wave holding V ArchVGPRs and A AGPRs occupies align(V, 4) + A registers
 * (AMDGPUUsage compute_pgm_rsrc1/3 for GFX90A: GRANULATED_WORKITEM_VGPR_COUNT
 * from ACCUM_OFFSET + AGPRs), so moving an accumulator to AGPRs lowers
 * that count only where the VGPR form costs registers of its own -- and
 * it does for a loop-carried one: its per-dword phis often do not
 * coalesce into one aligned tuple, and the loop then shuffles the
 * accumulator with 2n v_mov_b32 per iteration (f_cdna_mfma_acc_loop.ll on
 * gfx942: 136 VALU instructions a wave in the VGPR form, 51 in AGPRs,
 * 473 -> 386 cycles; bench sgemm_mfma on gfx90a: 110 -> 96 registers,
 * occupancy 4 -> 5, 10931 -> 10731 cycles), while the AGPR form costs n
 * writes before the loop and n reads after it, once (app_mfma_matmul
 * matmul_f16 on gfx90a: +28 wave instructions, 1636 -> 1664 cycles).
 * So a loop-carried accumulator always goes to AGPRs (as llc-19, which
 * picks the AGPR form whenever the function may need more than 256
 * VGPRs: SIMachineFunctionInfo::MayNeedAGPRs); a straight-line chain
 * (write C, MFMAs, read D: no saving, 2n moves) only when the program's
 * VGPR demand (mir_liveness) exceeds mir_vgpr_budget, where it is
 * cheaper than spilling around the MFMA and lets an MFMA whose C/D alone
 * exceed the budget compile at all.
 *
 * Each accumulator gets AGPRs of its own (a0.. in order, even-aligned
 * tuples as vgpr_tuple_align): only its chain, its entry writes and its
 * exit reads name them, so no liveness of AGPRs is needed. The shape is
 * kept narrow so that this holds: every MFMA of the chain in H, each D
 * read only by the next MFMA (directly or through a p_split_vector /
 * p_create_vector pair), each phi read only by the first C; the blocks
 * writing entry values go only to H; the last D's other readers lie
 * outside H in blocks dominated by one exit block E whose only
 * predecessor is H, which ends in a uniform branch (EXEC at E's start is
 * the MFMAs'). Loop-carried: elements of one dword (f32, i32 results).
 * A straight-line chain (no phi) has C's dwords written just before its
 * first MFMA (none for an inline-constant C) and D's read where the last
 * one's result is split (f64 elements too: split into and joined from
 * dwords).
 * p->agpr_acc_dwords records the AGPRs taken; the VGPR spiller's AGPR
 * slots follow them (spill_place.c, spill_lower.c). The MFMA wait states
 * around AGPR reads and writes are hazards-mfma's (register units past
 * 512 are AGPRs there like any other).
 *
 * Runs mir_liveness itself; leaves p->live NULL when it changed the
 * program. Returns 0, or -1 when liveness fails. */
#include <string.h>

#include "mir/liveness.h"
#include "passes/passes.h"
#include "ra/ra.h"
#include "target/target.h"

#define MAX_CHAIN 64u

typedef struct acc_ctx {
  mir_program *p;
  mir_instr **def;   /* [temp] defining instruction */
  uint32_t *def_blk; /* [temp] its block */
  uint32_t *nuses;   /* [temp] operand uses (phi operands included) */
} acc_ctx;

static bool is_mfma(const mir_instr *i) {
  return i->opcode < ISA_NUM_OPS && (isa_table[i->opcode].flags & ISA_F_MFMA);
}

static bool temp_op(const mir_operand *o) { return o->kind == MIR_OPND_TEMP && o->preg == MIR_PREG_NONE; }

static void scan(acc_ctx *c) {
  mir_program *p = c->p;
  size_t n = p->num_temps;
  c->def = arena_alloc(p->mem, n * sizeof *c->def);
  c->def_blk = arena_alloc(p->mem, n * sizeof *c->def_blk);
  c->nuses = arena_alloc(p->mem, n * sizeof *c->nuses);
  memset(c->def, 0, n * sizeof *c->def);
  memset(c->nuses, 0, n * sizeof *c->nuses);
  for (uint32_t b = 0; b < p->num_blocks; b++)
    for (uint32_t i = 0; i < p->blocks[b].num_instrs; i++) {
      mir_instr *ins = p->blocks[b].instrs[i];
      for (unsigned k = 0; k < ins->num_defs; k++)
        if (ins->defs[k].kind == MIR_OPND_TEMP) {
          c->def[ins->defs[k].temp.id] = ins;
          c->def_blk[ins->defs[k].temp.id] = b;
        }
      for (unsigned k = 0; k < ins->num_ops; k++)
        if (ins->ops[k].kind == MIR_OPND_TEMP) c->nuses[ins->ops[k].temp.id]++;
    }
}

/* The MFMA whose C is D of `m` (in block b, after m), through D itself or
 * a split/create pair whose dwords are used nowhere else; NULL if none. */
static mir_instr *next_in_chain(const acc_ctx *c, uint32_t b, const mir_instr *m, mir_instr **sp_out,
                                mir_instr **cv_out) {
  const mir_block *blk = &c->p->blocks[b];
  uint32_t d = m->defs[0].temp.id;
  *sp_out = *cv_out = NULL;
  if (c->nuses[d] != 1) return NULL;
  for (uint32_t i = 0; i < blk->num_instrs; i++) {
    mir_instr *u = blk->instrs[i];
    if (is_mfma(u) && u->num_ops == 3 && temp_op(&u->ops[2]) && u->ops[2].temp.id == d &&
        u->ops[2].temp.rc == m->defs[0].temp.rc && u != m)
      return u;
    if (u->opcode != MIR_P_SPLIT_VECTOR || u->ops[0].kind != MIR_OPND_TEMP || u->ops[0].temp.id != d) continue;
    /* D's single reader is this split: is there a create of exactly its dwords feeding an MFMA's C? */
    *sp_out = u;
    for (unsigned k = 0; k < u->num_defs; k++)
      if (!mir_rc_is_vgpr((mir_rc)u->defs[k].temp.rc) || c->nuses[u->defs[k].temp.id] != 1) return NULL;
    mir_instr *cv = NULL;
    for (uint32_t j = i + 1; j < blk->num_instrs && !cv; j++) {
      mir_instr *x = blk->instrs[j];
      if (x->opcode == MIR_P_CREATE_VECTOR && x->num_ops == u->num_defs && temp_op(&x->ops[0]) &&
          x->ops[0].temp.id == u->defs[0].temp.id)
        cv = x;
    }
    if (!cv || c->nuses[cv->defs[0].temp.id] != 1) return NULL;
    for (unsigned k = 0; k < cv->num_ops; k++)
      if (!temp_op(&cv->ops[k]) || cv->ops[k].temp.id != u->defs[k].temp.id) return NULL;
    for (uint32_t j = i + 1; j < blk->num_instrs; j++) {
      mir_instr *x = blk->instrs[j];
      if (is_mfma(x) && x->num_ops == 3 && temp_op(&x->ops[2]) && x->ops[2].temp.id == cv->defs[0].temp.id &&
          x->ops[2].temp.rc == m->defs[0].temp.rc) {
        *cv_out = cv;
        return x;
      }
    }
    return NULL;
  }
  return NULL;
}

/* Is block x dominated by block e (every path from the entry to x passes
 * e), over the union of the linear and logical CFGs? */
static bool dominated(const mir_program *p, uint32_t e, uint32_t x, uint8_t *seen) {
  if (x == e) return true;
  memset(seen, 0, p->num_blocks);
  uint32_t stack_n = 0, *stack = arena_alloc(p->mem, (p->num_blocks + 1) * sizeof *stack);
  if (e == 0) return true;
  stack[stack_n++] = 0;
  seen[0] = 1;
  while (stack_n) {
    uint32_t b = stack[--stack_n];
    if (b == x) return false;
    const mir_idx_list *ls[2] = {&p->blocks[b].linear_succs, &p->blocks[b].logical_succs};
    for (unsigned l = 0; l < 2; l++)
      for (uint32_t k = 0; k < ls[l]->n; k++) {
        uint32_t s = ls[l]->v[k];
        if (s == e || seen[s]) continue;
        seen[s] = 1;
        stack[stack_n++] = s;
      }
  }
  return true;
}

static bool only_succ(const mir_block *b, uint32_t s) {
  return b->linear_succs.n == 1 && b->linear_succs.v[0] == s && b->logical_succs.n <= 1 &&
         (b->logical_succs.n == 0 || b->logical_succs.v[0] == s);
}
static bool only_pred(const mir_block *b, uint32_t s) {
  return b->linear_preds.n == 1 && b->linear_preds.v[0] == s && b->logical_preds.n == 1 && b->logical_preds.v[0] == s;
}

/* One accumulator: the chain's MFMAs, the head's create and phis, the
 * intermediate split/create pairs, the tail's split, and its exit block. */
typedef struct acc_chain {
  mir_instr *m[MAX_CHAIN], *glue[2 * MAX_CHAIN];
  unsigned nm, nglue;
  mir_instr *head_cv, *tail_sp;
  mir_instr *phi[16];
  unsigned n; /* dwords */
  unsigned ew, hew; /* dwords per element of D's p_split_vector, of C's p_create_vector: 1, or 2 for f64 */
  bool plain;    /* no phis: C written just before the first MFMA, D read where the tail was split */
  uint32_t exit; /* E, or UINT32_MAX when the last D has no reader but the phis */
} acc_chain;

/* Are all readers of the tail's dwords, other than the accumulator's own
 * phis, outside H in blocks one exit block E dominates (E: a successor of
 * H whose only predecessor is H)? Sets *exit to E (UINT32_MAX: no such
 * reader). */
static bool uses_after_exit(acc_ctx *c, uint32_t h, const acc_chain *ch, uint32_t *exit, uint8_t *seen) {
  mir_program *p = c->p;
  *exit = UINT32_MAX;
  for (uint32_t b = 0; b < p->num_blocks; b++)
    for (uint32_t i = 0; i < p->blocks[b].num_instrs; i++) {
      mir_instr *ins = p->blocks[b].instrs[i];
      bool web_phi = false;
      for (unsigned k = 0; k < ch->n; k++) web_phi |= ins == ch->phi[k];
      if (web_phi) continue;
      for (unsigned o = 0; o < ins->num_ops; o++) {
        const mir_operand *op = &ins->ops[o];
        bool ours = false;
        for (unsigned k = 0; k < ch->n && !ours; k++) ours = op->kind == MIR_OPND_TEMP && op->temp.id == ch->tail_sp->defs[k].temp.id;
        if (!ours) continue;
        uint32_t ub = b;
        if (mir_is_phi(ins)) {
          const mir_idx_list *pl = ins->opcode == MIR_P_PHI ? &p->blocks[b].logical_preds : &p->blocks[b].linear_preds;
          if (o >= pl->n) return false;
          ub = pl->v[o];
        }
        if (ub == h) return false;
        if (*exit == UINT32_MAX) {
          /* the exit: H's successor with H as its only predecessor dominating this use */
          const mir_idx_list *s = &p->blocks[h].linear_succs;
          for (uint32_t k = 0; k < s->n && *exit == UINT32_MAX; k++)
            if (s->v[k] != h && only_pred(&p->blocks[s->v[k]], h) && dominated(p, s->v[k], ub, seen)) *exit = s->v[k];
          if (*exit == UINT32_MAX) return false;
        } else if (!dominated(p, *exit, ub, seen)) {
          return false;
        }
      }
    }
  return true;
}

/* The rest of the chain from its first MFMA m (ch->n and ch->plain
 * set): the MFMAs each reading the previous D, and the split of the last
 * D into elements of one dword (or two, f64, straight-line only). */
static bool chain_tail(acc_ctx *c, uint32_t h, mir_instr *m, acc_chain *ch) {
  const mir_block *hb = &c->p->blocks[h];
  unsigned n = ch->n;
  mir_instr *cur = m, *sp, *cv2;
  ch->m[ch->nm++] = m;
  for (mir_instr *nx; (nx = next_in_chain(c, h, cur, &sp, &cv2)) != NULL && ch->nm < MAX_CHAIN; cur = nx) {
    ch->m[ch->nm++] = nx;
    if (sp) ch->glue[ch->nglue++] = sp;
    if (cv2) ch->glue[ch->nglue++] = cv2;
  }
  /* the tail's D: split into dwords, one per phi */
  uint32_t d = cur->defs[0].temp.id;
  if (c->nuses[d] != 1) return false;
  for (uint32_t i = 0; i < hb->num_instrs && !ch->tail_sp; i++) {
    mir_instr *u = hb->instrs[i];
    if (u->opcode == MIR_P_SPLIT_VECTOR && u->ops[0].kind == MIR_OPND_TEMP && u->ops[0].temp.id == d) ch->tail_sp = u;
  }
  if (!ch->tail_sp || !ch->tail_sp->num_defs || n % ch->tail_sp->num_defs) return false;
  ch->ew = n / ch->tail_sp->num_defs;
  if (ch->ew != 1 && !ch->plain) return false;
  for (unsigned k = 0; k < ch->tail_sp->num_defs; k++)
    if (ch->tail_sp->defs[k].temp.rc != mir_rc_v(ch->ew)) return false;
  return true;
}

/* Recognises the accumulator whose first MFMA is `m` in block h. */
static bool find_chain(acc_ctx *c, uint32_t h, mir_instr *m, acc_chain *ch, uint8_t *seen) {
  mir_program *p = c->p;
  memset(ch, 0, sizeof *ch);
  if (m->num_ops != 3 || m->defs[0].kind != MIR_OPND_TEMP) return false;
  const mir_block *hb = &p->blocks[h];
  if (m->ops[2].kind == MIR_OPND_CONST) {
    /* an inline-constant C (isel_mfma.c splat_c): a straight-line chain
     * whose first MFMA reads no register and needs no AGPR writes */
    ch->n = mir_rc_size((mir_rc)m->defs[0].temp.rc);
    ch->plain = true;
    ch->hew = 1;
    if (ch->n > 16) return false;
    return chain_tail(c, h, m, ch);
  }
  if (!temp_op(&m->ops[2])) return false;
  unsigned n = mir_rc_size((mir_rc)m->ops[2].temp.rc);
  uint32_t cid = m->ops[2].temp.id;
  mir_instr *cv = c->def[cid];
  if (n > 16 || !cv || cv->opcode != MIR_P_CREATE_VECTOR || c->def_blk[cid] != h || c->nuses[cid] != 1 ||
      (cv->num_ops != n && 2 * cv->num_ops != n))
    return false;
  ch->hew = n / cv->num_ops; /* f64: two-dword elements (C's create, D's split may differ) */
  ch->plain = ch->hew != 1; /* a loop-carried accumulator of one-dword elements only */
  for (unsigned k = 0; k < n && !ch->plain; k++) {
    const mir_operand *o = &cv->ops[k];
    mir_instr *phi = temp_op(o) ? c->def[o->temp.id] : NULL;
    if (!phi || phi->opcode != MIR_P_PHI || o->temp.rc != mir_rc_v(1) || c->nuses[o->temp.id] != 1 ||
        c->def_blk[o->temp.id] != h || phi->num_ops != hb->logical_preds.n)
      ch->plain = true;
    ch->phi[k] = phi;
  }
  /* a straight-line chain: C's dwords are one-dword values or constants */
  for (unsigned k = 0; k < cv->num_ops && ch->plain; k++) {
    const mir_operand *o = &cv->ops[k];
    ch->phi[k] = NULL;
    if (o->kind == MIR_OPND_TEMP && (o->preg != MIR_PREG_NONE || (o->flags & MIR_OPND_FIXED_REG) ||
                                     mir_rc_size((mir_rc)o->temp.rc) != ch->hew))
      return false;
    if (o->kind == MIR_OPND_CONST && (o->size > 1 || ch->hew != 1)) return false;
    if (o->kind != MIR_OPND_TEMP && o->kind != MIR_OPND_CONST && o->kind != MIR_OPND_UNDEF) return false;
  }
  ch->head_cv = cv;
  ch->n = n;
  if (!chain_tail(c, h, m, ch)) return false;
  if (ch->plain) return true;
  /* each phi: the tail's dword k from inside the loop (at least once), else an entry value from a block going only to H */
  bool carried = false;
  for (unsigned k = 0; k < n; k++) {
    for (unsigned j = 0; j < ch->phi[k]->num_ops; j++) {
      const mir_operand *o = &ch->phi[k]->ops[j];
      if (o->kind == MIR_OPND_TEMP && o->temp.id == ch->tail_sp->defs[k].temp.id) {
        carried = true;
        continue;
      }
      if (o->kind == MIR_OPND_TEMP && (o->preg != MIR_PREG_NONE || (o->flags & MIR_OPND_FIXED_REG))) return false;
      if (o->kind != MIR_OPND_TEMP && o->kind != MIR_OPND_CONST && o->kind != MIR_OPND_UNDEF) return false;
      if (!only_succ(&p->blocks[hb->logical_preds.v[j]], h)) return false;
    }
  }
  if (!carried) return false;
  /* H's branch is uniform: the exit block runs under the MFMAs' EXEC */
  if (hb->flags & MIR_BLOCK_DIVERGENT_BRANCH) return false;
  return uses_after_exit(c, h, ch, &ch->exit, seen);
}

/* Position before the end of block b where entry copies go: before its
 * p_logical_end, else before its terminators. */
static uint32_t end_pos(const mir_block *b) {
  for (uint32_t i = b->num_instrs; i-- > 0;)
    if (b->instrs[i]->opcode == MIR_P_LOGICAL_END) return i;
  uint32_t i = b->num_instrs;
  while (i > 0 && mir_is_terminator(b->instrs[i - 1])) i--;
  return i;
}

static uint32_t start_pos(const mir_block *b) {
  uint32_t i = 0;
  while (i < b->num_instrs && (mir_is_phi(b->instrs[i]) || b->instrs[i]->opcode == MIR_P_LOGICAL_START)) i++;
  return i;
}

/* Inserts `v_accvgpr_write_b32 a<r>, v` at position *at of block x (and
 * advances *at): v a one-dword VGPR or an inline constant as it is, any
 * other value through a v_mov_b32 (a literal, an SGPR). */
static void write_agpr(acc_ctx *c, mir_block *x, uint32_t *at, unsigned r, mir_operand v) {
  mir_program *p = c->p;
  v.flags = 0;
  /* an entry value of v_mov_b32 of an inline constant: the constant (as llc-19: v_accvgpr_write_b32 a0, 0) */
  if (v.kind == MIR_OPND_TEMP && v.temp.id < p->num_temps && c->def[v.temp.id] &&
      c->def[v.temp.id]->opcode == ISA_V_MOV_B32 && c->def[v.temp.id]->ops[0].kind == MIR_OPND_CONST)
    v = c->def[v.temp.id]->ops[0];
  if (!(v.kind == MIR_OPND_CONST && v.size <= 1 && mir_const_is_inline(v.imm)) &&
      !(v.kind == MIR_OPND_TEMP && v.temp.rc == mir_rc_v(1))) {
    mir_instr *mv = mir_instr_create(p, ISA_V_MOV_B32, 1, 1);
    mv->ops[0] = v;
    mv->defs[0] = mir_op_temp(mir_new_temp(p, mir_rc_v(1)));
    mir_block_insert(p, x, (*at)++, mv);
    v = mir_op_temp(mv->defs[0].temp);
  }
  mir_instr *w = mir_instr_create(p, ISA_V_ACCVGPR_WRITE_B32, 1, 1);
  w->ops[0] = v;
  w->defs[0] = mir_op_fixed(MIR_PREG_AGPR(r), 1);
  mir_block_insert(p, x, (*at)++, w);
}

static uint32_t pos_of(const mir_block *b, const mir_instr *ins) {
  for (uint32_t i = 0; i < b->num_instrs; i++)
    if (b->instrs[i] == ins) return i;
  return b->num_instrs;
}

/* Rewrites the chain onto AGPRs a[base:base+n-1]. */
static void rewrite(acc_ctx *c, uint32_t h, acc_chain *ch, unsigned base) {
  mir_program *p = c->p;
  mir_block *hb = &p->blocks[h];
  for (unsigned k = 0; k < ch->nm; k++) {
    mir_instr *m = ch->m[k];
    if (m->ops[2].kind != MIR_OPND_CONST) m->ops[2] = mir_op_fixed(MIR_PREG_AGPR(base), ch->n);
    m->defs[0] = mir_op_fixed(MIR_PREG_AGPR(base), ch->n);
  }
  if (ch->plain) {
    /* C's dwords just before the first MFMA */
    uint32_t at = pos_of(hb, ch->m[0]);
    for (unsigned k = 0; ch->head_cv && k < ch->head_cv->num_ops; k++) {
      mir_operand v = ch->head_cv->ops[k];
      if (v.kind == MIR_OPND_UNDEF) continue;
      if (ch->hew == 1) {
        write_agpr(c, hb, &at, base + k, v);
        continue;
      }
      mir_instr *sp2 = mir_instr_create(p, MIR_P_SPLIT_VECTOR, 1, ch->hew); /* an f64 element: its dwords */
      sp2->ops[0] = v;
      sp2->ops[0].flags = 0;
      for (unsigned w = 0; w < ch->hew; w++) sp2->defs[w] = mir_op_temp(mir_new_temp(p, mir_rc_v(1)));
      mir_block_insert(p, hb, at++, sp2);
      for (unsigned w = 0; w < ch->hew; w++) write_agpr(c, hb, &at, base + k * ch->hew + w, sp2->defs[w]);
    }
  }
  /* entry values: v_accvgpr_write_b32 at the end of each entering block */
  for (unsigned j = 0; j < hb->logical_preds.n && !ch->plain; j++) {
    mir_block *x = &p->blocks[hb->logical_preds.v[j]];
    uint32_t at = end_pos(x);
    for (unsigned k = 0; k < ch->n; k++) {
      mir_operand v = ch->phi[k]->ops[j];
      if (v.kind == MIR_OPND_UNDEF) continue;
      if (v.kind == MIR_OPND_TEMP && v.temp.id == ch->tail_sp->defs[k].temp.id) continue;
      write_agpr(c, x, &at, base + k, v);
    }
  }
  /* the last D's other readers: v_accvgpr_read_b32 into the split's
   * dwords at the exit's start (straight-line: where it was split) */
  if (ch->exit != UINT32_MAX || ch->plain) {
    mir_block *e = &p->blocks[ch->plain ? h : ch->exit];
    uint32_t at = ch->plain ? pos_of(hb, ch->tail_sp) : start_pos(e);
    for (unsigned k = 0; k < ch->tail_sp->num_defs; k++) {
      mir_operand dk = ch->tail_sp->defs[k];
      dk.flags = 0;
      mir_instr *cv2 = NULL;
      if (ch->ew > 1) { /* an f64 element: read its dwords, then join them */
        cv2 = mir_instr_create(p, MIR_P_CREATE_VECTOR, ch->ew, 1);
        cv2->defs[0] = dk;
      }
      for (unsigned w = 0; w < ch->ew; w++) {
        mir_instr *r = mir_instr_create(p, ISA_V_ACCVGPR_READ_B32, 1, 1);
        r->ops[0] = mir_op_fixed(MIR_PREG_AGPR(base + k * ch->ew + w), 1);
        r->defs[0] = cv2 ? mir_op_temp(mir_new_temp(p, mir_rc_v(1))) : dk;
        if (cv2) cv2->ops[w] = r->defs[0];
        mir_block_insert(p, e, at++, r);
      }
      if (cv2) mir_block_insert(p, e, at++, cv2);
    }
  }
  /* drop the glue: phis, the head's create, split/create pairs, the tail's
   * split (its dwords are now defined by the reads, or read by nothing
   * but the dropped phis) */
  for (unsigned k = 0; k < ch->tail_sp->num_defs; k++) c->def[ch->tail_sp->defs[k].temp.id] = NULL;
  mir_instr *sp = ch->tail_sp;
  for (uint32_t b = 0; b < p->num_blocks; b++) {
    mir_block *blk = &p->blocks[b];
    uint32_t o = 0;
    for (uint32_t i = 0; i < blk->num_instrs; i++) {
      mir_instr *ins = blk->instrs[i];
      bool drop = ins == sp || ins == ch->head_cv;
      for (unsigned k = 0; k < ch->n && !drop && !ch->plain; k++) drop = ins == ch->phi[k];
      for (unsigned k = 0; k < ch->nglue && !drop; k++) drop = ins == ch->glue[k];
      if (!drop) blk->instrs[o++] = ins;
    }
    blk->num_instrs = o;
  }
}

int mir_mfma_acc(mir_program *p, diag *d) {
  if (!p->target->agprs || p->regs_assigned || p->is_function || p->has_calls) return 0;
  bool any = false;
  for (uint32_t b = 0; b < p->num_blocks && !any; b++)
    for (uint32_t i = 0; i < p->blocks[b].num_instrs && !any; i++) any = is_mfma(p->blocks[b].instrs[i]);
  if (!any) return 0;
  if (!p->live && mir_liveness(p, d) != 0) return -1;
  bool over = p->live->max.vgpr > mir_vgpr_budget(p); /* straight-line chains only then: see the policy above */
  acc_ctx c = {.p = p};
  scan(&c);
  uint8_t *seen = arena_alloc(p->mem, p->num_blocks + 1);
  unsigned align = p->target->vgpr_tuple_align > 1 ? p->target->vgpr_tuple_align : 1, next = p->agpr_acc_dwords;
  bool changed = false;
  for (uint32_t h = 0; h < p->num_blocks; h++)
    for (uint32_t i = 0; i < p->blocks[h].num_instrs; i++) {
      mir_instr *m = p->blocks[h].instrs[i];
      if (!is_mfma(m) || m->defs[0].kind != MIR_OPND_TEMP) continue;
      acc_chain ch;
      if (!find_chain(&c, h, m, &ch, seen) || (ch.plain && !over)) continue;
      unsigned base = (next + align - 1) / align * align;
      if (base + ch.n > mir_agpr_room(p)) continue; /* a wave of the largest work-group must still fit the file */
      rewrite(&c, h, &ch, base);
      next = base + ch.n;
      changed = true;
      i = 0; /* the block's instructions moved */
    }
  if (!changed) return 0;
  p->agpr_acc_dwords = next;
  if (next > p->num_agprs_used) p->num_agprs_used = next;
  p->live = NULL;
  return 0;
}
