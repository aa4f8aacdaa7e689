/* Hazard recognition: s_nop where the target needs software wait states
 * (wavecc_target.hazard_waits; the numbers below are gfx900's).
 *
 * Source: the Vega ISA guide, section 4.5 "Manually Inserted Wait States
 * (NOPs)", cross-checked with LLVM's GCNHazardRecognizer for which rules
 * apply to gfx9. Rules implemented (required wait states):
 *   - VALU writes an SGPR/VCC -> v_readlane/v_writelane uses it as the
 *     lane select: 4;
 *   - VALU writes VCC -> v_div_fmas (reads VCC): 4;
 *   - VALU writes an SGPR -> VMEM (MUBUF, FLAT, GLOBAL, SCRATCH) reads it
 *     (resource, offset, saddr): 5;
 *   - SALU writes M0 -> an instruction that reads M0 (s_sendmsg, GDS,
 *     LDS add-tid/DMA, s_movrel, interpolation; not v_readlane /
 *     v_writelane's lane select): 1;
 *   - s_setreg -> s_getreg or s_setreg: 2;
 *   - a VMEM store of more than 64 bits of data -> VALU writes those data
 *     VGPRs: 1;
 *   - a VGPR write -> a DPP instruction (ISA_F_DPP) reads it: 2. The
 *     guide names VALU writes; like LLVM 19 (checkDPPHazards, which
 *     counts any definition: llc-19 puts s_nop 0 between a load's
 *     s_waitcnt and the DPP move reading its result) any writer counts,
 *     and every VGPR operand, the tied `old` included;
 *   - an EXEC write -> a DPP instruction: 5 (the guide: VALU writes;
 *     any writer here, SALU's s_and_saveexec included: conservative).
 * Hardware interlocks cover the rest on gfx9 (SALU->SMEM, VALU->VALU).
 *
 * Soft clauses, when XNACK may replay (wavecc_xnack_replay: the target
 * has XNACK and the target ID is not xnack-): a run of SMEM or of VMEM
 * instructions (isa_clause_of) may be replayed from its first
 * instruction after a fault, when the others have written their results.
 * So no instruction of a clause of two or more may write a register a
 * member reads (itself included), and a store or atomic does not join a
 * clause holding a load: one s_nop (1 wait state) starts a new clause.
 * As LLVM's GCNHazardRecognizer::checkSoftClauseHazards, over the whole
 * clause (walking back through the blocks that fall through into this
 * one), not only its last 5 wait states.
 *
 * Algorithm: for each instruction, look back over at most the target's
 * largest wait (5 on gfx900)
 * (each instruction counts one, s_nop N counts N+1; pseudos that may emit
 * nothing count zero, which is conservative) through the block and, at
 * its start, through every linear predecessor recursively; insert one
 * s_nop covering the largest shortfall. O(instructions * 5).
 */
#include "passes/passes.h"
#include "target/target.h"
#include "ra/ra.h"
#include "util/bitset.h"
#include "emit/encode.h"

static bool is_valu(const mir_instr *i) { return i->opcode < ISA_NUM_OPS && isa_fmt_valu(isa_table[i->opcode].format); }
static bool is_salu(const mir_instr *i) { return i->opcode < ISA_NUM_OPS && isa_fmt_salu(isa_table[i->opcode].format); }
static bool is_vmem(const mir_instr *i) { return i->opcode < ISA_NUM_OPS && isa_fmt_vmem(isa_table[i->opcode].format); }

static bool overlaps(const mir_operand *a, const mir_operand *b) {
  mir_preg ra, rb;
  unsigned na, nb;
  mir_opnd_units(a, &ra, &na);
  mir_opnd_units(b, &rb, &nb);
  return na && nb && ra < rb + nb && rb < ra + na;
}

/* Does `prod` write an SGPR (or VCC) that operand `o` reads? */
static bool writes_sgpr_read_by(const mir_instr *prod, const mir_operand *o) {
  mir_preg r;
  unsigned n;
  mir_opnd_units(o, &r, &n);
  if (!n || r >= 256) return false;
  for (unsigned k = 0; k < prod->num_defs; k++)
    if (overlaps(&prod->defs[k], o)) return true;
  if ((isa_table[prod->opcode].flags & ISA_F_WRITES_VCC) && r <= MIR_PREG_VCC + 1 && r + n > MIR_PREG_VCC) return true;
  return false;
}

static bool writes_vcc(const mir_instr *prod) {
  if (isa_table[prod->opcode].flags & ISA_F_WRITES_VCC) return true;
  for (unsigned k = 0; k < prod->num_defs; k++) {
    mir_preg r;
    unsigned n;
    mir_opnd_units(&prod->defs[k], &r, &n);
    if (n && r <= MIR_PREG_VCC + 1 && r + n > MIR_PREG_VCC) return true;
  }
  return false;
}

