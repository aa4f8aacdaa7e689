/* gfx11 hazards software must avoid, after register allocation, on
 * physical registers (the gfx9 wait states are hazards.c's):
 *
 *   VALUTransUseHazard: a VALU instruction reading a VGPR that a TRANS
 *   instruction (v_rcp, v_rsq, v_sqrt, v_exp, v_log, v_sin, v_cos) wrote,
 *   with at most 5 VALU and at most 1 TRANS instructions between them,
 *   may read the old value unless an s_waitcnt_depctr va_vdst(0) (0x0fff)
 *   or an instruction that waits for every VALU result first (DS, MUBUF,
 *   FLAT/GLOBAL/SCRATCH) comes between. wavecc inserts s_waitcnt_depctr
 *   0xfff before such a reader, as llc-19 does (LLVM's
 *   GCNHazardRecognizer::fixVALUTransUseHazard gives which gfx11 rules
 *   apply and their intervals; RDNA3 ISA guide, "Data Dependency
 *   Resolution", "S_WAITCNT_DEPCTR"). The walk goes back through the
 *   block and its linear predecessors; one longer than WALK_MAX
 *   instructions counts as a hazard (a wait too many, never too few).
 *
 * A VOPD pair (passes/vopd.c) is one VALU instruction reading both
 * halves' sources; the wait goes before its first half.
 *
 * The interval comes from the target (wavecc_target.trans_use_valus; 0:
 * no such hazard). The emulator checks the same rule (src/emu).
 * Not handled yet: VALUMaskWriteHazard (an SALU write of an SGPR a VALU
 * read as a lane mask, then a read of it; LLVM inserts
 * s_waitcnt_depctr sa_sdst(0)) and VALUPartialForwardingHazard; the
 * LDS-direct hazards cannot arise (wavecc writes no lds_direct).
 */
#include <string.h>

#include "passes/passes.h"
#include "target/target.h"

enum { WALK_MAX = 64, TRANS_MAX_BETWEEN = 1 };

static bool is_trans(const mir_instr *i) {
  return i->opcode < ISA_NUM_OPS && isa_fmt_valu(isa_table[i->opcode].format) &&
         isa_sem_of(i->opcode)->cost == ISA_COST_TRANS;
}
/* A VALU instruction, counting a VOPD pair once (its second half is not one). */
static bool is_valu(const mir_instr *i) {
  return i->opcode < ISA_NUM_OPS && isa_fmt_valu(isa_table[i->opcode].format) && !(i->enc_flags & MIR_ENC_VOPD_SECOND);
}

/* Does ins wait for every outstanding VALU result (va_vdst = 0)? */
static bool waits_va_vdst(const mir_instr *i) {
  if (i->opcode >= ISA_NUM_OPS) return false;
  isa_format f = isa_table[i->opcode].format;
  if (f == ISA_FMT_DS || isa_fmt_vmem(f)) return true;
  return i->opcode == ISA_S_WAITCNT_DEPCTR && (((unsigned)i->offset >> 12) & 0xf) == 0;
}

typedef struct walk {
  const mir_program *p;
  const mir_instr *cons[2]; /* the reader; a VOPD pair's two halves */
  unsigned ncons;
  uint8_t *visited;
  unsigned steps;
} walk;

/* Does TRANS instruction `prod` write a VGPR `cons` reads? */
static bool feeds1(const mir_instr *prod, const mir_instr *cons) {
  for (unsigned j = 0; j < prod->num_defs; j++) {
    mir_preg dr;
    unsigned dn;
    mir_opnd_units(&prod->defs[j], &dr, &dn);
    if (!dn || dr < MIR_PREG_VGPR(0)) continue;
    for (unsigned k = 0; k < cons->num_ops; k++) {
      mir_preg r;
      unsigned n;
      mir_opnd_units(&cons->ops[k], &r, &n);
      if (n && r >= MIR_PREG_VGPR(0) && r < dr + dn && dr < r + n) return true;
    }
  }
  return false;
}

static bool feeds(const mir_instr *prod, const walk *w) {
  for (unsigned k = 0; k < w->ncons; k++)
    if (feeds1(prod, w->cons[k])) return true;
  return false;
}

/* Looks back from instruction `end` (exclusive) of block b with `valus`
 * VALU and `trans` TRANS instructions seen: true if a hazard is found. */
static bool hazard_before(walk *w, uint32_t b, uint32_t end, unsigned valus, unsigned trans, unsigned max_valus) {
  const mir_block *blk = &w->p->blocks[b];
  for (uint32_t i = end; i-- > 0;) {
    const mir_instr *ins = blk->instrs[i];
    if (valus > max_valus || trans > TRANS_MAX_BETWEEN) return false;
    if (waits_va_vdst(ins)) return false;
    if (++w->steps > WALK_MAX) return true;
    if (is_trans(ins) && feeds(ins, w)) return true;
    valus += is_valu(ins);
    trans += is_trans(ins);
  }
  if (valus > max_valus || trans > TRANS_MAX_BETWEEN) return false;
  for (uint32_t k = 0; k < blk->linear_preds.n; k++) {
    uint32_t pb = blk->linear_preds.v[k];
    if (w->visited[pb]) continue;
    w->visited[pb] = 1;
    if (hazard_before(w, pb, w->p->blocks[pb].num_instrs, valus, trans, max_valus)) return true;
  }
  return false;
}

int mir_insert_gfx11_hazards(mir_program *p, diag *d) {
  (void)d;
  unsigned max_valus = p->target->trans_use_valus;
  if (!max_valus) return 0;
  uint8_t *visited = arena_alloc(p->mem, p->num_blocks + 1);
  for (uint32_t b = 0; b < p->num_blocks; b++) {
    mir_block *blk = &p->blocks[b];
    for (uint32_t i = 0; i < blk->num_instrs; i++) {
      mir_instr *ins = blk->instrs[i];
      if (!is_valu(ins)) continue;
      memset(visited, 0, p->num_blocks + 1);
      walk w = {p, {ins, ins}, 1, visited, 0};
      if ((ins->enc_flags & MIR_ENC_VOPD_FIRST) && i + 1 < blk->num_instrs) w.cons[w.ncons++] = blk->instrs[i + 1];
      if (!hazard_before(&w, b, i, 0, 0, max_valus)) continue;
      mir_instr *wait = mir_instr_create(p, ISA_S_WAITCNT_DEPCTR, 0, 0);
      wait->offset = 0x0fff; /* va_vdst(0), the other counters at their maximum */
      mir_block_insert(p, blk, i, wait);
      i++;
    }
  }
  return 0;
}
