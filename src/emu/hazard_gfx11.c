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

/* ---- VALUMaskWriteHazard (wave64; wavecc_target.valu_mask_write_hazard) */

static void bits_set(uint64_t *m, unsigned r, unsigned n, bool on) {
  for (unsigned u = r; u < r + n && u < 128; u++) {
    if (on) m[u >> 6] |= 1ull << (u & 63);
    else m[u >> 6] &= ~(1ull << (u & 63));
  }
}
static bool bits_any(const uint64_t *m, unsigned r, unsigned n) {
  for (unsigned u = r; u < r + n && u < 128; u++)
    if (m[u >> 6] >> (u & 63) & 1) return true;
  return false;
}

/* Does VALU instruction `in` read a scalar value other than EXEC (an SGPR, VCC, a literal)? */
static bool valu_reads_scalar(const emu_dispatch *d, const emu_inst *in, unsigned nsrc) {
  if ((isa_table[in->op].flags & ISA_F_READS_VCC) && in->fmt != ISA_FMT_VOP3) return true; /* implicit VCC */
  if (in->op == ISA_V_DIV_FMAS_F32 || in->op == ISA_V_DIV_FMAS_F64) return true;
  for (unsigned k = 0; k < nsrc; k++) {
    unsigned c = in->src[k];
    if (c == OPC_LITERAL || (c < 128 && c != OPC_EXEC_LO && c != OPC_EXEC_HI && c != OPC_NULL)) return true;
  }
  (void)d;
  return false;
}

/* A VALU instruction: expiry by a scalar read, then the lane mask it reads armed. */
static void mask_valu(emu_dispatch *d, emu_wave *w, const emu_inst *in, unsigned nsrc) {
  if (valu_reads_scalar(d, in, nsrc)) w->mask_armed[0] = w->mask_armed[1] = 0;
  if (!(isa_table[in->op].flags & ISA_F_READS_VCC)) return;
  bool fmas = in->op == ISA_V_DIV_FMAS_F32 || in->op == ISA_V_DIV_FMAS_F64;
  unsigned m = in->fmt == ISA_FMT_VOP3 && !fmas ? in->src[2] : OPC_VCC_LO;
  if (m < 128) bits_set(w->mask_armed, m, d->tgt->lane_mask_dwords, true);
}

/* An SALU instruction: a read of a pending SGPR faults; a write of an armed one makes it pending. */
static int mask_salu(emu_dispatch *d, emu_wave *w, const emu_inst *in) {
  const emu_opshape *sh = &d->dev->shape[in->op];
  unsigned nsrc = in->fmt == ISA_FMT_SOP1 ? 1 : in->fmt == ISA_FMT_SOP2 || in->fmt == ISA_FMT_SOPC ? 2 : 0;
  for (unsigned k = 0; k < nsrc && k < sh->nuses; k++) {
    unsigned c = in->src[k];
    if (c < 128 && bits_any(w->mask_pending, c, sh->usew[k] ? sh->usew[k] : 1))
      return emu_fault(d, w, in,
                       "hazard: SALU reads s%u, written by an SALU instruction after a VALU read it as a lane mask, "
                       "without s_waitcnt_depctr sa_sdst(0) between (gfx11 VALUMaskWriteHazard)", c);
  }
  if (in->fmt == ISA_FMT_SOPC || in->fmt == ISA_FMT_SOPP || !sh->ndefs) return 0;
  unsigned r = in->dst, n = sh->defw[0] ? sh->defw[0] : 1;
  if (r >= OPC_M0 || !bits_any(w->mask_armed, r, n)) return 0;
  bits_set(w->mask_pending, r, n, true);
  return 0;
}

/* ---- VALUPartialForwardingHazard (wave64) --------------------------------
 * A VALU instruction reading two VGPR operands, one last written by a VALU
 * before the last SALU write of EXEC and one after, within LLVM's
 * intervals (fixVALUPartialForwardingHazard: at most 2 VALUs between the
 * two writes, at most 4 between the later write and the reader, all within
 * 8) and no va_vdst wait since, may read a stale value: a fault. */
static int partial_forwarding(emu_dispatch *d, emu_wave *w, const emu_inst *in, unsigned nsrc) {
  const uint32_t none = UINT32_MAX;
  if (w->exec_write_vawait != w->hz_vawait + 1) return 0;
  uint32_t v = w->hz_valus, e = v - w->exec_write_valus; /* VALUs between the EXEC write and the reader */
  if (e > 8) return 0;
  uint32_t pre = none, post = none;
  unsigned regs[3], nregs = 0;
  const emu_opshape *sh = &d->dev->shape[in->op];
  for (unsigned k = 0; k < nsrc && k < 3; k++) {
    unsigned c = in->src[k];
    if (c < OPC_VGPR0) continue;
    bool seen = false;
    for (unsigned j = 0; j < nregs; j++) seen |= regs[j] == c;
    if (seen) continue;
    regs[nregs++] = c;
    uint32_t def = none; /* VALUs between the operand's last VALU write and the reader */
    for (unsigned u = 0; u < (k < sh->nuses && sh->usew[k] ? sh->usew[k] : 1u); u++) {
      unsigned r = c - OPC_VGPR0 + u;
      if (r >= EMU_NUM_VGPR || w->valu_write[r].vawait != w->hz_vawait + 1) continue;
      uint32_t p = v - w->valu_write[r].valus;
      if (p <= 8 && (def == none || p < def)) def = p;
    }
    if (def == none) continue;
    if (def >= e) pre = def < pre ? def : pre;
    else post = def < post ? def : post;
  }
  if (nregs < 2 || pre == none || post == none || post > 4) return 0;
  uint32_t intv2 = e - post - 1, intv1 = pre - e;
  if (intv2 > 2 || intv1 > 2 || intv1 + intv2 > 2) return 0;
  return emu_fault(d, w, in,
                   "hazard: VALU reads VGPRs written by VALU instructions before and after an SALU write of EXEC "
                   "(%u and %u VALU instructions between them and it), without s_waitcnt_depctr va_vdst(0) "
                   "(gfx11 VALUPartialForwardingHazard)", pre, post);
}

