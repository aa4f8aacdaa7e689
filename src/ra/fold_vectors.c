/* Vector folding before register allocation: takes apart the tuple
 * shuffles instruction selection leaves around 64-bit arithmetic, so the
 * allocator sees each dword as one value and SSA elimination has no moves
 * to emit for them.
 *
 * Instruction selection builds a 64-bit value from its halves with
 * p_create_vector and takes it apart again with one p_extract per half
 * (isel_half_of), so `a + b + c` on 64-bit pointers is
 * create(lo, hi) -> extract 0, extract 1 -> add/addc -> create -> extract
 * ... Every extract of a value that lives on is a copy after allocation.
 * This pass, on SSA temporaries (the same rewrites as ACO's
 * p_create_vector/p_split_vector handling in its optimizer, and
 * LLVM's REG_SEQUENCE / subregister folding):
 *
 *  1. An extract of a create_vector's result read only by extracts reads
 *     that operand: its uses are renamed to the operand (same register
 *     class), and the create dies (when the vector has other readers the
 *     extract stays: renaming would keep the operands live beside the
 *     vector, and the create would copy them). A create_vector
 *     whose operands are the extracts, in order, of all of one value of
 *     the same class is that value.
 *  2. Extracts of one pair (or tuple of up to eight dwords, four for
 *     VGPRs under a budget below 64, budget permitting: max_split) s in a block, when every use of s from the
 *     first of them on is such an extract, become one p_split_vector at
 *     the first: s dies there and the allocator places the parts in s's
 *     own registers (regalloc.c prefers them), so the halves cost nothing.
 *  3. Pure tuple pseudos (create_vector, split_vector, extract) and moves
 *     (p_copy, s_mov_b32/b64, v_mov_b32 without a register constraint on
 *     the result) whose results nobody reads are deleted: rule 1 leaves
 *     the creates dead, and isel leaves zero halves nobody reads.
 *  4. A run of a create_vector's operands that is the extracts, in order,
 *     of all of one value reads that value (whole_operands), and
 *  5. a create_vector equal to an earlier one of its block is that one
 *     (reuse_equal_create): cse ran before mem-merge built the tuples.
 *  6. A create_vector's one-dword operand that a move of a constant
 *     defines (v_mov_b32 / s_mov_b32 k of the vector's file) is the
 *     constant (const_operands): SSA elimination writes it into the
 *     vector's slot, where a register holding it that lives on (a zero
 *     shared by several stored tuples, f_constexpr_bitcast) would be
 *     copied; a move that dies there becomes the same one instruction.
 *  7. A p_copy of a tuple whose readers are all one-dword extracts that
 *     leave some dword unread copies only the dwords read, one p_copy each
 *     of an extract of the source (narrow_copies): a 64-bit counter kept
 *     uniform in a loop whose value after it is only truncated
 *     (loop-exit-copies' freeze, then trunc) costs one v_mov per
 *     iteration and one VGPR, not two (pattern_count).
 *
 * Legality: renaming a use of x = extract(create(.., a, ..)) to a is SSA
 * copy propagation: a's definition dominates the create, which dominates
 * the extract and so every use of x; the class is the same, so liveness
 * flows over the same CFG (logical or linear). For VGPRs the lanes a holds
 * are a superset of those the extract wrote under its EXEC. Moving a later
 * extract up to the first one only defines its result earlier, while s is
 * still live (same register demand). Runs before liveness and spilling.
 */
#include <string.h>

#include "ra/ra.h"

typedef struct fold_ctx {
  mir_program *p;
  mir_instr **def;   /* [temp] defining instruction (after renaming) */
  uint32_t *repl;    /* [temp] renamed to, or 0 */
  uint32_t *uses;    /* [temp] operand uses (phis included) */
  uint32_t *xuses;   /* [temp] of those, uses as an extract's source */
  uint32_t cap;      /* size of the arrays */
  /* Rule 2, per temporary, over the current block (zero outside it): */
  uint32_t *inb;     /* uses other than phis */
  uint32_t *good;    /* uses as a one-dword in-range extract of the same kind */
  uint32_t *seen;    /* of those, the ones before the current position */
  uint32_t *lastbad; /* 1 + position of the last other use */
  uint8_t *tied;     /* [temp] read by a tied operand (mir_tied_operand): a value of its own */
} fold_ctx;

