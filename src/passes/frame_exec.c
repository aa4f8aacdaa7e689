/* Which calls may run under an empty EXEC: a helper of the frame pass
 * (frame.c), on physical registers after SSA elimination.
 *
 * Masked control flow runs blocks whose lanes all went elsewhere, and a
 * call in such a block must not jump to a callee pointer that was
 * computed under that empty mask (it may be garbage), nor run a callee
 * whose uniform control flow depends on lane values it cannot see. The
 * frame pass guards those calls (frame.c, call_seq); a call that runs
 * with at least one lane active needs no guard, which is what llc-19
 * assumes of every call. That is most calls: the entry block runs with
 * the lanes the dispatch (or the caller) started, structured regions
 * skip their body with s_cbranch_execz when no lane enters it, and a
 * join restores the mask saved on the way in.
 *
 * A forward must-analysis over the linear CFG. The state is "EXEC is
 * non-zero" plus the SGPR pairs (and VCC) known to hold a non-zero
 * lane mask (a mask saved while EXEC was non-zero; a pair on wave64, one
 * SGPR with the _b32 forms below on wave32). Transfer:
 *   s_mov_b64 D, X              D (EXEC too) non-zero iff X is
 *   s_or_b64 D, A, B            non-zero iff A or B is
 *   s_<op>_saveexec_b64 D, X    D = the old EXEC; the new EXEC non-zero
 *                               only for s_or_saveexec (EXEC | X)
 *   any other write             unknown (EXEC or the registers written)
 *   p_call                      the callee preserves EXEC and the SGPRs
 *                               above the region (isel_calls.c)
 *   s_cbranch_execz T           EXEC is zero on the edge to T, non-zero
 *                               after it; s_cbranch_execnz the reverse
 * The entry block starts with EXEC non-zero; other blocks start from the
 * meet (both facts must hold) of their linear predecessors' edges,
 * iterated from "everything holds" to a fixed point.
 */
#include <string.h>

#include "passes/passes.h"
#include "target/isa.h"
#include "target/target.h"

enum { FACT_WORDS = 2 }; /* pregs 0..127: SGPRs, VCC, M0, EXEC */

typedef struct exec_state {
  bool nz;                    /* EXEC non-zero */
  uint64_t pair[FACT_WORDS];  /* bit r: preg pair r, r+1 holds a non-zero value */
} exec_state;

static bool fact(const exec_state *s, mir_preg r) { return r < 64 * FACT_WORDS && ((s->pair[r >> 6] >> (r & 63)) & 1); }

static void set_fact(exec_state *s, mir_preg r, bool v) {
  if (r >= 64 * FACT_WORDS) return;
  if (v) s->pair[r >> 6] |= 1ull << (r & 63);
  else s->pair[r >> 6] &= ~(1ull << (r & 63));
}

/* Is lane-mask operand o (of t's width) known non-zero in state s? */
static bool nonzero(const wavecc_target *t, const exec_state *s, const mir_operand *o) {
  if (o->kind == MIR_OPND_CONST) return o->imm != 0; /* an inline 64-bit constant: the sign-extended dword */
  unsigned n;
  mir_preg r;
  mir_opnd_units(o, &r, &n);
  if (r == MIR_PREG_EXEC) return s->nz;
  return r != MIR_PREG_NONE && n == t->lane_mask_dwords && fact(s, r);
}

/* Is op one of t's s_*_saveexec forms? */
static bool is_saveexec(const wavecc_target *t, unsigned op) {
  unsigned dw;
  wavecc_lane_opkind k = wavecc_lane_kind(op, &dw);
  return k != WAVECC_LANE_NUM_OPS && wavecc_lane_is_saveexec(k) && dw == t->lane_mask_dwords;
}

