/* fuse-shift-add: `t = v_lshlrev_b32 k, x` (or `t = s_lshl_b32 x, k`, k a
 * constant) read only by `d = v_add_u32 t, y` (either operand) in the same
 * block becomes `d = v_lshl_add_u32 x, k, y`; read only by `v_or_b32` it
 * becomes `v_lshl_or_b32 x, k, y`. dce then deletes the shift. A constant
 * VALU shift x = y << c read only there folds in too (k + c below 32).
 *
 * Why (issue 27): isel_fuse.c fuses these at selection, but only IR
 * operations: the add of an address computed from a GEP (`base + i * 4`,
 * an LDS or private index) is made by the GEP's selection, not an IR add,
 * so it never matched. app_scan had 13 such pairs where llc-19 writes one
 * v_lshl_add_u32 (AMDGPU's VOP3 patterns, isel of the GEP's ISD::ADD).
 *
 * Semantics (Vega ISA guide, VOP3 opcodes 0x1fd, 0x200): D = (S0 << S1[4:0])
 * + S2, D = (S0 << S1[4:0]) | S2, as v_lshlrev_b32 (src0 the amount, bits
 * 4:0) followed by the add or or. Only where the VOP3 form is legal on
 * every target wavecc has: no literal operand (gfx9 VOP3 has none), at
 * most one SGPR read (gfx9's constant bus; gfx10+ allow two), no source
 * modifiers, no clamp or output modifier, no physical register operand.
 * Same block only: a shift hoisted out of a loop (licm) stays hoisted
 * rather than moving back into the loop as part of the fused instruction,
 * which would also make x live through the loop instead of t.
 * Never fails; returns 0. */
#include <stdlib.h>

#include "passes/passes.h"
#include "emit/encode.h"
#include "target/isa.h"

/* o may be an operand of a VOP3 instruction; *sgpr collects the one SGPR
 * temporary allowed. */
static bool vop3_operand(const mir_operand *o, uint32_t *sgpr) {
  if (o->flags & ~(MIR_OPND_KILL | MIR_OPND_LATE_KILL)) return false;
  if (o->kind == MIR_OPND_CONST) return o->size <= 1 && mir_const_is_inline(o->imm);
  if (o->kind != MIR_OPND_TEMP) return false;
  if (mir_rc_is_vgpr((mir_rc)o->temp.rc)) return o->temp.rc == mir_rc_v(1); /* not a linear VGPR */
  if (o->temp.rc != 1) return false;
  if (*sgpr && *sgpr != o->temp.id) return false;
  *sgpr = o->temp.id;
  return true;
}

static bool plain(const mir_instr *i) { return !i->clamp && !i->omod && !(i->enc_flags & ~MIR_ENC_VOP3); }

