/* MFMA hazards: s_nop before an instruction that depends on a matrix
 * FMA (v_mfma_*) sooner than the MFMA's passes allow, and before an MFMA
 * that reads what a plain VALU has just written (CDNA 2 ISA guide, 7.6
 * "Dependency Resolution: Required Independent Instructions"; CDNA 3 ISA
 * guide, the same section; LLVM GCNHazardRecognizer::checkMAIHazards90A
 * and checkMAIVALUHazards, which llc-19 applies to gfx90a and gfx942).
 * The wait states of each rule are the target's (wavecc_mfma_wait,
 * target_mfma.c). Rules, earlier instruction -> later one:
 *   - MFMA writes D -> a VALU or a VMEM/FLAT/DS instruction reads it,
 *     or overwrites it (WAW);
 *   - MFMA reads C -> a VALU/memory instruction overwrites it (WAR);
 *   - MFMA writes D -> an MFMA reads it as A/B, or as C (exactly D:
 *     accumulation, mostly free; overlapping: the passes);
 *   - a plain VALU writes a VGPR or EXEC -> an MFMA reads it;
 *   - a DGEMM -> v_fma_f64 / v_fmac_f64; on gfx90a a VALU write -> a
 *     memory read of it with a DGEMM between.
 * Like the gfx9 hazards pass, the search looks back through the block and
 * its linear predecessors, each instruction counting one wait state and
 * s_nop N counting N+1; the largest shortfall becomes s_nop (at most 8
 * wait states each, as llc-19's insertNoops). Where one rule of LLVM
 * looks only at the nearest earlier writer, this takes the largest need
 * over all earlier instructions in the window (never fewer wait states).
 * A program without MFMA instructions is left as it is.
 */
#include "passes/passes.h"
#include "target/target.h"

static bool overlaps(const mir_operand *a, const mir_operand *b) {
  mir_preg ra, rb;
  unsigned na, nb;
  mir_opnd_units(a, &ra, &na);
  mir_opnd_units(b, &rb, &nb);
  return na && nb && ra < rb + nb && rb < ra + na;
}

static bool same_regs(const mir_operand *a, const mir_operand *b) {
  mir_preg ra, rb;
  unsigned na, nb;
  mir_opnd_units(a, &ra, &na);
  mir_opnd_units(b, &rb, &nb);
  return na && ra == rb && na == nb;
}

static bool defs_overlap(const mir_instr *i, const mir_operand *o) {
  for (unsigned k = 0; k < i->num_defs; k++)
    if (overlaps(&i->defs[k], o)) return true;
  return false;
}

typedef struct mfma_ctx {
  const wavecc_target *t;
} mfma_ctx;

static bool is_valu(const mir_instr *i) { return isa_fmt_valu(isa_table[i->opcode].format); }
static bool is_mem(const mir_instr *i) {
  isa_format f = isa_table[i->opcode].format;
  return isa_fmt_vmem(f) || f == ISA_FMT_DS;
}

static unsigned at_least(unsigned a, unsigned b) { return a > b ? a : b; }

/* Wait states `cons` (an MFMA with timing *cm) needs after `prod`. */
static unsigned need_for_mfma(const mfma_ctx *x, const mir_instr *prod, const wavecc_mfma_info *pm,
                              const mir_instr *cons, const wavecc_mfma_info *cm) {
  unsigned need = 0;
  if (!pm && is_valu(prod) && mir_writes_exec(prod)) need = wavecc_mfma_wait(x->t, NULL, WAVECC_MFMA_AFTER_VALU_EXEC, cm);
  for (unsigned k = 0; k < cons->num_ops && k < 3; k++) {
    const mir_operand *u = &cons->ops[k];
    if (!pm) {
      if (is_valu(prod) && defs_overlap(prod, u)) need = at_least(need, wavecc_mfma_wait(x->t, NULL, WAVECC_MFMA_AFTER_VALU_WRITE, cm));
      continue;
    }
    if (!overlaps(&prod->defs[0], u)) continue;
    wavecc_mfma_dep dep = k < 2 ? WAVECC_MFMA_SRCAB_READ
                                : same_regs(&prod->defs[0], u) ? WAVECC_MFMA_SRCC_FULL : WAVECC_MFMA_SRCC_PARTIAL;
    need = at_least(need, wavecc_mfma_wait(x->t, pm, dep, cm));
  }
  return need;
}

/* Wait states a VALU or memory instruction `cons` needs after `prod`;
 * dgemm_between: a DGEMM lies between them (or is prod). */
