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
 * In wave64 (target flags valu_mask_write_hazard, partial_forwarding_hazard)
 * also VALUMaskWriteHazard and VALUPartialForwardingHazard, below; the
 * LDS-direct hazards cannot arise (wavecc writes no lds_direct), nor
 * VALUTransUse's other gfx11 relatives that LLVM applies to instructions
 * wavecc does not emit (WMMA, DPP, VINTERP).
 */
#include <string.h>

#include "passes/passes.h"
#include "target/target.h"
#include "emit/emit_data.h"

enum { WALK_MAX = 512, TRANS_MAX_BETWEEN = 1, SEEN_MAX = 256 };

/* The VALUTransUse and VALUPartialForwarding walks carry a state (VALU
 * instructions counted, writes seen) that differs between the paths into a
 * block, so a block is skipped only when it was entered before with the
 * same state. LLVM's hasHazard skips every block entered before, whatever
 * the state: behind a join whose first predecessor's path expires (three
 * VALUs before the EXEC write), the hazard on the other, shorter path is
 * not looked for. llc-19 misses the VALUPartialForwardingHazard wait that
 * way on fz19a's generator kernel 1178 at gfx1100 wave64 (the emulator
 * faults, tests/fuzz/README.md session 20), and this pass, written the same
 * way, did too (tests/passes/hazards-gfx11-join-paths.mir). */
typedef struct seen_states {
  uint32_t n;
  struct {
    uint32_t block;
    uint64_t sig;
  } e[SEEN_MAX];
} seen_states;

/* Enters block b with state signature sig: 1 the first time, 0 if entered
 * with this state before, -1 when the table is full (the caller counts
 * that as a hazard: a wait too many, never too few). */
static int seen_enter(seen_states *s, uint32_t b, uint64_t sig) {
  for (uint32_t k = 0; k < s->n; k++)
    if (s->e[k].block == b && s->e[k].sig == sig) return 0;
  if (s->n == SEEN_MAX) return -1;
  s->e[s->n].block = b;
  s->e[s->n++].sig = sig;
  return 1;
}

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
  seen_states *seen;
  unsigned steps;
} walk;

