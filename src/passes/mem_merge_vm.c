/* mem-merge, global and flat memory: dword accesses on one address
 * whose byte ranges touch become dwordx2..x4 (overview: mem_merge.c). */
#include <stdlib.h>
#include <string.h>

#include "passes/mem_merge.h"

/* ---- global and flat memory ---------------------------------------------- */

/* A global or flat access of whole dwords: its dwords (0 if not one),
 * whether it stores, and its family (0 global, 1 flat). */
static unsigned vm_dwords(unsigned op, bool *store, unsigned *family) {
  static const unsigned tab[][3] = {
    {ISA_GLOBAL_LOAD_DWORD, 1, 0}, {ISA_GLOBAL_LOAD_DWORDX2, 2, 0}, {ISA_GLOBAL_LOAD_DWORDX3, 3, 0},
    {ISA_GLOBAL_LOAD_DWORDX4, 4, 0}, {ISA_GLOBAL_STORE_DWORD, 1, 2}, {ISA_GLOBAL_STORE_DWORDX2, 2, 2},
    {ISA_GLOBAL_STORE_DWORDX3, 3, 2}, {ISA_GLOBAL_STORE_DWORDX4, 4, 2}, {ISA_FLAT_LOAD_DWORD, 1, 1},
    {ISA_FLAT_LOAD_DWORDX2, 2, 1}, {ISA_FLAT_LOAD_DWORDX3, 3, 1}, {ISA_FLAT_LOAD_DWORDX4, 4, 1},
    {ISA_FLAT_STORE_DWORD, 1, 3}, {ISA_FLAT_STORE_DWORDX2, 2, 3}, {ISA_FLAT_STORE_DWORDX3, 3, 3},
    {ISA_FLAT_STORE_DWORDX4, 4, 3},
  };
  for (unsigned i = 0; i < sizeof tab / sizeof tab[0]; i++)
    if (tab[i][0] == op) {
      *store = tab[i][2] & 2;
      *family = tab[i][2] & 1;
      return tab[i][1];
    }
  return 0;
}

static unsigned vm_opcode(unsigned family, bool store, unsigned dw) {
  static const unsigned tab[2][2][4] = {
    {{ISA_GLOBAL_LOAD_DWORD, ISA_GLOBAL_LOAD_DWORDX2, ISA_GLOBAL_LOAD_DWORDX3, ISA_GLOBAL_LOAD_DWORDX4},
     {ISA_GLOBAL_STORE_DWORD, ISA_GLOBAL_STORE_DWORDX2, ISA_GLOBAL_STORE_DWORDX3, ISA_GLOBAL_STORE_DWORDX4}},
    {{ISA_FLAT_LOAD_DWORD, ISA_FLAT_LOAD_DWORDX2, ISA_FLAT_LOAD_DWORDX3, ISA_FLAT_LOAD_DWORDX4},
     {ISA_FLAT_STORE_DWORD, ISA_FLAT_STORE_DWORDX2, ISA_FLAT_STORE_DWORDX3, ISA_FLAT_STORE_DWORDX4}},
  };
  return tab[family][store][dw - 1];
}

/* One global/flat access as mem-merge sees it: the address operands
 * (VGPR address, SGPR base or 0) and the byte range it touches. */
typedef struct vm_acc {
  unsigned dw, family;
  bool store, mergeable; /* mergeable: dword-aligned, not volatile, plain operands */
  uint32_t va, saddr;
  int32_t lo, hi;
} vm_acc;

static bool vm_access(const mir_instr *ins, vm_acc *a, const vm_ctx *vc) {
  a->dw = vm_dwords(ins->opcode, &a->store, &a->family);
  if (!a->dw) return false;
  unsigned nops = a->store ? 2 : 1;
  const mir_operand *sa = ins->num_ops > nops ? &ins->ops[nops] : NULL;
  a->va = ins->ops[0].kind == MIR_OPND_TEMP ? ins->ops[0].temp.id : 0;
  a->saddr = sa && sa->kind == MIR_OPND_TEMP ? sa->temp.id : 0;
  a->lo = ins->offset;
  a->hi = ins->offset + 4 * (int32_t)a->dw;
  /* Not dword-aligned: merged only where the GPU accesses global memory
   * at any byte address (llc-19 merges a <2 x half> store at align 2 with
   * the dwordx2 after it into one b96, tests/kernels/f_frem_const.ll);
   * same-base parts lie at dword multiples from one address, so one
   * aligned part means all are. Not flat: it may reach LDS or scratch. */
  bool aligned = (ins->enc_flags & MIR_ENC_DWALIGNED) || (a->family == 0 && vc->unaligned_global);
  a->mergeable = a->va && (!sa || a->saddr) && aligned &&
                 !(ins->enc_flags & MIR_ENC_ORDERED_MASK) &&
                 (a->store ? ins->num_defs == 0 && ins->ops[1].kind == MIR_OPND_TEMP : plain_temp_def(ins));
  return true;
}

