/* gfx11 hazards the emulator enforces, as the hardware would get them
 * wrong (RDNA3 ISA guide, "Data Dependency Resolution"; which rules apply
 * to gfx11 and their intervals: LLVM's GCNHazardRecognizer):
 *
 *   VALUTransUseHazard: a VALU instruction reading a VGPR that a TRANS
 *   instruction wrote, with at most wavecc_target.trans_use_valus VALU
 *   and at most one TRANS instruction between them and no va_vdst wait
 *   (s_waitcnt_depctr with VA_VDST [15:12] = 0, or a DS, MUBUF, FLAT,
 *   GLOBAL or SCRATCH instruction, which wait for all VALU results), may
 *   read the old value: a fault naming both.
 *
 * Reads are the VGPR sources of the VALU encoding (64-bit operands: both
 * registers); a VOPD instruction is one VALU instruction reading both
 * halves' sources (no VOPD opcode is TRANS).
 */
#include "emu/emu_internal.h"

static bool src_is_64(isa_op op) { return isa_type_bits((isa_type)isa_sem_of(op)->stype) == 64; }

/* Faults if VGPR source `code` (an operand code) of a VALU instruction reads a recent TRANS result. */
static int check_trans_use(emu_dispatch *d, emu_wave *w, const emu_inst *in, unsigned code, bool wide) {
  if (code < 256) return 0;
  const unsigned max_valus = d->tgt->trans_use_valus;
  for (unsigned j = 0; j < (wide ? 2u : 1u); j++) {
    unsigned r = code - 256u + j;
    if (r >= EMU_NUM_VGPR || w->trans_write[r].vawait != w->hz_vawait + 1) continue;
    unsigned valus = w->hz_valus - w->trans_write[r].valus, trans = w->hz_trans - w->trans_write[r].trans;
    if (valus <= max_valus && trans <= 1)
      return emu_fault(d, w, in,
                       "hazard: VALU reads v%u, written by a TRANS instruction %u VALU instructions before, "
                       "without s_waitcnt_depctr va_vdst(0) (gfx11 VALUTransUseHazard)", r, valus);
  }
  return 0;
}

static unsigned num_srcs(isa_format f) { return f == ISA_FMT_VOP1 ? 1 : f == ISA_FMT_VOP2 || f == ISA_FMT_VOPC ? 2 : 3; }

int emu_gfx11_hazards(emu_dispatch *d, emu_wave *w, const emu_inst *in) {
  if (in->fmt == ISA_FMT_DS || isa_fmt_vmem(in->fmt) ||
      (in->op == ISA_S_WAITCNT_DEPCTR && ((in->simm16 >> 12) & 0xf) == 0)) {
    w->hz_vawait++;
    return 0;
  }
  if (!isa_fmt_valu(in->fmt)) return 0;
  unsigned nsrc = num_srcs(in->fmt);
  for (unsigned k = 0; k < nsrc; k++)
    if (check_trans_use(d, w, in, in->src[k], src_is_64(in->op))) return -1;
  if (in->vopd) { /* the Y half: VOP1 or VOP2, 32-bit sources */
    unsigned ny = num_srcs((isa_format)isa_encoding(d->tgt->encoding, (isa_op)in->y_op)->format);
    if (check_trans_use(d, w, in, in->y_src0, false) || (ny > 1 && check_trans_use(d, w, in, in->y_src1, false)))
      return -1;
  }
  w->hz_valus++;
  if (isa_sem_of(in->op)->cost == ISA_COST_TRANS) {
    w->hz_trans++;
    for (unsigned j = 0; j < (isa_type_bits((isa_type)isa_sem_of(in->op)->dtype) == 64 ? 2u : 1u); j++) {
      unsigned r = in->dst + j;
      if (r >= EMU_NUM_VGPR) continue;
      w->trans_write[r].valus = w->hz_valus;
      w->trans_write[r].trans = w->hz_trans;
      w->trans_write[r].vawait = w->hz_vawait + 1;
    }
  }
  return 0;
}