static bool reads_m0(const mir_instr *c) {
  if (c->opcode < ISA_NUM_OPS && (isa_table[c->opcode].flags & ISA_F_READS_M0)) return true;
  for (unsigned k = 0; k < c->num_ops; k++) {
    mir_preg r;
    unsigned n;
    mir_opnd_units(&c->ops[k], &r, &n);
    if (n && r <= MIR_PREG_M0 && r + n > MIR_PREG_M0) return true;
  }
  return false;
}

static bool writes_m0(const mir_instr *p) {
  if (isa_table[p->opcode].flags & ISA_F_WRITES_M0) return true;
  for (unsigned k = 0; k < p->num_defs; k++) {
    mir_preg r;
    unsigned n;
    mir_opnd_units(&p->defs[k], &r, &n);
    if (n && r <= MIR_PREG_M0 && r + n > MIR_PREG_M0) return true;
  }
  return false;
}

static bool writes_exec(const mir_instr *p) {
  if (isa_table[p->opcode].flags & ISA_F_WRITES_EXEC) return true;
  for (unsigned k = 0; k < p->num_defs; k++) {
    mir_preg r;
    unsigned n;
    mir_opnd_units(&p->defs[k], &r, &n);
    if (n && r <= MIR_PREG_EXEC + 1 && r + n > MIR_PREG_EXEC) return true;
  }
  return false;
}

/* Instruction classes the rules name. */
enum { K_NONE, K_LANE_SELECT, K_DIV_FMAS, K_SETREG, K_GETREG };

static unsigned kind_of(unsigned op) {
  switch (op) {
  case ISA_V_READLANE_B32: case ISA_V_WRITELANE_B32: return K_LANE_SELECT;
  case ISA_V_DIV_FMAS_F32: case ISA_V_DIV_FMAS_F64: return K_DIV_FMAS;
  case ISA_S_SETREG_B32: case ISA_S_SETREG_IMM32_B32: return K_SETREG;
  case ISA_S_GETREG_B32: return K_GETREG;
  default: return K_NONE;
  }
}

static unsigned at_least(unsigned need, unsigned w) { return w > need ? w : need; }

/* Wait states `cons` needs after `prod` (0 if none) on a target needing
 * hw[h] for hazard h (wavecc_target.hazard_waits; 0: none). */
