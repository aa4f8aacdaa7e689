/* Merging of adjacent memory accesses (SSA machine IR, before liveness).
 *
 * Instruction selection emits one access per IR load or store: one
 * s_load_dword per kernel argument or __constant element, one ds_read_b32
 * per LDS element. The hardware reads up to 16 dwords with one scalar load
 * and two LDS elements with one ds_read2/ds_write2, which issues fewer
 * instructions and waits on fewer counter increments (llc-19's
 * SILoadStoreOptimizer does the same).
 *
 * Scalar loads (per block): s_load_dword..x8 from the same base temporary
 * (the kernarg pointer, a __constant base) at offsets that tile a range of
 * 2, 4, 8 or 16 dwords exactly become one s_load_dwordxN there, at the
 * first of them in the block, followed by a p_split_vector into their
 * original results (each load's place in the range a multiple of its size,
 * so the allocator keeps the pieces in the tuple's registers). A second
 * load of the same dwords becomes a copy of the first. Scalar loads read
 * memory that does not change during the kernel (kernarg segment, constant
 * and invariant memory: isel_mem.c's scalar_ok), so moving one up across
 * stores is safe. Under a small SGPR budget the tuples stay small (none
 * below 32 SGPRs, 4 dwords below 48, 8 below 64). No over-reading: only dwords some load read
 * are loaded.
 * Under such a budget the 8- and 16-dword loads isel selected are first
 * split to that cap (split_smem), so that they fit it too.
 * LDS (per block): two non-volatile ds_read_b32 (ds_read_b64) from the same address
 * temporary whose offsets are dword (qword) multiples below 256 become
 * ds_read2_b32 (ds_read2_b64), or the st64 forms for multiples of 64
 * elements, at the first read, when nothing between them writes LDS,
 * changes EXEC or waits at a barrier, and neither result goes into a
 * wider tuple (feeds_wide_vector); two ds_write_b32 (b64) likewise
 * become ds_write2 at the second write when nothing between them touches
 * LDS (or flat memory, which may be LDS) at all; scratch and global
 * accesses do not count (mir_mem_space). Equal offsets are left alone; accesses beyond the
 * 8-bit range first get a shared nearer base (rebase_ds). Encodings: offset0 |
 * offset1 << 8 in mir_instr.offset (Vega ISA guide, "DS" instruction
 * fields: two 8-bit offsets in elements, x64 for st64).
 * Wider LDS (per block, before the pairs, widen_ds): ds_read_b32 of 4
 * (2) consecutive dwords on one address temporary become ds_read_b128
 * (ds_read_b64) when the address is provably 16 (8)-byte aligned
 * (opnd_align follows the address's SSA definition: constants, shifts,
 * products, sums; a constant LDS address has base 0, isel_mem.c), and
 * ds_write_b32 likewise into ds_write_b128/b64 when the data tuple needs
 * no moves. The b64 accesses then pair into ds_read2_b64/ds_write2_b64.
 * None under a VGPR budget below VM_SMALL_VGPRS, none volatile.
 * Global and flat (per block, after the scalar loads and before LDS,
 * repeated while it finds more): dword loads/stores on the same address
 * registers (VGPR address and saddr temporaries, same encoding bits)
 * whose byte ranges touch become one dwordx2/x3/x4, as llc-19's
 * load-store vectorizer and SILoadStoreOptimizer give. Only accesses
 * isel marked "dwaligned" (IR alignment 4 or more) and not volatile
 * (glc) take part: without the unaligned access mode a multi-dword
 * access needs a dword-aligned address (llc-19 assumes that mode on
 * amdhsa and merges align-1 accesses too; wavecc keeps to what the IR
 * proves). Loads merge at the first, stores at the last; what may lie
 * between is in grow_run; stores merge only when that needs no moves
 * into the data tuple (stores_fit). Scratch stays per dword (swizzled,
 * element size 4).
 */
#include <stdlib.h>
#include <string.h>

#include "passes/passes.h"
#include "passes/ssa_rename.h"

typedef struct ld_cand {
  uint32_t pos;   /* index in the block */
  uint32_t base;  /* base temporary id */
  int32_t off;    /* bytes */
  unsigned dw;    /* dwords */
} ld_cand;

static unsigned smem_dwords(unsigned op) {
  switch (op) {
  case ISA_S_LOAD_DWORD: return 1;
  case ISA_S_LOAD_DWORDX2: return 2;
  case ISA_S_LOAD_DWORDX4: return 4;
  case ISA_S_LOAD_DWORDX8: return 8;
  default: return 0;
  }
}

static unsigned smem_op(unsigned dw) {
  return dw == 1 ? ISA_S_LOAD_DWORD : dw == 2 ? ISA_S_LOAD_DWORDX2 : dw == 4 ? ISA_S_LOAD_DWORDX4
       : dw == 8 ? ISA_S_LOAD_DWORDX8 : ISA_S_LOAD_DWORDX16;
}

static bool plain_temp_def(const mir_instr *ins) {
  return ins->num_defs == 1 && ins->defs[0].kind == MIR_OPND_TEMP && !(ins->defs[0].flags & MIR_OPND_FIXED_REG);
}

static int cmp_cand(const void *a, const void *b) {
  const ld_cand *x = a, *y = b;
  if (x->base != y->base) return x->base < y->base ? -1 : 1;
  if (x->off != y->off) return x->off < y->off ? -1 : 1;
  return x->pos < y->pos ? -1 : x->pos > y->pos;
}

/* Block rewriting: per old position, the instructions that replace it
 * (NULL, NULL: removed; the old one when untouched). */
typedef struct rewrite {
  mir_instr **first, **second;
  bool *gone;
} rewrite;

