/* Memory spaces of machine instructions, for the passes that move or
 * merge memory accesses (mem-merge, sched-loads): which accesses may
 * touch the same bytes. An address space the IR gave is gone by now, but
 * the instruction says enough: DS is LDS, GLOBAL (and MUBUF through a
 * buffer resource, which addresses global memory) is global memory,
 * SCRATCH and MUBUF through the private segment buffer V# are the lane's
 * private memory, FLAT may be any of the three (AMDGPUUsage, "Address
 * Spaces"; a global pointer never points into LDS or scratch). s_load
 * reads only memory the kernel does not write (isel_mem.c's scalar_ok:
 * constant, kernarg, invariant or noclobber global memory), so it aliases
 * no store; s_buffer_load reads a buffer that vector stores may write. */
#include "passes/passes.h"

unsigned mir_mem_space(const mir_instr *ins, uint32_t psb) {
  if (ins->opcode >= ISA_NUM_OPS) return MIR_SP_NONE;
  const isa_info *ii = &isa_table[ins->opcode];
  if (!(ii->flags & (ISA_F_LOAD | ISA_F_STORE | ISA_F_ATOMIC))) return MIR_SP_NONE;
  switch (ii->format) {
  case ISA_FMT_SMEM:
    if (ii->flags & (ISA_F_STORE | ISA_F_ATOMIC)) return MIR_SP_FLAT;
    return ins->opcode >= ISA_S_BUFFER_LOAD_DWORD && ins->opcode <= ISA_S_BUFFER_LOAD_DWORDX16 ? MIR_SP_GLOBAL
                                                                                                : MIR_SP_CONST;
  case ISA_FMT_DS: return MIR_SP_LDS;
  case ISA_FMT_SCRATCH: return MIR_SP_SCRATCH;
  case ISA_FMT_GLOBAL: return MIR_SP_GLOBAL;
  case ISA_FMT_MUBUF: case ISA_FMT_MTBUF:
    for (unsigned k = 0; k < ins->num_ops; k++)
      if (ins->ops[k].kind == MIR_OPND_TEMP && mir_rc_size(ins->ops[k].temp.rc) == 4 && !mir_rc_is_vgpr(ins->ops[k].temp.rc))
        return psb && ins->ops[k].temp.id == psb ? MIR_SP_SCRATCH : MIR_SP_GLOBAL;
    return MIR_SP_FLAT;
  default: return MIR_SP_FLAT;
  }
}

bool mir_may_alias(unsigned a, unsigned b) {
  if (a == MIR_SP_NONE || b == MIR_SP_NONE || a == MIR_SP_CONST || b == MIR_SP_CONST) return false;
  return a == b || a == MIR_SP_FLAT || b == MIR_SP_FLAT;
}

uint32_t mir_private_buffer(const mir_program *p) {
  if (!p->num_blocks) return 0;
  const mir_block *b = &p->blocks[0];
  for (uint32_t i = 0; i < b->num_instrs; i++) {
    const mir_instr *ins = b->instrs[i];
    if (ins->opcode != MIR_P_STARTPGM) continue;
    for (unsigned k = 0; k < ins->num_defs; k++)
      if (ins->defs[k].kind == MIR_OPND_TEMP && ins->defs[k].preg == MIR_PREG_SGPR(0) &&
          mir_rc_size(ins->defs[k].temp.rc) == 4 && !mir_rc_is_vgpr(ins->defs[k].temp.rc))
        return ins->defs[k].temp.id;
  }
  return 0;
}