/* Does TRANS instruction `prod` write a VGPR `cons` reads? */
static bool feeds1(const mir_instr *prod, const mir_instr *cons) {
  for (unsigned j = 0; j < prod->num_defs; j++) {
    mir_preg dr;
    unsigned dn;
    mir_opnd_units(&prod->defs[j], &dr, &dn);
    if (!dn || dr < MIR_PREG_VGPR(0)) continue;
    bool tied = cons->opcode < ISA_NUM_OPS && (isa_sem_of(cons->opcode)->flags & ISA_S_TIED); /* reads its result */
    for (unsigned k = 0; k < cons->num_ops + (tied ? cons->num_defs : 0u); k++) {
      mir_preg r;
      unsigned n;
      mir_opnd_units(k < cons->num_ops ? &cons->ops[k] : &cons->defs[k - cons->num_ops], &r, &n);
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
    int first = seen_enter(w->seen, pb, (uint64_t)valus | (uint64_t)trans << 32);
    if (first < 0) return true;
    if (!first) continue;
    if (hazard_before(w, pb, w->p->blocks[pb].num_instrs, valus, trans, max_valus)) return true;
  }
  return false;
}

/* ---- VALUMaskWriteHazard (wave64) --------------------------------------
 * A VALU instruction reads an SGPR as a lane mask (v_cndmask, the carry-in
 * adds, v_div_fmas: the mask is the last operand), an SALU instruction then
 * writes it, a later SALU instruction reads it: the read may see the old
 * value. As LLVM (fixVALUMaskWriteHazard), an s_waitcnt_depctr sa_sdst(0)
 * (0xfffe) follows every SALU write of an SGPR (not EXEC or M0) with such a
 * VALU read before it, unless a VALU instruction reading another scalar
 * value (an SGPR, VCC, a literal) or an sa_sdst(0) wait comes between.
 * Across calls the other side is not seen: a function's entry and a
 * return from s_swappc_b64 count as such a read (the emulator found a
 * caller's v_cndmask on s[2:3] right before the call and the callee's
 * SALU write and read of s2 at gfx1100 wave64:
 * tests/kernels/f_private_to_flat_call.ll). */

static bool is_mask_read(const mir_instr *i) {
  return is_valu(i) && (isa_table[i->opcode].flags & ISA_F_READS_VCC) && i->num_ops;
}

/* Does VALU instruction i read an SGPR (not EXEC) or a literal? */
static bool reads_scalar(const mir_instr *i) {
  for (unsigned k = 0; k < i->num_ops; k++) {
    const mir_operand *o = &i->ops[k];
    if (o->kind == MIR_OPND_CONST && !mir_const_is_inline(o->imm)) return true;
    mir_preg r;
    unsigned n;
    mir_opnd_units(o, &r, &n);
    if (n && r < MIR_PREG_VGPR(0) && !(r <= MIR_PREG_EXEC + 1 && r + n > MIR_PREG_EXEC)) return true;
  }
  return false;
}

static bool overlaps(mir_preg a, unsigned an, mir_preg b, unsigned bn) { return an && bn && a < b + bn && b < a + an; }

typedef struct mask_walk {
  const mir_program *p;
  mir_preg reg;
  unsigned n;
  uint8_t *visited;
  unsigned steps;
} mask_walk;

static bool mask_hazard_before(mask_walk *w, uint32_t b, uint32_t end) {
  const mir_block *blk = &w->p->blocks[b];
  for (uint32_t i = end; i-- > 0;) {
    const mir_instr *ins = blk->instrs[i];
    if (++w->steps > WALK_MAX) return true;
    if (ins->opcode == ISA_S_WAITCNT_DEPCTR && !((unsigned)ins->offset & 1u)) return false; /* sa_sdst(0) */
    if (ins->opcode == ISA_S_SWAPPC_B64) return true; /* the callee's mask reads are not seen here */
    if (!is_valu(ins)) continue;
    if (is_mask_read(ins)) {
      mir_preg r;
      unsigned n;
      mir_opnd_units(&ins->ops[ins->num_ops - 1], &r, &n);
      if (overlaps(r, n, w->reg, w->n)) return true;
    }
    if (reads_scalar(ins)) return false;
  }
  /* a function's entry: its caller's mask reads (a v_cndmask just before
   * the s_swappc_b64) are not seen here either */
  if (b == 0 && w->p->is_function) return true;
  for (uint32_t k = 0; k < blk->linear_preds.n; k++) {
    uint32_t pb = blk->linear_preds.v[k];
    if (w->visited[pb]) continue;
    w->visited[pb] = 1;
    if (mask_hazard_before(w, pb, w->p->blocks[pb].num_instrs)) return true;
  }
  return false;
}

/* Does SALU instruction blk[i] write an SGPR a VALU read as a mask before it? */
static bool mask_write_hazard(const mir_program *p, uint32_t b, uint32_t i, uint8_t *visited) {
  const mir_instr *ins = p->blocks[b].instrs[i];
  if (ins->opcode >= ISA_NUM_OPS || !isa_fmt_salu(isa_table[ins->opcode].format)) return false;
  for (unsigned j = 0; j < ins->num_defs; j++) {
    mir_preg r;
    unsigned n;
    mir_opnd_units(&ins->defs[j], &r, &n);
    if (!n || r >= MIR_PREG_VGPR(0) || r == MIR_PREG_M0 || r == MIR_PREG_NULL || overlaps(r, n, MIR_PREG_EXEC, 2)) continue;
    memset(visited, 0, p->num_blocks + 1);
    mask_walk w = {p, r, n, visited, 0};
    if (mask_hazard_before(&w, b, i)) return true;
  }
  return false;
}

/* ---- VALUPartialForwardingHazard (wave64) -------------------------------
 * A VALU instruction reads two VGPRs: Va written by a VALU before an SALU
 * write of EXEC, Vb by a VALU after it, with at most 2 VALUs between Va's
 * write and Vb's in all (intervals 1 + 2: before and after the EXEC write)
 * and at most 4 between Vb's write and the reader (interval 3): it needs
 * s_waitcnt_depctr va_vdst(0) before it. LLVM's
 * fixVALUPartialForwardingHazard: its state walk backwards, expiring at a
 * va_vdst wait (DS, VMEM, FLAT, s_waitcnt_depctr va_vdst(0)) or after 8
 * VALUs. */

enum { PF_MAX_SRCS = 8, PF_NONE = 1 << 20, PF_INTV12 = 2, PF_INTV3 = 4, PF_MAX_VALUS = 8 };

typedef struct pf_state {
  mir_preg src[PF_MAX_SRCS];
  int def[PF_MAX_SRCS]; /* VALUs between the reader and the source's last VALU write (PF_NONE: not seen) */
  unsigned nsrc;
  int exec;             /* VALUs between the reader and the last SALU EXEC write */
  int valus;
} pf_state;

enum { PF_NO, PF_FOUND, PF_EXPIRED };

/* The state after instruction i (walking backwards) is seen. */
static int pf_step(pf_state *s, const mir_instr *i) {
  if (s->valus > PF_MAX_VALUS || waits_va_vdst(i)) return PF_EXPIRED;
  bool changed = false;
  if (is_valu(i)) {
    for (unsigned k = 0; k < s->nsrc; k++)
      for (unsigned j = 0; j < i->num_defs && s->def[k] == PF_NONE; j++) {
        mir_preg r;
        unsigned n;
        mir_opnd_units(&i->defs[j], &r, &n);
        if (overlaps(r, n, s->src[k], 1)) s->def[k] = s->valus, changed = true;
      }
  } else if (s->exec == PF_NONE && i->opcode < ISA_NUM_OPS) {
    bool w = isa_table[i->opcode].flags & ISA_F_WRITES_EXEC;
    for (unsigned j = 0; j < i->num_defs; j++) {
      mir_preg r;
      unsigned n;
      mir_opnd_units(&i->defs[j], &r, &n);
      w |= overlaps(r, n, MIR_PREG_EXEC, 2);
    }
    if (w) s->exec = s->valus, changed = true;
  }
  bool any = false;
  for (unsigned k = 0; k < s->nsrc; k++) any |= s->def[k] != PF_NONE;
  if (s->valus > PF_INTV3 && !any) return PF_EXPIRED;
  if (!changed || s->exec == PF_NONE) return PF_NO;
  int pre = PF_NONE, post = PF_NONE;
  for (unsigned k = 0; k < s->nsrc; k++) {
    if (s->def[k] == PF_NONE) continue;
    if (s->def[k] >= s->exec) pre = s->def[k] < pre ? s->def[k] : pre;
    else post = s->def[k] < post ? s->def[k] : post;
  }
  if (post == PF_NONE) return PF_NO;
  if (post > PF_INTV3) return PF_EXPIRED;
  int intv2 = s->exec - post - 1;
  if (intv2 > PF_INTV12) return PF_EXPIRED;
  if (pre == PF_NONE) return PF_NO;
  int intv1 = pre - s->exec;
  if (intv1 > PF_INTV12 || intv1 + intv2 > PF_INTV12) return PF_EXPIRED;
  return PF_FOUND;
}

/* The state as a seen_enter signature: 5 bits a count (31: none). */
static uint64_t pf_sig(const pf_state *s) {
  uint64_t sig = 0;
  int v[PF_MAX_SRCS + 2];
  unsigned n = 0;
  v[n++] = s->valus;
  v[n++] = s->exec;
  for (unsigned k = 0; k < s->nsrc; k++) v[n++] = s->def[k];
  for (unsigned k = 0; k < n; k++) sig = sig << 5 | (uint64_t)(v[k] < 0 || v[k] > 30 ? 31 : v[k]);
  return sig;
}

static bool pf_before(const mir_program *p, pf_state s, uint32_t b, uint32_t end, seen_states *seen, unsigned *steps) {
  const mir_block *blk = &p->blocks[b];
  for (uint32_t i = end; i-- > 0;) {
    const mir_instr *ins = blk->instrs[i];
    if (++*steps > WALK_MAX) return true;
    int r = pf_step(&s, ins);
    if (r == PF_FOUND) return true;
    if (r == PF_EXPIRED) return false;
    s.valus += is_valu(ins);
  }
  for (uint32_t k = 0; k < blk->linear_preds.n; k++) {
    uint32_t pb = blk->linear_preds.v[k];
    int first = seen_enter(seen, pb, pf_sig(&s));
    if (first < 0) return true;
    if (!first) continue;
    if (pf_before(p, s, pb, p->blocks[pb].num_instrs, seen, steps)) return true;
  }
  return false;
}

/* Does VALU instruction blk[i] need va_vdst(0) for the partial forwarding hazard? */
static bool partial_forwarding_hazard(const mir_program *p, uint32_t b, uint32_t i, seen_states *seen) {
  const mir_instr *ins = p->blocks[b].instrs[i];
  pf_state s = {.exec = PF_NONE};
  for (unsigned k = 0; k < ins->num_ops; k++) {
    mir_preg r;
    unsigned n;
    /* A lo64 addend (mir_opnd_lo64) occupies one dword, but the hardware
     * reads the pair v[r:r+1]: a don't-care high half written before the
     * EXEC write still pairs with a source written after it (the emulator
     * faults on that read, as it tracks the encoded 64-bit src2; llvm-stress
     * style kernel fz19a genue 1124 at gfx1100 wave64 -O0). */
    mir_opnd_named_units(&ins->ops[k], &r, &n);
    if (r < MIR_PREG_VGPR(0) || r >= MIR_PREG_AGPR(0)) continue;
    for (unsigned u = r; u < r + n && s.nsrc < PF_MAX_SRCS; u++) {
      bool seen = false;
      for (unsigned j = 0; j < s.nsrc; j++) seen |= s.src[j] == u;
      if (!seen) s.src[s.nsrc] = (mir_preg)u, s.def[s.nsrc++] = PF_NONE;
    }
  }
  if (s.nsrc < 2) return false;
  seen->n = 0;
  unsigned steps = 0;
  return pf_before(p, s, b, i, seen, &steps);
}

static mir_instr *depctr(mir_program *p, int32_t imm) {
  mir_instr *wait = mir_instr_create(p, ISA_S_WAITCNT_DEPCTR, 0, 0);
  wait->offset = imm;
  return wait;
}

int mir_insert_gfx11_hazards(mir_program *p, diag *d) {
  (void)d;
  const wavecc_target *t = p->target;
  unsigned max_valus = t->trans_use_valus;
  if (!max_valus && !t->valu_mask_write_hazard && !t->partial_forwarding_hazard) return 0;
  uint8_t *visited = arena_alloc(p->mem, p->num_blocks + 1);
  seen_states *seen = arena_alloc(p->mem, sizeof *seen);
  for (uint32_t b = 0; b < p->num_blocks; b++) {
    mir_block *blk = &p->blocks[b];
    for (uint32_t i = 0; i < blk->num_instrs; i++) {
      mir_instr *ins = blk->instrs[i];
      if (t->valu_mask_write_hazard && mask_write_hazard(p, b, i, visited)) {
        /* sa_sdst(0), the other counters at their maximum: after the write as llc-19 puts it, or before
         * the s_getpc sequence of a data address, whose s_add reads the pair at once (a wait between the
         * mask read and the write ends the hazard too: LLVM's IsExpiredFn) */
        bool before = mir_is_data_address(ins);
        mir_block_insert(p, blk, before ? i : i + 1, depctr(p, 0xfffe));
        i++;
        continue;
      }
      if (!is_valu(ins)) continue;
      bool hazard = t->partial_forwarding_hazard && partial_forwarding_hazard(p, b, i, seen);
      if (!hazard && max_valus) {
        seen->n = 0;
        walk w = {p, {ins, ins}, 1, seen, 0};
        if ((ins->enc_flags & MIR_ENC_VOPD_FIRST) && i + 1 < blk->num_instrs) w.cons[w.ncons++] = blk->instrs[i + 1];
        hazard = hazard_before(&w, b, i, 0, 0, max_valus);
      }
      if (!hazard) continue;
      mir_block_insert(p, blk, i, depctr(p, 0x0fff)); /* va_vdst(0), the other counters at their maximum */
      i++;
    }
  }
  return 0;
}
