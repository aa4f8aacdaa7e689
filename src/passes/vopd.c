/* VOPD pairing (gfx11 wave32, wavecc_target.vopd): two VOP1/VOP2
 * instructions of a block become one dual-issue v_dual_* instruction,
 * which issues in one cycle where the two take two (RDNA 3 ISA guide,
 * "VOPD"; LLVM's GCNCreateVOPD / checkVOPDRegConstraints, read for the
 * rules llc-19 applies, with llvm-mc-19 as the oracle of what encodes):
 *
 *   - each half's opcode has a VOPD component (isa_gfx11.def VOPD lines),
 *     at least one of them one the X half may hold; the first in program
 *     order is X when it may be (mir_vopd_x);
 *   - each in its 32-bit form (no modifiers, clamp, omod), one VGPR result;
 *   - the results differ in parity (VDSTY's low bit is implied);
 *   - VGPR sources in the same position (src0, src1) are in different
 *     banks (register number mod 4): "src0 operands must use different
 *     VGPR banks";
 *   - at most one literal (wavecc pairs two instructions with literals
 *     never, so each instruction keeps its own size: mir_instr_size), and
 *     at most two scalar values in all (SGPRs, the literal, v_cndmask's
 *     VCC);
 *   - the second does not read the first's result (both halves read
 *     before either writes, so a read of the second's result by the first
 *     is fine).
 *
 * The partner of an instruction is the nearest later one of its block
 * that may move up to it: every instruction between is VALU or plain SALU
 * (no memory access, wait, branch, MODE or EXEC write) and shares no
 * register with it. First, v_fma_f32 d, a, b, c whose c is d's register
 * (after allocation) becomes v_fmac_f32 d, a, b (VOP2, tied accumulator:
 * 4 bytes, and VOPD can hold it), as llc-19 selects it; its implicit
 * read of d is the fmac's src2, whose bank rule the parity rule implies.
 * v_fmaak_f32 / v_fmamk_f32 (mandatory literals) are not formed. Runs
 * after waitcnt insertion (a pair never crosses an
 * s_waitcnt) and before the gfx11 hazard and s_delay_alu passes, which
 * treat a pair as one instruction.
 */
#include <assert.h>

#include "emit/encode.h"
#include "passes/passes.h"
#include "target/target.h"

enum { WINDOW = 16 };

/* Can `ins` be a VOPD half? */
static bool eligible(const mir_program *p, const mir_instr *ins) {
  unsigned family = p->target->encoding, code;
  bool x;
  if (ins->opcode >= ISA_NUM_OPS || (ins->enc_flags & (MIR_ENC_VOPD_FIRST | MIR_ENC_VOPD_SECOND))) return false;
  if (!isa_vopd_slot(family, (isa_op)ins->opcode, &code, &x)) return false;
  if (ins->opcode == ISA_V_FMAAK_F32 || ins->opcode == ISA_V_FMAMK_F32) return false;
  isa_format f = mir_format(family, ins->opcode);
  if ((f != ISA_FMT_VOP1 && f != ISA_FMT_VOP2) || mir_needs_vop3(family, ins)) return false;
  if (ins->num_defs != 1 || ins->num_ops < 1) return false;
  mir_preg r;
  unsigned n;
  mir_opnd_units(&ins->defs[0], &r, &n);
  if (n != 1 || r < MIR_PREG_VGPR(0) || r >= MIR_PREG_AGPR(0)) return false;
  for (unsigned k = 0; k < ins->num_ops; k++) {
    const mir_operand *o = &ins->ops[k];
    if (o->kind == MIR_OPND_CONST && o->size > 1) return false;
    if (o->kind != MIR_OPND_CONST && o->kind != MIR_OPND_TEMP && o->kind != MIR_OPND_FIXED) return false;
  }
  return true;
}

static bool may_be_x(const mir_program *p, const mir_instr *ins) {
  unsigned code;
  bool x = false;
  return isa_vopd_slot(p->target->encoding, (isa_op)ins->opcode, &code, &x) && x;
}

static bool is_vgpr(mir_preg r) { return r >= MIR_PREG_VGPR(0) && r < MIR_PREG_AGPR(0); }

/* The register source k (0: src0, 1: src1) of a half, MIR_PREG_NONE if a constant or absent. */
static mir_preg src_reg(const mir_instr *ins, unsigned k) {
  if (k >= ins->num_ops || (k == 1 && ins->opcode == ISA_V_MOV_B32)) return MIR_PREG_NONE;
  mir_preg r;
  unsigned n;
  mir_opnd_units(&ins->ops[k], &r, &n);
  return n ? r : MIR_PREG_NONE;
}