static void transfer(const wavecc_target *t, exec_state *s, const mir_instr *ins, unsigned region) {
  if (ins->opcode == MIR_P_CALL) { /* the callee writes the SGPR region and VCC, saves the rest */
    for (mir_preg r = 0; r < region; r++) set_fact(s, r, false);
    set_fact(s, MIR_PREG_VCC - 1, false);
    set_fact(s, MIR_PREG_VCC, false);
    set_fact(s, MIR_PREG_VCC + 1, false);
    return;
  }
  /* the values written, judged on the state before the instruction */
  bool val = false, exec_val = false, known = false;
  if (wavecc_is_lane_op(t, ins->opcode, WAVECC_LANE_MOV) && ins->num_ops == 1) {
    known = true;
    val = exec_val = nonzero(t, s, &ins->ops[0]);
  } else if (wavecc_is_lane_op(t, ins->opcode, WAVECC_LANE_OR) && ins->num_ops == 2) {
    known = true;
    val = exec_val = nonzero(t, s, &ins->ops[0]) || nonzero(t, s, &ins->ops[1]);
  } else if (is_saveexec(t, ins->opcode)) {
    known = true;
    val = s->nz;
    exec_val = wavecc_is_lane_op(t, ins->opcode, WAVECC_LANE_OR_SAVEEXEC) && ins->num_ops == 1 &&
               (s->nz || nonzero(t, s, &ins->ops[0]));
  }
  /* implicit writes too (v_cmpx, the VOPC/VOP2 encodings' VCC) */
  unsigned flags = ins->opcode < ISA_NUM_OPS ? isa_table[ins->opcode].flags : 0;
  /* mir_writes_exec: the one definition (ISA flag, or a def overlapping
   * exec_lo/exec_hi); a partial write (exec_hi alone) leaves EXEC unknown */
  bool writes_exec = is_saveexec(t, ins->opcode) || mir_writes_exec(ins);
  if (flags & ISA_F_WRITES_VCC) {
    set_fact(s, MIR_PREG_VCC - 1, false);
    set_fact(s, MIR_PREG_VCC, false);
    set_fact(s, MIR_PREG_VCC + 1, false);
  }
  for (unsigned k = 0; k < ins->num_defs; k++) {
    unsigned n;
    mir_preg r;
    mir_opnd_units(&ins->defs[k], &r, &n);
    if (!n || r >= 64 * FACT_WORDS) continue;
    if (r == MIR_PREG_EXEC || r == MIR_PREG_EXEC + 1) continue; /* EXEC: s->nz below */
    for (unsigned u = 0; u < n; u++) {
      if (r + u) set_fact(s, (mir_preg)(r + u - 1), false);
      set_fact(s, (mir_preg)(r + u), false);
    }
    if (known && n == t->lane_mask_dwords) set_fact(s, r, val);
  }
  if (writes_exec) s->nz = known && exec_val;
}

static bool same(const exec_state *a, const exec_state *b) {
  return a->nz == b->nz && !memcmp(a->pair, b->pair, sizeof a->pair);
}

static void meet(exec_state *into, const exec_state *edge, bool *first) {
  if (*first) {
    *into = *edge;
    *first = false;
    return;
  }
  into->nz = into->nz && edge->nz;
  for (unsigned w = 0; w < FACT_WORDS; w++) into->pair[w] &= edge->pair[w];
}

/* The state on the edge from block b (whose exit state walking from `in`
 * is computed here) to its linear successor s. */
static exec_state edge_state(const wavecc_target *t, const mir_block *b, const exec_state *in, uint32_t s,
                             unsigned region) {
  exec_state cur = *in, out;
  bool named = false, first = true;
  for (uint32_t i = 0; i < b->num_instrs; i++) {
    const mir_instr *ins = b->instrs[i];
    bool execz = ins->opcode == ISA_S_CBRANCH_EXECZ, execnz = ins->opcode == ISA_S_CBRANCH_EXECNZ;
    for (unsigned k = 0; k < ins->num_ops; k++) {
      if (ins->ops[k].kind != MIR_OPND_BLOCK || ins->ops[k].imm != s) continue;
      exec_state e = cur;
      if (execz) e.nz = false;
      if (execnz) e.nz = true;
      meet(&out, &e, &first);
      named = true;
    }
    if (execz) cur.nz = true; /* not taken: some lane is active */
    else if (execnz) cur.nz = false;
    else transfer(t, &cur, ins, region);
  }
  if (!named) out = cur; /* falling through */
  return out;
}

bool *mir_calls_under_empty_exec(const mir_program *p) {
  uint32_t nb = p->num_blocks, ncalls = 0;
  for (uint32_t b = 0; b < nb; b++)
    for (uint32_t i = 0; i < p->blocks[b].num_instrs; i++) ncalls += p->blocks[b].instrs[i]->opcode == MIR_P_CALL;
  bool *maybe = arena_alloc(p->mem, ncalls + 1);
  if (!nb) return maybe;
  exec_state *in = arena_alloc(p->mem, nb * sizeof *in);
  for (uint32_t b = 0; b < nb; b++) {
    in[b].nz = true;
    memset(in[b].pair, 0xff, sizeof in[b].pair);
  }
  memset(in[0].pair, 0, sizeof in[0].pair);
  for (bool changed = true; changed;) {
    changed = false;
    for (uint32_t b = 1; b < nb; b++) {
      const mir_idx_list *preds = &p->blocks[b].linear_preds;
      exec_state st = {0};
      bool first = true;
      for (uint32_t k = 0; k < preds->n; k++) {
        exec_state e = edge_state(p->target, &p->blocks[preds->v[k]], &in[preds->v[k]], b, p->abi.call_sgprs);
        meet(&st, &e, &first);
      }
      if (first) continue; /* unreachable: no call there runs */
      if (!same(&st, &in[b])) {
        in[b] = st;
        changed = true;
      }
    }
  }
  uint32_t c = 0;
  for (uint32_t b = 0; b < nb; b++) {
    exec_state cur = in[b];
    for (uint32_t i = 0; i < p->blocks[b].num_instrs; i++) {
      const mir_instr *ins = p->blocks[b].instrs[i];
      if (ins->opcode == MIR_P_CALL) maybe[c++] = !cur.nz;
      if (ins->opcode == ISA_S_CBRANCH_EXECZ) cur.nz = true;
      else if (ins->opcode == ISA_S_CBRANCH_EXECNZ) cur.nz = false;
      else transfer(p->target, &cur, ins, p->abi.call_sgprs);
    }
  }
  return maybe;
}