static uint32_t chase(const fold_ctx *c, uint32_t t) {
  while (t && c->repl[t]) t = c->repl[t];
  return t;
}

static void rename_operands(fold_ctx *c, mir_instr *ins) {
  for (unsigned k = 0; k < ins->num_ops; k++)
    if (ins->ops[k].kind == MIR_OPND_TEMP) ins->ops[k].temp.id = chase(c, ins->ops[k].temp.id) & 0xffffffu;
}

/* Temporaries rule 2 may still create within the per-temp arrays. */
static uint32_t p_room(const fold_ctx *c) { return c->cap > c->p->num_temps ? c->cap - c->p->num_temps : 0; }

static bool is_extract(const mir_instr *ins) {
  return ins && ins->opcode == MIR_P_EXTRACT && ins->num_ops == 2 && ins->ops[0].kind == MIR_OPND_TEMP &&
         ins->ops[1].kind == MIR_OPND_CONST && ins->num_defs == 1 && ins->defs[0].kind == MIR_OPND_TEMP;
}

/* First dword of an extract's result in its source (the index counts in
 * units of the result's size, as mir_ssa_elim reads it). */
static unsigned extract_first(const mir_instr *ins) { return ins->ops[1].imm * mir_rc_size(ins->defs[0].temp.rc); }

/* Same file and linear flag, any size. */
static bool same_kind(mir_rc a, mir_rc b) { return (a & ~MIR_RC_SIZE_MASK) == (b & ~MIR_RC_SIZE_MASK); }

/* Rule 1 for one instruction (operands already renamed): records the
 * renaming of its result, if any. */
static bool forward(fold_ctx *c, const mir_instr *ins) {
  if (is_extract(ins)) {
    const mir_instr *cv = c->def[ins->ops[0].temp.id];
    if (!cv || cv->opcode != MIR_P_CREATE_VECTOR || cv->num_defs != 1) return false;
    if (c->uses[ins->ops[0].temp.id] != c->xuses[ins->ops[0].temp.id]) return false;
    mir_temp d = ins->defs[0].temp;
    unsigned want = extract_first(ins), at = 0;
    for (unsigned k = 0; k < cv->num_ops; k++) {
      const mir_operand *o = &cv->ops[k];
      unsigned n = o->kind == MIR_OPND_TEMP || o->kind == MIR_OPND_UNDEF ? mir_rc_size(o->temp.rc) : o->size ? o->size : 1;
      if (at == want) {
        if (o->kind != MIR_OPND_TEMP || o->temp.rc != d.rc || o->temp.id == d.id) return false;
        c->repl[d.id] = o->temp.id;
        return true;
      }
      at += n;
      if (at > want) return false;
    }
    return false;
  }
  if (ins->opcode == MIR_P_CREATE_VECTOR && ins->num_defs == 1 && ins->defs[0].kind == MIR_OPND_TEMP) {
    mir_temp d = ins->defs[0].temp;
    uint32_t src = 0;
    unsigned at = 0;
    for (unsigned k = 0; k < ins->num_ops; k++) {
      const mir_operand *o = &ins->ops[k];
      if (o->kind != MIR_OPND_TEMP) return false;
      const mir_instr *x = c->def[o->temp.id];
      if (!is_extract(x) || extract_first(x) != at || (src && x->ops[0].temp.id != src)) return false;
      src = x->ops[0].temp.id;
      at += mir_rc_size(o->temp.rc);
    }
    if (!src || c->p->temp_rc[src] != d.rc || at != mir_rc_size(d.rc)) return false;
    c->repl[d.id] = src;
    return true;
  }
  return false;
}

static bool pure_tuple_op(const mir_instr *ins);

