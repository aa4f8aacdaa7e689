/* sdwa: a byte or half-word extract read only by 32-bit integer
 * VOP1/VOP2/VOPC instructions of its block becomes an SDWA source select
 * of those readers, on targets with SDWA (wavecc_target.sdwa: gfx9, GFX10):
 *
 *   t = v_bfe_u32 x, 8, 8          u = v_lshlrev_b32 2, t
 *   -> u = v_lshlrev_b32_sdwa 2, x src1_sel:BYTE_1
 *
 * Extracts (Vega ISA guide: V_BFE_U32/I32 "D = (S0 >> S1[4:0]) & ((1 <<
 * S2[4:0]) - 1)", sign-extended for I32; V_LSHRREV/ASHRREV_B32 "D = S1 >>
 * S0[4:0]"): x & 0xff / 0xffff (BYTE_0 / WORD_0), v_bfe_u32 x, 8k, 8
 * (BYTE_k), v_bfe_u32 x, 16k, 16 (WORD_k), x >> 24 (BYTE_3), x >> 16
 * (WORD_1); v_bfe_i32 and v_ashrrev_i32 the same sign-extended (SEXT).
 * An SDWA source reads exactly that value (Vega ISA guide 12.x "SDWA":
 * SRC_SEL picks the bits, SEXT sign-extends them to 32), so the reader
 * computes what it did, one instruction fewer per extract.
 *
 * Why (issue 27): bench/real/hist_local.cl counts the four bytes of a word
 * with v_and/v_bfe/v_lshrrev then v_lshlrev per byte, where llc-19 writes
 * one v_lshlrev_b32_sdwa each (SIPeepholeSDWA); 8 VALU instructions of
 * its loop become 4.
 *
 * Only: readers whose opcode has ISA_F_SDWA (32-bit integer sources),
 * with no clamp, omod, forced VOP3 or source modifier, a VGPR result (a
 * compare: its lane mask in any SGPRs, VCC or not: SDWA's SDST) and
 * every source a VGPR or SGPR temporary or an inline constant (SDWA takes
 * no literal), at most the target's constant-bus limit of SGPRs; x a
 * VGPR temporary. Every reader of t must take the fold, so that the
 * extract dies (dce deletes it) and no value lives longer: a reader that
 * cannot would leave t and x both live. Same block only (a hoisted extract
 * stays hoisted). Runs after simplify and cse, which compare and
 * evaluate instructions without knowing selects. Never fails; returns 0. */
#include <stdlib.h>

#include "passes/passes.h"
#include "passes/ssa_rename.h"
#include "target/isa.h"

static bool plain(const mir_instr *i) { return !i->clamp && !i->omod && !i->enc_flags; }

static bool is_const(const mir_operand *o, uint32_t v) {
  return o->kind == MIR_OPND_CONST && o->size <= 1 && o->imm == v && !(o->flags & MIR_OPND_MODS);
}

static bool plain_vgpr(const mir_program *p, const mir_operand *o) {
  return o->kind == MIR_OPND_TEMP && o->temp.rc == mir_rc_v(1) && o->temp.id < p->num_temps &&
         !(o->flags & (MIR_OPND_MODS | MIR_OPND_FIXED_REG)) && !o->sel;
}

/* If ins is a byte or half-word extract of a VGPR x, its select
 * (MIR_SEL_*) and *x; else 0. */
static unsigned extract_sel(const mir_program *p, const mir_instr *ins, const mir_operand **x) {
  if (!ins || ins->num_defs != 1 || !plain(ins) || ins->defs[0].kind != MIR_OPND_TEMP ||
      ins->defs[0].temp.rc != mir_rc_v(1))
    return 0;
  const mir_operand *o = ins->ops;
  switch (ins->opcode) {
  case ISA_V_AND_B32:
    if (ins->num_ops != 2) return 0;
    for (unsigned k = 0; k < 2; k++)
      if (plain_vgpr(p, &o[1 - k]) && (is_const(&o[k], 0xff) || is_const(&o[k], 0xffff))) {
        *x = &o[1 - k];
        return o[k].imm == 0xff ? MIR_SEL_BYTE_0 : MIR_SEL_WORD_0;
      }
    return 0;
  case ISA_V_BFE_U32: case ISA_V_BFE_I32: {
    if (ins->num_ops != 3 || !plain_vgpr(p, &o[0]) || o[1].kind != MIR_OPND_CONST || o[2].kind != MIR_OPND_CONST ||
        o[1].size > 1 || o[2].size > 1 || ((o[1].flags | o[2].flags) & MIR_OPND_MODS))
      return 0;
    unsigned off = o[1].imm & 31u, w = o[2].imm & 31u, sx = ins->opcode == ISA_V_BFE_I32 ? MIR_SEL_SEXT : 0;
    *x = &o[0];
    if (w == 8 && off % 8 == 0) return (MIR_SEL_BYTE_0 + off / 8) | sx;
    if (w == 16 && off % 16 == 0) return (MIR_SEL_WORD_0 + off / 16) | sx;
    return 0;
  }
  case ISA_V_LSHRREV_B32: case ISA_V_ASHRREV_I32: {
    if (ins->num_ops != 2 || !plain_vgpr(p, &o[1])) return 0;
    unsigned sx = ins->opcode == ISA_V_ASHRREV_I32 ? MIR_SEL_SEXT : 0;
    *x = &o[1];
    if (is_const(&o[0], 24)) return (MIR_SEL_BYTE_0 + 3) | sx;
    if (is_const(&o[0], 16)) return MIR_SEL_WORD_1 | sx;
    return 0;
  }
  default: return 0;
  }
}

