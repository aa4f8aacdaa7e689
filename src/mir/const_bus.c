/* VALU operand rules on machine IR: inline constants and the constant bus.
 *
 * A VALU instruction reads its scalar sources (SGPRs, VCC, EXEC, M0 and
 * 32-bit literals) over the constant bus: gfx9 and CDNA read one such
 * value per instruction, GFX10+ two (target.h const_bus_limit, with the
 * 64-bit shifts kept at one: ISA_F_BUS1), and GFX10+ VOP3 may carry a
 * literal (vop3_literal). The same register or literal read twice counts
 * once. Sources: Vega and RDNA 2 ISA guides, "VALU Instruction Operands"
 * (constant bus); LLVM SIInstrInfo::verifyInstruction and
 * GCNSubtarget::getConstantBusLimit; every case checked with llvm-mc-19
 * (gfx900, gfx1030, gfx1100). Isel (isel_valu), the passes that rewrite
 * VALU operands (simplify, copy clean-up) and the verifier ask here. */
#include "mir/mir.h"

bool mir_const_is_inline(uint32_t v) {
  int32_t s = (int32_t)v;
  if (s >= -16 && s <= 64) return true;
  switch (v) {
  case 0x3f000000u: case 0xbf000000u: case 0x3f800000u: case 0xbf800000u:
  case 0x40000000u: case 0xc0000000u: case 0x40800000u: case 0xc0800000u:
  case 0x3e22f983u:
    return true;
  default:
    return false;
  }
}

/* A key naming the scalar value operand o reads, or 0 when o reads none
 * over the constant bus (a VGPR, an inline constant, NULL, SCC). Keys:
 * register + 1 once allocated (or fixed), 0x10000 + temporary id before,
 * 0x2000000 + ... never collide with literals, which are counted apart. */
static uint32_t scalar_key(const mir_operand *o) {
  switch (o->kind) {
  case MIR_OPND_TEMP:
    if (mir_rc_is_vgpr((mir_rc)o->temp.rc)) return 0;
    if (o->preg == MIR_PREG_SCC) return 0;
    return o->preg != MIR_PREG_NONE ? (uint32_t)o->preg + 1u : 0x10000u + o->temp.id;
  case MIR_OPND_FIXED:
    if (o->preg >= 256 || o->preg == MIR_PREG_NULL || o->preg == MIR_PREG_SCC) return 0;
    return (uint32_t)o->preg + 1u;
  case MIR_OPND_UNDEF: /* printed and encoded as s0 (emit_asm.c) */
    return mir_rc_is_vgpr((mir_rc)o->temp.rc) ? 0 : MIR_PREG_SGPR(0) + 1u;
  default:
    return 0;
  }
}

/* A constant read as a literal: a 64-bit operand's too (size 2: a 32-bit
 * literal the instruction extends; 1/(2pi) is inline in 32-bit operands
 * only, as the encoder's inline_code). */
static bool is_literal(const mir_operand *o) {
  if (o->kind != MIR_OPND_CONST) return false;
  if (o->size == 2) return !mir_const_is_inline(o->imm) || o->imm == 0x3e22f983u;
  return o->size <= 1 && !mir_const_is_inline(o->imm);
}

mir_bus_use mir_const_bus_use(const mir_operand *ops, unsigned n) {
  mir_bus_use u = {0, 0};
  for (unsigned i = 0; i < n; i++) {
    const mir_operand *o = &ops[i];
    bool lit = is_literal(o);
    uint32_t key = lit ? 0 : scalar_key(o);
    if (!lit && !key) continue;
    bool seen = false;
    for (unsigned j = 0; j < i && !seen; j++) {
      if (lit) seen = is_literal(&ops[j]) && ops[j].imm == o->imm;
      else seen = !is_literal(&ops[j]) && scalar_key(&ops[j]) == key;
    }
    if (seen) continue;
    u.reads++;
    if (lit) u.literals++;
  }
  return u;
}

bool mir_valu_bus_ok(const wavecc_target *t, unsigned op, bool vop3, const mir_operand *ops, unsigned n) {
  mir_bus_use u = mir_const_bus_use(ops, n);
  if (u.reads > wavecc_const_bus_limit(t, op)) return false;
  isa_format f = op < ISA_NUM_OPS ? isa_table[op].format : ISA_FMT_COUNT;
  if (f == ISA_FMT_VOP3P) return u.literals == 0; /* wavecc writes no packed literals */
  if (vop3 || f == ISA_FMT_VOP3) return u.literals <= (t->vop3_literal ? 1u : 0u);
  return u.literals <= 1;
}