/* Rule 4, a create_vector's operands: a run of them that is the extracts,
 * in order, of all of one value of the same kind reads that value (one
 * operand). A new create_vector, or NULL when none is such a run. Stores
 * of the same 64-bit values, one merged from dword stores (mem-merge:
 * its operands the extracts of the pairs) and one stored whole, built two
 * equal tuples: with the pairs as operands rule 5 sees they are equal. */
static mir_instr *whole_operands(fold_ctx *c, const mir_instr *ins) {
  mir_operand ops[32];
  unsigned n = 0;
  bool changed = false;
  if (ins->num_ops > 32) return NULL;
  for (unsigned k = 0; k < ins->num_ops;) {
    const mir_operand *o = &ins->ops[k];
    const mir_instr *x = o->kind == MIR_OPND_TEMP ? c->def[o->temp.id] : NULL;
    if (is_extract(x) && extract_first(x) == 0) {
      uint32_t src = x->ops[0].temp.id;
      mir_rc rc = c->p->temp_rc[src];
      unsigned want = mir_rc_size(rc), at = 0, j = k;
      while (j < ins->num_ops && at < want && ins->ops[j].kind == MIR_OPND_TEMP) {
        const mir_instr *y = c->def[ins->ops[j].temp.id];
        if (!is_extract(y) || y->ops[0].temp.id != src || extract_first(y) != at ||
            !same_kind(ins->ops[j].temp.rc, rc))
          break;
        at += mir_rc_size(ins->ops[j].temp.rc);
        j++;
      }
      if (at == want && j - k >= 2) {
        ops[n++] = mir_op_temp((mir_temp){.id = src & 0xffffffu, .rc = rc});
        k = j;
        changed = true;
        continue;
      }
    }
    ops[n++] = *o;
    k++;
  }
  if (!changed) return NULL;
  mir_instr *m = mir_instr_create(c->p, MIR_P_CREATE_VECTOR, n, 1);
  for (unsigned k = 0; k < n; k++) {
    m->ops[k] = ops[k];
    m->ops[k].flags &= (uint8_t)~(MIR_OPND_KILL | MIR_OPND_LATE_KILL);
  }
  m->defs[0] = ins->defs[0];
  return m;
}

static bool same_operand(const mir_operand *a, const mir_operand *b) {
  if (a->kind != b->kind || a->size != b->size ||
      ((a->flags ^ b->flags) & (uint8_t)~(MIR_OPND_KILL | MIR_OPND_LATE_KILL)))
    return false;
  if (a->kind == MIR_OPND_TEMP) return a->temp.id == b->temp.id && a->temp.rc == b->temp.rc;
  if (a->kind == MIR_OPND_UNDEF) return a->temp.rc == b->temp.rc;
  return a->kind == MIR_OPND_CONST && a->imm == b->imm;
}

/* Rule 5: a create_vector equal to an earlier one of its block (the same
 * operands, result class and no register constraint; nothing between that
 * writes EXEC or is a pseudo other than the tuple ones and copies, as cse
 * stops there) is that one: its result is renamed. Not a value a tied
 * operand reads (a returning buffer atomic's data): isel made it a copy
 * of its own, which the atomic overwrites. */
static void reuse_equal_create(fold_ctx *c, const mir_block *b, uint32_t i) {
  const mir_instr *ins = b->instrs[i];
  const mir_operand *d = &ins->defs[0];
  if (ins->num_defs != 1 || d->kind != MIR_OPND_TEMP || d->preg != MIR_PREG_NONE || c->tied[d->temp.id]) return;
  for (uint32_t j = i; j-- > 0 && j + 64 > i;) {
    const mir_instr *y = b->instrs[j];
    if (y->opcode >= ISA_NUM_OPS ? !pure_tuple_op(y) && y->opcode != MIR_P_COPY
                                 : (isa_table[y->opcode].flags & ISA_F_WRITES_EXEC) != 0)
      return;
    for (unsigned k = 0; k < y->num_defs; k++)
      if (y->defs[k].kind == MIR_OPND_FIXED && y->defs[k].preg == MIR_PREG_EXEC) return;
    if (y->opcode != MIR_P_CREATE_VECTOR || y->num_defs != 1 || y->num_ops != ins->num_ops ||
        y->defs[0].kind != MIR_OPND_TEMP || y->defs[0].temp.rc != d->temp.rc || y->defs[0].preg != MIR_PREG_NONE ||
        c->tied[y->defs[0].temp.id])
      continue;
    bool same = true;
    for (unsigned k = 0; k < ins->num_ops && same; k++) same = same_operand(&ins->ops[k], &y->ops[k]);
    if (same) {
      c->repl[d->temp.id] = y->defs[0].temp.id;
      return;
    }
  }
}