static void apply(mir_program *p, mir_block *b, rewrite *rw) {
  mir_instr **v = arena_alloc(p->mem, (2 * b->num_instrs + 1) * sizeof *v);
  uint32_t w = 0;
  for (uint32_t i = 0; i < b->num_instrs; i++) {
    if (rw->gone[i]) continue;
    if (!rw->first[i]) {
      v[w++] = b->instrs[i];
      continue;
    }
    v[w++] = rw->first[i];
    if (rw->second[i]) v[w++] = rw->second[i];
  }
  b->instrs = v;
  b->num_instrs = b->cap_instrs = w;
}

static mir_instr *split_into(mir_program *p, mir_temp whole, mir_instr **parts, unsigned n) {
  mir_instr *s = mir_instr_create(p, MIR_P_SPLIT_VECTOR, 1, n);
  s->ops[0] = mir_op_temp(whole);
  for (unsigned k = 0; k < n; k++) s->defs[k] = parts[k]->defs[0];
  return s;
}

/* ---- scalar loads -------------------------------------------------------- */

/* Under a small SGPR budget (cap below the load's dwords), a wide scalar
 * load of 8 or 16 dwords isel selected (s_load_dwordx16 of a uniform
 * float16, ...; pointer pairs stay whole) becomes
 * loads of cap dwords joined by a p_create_vector: fold-vectors then
 * renames the extracts to the parts, so each part lives only as long as
 * its own uses and the spiller can sink it to them (spill_sink.c); 16
 * SGPRs live at once do not fit a 24-SGPR budget. Volatile (glc) loads
 * stay whole: their number of accesses is the program's. */
static void split_smem(mir_program *p, mir_block *b, unsigned cap) {
  for (uint32_t i = 0; i < b->num_instrs; i++) {
    mir_instr *ins = b->instrs[i];
    unsigned dw = ins->opcode == ISA_S_LOAD_DWORDX16 ? 16 : smem_dwords(ins->opcode);
    if (dw < 8 || dw <= cap || ins->num_ops != 1 || ins->ops[0].kind != MIR_OPND_TEMP || !plain_temp_def(ins) ||
        mir_rc_size(ins->defs[0].temp.rc) != dw || (ins->enc_flags & MIR_ENC_GLC) || ins->offset < 0)
      continue;
    unsigned n = dw / cap;
    mir_instr *cv = mir_instr_create(p, MIR_P_CREATE_VECTOR, n, 1);
    cv->defs[0] = ins->defs[0];
    for (unsigned k = 0; k < n; k++) {
      mir_instr *ld = mir_instr_create(p, smem_op(cap), 1, 1);
      ld->ops[0] = ins->ops[0];
      ld->ops[0].flags &= (uint8_t)~(MIR_OPND_KILL | MIR_OPND_LATE_KILL);
      ld->offset = ins->offset + (int32_t)(4 * cap * k);
      ld->defs[0] = mir_op_temp(mir_new_temp(p, mir_rc_s(cap)));
      cv->ops[k] = ld->defs[0];
      if (k) mir_block_insert(p, b, i + k, ld);
      else b->instrs[i] = ld;
    }
    mir_block_insert(p, b, i + n, cv);
    i += n;
  }
}

static void merge_smem(mir_program *p, mir_block *b, rewrite *rw, unsigned cap) {
  ld_cand *c = malloc(b->num_instrs * sizeof *c);
  if (!c) return;
  unsigned n = 0;
  for (uint32_t i = 0; i < b->num_instrs; i++) {
    mir_instr *ins = b->instrs[i];
    unsigned dw = smem_dwords(ins->opcode);
    if (!dw || ins->num_ops != 1 || ins->ops[0].kind != MIR_OPND_TEMP || !plain_temp_def(ins) ||
        (ins->enc_flags & MIR_ENC_GLC) || ins->offset < 0 || ins->offset % 4)
      continue;
    c[n++] = (ld_cand){i, ins->ops[0].temp.id, ins->offset, dw};
  }
  qsort(c, n, sizeof *c, cmp_cand);
  /* the same dwords loaded again: a copy of the first (kept in c) */
  unsigned m = 0;
  for (unsigned i = 0; i < n; i++) {
    if (m && c[m - 1].base == c[i].base && c[m - 1].off == c[i].off && c[m - 1].dw == c[i].dw) {
      mir_instr *cp = mir_instr_create(p, MIR_P_COPY, 1, 1);
      cp->ops[0] = b->instrs[c[m - 1].pos]->defs[0];
      cp->ops[0].flags = 0;
      cp->defs[0] = b->instrs[c[i].pos]->defs[0];
      rw->first[c[i].pos] = cp;
      continue;
    }
    c[m++] = c[i];
  }
  n = m;
  for (unsigned i = 0; i < n;) {
    /* the longest run from c[i] that tiles 2, 4, 8 or 16 dwords */
    unsigned total = c[i].dw, best = i, best_total = 0;
    for (unsigned k = i + 1; k < n && c[k].base == c[i].base; k++) {
      if (c[k].off != c[i].off + 4 * (int32_t)total || total % c[k].dw || total + c[k].dw > cap) break;
      total += c[k].dw;
      if ((total & (total - 1)) == 0) best = k, best_total = total;
    }
    if (best == i) {
      i++;
      continue;
    }
    mir_instr *parts[16];
    unsigned np = 0;
    uint32_t first = UINT32_MAX;
    for (unsigned q = i; q <= best; q++) {
      parts[np++] = b->instrs[c[q].pos];
      if (c[q].pos < first) first = c[q].pos;
      rw->gone[c[q].pos] = true;
    }
    mir_temp whole = mir_new_temp(p, mir_rc_s(best_total));
    mir_instr *ld = mir_instr_create(p, smem_op(best_total), 1, 1);
    ld->ops[0] = parts[0]->ops[0];
    ld->ops[0].flags &= (uint8_t)~(MIR_OPND_KILL | MIR_OPND_LATE_KILL);
    ld->offset = c[i].off;
    ld->defs[0] = mir_op_temp(whole);
    rw->gone[first] = false;
    rw->first[first] = ld;
    rw->second[first] = split_into(p, whole, parts, np);
    i = best + 1;
  }
  free(c);
}