static unsigned units_count(const mir_operand *o) {
  mir_preg r;
  unsigned n;
  mir_opnd_units(o, &r, &n);
  return n;
}

static bool has_literal(const mir_instr *ins) {
  return ins->ops[0].kind == MIR_OPND_CONST && !mir_const_is_inline(ins->ops[0].imm);
}

/* The scalar registers half `ins` reads (src0 if scalar, v_cndmask's VCC) into s[*n]. */
static void scalars(const mir_instr *ins, mir_preg *s, unsigned *n) {
  mir_preg r = src_reg(ins, 0);
  if (r != MIR_PREG_NONE && !is_vgpr(r)) s[(*n)++] = r;
  if (ins->opcode == ISA_V_CNDMASK_B32) s[(*n)++] = MIR_PREG_VCC;
}

/* Do the units of operand lists a[na] and b[nb] overlap? */
static bool overlap(const mir_operand *a, unsigned na, const mir_operand *b, unsigned nb) {
  for (unsigned i = 0; i < na; i++) {
    mir_preg ra, rb;
    unsigned ca, cb;
    mir_opnd_units(&a[i], &ra, &ca);
    if (!ca) continue;
    for (unsigned j = 0; j < nb; j++) {
      mir_opnd_units(&b[j], &rb, &cb);
      if (cb && ra < rb + cb && rb < ra + ca) return true;
    }
  }
  return false;
}

/* May first (earlier) and second (later, moved next to it) form one VOPD instruction? */
static bool pair_ok(const mir_program *p, const mir_instr *a, const mir_instr *b) {
  if (!may_be_x(p, a) && !may_be_x(p, b)) return false;
  if ((a->defs[0].preg & 1u) == (b->defs[0].preg & 1u)) return false;
  if (overlap(b->ops, b->num_ops, a->defs, 1)) return false; /* b reads a's result */
  for (unsigned k = 0; k < 2; k++) {
    mir_preg ra = src_reg(a, k), rb = src_reg(b, k);
    if (ra != MIR_PREG_NONE && rb != MIR_PREG_NONE && is_vgpr(ra) && is_vgpr(rb) && (ra & 3u) == (rb & 3u)) return false;
  }
  bool la = has_literal(a), lb = has_literal(b);
  if (la && lb) return false;
  mir_preg s[4];
  unsigned n = 0, uniq = 0;
  scalars(a, s, &n);
  scalars(b, s, &n);
  for (unsigned i = 0; i < n; i++) {
    bool seen = false;
    for (unsigned j = 0; j < i; j++) seen |= s[j] == s[i];
    uniq += !seen;
  }
  return uniq + (la || lb) <= 2;
}

/* Does nothing move across k: not VALU or plain SALU (memory, waits,
 * branches, MODE writes, pseudos), or a write of EXEC? */
static bool is_barrier(const mir_instr *k) {
  if (k->opcode >= ISA_NUM_OPS) return true;
  const isa_info *ii = &isa_table[k->opcode];
  isa_format f = ii->format;
  if (!isa_fmt_valu(f) && f != ISA_FMT_SOP1 && f != ISA_FMT_SOP2 && f != ISA_FMT_SOPC) return true;
  if (ii->flags & (ISA_F_WRITES_EXEC | ISA_F_BRANCH | ISA_F_TERMINATOR | ISA_F_BARRIER | ISA_F_MFMA)) return true;
  if (k->opcode == ISA_S_SETPC_B64 || k->opcode == ISA_S_SWAPPC_B64) return true;
  for (unsigned j = 0; j < k->num_defs; j++) {
    mir_preg r;
    unsigned n;
    mir_opnd_units(&k->defs[j], &r, &n);
    if (n && r <= MIR_PREG_EXEC + 1 && r + n > MIR_PREG_EXEC) return true;
  }
  return false;
}

/* May instruction b move up across k? */
static bool crosses(const mir_instr *b, const mir_instr *k) {
  return !is_barrier(k) && !overlap(b->ops, b->num_ops, k->defs, k->num_defs) &&
         !overlap(b->defs, 1, k->ops, k->num_ops) && !overlap(b->defs, 1, k->defs, k->num_defs);
}