/* Rule 6 for one create_vector (operands renamed): true if it changed. */
static bool const_operands(const fold_ctx *c, mir_instr *ins) {
  if (ins->opcode != MIR_P_CREATE_VECTOR || ins->num_defs != 1 || ins->defs[0].kind != MIR_OPND_TEMP) return false;
  bool vgpr = mir_rc_is_vgpr(ins->defs[0].temp.rc), changed = false;
  for (unsigned k = 0; k < ins->num_ops; k++) {
    mir_operand *o = &ins->ops[k];
    if (o->kind != MIR_OPND_TEMP || o->temp.id >= c->cap || mir_rc_size(o->temp.rc) != 1 ||
        mir_rc_is_vgpr(o->temp.rc) != vgpr || (o->flags & (MIR_OPND_NEG | MIR_OPND_ABS | MIR_OPND_FIXED_REG)))
      continue;
    const mir_instr *m = c->def[o->temp.id];
    if (!m || m->opcode != (vgpr ? ISA_V_MOV_B32 : ISA_S_MOV_B32) || m->num_ops != 1 || m->num_defs != 1 ||
        m->ops[0].kind != MIR_OPND_CONST || m->ops[0].size > 1 || m->ops[0].flags || m->clamp || m->omod ||
        m->enc_flags || m->defs[0].preg != MIR_PREG_NONE)
      continue;
    *o = mir_op_const(m->ops[0].imm);
    changed = true;
  }
  return changed;
}

static void count_uses(fold_ctx *c) {
  memset(c->uses, 0, c->p->num_temps * sizeof *c->uses);
  memset(c->xuses, 0, c->p->num_temps * sizeof *c->xuses);
  for (uint32_t bi = 0; bi < c->p->num_blocks; bi++) {
    const mir_block *b = &c->p->blocks[bi];
    for (uint32_t i = 0; i < b->num_instrs; i++) {
      const mir_instr *ins = b->instrs[i];
      if (!ins) continue;
      for (unsigned k = 0; k < ins->num_ops; k++)
        if (ins->ops[k].kind == MIR_OPND_TEMP) c->uses[ins->ops[k].temp.id]++;
      if (is_extract(ins)) c->xuses[ins->ops[0].temp.id]++;
    }
  }
}

/* The widest tuple (dwords) rule 2 splits in class rc's register file. */
static unsigned max_split(const mir_program *p, mir_rc rc) {
  unsigned budget = mir_rc_is_vgpr(rc) ? p->abi.num_vgprs_budget : p->abi.num_sgprs_budget;
  /* SGPR tuples of up to 8 (s_load_dwordx8 of a uniform vector read one
   * dword at a time) at the full SGPR budget: without the split each
   * extract is an s_mov_b32 once the next wide load needs the range
   * (f_sload_odd_width: 78 -> 63 instructions, llc-19 63). 16 (kernel
   * arguments, s_load_dwordx16) helped more files but made
   * bench/kernels/particles.cl's loads issue later (+0.3% executed). */
  if (!mir_rc_is_vgpr(rc) && (budget == 0 || budget >= 96)) return 8;
  /* VGPR tuples of 8 at a budget of 64 or more: an indexed write's
   * result taken apart for a loop's phis (f_gpr_index loop_acc on RDNA:
   * 7 + 7 v_mov_b32 per iteration, none after; the corpus at gfx900 and
   * gfx1100: no kernel with more instructions or VGPRs) */
  if (budget == 0 || budget >= 64) return 8;
  return budget == 0 || budget >= 16 ? 4 : 2;
}

