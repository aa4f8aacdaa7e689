/* Encoder, GFX9 (Vega, and the CDNA families built on it) layouts of the
 * non-scalar formats: SMEM, VOP1/2/C/3/3P, DS, MUBUF, FLAT/GLOBAL/SCRATCH.
 * Vega ISA guide, chapter 12 "Microcode Formats", checked against
 * llvm-mc-19 -mcpu=gfx900 -show-encoding (tests/unit/test_encode.c).
 * Opcodes come from the family's encoding (e->x); operand order from
 * mir_asm_operands (encode.c explains the scheme). */
#include "emit/encode.h"
#include "emit/encode_internal.h"

static unsigned encode_vop(enc *e, const enc_ops *o, uint32_t *w) {
  const mir_instr *ins = e->ins;
  unsigned fmt = e->x->format;
  if (fmt == ISA_FMT_VOP3P && (isa_table[ins->opcode].flags & ISA_F_MFMA)) {
    /* VOP3P-MAI (CDNA 2 ISA guide 12.11): cbsz [10:8], abid [14:11],
     * ACC_CD [15] (1: C and D are AGPRs, mfma_acc.c; 0: ArchVGPRs),
     * ACC [28:27] (0: A and B ArchVGPRs), blgp [31:29]; the broadcast
     * controls come from ins->offset (isel_mfma.c). */
    uint32_t ctl = (uint32_t)ins->offset;
    mir_preg dr, cr;
    unsigned dn, cn;
    mir_opnd_units(o->d[0], &dr, &dn);
    mir_opnd_units(o->s[2], &cr, &cn);
    if (dn > 4 && cn && dr < cr + cn && cr < dr + dn && (dr != cr || dn != cn))
      enc_error(e, "internal: MFMA result partially overlaps its C operand");
    bool acc_cd = dn && dr >= MIR_PREG_AGPR(0);
    if (cn && (cr >= MIR_PREG_AGPR(0)) != acc_cd) enc_error(e, "internal: MFMA C and D in different register files");
    w[0] = 0x1a7u << 23 | (uint32_t)e->x->opcode << 16 | (acc_cd ? 1u : 0u) << 15 | (ctl >> 3 & 15u) << 11 |
           (ctl & 7u) << 8 | enc_vgpr(e, o->d[0]);
    w[1] = (ctl >> 7 & 7u) << 29 | enc_src(e, o->s[2]) << 18 | enc_src(e, o->s[1]) << 9 | enc_src(e, o->s[0]);
    return 2;
  }
  if (fmt == ISA_FMT_VOP3P) {
    /* OP_SEL 13:11, OP_SEL_HI 14 (src2) and 60:59, NEG_HI 10:8, NEG 63:61 */
    enc_vop3p m = enc_vop3p_mods(e, o);
    w[0] = 0x1a7u << 23 | (uint32_t)e->x->opcode << 16 | ins->clamp << 15 | (m.opsel_hi >> 2) << 14 | m.opsel << 11 |
           m.neg_hi << 8 | (o->nd ? enc_vgpr(e, o->d[0]) : 0);
    w[1] = m.neg << 29 | (m.opsel_hi & 3) << 27 | m.src[2] << 18 | m.src[1] << 9 | m.src[0];
    return 2;
  }
  if (isa_table[ins->opcode].flags & ISA_F_DPP) return enc_vop_dpp(e, o, w);
  if (mir_is_sdwa(ins)) return enc_vop_sdwa(e, o, w);
  if (fmt != ISA_FMT_VOP3 && !mir_needs_vop3(e->family, ins)) return enc_vop_e32(e, o, w);
  unsigned op = isa_vop3_opcode(e->family, (isa_format)fmt, e->x->opcode);
  unsigned src[3] = {0, 0, 0};
  for (unsigned k = 0; k < o->ns && k < 3; k++) src[k] = enc_src(e, o->s[k]);
  if (e->has_lit) enc_error(e, "a literal in VOP3 (gfx9 has none)");
  unsigned vdst = o->nd ? enc_src(e, o->d[0]) & 0xff : 0, mid;
  if (enc_is_vop3b(o)) mid = enc_sreg(e, o->d[1]);
  else mid = enc_mods(o, MIR_OPND_ABS);
  w[0] = 0x34u << 26 | op << 16 | (ins->clamp ? 1u : 0u) << 15 | mid << 8 | vdst;
  w[1] = enc_mods(o, MIR_OPND_NEG) << 29 | (uint32_t)(ins->omod & 3) << 27 | src[2] << 18 | src[1] << 9 | src[0];
  return 2;
}

/* MUBUF (fields: enc_mubuf_fields). */
static unsigned encode_mubuf(enc *e, const enc_ops *o, uint32_t *w) {
  const mir_instr *ins = e->ins;
  enc_mubuf f;
  if (!enc_mubuf_fields(e, o, &f)) return 0;
  /* cache bits, also of buffer_inv / buffer_wbl2 (no operands): SC1 is
   * bit 15 (gfx90a's SCC, gfx942's SC1; llvm-mc-19 -mcpu=gfx942) */
  w[0] = 0x38u << 26 | (uint32_t)e->x->opcode << 18 | enc_bit(ins->enc_flags & MIR_ENC_SC1, 15) |
         enc_bit(ins->enc_flags & MIR_ENC_GLC, 14);
  w[1] = 0;
  if (f.empty) return 2;
  w[0] |= enc_bit(ins->enc_flags & MIR_ENC_SLC, 17) |
          enc_bit(ins->enc_flags & MIR_ENC_IDXEN, 13) | enc_bit(ins->enc_flags & MIR_ENC_OFFEN, 12) |
          ((uint32_t)ins->offset & 0xfff);
  w[1] = f.soff << 24 | (f.srsrc >> 2) << 16 | f.vdata << 8 | f.vaddr;
  return 2;
}

