/* vcc-carry: the carry between the halves of a 64-bit VALU add or
 * subtract goes through VCC instead of an allocated SGPR (pair), after
 * register allocation, on targets that read two scalar values per VALU
 * instruction (GFX10+: wavecc_target.const_bus_limit).
 *
 *   v_add_co_u32 lo, s0, a, b           v_add_co_u32 lo, vcc_lo, a, b
 *   v_add_co_ci_u32_e64 hi, s1, c, d, s0  ->  v_add_co_ci_u32_e32 hi, vcc_lo, c, d, vcc_lo
 *
 * Why (issue 24): the selection gives the carry a lane-mask temporary
 * (isel_int64.c), which the allocator puts in an SGPR; the carry-in then
 * needs the 64-bit VOP3 encoding, and on gfx11 it is an explicit SGPR
 * read that LLVM's s_delay_alu model counts (a VALU_DEP delay before most
 * high halves), while llc-19 keeps the carry in VCC, whose implicit read
 * of the 32-bit encoding it does not count (delay_alu.c follows that).
 * On gfx9 the VCC read would take the one constant-bus slot an SGPR
 * source needs, so the pass stays off there.
 *
 * Rewritten: a carry producer (v_add_co_u32, v_sub_co_u32,
 * v_subrev_co_u32) whose carry temporary has exactly one reader, the
 * carry-in of a v_addc_co_u32 / v_subb_co_u32 / v_subbrev_co_u32 later in
 * the same block whose own carry-out nobody reads, with no instruction
 * between them that reads or writes VCC (explicitly or through the
 * 32-bit encoding) and none after the consumer that reads VCC before
 * writing it. Runs before the frame pass (which gives VCC to call and
 * return sequences) and only in programs where no block reads VCC before
 * writing it, so VCC never carries a value across blocks there. The
 * printer and encoder then choose the 32-bit encoding where the operands
 * allow it (mir_needs_vop3).
 *
 * Likewise a compare's lane mask read only as the mask of v_cndmask_b32
 * instructions of its block (try_mask), under the same VCC conditions. */
#include <stdlib.h>

#include "emit/encode.h"
#include "passes/passes.h"

/* Does ins read (*r) or write (*w) VCC, through an operand or an
 * implicit VCC (the 32-bit encodings', v_div_fmas')? A call or return
 * writes it (the callee clobbers VCC; the frame pass's return sequence
 * uses it). */
static void vcc_access(const mir_program *p, const mir_instr *ins, bool *r, bool *w) {
  *r = *w = false;
  if (ins->opcode == MIR_P_CALL || ins->opcode == MIR_P_RETURN) *w = true;
  for (unsigned k = 0; k < ins->num_ops + ins->num_defs; k++) {
    const mir_operand *o = k < ins->num_ops ? &ins->ops[k] : &ins->defs[k - ins->num_ops];
    mir_preg first;
    unsigned n;
    mir_opnd_units(o, &first, &n);
    if (n && first <= MIR_PREG_VCC + 1 && first + n > MIR_PREG_VCC) *(k < ins->num_ops ? r : w) = true;
  }
  if (ins->opcode >= ISA_NUM_OPS) return;
  uint32_t fl = isa_table[ins->opcode].flags;
  if (!(fl & (ISA_F_READS_VCC | ISA_F_WRITES_VCC))) return;
  isa_format tf = isa_table[ins->opcode].format;
  /* a VOP1/VOP2/VOPC operation in its VOP3 form (by choice, or the only
   * one on this family) names its lane masks as operands */
  if ((tf == ISA_FMT_VOP1 || tf == ISA_FMT_VOP2 || tf == ISA_FMT_VOPC) &&
      (mir_format(p->target->encoding, ins->opcode) == ISA_FMT_VOP3 || mir_needs_vop3(p->target->encoding, ins)))
    return;
  if (fl & ISA_F_READS_VCC) *r = true;
  if (fl & ISA_F_WRITES_VCC) *w = true;
}