/* ---- LDS ----------------------------------------------------------------- */

/* Does `ins` order every memory access around it: a barrier, an EXEC
 * write, a wait, a branch, a cache write-back or invalidate, a call or
 * another pseudo that is not a plain copy? */
static bool mem_fence(const mir_instr *ins) {
  if (ins->opcode >= ISA_NUM_OPS) {
    switch (ins->opcode) {
    case MIR_P_COPY: case MIR_P_CREATE_VECTOR: case MIR_P_SPLIT_VECTOR: case MIR_P_EXTRACT: case MIR_P_PHI:
    case MIR_P_PARALLELCOPY:
      return false;
    default:
      return true;
    }
  }
  const isa_info *ii = &isa_table[ins->opcode];
  if (ii->flags & (ISA_F_BARRIER | ISA_F_WRITES_EXEC | ISA_F_BRANCH | ISA_F_TERMINATOR)) return true;
  if (ins->opcode == ISA_S_WAITCNT) return true;
  if ((ii->format == ISA_FMT_MUBUF || ii->format == ISA_FMT_FLAT || ii->format == ISA_FMT_GLOBAL) &&
      !(ii->flags & (ISA_F_LOAD | ISA_F_STORE | ISA_F_ATOMIC)))
    return true;
  for (unsigned k = 0; k < ins->num_defs; k++) {
    const mir_operand *d = &ins->defs[k];
    if ((d->kind == MIR_OPND_FIXED || (d->flags & MIR_OPND_FIXED_REG)) && d->preg == MIR_PREG_EXEC) return true;
  }
  return false;
}

/* Does `ins` stop moving an access of `space` across it: a fence, or a
 * write (for writes, `any_mem`: any access) that may alias the space? */
static bool mem_blocks(const mir_instr *ins, unsigned space, bool any_mem, uint32_t psb) {
  if (mem_fence(ins)) return true;
  unsigned s = mir_mem_space(ins, psb);
  if (!mir_may_alias(s, space)) return false;
  return any_mem || (isa_table[ins->opcode].flags & (ISA_F_STORE | ISA_F_ATOMIC));
}

/* The merged opcode and offset field for two accesses of `elem` bytes at
 * byte offsets a and b (a != b), or false. */
static bool ds_pair(bool write, unsigned elem, int32_t a, int32_t b, unsigned *op, int32_t *field) {
  if (a < 0 || b < 0 || a == b || a % (int32_t)elem || b % (int32_t)elem) return false;
  uint32_t ea = (uint32_t)a / elem, eb = (uint32_t)b / elem;
  bool st64 = false;
  if (ea > 255 || eb > 255) {
    if (ea % 64 || eb % 64 || ea / 64 > 255 || eb / 64 > 255) return false;
    ea /= 64, eb /= 64, st64 = true;
  }
  if (elem == 4) *op = write ? (st64 ? ISA_DS_WRITE2ST64_B32 : ISA_DS_WRITE2_B32) : (st64 ? ISA_DS_READ2ST64_B32 : ISA_DS_READ2_B32);
  else *op = write ? (st64 ? ISA_DS_WRITE2ST64_B64 : ISA_DS_WRITE2_B64) : (st64 ? ISA_DS_READ2ST64_B64 : ISA_DS_READ2_B64);
  *field = (int32_t)(ea | eb << 8);
  return true;
}

static unsigned ds_elem(unsigned op, bool *write) {
  *write = op == ISA_DS_WRITE_B32 || op == ISA_DS_WRITE_B64;
  if (op == ISA_DS_READ_B32 || op == ISA_DS_WRITE_B32) return 4;
  if (op == ISA_DS_READ_B64 || op == ISA_DS_WRITE_B64) return 8;
  return 0;
}

/* LDS accesses on one address temporary at offsets of 1 KiB and more
 * (an LDS variable placed after a tile: its base is in the offset field)
 * cannot pair: ds_read2's offsets are 8 bits of elements. When three or
 * more of one block lie in one 1020-byte window above such an offset m,
 * they take a new address, base + m, and pair from it (llc-19 keeps the
 * same kind of base). The v_add_u32 goes right after the base's own
 * definition, so it dominates every use, runs under the EXEC the base
 * was computed under and is not repeated in a loop that uses it; one
 * per (base, m) in the program. */
typedef struct rebase {
  uint32_t base, nb; /* temporary ids */
  int32_t m;
  mir_instr *add;
} rebase;

static bool in_window(const mir_instr *y, uint32_t base, int32_t m) {
  bool w;
  unsigned e = ds_elem(y->opcode, &w);
  return e && y->ops[0].kind == MIR_OPND_TEMP && y->ops[0].temp.id == base && y->offset >= m &&
         y->offset - m <= 1020 && (y->offset - m) % (int32_t)e == 0;
}