/* Is operand k of x a use of s that rule 2 can merge: the source of a
 * one-dword extract of s's kind within s? */
static bool good_use(const fold_ctx *c, const mir_instr *x, unsigned k, uint32_t s) {
  mir_rc src = c->p->temp_rc[s];
  return is_extract(x) && k == 0 && mir_rc_size(x->defs[0].temp.rc) == 1 && same_kind(src, x->defs[0].temp.rc) &&
         extract_first(x) < mir_rc_size(src);
}

/* Per-temporary use counts of block b for rule 2 (add), or their reset. */
static void block_uses(fold_ctx *c, const mir_block *b, bool add) {
  for (uint32_t j = 0; j < b->num_instrs; j++) {
    const mir_instr *x = b->instrs[j];
    if (!x) continue;
    for (unsigned k = 0; k < x->num_ops; k++) {
      if (x->ops[k].kind != MIR_OPND_TEMP) continue;
      uint32_t s = x->ops[k].temp.id;
      if (!add) {
        c->inb[s] = c->good[s] = c->seen[s] = c->lastbad[s] = 0;
        continue;
      }
      c->inb[s] += !mir_is_phi(x);
      if (good_use(c, x, k, s)) c->good[s]++;
      else c->lastbad[s] = j + 1;
    }
  }
}

/* Rule 2 in block b: returns true when something changed. The uses of
 * each temporary are counted once per block (a scan of the block per
 * extract was quadratic). */
static bool merge_extracts(fold_ctx *c, mir_block *b) {
  bool changed = false;
  block_uses(c, b, true);
  for (uint32_t i = 0; i < b->num_instrs; i++) {
    mir_instr *first = b->instrs[i];
    if (!first) continue;
    for (unsigned k = 0; k < first->num_ops; k++) /* uses before the next position */
      if (first->ops[k].kind == MIR_OPND_TEMP && good_use(c, first, k, first->ops[k].temp.id)) c->seen[first->ops[k].temp.id]++;
    if (!is_extract(first) || mir_rc_size(first->defs[0].temp.rc) != 1) continue;
    uint32_t s = first->ops[0].temp.id;
    mir_rc src = c->p->temp_rc[s];
    unsigned n = mir_rc_size(src);
    /* Pairs, and tuples of up to four dwords when the file's budget is
     * not tight: a split defines all its parts while its operand is live,
     * which needs 2n registers at once (the spiller counts them together,
     * and at 8 VGPRs stopped converging on 4-dword splits); there the
     * wider tuples keep their extracts, which the spiller can reload one
     * dword at a time. Without the split, an extract of a tuple that
     * lives on is a copy after allocation (loads of <4 x float>: three
     * v_mov_b32 each). */
    if (n < 2 || n > max_split(c->p, src) || !same_kind(src, first->defs[0].temp.rc)) continue;
    if (p_room(c) < n) break;
    /* Every use of s is in this block (no phi: a phi's operand is a use at
     * the end of a predecessor), and from here on each is a one-dword
     * extract of the same class. */
    uint32_t count = c->good[s] - c->seen[s] + 1; /* from i on, first included */
    bool ok = c->lastbad[s] <= i;
    if (!ok || count < 2 || c->inb[s] != c->uses[s]) continue;
    mir_instr *sv = mir_instr_create(c->p, MIR_P_SPLIT_VECTOR, 1, n);
    sv->ops[0] = first->ops[0];
    for (unsigned k = 0; k < n; k++) sv->defs[k].kind = MIR_OPND_NONE;
    for (uint32_t j = i; j < b->num_instrs; j++) {
      mir_instr *x = b->instrs[j];
      if (!is_extract(x) || x->ops[0].temp.id != s) continue;
      unsigned k = extract_first(x);
      if (sv->defs[k].kind == MIR_OPND_NONE) {
        sv->defs[k] = x->defs[0];
        c->def[x->defs[0].temp.id] = sv;
      } else {
        c->repl[x->defs[0].temp.id] = sv->defs[k].temp.id;
      }
    }
    for (unsigned k = 0; k < n; k++)
      if (sv->defs[k].kind == MIR_OPND_NONE) sv->defs[k] = mir_op_temp(mir_new_temp(c->p, first->defs[0].temp.rc));
    for (uint32_t j = i + 1; j < b->num_instrs; j++)
      if (is_extract(b->instrs[j]) && b->instrs[j]->ops[0].temp.id == s) b->instrs[j] = NULL;
    b->instrs[i] = sv;
    changed = true;
  }
  block_uses(c, b, false);
  return changed;
}

