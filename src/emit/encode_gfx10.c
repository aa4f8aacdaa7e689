/* Encoder, RDNA layouts: what GFX10 (RDNA 1/2) and GFX11 (RDNA 3) share
 * (VOP*, DS, SMEM with the GLC/DLC bits as a parameter) and GFX10's own
 * MUBUF and FLAT/GLOBAL/SCRATCH layouts. RDNA 2 ISA guide, chapter 13
 * "Microcode Formats"; checked against llvm-mc-19 -mcpu=gfx1030
 * -show-encoding (tests/unit/test_encode_rdna.c). Opcodes come from the
 * family's encoding (e->x), operands in assembly order (encode.c). */
#include "emit/encode.h"
#include "emit/encode_internal.h"

unsigned enc_rdna_vop(enc *e, const enc_ops *o, uint32_t *w) {
  const mir_instr *ins = e->ins;
  unsigned fmt = e->x->format;
  unsigned src[3] = {0, 0, 0};
  if (fmt == ISA_FMT_VOP3P) { /* the GFX9 fields (encode_gfx9.c) */
    enc_vop3p m = enc_vop3p_mods(e, o);
    w[0] = 0xccu << 24 | (uint32_t)e->x->opcode << 16 | enc_bit(ins->clamp, 15) | (m.opsel_hi >> 2) << 14 |
           m.opsel << 11 | m.neg_hi << 8 | (o->nd ? enc_vgpr(e, o->d[0]) : 0);
    w[1] = m.neg << 29 | (m.opsel_hi & 3) << 27 | m.src[2] << 18 | m.src[1] << 9 | m.src[0];
    return 2;
  }
  if (isa_table[ins->opcode].flags & ISA_F_DPP) return enc_vop_dpp(e, o, w);
  if (mir_is_sdwa(ins)) return enc_vop_sdwa(e, o, w);
  if (fmt != ISA_FMT_VOP3 && !mir_needs_vop3(e->family, ins)) return enc_vop_e32(e, o, w);
  /* VOP3: one literal allowed (after the two dwords, added by the caller) */
  unsigned op = isa_vop3_opcode(e->family, (isa_format)fmt, e->x->opcode);
  for (unsigned k = 0; k < o->ns && k < 3; k++) src[k] = enc_src(e, o->s[k]);
  unsigned vdst = o->nd ? enc_src(e, o->d[0]) & 0xff : 0, mid;
  if (enc_is_vop3b(o)) mid = enc_sreg(e, o->d[1]); /* SDST 14:8 */
  else mid = enc_mods(o, MIR_OPND_ABS);             /* ABS 10:8, OPSEL 14:11 = 0 */
  w[0] = 0x35u << 26 | op << 16 | enc_bit(ins->clamp, 15) | mid << 8 | vdst;
  w[1] = enc_mods(o, MIR_OPND_NEG) << 29 | (uint32_t)(ins->omod & 3) << 27 | src[2] << 18 | src[1] << 9 | src[0];
  return 2;
}

/* DS: OFFSET0 7:0, OFFSET1 15:8, GDS 17, OP 25:18; vdst, addr, data0, data1. */
unsigned enc_rdna_ds(enc *e, const enc_ops *o, uint32_t *w) {
  unsigned a[3] = {0, 0, 0};
  for (unsigned k = 0; k < o->ns && k < 3; k++) a[k] = enc_vgpr(e, o->s[k]);
  w[0] = 0x36u << 26 | (uint32_t)e->x->opcode << 18 | ((uint32_t)e->ins->offset & 0xffff);
  if (e->ins->enc_flags & MIR_ENC_GDS) w[0] |= 1u << 17;
  w[1] = (o->nd ? enc_vgpr(e, o->d[0]) : 0) << 24 | a[2] << 16 | a[1] << 8 | a[0];
  return 2;
}

/* SMEM: SBASE 5:0 (pairs), SDATA 12:6, OP 25:18; OFFSET 20:0 (signed) and
 * SOFFSET 31:25 (an SGPR, or NULL for none) in the second dword. */