static bool is_producer(unsigned op) { return op == ISA_V_ADD_CO_U32 || op == ISA_V_SUB_CO_U32 || op == ISA_V_SUBREV_CO_U32; }
static bool is_consumer(unsigned op) {
  return op == ISA_V_ADDC_CO_U32 || op == ISA_V_SUBB_CO_U32 || op == ISA_V_SUBBREV_CO_U32;
}

/* Is VCC read before it is written from instruction `from` of block b on
 * (to the block's end)? */
static bool vcc_read_from(const mir_program *p, const mir_block *b, uint32_t from) {
  for (uint32_t i = from; i < b->num_instrs; i++) {
    bool r, w;
    vcc_access(p, b->instrs[i], &r, &w);
    if (r) return true;
    if (w) return false;
  }
  return false;
}

static bool sgpr_dead_after(const mir_program *p, uint32_t bi, uint32_t from, mir_preg first, unsigned n);
static void reg_access(const mir_instr *x, mir_preg first, unsigned n, bool *r, bool *w);

/* Does instruction c read or write the register of operand o other than
 * through temporary t (a physical operand: the spill pass's v_writelane
 * of an SGPR it saves, `v1 = v_writelane_b32 s1, 29`)? Renaming t's
 * definition to VCC would leave that reader the register's old value
 * (clsmith seeds 8450 8458 8505 8511 at gfx1100 -O0 8/24, 8530 8549 8555
 * 8556 8558 8561 8584 8594 at gfx1100 wave64 12/24, llvm-stress 69172 at
 * gfx1030/gfx1100 -O0 12/24: a compare's mask spilled between the compare
 * and its v_cndmask, the stale SGPR saved and reloaded later). */
static bool touches_reg(const mir_instr *c, const mir_operand *o, uint32_t t) {
  mir_preg first;
  unsigned n;
  mir_opnd_units(o, &first, &n);
  if (!n) return false;
  for (unsigned k = 0; k < c->num_ops + c->num_defs; k++) {
    const mir_operand *x = k < c->num_ops ? &c->ops[k] : &c->defs[k - c->num_ops];
    if (x->kind == MIR_OPND_TEMP && x->temp.id == t) continue;
    mir_preg f;
    unsigned m;
    mir_opnd_units(x, &f, &m);
    if (m && f < first + n && first < f + m) return true;
  }
  bool r, w;
  if (c->opcode >= ISA_NUM_OPS && c->opcode != MIR_P_BRANCH && c->opcode != MIR_P_CBRANCH_SCC) {
    reg_access(c, first, n, &r, &w); /* other pseudos: every register */
    return r || w;
  }
  return false;
}

/* Is the register of operand o (an SGPR lane mask) dead after
 * instruction `from` of block b (sgpr_dead_after)? */
static bool opnd_dead_after(const mir_program *p, const mir_block *b, uint32_t from, const mir_operand *o) {
  mir_preg first;
  unsigned n;
  mir_opnd_units(o, &first, &n);
  return n && sgpr_dead_after(p, (uint32_t)(b - p->blocks), from, first, n);
}

/* Rewrites the producer at b->instrs[i] and its consumer if the file
 * comment's conditions hold; uses[t]: reads of temporary t. (Unlike
 * try_mask it does not ask sgpr_dead_after: a carry is no phi's value, and
 * that check counts every call as a reader, which kept carries in SGPRs
 * around calls, f_call_fnptr.ll.) */