static bool pure_tuple_op(const mir_instr *ins) {
  switch (ins->opcode) {
  case MIR_P_CREATE_VECTOR:
  case MIR_P_SPLIT_VECTOR:
  case MIR_P_EXTRACT:
    return true;
  case MIR_P_COPY:
  case ISA_S_MOV_B32:
  case ISA_S_MOV_B64:
  case ISA_V_MOV_B32:
    return ins->num_defs == 1 && ins->defs[0].kind == MIR_OPND_TEMP && ins->defs[0].preg == MIR_PREG_NONE;
  default:
    return false;
  }
}

/* Rule 3: deletes unread pure tuple pseudos until none is left. */
static bool delete_dead(fold_ctx *c) {
  bool any = false, changed = true;
  while (changed) {
    changed = false;
    count_uses(c);
    for (uint32_t bi = 0; bi < c->p->num_blocks; bi++) {
      mir_block *b = &c->p->blocks[bi];
      for (uint32_t i = b->num_instrs; i-- > 0;) {
        mir_instr *ins = b->instrs[i];
        if (!ins || !pure_tuple_op(ins)) continue;
        bool dead = true;
        for (unsigned k = 0; k < ins->num_defs && dead; k++)
          dead = ins->defs[k].kind != MIR_OPND_TEMP || c->uses[ins->defs[k].temp.id] == 0;
        if (!dead) continue;
        for (unsigned k = 0; k < ins->num_ops; k++)
          if (ins->ops[k].kind == MIR_OPND_TEMP) c->uses[ins->ops[k].temp.id]--;
        b->instrs[i] = NULL;
        changed = any = true;
      }
    }
  }
  return any;
}

static void compact(mir_program *p) {
  for (uint32_t bi = 0; bi < p->num_blocks; bi++) {
    mir_block *b = &p->blocks[bi];
    uint32_t w = 0;
    for (uint32_t i = 0; i < b->num_instrs; i++)
      if (b->instrs[i]) b->instrs[w++] = b->instrs[i];
    b->num_instrs = w;
  }
}

