/* Instruction selection: shared builders, a leaf under the selectors.
 *
 * Short instruction sequences that several selector files build (VOP2
 * operand order, an operand in a register file of choice). They call only
 * the value map (isel_values.c) and the machine IR, never a selector, so
 * that isel's call graph runs one way: isel.c -> control-flow lowerings
 * -> selectors -> builders (here and isel_int64.c) -> value map, which
 * calls nothing above it (issue 23). A helper that needs a selector
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