static void try_pair(mir_program *p, mir_block *b, uint32_t i, const uint32_t *uses) {
  mir_instr *pr = b->instrs[i];
  if (pr->num_defs != 2 || pr->defs[1].kind != MIR_OPND_TEMP || pr->defs[1].preg == MIR_PREG_VCC ||
      (pr->defs[1].flags & MIR_OPND_FIXED_REG))
    return;
  uint32_t t = pr->defs[1].temp.id;
  if (uses[t] != 1) return;
  for (uint32_t j = i + 1; j < b->num_instrs; j++) {
    mir_instr *c = b->instrs[j];
    if (is_consumer(c->opcode) && c->num_ops == 3 && c->ops[2].kind == MIR_OPND_TEMP && c->ops[2].temp.id == t) {
      if (c->num_defs != 2 || c->defs[1].kind != MIR_OPND_TEMP || uses[c->defs[1].temp.id] != 0) return;
      if (vcc_read_from(p, b, j + 1)) return;
      pr->defs[1] = mir_op_vcc(p);
      c->ops[2] = mir_op_vcc(p);
      c->defs[1] = mir_op_vcc(p);
      pr->enc_flags &= ~(uint32_t)MIR_ENC_VOP3;
      c->enc_flags &= ~(uint32_t)MIR_ENC_VOP3;
      return;
    }
    bool r, w;
    vcc_access(p, c, &r, &w);
    if (r || w || touches_reg(c, &pr->defs[1], t)) return;
  }
}

/* Whether c reads temporary t, and how many times. */
static unsigned reads_temp(const mir_instr *c, uint32_t t) {
  unsigned n = 0;
  for (unsigned k = 0; k < c->num_ops; k++) n += c->ops[k].kind == MIR_OPND_TEMP && c->ops[k].temp.id == t;
  return n;
}

/* Does instruction x read (*r) or write (*w) any of the registers
 * [first, first + n)? Pseudos other than branches (calls, returns) count
 * as reading every register. */
static void reg_access(const mir_instr *x, mir_preg first, unsigned n, bool *r, bool *w) {
  *r = *w = false;
  if (x->opcode >= ISA_NUM_OPS && x->opcode != MIR_P_BRANCH && x->opcode != MIR_P_CBRANCH_SCC) {
    *r = true;
    return;
  }
  for (unsigned k = 0; k < x->num_ops + x->num_defs; k++) {
    const mir_operand *o = k < x->num_ops ? &x->ops[k] : &x->defs[k - x->num_ops];
    mir_preg f;
    unsigned m;
    mir_opnd_units(o, &f, &m);
    if (m && f < first + n && first < f + m) *(k < x->num_ops ? r : w) = true;
  }
}

/* Is the SGPR range [first, first + n) dead after instruction `from` of
 * block b: on every path of the linear CFG, written before it is read?
 * The allocator may give a value that a phi carries round a loop the
 * register of the phi's input (f_passes_fz18a masked: a compare's mask,
 * read by one select in its block and, as the phi's value, by a select
 * at the loop's head), so the readers of the mask's temporary are not
 * all of its register's readers. SGPR writes are whole (EXEC does not
 * mask them). */
static bool sgpr_dead_after(const mir_program *p, uint32_t bi, uint32_t from, mir_preg first, unsigned n) {
  uint8_t *seen = calloc(p->num_blocks, 1);
  uint32_t *stack = malloc((p->num_blocks + 1) * sizeof *stack);
  if (!seen || !stack) {
    free(seen);
    free(stack);
    return false;
  }
  bool dead = true;
  uint32_t sp = 0, cur = bi, start = from;
  for (;;) {
    const mir_block *b = &p->blocks[cur];
    bool ended = false;
    for (uint32_t i = start; i < b->num_instrs && !ended; i++) {
      bool r, w;
      reg_access(b->instrs[i], first, n, &r, &w);
      if (r) {
        dead = false;
        break;
      }
      ended = w;
    }
    if (!dead) break;
    if (!ended)
      for (uint32_t k = 0; k < b->linear_succs.n; k++) {
        uint32_t s = b->linear_succs.v[k];
        if (!seen[s]) {
          seen[s] = 1;
          stack[sp++] = s;
        }
      }
    if (!sp) break;
    cur = stack[--sp];
    start = 0;
  }
  free(seen);
  free(stack);
  return dead;
}