/* Rule 7 (after compact: no NULL slots). */
static void narrow_copies(mir_program *p, arena *mem) {
  uint32_t nt = p->num_temps;
  uint32_t *uses = arena_alloc(mem, nt * sizeof *uses), *xuses = arena_alloc(mem, nt * sizeof *xuses);
  uint32_t *read = arena_alloc(mem, nt * sizeof *read); /* dwords read through one-dword extracts, as bits */
  memset(uses, 0, nt * sizeof *uses);
  memset(xuses, 0, nt * sizeof *xuses);
  memset(read, 0, nt * sizeof *read);
  for (uint32_t bi = 0; bi < p->num_blocks; bi++)
    for (uint32_t i = 0; i < p->blocks[bi].num_instrs; i++) {
      const mir_instr *ins = p->blocks[bi].instrs[i];
      for (unsigned k = 0; k < ins->num_ops; k++)
        if (ins->ops[k].kind == MIR_OPND_TEMP) uses[ins->ops[k].temp.id]++;
      if (is_extract(ins) && mir_rc_size(ins->defs[0].temp.rc) == 1 && ins->ops[1].imm < 32) {
        xuses[ins->ops[0].temp.id]++;
        read[ins->ops[0].temp.id] |= 1u << ins->ops[1].imm;
      }
    }
  uint32_t *repl = NULL; /* [temp] a narrowed copy's extract reads this instead */
  uint32_t cap = 0;
  for (uint32_t bi = 0; bi < p->num_blocks; bi++) {
    mir_block *b = &p->blocks[bi];
    for (uint32_t i = 0; i < b->num_instrs; i++) {
      mir_instr *ins = b->instrs[i];
      if (ins->opcode != MIR_P_COPY || ins->num_defs != 1 || ins->num_ops != 1 || ins->defs[0].kind != MIR_OPND_TEMP ||
          ins->defs[0].preg != MIR_PREG_NONE || ins->ops[0].kind != MIR_OPND_TEMP || ins->ops[0].preg != MIR_PREG_NONE ||
          ins->defs[0].flags || ins->ops[0].flags)
        continue;
      mir_temp d = ins->defs[0].temp, s = ins->ops[0].temp;
      unsigned n = mir_rc_size(d.rc);
      if (n < 2 || n > 32 || mir_rc_size(s.rc) != n || d.id >= nt || s.id >= nt || !uses[d.id] ||
          uses[d.id] != xuses[d.id] || read[d.id] == (n == 32 ? ~0u : (1u << n) - 1))
        continue;
      if (!repl) {
        cap = nt;
        repl = arena_alloc(mem, cap * sizeof *repl);
        memset(repl, 0, cap * sizeof *repl);
      }
      mir_rc d1 = (mir_rc)((d.rc & ~MIR_RC_SIZE_MASK) | 1), s1 = (mir_rc)((s.rc & ~MIR_RC_SIZE_MASK) | 1);
      uint32_t at = i;
      mir_temp part[32];
      for (unsigned k = 0; k < n; k++) {
        if (!(read[d.id] >> k & 1)) continue;
        mir_instr *x = mir_instr_create(p, MIR_P_EXTRACT, 2, 1);
        x->ops[0] = ins->ops[0];
        x->ops[1] = mir_op_const(k);
        x->defs[0] = mir_op_temp(mir_new_temp(p, s1));
        mir_instr *cp = mir_instr_create(p, MIR_P_COPY, 1, 1);
        cp->ops[0] = x->defs[0];
        part[k] = mir_new_temp(p, d1);
        cp->defs[0] = mir_op_temp(part[k]);
        mir_block_insert(p, b, at++, x);
        mir_block_insert(p, b, at++, cp);
      }
      repl[d.id] = UINT32_MAX; /* the old copy: deleted below */
      i = at;
      for (uint32_t bj = 0; bj < p->num_blocks; bj++)
        for (uint32_t j = 0; j < p->blocks[bj].num_instrs; j++) {
          mir_instr *x = p->blocks[bj].instrs[j];
          if (is_extract(x) && x->ops[0].temp.id == d.id && mir_rc_size(x->defs[0].temp.rc) == 1 &&
              x->defs[0].temp.id < cap && x->ops[1].imm < n)
            repl[x->defs[0].temp.id] = part[x->ops[1].imm].id;
        }
    }
  }
  if (!repl) return;
  for (uint32_t bi = 0; bi < p->num_blocks; bi++) {
    mir_block *b = &p->blocks[bi];
    uint32_t w = 0;
    for (uint32_t i = 0; i < b->num_instrs; i++) {
      mir_instr *ins = b->instrs[i];
      for (unsigned k = 0; k < ins->num_ops; k++)
        if (ins->ops[k].kind == MIR_OPND_TEMP && ins->ops[k].temp.id < cap && repl[ins->ops[k].temp.id] &&
            repl[ins->ops[k].temp.id] != UINT32_MAX)
          ins->ops[k].temp.id = repl[ins->ops[k].temp.id];
      /* the narrowed copies and their renamed extracts: nothing reads them */
      bool dead = ins->num_defs == 1 && ins->defs[0].kind == MIR_OPND_TEMP && ins->defs[0].temp.id < cap &&
                  ((ins->opcode == MIR_P_EXTRACT && repl[ins->defs[0].temp.id]) ||
                   (ins->opcode == MIR_P_COPY && repl[ins->defs[0].temp.id] == UINT32_MAX));
      if (!dead) b->instrs[w++] = ins;
    }
    b->num_instrs = w;
  }
}