/* May reader `ins` take a select on source k? Its other source must suit
 * SDWA and the constant bus. */
static bool reader_ok(const mir_program *p, const mir_instr *ins, unsigned k) {
  if (ins->opcode >= ISA_NUM_OPS || !(isa_table[ins->opcode].flags & ISA_F_SDWA)) return false;
  isa_format f = isa_table[ins->opcode].format;
  /* isel marks compares VOP3 for their SGPR result, which SDWA writes too */
  if (ins->clamp || ins->omod || (ins->enc_flags & ~(f == ISA_FMT_VOPC ? MIR_ENC_VOP3 : 0))) return false;
  /* a VGPR result; a compare's lane mask in any SGPRs (SDWA's SDST) */
  mir_rc want = f == ISA_FMT_VOPC ? mir_rc_s(mir_lane_dwords(p)) : mir_rc_v(1);
  if (ins->num_defs != 1 || ins->defs[0].kind != MIR_OPND_TEMP || ins->defs[0].temp.rc != want ||
      ins->num_ops != (f == ISA_FMT_VOP1 ? 1u : 2u) || k >= ins->num_ops)
    return false;
  unsigned sgprs = 0;
  for (unsigned j = 0; j < ins->num_ops; j++) {
    const mir_operand *o = &ins->ops[j];
    if (o->flags & (MIR_OPND_MODS | MIR_OPND_FIXED_REG)) return false;
    if (j == k) continue;
    if (o->kind == MIR_OPND_CONST) {
      if (o->size > 1 || !mir_const_is_inline(o->imm)) return false;
    } else if (o->kind == MIR_OPND_TEMP) {
      if (!mir_rc_is_vgpr((mir_rc)o->temp.rc)) {
        if (o->temp.rc != mir_rc_s(1)) return false;
        sgprs++;
      } else if (o->temp.rc != mir_rc_v(1)) {
        return false;
      }
    } else {
      return false;
    }
  }
  return sgprs <= p->target->const_bus_limit;
}

/* The fold over p, with n-entry zeroed tables (see mir_sdwa). */
static void fold_all(mir_program *p, uint32_t n, mir_instr **def, uint8_t *ndefs, uint32_t *uses, uint32_t *ok,
                     uint32_t *block_of) {
  ssa_count(p, n, def, ndefs, uses);
  for (uint32_t b = 0; b < p->num_blocks; b++) /* the block of each extract's definition */
    for (uint32_t i = 0; i < p->blocks[b].num_instrs; i++)
      for (unsigned k = 0; k < p->blocks[b].instrs[i]->num_defs; k++)
        if (p->blocks[b].instrs[i]->defs[k].kind == MIR_OPND_TEMP && p->blocks[b].instrs[i]->defs[k].temp.id < n)
          block_of[p->blocks[b].instrs[i]->defs[k].temp.id] = b;
  /* Two rounds: count each extract's readers that can take its select,
   * then fold where all of them can. */
  for (int round = 0; round < 2; round++)
    for (uint32_t b = 0; b < p->num_blocks; b++)
      for (uint32_t i = 0; i < p->blocks[b].num_instrs; i++) {
        mir_instr *ins = p->blocks[b].instrs[i];
        for (unsigned k = 0; k < ins->num_ops && k < 2; k++) {
          mir_operand *o = &ins->ops[k];
          if (o->kind != MIR_OPND_TEMP || o->temp.id >= n || o->sel || block_of[o->temp.id] != b) continue;
          const mir_operand *x = NULL;
          unsigned sel = extract_sel(p, def[o->temp.id], &x);
          if (!sel || ndefs[o->temp.id] != 1) continue;
          if (round == 0) {
            if (reader_ok(p, ins, k)) ok[o->temp.id]++;
            continue;
          }
          if (ok[o->temp.id] != uses[o->temp.id]) continue;
          /* x gains a reader per folded one; t's count is left as it was:
           * every reader folds, so t ends up unread (dce) */
          o->temp = x->temp;
          o->sel = (uint8_t)sel;
          ins->enc_flags = 0; /* a compare's VOP3 mark (reader_ok) */
        }
      }
}

int mir_sdwa(mir_program *p, diag *d) {
  (void)d;
  if (!p->target || !p->target->sdwa || !p->num_temps) return 0;
  uint32_t n = p->num_temps;
  mir_instr **def = calloc(n, sizeof *def);
  uint8_t *ndefs = calloc(n, 1);
  uint32_t *uses = calloc(n, sizeof *uses), *ok = calloc(n, sizeof *ok), *block_of = calloc(n, sizeof *block_of);
  if (def && ndefs && uses && ok && block_of) fold_all(p, n, def, ndefs, uses, ok, block_of); /* else: an optimisation only */
  free(def);
  free(ndefs);
  free(uses);
  free(ok);
  free(block_of);
  return 0;
}
