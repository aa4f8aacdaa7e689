/* The M0-relative VGPR moves of RDNA (v_movrels_b32, v_movreld_b32,
 * v_movrelsd_b32, v_movrelsd_2_b32; RDNA 2 / RDNA 3 ISA guides, the VGPR
 * indexing table and the VOP1 opcode descriptions). Per active lane:
 *   v_movrels_b32    VGPR[vdst]              = VGPR[src0 + M0]
 *   v_movreld_b32    VGPR[vdst + M0]         = src0 (any operand)
 *   v_movrelsd_b32   VGPR[vdst + M0]         = VGPR[src0 + M0]
 *   v_movrelsd_2_b32 VGPR[vdst + M0[25:16]]  = VGPR[src0 + M0[9:0]]
 * Strict: with an active lane, an indexed register outside the VGPRs
 * the kernel descriptor allocates is a fault (hardware's out-of-range behaviour is not
 * modelled: a program that relies on it is reported). Output modifiers,
 * op_sel and SDWA (llvm-mc accepts v_movrel*_sdwa on gfx10; llc-19 does
 * not emit it) are not implemented and fault.
 * No wait states: LLVM 19's GCNHazardRecognizer requires none between an
 * SALU write of M0 and a v_movrel (its M0 hazard covers s_movrel, GDS,
 * s_sendmsg only) and the RDNA targets have no SALU-M0 wait states. */
#include "emu/emu_internal.h"

/* The VGPR a relative operand names: BASE (the operand's register number)
 * plus OFF, checked against the wave's allocation. *ROW gets it; 0, or -1
 * after a fault. */
static int rel_row(emu_dispatch *d, emu_wave *w, const emu_inst *in, unsigned base, uint32_t off, const char *what,
                   unsigned *row) {
  uint64_t r = (uint64_t)base + off;
  if (r >= d->vgpr_limit)
    return emu_fault(d, w, in, "%s v%llu (v%u + M0 offset %u) beyond the %u VGPRs the kernel descriptor allocates", what,
                     (unsigned long long)r, base, off, d->vgpr_limit);
  *row = (unsigned)r;
  return emu_vrange(d, w, in, *row, 1, what);
}

void emu_movrel_offsets(isa_op op, uint32_t m0, uint32_t *src_off, uint32_t *dst_off) {
  *src_off = op == ISA_V_MOVRELD_B32 ? 0 : op == ISA_V_MOVRELSD_2_B32 ? (m0 & 0x3ff) : m0;
  *dst_off = op == ISA_V_MOVRELS_B32 ? 0 : op == ISA_V_MOVRELSD_2_B32 ? ((m0 >> 16) & 0x3ff) : m0;
}

int emu_exec_movrel(emu_dispatch *d, emu_wave *w, const emu_inst *in) {
  isa_op op = in->op;
  emu_lanes exec = w->exec;
  if (in->sdwa || in->abs || in->neg || in->clamp || in->omod || in->opsel)
    return emu_fault(d, w, in, "output modifiers, op_sel or SDWA on an M0-relative move are not implemented by the emulator");
  /* No active lane: no VGPR is read or written, so M0 selects nothing.
   * A compiler's linearised control flow runs blocks with EXEC zero
   * instead of skipping them, and a uniform index defined only on the
   * lanes' path (an SSA value whose definition a skipped block holds) is
   * then whatever its register or spill slot holds. */
  if (!exec) return 0;
  uint32_t soff, doff;
  emu_movrel_offsets(op, w->s[OPC_M0], &soff, &doff);
  uint32_t val[EMU_MAX_LANES];
  if (op == ISA_V_MOVRELD_B32 && in->src[0] < OPC_VGPR0) { /* a scalar or constant source: the same in every lane */
    int err = 0;
    uint32_t x = emu_sread(d, w, in, in->src[0], &err);
    if (err) return -1;
    for (unsigned l = 0; l < w->nlanes; l++) val[l] = x;
  } else {
    if (in->src[0] < OPC_VGPR0) return emu_fault(d, w, in, "an M0-relative source must be a VGPR");
    unsigned s = 0;
    if (rel_row(d, w, in, in->src[0] - OPC_VGPR0, soff, "reads", &s) || emu_vcheck(d, w, in, s, 1, exec)) return -1;
    for (unsigned l = 0; l < w->nlanes; l++) val[l] = w->v[s][l];
  }
  unsigned r = 0;
  if (rel_row(d, w, in, in->dst, doff, "writes", &r)) return -1;
  for (unsigned l = 0; l < w->nlanes; l++)
    if ((exec >> l) & 1) emu_vwrite(d, w, r, l, val[l]);
  emu_trace_vwrite(d, w, r, 1);
  return 0;
}