int mir_fold_vectors(mir_program *p, diag *d) {
  (void)d;
  if (p->regs_assigned || !p->num_temps || p->no_coalesce) return 0;
  arena tmp;
  arena_init(&tmp);
  fold_ctx c = {.p = p};
  /* Rule 2 creates temporaries: at most one per merge, and a merge takes
   * at least two extracts, so one per extract is room enough (the bound
   * per value, twice the temporaries, made the arrays the pass's cost). */
  uint32_t cap = p->num_temps + 64;
  for (uint32_t bi = 0; bi < p->num_blocks; bi++)
    for (uint32_t i = 0; i < p->blocks[bi].num_instrs; i++) cap += p->blocks[bi].instrs[i]->opcode == MIR_P_EXTRACT;
  c.cap = cap;
  c.def = arena_alloc(&tmp, cap * sizeof *c.def);
  c.repl = arena_alloc(&tmp, cap * sizeof *c.repl);
  c.uses = arena_alloc(&tmp, cap * sizeof *c.uses);
  c.xuses = arena_alloc(&tmp, cap * sizeof *c.xuses);
  c.inb = arena_alloc(&tmp, cap * sizeof *c.inb);
  c.good = arena_alloc(&tmp, cap * sizeof *c.good);
  c.seen = arena_alloc(&tmp, cap * sizeof *c.seen);
  c.lastbad = arena_alloc(&tmp, cap * sizeof *c.lastbad);
  c.tied = arena_alloc(&tmp, cap);
  memset(c.def, 0, cap * sizeof *c.def);
  memset(c.repl, 0, cap * sizeof *c.repl);
  memset(c.tied, 0, cap);
  for (uint32_t bi = 0; bi < p->num_blocks; bi++) {
    const mir_block *b = &p->blocks[bi];
    for (uint32_t i = 0; i < b->num_instrs; i++) {
      mir_instr *ins = b->instrs[i];
      int t = mir_tied_operand(ins);
      if (t >= 0 && ins->ops[t].kind == MIR_OPND_TEMP && ins->ops[t].temp.id < cap) c.tied[ins->ops[t].temp.id] = 1;
      for (unsigned k = 0; k < ins->num_defs; k++)
        if (ins->defs[k].kind == MIR_OPND_TEMP) c.def[ins->defs[k].temp.id] = ins;
    }
  }
  count_uses(&c);
  /* Rule 1 in block order (reverse post-order: definitions before uses
   * except at loop phis, which the renaming sweep below catches). */
  for (uint32_t bi = 0; bi < p->num_blocks; bi++) {
    mir_block *b = &p->blocks[bi];
    for (uint32_t i = 0; i < b->num_instrs; i++) {
      rename_operands(&c, b->instrs[i]);
      if (forward(&c, b->instrs[i]) || b->instrs[i]->opcode != MIR_P_CREATE_VECTOR) continue;
      mir_instr *w = whole_operands(&c, b->instrs[i]);
      if (w) {
        b->instrs[i] = w;
        c.def[w->defs[0].temp.id] = w;
      }
      reuse_equal_create(&c, b, i);
    }
  }
  for (uint32_t bi = 0; bi < p->num_blocks; bi++)
    for (uint32_t i = 0; i < p->blocks[bi].num_instrs; i++) {
      rename_operands(&c, p->blocks[bi].instrs[i]);
      const_operands(&c, p->blocks[bi].instrs[i]);
    }
  delete_dead(&c);
  count_uses(&c);
  bool merged = false;
  for (uint32_t bi = 0; bi < p->num_blocks; bi++) merged |= merge_extracts(&c, &p->blocks[bi]);
  if (merged)
    for (uint32_t bi = 0; bi < p->num_blocks; bi++)
      for (uint32_t i = 0; i < p->blocks[bi].num_instrs; i++)
        if (p->blocks[bi].instrs[i]) rename_operands(&c, p->blocks[bi].instrs[i]);
  compact(p);
  narrow_copies(p, &tmp);
  arena_free(&tmp);
  p->live = NULL;
  return 0;
}
