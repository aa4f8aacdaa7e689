/* mem-merge, LDS: pairs into ds_read2/ds_write2 (and st64), nearer
 * bases for far offsets, and runs of b32 accesses widened to b64/b128
 * where alignment is proven (overview: mem_merge.c). */
#include <stdlib.h>
#include <string.h>

#include "passes/mem_merge.h"

/* ---- LDS ----------------------------------------------------------------- */

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

void mm_rebase_ds(mir_program *p) {
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

/* Integer address arithmetic whose result depends only on its operands'
 * values (no EXEC, SCC or cross-lane input): two such instructions with
 * the same operands compute the same address. */
static bool address_op(unsigned op) {
  switch (op) {
  case ISA_V_LSHLREV_B32: case ISA_V_ADD_U32: case ISA_V_SUB_U32: case ISA_V_SUBREV_U32: case ISA_V_ADD3_U32:
  case ISA_V_LSHL_ADD_U32: case ISA_V_LSHL_OR_B32: case ISA_V_OR_B32: case ISA_V_AND_B32: case ISA_V_MUL_U32_U24:
  case ISA_V_MAD_U32_U24: case ISA_V_MUL_LO_U32:
    return true;
  default:
    return false;
  }
}

/* Whether address temporaries a and b hold the same value wherever both
 * are read: the same temporary, or each the only result of an equal
 * address_op on the same operands. Selection computes an LDS address in
 * each block that uses it (`s[lid]` in every step of an unrolled tree
 * reduction: v_lshlrev_b32 2, lid each time), and cse is per block, so
 * `s[lid] + s[lid + st]` reads on two temporaries that are one value.
 * Both are read in the block being merged, under its EXEC, so every lane
 * that reads either computed both. */
static bool same_address(const ds_ctx *dc, uint32_t a, uint32_t b) {
  if (a == b) return true;
  if (a >= dc->nt || b >= dc->nt || dc->ndefs[a] != 1 || dc->ndefs[b] != 1) return false;
  const mir_instr *x = dc->defs[a], *y = dc->defs[b];
  if (!x || !y || x->opcode != y->opcode || !address_op(x->opcode) || x->num_defs != 1 || y->num_defs != 1 ||
      x->num_ops != y->num_ops || x->enc_flags != y->enc_flags || x->omod != y->omod || x->clamp != y->clamp ||
      x->defs[0].kind != MIR_OPND_TEMP || x->defs[0].temp.id != a || y->defs[0].temp.id != b ||
      x->defs[0].temp.rc != y->defs[0].temp.rc)
    return false;
  for (unsigned k = 0; k < x->num_ops; k++) {
    const mir_operand *o = &x->ops[k], *q = &y->ops[k];
    if (o->kind != q->kind || (o->flags ^ q->flags) & (uint8_t)~(MIR_OPND_KILL | MIR_OPND_LATE_KILL)) return false;
    if (o->kind == MIR_OPND_TEMP) {
      if (o->temp.id != q->temp.id || o->preg != MIR_PREG_NONE || (o->flags & MIR_OPND_FIXED_REG)) return false;
    } else if (o->kind != MIR_OPND_CONST || o->imm != q->imm) {
      return false;
    }
  }
  return true;
}

void mm_merge_ds(mir_program *p, mir_block *b, rewrite *rw, const ds_ctx *dc) {
  uint32_t psb = dc->psb;
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
          same_address(dc, y->ops[0].temp.id, x->ops[0].temp.id) && y->num_ops == x->num_ops &&
          (write || plain_temp_def(y)) &&
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
          rw->second[i] = mm_split_into(p, whole, parts, 2);
          rw->gone[j] = true;
        }
        break;
      }
      if (mm_mem_blocks(y, MIR_SP_LDS, write, psb)) break;
    }
  }
}

/* ---- LDS: wider reads and writes ------------------------------------------- */

/* The largest power of two (at most 2^16, the DS offset range) that
 * divides v; v == 0 gives 2^16. */
static uint32_t align_of(uint32_t v) {
  uint32_t a = v & (0u - v);
  return !a || a > 1u << 16 ? 1u << 16 : a;
}

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
 * (mm_mem_blocks). The b64 reads pair into ds_read2_b64 afterwards
 * (mm_merge_ds). */
static void widen_ds_at(mir_program *p, mir_block *b, rewrite *rw, uint32_t i, const ds_ctx *dc) {
  mir_instr *x = b->instrs[i];
  uint32_t pos[64];
  int32_t off[64];
  unsigned n = 0;
  pos[n] = i, off[n++] = x->offset;
  for (uint32_t j = i + 1; j < b->num_instrs && j < i + 64; j++) {
    mir_instr *y = b->instrs[j];
    if (ds_read32(y) && mm_untouched(rw, j) && y->ops[0].temp.id == x->ops[0].temp.id) {
      pos[n] = j, off[n++] = y->offset;
      continue;
    }
    if (mm_mem_blocks(y, MIR_SP_LDS, false, dc->psb)) break;
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
      rw->second[i] = mm_split_into(p, whole, parts, w);
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
 * one dword twice), and the tuple needs no moves (mm_stores_fit, as for
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
    if (ds_write32(y) && mm_untouched(rw, j) && y->ops[0].temp.id == x->ops[0].temp.id) {
      bool again = false;
      for (unsigned k = 0; k < ns; k++) again |= seen[k] == (uint32_t)y->offset;
      if (again) break;
      seen[ns++] = (uint32_t)y->offset;
      if (y->offset == r.hi) {
        r.parts[r.np] = y, r.pos[r.np++] = j, r.hi += 4;
        continue;
      }
    }
    if (mm_mem_blocks(y, MIR_SP_LDS, true, dc->psb)) break;
  }
  if (r.np < w) w = r.np >= 2 ? 2 : 0; /* a shorter run: its first two, 8-byte aligned */
  if (w < 2) return;
  r.np = w, r.hi = r.lo + 4 * (int32_t)w;
  uint32_t last = r.pos[w - 1];
  if (!mm_stores_fit(b, rw, &r, last, dc->vc)) return;
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

void mm_widen_ds(mir_program *p, mir_block *b, rewrite *rw, const ds_ctx *dc) {
  for (uint32_t i = 0; i < b->num_instrs; i++) {
    if (!mm_untouched(rw, i)) continue;
    if (ds_read32(b->instrs[i])) widen_ds_at(p, b, rw, i, dc);
    else if (ds_write32(b->instrs[i])) widen_ds_write(p, b, rw, i, dc);
  }
}
