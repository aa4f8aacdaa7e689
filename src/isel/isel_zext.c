/* Instruction selection: zero extensions that need no instruction.
 *
 * i8/i16 values live in 32-bit registers whose upper bits are undefined,
 * so a zero extension is normally a v_and_b32 / s_and_b32 with 0xff or
 * 0xffff. Some definitions already leave those bits zero: the byte and
 * short loads global/flat/buffer/scratch_load_ubyte/ushort and
 * ds_read_u8/u16 zero-extend into the whole VGPR (Vega ISA guide, the
 * MUBUF/FLAT/DS load opcodes), and an AND with a mask that fits clears
 * them too, and so do AND, OR and XOR of such values (two levels deep),
 * an unsigned minimum with such a value, maximums and signed minimums of
 * two, and v_bfe_u32 of a narrow enough field; and what a selector marked
 * (isel_mark_zero_above: the quotient and remainder of a narrow unsigned
 * division, at most their zero-extended operands).
 * The check reads the machine IR already selected: the defining
 * instruction of the temporary, looked for among the last instructions of
 * the current block (a bounded backward scan; a definition further away
 * or in another block just keeps the AND).
 */
#include "isel/isel_internal.h"

enum { ZEXT_SCAN = 256 };

static unsigned loaded_bits(unsigned op) {
  switch (op) {
  case ISA_GLOBAL_LOAD_UBYTE: case ISA_FLAT_LOAD_UBYTE: case ISA_BUFFER_LOAD_UBYTE: case ISA_SCRATCH_LOAD_UBYTE:
  case ISA_DS_READ_U8:
    return 8;
  case ISA_GLOBAL_LOAD_USHORT: case ISA_FLAT_LOAD_USHORT: case ISA_BUFFER_LOAD_USHORT: case ISA_SCRATCH_LOAD_USHORT:
  case ISA_DS_READ_U16:
    return 16;
  default:
    return 32;
  }
}

/* Below the scan bound from position `end` of the current block; `depth`
 * bounds the walk through AND/OR/XOR operands (both zero above `bits`
 * for OR/XOR, either for AND). */