/* A lane mask from a compare (VOPC in its VOP3 form, an allocated SGPR)
 * whose every reader is the mask of a v_cndmask_b32 later in the same
 * block goes through VCC, under the same conditions as a carry: nothing
 * between the compare and its last reader reads or writes VCC, and
 * nothing after it reads VCC before writing it. The compare and the
 * selects then have their 32-bit forms (VOPC "vcc, src0, vsrc1", VOP2
 * "vdst, src0, vsrc1, vcc") where their operands allow, and gfx11 wave32
 * can pair the selects (v_dual_cndmask_b32, vopd.c), as llc-19 does:
 * f_gpr_index branch_write's 16 selects of an indexed write's vector
 * under one compare were 16 VOP3 instructions. */
static void try_mask(mir_program *p, mir_block *b, uint32_t i, const uint32_t *uses) {
  mir_instr *pr = b->instrs[i];
  if (pr->opcode >= ISA_NUM_OPS || isa_table[pr->opcode].format != ISA_FMT_VOPC ||
      (isa_table[pr->opcode].flags & (ISA_F_WRITES_EXEC | ISA_F_READS_VCC)) || pr->num_defs != 1 ||
      pr->defs[0].kind != MIR_OPND_TEMP || pr->defs[0].preg == MIR_PREG_VCC || (pr->defs[0].flags & MIR_OPND_FIXED_REG))
    return;
  bool r, w;
  vcc_access(p, pr, &r, &w);
  if (r) return;
  uint32_t t = pr->defs[0].temp.id, seen = 0, last = 0;
  if (!uses[t]) return;
  for (uint32_t j = i + 1; j < b->num_instrs && seen < uses[t]; j++) {
    mir_instr *c = b->instrs[j];
    unsigned n = reads_temp(c, t);
    if (n) {
      if (n != 1 || c->opcode != ISA_V_CNDMASK_B32 || c->num_ops != 3 || c->num_defs != 1 ||
          c->ops[2].kind != MIR_OPND_TEMP || c->ops[2].temp.id != t)
        return;
      seen++;
      last = j;
      continue;
    }
    vcc_access(p, c, &r, &w);
    if (r || w || touches_reg(c, &pr->defs[0], t)) return;
  }
  if (seen != uses[t] || vcc_read_from(p, b, last + 1)) return;
  if (!opnd_dead_after(p, b, last + 1, &pr->defs[0])) return;
  pr->defs[0] = mir_op_vcc(p);
  pr->enc_flags &= ~(uint32_t)MIR_ENC_VOP3;
  for (uint32_t j = i + 1; j <= last; j++) {
    mir_instr *c = b->instrs[j];
    if (!reads_temp(c, t)) continue;
    c->ops[2] = mir_op_vcc(p);
    c->enc_flags &= ~(uint32_t)MIR_ENC_VOP3;
  }
}

int mir_vcc_carry(mir_program *p, diag *d) {
  (void)d;
  if (p->target->const_bus_limit < 2) return 0;
  for (uint32_t b = 0; b < p->num_blocks; b++)
    if (vcc_read_from(p, &p->blocks[b], 0)) return 0;
  uint32_t *uses = calloc(p->num_temps + 1, sizeof *uses);
  if (!uses) return 0; /* an optimisation: nothing lost without it */
  for (uint32_t b = 0; b < p->num_blocks; b++)
    for (uint32_t i = 0; i < p->blocks[b].num_instrs; i++) {
      const mir_instr *ins = p->blocks[b].instrs[i];
      for (unsigned k = 0; k < ins->num_ops; k++)
        if (ins->ops[k].kind == MIR_OPND_TEMP && ins->ops[k].temp.id <= p->num_temps) uses[ins->ops[k].temp.id]++;
    }
  for (uint32_t b = 0; b < p->num_blocks; b++)
    for (uint32_t i = 0; i < p->blocks[b].num_instrs; i++)
      if (is_producer(p->blocks[b].instrs[i]->opcode)) try_pair(p, &p->blocks[b], i, uses);
      else try_mask(p, &p->blocks[b], i, uses);
  free(uses);
  return 0;
}