static void rebase_ds(mir_program *p) {
  rebase *rb = NULL;
  unsigned nrb = 0, cap = 0;
  for (uint32_t bi = 0; bi < p->num_blocks; bi++) {
    mir_block *b = &p->blocks[bi];
    for (uint32_t f = 0; f < b->num_instrs; f++) {
      mir_instr *x = b->instrs[f];
      bool w;
      if (!ds_elem(x->opcode, &w) || x->ops[0].kind != MIR_OPND_TEMP || x->offset < 1024) continue;
      uint32_t base = x->ops[0].temp.id;
      int32_t m = x->offset;
      unsigned n = 0;
      for (uint32_t g = f; g < b->num_instrs; g++) n += in_window(b->instrs[g], base, m);
      if (n < 3) continue;
      unsigned r = 0;
      while (r < nrb && !(rb[r].base == base && rb[r].m == m)) r++;
      if (r == nrb) {
        if (nrb == cap) {
          cap = cap ? 2 * cap : 8;
          rebase *t = realloc(rb, cap * sizeof *rb);
          if (!t) break;
          rb = t;
        }
        mir_temp nb = mir_new_temp(p, mir_rc_v(1));
        mir_instr *add = mir_instr_create(p, ISA_V_ADD_U32, 2, 1);
        add->ops[0] = mir_op_const((uint32_t)m);
        add->ops[1] = x->ops[0];
        add->ops[1].flags = 0;
        add->defs[0] = mir_op_temp(nb);
        rb[nrb++] = (rebase){base, nb.id, m, add};
      }
      for (uint32_t g = f; g < b->num_instrs; g++) {
        mir_instr *y = b->instrs[g];
        if (!in_window(y, base, m)) continue;
        y->ops[0].temp.id = rb[r].nb;
        y->ops[0].flags = 0;
        y->offset -= m;
      }
    }
  }
  /* the adds after their bases' definitions (after a block's phis) */
  for (unsigned r = 0; r < nrb; r++)
    for (uint32_t bi = 0; bi < p->num_blocks; bi++) {
      mir_block *b = &p->blocks[bi];
      uint32_t at = UINT32_MAX;
      for (uint32_t i = 0; i < b->num_instrs && at == UINT32_MAX; i++)
        for (unsigned k = 0; k < b->instrs[i]->num_defs; k++)
          if (b->instrs[i]->defs[k].kind == MIR_OPND_TEMP && b->instrs[i]->defs[k].temp.id == rb[r].base) at = i + 1;
      if (at == UINT32_MAX) continue;
      while (at < b->num_instrs && b->instrs[at]->opcode == MIR_P_PHI) at++;
      mir_block_insert(p, b, at, rb[r].add);
      break;
    }
  free(rb);
}

/* Does a result of the reads x or y (in block b from position i on) go
 * into a p_create_vector of more than two parts (the data of a wider
 * store)? Then a ds_read2 pair would cost moves: the allocator does not
 * place the pair's two registers inside that tuple, so each dword would
 * be copied (f_mem_intrinsics.cl's k_copy: four v_mov_b32 per
 * global_store_dwordx4 of LDS data), while single ds_read_b32 write the
 * tuple's registers directly. */
static bool feeds_wide_vector(const mir_block *b, uint32_t i, const mir_instr *x, const mir_instr *y) {
  uint32_t tx = x->defs[0].temp.id, ty = y->defs[0].temp.id;
  for (uint32_t k = i + 1; k < b->num_instrs; k++) {
    const mir_instr *u = b->instrs[k];
    if (u->opcode != MIR_P_CREATE_VECTOR || u->num_ops <= 2) continue;
    for (unsigned o = 0; o < u->num_ops; o++)
      if (u->ops[o].kind == MIR_OPND_TEMP && (u->ops[o].temp.id == tx || u->ops[o].temp.id == ty)) return true;
  }
  return false;
}

static void merge_ds(mir_program *p, mir_block *b, rewrite *rw, uint32_t psb) {
  for (uint32_t i = 0; i < b->num_instrs; i++) {
    mir_instr *x = b->instrs[i];
    bool write;
    unsigned elem = ds_elem(x->opcode, &write);
    /* glc marks a volatile access (isel_mem.c access_flags): LLVM keeps
     * the number and order of volatile accesses, so neither side pairs */
    if (!elem || rw->gone[i] || rw->first[i] || x->ops[0].kind != MIR_OPND_TEMP || (x->enc_flags & MIR_ENC_GLC))
      continue;
    if (write ? (x->num_ops != 2 || x->num_defs) : (x->num_ops != 1 || !plain_temp_def(x))) continue;
    for (uint32_t j = i + 1; j < b->num_instrs && j < i + 64; j++) {
      mir_instr *y = b->instrs[j];
      unsigned op;
      int32_t field;
      if (y->opcode == x->opcode && !rw->gone[j] && !rw->first[j] && !(y->enc_flags & MIR_ENC_GLC) &&
          y->ops[0].kind == MIR_OPND_TEMP &&
          y->ops[0].temp.id == x->ops[0].temp.id && y->num_ops == x->num_ops && (write || plain_temp_def(y)) &&
          ds_pair(write, elem, x->offset, y->offset, &op, &field)) {
        if (!write && feeds_wide_vector(b, i, x, y)) break;
        mir_instr *m = mir_instr_create(p, op, write ? 3 : 1, write ? 0 : 1);
        m->ops[0] = x->ops[0];
        m->ops[0].flags &= (uint8_t)~(MIR_OPND_KILL | MIR_OPND_LATE_KILL);
        m->offset = field;
        if (write) {
          m->ops[1] = x->ops[1];
          m->ops[2] = y->ops[1];
          rw->gone[i] = true;
          rw->first[j] = m;
        } else {
          mir_temp whole = mir_new_temp(p, mir_rc_v(2 * elem / 4));
          m->defs[0] = mir_op_temp(whole);
          mir_instr *parts[2] = {x, y};
          rw->first[i] = m;
          rw->second[i] = split_into(p, whole, parts, 2);
          rw->gone[j] = true;
        }
        break;
      }
      if (mem_blocks(y, MIR_SP_LDS, write, psb)) break;
    }
  }
}

/* ---- global and flat memory ---------------------------------------------- */

/* below this many VGPRs (a forced budget) merged tuples stay at 2 dwords */
#define VM_SMALL_VGPRS 16

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