static void valu_writes(emu_dispatch *d, emu_wave *w, const emu_inst *in) {
  const emu_opshape *sh = &d->dev->shape[in->op];
  unsigned n = sh->ndefs && sh->defw[0] ? sh->defw[0] : 1;
  for (unsigned j = 0; j < n; j++)
    if (in->dst + j < EMU_NUM_VGPR && sh->ndefs && sh->defk[0] != 's')
      w->valu_write[in->dst + j].valus = w->hz_valus, w->valu_write[in->dst + j].vawait = w->hz_vawait + 1;
  if (in->vopd && in->y_dst < EMU_NUM_VGPR)
    w->valu_write[in->y_dst].valus = w->hz_valus, w->valu_write[in->y_dst].vawait = w->hz_vawait + 1;
}

/* The MAD_U64/I64 intra-instruction forwarding bug (wavecc_dst_apart):
 * a v_mad_u64_u32 / v_mad_i64_i32 whose 64-bit destination overlaps
 * src0, src1 or the low dword of src2 may compute with a forwarded
 * partial result on the hardware: a fault. An overlap with src2's high
 * dword alone is not reported: llc-19 writes that when the half is
 * undefined (its early clobber ignores dead sub-registers:
 * `v_mad_u64_u32 v[1:2], null, 0xffffffc4, s13, v[0:1]` in
 * f_atomic_fadd_half.ll), and the emulator cannot tell an undefined half
 * here; wavecc's allocator keeps the whole pair apart (src/ra/dst_apart.c). */
static int mad64_overlap(emu_dispatch *d, emu_wave *w, const emu_inst *in) {
  unsigned dst = in->dst;
  for (unsigned k = 0; k < 3; k++) {
    if (in->src[k] < 256) continue;
    unsigned r = in->src[k] - 256u;
    if (r == dst || r == dst + 1)
      return emu_fault(d, w, in,
                       "hazard: %s writes v[%u:%u] over its source v%u (the gfx11 MAD_U64/I64 intra-instruction "
                       "forwarding bug: the destination must not overlap a source)",
                       isa_table[in->op].mnemonic, dst, dst + 1, r);
  }
  return 0;
}

int emu_gfx11_hazards(emu_dispatch *d, emu_wave *w, const emu_inst *in) {
  const wavecc_target *t = d->tgt;
  if (wavecc_dst_apart(t, in->op) && mad64_overlap(d, w, in)) return -1;
  if (in->op == ISA_S_WAITCNT_DEPCTR && !(in->simm16 & 1)) /* sa_sdst(0) */
    w->mask_armed[0] = w->mask_armed[1] = w->mask_pending[0] = w->mask_pending[1] = 0;
  if (in->fmt == ISA_FMT_DS || isa_fmt_vmem(in->fmt) ||
      (in->op == ISA_S_WAITCNT_DEPCTR && ((in->simm16 >> 12) & 0xf) == 0)) {
    w->hz_vawait++;
    return 0;
  }
  if (isa_fmt_salu(in->fmt) && t->partial_forwarding_hazard && (isa_table[in->op].flags & ISA_F_WRITES_EXEC ||
      (in->fmt != ISA_FMT_SOPC && in->fmt != ISA_FMT_SOPP && (in->dst == OPC_EXEC_LO || in->dst == OPC_EXEC_HI)))) {
    w->exec_write_valus = w->hz_valus;
    w->exec_write_vawait = w->hz_vawait + 1;
  }
  if (isa_fmt_salu(in->fmt) && t->valu_mask_write_hazard) return mask_salu(d, w, in);
  if (!isa_fmt_valu(in->fmt)) return 0;
  unsigned nsrc = num_srcs(in->fmt);
  if (t->partial_forwarding_hazard && partial_forwarding(d, w, in, nsrc)) return -1;
  if (t->valu_mask_write_hazard) mask_valu(d, w, in, nsrc);
  for (unsigned k = 0; k < nsrc; k++)
    if (check_trans_use(d, w, in, in->src[k], src_is_64(in->op))) return -1;
  /* v_fmac / v_mac read their destination (VOP2; in VOP3 src[2] names it) */
  if ((isa_sem_of(in->op)->flags & ISA_S_TIED) && in->fmt != ISA_FMT_VOP3 &&
      check_trans_use(d, w, in, OPC_VGPR0 + in->dst, false))
    return -1;
  if (in->vopd) { /* the Y half: VOP1 or VOP2, 32-bit sources */
    unsigned ny = num_srcs((isa_format)isa_encoding(d->tgt->encoding, (isa_op)in->y_op)->format);
    if (check_trans_use(d, w, in, in->y_src0, false) || (ny > 1 && check_trans_use(d, w, in, in->y_src1, false)) ||
        ((isa_sem_of((isa_op)in->y_op)->flags & ISA_S_TIED) && check_trans_use(d, w, in, OPC_VGPR0 + in->y_dst, false)))
      return -1;
  }
  w->hz_valus++;
  if (t->partial_forwarding_hazard) valu_writes(d, w, in);
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