/* Same address registers and encoding: the two ranges are exact offsets
 * from one address, so disjoint ranges never alias. */
static bool vm_same_base(const mir_instr *x, const vm_acc *a, const mir_instr *y, const vm_acc *b, const vm_ctx *vc) {
  uint16_t ignore = MIR_ENC_GLC | (a->family == 0 && vc->unaligned_global ? MIR_ENC_DWALIGNED : 0);
  return a->family == b->family && a->va && a->va == b->va && a->saddr == b->saddr &&
         (x->num_ops - (a->store ? 2 : 1)) == (y->num_ops - (b->store ? 2 : 1)) &&
         ((x->enc_flags ^ y->enc_flags) & (uint16_t)~ignore) == 0;
}

static bool run_extends(const vm_run *r, const vm_acc *c, unsigned cap) {
  return (c->lo == r->hi || c->hi == r->lo) && (unsigned)(c->hi - c->lo + r->hi - r->lo) <= 4 * cap;
}

static void run_add(vm_run *r, mir_instr *ins, uint32_t j, const vm_acc *c) {
  unsigned at = c->lo == r->hi ? r->np : 0;
  memmove(r->parts + at + 1, r->parts + at, (r->np - at) * sizeof *r->parts);
  memmove(r->pos + at + 1, r->pos + at, (r->np - at) * sizeof *r->pos);
  r->parts[at] = ins, r->pos[at] = j, r->np++;
  if (c->lo == r->hi) r->hi = c->hi;
  else r->lo = c->lo;
}

/* Grows a run from the access x at i over later accesses of the same
 * base and kind that extend its range to at most `cap` dwords.
 * Loads move up to x: no write that may alias may lie on the way, and a
 * same-base store on the way keeps out only the words it writes.
 * Stores move down to the last of them: nothing on the way may read or
 * write what the moved stores write (no fence, no access of unknown
 * address, same-base accesses only outside the range gathered so far).
 * Returns the position of the run's last access. */
static uint32_t grow_run(const mir_block *b, const rewrite *rw, uint32_t i, const vm_acc *a, const vm_ctx *vc,
                         vm_run *r) {
  unsigned cap = vc->cap;
  const mir_instr *x = b->instrs[i];
  int32_t blo = INT32_MAX, bhi = INT32_MIN; /* loads: what same-base stores on the way write */
  uint32_t last = i;
  for (uint32_t j = i + 1; j < b->num_instrs && j < i + 64 && (unsigned)(r->hi - r->lo) < 4 * cap; j++) {
    const mir_instr *now[2];
    unsigned nn = mm_at_pos(b, rw, j, now);
    bool stop = false;
    for (unsigned k = 0; k < nn && !stop; k++) {
      const mir_instr *y = now[k];
      vm_acc c;
      if (vm_access(y, &c, vc) && vm_same_base(x, a, y, &c, vc)) {
        if (c.store == a->store && c.mergeable && mm_untouched(rw, j) && run_extends(r, &c, cap) &&
            (c.hi <= blo || c.lo >= bhi)) {
          run_add(r, b->instrs[j], j, &c);
          last = j;
        } else if (a->store) {
          stop = c.lo < r->hi && c.hi > r->lo;
        } else if (c.store) {
          blo = c.lo < blo ? c.lo : blo;
          bhi = c.hi > bhi ? c.hi : bhi;
        }
        continue;
      }
      if (mm_mem_blocks(y, a->family ? MIR_SP_FLAT : MIR_SP_GLOBAL, a->store, vc->psb)) stop = true;
    }
    if (stop) break;
  }
  return last;
}

