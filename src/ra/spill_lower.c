/* Lowering of the spiller's pseudo-instructions on physical registers
 * (called by SSA elimination, after register allocation).
 *
 *   p_spill  s, lane, lv        -> v_writelane_b32 lv, s+k, lane+k   (per dword k)
 *   p_reload s <- lane, lv      -> v_readlane_b32  s+k, lv, lane+k
 *   p_spill  v, off, V#, soff   -> buffer_store_dword v+k, off, V#, soff offset:off+4k
 *   p_reload v <- off, V#, soff -> buffer_load_dword  v+k, off, V#, soff offset:off+4k
 *   p_start_linear_vgpr         -> nothing (the VGPR is reserved by liveness)
 *
 * v_writelane_b32 / v_readlane_b32 ignore EXEC (Vega ISA guide, VOP3
 * "V_READLANE_B32", "V_WRITELANE_B32"), so SGPR spill code is correct in a
 * block entered with EXEC = 0 (seed D99507). The scratch accesses address
 * the lane's private dword at byte `off` through the swizzled private
 * segment buffer (AMDGPUUsage "Private Segment Buffer"), as allocas do;
 * they store and load only the lanes EXEC enables.
 */
#include "passes/passes.h"
#include "ra/ra.h"

static mir_operand temp_reg(const mir_operand *o, unsigned k, unsigned dwords) {
  return mir_op_fixed((mir_preg)(o->preg + k), dwords);
}

unsigned mir_spill_lower(mir_program *p, const mir_instr *ins, mir_instr **out) {
  if (ins->opcode == MIR_P_START_LINEAR_VGPR || ins->opcode == MIR_P_END_LINEAR_VGPR) return 0;
  bool spill = ins->opcode == MIR_P_SPILL;
  const mir_operand *val = spill ? &ins->ops[0] : &ins->defs[0];
  const mir_operand *rest = spill ? &ins->ops[1] : &ins->ops[0]; /* slot, then lane VGPR or V#, offset */
  unsigned n = mir_rc_size(val->temp.rc);
  bool vgpr = mir_rc_is_vgpr(val->temp.rc);
  for (unsigned k = 0; k < n; k++) {
    mir_instr *m;
    if (vgpr) {
      m = mir_instr_create(p, spill ? ISA_BUFFER_STORE_DWORD : ISA_BUFFER_LOAD_DWORD, spill ? 3 : 2, spill ? 0 : 1);
      unsigned j = 0;
      if (spill) m->ops[j++] = temp_reg(val, k, 1);
      else m->defs[0] = temp_reg(val, k, 1);
      m->ops[j++] = temp_reg(&rest[1], 0, 4);
      m->ops[j++] = temp_reg(&rest[2], 0, 1);
      m->offset = (int32_t)(rest[0].imm + 4 * k);
    } else if (spill) {
      m = mir_instr_create(p, ISA_V_WRITELANE_B32, 2, 1);
      m->defs[0] = temp_reg(&rest[1], 0, 1);
      m->ops[0] = temp_reg(val, k, 1);
      m->ops[1] = mir_op_const(rest[0].imm + k);
    } else {
      m = mir_instr_create(p, ISA_V_READLANE_B32, 2, 1);
      m->defs[0] = temp_reg(val, k, 1);
      m->ops[0] = temp_reg(&rest[1], 0, 1);
      m->ops[1] = mir_op_const(rest[0].imm + k);
    }
    out[k] = m;
  }
  if (spill) p->num_spills += n;
  else p->num_reloads += n;
  return n;
}