static bool is_vgpr_opnd(const mir_operand *o) {
  mir_preg r;
  unsigned n;
  mir_opnd_units(o, &r, &n);
  return n == 1 && is_vgpr(r);
}

/* v_fma_f32 d, a, b, d (no modifiers) -> v_fmac_f32 d, a, b: src1 a VGPR
 * (a and b swap if only a is one). */
static void form_fmac(mir_program *p, mir_instr *ins) {
  if (ins->opcode != ISA_V_FMA_F32 || ins->num_ops != 3 || ins->num_defs != 1 || ins->clamp || ins->omod) return;
  for (unsigned k = 0; k < 3; k++)
    if (ins->ops[k].flags & (MIR_OPND_NEG | MIR_OPND_ABS)) return;
  mir_preg d, c;
  unsigned dn, cn;
  mir_opnd_units(&ins->defs[0], &d, &dn);
  mir_opnd_units(&ins->ops[2], &c, &cn);
  if (dn != 1 || cn != 1 || c != d || !is_vgpr(d)) return;
  if (!is_vgpr_opnd(&ins->ops[1])) {
    if (!is_vgpr_opnd(&ins->ops[0])) return;
    mir_operand t = ins->ops[0];
    ins->ops[0] = ins->ops[1];
    ins->ops[1] = t;
  }
  ins->opcode = ISA_V_FMAC_F32;
  ins->num_ops = 2;
  ins->ops[2] = ins->defs[0]; /* the definitions stay inline after the operands (mir_instr_create's layout) */
  ins->defs = &ins->ops[2];
  assert(!mir_needs_vop3(p->target->encoding, ins)); /* no modifiers, src1 a VGPR: the 32-bit form */
  (void)p;
}

/* Can b (at j) move up to just after i? */
static bool movable(const mir_block *blk, uint32_t i, uint32_t j) {
  for (uint32_t k = i + 1; k < j; k++)
    if (!crosses(blk->instrs[j], blk->instrs[k])) return false;
  return true;
}

/* Can ins's sources swap (src0 a VGPR, which becomes the VGPR-only src1)? */
static bool can_swap(const mir_instr *ins) {
  return (isa_sem_of(ins->opcode)->flags & ISA_S_COMMUTES) && ins->num_ops == 2 && is_vgpr(src_reg(ins, 0)) &&
         units_count(&ins->ops[0]) == 1;
}

static void swap_srcs(mir_instr *ins) {
  mir_operand t = ins->ops[0];
  ins->ops[0] = ins->ops[1];
  ins->ops[1] = t;
}

/* pair_ok, trying the commuted forms of a and b too (kept when they pair). */
static bool pair_ok_commuted(const mir_program *p, mir_instr *a, mir_instr *b) {
  for (unsigned v = 0; v < 4; v++) {
    bool sa = v & 1, sb = v & 2;
    if ((sa && !can_swap(a)) || (sb && !can_swap(b))) continue;
    if (sa) swap_srcs(a);
    if (sb) swap_srcs(b);
    if (pair_ok(p, a, b)) return true;
    if (sa) swap_srcs(a);
    if (sb) swap_srcs(b);
  }
  return false;
}

static void pair_block(mir_program *p, mir_block *blk) {
  for (uint32_t i = 0; i + 1 < blk->num_instrs; i++) {
    mir_instr *a = blk->instrs[i];
    if (!eligible(p, a)) continue;
    for (uint32_t j = i + 1; j < blk->num_instrs && j <= i + WINDOW; j++) {
      mir_instr *b = blk->instrs[j];
      if (eligible(p, b) && movable(blk, i, j) && pair_ok_commuted(p, a, b)) {
        for (uint32_t k = j; k > i + 1; k--) blk->instrs[k] = blk->instrs[k - 1];
        blk->instrs[i + 1] = b;
        a->enc_flags |= MIR_ENC_VOPD_FIRST;
        b->enc_flags |= MIR_ENC_VOPD_SECOND;
        i++;
        break;
      }
      if (is_barrier(b)) break; /* nothing later moves across b */
    }
  }
}

int mir_pair_vopd(mir_program *p, diag *d) {
  (void)d;
  if (!p->target->vopd) return 0;
  for (uint32_t b = 0; b < p->num_blocks; b++) {
    mir_block *blk = &p->blocks[b];
    for (uint32_t i = 0; i < blk->num_instrs; i++) form_fmac(p, blk->instrs[i]);
    pair_block(p, blk);
  }
  return 0;
}