/* The fused instruction for ins (an add or or in block blk), or NULL. */
static mir_instr *fuse(mir_program *p, const mir_instr *ins, mir_instr *const *def, const uint32_t *block_of,
                       const uint32_t *uses, uint32_t blk) {
  unsigned op = ins->opcode == ISA_V_ADD_U32 ? ISA_V_LSHL_ADD_U32 : ins->opcode == ISA_V_OR_B32 ? ISA_V_LSHL_OR_B32 : 0;
  if (!op || ins->num_ops != 2 || ins->num_defs != 1 || !plain(ins)) return NULL;
  for (unsigned k = 0; k < 2; k++) {
    const mir_operand *t = &ins->ops[k];
    if (t->kind != MIR_OPND_TEMP || t->temp.id >= p->num_temps || uses[t->temp.id] != 1) continue;
    const mir_instr *sh = def[t->temp.id];
    bool salu = sh && sh->opcode == ISA_S_LSHL_B32;
    if (!sh || (sh->opcode != ISA_V_LSHLREV_B32 && !salu) || sh->num_ops != 2 || sh->num_defs != 1 || !plain(sh) ||
        block_of[t->temp.id] != blk)
      continue;
    /* s_lshl_b32 x, k (a uniform x scaled: get_group_id(1) * 16): the
     * SALU shift and the add become one VALU instruction, as llc-19's
     * v_lshl_or_b32 s, 4, v in bench/real/transpose_lds.cl */
    mir_operand o[3] = {sh->ops[salu ? 0 : 1], sh->ops[salu ? 1 : 0], ins->ops[1 - k]};
    if (salu && !(o[1].kind == MIR_OPND_CONST && o[1].size <= 1 && o[1].imm < 32)) continue;
    /* (y << c1) << c2 with c1 + c2 < 32 is y << (c1 + c2): the inner
     * shift, read only here, goes too (a scaled index of a scaled index:
     * bench/real/scan_blelloch.cl's t[off * (2 * l + 1) - 1]) */
    const mir_instr *in = o[0].kind == MIR_OPND_TEMP && o[0].temp.id < p->num_temps && uses[o[0].temp.id] == 1 &&
                                  block_of[o[0].temp.id] == blk
                              ? def[o[0].temp.id]
                              : NULL;
    if (in && in->opcode == ISA_V_LSHLREV_B32 && in->num_ops == 2 && in->num_defs == 1 && plain(in) &&
        o[1].kind == MIR_OPND_CONST && o[1].size <= 1 && in->ops[0].kind == MIR_OPND_CONST && in->ops[0].size <= 1 &&
        o[1].imm < 32 && in->ops[0].imm < 32 && o[1].imm + in->ops[0].imm < 32) {
      o[1].imm += in->ops[0].imm;
      o[0] = in->ops[1];
    }
    uint32_t sgpr = 0;
    bool ok = true;
    for (unsigned j = 0; j < 3 && ok; j++) ok = vop3_operand(&o[j], &sgpr);
    if (!ok) continue;
    mir_instr *f = mir_instr_create(p, op, 3, 1);
    for (unsigned j = 0; j < 3; j++) {
      f->ops[j] = o[j];
      f->ops[j].flags = 0;
    }
    f->defs[0] = ins->defs[0];
    f->loc = ins->loc;
    return f;
  }
  return NULL;
}

int mir_fuse_shift_add(mir_program *p, diag *d) {
  (void)d;
  uint32_t n = p->num_temps ? p->num_temps : 1;
  mir_instr **def = calloc(n, sizeof *def);
  uint32_t *uses = calloc(n, sizeof *uses), *block_of = calloc(n, sizeof *block_of);
  if (!def || !uses || !block_of) { /* an optimisation only */
    free(def);
    free(uses);
    free(block_of);
    return 0;
  }
  for (uint32_t b = 0; b < p->num_blocks; b++)
    for (uint32_t i = 0; i < p->blocks[b].num_instrs; i++) {
      mir_instr *ins = p->blocks[b].instrs[i];
      for (unsigned k = 0; k < ins->num_defs; k++)
        if (ins->defs[k].kind == MIR_OPND_TEMP && ins->defs[k].temp.id < p->num_temps) {
          def[ins->defs[k].temp.id] = ins;
          block_of[ins->defs[k].temp.id] = b;
        }
      for (unsigned k = 0; k < ins->num_ops; k++)
        if (ins->ops[k].kind == MIR_OPND_TEMP && ins->ops[k].temp.id < p->num_temps) uses[ins->ops[k].temp.id]++;
    }
  for (uint32_t b = 0; b < p->num_blocks; b++)
    for (uint32_t i = 0; i < p->blocks[b].num_instrs; i++) {
      mir_instr *f = fuse(p, p->blocks[b].instrs[i], def, block_of, uses, b);
      if (!f) continue;
      /* the shift is unread now (dce deletes it); x gained a reader but
       * loses the shift's, so the counts stay right */
      p->blocks[b].instrs[i] = f;
    }
  free(def);
  free(uses);
  free(block_of);
  return 0;
}