static bool zero_above(isel_ctx *c, mir_operand o, unsigned bits, uint32_t end, unsigned depth) {
  if (o.kind == MIR_OPND_CONST) return o.size <= 1 && o.imm <= (1u << bits) - 1;
  if (o.kind != MIR_OPND_TEMP || mir_rc_size((mir_rc)o.temp.rc) != 1) return false;
  for (unsigned k = 0; k < sizeof c->zx_known / sizeof c->zx_known[0]; k++)
    if (c->zx_known[k].id == o.temp.id && o.temp.id && c->zx_known[k].bits <= bits) return true;
  const mir_block *b = &c->p->blocks[c->cur];
  uint32_t stop = end > ZEXT_SCAN ? end - ZEXT_SCAN : 0;
  for (uint32_t i = end; i-- > stop;) {
    const mir_instr *ins = b->instrs[i];
    if (ins->num_defs < 1 || ins->defs[0].kind != MIR_OPND_TEMP || ins->defs[0].temp.id != o.temp.id) continue;
    if (loaded_bits(ins->opcode) <= bits) return true;
    /* v_bfe_u32 x, offset, width <= bits */
    if (ins->opcode == ISA_V_BFE_U32 && ins->num_ops == 3 && ins->ops[2].kind == MIR_OPND_CONST &&
        (ins->ops[2].imm & 31) <= bits && (ins->ops[2].imm & 31) != 0)
      return true;
    /* a left shift by k of a value zero above bits - k; a right shift
     * by k of one zero above bits + k (funnel shifts of odd widths:
     * widen-odd-integers shifts the narrow operand into place) */
    bool vshl = ins->opcode == ISA_V_LSHLREV_B32, vshr = ins->opcode == ISA_V_LSHRREV_B32;
    if ((vshl || vshr) && ins->num_ops == 2 && ins->ops[0].kind == MIR_OPND_CONST && ins->ops[0].imm < 32 && depth) {
      unsigned k = ins->ops[0].imm;
      if (vshl) return k < bits && zero_above(c, ins->ops[1], bits - k, i, depth - 1);
      return bits + k >= 32 || zero_above(c, ins->ops[1], bits + k, i, depth - 1);
    }
    /* an unsigned minimum is at most either operand; a maximum, or a
     * signed minimum or maximum of two such (non-negative) values, is one
     * of them (llvm.umin.i16 of a loaded ushort, zero-extended after:
     * f_conv_int_sat.cl) */
    bool is_and = ins->opcode == ISA_V_AND_B32 || ins->opcode == ISA_S_AND_B32 || ins->opcode == ISA_V_MIN_U32 ||
                  ins->opcode == ISA_S_MIN_U32;
    bool is_or = ins->opcode == ISA_V_OR_B32 || ins->opcode == ISA_S_OR_B32 || ins->opcode == ISA_V_XOR_B32 ||
                 ins->opcode == ISA_S_XOR_B32 || ins->opcode == ISA_V_MAX_U32 || ins->opcode == ISA_S_MAX_U32 ||
                 ins->opcode == ISA_V_MIN_I32 || ins->opcode == ISA_S_MIN_I32 || ins->opcode == ISA_V_MAX_I32 ||
                 ins->opcode == ISA_S_MAX_I32;
    if ((!is_and && !is_or) || ins->num_ops != 2 || ins->clamp) return false;
    if (!depth) {
      /* only the constant-mask case without looking further */
      if (!is_and) return false;
      /* (a minimum's operands are its bound too) */
      for (unsigned k = 0; k < 2; k++)
        if (ins->ops[k].kind == MIR_OPND_CONST && ins->ops[k].imm <= (1u << bits) - 1) return true;
      return false;
    }
    bool z0 = zero_above(c, ins->ops[0], bits, i, depth - 1), z1 = zero_above(c, ins->ops[1], bits, i, depth - 1);
    return is_and ? z0 || z1 : z0 && z1;
  }
  return false;
}

bool isel_shifted_from(isel_ctx *c, mir_operand o, mir_operand *x, unsigned *k) {
  if (o.kind != MIR_OPND_TEMP || !isel_opnd_is_vgpr(&o) || mir_rc_size((mir_rc)o.temp.rc) != 1) return false;
  const mir_block *b = &c->p->blocks[c->cur];
  uint32_t end = b->num_instrs, stop = end > ZEXT_SCAN ? end - ZEXT_SCAN : 0;
  for (uint32_t i = end; i-- > stop;) {
    const mir_instr *ins = b->instrs[i];
    if (ins->num_defs < 1 || ins->defs[0].kind != MIR_OPND_TEMP || ins->defs[0].temp.id != o.temp.id) continue;
    if (ins->opcode != ISA_V_LSHRREV_B32 || ins->ops[0].kind != MIR_OPND_CONST || ins->ops[0].imm >= 32 ||
        ins->ops[1].kind != MIR_OPND_TEMP || (ins->ops[1].flags & (MIR_OPND_NEG | MIR_OPND_ABS)) ||
        mir_rc_size((mir_rc)ins->ops[1].temp.rc) != 1)
      return false;
    *x = ins->ops[1];
    x->flags = 0;
    *k = ins->ops[0].imm;
    return true;
  }
  return false;
}

bool isel_upper_bits_zero(isel_ctx *c, mir_operand o, unsigned bits) {
  if (o.kind != MIR_OPND_TEMP || bits >= 32) return false;
  return zero_above(c, o, bits, c->p->blocks[c->cur].num_instrs, 2);
}

void isel_mark_zero_above(isel_ctx *c, mir_temp t, unsigned bits) {
  if (!t.id || bits >= 32) return;
  unsigned n = sizeof c->zx_known / sizeof c->zx_known[0];
  c->zx_known[c->zx_next % n].id = t.id;
  c->zx_known[c->zx_next % n].bits = (uint8_t)bits;
  c->zx_next++;
}