/* MTBUF (Vega ISA guide 12.10, llvm-mc-19 -mcpu=gfx900 -show-encoding):
 * OFFSET 11:0, OFFEN 12, IDXEN 13, GLC 14, OP 18:15, DFMT 22:19, NFMT
 * 25:23; VADDR, VDATA, SRSRC 20:16, SLC 22, SOFFSET 31:24. The format
 * (DFMT | NFMT << 4) is mir_instr.omod. */
unsigned enc_gfx9_mtbuf(enc *e, const enc_ops *o, uint32_t *w) {
  const mir_instr *ins = e->ins;
  enc_mubuf f;
  if (!enc_mubuf_fields(e, o, &f)) return 0;
  if (ins->enc_flags & MIR_ENC_SC1) enc_error(e, "MTBUF has no third cache bit");
  w[0] = 0x3au << 26 | (uint32_t)(ins->omod >> 4 & 7) << 23 | (uint32_t)(ins->omod & 15) << 19 |
         (uint32_t)(e->x->opcode & 15) << 15 | enc_bit(ins->enc_flags & MIR_ENC_GLC, 14) |
         enc_bit(ins->enc_flags & MIR_ENC_IDXEN, 13) | enc_bit(ins->enc_flags & MIR_ENC_OFFEN, 12) |
         ((uint32_t)ins->offset & 0xfff);
  w[1] = f.soff << 24 | enc_bit(ins->enc_flags & MIR_ENC_SLC, 22) | (f.srsrc >> 2) << 16 | f.vdata << 8 | f.vaddr;
  return 2;
}

/* FLAT/GLOBAL/SCRATCH (fields: enc_flat_fields). */
static unsigned encode_flat(enc *e, const enc_ops *o, uint32_t *w) {
  const mir_instr *ins = e->ins;
  unsigned fmt = e->x->format;
  unsigned seg = enc_flat_seg(fmt);
  enc_flat f;
  enc_flat_fields(e, o, &f);
  uint32_t off = seg ? (uint32_t)ins->offset & 0x1fff : (uint32_t)ins->offset & 0xfff;
  w[0] = 0x37u << 26 | (uint32_t)e->x->opcode << 18 | enc_bit(ins->enc_flags & MIR_ENC_SC1, 25) |
         enc_bit(ins->enc_flags & MIR_ENC_SLC, 17) | enc_bit(ins->enc_flags & MIR_ENC_GLC, 16) | seg << 14 | off;
  /* gfx940's architected flat scratch: SVE (bit 13) says the VGPR address
   * is used, alone or with SADDR (llvm-mc-19 -mcpu=gfx942 -show-encoding:
   * scratch_load_dword v1, v2, s3 sets it, off/off and off/s3 do not) */
  if (fmt == ISA_FMT_SCRATCH && e->t && wavecc_scratch_flat(e->t) && f.has_vaddr) w[0] |= 1u << 13;
  w[1] = f.vdst << 24 | (f.saddr & 0x7f) << 16 | f.data << 8 | f.addr;
  return 2;
}

/* SMEM: sdata, sbase, offset (an SGPR or a constant; else ins->offset). */
static unsigned encode_smem(enc *e, const enc_ops *o, uint32_t *w) {
  const mir_instr *ins = e->ins;
  unsigned sdata = o->nd ? enc_sreg(e, o->d[0]) : 0, k = 0;
  if (!o->nd && o->ns > 2) sdata = enc_sreg(e, o->s[k++]); /* stores: the data first */
  unsigned sbase = k < o->ns ? enc_sreg(e, o->s[k++]) : 0;
  /* s_memtime, s_memrealtime, s_dcache_*: no address, imm 0 as llvm-mc */
  uint32_t immbit = o->ns ? 1 : 0, off = o->ns ? (uint32_t)ins->offset : 0;
  if (k < o->ns) {
    if (o->s[k]->kind == MIR_OPND_CONST) off = o->s[k]->imm;
    else { immbit = 0; off = enc_sreg(e, o->s[k]); }
  }
  w[0] = 0x30u << 26 | (uint32_t)e->x->opcode << 18 | immbit << 17 | ((ins->enc_flags & MIR_ENC_GLC) ? 1u : 0u) << 16 |
         sdata << 6 | sbase >> 1;
  w[1] = off & 0xfffff;
  return 2;
}

/* DS: vdst, addr, data0, data1; offset0 | offset1 << 8. */
static unsigned encode_ds(enc *e, const enc_ops *o, uint32_t *w) {
  unsigned a[3] = {0, 0, 0};
  for (unsigned k = 0; k < o->ns && k < 3; k++) a[k] = enc_vgpr(e, o->s[k]);
  w[0] = 0x36u << 26 | (uint32_t)e->x->opcode << 17 | ((uint32_t)e->ins->offset & 0xffff);
  if (e->ins->enc_flags & MIR_ENC_GDS) w[0] |= 1u << 16;
  w[1] = (o->nd ? enc_vgpr(e, o->d[0]) : 0) << 24 | a[2] << 16 | a[1] << 8 | a[0];
  return 2;
}

const enc_layouts enc_gfx9_layouts = {encode_smem, encode_vop, encode_ds, encode_mubuf, encode_flat};
