/* Vector ALU, cross-lane part: v_readfirstlane_b32, v_readlane_b32,
 * v_writelane_b32 (which ignore EXEC and move one lane's value between a
 * VGPR and an SGPR) and v_swap_b32, with their SGPR lane-select hazards
 * and the --check=uninit rules for reads with EXEC = 0 (Vega ISA guide
 * chapter 6 and the opcode tables of chapter 12; RDNA guides the same).
 *
 * Split from exec_valu.c, whose emu_exec_valu dispatches here. */
#include <assert.h>

#include "emu/emu_internal.h"

/* v_readfirstlane/readlane/writelane_b32 (cross-lane ops that ignore
 * EXEC) and v_swap_b32. Returns as emu_exec_valu. */
int emu_exec_cross_lane(emu_dispatch *d, emu_wave *w, const emu_inst *in) {
  isa_op op = in->op;
  emu_lanes exec = w->exec;
  int err = 0;
  if (op == ISA_V_READFIRSTLANE_B32 || op == ISA_V_READLANE_B32) {
    unsigned lane = 0;
    if (op == ISA_V_READLANE_B32) {
      if (emu_valu_hazard(d, w, in, in->src[1], d->dev->tgt->hazard_waits[WAVECC_HZ_VALU_SGPR_LANESEL], "VALU write of an SGPR used as v_readlane lane select")) return -1;
      lane = emu_sread(d, w, in, in->src[1], &err) & (w->nlanes - 1);
      if (err) return -1;
    } else if (exec) {
      lane = (unsigned)__builtin_ctzll(exec);
    } /* else lane 0: the ISA guides' v_readfirstlane_b32 reads lane 0 when
         EXEC is 0 (Vega ISA "Lane# = 0 if exec is zero"; RDNA 2/3 likewise) */
    uint32_t v;
    if (in->src[0] >= OPC_VGPR0) {
      int r = emu_vgpr_index(w, in->src[0] - OPC_VGPR0, 0);
      /* With EXEC = 0 the read is a copy, not a use (as v_writelane_b32's
       * save below): masked code runs blocks no lane takes, where it reads
       * a uniform VALU result back into an SGPR from a lane never written
       * there (v_readfirstlane_b32: stress 79902 at gfx900 -O0 8/24, a
       * select chain's index for s_set_gpr_idx_on before a v_mov_b32 with
       * EXEC = 0), or reloads an SGPR whose spill (v_writelane_b32) was in
       * an arm the wave skipped (v_readlane_b32: stress 79921, the mask
       * of an if nested in that block, and-ed into EXEC = 0). A
       * never-written lane, or a register an EXEC = 0 load left (a VGPR
       * spill's reload in that block: stress 82003/82026/82030/82050/
       * 82051/82062 at gfx900 -O0 8/24), makes the SGPR never-written, so
       * a use of it that matters is still reported (SALU arithmetic with
       * EXEC = 0 is not such a use: emu_sreg_check): an SGPR spill's
       * reload that loaded nothing (seed D96336) at the restored SGPR's
       * first use with lanes active. */
      if (!exec && d->check_uninit &&
          (w->vexec0[r] || !((w->vinit[r] >> lane) & 1) || ((w->vundef[r] >> lane) & 1))) {
        if (emu_vrange(d, w, in, (unsigned)r, 1, "reads")) return -1;
        if (emu_swrite(d, w, in, in->dst, w->v[r][lane])) return -1;
        if (in->dst < EMU_NUM_SGPR) w->sinit[in->dst] = 0;
        w->valu_sgpr_write[in->dst & 127] = w->ws;
        return 0;
      }
      if (d->check_uninit && w->vexec0[r])
        return emu_fault(d, w, in, "reads v%d, last written by a load that ran with EXEC = 0 (it loaded nothing)", r);
      if ((w->vundef[r] >> lane) & 1) { /* the restore of a copied never-written SGPR: see below */
        if (emu_swrite(d, w, in, in->dst, w->v[r][lane])) return -1;
        if (in->dst < EMU_NUM_SGPR) w->sinit[in->dst] = 0;
        w->valu_sgpr_write[in->dst & 127] = w->ws;
        return 0;
      }
      if (emu_vcheck(d, w, in, (unsigned)r, 1, 1ull << lane)) return -1;
      v = w->v[r][lane];
    } else { v = emu_sread(d, w, in, in->src[0], &err); if (err) return -1; }
    if (emu_swrite(d, w, in, in->dst, v)) return -1;
    w->valu_sgpr_write[in->dst & 127] = w->ws;
    return 0;
  }
  /* v_writelane_b32 of a never-written SGPR is a copy, not a use (as in
   * Memcheck's definedness model): a callee's prologue saves every
   * callee-saved SGPR it writes, whatever the caller left there, and the
   * ABI (AMDGPUUsage, callee-saved SGPRs) makes that save legal whether or
   * not the caller ever wrote the register. The lane is marked vundef
   * rather than written: v_readlane_b32 of it restores a never-written
   * SGPR (the caller's later read of that SGPR is still reported), and any
   * other read of the lane is reported like a never-written lane. A lane
   * that no v_writelane_b32 wrote is still reported by v_readlane_b32. */
  if (op == ISA_V_WRITELANE_B32 && d->check_uninit && in->src[0] < EMU_NUM_SGPR &&
      in->src[0] != OPC_EXEC_LO && in->src[0] != OPC_EXEC_HI && !w->sinit[in->src[0]] && !w->spend[in->src[0]]) {
    if (emu_valu_hazard(d, w, in, in->src[1], d->dev->tgt->hazard_waits[WAVECC_HZ_VALU_SGPR_LANESEL], "VALU write of an SGPR used as v_writelane lane select")) return -1;
    unsigned lane = emu_sread(d, w, in, in->src[1], &err) & (w->nlanes - 1);
    if (err) return -1;
    if (emu_vrange(d, w, in, in->dst, 1, "writes")) return -1;
    emu_vwrite(d, w, in->dst, lane, w->s[in->src[0]]);
    w->vinit[in->dst] &= ~(1ull << lane);
    w->vundef[in->dst] |= 1ull << lane;
    emu_trace_vwrite(d, w, in->dst, 1);
    return 0;
  }
  if (op == ISA_V_WRITELANE_B32) {
    if (emu_valu_hazard(d, w, in, in->src[1], d->dev->tgt->hazard_waits[WAVECC_HZ_VALU_SGPR_LANESEL], "VALU write of an SGPR used as v_writelane lane select")) return -1;
    uint32_t v = emu_sread(d, w, in, in->src[0], &err);
    if (err) return -1;
    unsigned lane = emu_sread(d, w, in, in->src[1], &err) & (w->nlanes - 1);
    if (err) return -1;
    if (emu_vrange(d, w, in, in->dst, 1, "writes")) return -1;
    emu_vwrite(d, w, in->dst, lane, v);
    emu_trace_vwrite(d, w, in->dst, 1);
    return 0;
  }
  if (op == ISA_V_SWAP_B32) {
    unsigned x = in->dst, y = in->src[0] - OPC_VGPR0;
    if (in->src[0] < OPC_VGPR0) return emu_fault(d, w, in, "v_swap_b32 needs a VGPR source");
    if (emu_vcheck(d, w, in, x, 1, exec) || emu_vcheck(d, w, in, y, 1, exec)) return -1;
    for (unsigned l = 0; l < w->nlanes; l++) if ((exec >> l) & 1) { uint32_t t = w->v[x][l]; emu_vwrite(d, w, x, l, w->v[y][l]); emu_vwrite(d, w, y, l, t); }
    emu_trace_vwrite(d, w, x, 1); emu_trace_vwrite(d, w, y, 1);
    return 0;
  }
  assert(!"exec_cross_lane: not a cross-lane instruction");
  return -1;
}
