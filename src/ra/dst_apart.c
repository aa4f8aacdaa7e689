/* dst-apart: instructions whose destination must not overlap any source
 * register on this GPU (wavecc_dst_apart: v_mad_u64_u32 / v_mad_i64_i32
 * on gfx1100, LLVM FeatureMADIntraFwdBug; llc-19 gives them an
 * early-clobber destination there).
 *
 * Mechanism, as xnack_replay.c: every register operand becomes late-kill
 * (MIR_OPND_LATE_KILL: it dies after the definitions are written), which
 * liveness counts in the demand and the allocator honours by freeing it
 * only after placing the destination. A dword read as the low half of a
 * pair (mir_opnd_lo64) is kept apart like any other operand; its
 * don't-care high half may lie under the destination, as llc-19 lets an
 * undefined high half of src2 do (its early clobber ignores dead
 * sub-registers: `v_mad_u64_u32 v[1:2], null, 0xffffffc4, s13, v[0:1]`
 * at gfx1100). Copy-cleanup keeps the rule when it renames sources after
 * allocation (copy_cleanup.c), and the emulator faults on an overlap with
 * src0, src1 or src2's low dword (src/emu/hazard_gfx11.c). Runs before
 * liveness and spilling. */
#include "ra/ra.h"
#include "target/target.h"

int mir_dst_apart(mir_program *p, diag *d) {
  (void)d;
  if (!p->target->mad64_dst_apart) return 0;
  for (uint32_t b = 0; b < p->num_blocks; b++)
    for (uint32_t i = 0; i < p->blocks[b].num_instrs; i++) {
      mir_instr *ins = p->blocks[b].instrs[i];
      if (!wavecc_dst_apart(p->target, ins->opcode)) continue;
      for (unsigned k = 0; k < ins->num_ops; k++)
        if (ins->ops[k].kind == MIR_OPND_TEMP) ins->ops[k].flags |= MIR_OPND_LATE_KILL;
    }
  return 0;
}