/* The dwords a merged store writes, in address order: each part's data
 * dword, or, for a part whose data tuple a p_create_vector of dwords in
 * this block builds for that store alone (isel's x2 store of two values,
 * an earlier round's merge), that vector's operands; the vector is then
 * absorbed (it goes with the merge). Without this an x2 store beside an
 * x1 store stayed two stores (tests/kernels/f_ndrange_3d.cl: llc-19 stores
 * dwordx3 there). */
typedef struct vm_data {
  mir_operand el[4];
  bool absorbed[4]; /* el[k] came from an absorbed vector */
  unsigned n;
  uint32_t cvpos[4]; /* the absorbed vectors' positions */
  const mir_instr *cv[4];
  unsigned ncv;
} vm_data;

/* The p_create_vector of dword temporaries defining `t` in the block
 * before position `at` (untouched, within 64 instructions), with its
 * position in *pos; NULL if none. */
static const mir_instr *tuple_def(const mir_block *b, const rewrite *rw, uint32_t at, uint32_t t, uint32_t *pos) {
  for (uint32_t j = at; j-- > 0 && j + 64 > at;) {
    const mir_instr *u = b->instrs[j];
    bool defines = false;
    for (unsigned d = 0; d < u->num_defs; d++)
      defines |= u->defs[d].kind == MIR_OPND_TEMP && u->defs[d].temp.id == t;
    if (!defines) continue;
    if (!mm_untouched(rw, j) || u->opcode != MIR_P_CREATE_VECTOR || u->num_defs != 1) return NULL;
    for (unsigned o = 0; o < u->num_ops; o++)
      if (u->ops[o].kind != MIR_OPND_TEMP || mir_rc_size(u->ops[o].temp.rc) != 1) return NULL;
    *pos = j;
    return u;
  }
  return NULL;
}

static bool store_data(const mir_block *b, const rewrite *rw, const vm_run *r, const vm_ctx *vc, vm_data *d) {
  d->n = d->ncv = 0;
  for (unsigned k = 0; k < r->np; k++) {
    const mir_operand *op = &r->parts[k]->ops[1];
    unsigned size = mir_rc_size(op->temp.rc);
    if (size == 1) {
      d->absorbed[d->n] = false;
      d->el[d->n++] = *op;
      continue;
    }
    uint32_t t = op->temp.id, at;
    const mir_instr *cv = tuple_def(b, rw, r->pos[k], t, &at);
    if (!cv || cv->num_ops != size || t >= vc->nuses || vc->uses[t] != 1 || d->n + size > 4) return false;
    d->cv[d->ncv] = cv;
    d->cvpos[d->ncv++] = at;
    for (unsigned o = 0; o < size; o++) {
      d->absorbed[d->n] = true;
      d->el[d->n++] = cv->ops[o];
    }
  }
  return true;
}

/* Counts the v_mov_b32 the p_create_vector of a merged store's data will
 * need: the allocator places a value in the tuple's register when the
 * tuple is its last use, so a value read again after the store (here or
 * in another block), by another tuple, or twice in this one costs a
 * v_mov_b32. A dword of an absorbed vector costs what it cost there (the
 * new tuple replaces that one): nothing new, unless it repeats. */
static bool reads_temp(const mir_instr *u, uint32_t t) {
  for (unsigned o = 0; o < u->num_ops; o++)
    if (u->ops[o].kind == MIR_OPND_TEMP && u->ops[o].temp.id == t) return true;
  return false;
}

static unsigned store_copies(const mir_block *b, const rewrite *rw, const vm_run *r, const vm_data *dd, uint32_t last,
                             const vm_ctx *vc) {
  unsigned copies = 0;
  for (unsigned k = 0; k < dd->n; k++) {
    uint32_t t = dd->el[k].temp.id;
    bool costly = false;
    for (unsigned m = 0; m < k; m++) costly |= dd->el[m].temp.id == t;
    if (dd->absorbed[k]) {
      copies += costly;
      continue;
    }
    /* here: reads in the block as it stands (this round's rewrites move
     * a store's read to its p_create_vector, so counts stay whole) */
    uint32_t here = 0;
    for (uint32_t q = 0; q < b->num_instrs && !costly; q++) {
      for (unsigned o = 0; o < b->instrs[q]->num_ops; o++)
        here += b->instrs[q]->ops[o].kind == MIR_OPND_TEMP && b->instrs[q]->ops[o].temp.id == t;
      const mir_instr *now[2];
      unsigned nn = mm_at_pos(b, rw, q, now);
      for (unsigned v = 0; v < nn; v++) {
        const mir_instr *u = now[v];
        bool member = false;
        for (unsigned m = 0; m < r->np; m++) member |= u == r->parts[m];
        for (unsigned m = 0; m < dd->ncv; m++) member |= u == dd->cv[m];
        if (!member && reads_temp(u, t) && (q > last || u->opcode == MIR_P_CREATE_VECTOR)) costly = true;
      }
    }
    if (!costly && t < vc->nuses && vc->uses[t] > here) costly = true; /* read in another block */
    copies += costly;
  }
  return copies;
}

