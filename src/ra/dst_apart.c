/* dst-apart: instructions whose destination must not overlap any source
 * register on this GPU (wavecc_dst_apart: v_mad_u64_u32 / v_mad_i64_i32
 * on gfx1100, LLVM FeatureMADIntraFwdBug; llc-19 gives them an
 * early-clobber destination there).
 *
 * Mechanism, as xnack_replay.c: every register operand becomes late-kill
 * (MIR_OPND_LATE_KILL: it dies after the definitions are written), which
 * liveness counts in the demand and the allocator honours by freeing it
 * only after placing the destination. A dword read as the low half of a
 * pair (mir_opnd_lo64) names a second register the allocator does not
 * hold for it, so such an operand cannot be kept apart: fuse-mad builds a
 * real pair on these GPUs instead (fuse_mad.c). Copy-cleanup keeps the
 * rule when it renames sources after allocation (copy_cleanup.c), and the
 * emulator faults on any overlap (src/emu/hazard_gfx11.c). Runs before
 * liveness and spilling. */
#include <assert.h>

#include "ra/ra.h"
#include "target/target.h"

int mir_dst_apart(mir_program *p, diag *d) {
  (void)d;
  if (!p->target->mad64_dst_apart) return 0;
  for (uint32_t b = 0; b < p->num_blocks; b++)
    for (uint32_t i = 0; i < p->blocks[b].num_instrs; i++) {
      mir_instr *ins = p->blocks[b].instrs[i];
      if (!wavecc_dst_apart(p->target, ins->opcode)) continue;
      for (unsigned k = 0; k < ins->num_ops; k++) {
        assert(!mir_opnd_lo64(&ins->ops[k]) && "a lo64 operand cannot be kept off the destination");
        if (ins->ops[k].kind == MIR_OPND_TEMP) ins->ops[k].flags |= MIR_OPND_LATE_KILL;
      }
    }
  return 0;
}