static unsigned required(const uint8_t *hw, const mir_instr *prod, const mir_instr *cons) {
  if (prod->opcode >= ISA_NUM_OPS || cons->opcode >= ISA_NUM_OPS) return 0;
  unsigned need = 0;
  unsigned pk = kind_of(prod->opcode), ck = kind_of(cons->opcode);
  if (is_valu(prod)) {
    if (ck == K_LANE_SELECT && cons->num_ops >= 2 && writes_sgpr_read_by(prod, &cons->ops[1]))
      need = at_least(need, hw[WAVECC_HZ_VALU_SGPR_LANESEL]);
    if (ck == K_DIV_FMAS && writes_vcc(prod)) need = at_least(need, hw[WAVECC_HZ_VALU_VCC_DIV_FMAS]);
    if (is_vmem(cons))
      for (unsigned k = 0; k < cons->num_ops; k++)
        if (writes_sgpr_read_by(prod, &cons->ops[k])) need = at_least(need, hw[WAVECC_HZ_VALU_SGPR_VMEM]);
  }
  /* not a lane select in M0: the ISA guide's table names no such hazard,
   * nor does LLVM 19's GCNHazardRecognizer (its M0 readers: VINTRP,
   * s_movrel, DS add-TID, s_sendmsg/GDS, LDS DMA, LDS_DIRECT); an s_nop
   * per lane in the atomic optimizer's loop otherwise */
  if (is_salu(prod) && writes_m0(prod) && ck != K_LANE_SELECT && reads_m0(cons))
    need = at_least(need, hw[WAVECC_HZ_SALU_M0]);
  if (cons->opcode < ISA_NUM_OPS && (isa_table[cons->opcode].flags & ISA_F_DPP)) {
    for (unsigned k = 0; k < cons->num_ops && need < hw[WAVECC_HZ_VALU_VGPR_DPP]; k++) {
      mir_preg r;
      unsigned n;
      mir_opnd_units(&cons->ops[k], &r, &n);
      if (!n || r < 256 || r >= 512) continue;
      for (unsigned j = 0; j < prod->num_defs; j++)
        if (overlaps(&prod->defs[j], &cons->ops[k])) need = at_least(need, hw[WAVECC_HZ_VALU_VGPR_DPP]);
    }
    if (writes_exec(prod)) need = at_least(need, hw[WAVECC_HZ_VALU_EXEC_DPP]);
  }
  if (pk == K_SETREG && (ck == K_GETREG || ck == K_SETREG)) need = at_least(need, hw[WAVECC_HZ_SETREG]);
  if (is_vmem(prod) && (isa_table[prod->opcode].flags & (ISA_F_STORE | ISA_F_ATOMIC)) && is_valu(cons) &&
      need < hw[WAVECC_HZ_VMEM_STORE_DATA]) {
    for (unsigned k = 0; k < prod->num_ops; k++) {
      const mir_operand *o = &prod->ops[k];
      mir_preg r;
      unsigned n;
      mir_opnd_units(o, &r, &n);
      if (n <= 2 || r < 256) continue; /* only data wider than 64 bits */
      for (unsigned j = 0; j < cons->num_defs; j++)
        if (overlaps(&cons->defs[j], o)) need = hw[WAVECC_HZ_VMEM_STORE_DATA];
    }
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
static unsigned shortfall(const mir_program *p, uint32_t b, uint32_t pos, const mir_instr *cons, unsigned dist,
                          unsigned depth) {
  const uint8_t *hw = p->target->hazard_waits;
  unsigned max_wait = wavecc_target_max_hazard_wait(p->target);
  unsigned worst = 0;
  const mir_block *blk = &p->blocks[b];
  for (uint32_t i = pos; i-- > 0 && dist < max_wait;) {
    const mir_instr *prod = blk->instrs[i];
    unsigned need = required(hw, prod, cons);
    if (need > dist && need - dist > worst) worst = need - dist;
    dist += wait_states(prod);
  }
  if (dist < max_wait && depth < 8)
    for (uint32_t k = 0; k < blk->linear_preds.n; k++) {
      uint32_t pb = blk->linear_preds.v[k];
      unsigned w = shortfall(p, pb, p->blocks[pb].num_instrs, cons, dist, depth + 1);
      if (w > worst) worst = w;
    }
  return worst;
}

/* Register units (mir_preg numbering) of soft-clause members. */
typedef struct clause_regs {
  uint64_t defs[8], uses[8];
  bool any_def;
} clause_regs;

static void clause_add(clause_regs *c, const mir_instr *ins) {
  for (unsigned k = 0; k < (unsigned)ins->num_ops + ins->num_defs; k++) {
    bool def = k >= ins->num_ops;
    const mir_operand *o = def ? &ins->defs[k - ins->num_ops] : &ins->ops[k];
    mir_preg r;
    unsigned n;
    mir_opnd_units(o, &r, &n);
    for (unsigned u = 0; u < n && r + u < 512; u++) bitset_set(def ? c->defs : c->uses, r + u);
    c->any_def |= def && n;
  }
}

/* Does `mem`, instruction i of block b and a member of clause kind k,
 * join a soft clause that a replay would get wrong? The walk goes back
 * over the members before it, through the blocks laid out before b while
 * they fall through (end in a member or a branch to the next block);
 * other pseudos left at this point emit nothing, or a branch, which ends
 * the clause. */
static bool clause_conflict(const mir_program *p, uint32_t b, uint32_t i, const mir_instr *mem, isa_clause k) {
  clause_regs c = {{0}, {0}, false};
  for (uint32_t bb = b, pos = i;; pos = p->blocks[--bb].num_instrs) {
    const mir_block *blk = &p->blocks[bb];
    while (pos-- > 0) {
      const mir_instr *prev = blk->instrs[pos];
      mir_branch br[2];
      bool branch = (prev->opcode == MIR_P_BRANCH || prev->opcode == MIR_P_CBRANCH_SCC)
                        ? mir_lower_branch(prev, bb, br) > 0 /* a branch to the next block emits nothing */
                        : prev->opcode == MIR_P_CALL || prev->opcode == MIR_P_RETURN;
      if (branch || (prev->opcode < ISA_NUM_OPS && isa_clause_of(isa_table[prev->opcode].format) != k)) goto done;
      if (prev->opcode < ISA_NUM_OPS) clause_add(&c, prev);
    }
    if (bb == 0) break;
  }
done:
  if (!c.any_def) return false; /* no earlier member writes anything */
  if (isa_table[mem->opcode].flags & (ISA_F_STORE | ISA_F_ATOMIC)) return true;
  clause_add(&c, mem);
  for (unsigned w = 0; w < 8; w++)
    if (c.defs[w] & c.uses[w]) return true;
  return false;
}

int mir_insert_hazard_nops(mir_program *p, diag *d) {
  (void)d;
  bool replay = wavecc_xnack_replay(p->target, p->target_xnack);
  for (uint32_t b = 0; b < p->num_blocks; b++) {
    mir_block *blk = &p->blocks[b];
    for (uint32_t i = 0; i < blk->num_instrs; i++) {
      const mir_instr *cons = blk->instrs[i];
      if (cons->opcode >= ISA_NUM_OPS) continue;
      unsigned w = shortfall(p, b, i, cons, 0, 0);
      isa_clause k = isa_clause_of(isa_table[cons->opcode].format);
      if (!w && replay && k != ISA_CLAUSE_NONE && clause_conflict(p, b, i, cons, k)) w = 1;
      if (!w) continue;
      mir_instr *nop = mir_instr_create(p, ISA_S_NOP, 0, 0);
      nop->offset = (int32_t)(w - 1); /* s_nop N gives N+1 wait states */
      mir_block_insert(p, blk, i, nop);
      i++;
    }
  }
  return 0;
}
