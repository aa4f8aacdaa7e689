/* Packed (VOP3P) sources: what the op_sel / op_sel_hi / neg_lo / neg_hi
 * fields of a v_pk_* instruction hold for each source, from the operand's
 * MIR_OPND_* flags (mir.h). Shared by the encoder (src/emit/encode_gfx9.c,
 * encode_gfx10.c) and the assembly printer (src/emit/emit_vop3p.c), so
 * both write the same bits.
 *
 * The packed f32 instructions of CDNA 2/3 (v_pk_fma/mul/add_f32,
 * v_pk_mov_b32) read 64-bit register pairs; op_sel bit k picks which dword
 * of source k the low lane reads, op_sel_hi bit k which one the high lane
 * reads (CDNA 3 ISA guide, "VOP3P"; LLVM's SIInstrInfo packed-FP32
 * operands). A value both lanes read (a broadcast scalar) is one dword in
 * machine IR: the instruction names the even-aligned pair holding it and
 * selects its half for both lanes, so no pair has to be built. */
#include "mir/mir.h"

bool mir_is_pk_f32(unsigned opcode) {
  return opcode == ISA_V_PK_FMA_F32 || opcode == ISA_V_PK_MUL_F32 || opcode == ISA_V_PK_ADD_F32 ||
         opcode == ISA_V_PK_MOV_B32;
}

static unsigned opnd_dwords(const mir_operand *o) {
  if (o->kind == MIR_OPND_TEMP || o->kind == MIR_OPND_UNDEF) return mir_rc_size(o->temp.rc);
  if (o->kind == MIR_OPND_FIXED) return o->size ? o->size : 1;
  return 0;
}

bool mir_vop3p_broadcast(const mir_instr *ins, unsigned k) {
  /* v_pk_mov_b32 takes one dword of each source by op_sel alone */
  if (k >= ins->num_ops || !mir_is_pk_f32(ins->opcode) || ins->opcode == ISA_V_PK_MOV_B32) return false;
  return opnd_dwords(&ins->ops[k]) == 1;
}

mir_vop3p_src mir_vop3p_source(const mir_instr *ins, unsigned k) {
  const mir_operand *o = &ins->ops[k];
  mir_vop3p_src s = {.reg = MIR_PREG_NONE, .dwords = opnd_dwords(o)};
  s.neg_lo = o->flags & MIR_OPND_NEG;
  s.neg_hi = o->flags & MIR_OPND_NEG_HI;
  s.opsel = o->flags & MIR_OPND_OPSEL;
  s.opsel_hi = !(o->flags & MIR_OPND_HI_FROM_LO);
  if (o->kind == MIR_OPND_TEMP || o->kind == MIR_OPND_FIXED) s.reg = o->preg;
  if (!mir_vop3p_broadcast(ins, k) || s.reg == MIR_PREG_NONE) return s;
  /* the pair is even-aligned in either file (VGPR numbers count from 256,
   * SGPRs from 0, AGPRs from 512: all even) */
  bool odd = s.reg & 1u;
  s.reg = (mir_preg)(s.reg & ~1u);
  s.dwords = 2;
  s.opsel = s.opsel_hi = odd;
  return s;
}