static bool vm_access(const mir_instr *ins, vm_acc *a) {
  a->dw = vm_dwords(ins->opcode, &a->store, &a->family);
  if (!a->dw) return false;
  unsigned nops = a->store ? 2 : 1;
  const mir_operand *sa = ins->num_ops > nops ? &ins->ops[nops] : NULL;
  a->va = ins->ops[0].kind == MIR_OPND_TEMP ? ins->ops[0].temp.id : 0;
  a->saddr = sa && sa->kind == MIR_OPND_TEMP ? sa->temp.id : 0;
  a->lo = ins->offset;
  a->hi = ins->offset + 4 * (int32_t)a->dw;
  a->mergeable = a->va && (!sa || a->saddr) && (ins->enc_flags & MIR_ENC_DWALIGNED) &&
                 !(ins->enc_flags & (MIR_ENC_GLC | MIR_ENC_SLC)) &&
                 (a->store ? ins->num_defs == 0 && ins->ops[1].kind == MIR_OPND_TEMP : plain_temp_def(ins));
  return true;
}

/* Same address registers and encoding: the two ranges are exact offsets
 * from one address, so disjoint ranges never alias. */
static bool vm_same_base(const mir_instr *x, const vm_acc *a, const mir_instr *y, const vm_acc *b) {
  return a->family == b->family && a->va && a->va == b->va && a->saddr == b->saddr &&
         (x->num_ops - (a->store ? 2 : 1)) == (y->num_ops - (b->store ? 2 : 1)) &&
         ((x->enc_flags ^ y->enc_flags) & (uint16_t)~MIR_ENC_GLC) == 0;
}

/* The instructions now at position j (the replacement when rewritten). */
static unsigned at_pos(const mir_block *b, const rewrite *rw, uint32_t j, const mir_instr **out) {
  if (rw->gone[j]) return 0;
  if (!rw->first[j]) {
    out[0] = b->instrs[j];
    return 1;
  }
  out[0] = rw->first[j];
  out[1] = rw->second[j];
  return out[1] ? 2 : 1;
}

static bool untouched(const rewrite *rw, uint32_t j) { return !rw->gone[j] && !rw->first[j]; }

/* What the global/flat merge needs besides the block: the tuple size
 * cap in dwords, the private segment buffer temporary, and how many
 * operands read each temporary (ssa_count; ids at or above nuses are
 * new and read once). */
typedef struct vm_ctx {
  unsigned cap;
  uint32_t psb;
  const uint32_t *uses;
  uint32_t nuses;
} vm_ctx;

/* A run of accesses being merged: in offset order, covering [lo, hi). */
typedef struct vm_run {
  mir_instr *parts[4];
  uint32_t pos[4];
  unsigned np;
  int32_t lo, hi;
} vm_run;

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
    unsigned nn = at_pos(b, rw, j, now);
    bool stop = false;
    for (unsigned k = 0; k < nn && !stop; k++) {
      const mir_instr *y = now[k];
      vm_acc c;
      if (vm_access(y, &c) && vm_same_base(x, a, y, &c)) {
        if (c.store == a->store && c.mergeable && untouched(rw, j) && run_extends(r, &c, cap) &&
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
      if (mem_blocks(y, a->family ? MIR_SP_FLAT : MIR_SP_GLOBAL, a->store, vc->psb)) stop = true;
    }
    if (stop) break;
  }
  return last;
}

/* Moves the p_create_vector of a merged store's data will need: the
 * allocator places a value in the tuple's register when the tuple is its
 * last use, so a value read again after the store (here or in another
 * block), by another tuple, or twice in this one costs a v_mov_b32. */
static bool reads_temp(const mir_instr *u, uint32_t t) {
  for (unsigned o = 0; o < u->num_ops; o++)
    if (u->ops[o].kind == MIR_OPND_TEMP && u->ops[o].temp.id == t) return true;
  return false;
}

static unsigned store_copies(const mir_block *b, const rewrite *rw, const vm_run *r, uint32_t last, const vm_ctx *vc) {
  unsigned copies = 0;
  for (unsigned k = 0; k < r->np; k++) {
    uint32_t t = r->parts[k]->ops[1].temp.id;
    bool costly = false;
    for (unsigned m = 0; m < k; m++) costly |= r->parts[m]->ops[1].temp.id == t;
    /* here: reads in the block as it stands (this round's rewrites move
     * a store's read to its p_create_vector, so counts stay whole) */
    uint32_t here = 0;
    for (uint32_t q = 0; q < b->num_instrs && !costly; q++) {
      for (unsigned o = 0; o < b->instrs[q]->num_ops; o++)
        here += b->instrs[q]->ops[o].kind == MIR_OPND_TEMP && b->instrs[q]->ops[o].temp.id == t;
      const mir_instr *now[2];
      unsigned nn = at_pos(b, rw, q, now);
      for (unsigned v = 0; v < nn; v++) {
        const mir_instr *u = now[v];
        bool member = false;
        for (unsigned m = 0; m < r->np; m++) member |= u == r->parts[m];
        if (!member && reads_temp(u, t) && (q > last || u->opcode == MIR_P_CREATE_VECTOR)) costly = true;
      }
    }
    if (!costly && t < vc->nuses && vc->uses[t] > here) costly = true; /* read in another block */
    copies += costly;
  }
  return copies;
}

/* Is merging the stores of run r free of moves? Only dword values that
 * die in the tuple (store_copies 0): the allocator places such a value
 * in the tuple's register often enough, but not a 64-bit one, nor a value
 * live beyond the store. Measured on the 155 corpus files (static
 * instructions against main): all merges 66,130, this rule 65,952; with
 * "fewer moves than stores saved" instead, f_conv_int_sat.cl went from
 * 1.39 to 1.52 times llc-19's executed instructions. */