unsigned enc_rdna_smem(enc *e, const enc_ops *o, unsigned glc_bit, unsigned dlc_bit, uint32_t *w) {
  const mir_instr *ins = e->ins;
  unsigned sdata = o->nd ? enc_sreg(e, o->d[0]) : 0, k = 0;
  if (!o->nd && o->ns > 2) sdata = enc_sreg(e, o->s[k++]); /* stores: the data first */
  unsigned sbase = k < o->ns ? enc_sreg(e, o->s[k++]) : 0;
  uint32_t soff = enc_off(e->family), off = (uint32_t)ins->offset;
  if (k < o->ns) {
    if (o->s[k]->kind == MIR_OPND_CONST) off = o->s[k]->imm;
    else { soff = enc_sreg(e, o->s[k]); off = 0; }
  }
  (void)dlc_bit; /* DLC: not used by wavecc (device-coherent loads) */
  w[0] = 0x3du << 26 | (uint32_t)e->x->opcode << 18 | enc_bit(ins->enc_flags & MIR_ENC_GLC, glc_bit) | sdata << 6 |
         sbase >> 1;
  w[1] = soff << 25 | (off & 0x1fffff);
  return 2;
}

/* MUBUF: OFFSET 11:0, OFFEN 12, IDXEN 13, GLC 14, DLC 15 (MIR_ENC_SC1, the third cache bit), OP 24:18 and its
 * bit 7 at 25; VADDR, VDATA, SRSRC 20:16, SLC 22, TFE 23, SOFFSET 31:24. */
static unsigned encode_mubuf(enc *e, const enc_ops *o, uint32_t *w) {
  const mir_instr *ins = e->ins;
  enc_mubuf f;
  if (!enc_mubuf_fields(e, o, &f)) return 0;
  uint32_t op = e->x->opcode;
  w[0] = 0x38u << 26 | (op >> 7 & 1) << 25 | (op & 0x7f) << 18;
  w[1] = 0;
  if (f.empty) return 2;
  w[0] |= enc_bit(ins->enc_flags & MIR_ENC_SC1, 15) | enc_bit(ins->enc_flags & MIR_ENC_GLC, 14) |
          enc_bit(ins->enc_flags & MIR_ENC_IDXEN, 13) | enc_bit(ins->enc_flags & MIR_ENC_OFFEN, 12) |
          ((uint32_t)ins->offset & 0xfff);
  w[1] = f.soff << 24 | enc_bit(ins->enc_flags & MIR_ENC_SLC, 22) | (f.srsrc >> 2) << 16 | f.vdata << 8 | f.vaddr;
  return 2;
}

/* FLAT/GLOBAL/SCRATCH: OFFSET 11:0 (signed for GLOBAL/SCRATCH), DLC 12,
 * (MIR_ENC_SC1), LDS 13, SEG 15:14, GLC 16, SLC 17, OP 24:18; ADDR, DATA, SADDR 22:16
 * (NULL for "off", FLAT included), VDST 31:24. */
static unsigned encode_flat(enc *e, const enc_ops *o, uint32_t *w) {
  const mir_instr *ins = e->ins;
  unsigned fmt = e->x->format;
  unsigned seg = enc_flat_seg(fmt);
  enc_flat f;
  enc_flat_fields(e, o, &f);
  w[0] = 0x37u << 26 | (uint32_t)e->x->opcode << 18 | enc_bit(ins->enc_flags & MIR_ENC_SLC, 17) |
         enc_bit(ins->enc_flags & MIR_ENC_GLC, 16) | seg << 14 | enc_bit(ins->enc_flags & MIR_ENC_SC1, 12) |
         ((uint32_t)ins->offset & 0xfff);
  w[1] = f.vdst << 24 | (f.saddr & 0x7f) << 16 | f.data << 8 | f.addr;
  return 2;
}

static unsigned encode_smem(enc *e, const enc_ops *o, uint32_t *w) { return enc_rdna_smem(e, o, 16, 14, w); }

const enc_layouts enc_gfx10_layouts = {encode_smem, enc_rdna_vop, enc_rdna_ds, encode_mubuf, encode_flat};
