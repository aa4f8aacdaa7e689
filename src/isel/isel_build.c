/* Instruction selection: shared builders, a leaf under the selectors.
 *
 * Short instruction sequences that several selector files build (VOP2
 * operand order, an operand in a register file of choice, an LDS address
 * as a generic pointer). They call only the value map (isel_values.c) and
 * the machine IR, never a selector, so that isel's call graph runs one
 * way: isel.c -> control-flow lowerings -> selectors -> builders (here and
 * isel_int64.c) -> value map (issue 23). A helper that needs a selector
 * belongs in that selector's file instead.
 */
#include "isel/isel_internal.h"

bool isel_all_salu(isel_ctx *c, mir_operand *ops, unsigned n) {
  (void)c;
  for (unsigned i = 0; i < n; i++)
    if (isel_opnd_is_vgpr(&ops[i])) return false;
  return true;
}

/* VOP2 with commuting operands: keep a VGPR in src1. */
mir_temp isel_v1c(isel_ctx *c, unsigned op, mir_operand a, mir_operand b) {
  if (!isel_opnd_is_vgpr(&b) && isel_opnd_is_vgpr(&a)) return isel_v1(c, op, b, a);
  return isel_v1(c, op, a, b);
}

mir_temp isel_as_temp(isel_ctx *c, mir_operand o, bool vgpr, unsigned dw) {
  if (o.kind == MIR_OPND_TEMP && mir_rc_is_vgpr((mir_rc)o.temp.rc) == vgpr) return o.temp;
  return vgpr ? isel_to_vgpr(c, o, dw) : isel_to_sgpr(c, o, dw);
}

/* A group-segment (LDS) address as a generic one: AMDGPUUsage, Address
 * Spaces (the shared aperture in the high dword). */
mir_temp isel_lds_to_flat(isel_ctx *c, mir_operand a) {
  /* the shared aperture's high half from SH_MEM_BASES[31:16]
   * (s_getreg_b32 hwreg(15, 16, 16) << 16); the LDS null pointer (-1)
   * becomes the generic null */
  mir_temp ap = isel_tmp(c, mir_rc_s(1));
  mir_instr *gr = isel_emit(c, ISA_S_GETREG_B32, 0, 1);
  gr->offset = 15 | (16 << 6) | (15 << 11);
  gr->defs[0] = mir_op_temp(ap);
  mir_temp hi = isel_s(c, ISA_S_LSHL_B32, 1, mir_op_temp(ap), mir_op_const(16));
  mir_temp lo = isel_to_vgpr(c, a, 1);
  mir_temp nn = isel_vcmp(c, ISA_V_CMP_NE_U32, mir_op_const(0xffffffffu), mir_op_temp(lo));
  mir_temp rlo = isel_v1_3(c, ISA_V_CNDMASK_B32, mir_op_const(0), mir_op_temp(lo), mir_op_temp(nn));
  mir_temp rhi = isel_v1_3(c, ISA_V_CNDMASK_B32, mir_op_const(0), mir_op_temp(isel_to_vgpr(c, mir_op_temp(hi), 1)),
                           mir_op_temp(nn));
  return isel_create2(c, mir_op_temp(rlo), mir_op_temp(rhi), true);
}