static bool stores_fit(const mir_block *b, const rewrite *rw, const vm_run *r, uint32_t last, const vm_ctx *vc) {
  for (unsigned k = 0; k < r->np; k++)
    if (mir_rc_size(r->parts[k]->ops[1].temp.rc) != 1) return false;
  return store_copies(b, rw, r, last, vc) == 0;
}

/* Merges the run from the global/flat access at i, if any: loads into one
 * load at i split into the old results, stores into one store at the
 * run's last position of the p_create_vector of their data, when that
 * needs no moves (stores_fit). */
static bool merge_vm_run(mir_program *p, mir_block *b, rewrite *rw, uint32_t i, const vm_ctx *vc) {
  mir_instr *x = b->instrs[i];
  vm_acc a;
  if (!vm_access(x, &a) || !a.mergeable || !untouched(rw, i)) return false;
  vm_run r = {{x}, {i}, 1, a.lo, a.hi};
  uint32_t last = grow_run(b, rw, i, &a, vc, &r);
  if (r.np < 2) return false;
  if (a.store && !stores_fit(b, rw, &r, last, vc)) return false;
  mir_instr *m = mir_instr_create(p, vm_opcode(a.family, a.store, (unsigned)(r.hi - r.lo) / 4), x->num_ops, !a.store);
  for (unsigned k = 0; k < x->num_ops; k++) {
    m->ops[k] = x->ops[k];
    m->ops[k].flags &= (uint8_t)~(MIR_OPND_KILL | MIR_OPND_LATE_KILL);
  }
  m->offset = r.lo;
  m->enc_flags = x->enc_flags;
  mir_temp whole = mir_new_temp(p, mir_rc_v((unsigned)(r.hi - r.lo) / 4));
  for (unsigned k = 0; k < r.np; k++) rw->gone[r.pos[k]] = true;
  if (!a.store) {
    m->defs[0] = mir_op_temp(whole);
    rw->gone[i] = false;
    rw->first[i] = m;
    rw->second[i] = split_into(p, whole, r.parts, r.np);
    return true;
  }
  mir_instr *cv = mir_instr_create(p, MIR_P_CREATE_VECTOR, r.np, 1);
  for (unsigned k = 0; k < r.np; k++) {
    cv->ops[k] = r.parts[k]->ops[1];
    cv->ops[k].flags &= (uint8_t)~(MIR_OPND_KILL | MIR_OPND_LATE_KILL);
  }
  cv->defs[0] = mir_op_temp(whole);
  m->ops[1] = mir_op_temp(whole);
  rw->gone[last] = false;
  rw->first[last] = cv;
  rw->second[last] = m;
  return true;
}

static bool merge_vm(mir_program *p, mir_block *b, rewrite *rw, const vm_ctx *vc) {
  bool any = false;
  for (uint32_t i = 0; i < b->num_instrs; i++)
    any |= merge_vm_run(p, b, rw, i, vc);
  return any;
}

/* ---- LDS: wider reads and writes ------------------------------------------- */

/* The largest power of two (at most 2^16, the DS offset range) that
 * divides v; v == 0 gives 2^16. */
static uint32_t align_of(uint32_t v) {
  uint32_t a = v & (0u - v);
  return !a || a > 1u << 16 ? 1u << 16 : a;
}

/* What widen_ds needs: SSA definitions (ids below nt; defs[t] counts
 * only when ndefs[t] is 1), the widest access in dwords (4, or 1: none
 * under a small VGPR budget, where even two b64 reads would pair into a
 * 4-dword ds_read2_b64) and the global merge's context (stores_fit). */
typedef struct ds_ctx {
  mir_instr *const *defs;
  const uint8_t *ndefs;
  uint32_t nt;
  unsigned cap;
  uint32_t psb;
  const vm_ctx *vc;
} ds_ctx;

/* A power of two that divides every lane's value of operand o (SSA defs
 * from ssa_count; 1 when nothing is known): constants, shifts left,
 * products and sums of such, as isel builds LDS addresses (isel_gep.c:
 * tile + row * stride, a zero base for a constant address). */
static uint32_t opnd_align(const mir_operand *o, const ds_ctx *dc, int depth) {
  if (o->kind == MIR_OPND_CONST) return align_of(o->imm);
  if (o->kind != MIR_OPND_TEMP || o->temp.id >= dc->nt || dc->ndefs[o->temp.id] != 1 || depth > 6) return 1;
  const mir_instr *d = dc->defs[o->temp.id];
  if (!d || d->num_defs != 1 || d->defs[0].kind != MIR_OPND_TEMP || d->defs[0].temp.id != o->temp.id) return 1;
  uint32_t a, b;
  switch (d->opcode) {
  case MIR_P_COPY: case ISA_V_MOV_B32: case ISA_S_MOV_B32:
    return d->num_ops == 1 ? opnd_align(&d->ops[0], dc, depth + 1) : 1;
  case ISA_V_LSHLREV_B32: /* ops: shift, value */
    if (d->ops[0].kind != MIR_OPND_CONST || d->ops[0].imm > 16) return 1;
    a = opnd_align(&d->ops[1], dc, depth + 1) << d->ops[0].imm;
    return a > 1u << 16 || !a ? 1u << 16 : a;
  case ISA_S_LSHL_B32: /* ops: value, shift */
    if (d->ops[1].kind != MIR_OPND_CONST || d->ops[1].imm > 16) return 1;
    a = opnd_align(&d->ops[0], dc, depth + 1) << d->ops[1].imm;
    return a > 1u << 16 || !a ? 1u << 16 : a;
  case ISA_V_MUL_LO_U32: case ISA_V_MUL_U32_U24: case ISA_S_MUL_I32:
    a = opnd_align(&d->ops[0], dc, depth + 1), b = opnd_align(&d->ops[1], dc, depth + 1);
    return (uint64_t)a * b > 1u << 16 ? 1u << 16 : a * b;
  case ISA_V_ADD_U32: case ISA_S_ADD_U32: case ISA_V_OR_B32: case ISA_S_OR_B32:
    a = opnd_align(&d->ops[0], dc, depth + 1), b = opnd_align(&d->ops[1], dc, depth + 1);
    return a < b ? a : b;
  case ISA_V_AND_B32: case ISA_S_AND_B32:
    a = opnd_align(&d->ops[0], dc, depth + 1), b = opnd_align(&d->ops[1], dc, depth + 1);
    return a > b ? a : b;
  case ISA_V_LSHL_ADD_U32: /* (ops[0] << ops[1]) + ops[2] */
    if (d->ops[1].kind != MIR_OPND_CONST || d->ops[1].imm > 16) return 1;
    a = opnd_align(&d->ops[0], dc, depth + 1) << d->ops[1].imm;
    a = a > 1u << 16 || !a ? 1u << 16 : a;
    b = opnd_align(&d->ops[2], dc, depth + 1);
    return a < b ? a : b;
  default:
    return 1;
  }
}