static unsigned need_for_other(const mfma_ctx *x, const mir_instr *prod, const wavecc_mfma_info *pm,
                               const mir_instr *cons, bool dgemm_between) {
  unsigned need = 0;
  bool mem = is_mem(cons);
  for (unsigned k = 0; k < cons->num_ops; k++) {
    const mir_operand *u = &cons->ops[k];
    if (pm && overlaps(&prod->defs[0], u))
      need = at_least(need, wavecc_mfma_wait(x->t, pm, mem ? WAVECC_MFMA_MEM_READ : WAVECC_MFMA_VALU_READ, NULL));
    if (mem && dgemm_between && is_valu(prod) && defs_overlap(prod, u)) {
      mir_preg r;
      unsigned n;
      mir_opnd_units(u, &r, &n);
      if (r >= MIR_PREG_VGPR(0)) need = at_least(need, wavecc_mfma_wait(x->t, NULL, WAVECC_MFMA_VMEM_AFTER_VALU_DGEMM, NULL));
    }
  }
  if (pm && pm->dgemm && (cons->opcode == ISA_V_FMA_F64 || cons->opcode == ISA_V_FMAC_F64))
    need = at_least(need, wavecc_mfma_wait(x->t, pm, WAVECC_MFMA_FMA64_AFTER_DGEMM, NULL));
  if (!pm) return need;
  for (unsigned k = 0; k < cons->num_defs; k++) {
    const mir_operand *d = &cons->defs[k];
    if (overlaps(&prod->defs[0], d)) need = at_least(need, wavecc_mfma_wait(x->t, pm, WAVECC_MFMA_WRITE, NULL));
    if (prod->num_ops >= 3 && overlaps(&prod->ops[2], d))
      need = at_least(need, wavecc_mfma_wait(x->t, pm, WAVECC_MFMA_SRCC_READ_WAR, NULL));
  }
  return need;
}

static unsigned wait_states(const mir_instr *i) {
  if (i->opcode == ISA_S_NOP) return (unsigned)(i->offset & 0xf) + 1;
  if (i->opcode >= ISA_NUM_OPS) return 0;
  return 1;
}

/* Largest shortfall of wait states for `cons` looking back from position
 * `pos` (exclusive) of block b with `dist` states already between. */
static unsigned shortfall(const mfma_ctx *x, const mir_program *p, uint32_t b, uint32_t pos, const mir_instr *cons,
                          const wavecc_mfma_info *cm, unsigned dist, bool dgemm, unsigned depth) {
  unsigned worst = 0;
  const mir_block *blk = &p->blocks[b];
  bool valu_or_mem = is_valu(cons) || is_mem(cons);
  for (uint32_t i = pos; i-- > 0 && dist < WAVECC_MFMA_MAX_WAIT;) {
    const mir_instr *prod = blk->instrs[i];
    if (prod->opcode >= ISA_NUM_OPS) continue;
    wavecc_mfma_info pmi;
    const wavecc_mfma_info *pm = wavecc_mfma_timing(x->t, prod->opcode, &pmi) ? &pmi : NULL;
    dgemm |= pm && pm->dgemm;
    unsigned need = cm ? need_for_mfma(x, prod, pm, cons, cm) : valu_or_mem ? need_for_other(x, prod, pm, cons, dgemm) : 0;
    if (need > dist && need - dist > worst) worst = need - dist;
    dist += wait_states(prod);
  }
  if (dist < WAVECC_MFMA_MAX_WAIT && depth < 8)
    for (uint32_t k = 0; k < blk->linear_preds.n; k++) {
      uint32_t pb = blk->linear_preds.v[k];
      unsigned w = shortfall(x, p, pb, p->blocks[pb].num_instrs, cons, cm, dist, dgemm, depth + 1);
      if (w > worst) worst = w;
    }
  return worst;
}

static bool has_mfma(const mir_program *p) {
  for (uint32_t b = 0; b < p->num_blocks; b++)
    for (uint32_t i = 0; i < p->blocks[b].num_instrs; i++) {
      unsigned op = p->blocks[b].instrs[i]->opcode;
      if (op < ISA_NUM_OPS && (isa_table[op].flags & ISA_F_MFMA)) return true;
    }
  return false;
}

int mir_insert_mfma_hazard_nops(mir_program *p, diag *d) {
  (void)d;
  if (!has_mfma(p)) return 0;
  mfma_ctx x = {p->target};
  for (uint32_t b = 0; b < p->num_blocks; b++) {
    mir_block *blk = &p->blocks[b];
    for (uint32_t i = 0; i < blk->num_instrs; i++) {
      const mir_instr *cons = blk->instrs[i];
      if (cons->opcode >= ISA_NUM_OPS) continue;
      wavecc_mfma_info cmi;
      const wavecc_mfma_info *cm = wavecc_mfma_timing(x.t, cons->opcode, &cmi) ? &cmi : NULL;
      unsigned w = shortfall(&x, p, b, i, cons, cm, 0, false, 0);
      while (w) { /* s_nop N gives N+1 wait states; llc-19 uses at most s_nop 7 */
        unsigned n = w > 8 ? 8 : w;
        mir_instr *nop = mir_instr_create(p, ISA_S_NOP, 0, 0);
        nop->offset = (int32_t)(n - 1);
        mir_block_insert(p, blk, i, nop);
        i++;
        w -= n;
      }
    }
  }
  return 0;
}
