/* Assembly text of packed (VOP3P) source modifiers, as llvm-mc-19 prints
 * them (AMDGPUInstPrinter::printPackedModifier): after the operands,
 * " op_sel:[..]", " op_sel_hi:[..]", " neg_lo:[..]", " neg_hi:[..]", one
 * digit per source, each list only when some bit differs from its default
 * (op_sel_hi 1, the others 0). The bits come from mir_vop3p_source, as the
 * encoder's do (encode_operands.c). */
#include "emit/emit_vop3p.h"

bool mir_vop3p_named_mods(const mir_instr *ins) {
  if (ins->opcode >= ISA_NUM_OPS || isa_table[ins->opcode].format != ISA_FMT_VOP3P) return false;
  if (isa_table[ins->opcode].flags & ISA_F_MFMA) return false;
  if (mir_is_pk_f32(ins->opcode)) return true;
  /* neg_lo alone too (the gfx11 v_dot4_i32_iu8's signed sources,
   * isel_dot.c), except on the mixed-precision v_mad/fma_mix ones, whose
   * scalar sources llvm-mc writes "-v1" */
  unsigned op = ins->opcode;
  bool mix = op == ISA_V_MAD_MIX_F32 || op == ISA_V_FMA_MIX_F32 || op == ISA_V_MAD_MIXLO_F16 ||
             op == ISA_V_MAD_MIXHI_F16 || op == ISA_V_FMA_MIXLO_F16 || op == ISA_V_FMA_MIXHI_F16;
  for (unsigned k = 0; k < ins->num_ops; k++)
    if ((ins->ops[k].flags & MIR_OPND_PK_SEL) || (!mix && (ins->ops[k].flags & MIR_OPND_NEG))) return true;
  return false;
}

mir_operand mir_vop3p_print_operand(const mir_instr *ins, unsigned k) {
  mir_operand o = ins->ops[k];
  mir_vop3p_src s = mir_vop3p_source(ins, k);
  o.flags &= (uint8_t)~MIR_OPND_MODS; /* written as the lists below */
  if (s.reg == MIR_PREG_NONE || !mir_vop3p_broadcast(ins, k)) return o;
  o.preg = s.reg;
  if (o.kind == MIR_OPND_TEMP) o.temp.rc = mir_rc_is_vgpr(o.temp.rc) ? mir_rc_v(s.dwords) : mir_rc_s(s.dwords);
  else o.size = (uint8_t)s.dwords;
  return o;
}

void mir_print_vop3p_mods(FILE *out, const mir_instr *ins) {
  unsigned n = ins->num_ops < 3 ? ins->num_ops : 3;
  unsigned bits[4] = {0, 0, 0, 0};
  for (unsigned k = 0; k < n; k++) {
    mir_vop3p_src s = mir_vop3p_source(ins, k);
    bits[0] |= (unsigned)s.opsel << k;
    bits[1] |= (unsigned)s.opsel_hi << k;
    bits[2] |= (unsigned)s.neg_lo << k;
    bits[3] |= (unsigned)s.neg_hi << k;
  }
  static const char *const names[4] = {" op_sel:[", " op_sel_hi:[", " neg_lo:[", " neg_hi:["};
  for (unsigned f = 0; f < 4; f++) {
    unsigned dflt = f == 1 ? (1u << n) - 1 : 0;
    if (bits[f] == dflt) continue;
    fputs(names[f], out);
    for (unsigned k = 0; k < n; k++) fprintf(out, k ? ",%u" : "%u", (bits[f] >> k) & 1u);
    fputc(']', out);
  }
}