/* Non-volatile ds_read_b32 with a plain result on a temporary address:
 * a candidate for a wider read. */
static bool ds_read32(const mir_instr *x) {
  return x->opcode == ISA_DS_READ_B32 && x->num_ops == 1 && x->ops[0].kind == MIR_OPND_TEMP && plain_temp_def(x) &&
         !(x->enc_flags & MIR_ENC_GLC) && x->offset >= 0;
}

/* Reads of consecutive dwords on one address become one ds_read_b128
 * (ds_read_b64) when the address of the first is provably 16-byte
 * (8-byte) aligned: base alignment (opnd_align) and offset. llc-19 does
 * the same (its load-store vectorizer needs that alignment on gfx900
 * without unaligned access mode; ds_read_b96 needs 16 too and is left
 * out). The read goes at the first of them in the block (x at i, the
 * first candidate still untouched); nothing between may write LDS
 * (mem_blocks). The b64 reads pair into ds_read2_b64 afterwards
 * (merge_ds). */
static void widen_ds_at(mir_program *p, mir_block *b, rewrite *rw, uint32_t i, const ds_ctx *dc) {
  mir_instr *x = b->instrs[i];
  uint32_t pos[64];
  int32_t off[64];
  unsigned n = 0;
  pos[n] = i, off[n++] = x->offset;
  for (uint32_t j = i + 1; j < b->num_instrs && j < i + 64; j++) {
    mir_instr *y = b->instrs[j];
    if (ds_read32(y) && untouched(rw, j) && y->ops[0].temp.id == x->ops[0].temp.id) {
      pos[n] = j, off[n++] = y->offset;
      continue;
    }
    if (mem_blocks(y, MIR_SP_LDS, false, dc->psb)) break;
  }
  if (n < 2) return;
  uint32_t ba = opnd_align(&x->ops[0], dc, 0);
  for (unsigned w = dc->cap; w >= 2; w /= 2) {
    /* a run of w dwords containing x's, starting at an address aligned to w dwords */
    for (unsigned k = 0; k < w; k++) {
      int32_t s = x->offset - 4 * (int32_t)k;
      if (s < 0 || (ba < 4 * w) || align_of((uint32_t)s) < 4 * w) continue;
      mir_instr *parts[4];
      uint32_t pp[4];
      unsigned got = 0;
      for (unsigned e = 0; e < w; e++) {
        unsigned q = 0;
        while (q < n && off[q] != s + 4 * (int32_t)e) q++;
        if (q == n) break;
        parts[got] = b->instrs[pos[q]], pp[got++] = pos[q];
      }
      if (got != w) continue;
      bool wide = false;
      for (unsigned e = 0; e + 1 < w && !wide; e++) wide = feeds_wide_vector(b, i, parts[e], parts[e + 1]);
      if (wide) return;
      mir_instr *m = mir_instr_create(p, w == 4 ? ISA_DS_READ_B128 : ISA_DS_READ_B64, 1, 1);
      m->ops[0] = x->ops[0];
      m->ops[0].flags &= (uint8_t)~(MIR_OPND_KILL | MIR_OPND_LATE_KILL);
      m->offset = s;
      mir_temp whole = mir_new_temp(p, mir_rc_v(w));
      m->defs[0] = mir_op_temp(whole);
      for (unsigned e = 0; e < w; e++) rw->gone[pp[e]] = true;
      rw->gone[i] = false;
      rw->first[i] = m;
      rw->second[i] = split_into(p, whole, parts, w);
      return;
    }
  }
}

/* Non-volatile ds_write_b32 of a dword temporary on a temporary address. */
static bool ds_write32(const mir_instr *x) {
  return x->opcode == ISA_DS_WRITE_B32 && x->num_ops == 2 && !x->num_defs && x->ops[0].kind == MIR_OPND_TEMP &&
         x->ops[1].kind == MIR_OPND_TEMP && !(x->enc_flags & MIR_ENC_GLC) && x->offset >= 0;
}

/* Writes of consecutive dwords on one address, starting with x at i,
 * become one ds_write_b128 (ds_write_b64) of a p_create_vector of their
 * data at the last of them, when the first address is provably 16-byte
 * (8-byte) aligned, nothing between them accesses LDS at all (nor writes
 * one dword twice), and the tuple needs no moves (stores_fit, as for
 * global stores: otherwise ds_write2_b32, which takes two separate data
 * registers, is as short). x is the run's first write in the block and
 * its lowest address. */
