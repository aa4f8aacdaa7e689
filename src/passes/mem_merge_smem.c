/* mem-merge, scalar loads: s_load_dword.. of one base merged into
 * s_load_dwordxN, and split to a small SGPR budget's cap (overview:
 * mem_merge.c). */
#include <stdlib.h>
#include <string.h>

#include "passes/mem_merge.h"

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

static int cmp_cand(const void *a, const void *b) {
  const ld_cand *x = a, *y = b;
  if (x->base != y->base) return x->base < y->base ? -1 : 1;
  if (x->off != y->off) return x->off < y->off ? -1 : 1;
  return x->pos < y->pos ? -1 : x->pos > y->pos;
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
void mm_split_smem(mir_program *p, mir_block *b, unsigned cap) {
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

void mm_merge_smem(mir_program *p, mir_block *b, rewrite *rw, unsigned cap) {
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
    rw->second[first] = mm_split_into(p, whole, parts, np);
    i = best + 1;
  }
  free(c);
}