/* Is merging the stores of run r free of moves? Only dword values that
 * die in the tuple (store_copies 0), or tuples absorbed whole
 * (store_data): the allocator places such a value in the tuple's register
 * often enough, but not a 64-bit one, nor a value live beyond the store.
 * Measured on the 155 corpus files (static instructions against main):
 * all merges 66,130, this rule 65,952; with "fewer moves than stores
 * saved" instead, f_conv_int_sat.cl went from 1.39 to 1.52 times llc-19's
 * executed instructions. */
bool mm_stores_fit(const mir_block *b, const rewrite *rw, const vm_run *r, uint32_t last, const vm_ctx *vc) {
  vm_data dd;
  return store_data(b, rw, r, vc, &dd) && store_copies(b, rw, r, &dd, last, vc) == 0;
}

/* Merges the run from the global/flat access at i, if any: loads into one
 * load at i split into the old results, stores into one store at the
 * run's last position of the p_create_vector of their data, when that
 * needs no moves (mm_stores_fit). */
static bool merge_vm_run(mir_program *p, mir_block *b, rewrite *rw, uint32_t i, const vm_ctx *vc) {
  mir_instr *x = b->instrs[i];
  vm_acc a;
  if (!vm_access(x, &a, vc) || !a.mergeable || !mm_untouched(rw, i)) return false;
  vm_run r = {{x}, {i}, 1, a.lo, a.hi};
  uint32_t last = grow_run(b, rw, i, &a, vc, &r);
  if (r.np < 2) return false;
  if (a.store && !mm_stores_fit(b, rw, &r, last, vc)) return false;
  mir_instr *m = mir_instr_create(p, vm_opcode(a.family, a.store, (unsigned)(r.hi - r.lo) / 4), x->num_ops, !a.store);
  for (unsigned k = 0; k < x->num_ops; k++) {
    m->ops[k] = x->ops[k];
    m->ops[k].flags &= (uint8_t)~(MIR_OPND_KILL | MIR_OPND_LATE_KILL);
  }
  m->offset = r.lo;
  m->enc_flags = x->enc_flags;
  for (unsigned k = 0; k < r.np; k++) m->enc_flags |= r.parts[k]->enc_flags & MIR_ENC_DWALIGNED; /* one is: all are */
  mir_temp whole = mir_new_temp(p, mir_rc_v((unsigned)(r.hi - r.lo) / 4));
  for (unsigned k = 0; k < r.np; k++) rw->gone[r.pos[k]] = true;
  if (!a.store) {
    m->defs[0] = mir_op_temp(whole);
    rw->gone[i] = false;
    rw->first[i] = m;
    rw->second[i] = mm_split_into(p, whole, r.parts, r.np);
    return true;
  }
  vm_data dd;
  store_data(b, rw, &r, vc, &dd); /* succeeded in mm_stores_fit */
  for (unsigned k = 0; k < dd.ncv; k++) rw->gone[dd.cvpos[k]] = true;
  mir_instr *cv = mir_instr_create(p, MIR_P_CREATE_VECTOR, dd.n, 1);
  for (unsigned k = 0; k < dd.n; k++) {
    cv->ops[k] = dd.el[k];
    cv->ops[k].flags &= (uint8_t)~(MIR_OPND_KILL | MIR_OPND_LATE_KILL);
  }
  cv->defs[0] = mir_op_temp(whole);
  m->ops[1] = mir_op_temp(whole);
  rw->gone[last] = false;
  rw->first[last] = cv;
  rw->second[last] = m;
  return true;
}

bool mm_merge_vm(mir_program *p, mir_block *b, rewrite *rw, const vm_ctx *vc) {
  bool any = false;
  for (uint32_t i = 0; i < b->num_instrs; i++)
    any |= merge_vm_run(p, b, rw, i, vc);
  return any;
}