static void widen_ds_write(mir_program *p, mir_block *b, rewrite *rw, uint32_t i, const ds_ctx *dc) {
  mir_instr *x = b->instrs[i];
  uint32_t ba = opnd_align(&x->ops[0], dc, 0);
  unsigned w = dc->cap;
  while (w >= 2 && (ba < 4 * w || align_of((uint32_t)x->offset) < 4 * w)) w /= 2;
  if (w < 2) return;
  vm_run r = {{x}, {i}, 1, x->offset, x->offset + 4};
  uint32_t seen[64];
  unsigned ns = 0;
  seen[ns++] = (uint32_t)x->offset;
  for (uint32_t j = i + 1; j < b->num_instrs && j < i + 64 && r.np < w; j++) {
    mir_instr *y = b->instrs[j];
    if (ds_write32(y) && untouched(rw, j) && y->ops[0].temp.id == x->ops[0].temp.id) {
      bool again = false;
      for (unsigned k = 0; k < ns; k++) again |= seen[k] == (uint32_t)y->offset;
      if (again) break;
      seen[ns++] = (uint32_t)y->offset;
      if (y->offset == r.hi) {
        r.parts[r.np] = y, r.pos[r.np++] = j, r.hi += 4;
        continue;
      }
    }
    if (mem_blocks(y, MIR_SP_LDS, true, dc->psb)) break;
  }
  if (r.np < w) w = r.np >= 2 ? 2 : 0; /* a shorter run: its first two, 8-byte aligned */
  if (w < 2) return;
  r.np = w, r.hi = r.lo + 4 * (int32_t)w;
  uint32_t last = r.pos[w - 1];
  if (!stores_fit(b, rw, &r, last, dc->vc)) return;
  mir_instr *cv = mir_instr_create(p, MIR_P_CREATE_VECTOR, w, 1);
  for (unsigned k = 0; k < w; k++) {
    cv->ops[k] = r.parts[k]->ops[1];
    cv->ops[k].flags &= (uint8_t)~(MIR_OPND_KILL | MIR_OPND_LATE_KILL);
    rw->gone[r.pos[k]] = true;
  }
  mir_temp whole = mir_new_temp(p, mir_rc_v(w));
  cv->defs[0] = mir_op_temp(whole);
  mir_instr *m = mir_instr_create(p, w == 4 ? ISA_DS_WRITE_B128 : ISA_DS_WRITE_B64, 2, 0);
  m->ops[0] = x->ops[0];
  m->ops[0].flags &= (uint8_t)~(MIR_OPND_KILL | MIR_OPND_LATE_KILL);
  m->ops[1] = mir_op_temp(whole);
  m->offset = x->offset;
  rw->gone[last] = false;
  rw->first[last] = cv;
  rw->second[last] = m;
}

static void widen_ds(mir_program *p, mir_block *b, rewrite *rw, const ds_ctx *dc) {
  for (uint32_t i = 0; i < b->num_instrs; i++) {
    if (!untouched(rw, i)) continue;
    if (ds_read32(b->instrs[i])) widen_ds_at(p, b, rw, i, dc);
    else if (ds_write32(b->instrs[i])) widen_ds_write(p, b, rw, i, dc);
  }
}

int mir_mem_merge(mir_program *p, diag *d) {
  (void)d;
  /* a forced small SGPR budget leaves the allocator little room for
   * aligned tuples (8/24: a 4-aligned s4 beside spilled pairs fragments
   * the file): smaller merges there, and none below 32 SGPRs, where the
   * spiller sinks each kernel-argument load to the block that reads it
   * (spill_sink.c; a merged pair would keep both in the entry) */
  unsigned budget = p->abi.num_sgprs_budget;
  unsigned cap = !budget || budget >= 64 ? 16 : budget >= 48 ? 8 : budget >= 32 ? 4 : 1;
  /* global/flat tuples: at most 4 dwords; 2 under a small VGPR budget */
  unsigned vcap = p->abi.num_vgprs_budget && p->abi.num_vgprs_budget < VM_SMALL_VGPRS ? 2 : 4;
  uint32_t psb = mir_private_buffer(p);
  rebase_ds(p); /* first: its new bases get definitions ssa_count sees */
  uint32_t nt = p->num_temps;
  mir_instr **defs = calloc(nt ? nt : 1, sizeof *defs);
  uint8_t *ndefs = calloc(nt ? nt : 1, 1);
  uint32_t *uses = calloc(nt ? nt : 1, sizeof *uses);
  if (!defs || !ndefs || !uses) nt = 0;
  else ssa_count(p, nt, defs, ndefs, uses);
  vm_ctx vc = {vcap, psb, uses, nt};
  ds_ctx dc = {defs, ndefs, nt, vcap == 4 ? 4 : 1, psb, &vc};
  for (uint32_t bi = 0; bi < p->num_blocks; bi++) {
    mir_block *b = &p->blocks[bi];
    /* round 0: scalar loads; 1..3: global/flat, again while a merge
     * makes a new neighbour (0+4, 8, 12 in that order: 0..8, then 8 and
     * 0..8 and 12); 4: wider LDS reads; 5: LDS pairs */
    bool more = true;
    split_smem(p, b, cap);
    for (unsigned round = 0; round < 6 && b->num_instrs; round++) {
      if (!more && round < 4) continue;
      rewrite rw;
      rw.first = calloc(b->num_instrs, sizeof *rw.first);
      rw.second = calloc(b->num_instrs, sizeof *rw.second);
      rw.gone = calloc(b->num_instrs, sizeof *rw.gone);
      if (rw.first && rw.second && rw.gone) {
        if (round == 0) merge_smem(p, b, &rw, cap);
        else if (round < 4) more = merge_vm(p, b, &rw, &vc);
        else if (round == 4) widen_ds(p, b, &rw, &dc);
        else merge_ds(p, b, &rw, psb); /* last: it sees the stores' p_create_vector (feeds_wide_vector) */
        apply(p, b, &rw);
      }
      free(rw.first);
      free(rw.second);
      free(rw.gone);
    }
  }
  free(defs);
  free(ndefs);
  free(uses);
  return 0;
}
